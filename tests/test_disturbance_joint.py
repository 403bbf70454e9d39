"""The rule of least disturbance for several models at once (seed 001 L1431, seed 003 L1514,
seed 000 L1782-1788: "the lowest total distance moved for all models", then randomize among
equal options): the joint placement against an independent brute force over a grid of spots
for both models, with a proven error bound, on crowds where placing the models one after the
other, in either order, is not the least total."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.board_support import rules
from wmdata.geometry.board import Board, Piece
from wmdata.geometry.disturbance import least_disturbance, nearest_spot
from wmdata.geometry.jointplace import PROVEN_WITHIN

STEP = 0.01
TABLE = 12.0
# Two crowds round a huge base dropped at (6, 6) on a 12" table; the other models stay put.
CROWDS = {
    "two-40mm-between-neighbours": [("m0", 3.98, 9.38, 40), ("m1", 8.72, 3.97, 40), ("m2", 4.83, 4.12, 40),
                                    ("m3", 5.68, 5.7, 40), ("m4", 9.28, 8.89, 30), ("m6", 2.57, 5.29, 30),
                                    ("m10", 5.82, 9.27, 30)],
    "a-40mm-squeezed-by-a-40mm": [("m0", 6.562, 2.941, 30), ("m1", 8.609, 4.579, 40), ("m4", 3.498, 4.071, 40),
                                  ("m5", 8.892, 7.136, 30), ("m6", 6.535, 5.263, 40)],
}


def crowd(name: str) -> tuple[Board, Piece, list[Piece], list[Piece]]:
    mover = Piece("mover", 6, 6, 120, 2)
    others = [Piece(pid, x, y, base, 2) for pid, x, y, base in CROWDS[name]]
    under = [o for o in others if math.hypot(o.x - 6, o.y - 6) < o.radius + mover.radius]
    fixed = [mover, *(o for o in others if o not in under)]
    return Board(TABLE, TABLE, (mover, *others)), mover, under, fixed


def grid(piece: Piece, fixed: list[Piece], reach: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Spots STEP apart within ``reach`` (+ STEP) of the piece: their coordinates, cost (distance
    moved), whether the spot is legal, and whether its STEP-square cell may hold a legal spot
    (a spot deeper than half the cell's diagonal inside a base's keep-out circle or off the table
    has its whole cell there)."""
    n = math.ceil(reach / STEP) + 1
    span = np.arange(-n, n + 1) * STEP
    xs, ys = np.meshgrid(piece.x + span, piece.y + span)
    xs, ys = xs.ravel(), ys.ravel()
    cost = np.hypot(xs - piece.x, ys - piece.y)
    keep = cost <= reach + STEP
    xs, ys, cost = xs[keep], ys[keep], cost[keep]
    half = STEP / math.sqrt(2)
    r = piece.radius
    legal = (xs >= r) & (xs <= TABLE - r) & (ys >= r) & (ys <= TABLE - r)
    maybe = (xs >= r - STEP / 2) & (xs <= TABLE - r + STEP / 2) & (ys >= r - STEP / 2) & (ys <= TABLE - r + STEP / 2)
    for other in fixed:
        gap = np.hypot(xs - other.x, ys - other.y) - (other.radius + r)
        legal &= gap >= 0
        maybe &= gap >= -half
    return np.stack([xs, ys], axis=1), cost, legal, maybe


def pair_minimum(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray], apart: float) -> float:
    """The least cost sum over spot pairs at least ``apart`` from each other (inf: none)."""
    (pa, ca), (pb, cb) = a, b
    best = math.inf
    for start in range(0, len(pa), 2000):
        chunk, chunk_cost = pa[start:start + 2000], ca[start:start + 2000]
        gaps = np.hypot(chunk[:, None, 0] - pb[None, :, 0], chunk[:, None, 1] - pb[None, :, 1])
        totals = np.where(gaps >= apart, chunk_cost[:, None] + cb[None, :], np.inf)
        best = min(best, float(totals.min()) if totals.size else math.inf)
    return best


