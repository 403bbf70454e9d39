"""The pack example of docs/importers.md (once in the README), run as written: import the
WHAC catalogue as a pack, validate it, build a list around a caster only the pack has,
validate the list, print it with its cards.  The commands are read from the page, so the
example cannot drift from what works.
Skips when the reference data (``../shared/reference/whac-mk2``) is absent.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.conftest import ROOT, SHARED, run_cli

WHAC = SHARED / "reference" / "whac-mk2"
FIRST = "wmdata import whac ../shared/reference/whac-mk2 -o whac-pack"


def readme_commands() -> list[list[str]]:
    """The commands of the page's code block that starts with :data:`FIRST`."""
    text = (ROOT / "docs" / "importers.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```sh\n(.*?)```", text, re.DOTALL) if b.startswith(FIRST))
    joined = re.sub(r"\\\n\s*", " ", block)
    commands = [shlex.split(line, comments=True) for line in joined.splitlines()]
    return [command[1:] for command in commands if command and command[0] == "wmdata"]


def test_the_readme_block_is_the_expected_sequence() -> None:
    steps = [command[:2] for command in readme_commands()]
    assert steps == [["import", "whac"], ["validate", "whac-pack"], ["list", "new"], ["list", "add"],
                     ["list", "validate"], ["list", "print"]]


@pytest.mark.skipif(not WHAC.is_dir(), reason=f"reference data not found at {WHAC}")
def test_readme_pack_example_end_to_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("WMDATA_CONTENT", raising=False)
    outputs = []
    for command in readme_commands():
        args = [str(WHAC) if arg == "../shared/reference/whac-mk2" else arg for arg in command]
        result = run_cli(*args)
        assert result.exit_code == 0, f"{shlex.join(command)}\n{result.output}"
        outputs.append(result.output)
    imported, validated, _new, added, checked, printed = outputs
    assert "wrote pack 'whac-mk2' version 1.0" in imported
    assert " 0 errors" in validated.splitlines()[-1]
    assert added.startswith("added Cyclone to Kara Sloan's battlegroup")
    assert "  legal" in checked.splitlines()
    assert "Checked with: wmdata" in printed and ", packs whac-mk2 1.0" in printed
    assert "KARA SLOAN" in printed.upper() and printed.upper().count("CYCLONE") >= 2  # list line and card
    # without the pack the list names what it needs
    missing = run_cli("list", "validate", "my-list.yaml")
    assert missing.exit_code == 1
    assert "the list needs content pack 'whac-mk2' (version 1.0), which is not loaded (pack-missing)" in missing.output
