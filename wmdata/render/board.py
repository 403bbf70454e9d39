"""Draw a board to scale as SVG: table, terrain, bases with their melee ranges and front
arcs, and optional overlays (the lines of a line-of-sight check, AOE and spray templates).

Board coordinates have y up; SVG has y down, so every point is flipped once here.  All
text (ids come from the user's file) goes through the autoescaping template.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from shapely.geometry import Point, Polygon

from wmdata.geometry.board import Board, Piece
from wmdata.geometry.los import Sight
from wmdata.geometry.templates import AreaResult
from wmdata.render.environment import render

Spot = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Movement:
    """A move to draw (a slam, a throw, a trample, a slammer's own advance): the model that moved,
    the points of its path (its start first, where it ends last), the models it contacted, the
    models moved out of its way (id, new spot) and marked spots (id, spot: free strikes)."""

    mover: str
    path: tuple[Spot, ...]
    contacted: tuple[str, ...] = ()
    displaced: tuple[tuple[str, Spot], ...] = ()
    marks: tuple[tuple[str, Spot], ...] = ()


@dataclass(frozen=True, slots=True)
class Overlay:
    """What to draw over the board: one line-of-sight answer, area templates and moves."""

    sight: Sight | None = None
    areas: tuple[AreaResult, ...] = ()
    moves: tuple[Movement, ...] = ()


@dataclass(slots=True)
class _View:
    width: float
    height: float
    scale: float
    title: str
    label_size: float
    features: list[dict[str, object]] = field(default_factory=list)
    models: list[dict[str, object]] = field(default_factory=list)
    lines: list[dict[str, object]] = field(default_factory=list)
    templates: list[dict[str, object]] = field(default_factory=list)
    moves: list[dict[str, object]] = field(default_factory=list)
    rings: list[dict[str, object]] = field(default_factory=list)


def _points(coords: list[tuple[float, ...]], scale: float, height: float) -> str:
    return " ".join(f"{c[0] * scale:.2f},{(height - c[1]) * scale:.2f}" for c in coords)


def _arc(piece: Piece, scale: float, height: float, degrees: float | None) -> str:
    """The front half of the base drawn lighter (a wedge of ``degrees`` around the facing)."""
    if degrees is None or degrees >= 360:
        return ""
    r = piece.radius * scale
    cx, cy = piece.x * scale, (height - piece.y) * scale
    start, end = math.radians(piece.facing - degrees / 2), math.radians(piece.facing + degrees / 2)
    x1, y1 = cx + r * math.cos(start), cy - r * math.sin(start)
    x2, y2 = cx + r * math.cos(end), cy - r * math.sin(end)
    large = 1 if degrees > 180 else 0
    return f"M {cx:.2f} {cy:.2f} L {x1:.2f} {y1:.2f} A {r:.2f} {r:.2f} 0 {large} 0 {x2:.2f} {y2:.2f} Z"


def board_svg(board: Board, *, title: str, front_arc: float | None, scale: float = 20.0,
              overlay: Overlay | None = None) -> str:
    """The board as an SVG document, ``scale`` pixels to the inch."""
    view = _View(board.width * scale, board.height * scale, scale, title, max(8.0, scale * 0.45))
    sides = {side: index for index, side in enumerate(sorted({p.side for p in board.pieces}))}
    for feature in board.features:
        view.features.append({"id": feature.id, "kind": feature.kind, "height": f"{feature.height:g}",
                              "points": _points(list(feature.shape.exterior.coords), scale, board.height)})
    for piece in board.pieces:
        cx, cy = piece.x * scale, (board.height - piece.y) * scale
        view.models.append({
            "id": piece.id, "base": piece.base_mm, "side": piece.side, "side_index": sides[piece.side] % 4,
            "cx": f"{cx:.2f}", "cy": f"{cy:.2f}", "r": f"{piece.radius * scale:.2f}",
            "melee_radius": f"{(piece.radius + piece.melee_range) * scale:.2f}" if piece.melee_range else "",
            "arc": _arc(piece, scale, board.height, front_arc),
            "label_y": f"{cy + piece.radius * scale + view.label_size:.2f}"})
    if overlay is not None:
        _overlay(view, overlay, scale, board.height)
        for move in overlay.moves:
            _movement(view, board, move)
    return render("board/board.svg.j2", view=view)


def _ring(view: _View, css: str, piece_id: str, spot: Spot, radius: float) -> None:
    view.rings.append({"css": css, "id": piece_id, "cx": f"{spot[0] * view.scale:.2f}",
                       "cy": f"{(view.height / view.scale - spot[1]) * view.scale:.2f}", "r": f"{radius:.2f}"})


def _movement(view: _View, board: Board, move: Movement) -> None:
    """A move: its path, the mover's base where it ends, rings round the models it contacted,
    the spots models were moved to, and small marks (free strikes)."""
    height, scale = view.height / view.scale, view.scale
    mover = board.piece(move.mover)
    view.moves.append({"id": move.mover, "points": _points(list(move.path), scale, height)})
    _ring(view, "move-end", move.mover, move.path[-1], mover.radius * scale)
    for piece_id in move.contacted:
        contacted = board.piece(piece_id)
        _ring(view, "contacted", piece_id, contacted.centre, contacted.radius * scale + 3)
    for piece_id, spot in move.displaced:
        _ring(view, "displaced", piece_id, spot, board.piece(piece_id).radius * scale)
    for piece_id, spot in move.marks:
        _ring(view, "mark", piece_id, spot, 4.0)


def _overlay(view: _View, overlay: Overlay, scale: float, height: float) -> None:
    if overlay.sight is not None:
        drawn = [overlay.sight.clear_line] if overlay.sight.clear_line else overlay.sight.lines
        for segment in drawn:
            if segment is None:
                continue
            (x1, y1), (x2, y2) = segment
            view.lines.append({"css": "los-clear" if overlay.sight.los else "los-blocked",
                               "x1": f"{x1 * scale:.2f}", "y1": f"{(height - y1) * scale:.2f}",
                               "x2": f"{x2 * scale:.2f}", "y2": f"{(height - y2) * scale:.2f}"})
    for area in overlay.areas:
        if area.polygon is not None and len(area.polygon) > 2:
            coords = list(Polygon(area.polygon).exterior.coords)
        elif area.polygon is not None:
            (x1, y1), (x2, y2) = area.polygon
            view.lines.append({"css": "los-clear", "x1": f"{x1 * scale:.2f}", "y1": f"{(height - y1) * scale:.2f}",
                               "x2": f"{x2 * scale:.2f}", "y2": f"{(height - y2) * scale:.2f}"})
            continue
        elif area.centre is not None and area.radius is not None:
            coords = list(Point(area.centre).buffer(area.radius, quad_segs=32).exterior.coords)
        else:
            continue
        view.templates.append({"rule": area.rule, "points": _points(coords, scale, height)})
