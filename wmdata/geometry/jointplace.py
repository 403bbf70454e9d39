"""Several models moved out of the way at once: the spots with the least *total* distance.

The rule of least disturbance asks for the locations that make the total distance moved by all
the models least (seed 001 L1431, seed 003 L1514, seed 000 L1782-1788), jointly: placing them one
after another can miss it (the first takes the spot two of them could share by each giving a
little).  The problem is small (a handful of models, each within a few inches) but not convex,
so it is solved by branch and bound over boxes of positions, one box per model:

* a box's *lower bound* is the sum over the models of the exact distance from each model's
  start to the nearest spot in its box that is legal against everything that stays put
  (:class:`~wmdata.geometry.clearance.Keepout`, exact); the models' spacing among themselves is
  left out of it, except that boxes so close that *every* pair of spots in them overlap are
  dropped;
* when those nearest spots overlap no other model's, together they are a legal arrangement as
  short as the bound: the box needs no more work.  Otherwise only the models whose spots overlap
  make the bound loose, so the widest of *their* boxes is split (splitting a model that clashes
  with nobody cannot raise the bound, and multiplies the boxes in a 2n-dimensional search);
* a box's *witness* places the models one after another, each at the nearest spot in its box
  legal against the fixed models and the ones placed before it: a real legal arrangement, so its
  total bounds the optimum from above;
* the first incumbent is the best of the arrangements found by placing the models one by one,
  improved pair by pair: each pair of models is placed jointly (a two-model search, proven)
  with the others where they are, until no pair gains.  A good incumbent early prunes most
  boxes, and two models each giving a little is the move one-at-a-time polishing cannot make;
* boxes are split until no box's lower bound is below the best total found less the tolerance.
  Then no arrangement is better than the best one by more than the tolerance: the answer is
  *proven* within it.  A search that runs out of boxes to try reports the gap it did prove instead.

Every arrangement inside the search region is covered: a model whose total share would exceed
the best total found, less what the others must move at least, cannot be part of a better one.
"""

from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass, replace

from wmdata.geometry.clearance import ROUNDING, Circle, Keepout, Spot

#: Within how many inches of the least total the answer is proven (far below a tape measure).
PROVEN_WITHIN = 0.001
#: How many boxes the search may split before it reports the gap it proved instead.
MAX_SPLITS = 2000
#: Options count as different ones (to randomize between) when a model's spot differs by more.
DIFFERENT_OPTION = 0.25
Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Mover:
    """One model the rule moves: where it starts, its radius and what it must keep clear of."""

    start: Spot
    radius: float
    keepout: Keepout


@dataclass(slots=True)
class Arrangement:
    """The spots found (one per model, in order), their total distance, the proven gap to the least
    total (``total - gap`` is a lower bound on it) and whether a different option is as short."""

    spots: list[Spot]
    total: float
    gap: float
    tie: bool

    @property
    def proven(self) -> bool:
        return self.gap <= PROVEN_WITHIN + 1e-12


def _total(movers: list[Mover], spots: list[Spot]) -> float:
    return sum(math.hypot(s[0] - m.start[0], s[1] - m.start[1]) for m, s in zip(movers, spots, strict=True))


def _corner_group(box: Box, reach: float) -> list[Circle] | None:
    """The circles of ``reach`` round the corners of ``box``: a spot inside all four is nearer than
    ``reach`` to every spot of the box (the farthest spot of a box is a corner).  None when the
    four share no point (the box is at least ``2 * reach`` across) or the box is unbounded."""
    if not all(math.isfinite(v) for v in box) or math.hypot(box[2] - box[0], box[3] - box[1]) >= 2 * reach:
        return None
    return [(x, y, reach) for x in (box[0], box[2]) for y in (box[1], box[3])]


def _bound(movers: list[Mover], boxes: tuple[Box, ...], i: int) -> tuple[float, Spot | None]:
    """The exact least distance from model ``i``'s start to a spot in its box legal against the
    fixed models, table and terrain, and outside the region where it would overlap *every* spot of
    another model's box (inf: none), and that spot.  Any legal arrangement in these boxes moves
    model ``i`` at least that far."""
    mover, box = movers[i], boxes[i]
    apart = [group for j, other in enumerate(boxes)
             if j != i and (group := _corner_group(other, mover.radius + movers[j].radius)) is not None]
    spot = mover.keepout.best(mover.start, apart, low=(box[0], box[1]), high=(box[2], box[3]))
    return (math.dist(spot, mover.start), spot) if spot is not None else (math.inf, None)


