"""Blast damage and trenches or craters: a model completely within trench templates (MkII seed 001
L2461, L2471; MkIII seed 003 L3091, L3103; MkIV seed 000 L5435-5437) or a MkIV crater (seed 000
L5277-5279) suffers no blast damage unless the origin of the damage is in a template it touches (a
crater it is in).  The origin of an AOE's blast is its point of impact (seed 001 L1407, seed 003
L1656, L2078); MkIV has no template, and the model hit is taken as the origin (unconfirmed).

Boards: tests/boards/mk3-blast-shelter.yaml, mk4-blast-shelter.yaml (the same two adjoining
templates, x 20-23 and 23-26, y 17.5-22.5, plus a crater of radius 2.5 round (35, 30)) and
mk2-blast-shelter.yaml (a Redeemer, a bare base `hit` and Vladimir down in trench-1).  Every
expected answer is worked out by hand below from the positions (30 mm radius 0.5906", two of them
1.1811"; 40 mm radius 0.7874").
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from tests.board_support import BOARDS, ask, rules
from tests.conftest import run_cli
from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.shelter import sheltered

MK2 = str(BOARDS / "mk2-blast-shelter.yaml")
SKYHAMMER = ("--board", MK2, "--attacker", "redeemer", "--weapon", "Skyhammer", "--target", "vladimir", "--blast")


def spared(answer: dict[str, Any]) -> dict[str, list[str]]:
    return {s["id"]: s["features"] for s in answer["spared"]}


def test_mk3_direct_hit_outside_the_trench_spares_the_model_down_in_it() -> None:
    """A 4" template (radius 2) on `outside` (18.5, 20): down-1 (21, 20) is 2.5 <= 2 + 0.5906 away,
    half (20, 21.5) is sqrt(1.5^2 + 1.5^2) = 2.121 away: both under it; straddle (23, 19) is 4.61
    away: not.  down-1 lies completely within trench-1 and the point of impact is 1.5" short of it."""
    answer = ask("mk3-blast-shelter.yaml", "--aoe", "outside", "--size", "4")
    assert answer["hit"] == ["outside", "half", "down-1"]
    assert spared(answer) == {"down-1": ["trench-1"]}  # half is only partly in it (seed 003 L3105)
    assert answer["spared"][0]["source"].startswith("seed 003 L3091, L3103")


def test_mk3_deviation_into_one_template_spares_only_the_other_one() -> None:
    """Missed, from gunner (5, 20) at outside (18.5, 20): 12.319" apart, so the cap is 6.16"; face 1
    goes long (+x) 4" to (22.5, 20), inside trench-1.  Under the template (within 2.5906" of it):
    down-1 (1.5), straddle (sqrt(0.25 + 1) = 1.118), down-2 (2.1); not half (2.915) nor outside (4).
    down-1 and straddle touch trench-1, where the point is; down-2 touches only trench-2."""
    answer = ask("mk3-blast-shelter.yaml", "--aoe", "outside", "--size", "4", "--miss", "--from", "gunner",
                 "--rng", "14", "--deviation-roll", "1", "--distance-roll", "4")
    assert answer["centre"] == [22.5, 20.0]
    assert answer["hit"] == ["down-1", "straddle", "down-2"]
    assert spared(answer) == {"down-2": ["trench-2"]}


def test_mk2_deviation_onto_the_model_in_the_trench_spares_nobody() -> None:
    """MkII, a 3" template: on `hit` (19, 20) Vladimir (21, 20) is 2 <= 1.5 + 0.5906 away and spared;
    a miss from the Redeemer going long 2" lands on (21, 20), in trench-1: nobody is spared."""
    direct = ask("mk2-blast-shelter.yaml", "--aoe", "hit", "--size", "3")
    assert direct["hit"] == ["hit", "vladimir"]
    assert spared(direct) == {"vladimir": ["trench-1"]}
    assert direct["spared"][0]["source"].startswith("seed 001 L2461, L2471")
    missed = ask("mk2-blast-shelter.yaml", "--aoe", "hit", "--size", "3", "--miss", "--from", "redeemer",
                 "--rng", "14", "--deviation-roll", "1", "--distance-roll", "2")
    assert missed["centre"] == [21.0, 20.0]
    assert missed["hit"] == ["hit", "vladimir"] and missed["spared"] == []


