"""Shared set-up for the board tests: the seed boards' folder, a JSON query on one of them, and
each edition's geometry rules (built once per edition)."""

from __future__ import annotations

import json
from functools import cache

from tests.conftest import ROOT, run_cli
from wmdata.cli.options import builtin_registry
from wmdata.engine.table_rules import geometry_rules
from wmdata.geometry.rules import GeometryRules

BOARDS = ROOT / "tests" / "boards"


def ask(board: str, *args: str) -> dict[str, object]:
    """``wmdata board query BOARD ARGS --json`` on a seed board, which must answer (exit 0)."""
    result = run_cli("board", "query", str(BOARDS / board), *args, "--json")
    assert result.exit_code == 0, result.output
    answer: dict[str, object] = json.loads(result.output)
    return answer


@cache
def rules(edition: str) -> GeometryRules:
    return geometry_rules(builtin_registry([edition]), edition)
