"""The MkII thrower picks the direction of the throw (seed 001 L1109: any direction away from
it); MkIII and MkIV throw directly away (seed 003 L1890, seed 000 L2485-2488).  On a board the
optimal policy tries a finite set of headings (directly away, at each model and feature the throw
could reach, the two edges of the allowed directions) and keeps the one that kills most often;
without a board it throws directly away and says why that is as good as any where it is.
Expected numbers are worked out by hand in the docstrings.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

from tests.attack_support import attack_json
from tests.board_support import rules
from tests.conftest import run_cli
from wmdata.geometry.board import Board, Piece
from wmdata.geometry.throw_aims import throw_aims

BOARDS = Path(__file__).parent / "boards"
THROW = ("--attacker", "juggernaut", "--target", "ironclad", "--power-attack", "throw", "--focus", "3")



def test_the_thrower_aims_the_ironclad_at_the_wall_beside_it() -> None:
    """tests/boards/mk2-throw-heading.yaml: thrown 80 degrees off directly away, square at the
    wall 0.1 inch from its base, every throw (6 inches, deviating at most 3: within 30 degrees of
    the heading) stops on the wall after at most 0.1 / cos 30 = 0.1155 inch, so the Ironclad stays
    in the Ice Axe's 1/2 inch reach and the bought attacks meet it knocked down: they hit
    automatically (seed 001 L1393).  The last bought attack (no focus left) then kills with k
    boxes left when 2d6 + P+S 19 - ARM 18 reaches k: with 7 boxes 2d6 >= 6 is 26/36, with 6 boxes
    30/36, with 5 boxes 33/36.  Directly away, the Ironclad flies past the wall's end or meets it
    further off: the heading at the wall kills more often, and the output says so."""
    data = attack_json("--board", str(BOARDS / "mk2-throw-heading.yaml"), *THROW, "--marked", "4,4,4,4,4,0")
    moved = data["moved"]
    chosen = moved["throw_heading"]["chosen"]
    assert abs(chosen["offset"] - 80) < 1e-4 and chosen["aim"] == "at wall (obstruction)"
    assert moved["p_in_reach_if_moved"] == 1
    assert all(float(inches) <= 0.1 / math.cos(math.radians(30)) + 1e-6 for inches in moved["distance"])
    tried = {h["aim"]: h["p_destroyed"] for h in moved["throw_heading"]["tried"]}
    assert tried["directly away"] < chosen["p_destroyed"] and abs(chosen["p_destroyed"] - data["p_destroyed"]) < 1e-12
    last = [step for step in data["plan"] if step["attack"] == 3 and step["knocked_down"]]
    assert last, data["plan"]
    kills = {row["boxes_left"]: row["kill"] for row in last[0]["by_boxes_left"]}
    for left, want in ((7, Fraction(26, 36)), (6, Fraction(30, 36)), (5, Fraction(33, 36))):
        assert abs(kills[left] - float(want)) < 1e-12, (left, kills)
    text = run_cli("attack", "--board", str(BOARDS / "mk2-throw-heading.yaml"), *THROW, "--marked",
                   "4,4,4,4,4,0").output
    assert "throw heading: +80.0 degrees off directly away (at wall (obstruction))" in text


def test_a_considered_throw_picks_the_heading_as_the_power_attack_does() -> None:
    """The same throw plan on the same board and resources (3 focus, 1 paid for the throw, seed
    001 L1013, then Ice Axe attacks bought with the rest, seed 001 L915) gets one kill chance
    whether it is asked for with --power-attack throw or weighed beside the weapon plan with
    --consider-power-attack throw: both pick the heading at the wall (+80 degrees, the previous
    test's hand count), not directly away, where the Ironclad is lost from the Ice Axe's reach more
    often.  Without a board neither picks a heading (the open-table test below says why)."""
    board = ("--board", str(BOARDS / "mk2-throw-heading.yaml"))
    marked = ("--marked", "4,4,4,4,4,0")
    planned = attack_json(*board, *THROW, *marked)
    considered = attack_json(*board, "--attacker", "juggernaut", "--target", "ironclad", "--weapon", "Ice Axe",
                             "--focus", "3", *marked, "--consider-power-attack", "throw")
    option = considered["power_attack_options"]["options"][0]
    assert option["power_attack"] == "throw" and option["paid"] == 1
    assert abs(option["p_destroyed"] - planned["p_destroyed"]) < 1e-12, (option["p_destroyed"],
                                                                         planned["p_destroyed"])
    heading = option["throw_heading"]
    assert heading == planned["moved"]["throw_heading"]
    away = next(h for h in heading["tried"] if h["aim"] == "directly away")
    assert abs(heading["chosen"]["offset"] - 80) < 1e-4 and away["p_destroyed"] < option["p_destroyed"]
    text = run_cli("attack", *board, "--attacker", "juggernaut", "--target", "ironclad", "--weapon", "Ice Axe",
                   "--focus", "3", *marked, "--consider-power-attack", "throw").output
    assert "in reach; throw heading: +80.0 degrees off directly away (at wall (obstruction))" in text
    table = attack_json("--attacker", "juggernaut", "--target", "ironclad", "--weapon", "Ice Axe", "--focus", "3",
                        "--edition", "mk2", "--consider-power-attack", "throw")
    assert table["power_attack_options"]["options"][0]["throw_heading"] is None


def test_candidate_headings_are_directly_away_the_edges_and_each_thing_in_reach() -> None:
    """A 50 mm thrower base to base with a 50 mm model, STR 12: 6 inches, deviating at most 3
    (seed 001 L1113), so a model whose edge is within 9 inches of the thrown model is a candidate,
    one 20 inches off is not; MkII allows headings under 90 degrees off directly away
    (content/mk2 ruleset throw.away_within_degrees, unconfirmed), so the edges are +-89.5 and a
    model behind the thrower (180 degrees off) is none."""
    thrower, thrown = Piece("a", 10, 10, 50, 2.75), Piece("b", 11.9685039370, 10, 50, 2.75)
    near, far, behind = Piece("near", 13, 14, 30, 1.75), Piece("far", 33, 10, 30, 1.75), Piece("back", 5, 10, 30, 1.75)
    board = Board(48, 48, (thrower, thrown, near, far, behind))
    aims = {aim: offset for offset, aim in throw_aims(board, rules("mk2"), thrower, thrown, 12)}
    assert set(aims) == {"directly away", "the counter-clockwise edge of the allowed directions",
                         "the clockwise edge of the allowed directions", "at near"}
    assert abs(aims["at near"] - math.degrees(math.atan2(4, 13 - 11.9685039370))) < 1e-9
    assert aims["directly away"] == 0 and abs(aims["the clockwise edge of the allowed directions"] + 89.5) < 1e-9
    # MkIII and MkIV: no heading to pick
    assert throw_aims(Board(48, 48, (thrower, thrown, near)), rules("mk3"), thrower, thrown, 12) == [
        (0.0, "directly away")]


def test_on_an_open_table_directly_away_is_as_good_as_any() -> None:
    """Without a board the Juggernaut (STR 12) throws the Ironclad directly away.  Any heading
    under 90 degrees off puts the intended point at least sqrt(D^2 + 6^2) from the thrower's
    centre, D = 1.9685 (the two 50 mm radii, base to base): 6.3147; less the most it deviates (3)
    and both radii, the Ironclad lands at least 1.35 inches away, beyond the Ice Axe's 1/2 inch,
    and an open table has nothing to stop it: every heading kills as often."""
    text = run_cli("attack", *THROW, "--edition", "mk2").output
    assert ("throw heading: directly away; on an open table any heading is as good: whichever the thrower picks, "
            "the target lands at least 1.35\" from it, beyond every weapon's reach (0.5\")") in text
