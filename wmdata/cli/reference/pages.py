"""The generated pages of ``docs/`` and the functions that write them."""

from __future__ import annotations

from collections.abc import Callable

from wmdata.cli.reference.codes import codes_reference
from wmdata.cli.reference.commands import cli_reference
from wmdata.cli.reference.requirements import requirements_reference
from wmdata.cli.reference.schemas import schema_reference
from wmdata.engine.attack_docs import attack_kinds_reference
from wmdata.engine.docs import effects_reference

PAGES: dict[str, Callable[[], str]] = {
    "cli.md": cli_reference,
    "codes.md": codes_reference,
    "schema.md": schema_reference,
    "effects.md": effects_reference,
    "power-attacks.md": attack_kinds_reference,
    "requirements.md": requirements_reference,
}
