"""Damage tracks as drawings: boxes, per-trooper rows, warjack grids, colossal grids,
life spirals and dragoon tracks, in millimetres so a printed card shows them at size.

The drawing is a list of plain shapes (rectangles, circles, text) that the SVG and
HTML templates place inside an ``<svg>`` whose ``viewBox`` is in mm; the text format
draws the same tracks from the model directly.  Every drawing fits the width and
height a card face leaves for it: sizes shrink when a track is long, never spill.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from wmdata.model.damage import BoxRow, ColossalGrids, DamageTrack, DragoonTracks, Grid, Spiral

MAX_WIDTH = 56.0
MAX_HEIGHT = 26.0
SPIRAL_HEIGHT = 34.0
BOX = 3.6
ASPECT_NAMES = {"M": "Mind", "B": "Body", "S": "Spirit"}


@dataclass(frozen=True, slots=True)
class Shape:
    """One element of a drawing; ``kind`` is rect, circle or text (x, y is the centre for
    circles and text, the top-left corner for rectangles)."""

    kind: str
    x: float
    y: float
    size: float = 0.0
    label: str = ""
    css: str = ""


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
        return [Shape(s.kind, round(s.x + dx, 2), round(s.y + dy, 2), s.size, s.label, s.css) for s in self.shapes]


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
    """One labelled row of boxes per model (unit troopers, dragoon tracks)."""
    widest = max(count for _, count in rows)
    side = min(BOX, MAX_HEIGHT / max(len(rows), 1))
    label_width = max(len(label) for label, _ in rows) * side * 0.45 + 1.0
    side = min(side, (MAX_WIDTH - label_width) / max(widest, 1))
    label_width = max(len(label) for label, _ in rows) * side * 0.45 + 1.0
    drawing = Drawing(caption=caption)
    for row_index, (label, count) in enumerate(rows):
        top = row_index * side
        drawing.add(Shape("text", 0.0, round(top + side * 0.75, 2), round(side * 0.7, 2), label, "row-label"))
        for column in range(count):
            drawing.add(Shape("rect", round(label_width + column * side, 2), round(top, 2), round(side, 2),
                              css="box"))
    drawing.width = round(label_width + widest * side, 2)
    drawing.height = round(len(rows) * side, 2)
    return drawing


def grid(rows: list[str], caption: str = "", left: float = 0.0, side: float | None = None) -> Drawing:
    """A six-column grid: column numbers on top, system letters in their boxes."""
    side = side or min(BOX + 0.6, (MAX_HEIGHT - 3.0) / (len(rows) + 0.6))
    header = side * 0.8
    drawing = Drawing(caption=caption or f"damage grid, {sum(c != '-' for r in rows for c in r)} boxes")
    for column in range(6):
        drawing.add(Shape("text", round(left + column * side + side / 2, 2), round(header * 0.8, 2),
                          round(side * 0.55, 2), str(column + 1), "column-number"))
    for row_index, row in enumerate(rows):
        for column, cell in enumerate(row):
            if cell == "-":
                continue
            x, y = left + column * side, header + row_index * side
            drawing.add(Shape("rect", round(x, 2), round(y, 2), round(side, 2),
                              css="box system" if cell != "." else "box"))
            if cell != ".":
                drawing.add(Shape("text", round(x + side / 2, 2), round(y + side * 0.72, 2), round(side * 0.6, 2),
                                  cell, "system-letter"))
    drawing.width = round(left + 6 * side, 2)
    drawing.height = round(header + len(rows) * side, 2)
    return drawing


def colossal(track: ColossalGrids) -> Drawing:
    """Left and right grids side by side, force-field boxes underneath."""
    tallest = max(len(track.left), len(track.right))
    field_rows = 1 if track.field else 0
    side = min((MAX_WIDTH - 4.0) / 12, (MAX_HEIGHT - 3.0 - field_rows * 3.0) / (tallest + 0.6))
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


def spiral(branches: list[str]) -> Drawing:
    """Six branches around a centre, outermost circle first in the data; each circle
    shows its aspect letter (and colour) so the track reads in black and white too."""
    longest = max(len(branch) for branch in branches)
    radius_max = SPIRAL_HEIGHT / 2
    step = min(3.2, (radius_max - 3.0) / max(longest, 1))
    circle = step * 0.45
    centre = radius_max
    drawing = Drawing(caption="life spiral: " + ", ".join(
        f"{sum(b.count(a) for b in branches)} {name}" for a, name in ASPECT_NAMES.items()))
    for number, branch in enumerate(branches, start=1):
        angle = math.radians(-90 + (number - 1) * 60)
        for depth, aspect in enumerate(reversed(branch)):
            distance = 3.0 + depth * step + step / 2
            x, y = centre + distance * math.cos(angle), centre + distance * math.sin(angle)
            drawing.add(Shape("circle", round(x, 2), round(y, 2), round(circle, 2), aspect, f"circle aspect-{aspect}"))
        label_x, label_y = centre + 1.4 * math.cos(angle), centre + 1.4 * math.sin(angle) + 0.6
        drawing.add(Shape("text", round(label_x, 2), round(label_y, 2), 1.6, str(number), "branch-number"))
    drawing.width = drawing.height = round(2 * radius_max, 2)
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
