"""`wmdata list import` on the sample armies exactly as seeds 000 and 003 print them, on the
wordings players use for unit sizes and attachments, and on printed costs that disagree
with what the line buys (a warning that gives both numbers)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli
from wmdata.army.listfile import validate_list_bytes
from wmdata.army.textimport import Imported, import_text, list_from_text
from wmdata.army.textlines import logical_lines
from wmdata.army.validate import ListReport
from wmdata.content.library import load_files
from wmdata.content.registry import Registry

LISTS = ROOT / "examples" / "lists"
IMPORTS = ROOT / "tests" / "fixtures" / "imports"


@cache
def builtin() -> Registry:
    return Registry.from_loaded(load_files())


def report_for(path: Path) -> ListReport:
    return validate_list_bytes(path.read_bytes(), path.name, builtin())


def picks(report: ListReport) -> list[tuple[object, ...]]:
    assert report.resolved is not None
    parents = report.resolved.picks
    return sorted((p.role, p.item.id, tuple(o.id for o in p.options), p.size.label if p.size else None, p.count,
                   parents[p.parent].item.id if p.parent is not None else None) for p in report.resolved.picks)


# The pasted files are seed 000 L5006-5033 and seed 003 L1106-1129 byte for byte (tabs, the
# wrapped Courser and Stryker lines, the italic side notes and the prose around the list).
@pytest.mark.parametrize(("pasted", "example"), [
    ("seed000-sample-as-printed.txt", "mk4-sample-storm-legion"),
    ("seed003-sample-as-printed.txt", "mk3-sample-hexeris"),
])
def test_the_seeds_samples_pasted_as_printed_import_to_the_example_lists(tmp_path: Path, pasted: str,
                                                                          example: str) -> None:
    out = tmp_path / "imported.yaml"
    result = run_cli("list", "import", str(IMPORTS / pasted), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "import-unmatched" not in result.output
    imported, expected = report_for(out), report_for(LISTS / f"{example}.yaml")
    assert imported.resolved is not None and expected.resolved is not None
    for name in ("edition", "faction", "army", "level", "points"):
        assert getattr(imported.resolved.army, name) == getattr(expected.resolved.army, name), name
    assert picks(imported) == picks(expected)
    assert [c.id for c, _ in imported.resolved.cards] == [c.id for c, _ in expected.resolved.cards]
    assert imported.legal and imported.context is not None and expected.context is not None
    assert imported.context.points.total == expected.context.points.total


def test_seed_003_second_paingiver_line_is_read_by_its_cost_and_reported() -> None:
    # Seed 003 L1124-1125 print two Paingiver units "with 4 troopers", for 4 and for 5 points;
    # the sample's totals (L1127-1129: units and solos 55, total 104) add up only when the second
    # is the 5-point (maximum, 6-trooper) unit. That line is the only one whose numbers disagree.
    result = run_cli("list", "import", str(IMPORTS / "seed003-sample-as-printed.txt"))
    warnings = [line.split("/")[-1] for line in result.output.splitlines() if "(import-cost)" in line]
    assert warnings == [
        "seed003-sample-as-printed.txt:20:1: [warning] printed 4 troopers for 5 points, but 5 points buys the max "
        "unit of 6 troopers; read as max: '1 Paingiver Beast Handler unit with 4 troopers 5' (import-cost)"]


def test_wrapped_entries_are_joined_and_keep_their_first_line_number() -> None:
    text = (IMPORTS / "seed000-sample-as-printed.txt").read_text(encoding="utf-8")
    lines = dict(logical_lines(text))
    # seed 000 L5015-5016 and L5017-5018: each warjack's loadout wraps onto a second line.
    assert lines[10] == "1 Courser Warjack (Shield Guard Head, Heavy Stormthrower, Electrified Shield) 9"
    assert lines[12] == "1 Stryker Warjack (Advanced Optics Head, Electro Bombard, Heavy Mag-Bolter) 18"
    assert 11 not in lines and 13 not in lines


def test_an_unclosed_parenthesis_does_not_swallow_the_following_lines() -> None:
    text = "1 Courser Warjack (Shield Guard Head,\n1 Stormblade Legionnaire Unit 6\n1 Legionnaire Officer Solo 3\n"
    assert logical_lines(text) == [(1, "1 Courser Warjack (Shield Guard Head,"),
                                   (2, "1 Stormblade Legionnaire Unit 6"), (3, "1 Legionnaire Officer Solo 3")]


def _imported(text: str, edition: str) -> Imported:
    return list_from_text(text, builtin(), edition)


def test_leader_and_grunts_unit_of_and_attachments_wrapped() -> None:
    text = ("WARLOCK: Lord Tyrant Hexeris (+29 warbeast points)\n"
            "1 Praetorian Swordsmen unit, leader and 5 grunts 8\n"
            "1 Praetorian Swordsmen unit of 10 troopers 13\n"
            "1 Venator Reiver unit of 10 troopers with a Venator Reiver\n"
            "Officer & Standard command attachment 13\n")
    result = _imported(text, "mk3")
    assert result.unmatched == [] and result.costs == []
    units = result.data["units"]
    # Leader and 5 grunts is 6 models, the minimum unit (8 points); 10 troopers the maximum (13).
    assert [(u["model"], u.get("size"), u.get("attachments")) for u in units] == [
        ("Praetorian Swordsmen", "min", None), ("Praetorian Swordsmen", "max", None),
        ("Venator Reivers", "max", ["Venator Reiver Officer & Standard"])]


@pytest.mark.parametrize(("line", "message"), [
    ("1 Stormblade Legionnaire Unit 7", "printed cost 7, but the unit costs 6"),
    ("1 Legionnaire Officer Solo 4", "printed cost 4, but Legionnaire Officer costs 3"),
    ("1 Courser Warjack (Shield Guard Head, Heavy Stormthrower, Electrified Shield) 10",
     "printed cost 10, but Courser with Shield Guard Head, Heavy Stormthrower, Electrified Shield costs 9"),
])
def test_a_printed_cost_that_disagrees_is_a_warning_with_both_numbers(line: str, message: str) -> None:
    # The right costs are the sample's own (seed 000 L5015-5023): Courser 9, Legionnaires 6, Officer 3.
    text = f"Captain Athena di Baro 0\n{line}\n"
    result = _imported(text, "mk4")
    assert result.unmatched == []
    assert result.costs == [(2, line, message)]


def test_a_command_card_with_a_cost_other_than_its_own_is_reported() -> None:
    result = _imported("Captain Athena di Baro 0\nCommand Cards\nPower Swell 2\n", "mk4")
    assert result.data["command_cards"] == ["Power Swell"]
    assert result.costs == [(3, "Power Swell 2", "printed cost 2, but Power Swell costs 0")]


def test_a_unit_cost_no_size_has_names_every_size() -> None:
    result = import_text("WARLOCK: Lord Tyrant Hexeris (+29 warbeast points)\n1 Praetorian Swordsmen unit 9\n",
                         builtin(), "mk3")
    assert result.costs == [(2, "1 Praetorian Swordsmen unit 9",
                             "printed cost 9 is no size of the unit (min 8, max 13)")]
    assert "size" not in result.data["units"][0]


def test_cost_warnings_do_not_fail_the_import_but_are_printed(tmp_path: Path) -> None:
    pasted = tmp_path / "pasted.txt"
    pasted.write_text("Captain Athena di Baro 0\n1 Legionnaire Officer Solo 4\n", encoding="utf-8")
    result = run_cli("list", "import", str(pasted), "--faction", "cygnar")
    assert result.exit_code == 0
    assert (":2:1: [warning] printed cost 4, but Legionnaire Officer costs 3: "
            "'1 Legionnaire Officer Solo 4' (import-cost)") in result.output
