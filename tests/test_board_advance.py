"""Plain advancing (``board query --advance A --to X Y --spd N``): rough terrain, obstacles,
obstructions and models passed, and where the model must end, per edition
(tests/boards/mk4-advance.yaml, mk3-advance.yaml, mk2-advance.yaml).  Expected numbers are the
seeds' worked examples where they exist (MkIV rough terrain) and otherwise worked by hand from
the positions and the seed lines each board cites."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.board_support import BOARDS, ask, rules
from tests.conftest import run_cli
from wmdata.cli.options import builtin_registry
from wmdata.engine.board import load_board
from wmdata.geometry.advance import advance
from wmdata.geometry.board import Board, base_radius

R30, R40 = base_radius(30), base_radius(40)


def board_of(name: str, edition: str) -> Board:
    setup = load_board((BOARDS / name).read_bytes(), name, builtin_registry([edition]))
    assert setup.board is not None, setup.problems
    return setup.board


@pytest.mark.parametrize(("model", "to", "moved"), [
    ("courser-in", (30, 10), 4.0),  # seed 000 L5178-5181, EXAMPLE 1: starts in rough, 6 - 2
    ("courser-near", (30, 25), 4.0),  # L5183-5186, EXAMPLE 2: 3" away, advances across it
    ("courser-far", (30, 40), 4.0),  # L5188-5193, EXAMPLE 3: a full advance into it falls short
    ("courser-far", (15, 40), 5.0),  # ... and 5" that stops short of it is not reduced
])
def test_mk4_rough_terrain_examples(model: str, to: tuple[float, float], moved: float) -> None:
    answer = ask("mk4-advance.yaml", "--advance", model, "--to", str(to[0]), str(to[1]), "--spd", "6")
    assert answer["moved"] == pytest.approx(moved)


def test_mk4_obstacle_is_crossed_only_completely() -> None:
    # Seed 000 L5389-5391: 5" to x = 31 puts the whole base past the hedge (x 28-28.5); 3" would
    # end on it, so it stops short, touching it: 28 - R40 - 26.
    crossed = ask("mk4-advance.yaml", "--advance", "walker", "--to", "31", "30", "--spd", "6")
    assert crossed["moved"] == pytest.approx(5) and crossed["passed"] == ["hedge"]
    short = ask("mk4-advance.yaml", "--advance", "walker", "--to", "29", "30", "--spd", "6")
    assert short["moved"] == pytest.approx(28 - R40 - 26) and short["passed"] == []


def test_mk4_flight_ends_completely_on_an_obstruction() -> None:
    # Seed 000 L5336-5342: only Flight or Incorporeal pass an obstruction, and Flight may end on
    # one large enough for its base.  8" toward x = 36 would leave the base hanging off the 2"
    # block; the farthest spot completely on it has the centre R40 inside its far edge, x = 34 - R40.
    board = board_of("mk4-advance.yaml", "mk4")
    flyer = replace(board.piece("flyer"), flight=True)
    result = advance(board, rules("mk4"), flyer, (36, 10), 8)
    assert result.moved == pytest.approx(34 - R40 - 26) and result.ends_on == "block" and result.elevation == 4
    walking = advance(board, rules("mk4"), board.piece("flyer"), (36, 10), 8)
    assert walking.stopped_by == "block" and walking.moved == pytest.approx(32 - R40 - 26)


def test_mk3_flight_cannot_end_on_an_obstruction() -> None:
    # Seed 003 L821 (moves through obstructions) and L3113 (an obstruction cannot be climbed
    # upon): the same advance under MkIII's rules stops short, touching the block.
    board = board_of("mk4-advance.yaml", "mk4")
    flyer = replace(board.piece("flyer"), flight=True)
    result = advance(board, rules("mk3"), flyer, (36, 10), 8)
    assert result.moved == pytest.approx(32 - R40 - 26) and result.ends_on is None


def test_mk4_flight_passes_models_and_must_end_clear_of_them() -> None:
    # Seed 000 L4553-4556: through other models when it gets completely past.  post (30 mm) is at
    # x = 29: ending at 31 is 2" from it (clear); ending at 29.5 would overlap, so it stops touching
    # it, R40 + R30 short of x = 29.  A model without Flight stops there too (L1311-style contact).
    board = board_of("mk4-advance.yaml", "mk4")
    skimmer = replace(board.piece("skimmer"), flight=True)
    clear = advance(board, rules("mk4"), skimmer, (31, 20), 6)
    assert clear.moved == pytest.approx(5) and clear.passed == ["post"]
    short = advance(board, rules("mk4"), skimmer, (29.5, 20), 6)
    assert short.moved == pytest.approx(3 - R40 - R30) and short.passed == []
    walking = advance(board, rules("mk4"), board.piece("skimmer"), (31, 20), 6)
    assert walking.stopped_by == "post" and walking.moved == pytest.approx(3 - R40 - R30)


def test_mk3_rough_terrain_is_half_rate_while_the_base_is_in_it() -> None:
    # Seed 003 L3013: wader touches the mire after 12 - R40 - 10; the rest of its SPD 5 is spent
    # at half rate.
    answer = ask("mk3-advance.yaml", "--advance", "wader", "--to", "30", "10", "--spd", "5")
    free = 12 - R40 - 10
    assert answer["moved"] == pytest.approx(free + (5 - free) / 2)


def test_mk3_incorporeal_ignores_rough_terrain_and_passes_models() -> None:
    # Seed 003 L825: open terrain for it (5" of SPD 5 in the mire); through brute (50 mm at
    # x = 12.5), ending 2.5" past it, clear.
    assert ask("mk3-advance.yaml", "--advance", "ghost", "--to", "30", "20", "--spd", "5")["moved"] == pytest.approx(5)
    through = ask("mk3-advance.yaml", "--advance", "shade", "--to", "15", "30", "--spd", "5")
    assert through["moved"] == pytest.approx(5) and through["passed"] == ["brute"]


def test_mk3_obstacle_crossed_then_obstruction_stops() -> None:
    # Seed 003 L3095 (crossed completely) and L3113 (obstruction): climber crosses the hedge and
    # stops touching the rock at x = 32: 32 - R40 - 26.
    answer = ask("mk3-advance.yaml", "--advance", "climber", "--to", "36", "30", "--spd", "8")
    assert answer["stopped_by"] == "rock" and answer["moved"] == pytest.approx(32 - R40 - 26)
    assert answer["passed"] == ["hedge"]


def test_mk2_incorporeal_moves_through_an_obstruction_and_a_model() -> None:
    # Seed 001 L288: through the tower (x 12-13) and through stander, ending clear of both.
    assert ask("mk2-advance.yaml", "--advance", "wraith", "--to", "16", "10", "--spd", "6")["passed"] == ["tower"]
    past = ask("mk2-advance.yaml", "--advance", "wisp", "--to", "16", "30", "--spd", "6")
    assert past["moved"] == pytest.approx(6) and past["passed"] == ["stander"]


def test_mk2_a_model_stops_at_an_obstruction() -> None:
    # Seed 001 L2421: trooper cannot move through the tower; it stops touching it.
    answer = ask("mk2-advance.yaml", "--advance", "trooper", "--to", "16", "20", "--spd", "6")
    assert answer["stopped_by"] == "tower" and answer["moved"] == pytest.approx(12 - R40 - 10)


def test_an_advance_stops_at_the_table_edge() -> None:
    answer = ask("mk2-advance.yaml", "--advance", "trooper", "--to", "-5", "20", "--spd", "20")
    assert answer["end"] == [pytest.approx(R40), pytest.approx(20)]


def test_a_knocked_down_model_cannot_advance() -> None:
    # Seed 001 L1393: a knocked-down model cannot move.
    board = board_of("mk2-advance.yaml", "mk2")
    with pytest.raises(ValueError, match="knocked down"):
        advance(board, rules("mk2"), replace(board.piece("trooper"), knocked_down=True), (16, 20), 6)


@pytest.mark.parametrize(("args", "code", "message"), [
    (("--advance", "trooper", "--spd", "6"), 2, "--to"),
    (("--advance", "trooper", "--to", "16", "20"), 2, "--spd"),
    (("--distance", "trooper", "wisp", "--to", "1", "2"), 2, "--to"),
    (("--advance", "nobody", "--to", "16", "20", "--spd", "6"), 1, "no model 'nobody'"),
    (("--advance", "trooper", "--to", "nan", "20", "--spd", "6"), 2, "nan"),
])
def test_bad_advance_options(args: tuple[str, ...], code: int, message: str) -> None:
    result = run_cli("board", "query", str(BOARDS / "mk2-advance.yaml"), *args)
    assert result.exit_code == code and message in result.output, result.output
    assert "Traceback" not in result.output
