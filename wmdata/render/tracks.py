"""Damage tracks as drawings: boxes, per-trooper rows, warjack grids, colossal grids,
life spirals and dragoon tracks, in millimetres so a printed card shows them at size.

The drawing is a list of plain shapes (rectangles, circles, text) that the SVG and
HTML templates place inside an ``<svg>`` whose ``viewBox`` is in mm; the text format
draws the same tracks from the model directly.  Every drawing fits the card's width;
boxes shrink when a track is long, but never below the size their letters need, as no
letter or number is printed smaller than the cards' smallest type (6.5 pt): a drawing
too tall for the face moves to a card of its own (see ``fit.py``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from wmdata.model.damage import BoxRow, ColossalGrids, DamageTrack, DragoonTracks, Grid, Spiral

MAX_WIDTH = 56.0
MAX_HEIGHT = 26.0
BOX = 3.6
TEXT_MM = 2.3
"""Every letter and number of a drawing: 6.5 pt, the smallest type a card prints."""
GRID_BOX = 3.4
"""Box of a warjack grid: room for a system letter at ``TEXT_MM`` and for a pen mark; a
grid's height is its rows', so a tall grid takes the room it needs (see ``fit.py``)."""
ROW_BOX = 2.6
"""Smallest height of a labelled row (its label is ``TEXT_MM`` high)."""
MIN_BOX = 1.0
"""Smallest box of a row too long for the card's width (boxes carry no text)."""
SPIRAL_CIRCLE = 1.6
"""Radius of a life-spiral circle: room for its aspect letter at ``TEXT_MM``."""
SPIRAL_STEP = 4.3
"""Centre-to-centre distance of neighbouring circles on a branch (a gap of 0.35 mm)."""
SPIRAL_RISE = 1.9
SPIRAL_START = 6.0
SPIRAL_NUMBERS = 2.8
"""Distance from the centre of the branch numbers (3 mm inside the first circles)."""
ASPECT_NAMES = {"M": "Mind", "B": "Body", "S": "Spirit"}


@dataclass(frozen=True, slots=True)
class Shape:
    """One element of a drawing; ``kind`` is rect, circle, text or line (x, y is the centre
    for circles and text, the top-left corner for rectangles, the start of a line)."""

    kind: str
    x: float
    y: float
    size: float = 0.0
    label: str = ""
    css: str = ""
    x2: float = 0.0
    """For lines: where the line ends (it starts at x, y)."""
    y2: float = 0.0


@dataclass(slots=True)
class Drawing:
    """Shapes and the box they occupy (mm)."""

    width: float = 0.0
    height: float = 0.0
    shapes: list[Shape] = field(default_factory=list)
    caption: str = ""

    def add(self, shape: Shape) -> None:
        self.shapes.append(shape)

    def shifted(self, dx: float, dy: float) -> list[Shape]:
        return [Shape(s.kind, round(s.x + dx, 2), round(s.y + dy, 2), s.size, s.label, s.css, round(s.x2 + dx, 2),
                      round(s.y2 + dy, 2)) for s in self.shapes]


