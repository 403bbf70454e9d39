"""Seed geometry examples as boards (tests/boards/*.yaml): each case asks ``wmdata board
query`` one question and compares the JSON answer with what the seed says.  Positions
are ours (the figures give none); the outcome and the rule are the seed's, cited per case.
Hand-derived numbers say how they were worked out.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli

BOARDS = ROOT / "tests" / "boards"
R30, R40, R50 = 30 / 25.4 / 2, 40 / 25.4 / 2, 50 / 25.4 / 2


def ask(board: str, *args: str) -> dict[str, object]:
    result = run_cli("board", "query", str(BOARDS / board), *args, "--json")
    assert result.exit_code == 0, result.output
    answer: dict[str, object] = json.loads(result.output)
    return answer


def kinds(answer: dict[str, object]) -> dict[str, object]:
    modifiers = answer["modifiers"]
    assert isinstance(modifiers, list)
    return {m["kind"]: m["value"] for m in modifiers}


# (board, viewer, target, line of sight, seed lines)
SIGHT = [
    ("mk4-los-sabbreth.yaml", "sabbreth", "courser", True, "000 L1868-1870"),
    ("mk4-los-sabbreth.yaml", "sabbreth", "legionnaire-b", True, "000 L1872-1876: a line misses the Courser"),
    ("mk4-los-sabbreth.yaml", "sabbreth", "legionnaire-a", False, "000 L1876-1879: every line crosses the Courser"),
    ("mk4-los-sabbreth.yaml", "sabbreth", "stryker", True, "000 L1879-1883: smaller bases do not block"),
    ("mk4-los-sabbreth.yaml", "sabbreth", "wolfe", True, "000 L1884-1885: only partly obscured"),
    ("mk4-los-elevation.yaml", "courser", "reaver-commander", True, "000 L1991-1995: lower, nothing within 1 inch"),
    ("mk4-los-elevation.yaml", "courser", "horruskh", False, "000 L1996-1999: Tyrant within 1 inch of him"),
    ("mk4-walls.yaml", "shooter", "small", False, "000 L2021-2022: a 2 inch wall hides small bases"),
    ("mk4-walls.yaml", "shooter", "medium", True, "000 L2021-2022: ... not medium ones"),
    ("mk4-walls.yaml", "shooter", "large", True, "000 L2024-2025: a 2.6 inch wall does not hide large bases"),
    ("mk2-screening.yaml", "butcher", "kreoss", True, "001 L745: Kreoss is not completely obscured"),
    ("mk2-elevation.yaml", "charger", "manhunter", True, "001 L753"),
    ("mk2-elevation.yaml", "charger", "war-dog", True, "001 L755: near models no larger than the Charger's"),
    ("mk2-elevation.yaml", "charger", "sorscha", False, "001 L757: the Berserker's base is larger"),
    ("mk3-forest-cloud.yaml", "viewer", "shallow", True, "003 L3071: up to 3 inches of forest"),
    ("mk3-forest-cloud.yaml", "viewer", "deep", False, "003 L3071: more than 3 inches of forest"),
    ("mk3-forest-cloud.yaml", "viewer", "beyond", False, "003 L3071: from outside, not through a forest"),
    ("mk3-forest-cloud.yaml", "viewer", "colossal", True, "003 L3073: forests never block huge bases"),
    ("mk3-forest-cloud.yaml", "watcher", "in-cloud", True, "003 L2285: a cloud can be seen into"),
    ("mk3-forest-cloud.yaml", "watcher", "past-cloud", False, "003 L2285: ... but not through"),
    ("mk3-los-thagrosch.yaml", "thagrosch", "savage", True, "003 L1567: obviously"),
    ("mk3-los-thagrosch.yaml", "thagrosch", "swordsman-a", True, "003 L1567: a line misses the Savage"),
    ("mk3-los-thagrosch.yaml", "thagrosch", "swordsman-b", False, "003 L1567: every line crosses the Savage"),
    ("mk3-los-thagrosch.yaml", "thagrosch", "gladiator", True, "003 L1567: smaller bases do not block"),
    ("mk3-los-thagrosch.yaml", "thagrosch", "morghoul", True, "003 L1569: not completely obscured"),
    ("mk3-los-elevation.yaml", "impaler", "shifting-stone-a", True, "003 L1642: lower, nothing within 1 inch"),
    ("mk3-los-elevation.yaml", "impaler", "kaya", False, "003 L1644: the Warpwolf within 1 inch of Kaya"),
    ("mk3-cloud.yaml", "impaler", "shredder-a", True, "003 L2293: Shredder A is seen"),
    ("mk3-cloud.yaml", "impaler", "shredder-c", True, "003 L2293: Shredder C, inside the cloud, is seen"),
    ("mk3-cloud.yaml", "impaler", "shredder-b", False, "003 L2293: the cloud is between them"),
    ("mk4-cloud.yaml", "courser", "infantry-a", True, "000 L3434-3435: Infantry A is seen"),
    ("mk4-cloud.yaml", "courser", "infantry-b", True, "000 L3434-3435: Infantry B, inside the cloud, is seen"),
    ("mk4-cloud.yaml", "courser", "infantry-c", False, "000 L3439-3441: the cloud blocks Infantry C"),
    ("mk4-cover-in-action.yaml", "stryker", "tyrant", True, "000 L2793-2794, L5315-5319: seen into a forest"),
    ("mk4-cover-in-action.yaml", "stryker", "horruskh", False, "000 L2796-2798: a forest between them"),
    ("mk3-los-volumes.yaml", "cannoneer-a", "druid-a", True, "003 L1591: a line from volume to volume"),
    ("mk3-los-volumes.yaml", "cannoneer-b", "druid-b", False, "003 L1595: no line from volume to volume"),
    ("mk4-los-volumes.yaml", "tyrant-a", "stormblade-a", True, "000 L2030-2032: a line from volume to volume"),
    ("mk4-los-volumes.yaml", "tyrant-b", "stormblade-b", False, "000 L2034-2036: no line from volume to volume"),
]


@pytest.mark.parametrize(("board", "viewer", "target", "expected", "seed"), SIGHT,
                         ids=[f"{c[1]}-{c[2]}" for c in SIGHT])
def test_line_of_sight_matches_the_seed(board: str, viewer: str, target: str, expected: bool, seed: str) -> None:
    answer = ask(board, "--los", viewer, target)
    assert answer["los"] is expected, (seed, answer)
    assert bool(answer["blocked_by"]) is (not expected)


def test_cloud_is_what_blocks_the_line_through_it() -> None:
    # Seed 003 L2283-2289: lines that miss the model in the cloud still cross the cloud.
    assert "smoke" in ask("mk3-forest-cloud.yaml", "--los", "watcher", "past-cloud")["blocked_by"]  # type: ignore[operator]
    assert "cloud" in ask("mk3-cloud.yaml", "--los", "impaler", "shredder-b")["blocked_by"]  # type: ignore[operator]
    assert "cloud" in ask("mk4-cloud.yaml", "--los", "courser", "infantry-c")["blocked_by"]  # type: ignore[operator]
    # Seed 000 L2796-2798 and 003 L1595: the forest, and the wall the line passes below.
    assert ask("mk4-cover-in-action.yaml", "--los", "stryker", "horruskh")["blocked_by"] == ["copse"]
    assert ask("mk3-los-volumes.yaml", "--los", "cannoneer-b", "druid-b")["blocked_by"] == ["wall-b"]


@pytest.mark.parametrize(("board", "attacker", "target", "expected", "seed"), [
    ("mk2-screening.yaml", "butcher", "kreoss", {"screened": 2}, "001 L683, L745: Revenger screens Kreoss"),
    ("mk2-elevation.yaml", "charger", "war-dog", {"screened": 2}, "001 L755: the War Dog is screened"),
    ("mk2-elevation.yaml", "charger", "manhunter", {}, "001 L753: nothing near the Manhunter"),
    ("mk3-forest-cloud.yaml", "viewer", "shallow", {"concealment": 2}, "003 L3065-3069, L1986: inside a forest"),
    ("mk3-forest-cloud.yaml", "watcher", "in-cloud", {"concealment": 2}, "003 L2287, L1986: inside a cloud"),
    ("mk4-trench.yaml", "gunner", "legionnaire-a", {"cover": 4}, "000 L5430-5433: completely within"),
    ("mk4-trench.yaml", "gunner", "legionnaire-d", {}, "000 L5434-5436: not completely within"),
    ("mk4-trench.yaml", "sapper", "legionnaire-a", {}, "000 L5430-5433: the attacker touches the trench"),
    ("mk4-trench.yaml", "gunner", "legionnaire-e", {"cover": 4}, "000 L5430-5433: within two adjoining templates"),
    ("mk4-trench.yaml", "digger", "legionnaire-e", {}, "000 L5430-5433: the attacker touches one of them"),
    ("mk4-walls.yaml", "shooter", "medium", {"cover": 4}, "000 L2622-2636: within 1 inch of a wall between"),
    ("mk3-cloud.yaml", "impaler", "shredder-c", {"concealment": 2}, "003 L2293: completely within the cloud"),
    ("mk3-cloud.yaml", "impaler", "shredder-a", {}, "003 L2293-2294: partly out of the cloud"),
    ("mk4-cloud.yaml", "courser", "infantry-b", {"concealment": 2}, "000 L3435-3437: completely within the cloud"),
    ("mk4-cloud.yaml", "courser", "infantry-a", {}, "000 L3438-3439: partly out of the cloud"),
    ("mk4-cover-in-action.yaml", "stryker", "tyrant", {"concealment": 2}, "000 L2793-2794: the forest"),
    ("mk4-cover-in-action.yaml", "stryker", "skirmisher-a", {"cover": 4}, "000 L2794-2796: the crates"),
    ("mk4-cover-in-action.yaml", "stryker", "skirmisher-b", {"cover": 4}, "000 L2794-2796: the crates"),
    ("mk4-cover-in-action.yaml", "stryker", "skirmisher-c", {}, "000 L2798-2800: more than 1 inch from them"),
])
def test_def_modifiers_match_the_seed(board: str, attacker: str, target: str, expected: dict[str, int],
                                      seed: str) -> None:
    assert kinds(ask(board, "--cover", attacker, target)) == expected, seed


def test_in_range_deviation_is_capped_at_half_the_distance() -> None:
    # Seed 003 L2064-2067: a target 5" away deviates at most 2.5" even on a distance roll of 3.
    # Direction 4 is "short" (L2060): back toward the shooter along the line of fire.
    answer = ask("mk3-deviation.yaml", "--aoe", "target", "--size", "3", "--miss", "--from", "shooter",
                 "--rng", "10", "--deviation-roll", "4", "--distance-roll", "3")
    deviation = answer["deviation"]
    assert isinstance(deviation, dict)
    assert deviation["cap"] == 2.5 and deviation["moved"] == 2.5
    assert math.isclose(deviation["x"], 10 + 2 * R30 + 5 - 2.5, abs_tol=1e-6) and deviation["y"] == 10


def test_out_of_range_deviation_starts_at_rng_and_is_capped_at_half_rng() -> None:
    # Seed 003 L2066-2067: from the point at RNG (8") along the line, at most 4".  Direction 1 is long.
    answer = ask("mk3-deviation.yaml", "--aoe", "far", "--size", "3", "--miss", "--from", "shooter",
                 "--rng", "8", "--deviation-roll", "1", "--distance-roll", "6")
    deviation = answer["deviation"]
    assert isinstance(deviation, dict)
    assert deviation["cap"] == 4 and deviation["moved"] == 4
    assert math.isclose(deviation["y"], 10 + R30 + 8 + 4, abs_tol=1e-6) and deviation["x"] == 10


def test_cannoneer_example_deviates_the_full_four_inches() -> None:
    # Seed 003 L2071-2073: a 4 on the distance die moves the point of impact 4" from the Wolf's centre.
    answer = ask("mk3-deviation.yaml", "--aoe", "wolf", "--size", "4", "--miss", "--from", "cannoneer",
                 "--rng", "14", "--deviation-roll", "5", "--distance-roll", "4")
    deviation = answer["deviation"]
    assert isinstance(deviation, dict)
    assert math.isclose(math.hypot(deviation["x"] - 43.77952755905512, deviation["y"] - 10), 4, abs_tol=1e-6)


def test_deviation_stops_at_the_table_edge() -> None:
    # Seed 003 L2069: a point of impact off the table is pulled back onto its edge (x = 48).
    # The long direction is the line of fire (34, 20) from the shooter; 4" of x are left.
    answer = ask("mk3-deviation.yaml", "--aoe", "edge-target", "--size", "4", "--miss", "--from", "shooter",
                 "--rng", "40", "--deviation-roll", "1", "--distance-roll", "6")
    deviation = answer["deviation"]
    assert isinstance(deviation, dict)
    assert math.isclose(deviation["moved"], 4 * math.hypot(34, 20) / 34, abs_tol=1e-6)
    assert math.isclose(deviation["x"], 48, abs_tol=1e-6)


def test_mk4_aoe_hits_the_nearest_models_and_reports_ties() -> None:
    # Seed 000 L2830-2838: AOE 3 hits the 3 nearest within 3"; near-1 (0.5") and near-2 (1")
    # are certain; tie-a and tie-b are both 2" away for the last place, so they are randomized.
    answer = ask("mk4-aoe-nearest.yaml", "--aoe", "target", "--size", "3")
    assert answer["hit"] == ["target", "near-1", "near-2"]
    assert answer["ties"] == ["tie-a", "tie-b"]


def test_mk4_aoe_within_counts_exactly_at_the_distance() -> None:
    # "edge" stands exactly 3" from the target; an AOE 5 reaches the 5 nearest within 5", it included.
    assert ask("mk4-aoe-nearest.yaml", "--distance", "target", "edge")["distance"] == pytest.approx(3, abs=1e-9)
    assert "edge" in ask("mk4-aoe-nearest.yaml", "--aoe", "target", "--size", "5")["hit"]  # type: ignore[operator]


def test_mk4_missed_aoe_in_range_blasts_only_the_target() -> None:
    # Seed 000 L2845-2846.
    answer = ask("mk4-aoe-nearest.yaml", "--aoe", "target", "--size", "3", "--miss", "--from", "shooter",
                 "--rng", "14")
    assert answer["hit"] == ["target"]


def test_mk4_spray_is_a_line_through_the_target() -> None:
    # Seed 000 L2854-2861: RNG 8 from the flamer's edge (10 + R30) reaches x = 18.59: "behind"
    # (0.5" off the line) is crossed, "beyond" (edge at 18.91) is not, "walled" is hidden by a
    # 5" wall, and the cloud on the line is ignored for the spray.
    answer = ask("mk4-spray-line.yaml", "--spray", "flamer", "target", "--template", "8")
    assert answer["hit"] == ["target", "behind"]
    assert answer["excluded"] == ["walled"]


def test_mk4_charge_through_rough_terrain_loses_two_inches() -> None:
    # Seed 000 L5171-5175: SPD 6 + 3 charge - 2 for rough = 7"; the victim then sits 0.62" away.
    answer = ask("charges.yaml", "--charge", "charger", "victim", "--spd", "6")
    assert answer["moved"] == 7 and answer["end"] == [17, 10]
    assert answer["in_melee_range"] is True and answer["charge_attack"] is True


def test_mk4_charge_stops_on_an_obstacle() -> None:
    # Seed 000 L5390-5391: the base (r = 40 mm / 2) touches the fence at x = 13 - R40.
    answer = ask("charges.yaml", "--charge", "blocked", "prey", "--spd", "6")
    assert answer["stopped_by"] == "fence"
    assert math.isclose(answer["moved"], 3 - R40, abs_tol=1e-3)  # type: ignore[arg-type]
    assert answer["in_melee_range"] is False


def test_mk3_charge_moves_at_half_rate_in_rough_terrain() -> None:
    # Seed 003 L3013: 8" budget; 2.016" (to where the base touches the scree at x = 13 - R50)
    # at full rate, the remaining 5.984" at half rate.
    answer = ask("mk3-charge-slam.yaml", "--charge", "beast", "quarry", "--spd", "5")
    full = 13 - R50 - 10
    assert math.isclose(answer["moved"], full + (8 - full) / 2, abs_tol=1e-4)  # type: ignore[arg-type]
    assert answer["in_melee_range"] is False


def test_mk3_slam_passes_smaller_bases_and_stops_at_larger() -> None:
    # Seed 003 L1452-1482: contact with the 50 mm base when the centres are R40 + R50 apart.
    answer = ask("mk3-charge-slam.yaml", "--slam", "slammer", "slammed", "--distance-roll", "6")
    assert answer["stopped_by"] == "big-one"
    assert math.isclose(answer["moved"], 18.5 - R40 - R50 - 12, abs_tol=1e-6)  # type: ignore[arg-type]
    assert answer["contacted"] == ["small-one", "big-one"]


def test_board_files_name_their_schema() -> None:
    for path in sorted(Path(BOARDS).glob("*.yaml")):
        assert path.read_text(encoding="utf-8").startswith(
            "# yaml-language-server: $schema=../../schemas/board.schema.json"), path.name


@pytest.mark.parametrize(("board", "query", "a", "b", "within", "seed"), [
    ("ranges.yaml", "--control", "athena", "at-edge", True, "000 L3537-3545: exactly CTRL 14 from her edge"),
    ("ranges.yaml", "--control", "athena", "beyond", False, "000 L3537-3545: 0.01 beyond"),
    ("ranges.yaml", "--control", "athena", "athena", True, "000 L3544: always in its own control range"),
    ("mk2-ranges.yaml", "--control", "haley", "at-14", True, "001 L1841: twice FOC 7, exactly 14"),
    ("mk2-ranges.yaml", "--command", "haley", "at-8", True, "001 L2319: CMD 8, exactly 8"),
    ("mk2-ranges.yaml", "--command", "haley", "past-8", False, "001 L2319: 8.0002 away (centres 9.1813 apart)"),
])
def test_control_and_command_ranges(board: str, query: str, a: str, b: str, within: bool, seed: str) -> None:
    assert ask(board, query, a, b)["within"] is within, seed


def test_melee_range_is_the_longest_weapon() -> None:
    # Athena's Lightning Spear reaches 2"; "foe" stands exactly 2" from her base.
    answer = ask("ranges.yaml", "--melee", "athena", "foe")
    assert answer["melee_range"] == 2 and answer["in_melee_range"] is True
    assert answer["a_in_melee_with"] == ["foe"]
