"""A list that fails the schema in some picks still gets the construction checks that
setting those picks aside cannot fool (wmdata/army/listfile.py).

The lists are the sample Storm Legion army of seed 000 L5006-5033 (exactly 50 points,
``examples/lists/mk4-sample-storm-legion.yaml``) with one thing broken; lines and columns
are counted by hand in the texts below."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tests.conftest import run_cli
from wmdata.army.listfile import PICK_LOCAL_CODES, validate_list_bytes
from wmdata.cli.reference.catalogue import ENTRIES
from wmdata.content.library import load_files
from wmdata.content.registry import Registry

HEAD = "edition: mk4\nfaction: cygnar\narmy: storm-legion\nlevel: skirmish\npoints: 50\n"
CASTER = ("casters:\n"
          "  - model: Captain Athena di Baro\n"
          "    battlegroup:\n"
          "      - model: Courser\n"
          "        hardpoints: {head: Shield Guard, right_arm: Heavy Stormthrower, left_arm: Electrified Shield}\n"
          "      - model: Stryker\n"
          "        hardpoints: {head: Advanced Optics, right_arm: Electro Bombard, left_arm: Heavy Mag-Bolter}\n")
UNITS = ("units:\n"
         "  - model: Stormblade Legionnaires\n"
         "  - model: Tempest Thunderers\n"
         "  - model: Arcane Mechaniks\n")
SOLOS = "solos:\n  - model: Legionnaire Officer\n"
CARDS = "command_cards: [Blessing of the Gods, Careful Reconnaisance, Hit & Run, Old Faithful, Power Swell]\n"
SAMPLE = HEAD + CASTER + UNITS + SOLOS + CARDS


@cache
def builtin() -> Registry:
    return Registry.from_loaded(load_files())


def findings(text: str) -> list[tuple[int, int, str, str]]:
    report = validate_list_bytes(text.encode(), "list.yaml", builtin())
    return [(d.line, d.col, d.path, d.code) for d in report.diagnostics]


def test_the_sample_is_legal() -> None:
    assert findings(SAMPLE) == []


def test_a_schema_error_in_one_unit_does_not_hide_an_unknown_model_in_another() -> None:
    units = UNITS.replace("Legionnaires\n", "Legionnaires\n    size: huge\n").replace("Mechaniks", "Mechanix")
    # lines: 1-5 head, 6-12 caster, 13 'units:', 14-15 Stormblade with its size, 16, 17 Mechanix
    assert findings(HEAD + CASTER + units + SOLOS + CARDS) == [
        (15, 11, "units[0].size", "schema"),
        (17, 12, "units[2].model", "unknown-model"),  # the file's index, though units[0] was set aside
    ]


def test_setting_a_unit_aside_reports_no_missing_points() -> None:
    units = UNITS.replace("Thunderers\n", "Thunderers\n    size: huge\n")
    assert [code for *_, code in findings(HEAD + CASTER + units + SOLOS + CARDS)] == ["schema"]


def test_setting_the_only_caster_aside_reports_no_missing_caster() -> None:
    caster = CASTER.replace("di Baro\n", "di Baro\n    colour: blue\n")
    assert [code for *_, code in findings(HEAD + caster + UNITS + SOLOS + CARDS)] == ["unknown-key"]


def test_a_character_taken_twice_is_found_beside_a_failed_pick() -> None:
    casters = ("casters:\n  - model: Major Anson Wolfe\n    colour: blue\n"
               "  - model: Captain Athena di Baro\n  - model: Captain Athena di Baro\n")
    # lines: 6 'casters:', 7-8 Wolfe with an unknown key, 9 Athena, 10 Athena again
    found = findings(HEAD + casters + UNITS + SOLOS + CARDS)
    assert (8, 5, "casters[0].colour", "unknown-key") in found
    assert (10, 12, "casters[2].model", "character-duplicate") in found
    assert not {"points-under", "caster-points-lost", "fa-exceeded"} & {code for *_, code in found}


def test_a_failed_field_the_checks_read_stops_them() -> None:
    text = SAMPLE.replace("points: 50", "points: fifty").replace("Mechaniks", "Mechanix")
    assert [code for *_, code in findings(text)] == ["schema"]


def test_a_failed_free_text_field_or_unknown_key_leaves_every_check_running() -> None:
    without_officer = HEAD + CASTER + UNITS + CARDS  # 3 points short of exactly 50
    assert [code for *_, code in findings(without_officer)] == ["points-under"]
    assert [code for *_, code in findings(without_officer + "notes: 5\ncolour: blue\n")] == \
        ["points-under", "schema", "unknown-key"]


def test_the_command_prints_both_layers(tmp_path: Path) -> None:
    units = UNITS.replace("Legionnaires\n", "Legionnaires\n    size: huge\n").replace("Mechaniks", "Mechanix")
    path = tmp_path / "list.yaml"
    path.write_text(HEAD + CASTER + units + SOLOS + CARDS, encoding="utf-8")
    result = run_cli("list", "validate", str(path))
    assert result.exit_code == 1
    assert ":15:11: [error] units[0].size: " in result.output
    assert ":17:12: [error] units[2].model: unknown model 'Arcane Mechanix' (unknown-model)" in result.output


def test_every_code_kept_is_a_documented_code() -> None:
    assert not PICK_LOCAL_CODES - {entry.code for entry in ENTRIES}