def _always_overlap(a: Box, b: Box, reach: float) -> bool:
    """Every spot of box ``a`` is nearer than ``reach`` to every spot of box ``b``."""
    far_x = max(a[2] - b[0], b[2] - a[0])
    far_y = max(a[3] - b[1], b[3] - a[1])
    return math.hypot(far_x, far_y) < reach - 1e-7


def _witness(movers: list[Mover], boxes: tuple[Box, ...], order: tuple[int, ...]) -> list[Spot] | None:
    """Place the models one after another in ``order``, each at its nearest legal spot in its box."""
    placed: dict[int, Spot] = {}
    for i in order:
        mover = movers[i]
        apart = [[(placed[j][0], placed[j][1], movers[j].radius + mover.radius)] for j in placed]
        box = boxes[i]
        spot = mover.keepout.best(mover.start, apart, low=(box[0], box[1]), high=(box[2], box[3]))
        if spot is None:
            return None
        placed[i] = spot
    return [placed[i] for i in range(len(movers))]


def _within_reach(box: Box, centre: Spot, reach: float) -> Box | None:
    """The bounding box of the part of ``box`` within ``reach`` of ``centre`` (None: no part is)."""
    lx, ly, hx, hy = max(box[0], centre[0] - reach), max(box[1], centre[1] - reach), \
        min(box[2], centre[0] + reach), min(box[3], centre[1] + reach)
    if lx > hx or ly > hy:
        return None
    gap_x, gap_y = max(lx - centre[0], 0.0, centre[0] - hx), max(ly - centre[1], 0.0, centre[1] - hy)
    if math.hypot(gap_x, gap_y) > reach:
        return None
    # the disc's extent over the box's rows and columns: x within reach of the nearest row, and so on
    half_x, half_y = math.sqrt(max(0.0, reach ** 2 - gap_y ** 2)), math.sqrt(max(0.0, reach ** 2 - gap_x ** 2))
    return (max(lx, centre[0] - half_x), max(ly, centre[1] - half_y), min(hx, centre[0] + half_x),
            min(hy, centre[1] + half_y))


def _split(box: Box) -> tuple[Box, Box]:
    lx, ly, hx, hy = box
    if hx - lx >= hy - ly:
        mid = (lx + hx) / 2
        return (lx, ly, mid, hy), (mid, ly, hx, hy)
    mid = (ly + hy) / 2
    return (lx, ly, hx, mid), (lx, mid, hx, hy)


def _different(a: list[Spot], b: list[Spot]) -> bool:
    return any(math.hypot(p[0] - q[0], p[1] - q[1]) > DIFFERENT_OPTION for p, q in zip(a, b, strict=True))


def _polished(movers: list[Mover], spots: list[Spot], region: tuple[Box, ...] | None = None) -> list[Spot]:
    """Move each model in turn to its nearest legal spot (in its box of ``region``, when given) with
    the others where they are, until none moves: every step keeps the arrangement legal and never
    lengthens the total."""
    spots = list(spots)
    for _ in range(len(movers) * 4):
        moved = False
        for i, mover in enumerate(movers):
            apart = [[(spot[0], spot[1], movers[j].radius + mover.radius)] for j, spot in enumerate(spots) if j != i]
            box = region[i] if region is not None else None
            low, high = ((box[0], box[1]), (box[2], box[3])) if box is not None else (None, None)
            spot = mover.keepout.best(mover.start, apart, low, high)
            if spot is not None and math.dist(spot, mover.start) < math.dist(spots[i], mover.start) - 1e-12:
                spots[i], moved = spot, True
        if not moved:
            break
    return spots


def _pinned(movers: list[Mover], spots: list[Spot], group: tuple[int, ...]) -> list[Mover]:
    """The models of ``group`` with every other model fixed where ``spots`` puts it."""
    return [Mover(movers[i].start, movers[i].radius, replace(movers[i].keepout, circles=[
        *movers[i].keepout.circles, *((spots[j][0], spots[j][1], movers[j].radius + movers[i].radius)
                                       for j in range(len(movers)) if j not in group)])) for i in group]


def _improved(movers: list[Mover], spots: list[Spot]) -> list[Spot]:
    """A shorter arrangement near ``spots``: each pair of models placed jointly (proven least for
    that pair) with the others where they are, until no pair improves."""
    spots = list(spots)
    improved = True
    while improved:
        improved = False
        for group in itertools.combinations(range(len(movers)), 2):
            pair = _pinned(movers, spots, group)
            found = place_jointly(pair, [[spots[i] for i in group]])
            if found.total < sum(math.dist(spots[i], movers[i].start) for i in group) - 1e-9:
                for i, spot in zip(group, found.spots, strict=True):
                    spots[i] = spot
                improved = True
    return _polished(movers, spots)