@pytest.mark.parametrize(("target", "size", "hit", "expected", "why"), [
    # edge distances from outside: half sqrt(1.5^2+1.5^2)-1.1811 = 0.940, down-1 2.5-1.1811 = 1.319,
    # straddle sqrt(4.5^2+1)-1.1811 = 3.429 (beyond 3")
    ("outside", "3", ["outside", "half", "down-1"], {"down-1": ["trench-1"]},
     "000 L5435-5437: outside does not touch trench-1"),
    # from down-1: half 0.622, straddle sqrt(5)-1.1811 = 1.055, outside 1.319, down-2 3.6-1.1811 = 2.419
    ("down-1", "4", ["down-1", "half", "straddle", "outside", "down-2"], {"down-2": ["trench-2"]},
     "000 L5437: down-1 is in trench-1, which straddle touches and down-2 does not"),
    # rim-target (38.2, 30) to crater-in (35, 30): 3.2-0.5906-0.7874 = 1.822; its edge is 0.109" outside the crater;
    # crater-edge (35, 27.1): 4.319-1.1811 = 3.14 away (beyond 3")
    ("rim-target", "3", ["rim-target", "crater-in"], {"crater-in": ["crater-1"]},
     "000 L5277-5279: the model hit is not in the crater"),
    # crater-edge's base reaches 0.19" into the crater; crater-in is 2.9-1.378 = 1.522 away
    ("crater-edge", "3", ["crater-edge", "crater-in"], {}, "000 L5278-5279: the model hit is in the crater"),
])
def test_mk4_blast_from_the_model_hit(target: str, size: str, hit: list[str], expected: dict[str, list[str]],
                                      why: str) -> None:
    answer = ask("mk4-blast-shelter.yaml", "--aoe", target, "--size", size)
    assert answer["hit"] == hit, why
    assert spared(answer) == expected, why


def test_mk4_missed_target_is_never_spared_its_own_blast() -> None:
    """A miss in range blasts only the target (seed 000 L2847-2848), the origin itself."""
    answer = ask("mk4-blast-shelter.yaml", "--aoe", "down-1", "--size", "4", "--miss", "--from", "gunner",
                 "--rng", "20")
    assert answer["hit"] == ["down-1"] and answer["spared"] == []


def test_the_text_answer_gives_the_reason_and_the_seed_lines() -> None:
    result = run_cli("board", "query", str(BOARDS / "mk4-blast-shelter.yaml"), "--aoe", "rim-target", "--size", "3")
    assert result.exit_code == 0, result.output
    assert ("no blast damage: crater-in is completely within crater crater-1, and the origin of the blast damage "
            "(the model hit, rim-target) is not in it (seed 000 L5277-5279)") in result.output


