"""Benchmark: the rule of least disturbance on dense crowds of 4-6 models, proven or not.

The crowds are the test suite's generated ones (``tests/test_disturbance_joint.py``,
``dense_crowd``): an 80 or 120 mm base dropped among 30/40 mm models until 4-6 are under it,
with a few neighbours that stay put, on a 12" table.  For the seeds asked for (default 0-39) it
times, best of several rounds:

* the baseline: placing the models under the base one by one, in one order, each at its nearest
  legal spot (what a player would do without the rule's least *total*);
* the joint placement (``least_disturbance``): one-by-one placements in every order, improved
  pair by pair, then the branch and bound that proves the least total within 0.001".

and prints how many crowds were proven within 0.001", the largest gap left, the time per crowd
and the ratio to the baseline (same process, same crowds).

    python benchmarks/bench_disturbance.py [--rounds N] [--seeds N]
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import best_of

from tests.test_disturbance_joint import dense_crowd, under_of
from wmdata.cli.options import builtin_registry
from wmdata.engine.table_rules import geometry_rules
from wmdata.geometry.board import Board, Piece
from wmdata.geometry.disturbance import least_disturbance, nearest_spot
from wmdata.geometry.jointplace import PROVEN_WITHIN


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=40)
    args = parser.parse_args()
    rules = geometry_rules(builtin_registry(["mk2"]), "mk2")
    crowds: list[tuple[Board, Piece, list[Piece]]] = []
    for seed in range(args.seeds):
        board = dense_crowd(seed)
        mover = board.piece("mover")
        under = under_of(mover, [p for p in board.pieces if p.id != mover.id])
        if 4 <= len(under) <= 6:
            crowds.append((board, mover, under))
    gaps: list[float] = []

    def baseline() -> None:
        for board, _, under in crowds:
            fixed = [p for p in board.pieces if p not in under]
            for piece in under:
                spot, _ = nearest_spot(board, rules, piece, fixed)
                if spot is not None:
                    fixed.append(Piece(piece.id, spot[0], spot[1], piece.base_mm, piece.height))

    def joint() -> None:
        gaps.clear()
        for board, mover, _ in crowds:
            settled = least_disturbance(board, rules, mover, list(board.pieces))
            gaps.append(math.inf if settled.within is None else settled.within)

    plain = best_of(args.rounds, baseline)
    full = best_of(args.rounds, joint)
    proven = sum(gap <= PROVEN_WITHIN + 1e-12 for gap in gaps)
    sizes = sorted({len(under) for _, _, under in crowds})
    print(f"crowds: {len(crowds)} of seeds 0-{args.seeds - 1} with 4-6 models under the dropped base "
          f"(sizes {', '.join(map(str, sizes))})")
    print(f"proven within {PROVEN_WITHIN:g}\": {proven} of {len(crowds)}; largest gap {max(gaps):.4f}\"")
    print(f"baseline one by one, one order: {plain:.3f} s ({plain / len(crowds) * 1e3:.1f} ms per crowd)")
    print(f"joint least total: {full:.3f} s ({full / len(crowds) * 1e3:.1f} ms per crowd)")
    print(f"ratio joint / baseline: {full / plain:.1f}")


if __name__ == "__main__":
    main()
