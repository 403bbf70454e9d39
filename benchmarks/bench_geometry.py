"""Benchmark: line of sight and cover for every ordered pair of models on a full board.

A 48" x 48" MkIV board (deterministic seed) with 120 models on mixed bases and 8 terrain
features (walls, forests, a hill, a cloud, rubble, a trench, an obstruction) placed
without overlaps.  Times, best of several rounds:

* the baseline: a plain shapely ``distance()`` between the two base polygons of every
  ordered pair (14,280 pairs);
* the geometry engine's LOS and DEF modifiers (cover, concealment, elevation, target in
  melee) for every ordered pair, as ``wmdata board query --cover`` computes them.

and prints the time per pair and the ratio to the baseline (same process, same pairs).
The engine uses STRtrees of the terrain and bases over the hull of the two bases and
prepared terrain geometries, and answers pairs with nothing in the way without building
any line; pairs whose 81 sampled lines are all stopped go on to the exact stage (the common
tangents of the bases, or with terrain a separation check and the critical lines of
``wmdata.geometry.sweep``), which costs most of the extra time on blocked pairs.

    python benchmarks/bench_geometry.py [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from shapely.geometry import Point, Polygon, box

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import best_of

from wmdata.cli.options import builtin_registry
from wmdata.engine.table_rules import geometry_rules
from wmdata.geometry.board import Board, Feature, Piece, base_radius
from wmdata.geometry.measure import edge_distance_to_shape
from wmdata.geometry.modifiers import attack_geometry, settle
from wmdata.geometry.rules import GeometryRules

HEIGHTS = {30: 1.75, 40: 2.25, 50: 2.75, 80: 3.25, 120: 5.0}


def terrain() -> tuple[Feature, ...]:
    return (
        Feature("wall-1", "wall", box(10, 14, 10.5, 20), 2.5),
        Feature("wall-2", "wall", box(36, 28, 42, 28.5), 1.0),
        Feature("forest", "forest", Point(24, 36).buffer(3, quad_segs=32), 0, (24, 36, 3)),
        Feature("hill", "hill", Polygon([(30, 8), (36, 8), (37, 12), (31, 13)]), 1),
        Feature("cloud", "cloud", Point(18, 26).buffer(1.5, quad_segs=32), 0, (18, 26, 1.5)),
        Feature("rubble", "rubble", box(6, 36, 10, 40), 0),
        Feature("trench", "trench", box(22, 18, 25, 23), 0),
        Feature("tower", "obstruction", box(40, 38, 43, 41), 4),
    )


def crowded_board(models: int, seed: int) -> Board:
    """``models`` bases placed at random without overlapping each other or solid terrain."""
    rng = random.Random(seed)
    features = terrain()
    solid = [f.shape for f in features if f.kind in ("wall", "obstruction")]
    pieces: list[Piece] = []
    while len(pieces) < models:
        base = rng.choice([30, 30, 30, 40, 40, 50, 50, 80, 120])
        r = base_radius(base)
        candidate = Piece(f"m{len(pieces)}", rng.uniform(r, 48 - r), rng.uniform(r, 48 - r), base, HEIGHTS[base],
                          side=rng.choice("ab"), melee_range=rng.choice([None, 0.5, 1.0, 2.0]))
        if any((p.x - candidate.x) ** 2 + (p.y - candidate.y) ** 2 < (p.radius + r) ** 2 for p in pieces):
            continue
        if any(edge_distance_to_shape(candidate, shape) <= 0 for shape in solid):
            continue
        pieces.append(candidate)
    return Board(48, 48, tuple(pieces), features)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--models", type=int, default=120)
    args = parser.parse_args()
    rules: GeometryRules = geometry_rules(builtin_registry(["mk4"]), "mk4")
    board = settle(crowded_board(args.models, seed=15), rules)
    pairs = [(a, b) for a in board.pieces for b in board.pieces if a.id != b.id]
    discs = {p.id: p.disc() for p in board.pieces}

    def baseline() -> None:
        for a, b in pairs:
            discs[a.id].distance(discs[b.id])

    results: dict[str, int] = {}

    def engine() -> None:
        seen = 0
        for a, b in pairs:
            found = attack_geometry(board, rules, a, b, "ranged")
            seen += found.sight.los
        results["visible"] = seen

    plain = best_of(args.rounds, baseline)
    full = best_of(args.rounds, engine)
    count = len(pairs)
    print(f"board: 48\" x 48\", {len(board.pieces)} models, {len(board.features)} terrain features; "
          f"{count} ordered pairs, {results['visible']} with line of sight")
    print(f"baseline shapely distance(): {plain:.3f} s ({plain / count * 1e6:.1f} us per pair)")
    print(f"LOS + cover (geometry engine): {full:.3f} s ({full / count * 1e6:.1f} us per pair)")
    print(f"ratio engine / baseline: {full / plain:.1f}")


if __name__ == "__main__":
    main()