def brute_force(under: list[Piece], fixed: list[Piece], reach: float) -> tuple[float, float]:
    """(lower, upper) bounds on the least total for the two models: ``upper`` is a legal grid
    arrangement; every arrangement moving each model at most ``reach`` costs at least ``lower``
    (each spot is within half a cell diagonal of its cell's grid spot)."""
    a, b = under
    ga, gb = grid(a, fixed, reach), grid(b, fixed, reach)
    half = STEP / math.sqrt(2)
    apart = a.radius + b.radius
    # a model moves at least its own least (cell) cost, which bounds what the other may move
    least_a, least_b = float(ga[1][ga[3]].min()) - half, float(gb[1][gb[3]].min()) - half
    def within(g: tuple[np.ndarray, ...], mask: np.ndarray, reach_left: float) -> tuple[np.ndarray, np.ndarray]:
        keep = mask & (g[1] <= reach_left)
        return g[0][keep], g[1][keep]

    legal_a, legal_b = within(ga, ga[2], reach - least_b), within(gb, gb[2], reach - least_a)
    maybe_a, maybe_b = within(ga, ga[3], reach - least_b + 2 * half), within(gb, gb[3], reach - least_a + 2 * half)
    upper = pair_minimum(legal_a, legal_b, apart)
    lower = pair_minimum(maybe_a, maybe_b, apart - 2 * half) - 2 * half
    return lower, upper


def one_after_another(board: Board, under: list[Piece], fixed: list[Piece]) -> float:
    """The least total of placing the models one by one, each at its nearest legal spot."""
    totals = []
    for order in itertools.permutations(under):
        placed: list[Piece] = []
        for piece in order:
            spot, _ = nearest_spot(board, rules("mk2"), piece, [*fixed, *placed])
            assert spot is not None
            placed.append(Piece(piece.id, spot[0], spot[1], piece.base_mm, piece.height))
        totals.append(sum(math.hypot(p.x - q.x, p.y - q.y) for p, q in zip(placed, order, strict=True)))
    return min(totals)


@pytest.mark.parametrize(("name", "margin"), [("two-40mm-between-neighbours", 0.05),
                                              ("a-40mm-squeezed-by-a-40mm", None)])
def test_the_joint_least_total_matches_a_brute_force(name: str, margin: float | None) -> None:
    # The second crowd's best spot is a narrow wedge the grid barely reaches (its best legal grid
    # arrangement is longer than one by one, which saves only 0.005"): only the bounds are checked.
    board, mover, under, fixed = crowd(name)
    assert len(under) == 2
    settled = least_disturbance(board, rules("mk2"), mover, list(board.pieces))
    total = sum(d.moved for d in settled.displaced)
    assert settled.within is not None and settled.within <= PROVEN_WITHIN
    assert "least total proven within 0.001\"" in settled.rule
    final = {p.id: p for p in board.pieces} | {d.id: Piece(d.id, *d.end, board.piece(d.id).base_mm, 2)
                                                for d in settled.displaced}
    for a, b in itertools.combinations(final.values(), 2):
        assert math.hypot(a.x - b.x, a.y - b.y) >= a.radius + b.radius - 1e-6
    sequential = one_after_another(board, under, fixed)
    lower, upper = brute_force(under, fixed, sequential)
    assert upper - lower < 0.05  # the grid is fine enough to say something
    # no legal grid arrangement is shorter (beyond the proven tolerance), and nothing at all is
    # shorter than the grid's lower bound
    assert lower - 1e-9 <= total <= upper + PROVEN_WITHIN
    # and placing the models one after the other in either order falls short of the grid's best
    if margin is not None:
        assert sequential > upper + margin
    assert total < sequential - 0.004


@st.composite
def crowds(draw: st.DrawFn) -> tuple[Board, Piece]:
    mover = Piece("mover", 6, 6, draw(st.sampled_from([50, 80, 120])), 2.0)
    others: list[Piece] = []
    for i in range(draw(st.integers(2, 9))):
        piece = Piece(f"m{i}", draw(st.floats(3, 9)), draw(st.floats(3, 9)), draw(st.sampled_from([30, 40])), 2.0)
        if all(math.hypot(piece.x - o.x, piece.y - o.y) >= piece.radius + o.radius for o in others):
            others.append(piece)
    return Board(TABLE, TABLE, (mover, *others)), mover


@settings(max_examples=20, deadline=None)
@given(crowds())
def test_the_joint_total_is_never_longer_than_placing_one_by_one(case: tuple[Board, Piece]) -> None:
    board, mover = case
    under = [p for p in board.pieces if p.id != mover.id
             and math.hypot(p.x - mover.x, p.y - mover.y) < p.radius + mover.radius - 1e-6]
    settled = least_disturbance(board, rules("mk2"), mover, list(board.pieces))
    if len(under) < 2 or settled.unplaced or len(under) > 4:
        return
    fixed = [p for p in board.pieces if p not in under]
    total = sum(d.moved for d in settled.displaced)
    assert total <= one_after_another(board, under, fixed) + 1e-9
    assert settled.within is not None and settled.within >= 0