def _coupled(movers: list[Mover], i: int, j: int, a: Box, b: Box) -> bool:
    """Whether model ``j``'s bound can depend on model ``i``'s box ``a`` or ``b`` (before and after a
    split): only while one of them is small enough to leave spots every one of its spots overlaps."""
    reach = movers[i].radius + movers[j].radius
    return _corner_group(a, reach) is not None or _corner_group(b, reach) is not None


def place_jointly(movers: list[Mover], found: list[list[Spot]]) -> Arrangement:
    """The arrangement of ``movers`` with the least total distance, starting from the legal
    arrangements already ``found`` (at least one, e.g. placing them one by one)."""
    distinct = {tuple((round(x, 9), round(y, 9)) for x, y in spots): spots for spots in found}
    witnesses = sorted((_polished(movers, spots) for spots in distinct.values()),
                       key=lambda spots: _total(movers, spots))
    if len(movers) > 2:
        witnesses.insert(0, _improved(movers, witnesses[0]))
    best = witnesses[0]
    upper = _total(movers, best)
    everywhere = tuple((-math.inf, -math.inf, math.inf, math.inf) for _ in movers)
    alone = [_bound(movers, everywhere, i)[0] for i in range(len(movers))]
    boxes = []
    for i, mover in enumerate(movers):
        share = upper - (sum(alone) - alone[i]) + PROVEN_WITHIN
        boxes.append((mover.start[0] - share, mover.start[1] - share, mover.start[0] + share, mover.start[1] + share))
    movers = [Mover(m.start, m.radius, m.keepout.near((box[0], box[1]), (box[2], box[3])))
              for m, box in zip(movers, boxes, strict=True)]
    orders = [tuple(range(len(movers))), tuple(reversed(range(len(movers))))]
    counter = itertools.count()
    root = tuple(boxes)
    bounds = tuple(_bound(movers, root, i) for i in range(len(movers)))
    heap: list[tuple[float, int, tuple[Box, ...], tuple[tuple[float, Spot | None], ...]]] = [
        (sum(b[0] for b in bounds), next(counter), root, bounds)]
    for _ in range(MAX_SPLITS):
        if not heap or heap[0][0] >= upper - PROVEN_WITHIN:
            break
        low, _, node, bounds = heapq.heappop(heap)
        clashing = _clashing(movers, [b[1] for b in bounds])
        if not clashing:  # each model's own nearest spot: together a legal arrangement as short as the bound
            best, upper = [b[1] for b in bounds if b[1] is not None], low
            witnesses.append(best)
            continue
        for order in orders:
            spots = _witness(movers, node, order)
            if spots is not None and _total(movers, spots) < upper:
                best = _polished(movers, spots, root)
                upper = _total(movers, best)
                witnesses.append(best)
        # only a model whose own nearest spot overlaps another's makes the bound loose: split its box
        widest = max(clashing, key=lambda i: max(node[i][2] - node[i][0], node[i][3] - node[i][1]))
        for half in _split(node[widest]):
            child = (*node[:widest], half, *node[widest + 1:])
            if any(_always_overlap(half, child[j], movers[widest].radius + movers[j].radius)
                   for j in range(len(movers)) if j != widest):
                continue
            child_bounds = tuple(_bound(movers, child, j) if j == widest or _coupled(
                movers, widest, j, node[widest], half) else bounds[j] for j in range(len(movers)))
            total = sum(b[0] for b in child_bounds)
            if total >= upper - PROVEN_WITHIN:
                continue
            # a better arrangement moves model j at most what the others' bounds leave of the best total
            shrunk = [_within_reach(box, movers[j].start, upper - (total - child_bounds[j][0]))
                      for j, box in enumerate(child)]
            if all(box is not None for box in shrunk):
                heapq.heappush(heap, (total, next(counter), tuple(b for b in shrunk if b is not None), child_bounds))
    lower = min(upper, heap[0][0]) if heap else upper
    tie = any(_total(movers, w) <= upper + PROVEN_WITHIN and _different(w, best) for w in witnesses)
    return Arrangement(best, upper, max(0.0, upper - lower), tie)


def _clashing(movers: list[Mover], spots: list[Spot | None]) -> list[int]:
    """The models whose spot overlaps another model's spot."""
    found: set[int] = set()
    for i, j in itertools.combinations(range(len(movers)), 2):
        a, b = spots[i], spots[j]
        if a is not None and b is not None and math.dist(a, b) < movers[i].radius + movers[j].radius - ROUNDING:
            found.update((i, j))
    return sorted(found)
