"""Model inclusion rules (``requires:``): the vocabulary, its documentation page and the
legal and illegal example lists of every kind (seed 001 L2021, L2155, L2179, L2252-2269;
seed 003 L3827-3835)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from tests.conftest import EXAMPLES, ROOT
from wmdata.army.listfile import validate_list_bytes
from wmdata.cli.reference.requirements import EXAMPLES as DOC_EXAMPLES
from wmdata.cli.reference.requirements import requirements_reference
from wmdata.content.library import load_files
from wmdata.content.registry import Registry
from wmdata.content.yamlio import load_yaml_bytes
from wmdata.model.requirements import REQUIREMENT_KINDS, ModelRequirement

VALID = EXAMPLES / "valid" / "lists"
INVALID = EXAMPLES / "invalid" / "lists"
KINDS = [str(k.model_fields["kind"].annotation.__args__[0]) for k in REQUIREMENT_KINDS]  # type: ignore[union-attr]


@cache
def builtin() -> Registry:
    return Registry.from_loaded(load_files())


def _codes(path: Path) -> list[str]:
    return [d.code for d in validate_list_bytes(path.read_bytes(), path.name, builtin()).diagnostics]


def test_the_page_is_fresh() -> None:
    committed = (ROOT / "docs" / "requirements.md").read_text(encoding="utf-8")
    assert committed == requirements_reference(), "run 'wmdata docs generate'"


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_documented_with_an_example_the_model_reads(kind: str) -> None:
    example = DOC_EXAMPLES[kind][2]
    data = load_yaml_bytes(example.encode())[0]["requires"]
    [requirement] = TypeAdapter(list[ModelRequirement]).validate_python(data)
    assert requirement.kind == kind
    assert f"## `{kind}`" in requirements_reference()


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_a_legal_and_an_illegal_list(kind: str) -> None:
    code = DOC_EXAMPLES[kind][0]
    legal = sorted(VALID.rglob(f"{code}-*.yaml"))
    illegal = sorted(INVALID.rglob(f"{code}-*.yaml"))
    assert legal and illegal, f"add tests/examples/valid/lists/EDITION/{code}-NAME.yaml and an invalid one"
    assert all(code not in _codes(path) for path in legal)
    assert all(code in _codes(path) for path in illegal)


VALID_CASES = sorted(VALID.rglob("*.yaml"))


@pytest.mark.parametrize("case", VALID_CASES, ids=[f"{c.parent.name}/{c.stem}" for c in VALID_CASES])
def test_valid_list_is_clean(case: Path) -> None:
    # A contract that is only partly in the content says so on every list (theme-incomplete).
    assert [code for code in _codes(case) if code != "theme-incomplete"] == []


def test_every_requirement_in_the_content_is_checked_somewhere() -> None:
    """Which entries carry requirements: those of the seed sentences (seed 001 L2179, L2256,
    L2268-2269) and the companions whose cards tie them to one warcaster."""
    carriers = sorted((item.edition, item.id, r.kind) for item in builtin()
                      for r in getattr(item.entry, "requires", []))
    assert carriers == [
        ("mk2", "deathwalker", "with_model"),  # the companions of card data (rules companion...)
        ("mk2", "deryliss", "with_model"),
        ("mk2", "egregore", "with_model"),
        ("mk2", "ghordson-driller", "controller"),
        ("mk2", "gorten-grundback", "controls"),
        ("mk2", "grundback-blaster", "controller"),
        ("mk2", "grundback-gunner", "controller"),
        ("mk2", "halfjack", "with_model"),
        ("mk2", "hammerfall-high-shield-gun-corps", "controls"),
        ("mk2", "long-gunner-infantry", "attachments"),
        ("mk2", "renegade", "controller"),
        ("mk2", "scrapjack", "controller"),
        ("mk2", "scrapjack", "with_model"),
        ("mk2", "the-commodore-cannon-and-crew", "with_model"),
        ("mk2", "thor-steinhammer", "controls"),
        ("mk2", "trencher-infantry", "attachments"),
    ]