def dense_crowd(seed: int) -> Board:
    """A 80 or 120 mm base dropped at (6, 6) among 30/40 mm models until 4-6 are under it (each
    overlapping none of the others), with a few 30-50 mm neighbours 3.3-5" out that stay put."""
    rng = random.Random(seed)
    mover = Piece("mover", 6, 6, rng.choice([80, 120]), 2.0)
    want, others = rng.randint(4, 6), []
    for _ in range(5000):
        if len(under_of(mover, others)) >= want:
            break
        base, reach = rng.choice([30, 40]), mover.radius + 0.5
        piece = Piece(f"m{len(others)}", 6 + rng.uniform(-reach, reach), 6 + rng.uniform(-reach, reach), base, 2.0)
        if all(math.hypot(piece.x - o.x, piece.y - o.y) >= piece.radius + o.radius for o in others):
            others.append(piece)
    for _ in range(rng.randint(2, 8)):
        base = rng.choice([30, 40, 50])
        angle, reach = rng.uniform(0, 2 * math.pi), rng.uniform(3.3, 5)
        piece = Piece(f"n{len(others)}", 6 + reach * math.cos(angle), 6 + reach * math.sin(angle), base, 2.0)
        on_table = all(piece.radius <= v <= TABLE - piece.radius for v in (piece.x, piece.y))
        if on_table and all(math.hypot(piece.x - o.x, piece.y - o.y) >= piece.radius + o.radius for o in others):
            others.append(piece)
    return Board(TABLE, TABLE, (mover, *others))


def under_of(mover: Piece, others: list[Piece]) -> list[Piece]:
    return [o for o in others if math.hypot(o.x - mover.x, o.y - mover.y) < o.radius + mover.radius - 1e-6]


def settled_legally(board: Board) -> float:
    """Settle the dense crowd; check every base ends clear of the others and on the table, and that
    the total is proven least within the tolerance; the total moved."""
    mover = board.piece("mover")
    settled = least_disturbance(board, rules("mk2"), mover, list(board.pieces))
    assert not settled.unplaced and settled.within is not None and settled.within <= PROVEN_WITHIN
    assert "least total proven within 0.001\"" in settled.rule
    final = {p.id: p for p in board.pieces} | {d.id: Piece(d.id, *d.end, board.piece(d.id).base_mm, 2)
                                                for d in settled.displaced}
    for a, b in itertools.combinations(final.values(), 2):
        assert math.hypot(a.x - b.x, a.y - b.y) >= a.radius + b.radius - 1e-6
    assert all(p.radius - 1e-9 <= v <= TABLE - p.radius + 1e-9 for p in final.values() for v in (p.x, p.y))
    return sum(d.moved for d in settled.displaced)


# Crowds the search used to leave unproven after its 2000 splits ("not proven: within N"): the
# gaps it reported were 0.003" (3), 0.228" (6), 0.036" (28) and 0.031" (37).
@pytest.mark.parametrize("seed", [3, 6, 28, 37])
def test_dense_crowds_of_four_to_six_are_proven(seed: int) -> None:
    board = dense_crowd(seed)
    mover = board.piece("mover")
    under = under_of(mover, [p for p in board.pieces if p.id != "mover"])
    assert 4 <= len(under) <= 6
    total = settled_legally(board)
    fixed = [p for p in board.pieces if p not in under]
    for order in (under, under[::-1]):  # never longer than one by one (each order computed here)
        placed: list[Piece] = []
        for piece in order:
            spot, _ = nearest_spot(board, rules("mk2"), piece, [*fixed, *placed])
            assert spot is not None
            placed.append(Piece(piece.id, spot[0], spot[1], piece.base_mm, piece.height))
        assert total <= sum(math.hypot(p.x - q.x, p.y - q.y) for p, q in zip(placed, order, strict=True)) + 1e-9


