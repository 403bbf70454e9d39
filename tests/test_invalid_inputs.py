"""The hostile-input tree: ``tests/examples/invalid/inputs/<path>/<case>`` holds one input
of each kind issue 13 lists (share codes, pasted text lists, WHAC XML, warmachine-data
JSON, control characters for the terminal, a list edit that used to leave a file that did
not read), and ``<case>.expected`` beside it the exact exit code and output of the command
that reads it (for an edit, also the edited file).

Regenerate after a deliberate change with ``WMDATA_REGENERATE=1 pytest
tests/test_invalid_inputs.py`` and review the diff.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import EXAMPLES
from wmdata.cli.app import cli

TREE = EXAMPLES / "invalid" / "inputs"


def _command(case: Path, out: Path) -> list[str]:
    kind = case.parent.name
    if kind == "share-codes":
        return ["list", "decode", case.read_text(encoding="utf-8").strip()]
    if kind == "text-lists":
        return ["list", "import", case.name, "-o", str(out / "army.yaml")]
    if kind == "whac":
        return ["import", "whac", case.name, "-o", str(out)]
    if kind == "warmachine-data":
        return ["import", "warmachine-data", case.name, "-o", str(out)]
    if kind == "terminal":
        return ["list", "validate", case.name]
    if kind == "list-edits":
        out.mkdir()
        shutil.copyfile(case, out / case.name)
        return ["list", "remove", str(out / case.name), "Legionnaire Officer"]
    raise AssertionError(f"no command for {kind}")


CASES = sorted(p for p in TREE.glob("*/*") if p.suffix != ".expected")


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.stem}" for c in CASES])
def test_hostile_input_reports_exactly(case: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(case.parent)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, _command(case, out), catch_exceptions=False)
    text = f"exit {result.exit_code}\n" + result.output.replace(str(out), "OUT")
    if case.parent.name == "list-edits":
        text += "--- the file after the edit\n" + (out / case.name).read_text(encoding="utf-8")
    expected = case.parent / f"{case.name.rsplit('.', 1)[0] if case.is_file() else case.name}.expected"
    if os.environ.get("WMDATA_REGENERATE"):
        expected.write_text(text, encoding="utf-8")
    assert result.exit_code in (0, 1) and "Traceback" not in result.output
    assert text.splitlines() == expected.read_text(encoding="utf-8").splitlines()


def test_every_kind_has_cases() -> None:
    kinds = {case.parent.name for case in CASES}
    assert kinds == {"share-codes", "text-lists", "whac", "warmachine-data", "terminal", "list-edits"}
    assert all((c.parent / f"{c.stem if c.is_file() else c.name}.expected").exists() for c in CASES)
