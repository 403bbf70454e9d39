"""Power attacks that move the target, as the seeds tell them: a thrown model is knocked down
(seed 001 L1119, L1149; seed 003 L1486), a push moves the target 1 inch and lets the attacker
follow (seed 001 L1047-1061), a slam after a run under 3 inches moves nothing (seed 001
L1071-1077), and models that suffer collateral damage are knocked down (seed 001 L1097,
L1131).  Expected numbers are worked out by hand in the docstrings and comments.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from tests.attack_support import attack_json
from tests.brute_force import attack_table, damage_table
from tests.conftest import run_cli

BOARDS = Path(__file__).parent / "boards"



# MkII Juggernaut (MAT 6, STR 12) throws an Ironclad (DEF 12, STR 11): a hit on 6+ on 2d6 is
# 26/36; the contest 1d6 + 12 against 1d6 + 11, ties to the thrower, is won unless the Ironclad
# rolls 2 or more above the Juggernaut: losing pairs (a, t) with t >= a + 2 are 4+3+2+1 = 10 of
# 36, so it is won 26/36.
THROW_WON = Fraction(26, 36) * Fraction(26, 36)


def test_a_thrown_model_is_knocked_down() -> None:
    """Seed 001 L1119: the thrown model is knocked down once moved; so after a hit and a won
    contest (676/1296) and never otherwise (a broken-free target is not thrown)."""
    data = attack_json("--attacker", "juggernaut", "--target", "ironclad", "--edition", "mk2",
                   "--power-attack", "throw", "--focus", "3")
    assert abs(data["p_target_states"]["knocked_down"] - float(THROW_WON)) < 1e-12
    assert abs(data["moved"]["p_moved"] - float(THROW_WON)) < 1e-12
    assert data["attack_effects"]["knockdowns"] == [{"window": "on_hit", "source": "throw"}]


def test_mk3_throws_knock_down() -> None:
    """Seed 003 L1486: the MkIII thrown model is knocked down too, by either throw.  A Gorax Rager
    (MAT 5, STR 9, two Open Fist claws) throws another (DEF 12, STR 9): a hit on 7+ is 21/36; the
    contest 1d6 + 9 against 1d6 + 9, ties to the thrower, is won when a >= t, 21/36; with two
    Open Fists 2d6 + 9 (seed 003 L1888): 2d6 >= t for t = 1..6 is (36+36+35+33+30+26)/216."""
    for kind, contest in (("throw", Fraction(21, 36)), ("double_hand_throw", Fraction(196, 216))):
        data = attack_json("--attacker", "gorax-rager", "--target", "gorax-rager", "--power-attack", kind,
                       "--fury", "1")
        assert abs(data["p_target_states"]["knocked_down"] - float(Fraction(21, 36) * contest)) < 1e-12, kind


def test_a_bought_attack_after_a_throw_into_an_obstruction_hits_automatically() -> None:
    """tests/boards/mk2-throw-wall.yaml: the Ironclad is thrown into an obstruction 0.1 inch
    behind it, stays in the Ice Axe's reach, and the bought attacks meet it knocked down: they
    hit automatically (seed 001 L1393).  The last bought attack (no focus left) then kills with
    k boxes left when the Ice Axe's 2d6 + P+S 19 - ARM 18 reaches k: with 7 boxes 2d6 >= 6 is
    26/36, with 6 boxes 2d6 >= 5 is 30/36, with 5 boxes 33/36, with 4 boxes 35/36."""
    data = attack_json("--board", str(BOARDS / "mk2-throw-wall.yaml"), "--attacker", "juggernaut", "--target",
                   "ironclad", "--power-attack", "throw", "--focus", "3", "--marked", "4,4,4,4,4,0")
    assert abs(data["p_target_states"]["knocked_down"] - float(THROW_WON)) < 1e-12
    assert data["moved"]["p_in_reach_if_moved"] == 1
    last = [step for step in data["plan"] if step["attack"] == 3 and step["knocked_down"]]
    assert last, data["plan"]
    kills = {row["boxes_left"]: row["kill"] for row in last[0]["by_boxes_left"]}
    for left, want in ((7, Fraction(26, 36)), (6, Fraction(30, 36)), (5, Fraction(33, 36)), (4, Fraction(35, 36))):
        assert abs(kills[left] - float(want)) < 1e-12, (left, kills)


# MkII Juggernaut slams an Ironclad (MAT 6 vs DEF 12: a hit on 6+, 26/36), 2d6 + STR 12
# against ARM 18: 2d6 - 6 points, 0 on 2d6 <= 6 (15/36).
SLAM_HIT = Fraction(26, 36)
SLAM = ("--attacker", "juggernaut", "--target", "ironclad", "--edition", "mk2", "--power-attack", "slam")


def test_a_slam_after_a_short_run_moves_nothing() -> None:
    """Seed 001 L1075-1079: --distance 2 is the gap the slammer closes, a run under 3 inches: a
    hit deals the slam's damage roll, but the Ironclad is neither moved nor knocked down and no
    collateral damage is told.  Damage 0 in 10/36 + 26/36 * 15/36 of games, 6 points (2d6 = 12)
    in 26/36 * 1/36."""
    data = attack_json(*SLAM, "--distance", "2")
    assert data["moved"] is None and "knocked_down" not in data["p_target_states"]
    assert data["attack_effects"]["slam_run"] == {"run": 2, "short": True, "gap_after": 0,
                                                  "told": data["attack_effects"]["slam_run"]["told"]}
    assert data["attack_effects"]["collateral"] is None and data["attack_effects"]["knockdowns"] == []
    distribution = data["damage_distribution"]
    assert abs(distribution["0"] - float(Fraction(10, 36) + SLAM_HIT * Fraction(15, 36))) < 1e-12
    assert abs(distribution["6"] - float(SLAM_HIT * Fraction(1, 36))) < 1e-12


def test_a_run_of_three_inches_is_a_full_slam() -> None:
    """Seed 001 L1073: 3 inches or more is a full slam: every hit moves the Ironclad (26/36) and
    knocks it down."""
    data = attack_json(*SLAM, "--distance", "3")
    assert abs(data["p_target_states"]["knocked_down"] - float(SLAM_HIT)) < 1e-12
    assert abs(data["moved"]["p_moved"] - float(SLAM_HIT)) < 1e-12
    assert data["attack_effects"]["slam_run"]["short"] is False


def test_without_a_distance_the_slam_is_taken_as_full_and_told() -> None:
    data = attack_json(*SLAM)
    assert data["attack_effects"]["slam_run"]["run"] is None
    assert abs(data["p_target_states"]["knocked_down"] - float(SLAM_HIT)) < 1e-12
    text = run_cli("attack", *SLAM)
    assert "also:         slam run not known (give --distance, the gap the slammer closes): taken as 3\" or more" \
        in text.output


def test_a_slam_beyond_its_move_fails() -> None:
    """The Juggernaut (SPD 4) runs at most 7 inches and must end within 1/2 inch: 9 inches away
    the slam fails (seed 001 L1081), a located error, exit 1; on the board alike."""
    result = run_cli("attack", *SLAM, "--distance", "9")
    assert result.exit_code == 1
    assert "--distance: the slam fails: the target is 9\" away" in result.output
    board = run_cli("attack", "--board", str(BOARDS / "mk3-slam-wall.yaml"), "--attacker", "mauler-4", "--target",
                    "carnivean-4", "--power-attack", "slam", "--fury", "2")
    assert board.exit_code == 1 and "the slam fails" in board.output and "not within the slam's 0.5\"" in board.output


def test_a_short_slam_on_the_board_then_a_bought_claw() -> None:
    """tests/boards/mk3-slam-wall.yaml pair 3: the Mauler runs 2 inches to the Carnivean (seed 003
    L1872: no slam), so a hit (MAT 6 vs DEF 11: 5+ on 2d6) deals 2d6 + STR 12 - ARM 18 and
    leaves the Carnivean where it is, standing; with 2 fury (1 pays the slam) the spare fury
    boosts a roll or buys a claw attack (P+S 16, a roll against DEF 11: no knockdown to help).
    Kill chance with 6 boxes left: the best of the recursion below."""
    data = attack_json("--board", str(BOARDS / "mk3-slam-wall.yaml"), "--attacker", "mauler-3", "--target",
                   "carnivean-3", "--power-attack", "slam", "--fury", "2", "--marked", "4,4,4,4,4,4")
    assert data["moved"] is None and "knocked_down" not in data["p_target_states"]
    assert data["attack_effects"]["slam_run"]["short"] is True
    left = 6

    def killed(points: int) -> Fraction:
        return Fraction(1) if points >= left else Fraction(0)

    def claw(marked: int) -> Fraction:  # the bought claw attack, nothing to spend on it
        table = attack_table(2, 0, 0, 11 - 6)
        return (table["hit"] + table["critical"]) * sum(
            (p * killed(marked + points) for points, p in damage_table(2, 0, 0, 16 - 18).items()), Fraction(0))

    options = []
    for boost_attack in (0, 1):
        table = attack_table(2 + boost_attack, 0, 0, 11 - 6)
        spare = 1 - boost_attack
        after_hit = max(sum((p * (killed(points) if points >= left or not spare - boost else claw(points))
                             for points, p in damage_table(2 + boost, 0, 0, 12 - 18).items()), Fraction(0))
                        for boost in ((0, 1) if spare else (0,)))
        options.append(table["miss"] * (claw(0) if spare else Fraction(0))
                       + (table["hit"] + table["critical"]) * after_hit)
    assert abs(data["p_destroyed"] - float(max(options))) < 1e-12


def test_collateral_knocks_down_unless_a_rule_keeps_the_model_up() -> None:
    """tests/boards/mk4-collateral.yaml: Stryker (MAT 6) slams a Great Bear (DEF 12): a hit on 6+
    is 26/36, and the Bear moves the full d6 (equal bases).  It passes through 'front' on every
    slam (0.5 inch behind it), through 'beside' on 2 or more (their centres 1.181 inches apart
    sideways: the bases meet once the Bear has moved 1.033 inches), and through 'lone' on 4 or
    more (3.957 inches): contacts 26/36, 26/36 * 5/6 and 26/36 * 3/6.  Each is knocked down
    (seed 000 L1679-1690), but Shield Wall keeps the two in base contact with their unit up."""
    data = attack_json("--board", str(BOARDS / "mk4-collateral.yaml"), "--attacker", "stryker", "--target", "bear",
                   "--power-attack", "slam")
    found = {row["model"]: row for row in data["moved"]["collateral"]}
    want = {"front": (SLAM_HIT, "shield-wall"), "beside": (SLAM_HIT * Fraction(5, 6), "shield-wall"),
            "lone": (SLAM_HIT * Fraction(1, 2), None)}
    assert found.keys() == want.keys()
    for model, (contact, rule) in want.items():
        assert abs(found[model]["p_contact"] - float(contact)) < 1e-12, model
        assert found[model]["kept_up_by"] == rule, model
        assert found[model]["p_knocked_down"] == (0.0 if rule else found[model]["p_contact"]), model
    text = run_cli("attack", "--board", str(BOARDS / "mk4-collateral.yaml"), "--attacker", "stryker", "--target",
                   "bear", "--power-attack", "slam").output
    assert "collateral:   lone contacted and knocked down in 36.1% of games" in text
    assert "collateral:   front contacted and not knocked down (shield-wall) in 72.2% of games" in text


def _two_dice_minus(offset: int) -> dict[int, Fraction]:
    """Damage points of 2d6 - ``offset`` (0 where the roll does not beat ARM), by counting."""
    points: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            dealt = max(0, a + b - offset)
            points[dealt] = points.get(dealt, Fraction(0)) + Fraction(1, 36)
    return points


def test_mk4_collateral_pow_compares_the_attacker_with_the_model_met() -> None:
    """Seed 000 L2352-2360: the collateral POW is 12, or 14 when the attacker's base is larger
    than that of the model suffering it, whatever the slammed model's base.  On
    tests/boards/mk4-collateral.yaml Stryker (50 mm) slams a Great Bear (50 mm): the Bear's roll
    is POW 12 (equal bases, L2346-2350), but each Legionnaire met (30 mm) suffers 2d6 + POW 14.
    'lone' stands apart from its unit, so it meets it with its card's ARM 16: 2d6 - 2 points,
    none only on a double one (1/36); contacted in 26/36 * 1/2 of games."""
    data = attack_json("--board", str(BOARDS / "mk4-collateral.yaml"), "--attacker", "stryker", "--target", "bear",
                   "--power-attack", "slam")
    assert data["attack_effects"]["collateral"]["value"] == 12  # as against the Bear itself
    lone = next(row for row in data["moved"]["collateral"] if row["model"] == "lone")
    assert lone["roll"] == "2d6 + POW 14" and lone["armour"] == 16
    contact = SLAM_HIT * Fraction(1, 2)
    want = {points: contact * p for points, p in _two_dice_minus(16 - 14).items()}
    want[0] += 1 - contact
    got = {int(points): p for points, p in lone["damage_distribution"].items()}
    assert got.keys() == want.keys()
    for points, p in want.items():
        assert abs(got[points] - float(p)) < 1e-12, points


def test_collateral_meets_the_arm_the_model_has_where_it_stands() -> None:
    """The contacted model's ARM is worked out by the interpreter with its board states: 'front'
    and 'beside' are in base contact with their unit, so Shield Wall gives them +2 ARM (content
    mk4 vocabulary shield-wall) over the card's 16, as it keeps them standing: 2d6 + 14 - 18 =
    2d6 - 4 points, none on 2d6 <= 4 (6/36); 'front' is met in 26/36 of games."""
    data = attack_json("--board", str(BOARDS / "mk4-collateral.yaml"), "--attacker", "stryker", "--target", "bear",
                   "--power-attack", "slam")
    found = {row["model"]: row for row in data["moved"]["collateral"]}
    assert found["front"]["armour"] == 18 and found["beside"]["armour"] == 18 and found["lone"]["armour"] == 16
    want = {points: SLAM_HIT * p for points, p in _two_dice_minus(18 - 14).items()}
    want[0] += 1 - SLAM_HIT
    got = {int(points): p for points, p in found["front"]["damage_distribution"].items()}
    assert got.keys() == want.keys()
    for points, p in want.items():
        assert abs(got[points] - float(p)) < 1e-12, points
    text = run_cli("attack", "--board", str(BOARDS / "mk4-collateral.yaml"), "--attacker", "stryker", "--target",
                   "bear", "--power-attack", "slam").output
    assert "front contacted and not knocked down (shield-wall) in 72.2% of games: 2d6 + POW 14 vs ARM 18" in text


def test_collateral_on_the_mk3_seed_board_knocks_the_shredder_down() -> None:
    """Seed 003 L1824, L1476: the Shredder the Carnivean passes over is knocked down (5/6 of the
    hits, 30/36: slams of 2 or more, as tests/test_attack_reach.py works out)."""
    data = attack_json("--board", str(BOARDS / "mk3-slam-wall.yaml"), "--attacker", "mauler", "--target", "carnivean",
                   "--power-attack", "slam", "--fury", "1")
    (shredder,) = data["moved"]["collateral"]
    assert shredder["kept_up_by"] is None
    # seed 003 L1830, L1836: the collateral roll is 2d6 + the attacker's STR (the Mauler's 12),
    # against the Shredder's ARM 12 from its card
    assert shredder["roll"] == "2d6 + STR 12" and shredder["armour"] == 12
    assert abs(shredder["p_knocked_down"] - float(Fraction(30, 36) * Fraction(5, 6))) < 1e-12


PUSH_WON = Fraction(26, 36)
"""Seed 001 L1051-1053: a push hits automatically; the Juggernaut's 1d6 + STR 12 against the
Ironclad's 1d6 + STR 11, ties to the pusher, is won 26/36 (as the throw's contest above)."""
PUSH = ("--target", "ironclad", "--power-attack", "push", "--focus", "3")


def _first_bought(data: dict[str, Any]) -> dict[str, Any]:
    step: dict[str, Any] = next(step for step in data["plan"] if step["attack"] == 2)
    return step


def test_a_push_moves_the_target_and_the_attacker_follows() -> None:
    """On an open table a won push moves the Ironclad 1 inch (26/36 of games) and the Juggernaut
    advances the same inch after it (seed 001 L1053), so the bought Ice Axe attacks are made in
    every game; a push deals no damage, and the note says the contest decides the move, not
    damage."""
    data = attack_json("--attacker", "juggernaut", "--edition", "mk2", *PUSH)
    moved = data["moved"]
    assert moved["distance"].keys() == {"0", "1"}
    assert abs(moved["distance"]["1"] - float(PUSH_WON)) < 1e-12
    assert moved["attacker_follows"] is True and abs(moved["p_in_reach_if_moved"] - 1) < 1e-12
    assert abs(_first_bought(data)["reach"] - 1) < 1e-12
    text = run_cli("attack", "--attacker", "juggernaut", "--edition", "mk2", *PUSH).output
    assert "moved:        pushed in 72.2% of games (1\" 72.2%); still in reach of a weapon after the move: 100.0%" \
        in text and "the attacker follows the push" in text
    assert "no damage; the target is moved only after a won contest" in text
    assert "damage only after a won contest" not in text


def test_a_blocked_follow_up_leaves_the_pushed_target_out_of_reach() -> None:
    """tests/boards/mk2-push.yaml: the Juggernaut's follow-up stops on the bystander after 0.3
    inch, 0.7 inch from the pushed Ironclad, beyond the Ice Axe's 1/2 inch: the bought attack is
    made only when the push was resisted (10/36)."""
    data = attack_json("--board", str(BOARDS / "mk2-push.yaml"), "--attacker", "juggernaut", *PUSH)
    assert data["moved"]["p_in_reach_if_moved"] == 0
    assert abs(_first_bought(data)["reach"] - float(1 - PUSH_WON)) < 1e-12
    alone = attack_json("--board", str(BOARDS / "mk2-push.yaml"), "--attacker", "juggernaut-2",
                        "--target", "ironclad-2",
                    "--power-attack", "push", "--focus", "3")
    assert abs(alone["moved"]["p_in_reach_if_moved"] - 1) < 1e-12


def test_a_push_stops_on_any_model_and_is_slowed_by_rough_terrain() -> None:
    """Seed 001 L1057: a model 0.4 inch behind stops the push there (even a smaller base); in
    rough terrain the push goes at half rate, 0.5 inch."""
    for pair, inches in ((("juggernaut-3", "ironclad-3"), "0.4"), (("juggernaut-4", "ironclad-4"), "0.5")):
        data = attack_json("--board", str(BOARDS / "mk2-push.yaml"), "--attacker", pair[0], "--target", pair[1],
                       "--power-attack", "push", "--focus", "3")
        assert data["moved"]["distance"].keys() == {"0", inches}, pair
        assert abs(data["moved"]["distance"][inches] - float(PUSH_WON)) < 1e-12


def test_a_power_strike_is_a_slam_crash_die_and_collateral() -> None:
    """Seed 003 L1852: a power strike slams the model hit, so a crash adds a die (L1456) and the
    models it meets suffer collateral damage (L1476).  tests/boards/mk3-power-strike.yaml: the
    Mountain King (MAT 7 vs DEF 11: 4+ on 2d6, 33/36) strikes the Carnivean into a wall 1 inch
    behind it: 3d6 + STR 16 - ARM 18 kills with 6 boxes left on 3d6 >= 8, 1 - 35/216 = 181/216."""
    data = attack_json("--board", str(BOARDS / "mk3-power-strike.yaml"), "--attacker", "king", "--target", "carnivean",
                   "--power-attack", "power_strike", "--fury", "1", "--marked", "4,4,4,4,4,4")
    assert abs(data["p_destroyed"] - float(Fraction(33, 36) * Fraction(181, 216))) < 1e-12
    assert data["attack_effects"]["collateral"]["value"] == 16
