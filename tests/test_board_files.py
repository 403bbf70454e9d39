"""Board files as user input: every invalid example yields exactly the diagnostics stored
beside it (``*.expected``), valid ones none; usage errors exit 2; generated boards never
produce a traceback.

Regenerate the expected files after a deliberate change with
``WMDATA_REGENERATE=1 pytest tests/test_board_files.py`` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import EXAMPLES, ROOT, run_cli
from tests.packs_support import make_pack
from wmdata.cli.options import builtin_registry
from wmdata.engine.board import load_board

INVALID = sorted((EXAMPLES / "invalid" / "boards").glob("*.yaml"))
VALID = sorted((EXAMPLES / "valid" / "boards").glob("*.yaml"))


@pytest.mark.parametrize("case", INVALID, ids=[c.stem for c in INVALID])
def test_invalid_board_reports_exactly(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(case.parent)
    result = run_cli("board", "check", case.name)
    assert result.exit_code == 1
    expected = case.with_suffix(".expected")
    if os.environ.get("WMDATA_REGENERATE"):
        expected.write_text(result.output, encoding="utf-8")
    assert result.output.splitlines() == expected.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("case", VALID, ids=[c.stem for c in VALID])
def test_valid_board_is_clean(case: Path) -> None:
    result = run_cli("board", "check", str(case))
    assert result.exit_code == 0, result.output


def test_the_invalid_cases_cover_the_issue_list() -> None:
    codes = {line.rsplit("(", 1)[-1].rstrip(")") for case in INVALID
             for line in case.with_suffix(".expected").read_text(encoding="utf-8").splitlines() if "[error]" in line}
    assert {"board-overlap", "board-off-table", "board-unknown-model", "board-bad-shape", "schema",
            "yaml-number"} <= codes


def test_query_on_a_bad_board_prints_its_diagnostics_and_exits_1() -> None:
    result = run_cli("board", "query", str(EXAMPLES / "invalid" / "boards" / "overlapping-bases.yaml"),
                     "--distance", "a", "b")
    assert result.exit_code == 1
    assert "(board-overlap)" in result.output


@pytest.mark.parametrize(("args", "message"), [
    ((), "give exactly one of"),
    (("--distance", "sabbreth", "courser", "--los", "sabbreth", "courser"), "give exactly one of"),
    (("--aoe", "courser"), "--aoe needs --size"),
    (("--spray", "sabbreth", "courser"), "--spray needs --template"),
    (("--charge", "sabbreth", "courser"), "--charge needs --spd"),
    (("--aoe", "courser", "--size", "3", "--deviation-roll", "2"), "add --miss"),
])
def test_usage_errors_exit_2(args: tuple[str, ...], message: str) -> None:
    result = run_cli("board", "query", str(ROOT / "tests" / "boards" / "mk4-los-sabbreth.yaml"), *args)
    assert result.exit_code == 2
    assert message in result.output


def test_unknown_model_on_the_board_exits_1() -> None:
    result = run_cli("board", "query", str(ROOT / "tests" / "boards" / "mk4-los-sabbreth.yaml"),
                     "--distance", "sabbreth", "nobody")
    assert result.exit_code == 1
    assert "no model 'nobody' on the board" in result.output


numbers = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**6, 10**6),
                    st.sampled_from([0, 1, 24, 48, -1, 1e9]))
scalars = st.one_of(numbers, st.text(max_size=8), st.booleans(), st.none())
model = st.fixed_dictionaries({"id": st.sampled_from(["a", "b", "c", "bad id"]), "x": numbers, "y": numbers},
                              optional={"base": st.sampled_from([30, 40, 50, 80, 120, 33, "x"]),
                                        "content": st.sampled_from(["courser", "nope", 3]),
                                        "facing": numbers, "elevation": numbers,
                                        "states": st.lists(scalars, max_size=2)})
feature = st.fixed_dictionaries({"id": st.sampled_from(["t", "u", "a"]),
                                 "kind": st.sampled_from(["hill", "forest", "wall", "lava", "crater"])},
                                optional={"height": numbers,
                                          "points": st.lists(st.lists(numbers, min_size=1, max_size=3), max_size=5),
                                          "circle": st.fixed_dictionaries({"x": numbers, "y": numbers,
                                                                           "radius": numbers})})
boards = st.fixed_dictionaries(
    {"edition": st.sampled_from(["mk2", "mk3", "mk4", "mk5"]),
     "table": st.fixed_dictionaries({"width": numbers, "height": numbers})},
    optional={"models": st.lists(model, max_size=4), "terrain": st.lists(feature, max_size=3),
              "extra": scalars})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards)
def test_generated_boards_never_raise(document: dict[str, object]) -> None:
    raw = yaml.safe_dump(document).encode()
    setup = load_board(raw, "fuzz.yaml", builtin_registry(["mk4"]))
    assert (setup.board is None) == bool(setup.problems)
    for problem in setup.problems:
        assert problem.line >= 1 and problem.col >= 1 and problem.file == "fuzz.yaml"


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_never_raise(raw: bytes) -> None:
    setup = load_board(raw, "bytes.yaml", builtin_registry(["mk4"]))
    assert setup.board is None and setup.problems


def test_board_models_may_come_from_a_pack(tmp_path: Path) -> None:
    """``--content PACK`` adds the pack's models to what a board may name (and what --board attacks use)."""
    source = tmp_path / "solos.yaml"
    source.write_text("edition: mk2\nkind: models\nfaction: cygnar\nentries:\n"
                      "  - id: storm-chaser\n    name: Storm Chaser\n    source: own work\n    type: solo\n"
                      "    fa: 2\n    cost: 2\n    base: 40\n"
                      "    stats: {SPD: 6, STR: 5, MAT: 6, RAT: 6, DEF: 14, ARM: 12, CMD: 8}\n", encoding="utf-8")
    pack = make_pack(tmp_path / "pack", [source], "mk2")
    board = tmp_path / "board.yaml"
    board.write_text("edition: mk2\ntable: {width: 48, height: 48}\n"
                     "models:\n  - {id: chaser, content: storm-chaser, x: 10, y: 10}\n", encoding="utf-8")
    assert run_cli("board", "check", str(board)).exit_code == 1
    assert run_cli("board", "check", str(board), "--content", str(pack)).exit_code == 0
    answer = run_cli("board", "query", str(board), "--content", str(pack), "--distance", "chaser", "chaser")
    assert answer.exit_code == 0 and '0.000"' in answer.output
