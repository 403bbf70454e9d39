"""Importers: wrong JSON types, huge numbers and digits int() refuses become located
skips or located refusals, and what an import writes always validates (entries that
would not are skipped and reported before anything is written)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli
from wmdata.content.library import validate
from wmdata.diagnostics import Severity

FIXTURES = ROOT / "tests" / "fixtures" / "imports"
GOOD_SOLO = json.loads((FIXTURES / "warmachine-data" / "bad-records" / "units.json").read_text())["goodSolo"]


def _data_set(folder: Path, **records: dict[str, object]) -> Path:
    shutil.copytree(FIXTURES / "warmachine-data" / "bad-records", folder)
    (folder / "units.json").write_text(json.dumps({"goodSolo": GOOD_SOLO, **records}), encoding="utf-8")
    return folder


def _variant(**fields: object) -> dict[str, object]:
    return {**GOOD_SOLO, **fields}


def _errors(folder: Path) -> list[str]:
    return [d.format() for d in validate([folder], use_cache=False).diagnostics if d.severity is Severity.ERROR]


def test_wrong_json_types_are_located_skips(tmp_path: Path) -> None:
    data = _data_set(tmp_path / "data", strAdv=_variant(name="A", advantages="pathfinder"),
                     objName=_variant(name={"a": 1}), listWeapons=_variant(name="B", weapons=[1, 2]),
                     numArmies=_variant(name="C", armies=7), nullKeywords=_variant(name="D", abilities=[None]))
    result = run_cli("import", "warmachine-data", str(data), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    for expected in (
        "units.json:$.strAdv.advantages: skipped model 'strAdv': bad value: expected a list of texts, got text",
        "units.json:$.objName.name: skipped model 'objName': bad value: expected text, got an object",
        "units.json:$.listWeapons.weapons: skipped model 'listWeapons': bad value: expected an object, got a list",
        "units.json:$.numArmies.armies: skipped model 'numArmies': bad value: expected a list of texts, got a number",
        "units.json:$.nullKeywords.abilities[0]: skipped model 'nullKeywords': bad value: expected text, got null",
    ):
        assert expected in lines
    assert _errors(tmp_path / "out") == []


def test_entries_that_would_not_validate_are_skipped_before_writing(tmp_path: Path) -> None:
    """Two records whose names give the same id pass the per-entry check; the check of the
    files as a whole ('wmdata validate') finds the duplicate, and the second is skipped."""
    data = _data_set(tmp_path / "data", again=_variant(name="Test Good Solo "))
    result = run_cli("import", "warmachine-data", str(data), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    skips = [line for line in result.output.splitlines() if "does not validate: " in line]
    assert len(skips) == 1 and re.fullmatch(
        r"mk4/factions/cygnar/models\.yaml:\d+: skipped model 'test-good-solo': does not validate: id "
        r"'test-good-solo' is already used in mk4 \(duplicate-id\)", skips[0])
    written = (tmp_path / "out" / "mk4" / "factions" / "cygnar" / "models.yaml").read_text(encoding="utf-8")
    assert written.count("id: test-good-solo") == 1
    assert _errors(tmp_path / "out") == []


def test_a_number_of_thousands_of_digits_is_a_located_refusal(tmp_path: Path) -> None:
    data = _data_set(tmp_path / "data")
    text = (data / "units.json").read_text().replace('"points": 4', '"points": ' + "4" * 5000, 1)
    (data / "units.json").write_text(text)
    result = run_cli("import", "warmachine-data", str(data), "-o", str(tmp_path / "out"))
    assert result.exit_code == 1 and not (tmp_path / "out").exists()
    column = text.index("4" * 5000) + 1
    assert result.output == (f"wmdata: {data / 'units.json'}:1:{column}: not valid JSON: number has 5000 digits; "
                             "at most 9 are read\n")


@pytest.mark.parametrize(("value", "reason"), [
    ("\u00b9\u00b2", "spd '\u00b9\u00b2' is not a whole number (digits 0-9 only)"),
    ("\u0661", "spd '\u0661' is not a whole number (digits 0-9 only)"),
    ("7" * 5000, "spd has 5000 digits; at most 9 are read"),
])
def test_whac_numbers_int_would_misread(tmp_path: Path, value: str, reason: str) -> None:
    source = (FIXTURES / "whac" / "bad_records.xml").read_text(encoding="utf-8").replace('spd="fast"', f'spd="{value}"')
    path = tmp_path / "records.xml"
    path.write_text(source, encoding="utf-8")
    result = run_cli("import", "whac", str(path), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert f"records.xml:16: skipped warjack 'Test Bad Stat Jack': bad value: {reason}" in result.output.splitlines()
    assert _errors(tmp_path / "out") == []