def _attack(*args: str) -> Any:
    result = run_cli("attack", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_attack_on_a_spared_target_deals_nothing_and_says_why() -> None:
    data = _attack(*SKYHAMMER, "--blast-from", "hit")
    assert data["damage_distribution"] == {"0": 1.0} and data["expected_damage"] == 0
    assert "sheltered_from_blast" in data["first_damage"]
    text = run_cli("attack", *SKYHAMMER, "--blast-from", "hit").output
    assert "sheltered_from_blast: vladimir is completely within trench trench-1, and the origin of the blast " \
           "damage (the point of impact (19.000, 20.000)) is not in it (seed 001 L2461" in text


def test_attack_from_a_point_in_the_trench_deals_the_blast() -> None:
    """Skyhammer POW 12, blast 2d6 + 6 against Vladimir's ARM 16: 1 point on an 11 (2/36), 2 on a 12
    (1/36): 4/36 expected, as without any trench."""
    data = _attack(*SKYHAMMER, "--point-of-impact", "21.5", "20")
    assert abs(data["damage_distribution"]["1"] - 2 / 36) < 1e-12
    assert abs(data["damage_distribution"]["2"] - 1 / 36) < 1e-12
    assert abs(data["expected_damage"] - 4 / 36) < 1e-12


def test_explain_attack_lists_the_shelter() -> None:
    result = run_cli("explain-attack", *SKYHAMMER, "--blast-from", "hit")
    assert result.exit_code == 0, result.output
    assert "sheltered_from_blast: vladimir is completely within trench trench-1" in result.output


@pytest.mark.parametrize(("args", "code", "message"), [
    ((), 1, "vladimir is completely within trench-1, which spares it blast damage from an origin outside: give "
            "--blast-from MODEL"),
    (("--blast-from", "vladimir"), 1, "the model an AOE template is centred on suffers a direct hit"),
    (("--blast-from", "nobody"), 1, "--blast-from: no model 'nobody' on"),
    (("--point-of-impact", "60", "20"), 1, "--point-of-impact (60, 20) is off the 48 x 48 inch table"),
    (("--point-of-impact", "nan", "20"), 2, "is not a finite number"),
    (("--blast-from", "hit", "--point-of-impact", "21", "20"), 2, "give --blast-from or --point-of-impact, not both"),
])
def test_bad_blast_origins(args: tuple[str, ...], code: int, message: str) -> None:
    result = run_cli("attack", *SKYHAMMER, *args)
    assert result.exit_code == code and message in result.output, result.output
    assert "Traceback" not in result.output


def test_an_origin_needs_a_blast_on_a_board() -> None:
    no_blast = run_cli("attack", *SKYHAMMER[:-1], "--blast-from", "hit")
    assert no_blast.exit_code == 2 and "it needs --blast and --board" in no_blast.output
    no_board = run_cli("explain-attack", "--attacker", "redeemer", "--weapon", "Skyhammer", "--target", "vladimir",
                       "--blast", "--point-of-impact", "1", "1")
    assert no_board.exit_code == 2 and "it needs --blast and --board" in no_board.output


def test_mk4_has_no_point_of_impact() -> None:
    result = run_cli("attack", "--board", str(BOARDS / "mk4-attack.yaml"), "--attacker", "stryker", "--weapon",
                     "Electro Bombard", "--target", "open", "--blast", "--point-of-impact", "1", "1")
    assert result.exit_code == 1 and "this edition's AOE has no point of impact" in result.output


# --- invariants ---------------------------------------------------------------------------

TEMPLATES = tuple(Feature(f"trench-{i}", "trench", box(10 + 3 * i, 10, 13 + 3 * i, 15)) for i in range(3))
"""Three adjoining 3" x 5" templates in a row, x 10-19, y 10-15."""

coordinate = st.floats(8, 21, allow_nan=False)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["mk2", "mk3", "mk4"]), coordinate, st.floats(9, 16), st.sampled_from([30, 40, 50]),
       coordinate, st.floats(9, 16), st.integers(0, 2), st.floats(0, 1), st.floats(0, 1))
def test_an_origin_moved_into_a_trench_never_spares_more(edition: str, x: float, y: float, base: int, ox: float,
                                                         oy: float, template: int, u: float, v: float) -> None:
    """Whoever an origin inside a trench template spares, an origin in no template spares too; and
    an origin at the model's own centre never spares it (its centre is in a template it touches)."""
    table, board = rules(edition), Board(30, 30, (), TEMPLATES)
    piece = Piece("m", x, y, base, 1.75)
    left, bottom, _, _ = TEMPLATES[template].shape.bounds
    inside = (left + 3 * u, bottom + 5 * v)
    outside = (ox, oy) if not any(f.shape.intersects(box(ox, oy, ox, oy)) for f in TEMPLATES) else (5.0, 5.0)
    if sheltered(board, table, piece, inside) is not None:
        assert sheltered(board, table, piece, outside) is not None
    assert sheltered(board, table, piece, piece.centre) is None
