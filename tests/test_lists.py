"""Army lists: the seeds' sample armies, the invalid-list tree, share codes, editing,
text import and tournament pairs."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import EXAMPLES, ROOT, run_cli
from wmdata.army.listfile import peek_edition, read_list, validate_list_bytes
from wmdata.army.pairing import check_pair
from wmdata.army.sharecode import ShareCodeError, decode, encode
from wmdata.army.validate import ListReport, report_text
from wmdata.content.library import load_files
from wmdata.content.registry import Registry
from wmdata.model.lists import ArmyList

LISTS = ROOT / "examples" / "lists"
INVALID = EXAMPLES / "invalid" / "lists"
IMPORTS = ROOT / "tests" / "fixtures" / "imports"


@cache
def builtin() -> Registry:
    return Registry.from_loaded(load_files())


def report_for(path: Path, registry: Registry | None = None) -> ListReport:
    return validate_list_bytes(path.read_bytes(), path.name, registry or builtin())


# --- The sample armies of the seeds ---------------------------------------------------------------


def test_mk2_sample_battle_royale_seed_001_l521_548() -> None:
    report = report_for(LISTS / "mk2-sample-battle-royale.yaml")
    assert report.diagnostics == [] and report.context is not None
    points = report.context.points
    assert [g.cost for g in points.battlegroups] == [28, 37]
    assert sum(line.cost for line in points.others) == 46
    assert (points.total, points.army_spent, points.granted_used) == (111, 100, 11)
    assert sum(len(g.lines) for g in points.battlegroups) == 9


def test_mk3_sample_hexeris_seed_003_l1106_1133() -> None:
    report = report_for(LISTS / "mk3-sample-hexeris.yaml")
    assert report.diagnostics == [] and report.context is not None
    points = report.context.points
    assert (points.battlegroups[0].cost, sum(line.cost for line in points.others)) == (49, 55)
    assert (points.total, points.army_spent, points.granted_used) == (104, 75, 29)
    assert "second Paingiver line" in (LISTS / "mk3-sample-hexeris.yaml").read_text(encoding="utf-8")


def test_mk4_sample_storm_legion_seed_000_l5006_5033() -> None:
    report = report_for(LISTS / "mk4-sample-storm-legion.yaml")
    assert report.diagnostics == [] and report.context is not None
    points = report.context.points
    assert [line.cost for line in points.battlegroups[0].lines] == [9, 18]
    assert (points.total, points.army_spent) == (50, 50)
    assert [name for name, _ in points.cards] == ["Blessing of the Gods", "Careful Reconnaisance", "Hit & Run",
                                                  "Old Faithful", "Power Swell"]


# --- Invalid lists, with their exact diagnostics -------------------------------------------------

CASES = sorted(INVALID.rglob("*.yaml"))


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.stem}" for c in CASES])
def test_invalid_list_reports_exactly(case: Path) -> None:
    lines = "\n".join(d.format() for d in report_for(case).diagnostics)
    expected = case.with_suffix(".expected")
    if os.environ.get("WMDATA_REGENERATE"):
        expected.write_text(lines + "\n", encoding="utf-8")
    assert lines, "an invalid list must produce diagnostics"
    assert lines.splitlines() == expected.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("edition", ["mk2", "mk3", "mk4"])
def test_at_least_ten_invalid_lists_per_edition(edition: str) -> None:
    cases = list((INVALID / edition).glob("*.yaml"))
    assert len(cases) >= 10
    assert all(any(d.severity.value == "error" for d in report_for(c).diagnostics) or "warning" in c.read_text()
               for c in cases)


def test_two_versions_of_a_character() -> None:
    registry = Registry.from_loaded(load_files([ROOT / "tests" / "fixtures" / "army"]))
    raw = (b"edition: mk2\nfaction: testland\nlevel: battle-royale\npoints: 100\ncasters:\n"
           b"  - {model: Captain Vera, battlegroup: [{model: Guard Jack}]}\n"
           b"  - {model: Major Vera, battlegroup: [{model: Guard Jack}]}\n")
    codes = [(d.code, d.line) for d in validate_list_bytes(raw, "pair.yaml", registry).diagnostics]
    assert codes == [("character-duplicate", 7)]


# --- Share codes ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["mk2-sample-battle-royale", "mk3-sample-hexeris", "mk4-sample-storm-legion"])
def test_share_code_round_trip(name: str) -> None:
    army = read_list((LISTS / f"{name}.yaml").read_bytes()).army
    assert army is not None
    code = encode(army)
    assert code.startswith("wm1-") and all(c.isalnum() or c in "-_" for c in code)
    assert decode(code) == army


refs = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), min_size=1, max_size=30)


@settings(max_examples=150)
@given(st.builds(
    ArmyList,
    edition=st.sampled_from(["mk2", "mk3", "mk4"]), faction=st.sampled_from(["cygnar", "skorne"]),
    level=st.sampled_from(["skirmish", "duel"]), points=st.integers(0, 1000),
    casters=st.lists(st.builds(dict, model=refs), max_size=3),
    command_cards=st.lists(refs, max_size=6), notes=st.none() | st.text(min_size=1, max_size=200),
))
def test_share_codes_round_trip_any_list(army: ArmyList) -> None:
    assert decode(encode(army)) == army


@pytest.mark.parametrize(("code", "message"), [
    ("hello", "must start with 'wm1-'"),
    ("wm2-eJwrzs8t", "version 2 is not supported"),
    ("wm1-abc!def", "only letters, digits"),
    ("wm1-", "only letters, digits"),
    ("wm1-AAAAAAAA", "damaged"),
])
def test_bad_share_codes_are_clear(code: str, message: str) -> None:
    with pytest.raises(ShareCodeError, match=message):
        decode(code)


def test_truncated_share_code() -> None:
    army = read_list((LISTS / "mk4-sample-storm-legion.yaml").read_bytes()).army
    assert army is not None
    code = encode(army)
    with pytest.raises(ShareCodeError, match=r"truncated|damaged"):
        decode(code[: len(code) // 2])


def test_decode_cli_errors_exit_1() -> None:
    result = run_cli("list", "decode", "wm1-AAAA")
    assert result.exit_code == 1 and "damaged" in result.output


# --- Editing in place ----------------------------------------------------------------------------


def test_new_add_remove_keep_comments(tmp_path: Path) -> None:
    path = tmp_path / "my.yaml"
    assert run_cli("list", "new", str(path), "--edition", "mk4", "--faction", "cygnar", "--level", "skirmish",
                   "--points", "50", "--army", "storm-legion", "--caster", "athena di baro").exit_code == 0
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("points: 50", "points: 50   # the club's usual size"), encoding="utf-8")
    added = run_cli("list", "add", str(path), "courser", "--hardpoint", "head=arc-node-head",
                    "--hardpoint", "right_arm=voltaic-spear", "--hardpoint", "left_arm=electrified-shield")
    assert added.exit_code == 0, added.output
    assert "added Courser to Captain Athena di Baro's battlegroup" in added.output
    assert run_cli("list", "add", str(path), "Stormblade Legionnaires").exit_code == 0
    assert run_cli("list", "add", str(path), "Power Swell").exit_code == 0
    edited = path.read_text(encoding="utf-8")
    assert "# the club's usual size" in edited
    army = read_list(edited.encode()).army
    assert army is not None and army.command_cards == ["Power Swell"]
    assert army.casters[0].battlegroup[0].hardpoints == {"head": "arc-node-head", "right_arm": "voltaic-spear",
                                                         "left_arm": "electrified-shield"}
    assert run_cli("list", "remove", str(path), "stormblade legionnaires").exit_code == 0
    army = read_list(path.read_bytes()).army
    assert army is not None and army.units == []
    assert "# the club's usual size" in path.read_text(encoding="utf-8")


def test_failed_edits_leave_the_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "my.yaml"
    source = (LISTS / "mk2-sample-battle-royale.yaml").read_text(encoding="utf-8")
    path.write_text(source, encoding="utf-8")
    unknown = run_cli("list", "add", str(path), "Ironclud")
    assert unknown.exit_code == 1 and "did you mean" in unknown.output
    ambiguous = run_cli("list", "add", str(path), "Ironclad")
    assert ambiguous.exit_code == 1
    assert ambiguous.output == ("wmdata: the list has 2 casters; say whose battlegroup Ironclad joins with "
                                "--caster NAME\n")
    officer = run_cli("list", "add", str(path), "Stormblade Infantry Officer & Standard Bearer")
    assert officer.output == ("wmdata: 3 units in the list can take Stormblade Infantry Officer & Standard Bearer; "
                              "say which one it joins with --unit NAME\n")
    assert path.read_text(encoding="utf-8") == source
    assert run_cli("list", "new", str(path), "--edition", "mk2", "--faction", "cygnar", "--level", "duel",
                   "--points", "15").exit_code == 1
    assert path.read_text(encoding="utf-8") == source
    assert not [p for p in tmp_path.iterdir() if p.name != "my.yaml"], "no temporary files left behind"


def test_editing_a_broken_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("edition: mk4\nfaction: [\n", encoding="utf-8")
    result = run_cli("list", "add", str(path), "Courser")
    assert result.exit_code == 1 and "fix the file before editing it" in result.output


# --- Text import ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("edition", "example"), [
    ("mk2", "mk2-sample-battle-royale"), ("mk3", "mk3-sample-hexeris"), ("mk4", "mk4-sample-storm-legion"),
])
def test_importing_the_printed_samples_gives_the_example_lists(tmp_path: Path, edition: str, example: str) -> None:
    out = tmp_path / "imported.yaml"
    result = run_cli("list", "import", str(IMPORTS / f"{edition}-sample.txt"), "-o", str(out))
    imported, expected = report_for(out), report_for(LISTS / f"{example}.yaml")
    assert imported.resolved is not None and expected.resolved is not None
    for field in ("edition", "faction", "level", "points"):
        assert getattr(imported.resolved.army, field) == getattr(expected.resolved.army, field), field

    def picks(report: ListReport) -> list[tuple[object, ...]]:
        assert report.resolved is not None
        return sorted((p.role, p.item.id, tuple(o.id for o in p.options), p.size.label if p.size else None,
                       p.count) for p in report.resolved.picks)

    assert picks(imported) == picks(expected)
    assert [c.id for c, _ in imported.resolved.cards] == [c.id for c, _ in expected.resolved.cards]
    assert imported.legal
    if edition == "mk4":
        assert result.exit_code == 1
        assert "mk4-sample.txt:18:1: [warning] no command card with this name" in result.output
    else:
        assert result.exit_code == 0, result.output


# --- Validate and pairs on the command line ------------------------------------------------------


def test_list_validate_cli_text_and_json() -> None:
    legal = run_cli("list", "validate", str(LISTS / "mk2-sample-battle-royale.yaml"))
    assert legal.exit_code == 0
    assert "total 111: 100 of 100 army points + 11 battlegroup points" in legal.output
    bad = run_cli("list", "validate", "--format", "json", str(INVALID / "mk4" / "sixth-command-card.yaml"))
    assert bad.exit_code == 1
    data = json.loads(bad.output)
    assert data[0]["legal"] is False and data[0]["points"]["total"] == 50
    assert {d["code"] for d in data[0]["diagnostics"]} == {"command-card-count", "command-card-duplicate"}


def test_warnings_fail_only_with_strict() -> None:
    path = str(INVALID / "mk2" / "caster-points-lost.yaml")
    assert run_cli("list", "validate", path).exit_code == 0
    assert run_cli("list", "validate", "--strict", path).exit_code == 1


def test_check_pair(tmp_path: Path) -> None:
    first = LISTS / "mk2-sample-battle-royale.yaml"
    second = tmp_path / "second.yaml"
    second.write_text(first.read_text(encoding="utf-8").replace("level: battle-royale", "level: battle-royale"),
                      encoding="utf-8")
    pair = check_pair(report_for(first), report_for(second))
    assert sorted({d.code for d in pair}) == ["pair-character"]
    result = run_cli("list", "check-pair", str(first), str(second))
    assert result.exit_code == 1 and "Commander Coleman Stryker is in both lists" in result.output
    other = run_cli("list", "check-pair", str(first), str(LISTS / "mk4-sample-storm-legion.yaml"))
    assert other.exit_code == 1 and "pair-edition" in other.output


def test_theme_force_example_earns_its_free_units() -> None:
    report = report_for(LISTS / "mk3-masters-of-war.yaml")
    assert [d.code for d in report.diagnostics] == ["theme-incomplete"] and report.context is not None
    free = [line.pick.item.id for line in report.context.points.others if line.pick.free]
    assert free == ["tyrant-commander-and-standard-bearer"] * 2
    assert report.context.points.army_spent == 72


def _mk4_fixture(body: str) -> list[tuple[str, int]]:
    registry = Registry.from_loaded(load_files([ROOT / "tests" / "fixtures" / "army-mk4"]))
    head = "edition: mk4\nfaction: testland\n"
    report = validate_list_bytes((head + body).encode(), "huge.yaml", registry)
    return [(d.code, d.line) for d in report.diagnostics]


def test_skirmish_forbids_colossals_and_battle_engines() -> None:
    codes = _mk4_fixture("level: skirmish\npoints: 50\ncasters:\n  - {model: General, battlegroup: [{model: Titan}]}\n"
                         "others:\n  - {model: Siege Tower}\n")
    assert [c for c in codes if c[0] == "level-forbidden-model"] == [("level-forbidden-model", 6),
                                                                      ("level-forbidden-model", 8)]


@pytest.mark.parametrize(("free", "expected"), [
    (0, [("free-models", 1)]), (1, []), (3, [("fa-exceeded", 11)]), (4, [("free-models", 1), ("fa-exceeded", 12)]),
])
def test_total_war_adds_one_to_three_free_huge_models(free: int, expected: list[tuple[str, int]]) -> None:
    titans = "".join("      - {model: Titan, free: true}\n" for _ in range(free))
    body = ("level: total-war\npoints: 100\ncasters:\n  - model: General\n    battlegroup:\n"
            f"      - {{model: Walker}}\n{titans}")
    assert [c for c in _mk4_fixture(body) if not c[0].startswith("points")] == expected


def test_arena_restrictions() -> None:
    body = ("arena: prime\nlevel: total-war\npoints: 100\ncasters:\n  - {model: General, battlegroup: [{model: Walker},"
            " {model: Titan, free: true}]}\nothers:\n  - {model: Siege Tower}\n")
    assert ("arena-unavailable", 9) in _mk4_fixture(body)
    assert not [c for c in _mk4_fixture(body.replace("prime", "unlimited")) if c[0] == "arena-unavailable"]


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.binary(max_size=600), st.text(max_size=400).map(str.encode),
                 st.recursive(st.none() | st.integers() | st.text(max_size=12) | st.booleans(),
                              lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                                  st.sampled_from(["edition", "faction", "level", "points", "casters", "units",
                                                   "model", "battlegroup", "size", "solos", "command_cards",
                                                   "hardpoints", "attachments", "jacks", "count", "free"]),
                                  inner, max_size=6), max_leaves=25).map(lambda d: json.dumps(d).encode())))
def test_no_list_input_raises(raw: bytes) -> None:
    report = validate_list_bytes(raw, "fuzz.yaml", builtin())
    assert all(d.line >= 1 and d.col >= 1 and d.code for d in report.diagnostics)


# Characters a YAML file can carry: no control characters, surrogates or line separators
# (those are located YAML errors, tested with the loader, not schema errors).
YAML_TEXT = st.characters(exclude_categories=("Cc", "Cs", "Zl", "Zp"))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["mk2", "mk3", "mk4"]),
       st.lists(st.fixed_dictionaries({"model": st.sampled_from(["Courser", "Defender", "Titan Gladiator", "x"])},
                                      optional={"battlegroup": st.lists(st.fixed_dictionaries(
                                          {"model": st.sampled_from(["Courser", "Stryker", "Ironclad", "Lancer"])},
                                          optional={"hardpoints": st.dictionaries(st.sampled_from(
                                              ["head", "left_arm", "right_arm", "tail"]), st.text(YAML_TEXT, min_size=1,
                                                                                                max_size=20)),
                                              "free": st.booleans()}), max_size=4)}), max_size=3),
       st.lists(st.fixed_dictionaries({"model": st.sampled_from(["Stormblade Infantry", "Praetorian Swordsmen",
                                                                 "Venator Reivers", "Tempest Thunderers"])},
                                      optional={"size": st.sampled_from(["min", "max", "fixed"]),
                                                "attachments": st.lists(st.text(YAML_TEXT, max_size=30), max_size=3)}),
                max_size=4))
def test_random_lists_under_a_valid_header_never_raise(edition: str, casters: list[dict[str, object]],
                                                        units: list[dict[str, object]]) -> None:
    data = {"edition": edition, "faction": "cygnar", "level": "skirmish", "points": 50, "casters": casters,
            "units": units}
    # Real characters, not JSON's surrogate-pair escapes, which YAML reads as no character.
    report = validate_list_bytes(json.dumps(data, ensure_ascii=False).encode(), "fuzz.yaml", builtin())
    schema_errors = [d for d in report.diagnostics if d.code in ("schema", "unknown-key")]
    assert (report.resolved is None) == bool(schema_errors)
    assert all(d.line >= 1 and d.col >= 1 for d in report.diagnostics)


# --- Partisans and bonds (MkIII, seed 003 L1176-1194) ----------------------------------------

def _mk3_codes(casters: str, theme: str = "") -> list[str]:
    registry = Registry.from_loaded(load_files([ROOT / "tests" / "fixtures" / "army-mk3"]))
    raw = f"edition: mk3\nfaction: trollfolk\nlevel: clash\npoints: 50\n{theme}casters:\n{casters}".encode()
    return [d.code for d in validate_list_bytes(raw, "mk3.yaml", registry).diagnostics if d.severity.value == "error"]


def test_bonded_character_warbeast_joins_a_theme_with_its_warlock() -> None:
    bonded = "  - {model: Elder Shaman, battlegroup: [{model: Ancient Beast}, {model: Hill Beast}]}\n"
    assert _mk3_codes(bonded, "theme: hill-kin\n") == []
    elsewhere = ("  - {model: Elder Shaman, battlegroup: [{model: Hill Beast}]}\n"
                 "  - {model: Swamp Lord, battlegroup: [{model: Ancient Beast}]}\n")
    assert "theme-model" in _mk3_codes(elsewhere, "theme: hill-kin\n")


def test_partisan_warlock_leads_the_faction_with_its_warbeasts_only() -> None:
    assert _mk3_codes("  - {model: Swamp Lord, battlegroup: [{model: Hill Beast}]}\n") == []
    assert _mk3_codes("  - {model: Swamp Lord, battlegroup: [{model: Swamp Beast}]}\n") == ["partisan-battlegroup"]


def test_a_theme_that_includes_a_unit_includes_its_attachments_seed_003_l1188() -> None:
    unit = "units:\n  - {model: Hill Warriors, attachments: [Hill Warriors Leader]}\n"
    assert _mk3_codes("  - {model: Elder Shaman, battlegroup: [{model: Hill Beast}]}\n" + unit,
                      "theme: hill-kin\n") == []
    assert _mk3_codes("  - {model: Elder Shaman, battlegroup: [{model: Hill Beast}]}\n" + unit,
                      "theme: elder-circle\n") == ["theme-model", "theme-model"]  # the unit is not in it


def test_partisan_warlock_leads_a_theme_of_its_faction_seed_003_l1194() -> None:
    # Elder Circle names only Elder Shaman as its leader; Swamp Lord is a Trollfolk Partisan.
    assert _mk3_codes("  - {model: Swamp Lord, battlegroup: [{model: Hill Beast}]}\n", "theme: elder-circle\n") == []
    assert _mk3_codes("  - {model: Bog Lord, battlegroup: [{model: Swamp Beast}]}\n",
                      "theme: elder-circle\n") == ["theme-model", "theme-model"]  # not a Partisan; nor its beast


def test_partisan_warbeast_joins_a_partisan_warlock_seed_003_l3797_3803() -> None:
    # Blaize takes Gallant in a Cygnar army: a Partisan warjack counts as the faction too.
    assert _mk3_codes("  - {model: Swamp Lord, battlegroup: [{model: Kin Beast}, {model: Hill Beast}]}\n") == []


def test_minion_warlock_controls_only_minion_warbeasts() -> None:
    codes = _mk3_codes("  - {model: Elder Shaman, battlegroup: [{model: Swamp Beast}]}\n"
                       "  - {model: Bog Lord, battlegroup: [{model: Hill Beast}]}\n")
    assert codes == ["mercenary-controller", "mercenary-caster"]


@pytest.mark.parametrize(("text", "edition"), [
    (b"edition: mk2\nfaction: cygnar\n", "mk2"),
    (b"# a list\nedition: 'mk4'   # MkIV\n", "mk4"),
    (b'edition: "mk3"\r\n', "mk3"),
    (b"{edition: mk2, faction: cygnar}\n", None),
    (b"edition: mk2\nedition: mk3\n", None),
    (b"  edition: mk2\n", None),
    (b"edition: mk9\n", None),
    (b"\xff\xfe", None),
])
def test_peek_edition_only_answers_when_plain(text: bytes, edition: str | None) -> None:
    assert peek_edition(text) == edition


@pytest.mark.parametrize("name", ["mk2-sample-battle-royale", "mk3-sample-hexeris", "mk4-sample-storm-legion"])
def test_loading_one_edition_gives_the_same_report_as_loading_all(name: str) -> None:
    path = LISTS / f"{name}.yaml"
    cli = run_cli("list", "validate", str(path))  # loads only the edition the list names
    report = validate_list_bytes(path.read_bytes(), "x.yaml", Registry.from_loaded(load_files()))
    assert cli.exit_code == 0 and report.legal
    assert cli.output.strip().splitlines()[1:] == report_text(report).splitlines()[1:]


# --- What an edit prints, where the schema is, a faction without casters --------------------------


def test_list_add_prints_the_problems_it_counts(tmp_path: Path) -> None:
    path = tmp_path / "my.yaml"
    run_cli("list", "new", str(path), "--edition", "mk4", "--faction", "cygnar", "--level", "skirmish",
            "--points", "50", "--caster", "Captain Athena di Baro")
    added = run_cli("list", "add", str(path), "Stormblade Legionnaires")
    lines = added.output.splitlines()
    # Athena alone with a 6-point unit: no command cards, 44 of 50 points unspent, and Skirmish's
    # battlegroup minimum of one warjack (seed 000's encounter levels) is not met.
    assert lines[1] == "the list is not legal yet: 3 errors"
    codes = [line.rsplit("(", 1)[1].rstrip(")") for line in lines[2:] if "[error]" in line]
    assert codes == ["command-card-count", "points-under", "battlegroup-minimum"]
    assert "worth 44 points" in added.output and "1 warjack or warbeast in" in added.output


def test_list_add_completing_the_seed_sample_says_legal(tmp_path: Path) -> None:
    path = tmp_path / "sample.yaml"
    path.write_bytes((LISTS / "mk4-sample-storm-legion.yaml").read_bytes())
    assert run_cli("list", "remove", str(path), "Legionnaire Officer").exit_code == 0
    added = run_cli("list", "add", str(path), "Legionnaire Officer", "--unit", "Stormblade Legionnaires")
    assert added.exit_code == 0 and added.output.splitlines()[1:] == ["the list is legal"]


def test_list_new_names_a_schema_beside_the_list_that_moves_with_it(tmp_path: Path) -> None:
    first, moved = tmp_path / "club", tmp_path / "elsewhere" / "lists"
    first.mkdir()
    made = run_cli("list", "new", str(first / "a.yaml"), "--edition", "mk2", "--faction", "cygnar",
                   "--level", "duel", "--points", "15")
    assert made.exit_code == 0 and "wrote list.schema.json beside it" in made.output
    line = (first / "a.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert line == "# yaml-language-server: $schema=list.schema.json"
    shipped = (ROOT / "schemas" / "list.schema.json").read_text(encoding="utf-8")
    assert (first / "list.schema.json").read_text(encoding="utf-8") == shipped
    again = run_cli("list", "new", str(first / "b.yaml"), "--edition", "mk2", "--faction", "cygnar",
                    "--level", "duel", "--points", "15")
    assert again.exit_code == 0 and "list.schema.json" not in again.output  # current: left alone
    moved.parent.mkdir()
    first.rename(moved)
    assert (moved / line.rsplit("=", 1)[1]).read_text(encoding="utf-8") == shipped
    (moved / "list.schema.json").write_text("{}", encoding="utf-8")
    stale = run_cli("list", "new", str(moved / "c.yaml"), "--edition", "mk2", "--faction", "cygnar",
                    "--level", "duel", "--points", "15")
    assert "wrote list.schema.json" in stale.output
    assert (moved / "list.schema.json").read_text(encoding="utf-8") == shipped


def test_a_faction_without_casters_gets_one_message(tmp_path: Path) -> None:
    report = report_for(INVALID / "mk4" / "faction-without-casters.yaml")
    assert [d.code for d in report.diagnostics] == ["faction-without-casters"]
    path = tmp_path / "k.yaml"
    run_cli("list", "new", str(path), "--edition", "mk4", "--faction", "khador", "--level", "skirmish",
            "--points", "50")
    added = run_cli("list", "add", str(path), "Winter Korps Infantry")
    assert added.output.splitlines()[2].endswith("(faction-without-casters)")
    assert added.output.count("[error]") == 1


# --- Theme forces that say what they leave out --------------------------------------------------

VALID_LISTS = EXAMPLES / "valid" / "lists"


def test_incomplete_theme_warns_instead_of_refusing() -> None:
    # Power of Dhunia's allowed list is only partly known: Troll Axer and Pyre Troll (non-character
    # warbeasts) are on it; a Trollkin Runeshaper is not (whether it counts is unconfirmed), and is
    # warned about rather than refused.
    path = VALID_LISTS / "mk3" / "theme-incomplete-power-of-dhunia.yaml"
    raw = path.read_text(encoding="utf-8") + "solos:\n  - model: Trollkin Runeshaper\n"
    report = validate_list_bytes(raw.encode(), path.name, builtin())
    found = [(d.code, d.severity.value) for d in report.diagnostics]
    assert found == [("theme-incomplete", "warning"), ("theme-model-unchecked", "warning")]
    assert "Trollkin Runeshaper" in report.diagnostics[1].message and "incomplete" in report.diagnostics[1].message
    assert "allowed models: trollkin with Magic Ability" in report.diagnostics[0].message


def test_complete_contract_refuses_and_says_nothing_about_completeness() -> None:
    codes = [(d.code, d.severity.value) for d in report_for(INVALID / "mk2" / "theme-complete-four-star.yaml")
             .diagnostics]
    assert codes == [("theme-model", "error"), ("theme-model", "error")]


def test_every_theme_is_complete_or_names_what_is_missing() -> None:
    """Seed 001 prints the five MkII contracts whole (L2183-2271); the MkIII themes come from the
    Forces of HORDES books, not seed 003 (L1196), and each names what the content leaves out."""
    themes = {item.id: item.entry for item in builtin() if item.category == "theme_force"}
    incomplete = {theme_id: sorted(k for k in ("allowed", "benefits") if getattr(theme.missing, k))
                  for theme_id, theme in themes.items() if theme.missing is not None}
    assert incomplete == {
        "power-of-dhunia": ["allowed", "benefits"], "the-bones-of-orboros": ["allowed", "benefits"],
        "primal-terrors": ["allowed", "benefits"], "masters-of-war": ["allowed", "benefits"],
        "the-thornfall-alliance": ["benefits"], "searforge-commission": ["benefits"],
        "talion-charter": ["benefits"],
    }
    assert set(themes) - set(incomplete) == {"four-star-syndicate", "highborn-covenant", "magnus-agenda"}


def test_list_new_still_writes_the_list_when_its_schema_cannot_be_placed(tmp_path: Path) -> None:
    (tmp_path / "list.schema.json").mkdir()  # a folder where the schema would go
    made = run_cli("list", "new", str(tmp_path / "a.yaml"), "--edition", "mk2", "--faction", "cygnar",
                   "--level", "duel", "--points", "15")
    assert made.exit_code == 0 and "editors will not find the list's schema" in made.output
    assert read_list((tmp_path / "a.yaml").read_bytes()).army is not None
