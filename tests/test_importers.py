"""``wmdata import whac|warmachine-data``: the reference data sets import, validate and
round-trip known numbers; hostile inputs are skipped (records) or refused (files) with
located messages; the comparison reports a deliberately altered content entry.

Tests that read ``../shared/reference`` skip with the reason when it is absent (the
reference data is never part of the project); the hostile fixtures are our own.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT, SHARED, run_cli
from wmdata.content.library import load_files, validate
from wmdata.content.registry import Registry
from wmdata.content.yamlio import load_yaml_bytes
from wmdata.diagnostics import Severity
from wmdata.importers.output import write_bundle
from wmdata.importers.report import InputError
from wmdata.importers.warmachine_data import import_warmachine_data
from wmdata.importers.whac import import_whac

WHAC = SHARED / "reference" / "whac-mk2"
MK4 = SHARED / "reference" / "warmachine-data-mk4"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "imports"
needs_whac = pytest.mark.skipif(not WHAC.is_dir(), reason=f"reference data not found at {WHAC}")
needs_mk4 = pytest.mark.skipif(not MK4.is_dir(), reason=f"reference data not found at {MK4}")


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry.from_loaded(load_files(use_cache=False))


def _entries(path: Path) -> dict[str, dict[str, object]]:
    document, _ = load_yaml_bytes(path.read_bytes())
    return {entry["id"]: entry for entry in document["entries"]}


def _errors(folder: Path) -> list[str]:
    result = validate([folder], use_cache=False)
    return [d.message for d in result.diagnostics if d.severity is Severity.ERROR]


@needs_whac
def test_whac_reference_imports_and_validates(tmp_path: Path, registry: Registry) -> None:
    bundle, report = import_whac([WHAC], registry)
    # Floors measured on the reference (727 models, 172 spells, 606 tier levels and contracts, 54 feats, 22 animi).
    assert report.imported["models"] >= 700
    assert report.imported["spells"] >= 150
    assert report.imported["theme_forces"] >= 550
    assert report.imported["feats"] >= 50
    assert report.imported["animi"] >= 20
    assert report.mapped >= 1800 and report.text_only >= 400
    assert 0 < len(report.skipped) < 60
    write_bundle(bundle, tmp_path, "test import")
    assert _errors(tmp_path) == []
    cygnar = _entries(tmp_path / "mk2" / "factions" / "cygnar" / "models.yaml")
    defender = cygnar["defender"]
    assert defender["cost"] == 9
    assert defender["stats"] == {"SPD": 5, "STR": 11, "MAT": 7, "RAT": 6, "DEF": 12, "ARM": 18}
    assert defender["damage"] == {"type": "grid", "rows": ["--..--", "......", "......", ".L..R.", "LLMCRR", "-MMCC-"]}
    hammer = next(w for w in defender["weapons"] if w["name"] == "Shock hammer")  # type: ignore[attr-defined]
    assert (hammer["pow"], hammer["ps"], hammer["abilities"]) == (5, 16, ["cortex-damage"])
    # WHAC has no base sizes (the importer takes the weight class's): the base is not confirmed
    assert defender["provenance"] == {"reference": "whac-mk2", "record": "Defender", "unconfirmed": ["base"]}
    assert all("provenance" in entry for entries in bundle.files.values() for entry in entries)
    assert (tmp_path / "mk2" / "factions" / "cygnar" / "models.yaml").read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=")


@needs_whac
def test_whac_tiers_become_theme_forces(registry: Registry) -> None:
    bundle, _ = import_whac([WHAC / "cygnar_completed.xml", WHAC / "tiers.xml"], registry)
    forces = {f["id"]: f for f in bundle.files[("mk2", "theme_forces", "cygnar")]}
    level_one, level_two = forces["haley-the-dead-line-tier-1"], forces["haley-the-dead-line-tier-2"]
    assert level_one["casters"] == ["captain-victoria-haley"]
    assert {"kind": "cost_change", "models": ["long-gunner-infantry"], "delta": -1} in level_one["benefits"]
    assert {"models": ["long-gunner-infantry"], "min": 2} in level_two["requirements"]
    assert len(level_two["benefits"]) > len(level_one["benefits"])


@needs_mk4
def test_warmachine_data_reference_imports_and_validates(tmp_path: Path, registry: Registry) -> None:
    bundle, report = import_warmachine_data([MK4], registry)
    assert report.imported["models"] >= 15
    assert report.imported["spells"] >= 25
    assert report.imported["command_cards"] == 10
    assert report.mapped >= 80
    write_bundle(bundle, tmp_path, "test import")
    assert _errors(tmp_path) == []
    cryx = _entries(tmp_path / "mk4" / "factions" / "cryx" / "models.yaml")
    raptor = cryx["raptor"]
    assert raptor["damage"]["rows"][0] == "......"  # type: ignore[index]
    assert sum(c != "-" for row in raptor["damage"]["rows"] for c in row) == 20  # type: ignore[index]
    slots = {h["slot"]: [o["cost"] for o in h["options"]] for h in raptor["hardpoints"]}  # type: ignore[attr-defined]
    assert slots == {"back": [2, 2, 4, 2], "head": [3, 3, 4, 4]}
    assert raptor["provenance"] == {"reference": "warmachine-data-mk4", "record": "Raptor"}
    assert all("provenance" in entry for entries in bundle.files.values() for entry in entries)
    cygnar = _entries(tmp_path / "mk4" / "factions" / "cygnar" / "models.yaml")
    assert cygnar["captain-athena-di-baro"]["stats"] == {
        "ARC": 6, "AAT": 6, "ARM": 17, "CTRL": 14, "DEF": 14, "MAT": 6, "RAT": 6, "SPD": 6}


def test_whac_bad_records_are_skipped_with_their_line(registry: Registry) -> None:
    bundle, report = import_whac([FIXTURES / "whac" / "bad_records.xml"], registry)
    lines = [item.line() for item in report.skipped]
    assert lines == [
        "bad_records.xml:13: skipped ranged_weapon 'Test Gun' of warjack 'Test Good Jack': "
        "bad value: rng 'twelve' is not a range",
        "bad_records.xml:16: skipped warjack 'Test Bad Stat Jack': bad value: spd 'fast' is not a whole number "
        "(digits 0-9 only)",
        "bad_records.xml:20: skipped warjack 'Test Short Grid Jack': bad value: damage_grid 'xx..xxx' is not 36 "
        "characters of 'x', '.' and system letters",
        "bad_records.xml:26: skipped army 'atlantis': unknown faction: 'faction_atlantis'",
    ]
    models = bundle.files[("mk2", "models", "cygnar")]
    assert [m["id"] for m in models] == ["test-good-jack"]
    assert models[0]["weapons"][0]["qualities"] == ["reach"]
    assert models[0]["weapons"][0]["abilities"] == ["invented-rule"]
    assert report.text_rules == {"invented-rule"} and report.mapped == 1


def test_warmachine_data_bad_records_are_skipped_with_their_json_path(tmp_path: Path, registry: Registry) -> None:
    bundle, report = import_warmachine_data([FIXTURES / "warmachine-data" / "bad-records"], registry)
    assert [item.line() for item in report.skipped] == [
        "units.json:$.badStatSolo.statistics.speed: skipped model 'badStatSolo': "
        "bad value: expected a whole number >= 0, got 'fast'",
        "units.json:$.notAnObject: skipped model 'notAnObject': bad value: expected an object",
    ]
    write_bundle(bundle, tmp_path, "test import")
    assert _errors(tmp_path) == []
    solo = _entries(tmp_path / "mk4" / "factions" / "cygnar" / "models.yaml")["test-good-solo"]
    assert (solo["cost"], solo["armies"], solo["advantages"]) == (4, ["storm-legion"], ["pathfinder"])


@pytest.mark.parametrize(("name", "message"), [
    ("truncated.xml", r"truncated\.xml:6:9: not well-formed XML"),
    ("not_xml.xml", r"not_xml\.xml:1:1: not well-formed XML"),
    ("entity_bomb.xml", r"entity_bomb\.xml: a DOCTYPE or ENTITY declaration is not allowed"),
    ("wrong_root.xml", r"wrong_root\.xml: root element is <catalogue>"),
    ("missing-folder", r"missing-folder: no such file or folder"),
])
def test_whac_unusable_files_fail_in_one_line(tmp_path: Path, name: str, message: str) -> None:
    result = run_cli("import", "whac", str(FIXTURES / "whac" / name), "-o", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1
    assert re.search(message, result.output), result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_one_unusable_file_means_nothing_is_written(tmp_path: Path) -> None:
    result = run_cli("import", "whac", str(FIXTURES / "whac" / "bad_records.xml"),
                     str(FIXTURES / "whac" / "truncated.xml"), "-o", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert not (tmp_path / "out").exists()


def test_entity_bomb_is_refused_before_expansion() -> None:
    with pytest.raises(InputError, match="DOCTYPE"):
        import_whac([FIXTURES / "whac" / "entity_bomb.xml"], Registry([]))


@pytest.mark.parametrize(("folder", "message"), [
    ("not-json", r"units\.json:3:1: not valid JSON"),
    ("missing-folder", r"missing-folder: no such folder"),
    ("not-json/units.json", r"units\.json: not a folder"),
])
def test_warmachine_data_unusable_input_fails_in_one_line(tmp_path: Path, folder: str, message: str) -> None:
    result = run_cli("import", "warmachine-data", str(FIXTURES / "warmachine-data" / folder), "-o", str(tmp_path))
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1
    assert re.search(message, result.output), result.output


def test_cli_exit_codes(tmp_path: Path) -> None:
    good = run_cli("import", "whac", str(FIXTURES / "whac" / "bad_records.xml"), "-o", str(tmp_path))
    assert good.exit_code == 0, good.output
    assert "skipped: 4" in good.output and "imported (whac): factions 1, models 1, rules 1" in good.output
    assert (tmp_path / "mk2" / "factions" / "cygnar" / "models.yaml").is_file()
    assert run_cli("import", "whac").exit_code == 2
    assert run_cli("import", "whac", str(FIXTURES / "whac" / "bad_records.xml")).exit_code == 2
    assert run_cli("import", "whac", "--bogus", str(tmp_path)).exit_code == 2
    assert run_cli("import", "warmachine-data").exit_code == 2


@needs_whac
def test_compare_reports_an_altered_entry(tmp_path: Path) -> None:
    source = ROOT / "content" / "mk2" / "factions" / "cygnar" / "models.yaml"
    text = source.read_text(encoding="utf-8")
    start = text.index("  - id: defender\n")
    cost = text.index("    cost: 9\n", start)
    altered = tmp_path / "mk2" / "factions" / "cygnar" / "models.yaml"
    altered.parent.mkdir(parents=True)
    altered.write_text(text[:cost] + "    cost: 11\n" + text[cost + len("    cost: 9\n"):], encoding="utf-8")
    result = run_cli("import", "whac", str(WHAC / "cygnar_completed.xml"), "--compare", str(tmp_path / "mk2"))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "defender: cost: ours 11, reference 9" in lines
    assert not any(line.startswith("defender: damage") or line.startswith("defender: stats") for line in lines)
    assert re.search(r"^compared \d+ entries present in both; \d+ disagreements in \d+ entries$", lines[-1])


@needs_mk4
def test_compare_mk4_matches_by_name(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "content" / "mk4", tmp_path / "mk4")
    result = run_cli("import", "warmachine-data", str(MK4), "--compare", str(tmp_path / "mk4"))
    assert result.exit_code == 0, result.output
    assert re.search(r"^compared [1-9]\d* entries present in both", result.output.splitlines()[-1])