def two_pairs(seed: int) -> Board:
    """A 120 mm base dropped at (6, 6) on two pairs of 30/40 mm models on opposite sides of it
    (pair ``u0`` within 35 degrees of a random bearing, ``u1`` of the opposite one), each hemmed in
    by up to three 30-50 mm neighbours 3.2-4.2" out that stay put."""
    rng = random.Random(seed)
    mover, others = Piece("mover", 6, 6, 120, 2.0), []
    bearing = rng.uniform(0, 360)
    for side, centre in enumerate((bearing, bearing + 180)):
        for kind, count in (("u", 2), ("n", 3)):
            for index in range(count):
                for _ in range(200):
                    angle = math.radians(centre + rng.uniform(-35, 35) if kind == "u" else
                                         centre + rng.uniform(-70, 70))
                    base = rng.choice([30, 40]) if kind == "u" else rng.choice([30, 40, 50])
                    radius = Piece("probe", 0, 0, base, 2).radius
                    reach = (rng.uniform(mover.radius - radius + 0.2, mover.radius + radius - 0.1) if kind == "u"
                             else rng.uniform(3.2, 4.2))
                    piece = Piece(f"{kind}{side}{index}", 6 + reach * math.cos(angle), 6 + reach * math.sin(angle),
                                  base, 2.0)
                    if all(math.hypot(piece.x - o.x, piece.y - o.y) >= piece.radius + o.radius for o in others):
                        others.append(piece)
                        break
    return Board(TABLE, TABLE, (mover, *others))


def best_pair(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray],
              apart: float) -> tuple[float, list[tuple[float, float]]]:
    """The least cost sum over spot pairs at least ``apart`` from each other, and those two spots."""
    (pa, ca), (pb, cb) = a, b
    best: tuple[float, list[tuple[float, float]]] = (math.inf, [])
    for start in range(0, len(pa), 2000):
        chunk, chunk_cost = pa[start:start + 2000], ca[start:start + 2000]
        gaps = np.hypot(chunk[:, None, 0] - pb[None, :, 0], chunk[:, None, 1] - pb[None, :, 1])
        totals = np.where(gaps >= apart, chunk_cost[:, None] + cb[None, :], np.inf)
        if totals.size and float(totals.min()) < best[0]:
            i, j = divmod(int(totals.argmin()), totals.shape[1])
            best = (float(totals[i, j]), [(float(chunk[i, 0]), float(chunk[i, 1])), (float(pb[j, 0]), float(pb[j, 1]))])
    return best


@pytest.mark.parametrize("seed", [6, 33])
def test_two_separate_pairs_match_the_grid_brute_force(seed: int) -> None:
    # Four models under the base, two on each side.  Leaving out the other pair can only shorten a
    # pair's least total, so the two pairs' grid lower bounds add up to a lower bound on the four;
    # the two grid-best pair arrangements, checked here not to overlap, are together a legal
    # arrangement of the four, so their sum bounds it from above.  The search used to stop at
    # 2000 splits on these crowds, not proven (within 0.0036" and 0.019").
    board = two_pairs(seed)
    mover = board.piece("mover")
    under = under_of(mover, [p for p in board.pieces if p.id != "mover"])
    fixed = [p for p in board.pieces if p not in under]
    pairs = [[p for p in under if p.id.startswith(f"u{side}")] for side in (0, 1)]
    assert [len(pair) for pair in pairs] == [2, 2] and len(under) == 4
    total = settled_legally(board)
    lower = upper = 0.0
    spots: list[tuple[Piece, tuple[float, float]]] = []
    half = STEP / math.sqrt(2)
    for a, b in pairs:
        reach = one_after_another(board, [a, b], fixed)
        ga, gb = grid(a, fixed, reach), grid(b, fixed, reach)
        least_a, least_b = float(ga[1][ga[3]].min()) - half, float(gb[1][gb[3]].min()) - half

        def within(g: tuple[np.ndarray, ...], mask: np.ndarray, left: float) -> tuple[np.ndarray, np.ndarray]:
            keep = mask & (g[1] <= left)
            return g[0][keep], g[1][keep]

        found, best_spots = best_pair(within(ga, ga[2], reach - least_b), within(gb, gb[2], reach - least_a),
                                      a.radius + b.radius)
        upper += found
        spots += list(zip((a, b), best_spots, strict=True))
        lower += best_pair(within(ga, ga[3], reach - least_b + 2 * half), within(gb, gb[3], reach - least_a + 2 * half),
                           a.radius + b.radius - 2 * half)[0] - 2 * half
    for (p, s), (q, t) in itertools.combinations(spots, 2):
        assert math.dist(s, t) >= p.radius + q.radius
    assert upper - lower < 0.1  # the grid says something
    assert lower - 1e-9 <= total <= upper + PROVEN_WITHIN