def _box_side(count: int, rows_wanted: int = 1, height: float = MAX_HEIGHT) -> tuple[float, int]:
    """Side of a box and boxes per row so ``count`` boxes fit the width and height."""
    side = BOX
    while True:
        per_row = max(1, int(MAX_WIDTH // side))
        rows = math.ceil(count / per_row) * rows_wanted
        if rows * side <= height or side < 1.0:
            return side, per_row
        side *= 0.9


def boxes(count: int, caption: str = "") -> Drawing:
    """A row (or rows) of boxes, marked left to right."""
    side, per_row = _box_side(count)
    drawing = Drawing(caption=caption or f"{count} damage boxes")
    for index in range(count):
        row, column = divmod(index, per_row)
        drawing.add(Shape("rect", round(column * side, 2), round(row * side, 2), round(side, 2), css="box"))
    drawing.width = round(min(count, per_row) * side, 2)
    drawing.height = round(math.ceil(count / per_row) * side, 2)
    return drawing


def labelled_rows(rows: list[tuple[str, int]], caption: str) -> Drawing:
    """One labelled row of boxes per model (unit troopers, dragoon tracks); the labels
    print at ``TEXT_MM``, so rows are never shorter than that."""
    widest = max(count for _, count in rows)
    side = max(ROW_BOX, min(BOX, MAX_HEIGHT / max(len(rows), 1)))
    label_width = max(len(label) for label, _ in rows) * TEXT_MM * 0.62 + 1.0
    side = max(MIN_BOX, min(side, (MAX_WIDTH - label_width) / max(widest, 1)))
    drawing = Drawing(caption=caption)
    for row_index, (label, count) in enumerate(rows):
        top = row_index * side
        drawing.add(Shape("text", 0.0, round(top + side / 2 + TEXT_MM * 0.36, 2), TEXT_MM, label, "row-label"))
        for column in range(count):
            drawing.add(Shape("rect", round(label_width + column * side, 2), round(top, 2), round(side, 2),
                              css="box"))
    drawing.width = round(label_width + widest * side, 2)
    drawing.height = round(len(rows) * side, 2)
    return drawing


def grid(rows: list[str], caption: str = "", left: float = 0.0, side: float | None = None) -> Drawing:
    """A six-column grid: column numbers on top, system letters in their boxes (both at
    ``TEXT_MM``, so a box is never smaller than ``GRID_BOX``)."""
    side = side or GRID_BOX
    header = TEXT_MM * 1.15
    drawing = Drawing(caption=caption or f"damage grid, {sum(c != '-' for r in rows for c in r)} boxes")
    for column in range(6):
        drawing.add(Shape("text", round(left + column * side + side / 2, 2), round(TEXT_MM * 0.85, 2),
                          TEXT_MM, str(column + 1), "column-number"))
    for row_index, row in enumerate(rows):
        for column, cell in enumerate(row):
            if cell == "-":
                continue
            x, y = left + column * side, header + row_index * side
            drawing.add(Shape("rect", round(x, 2), round(y, 2), round(side, 2),
                              css="box system" if cell != "." else "box"))
            if cell != ".":
                drawing.add(Shape("text", round(x + side / 2, 2), round(y + side / 2 + TEXT_MM * 0.36, 2), TEXT_MM,
                                  cell, "system-letter"))
    drawing.width = round(left + 6 * side, 2)
    drawing.height = round(header + len(rows) * side, 2)
    return drawing


def colossal(track: ColossalGrids) -> Drawing:
    """Left and right grids side by side, force-field boxes underneath."""
    side = GRID_BOX
    left = grid(track.left, side=side)
    right = grid(track.right, side=side)
    gap = 4.0
    drawing = Drawing(caption="left and right damage grids" + (f", {track.field} field boxes" if track.field else ""))
    drawing.shapes += left.shapes + right.shifted(left.width + gap, 0.0)
    drawing.width = round(left.width + gap + right.width, 2)
    drawing.height = max(left.height, right.height)
    if track.field:
        field_side = min(3.0, MAX_WIDTH / track.field)
        top = drawing.height + 0.8
        for index in range(track.field):
            drawing.add(Shape("rect", round(index * field_side, 2), round(top, 2), round(field_side, 2),
                              css="box field"))
        drawing.height = round(top + field_side, 2)
    return drawing


def spiral_centres(lengths: list[int], rise: float = SPIRAL_RISE) -> list[list[tuple[float, float]]]:
    """Centres (mm, around the spiral's centre) of every branch's circles, innermost first.

    Branch ``k`` starts at the top and every 60 degrees clockwise, ``SPIRAL_START`` from the
    centre; each further circle is ``rise`` farther out and turned clockwise just
    enough that its centre is ``SPIRAL_STEP`` from the previous one (the chord of the
    two radii), so the branches curve around the centre as on a printed card and no two
    circles touch (the test measures every pair)."""
    branches = []
    for k, length in enumerate(lengths):
        angle = math.radians(-90 + 60 * k)
        radius = SPIRAL_START
        centres = []
        for _ in range(length):
            centres.append((radius * math.cos(angle), radius * math.sin(angle)))
            outer = radius + rise
            angle += math.acos((radius ** 2 + outer ** 2 - SPIRAL_STEP ** 2) / (2 * radius * outer))
            radius = outer
        branches.append(centres)
    return branches


def spiral(branches: list[str]) -> Drawing:
    """Six branches curving clockwise around the centre, their numbers 1-6 in the middle
    at the start of each branch; the data lists a branch's outermost circle first (the
    first to be marked).  Each circle shows its aspect by letter and colour, so the track
    reads in black and white too; letters and numbers print at ``TEXT_MM``."""
    longest = max(len(branch) for branch in branches)
    # Branches long enough to pass the card's width climb more slowly (they stay apart: the
    # branches are 60 degrees apart and each circle turns further as the radius shrinks).
    rise = max(1.6, min(SPIRAL_RISE, (MAX_WIDTH / 2 - SPIRAL_CIRCLE - SPIRAL_START) / max(longest - 1, 1)))
    centres = spiral_centres([len(branch) for branch in branches], rise)
    reach = max(math.hypot(x, y) for branch in centres for x, y in branch) + SPIRAL_CIRCLE
    drawing = Drawing(caption="life spiral: " + ", ".join(
        f"{sum(b.count(a) for b in branches)} {name}" for a, name in ASPECT_NAMES.items()))
    baseline = TEXT_MM * 0.36  # half a digit's height: the text's middle sits on the point
    for number, (branch, points) in enumerate(zip(branches, centres, strict=True), start=1):
        angle = math.radians(-90 + 60 * (number - 1))
        start = (SPIRAL_NUMBERS + TEXT_MM * 0.5) * math.cos(angle), (SPIRAL_NUMBERS + TEXT_MM * 0.5) * math.sin(angle)
        for (x1, y1), (x2, y2) in zip([start, *points], points, strict=False):  # the branch's thread, under its circles
            drawing.add(Shape("line", round(reach + x1, 2), round(reach + y1, 2), 0.0, "", "branch-line",
                              round(reach + x2, 2), round(reach + y2, 2)))
        for aspect, (x, y) in zip(reversed(branch), points, strict=True):
            cx, cy = round(reach + x, 2), round(reach + y, 2)
            drawing.add(Shape("circle", cx, cy, SPIRAL_CIRCLE, aspect, f"circle aspect-{aspect}"))
            drawing.add(Shape("text", cx, round(cy + baseline, 2), TEXT_MM, aspect, "circle-letter"))
        label_x, label_y = reach + SPIRAL_NUMBERS * math.cos(angle), reach + SPIRAL_NUMBERS * math.sin(angle)
        drawing.add(Shape("text", round(label_x, 2), round(label_y + baseline, 2), TEXT_MM, str(number),
                          "branch-number"))
    drawing.width = drawing.height = round(2 * reach, 2)
    return drawing


def draw(track: DamageTrack | None) -> Drawing | None:
    """The drawing for one model's damage track (None for a single damage point)."""
    match track:
        case None:
            return None
        case BoxRow(boxes=count):
            return boxes(count)
        case Grid(rows=rows):
            return grid(rows)
        case ColossalGrids():
            return colossal(track)
        case Spiral(branches=branches):
            return spiral(branches)
        case DragoonTracks(mounted=mounted, dismounted=dismounted):
            return labelled_rows([("mounted", mounted), ("dismounted", dismounted)],
                                 f"dragoon: {mounted} mounted boxes, then {dismounted} dismounted")
    raise AssertionError(track)


def _grid_lines(rows: list[str]) -> list[str]:
    lines = ["     1  2  3  4  5  6"]
    for number, row in enumerate(rows, start=1):
        cells = ["   " if c == "-" else "[ ]" if c == "." else f"[{c}]" for c in row]
        lines.append(f"{number:>3}  " + "".join(cells).rstrip())
    return lines


def _box_lines(count: int, per_row: int = 10) -> list[str]:
    return ["[ ]" * min(per_row, count - start) for start in range(0, count, per_row)]


def text_lines(track: DamageTrack | None) -> list[str]:
    """The damage track for terminals and screen readers: a caption in words, then a
    drawing made of ``[ ]`` boxes (system letters inside)."""
    match track:
        case None:
            return ["1 damage point (no boxes)"]
        case BoxRow(boxes=count):
            return [f"{count} damage boxes", *_box_lines(count)]
        case Grid(rows=rows):
            return [f"damage grid, {sum(c != '-' for r in rows for c in r)} boxes; columns 1-6, letters are systems",
                    *_grid_lines(rows)]
        case ColossalGrids(left=left, right=right, field=field_boxes):
            lines = ["left grid", *_grid_lines(left), "right grid", *_grid_lines(right)]
            return lines + ([f"{field_boxes} force-field boxes", *_box_lines(field_boxes)] if field_boxes else [])
        case Spiral(branches=branches):
            totals = ", ".join(f"{sum(b.count(a) for b in branches)} {n}" for a, n in ASPECT_NAMES.items())
            lines = [f"life spiral ({totals}); branches 1-6, outermost circle first"]
            return lines + [f"  branch {n}: " + " ".join(f"({a})" for a in branch)
                            for n, branch in enumerate(branches, start=1)]
        case DragoonTracks(mounted=mounted, dismounted=dismounted):
            return [f"{mounted} mounted boxes (dismounts when they are filled)", *_box_lines(mounted),
                    f"{dismounted} dismounted boxes", *_box_lines(dismounted)]
    raise AssertionError(track)
