"""The life spiral as drawn on a warbeast's card: six numbered branches curving around the
centre, every circle on its own branch with its own aspect, nothing overlapping, and the
numbers legible at print size.

Branch membership is read back from the drawing itself (the thread each branch draws from
its number through its circles), not from the function that placed them, and compared
with the content's spiral.
"""

from __future__ import annotations

import itertools
import math
import re

import pytest

from tests.render_support import cards_of, registry
from wmdata.model.damage import Spiral
from wmdata.render.cardsheet import cards_html
from wmdata.render.tracks import Drawing, Shape, spiral

POINT_MM = 25.4 / 72
SMALLEST_PT = 6.5
DIGIT = (0.64, 0.73)
"""A digit's width and height as a share of the font size (DejaVu Sans Bold, generous)."""


def _threads(drawing: Drawing) -> dict[str, list[Shape]]:
    """Each branch number -> its circles, innermost first, following the branch's thread
    from the number: every line starts where the previous one ended."""
    circles = [s for s in drawing.shapes if s.kind == "circle"]
    lines = [s for s in drawing.shapes if s.kind == "line"]
    numbers = {s.label: s for s in drawing.shapes if s.css == "branch-number"}
    branches: dict[str, list[Shape]] = {}
    for label, number in numbers.items():
        first = min(lines, key=lambda line: math.dist((line.x, line.y), (number.x, number.y)))
        chain, end = [], (first.x2, first.y2)
        while True:
            chain.append(next(c for c in circles if math.dist((c.x, c.y), end) < 0.01))
            following = [line for line in lines if math.dist((line.x, line.y), end) < 0.01]
            if not following:
                break
            end = (following[0].x2, following[0].y2)
        branches[label] = chain
    return branches


def _centre(drawing: Drawing) -> tuple[float, float]:
    return drawing.width / 2, drawing.height / 2


def _angle(shape: Shape, centre: tuple[float, float]) -> float:
    """Clockwise on the page (y grows downwards), in degrees."""
    return math.degrees(math.atan2(shape.y - centre[1], shape.x - centre[0]))


def test_titan_gladiator_spiral_has_30_circles_on_the_content_s_branches() -> None:
    item = registry().get("mk3", "titan-gladiator")
    assert item is not None and isinstance(item.entry.damage, Spiral)  # type: ignore[union-attr]
    branches = item.entry.damage.branches  # type: ignore[union-attr]
    drawing = cards_of("mk3", "titan-gladiator")[0].damage
    assert drawing is not None
    assert sum(1 for s in drawing.shapes if s.kind == "circle") == 30 == sum(map(len, branches))
    threads = _threads(drawing)
    assert sorted(threads) == ["1", "2", "3", "4", "5", "6"]
    for number, branch in enumerate(branches, start=1):
        # The content lists a branch outermost circle first; the thread runs from the centre out.
        assert [c.label for c in threads[str(number)]] == list(reversed(branch)), number
    assert sum(len(chain) for chain in threads.values()) == 30, "every circle on exactly one branch"


@pytest.mark.parametrize("branches", [
    ["MMMMM", "MMMMM", "BBBBB", "BBBBB", "SSSSS", "SSSSS"],
    ["MMMM", "MMMM", "BBB", "BBBB", "SSSS", "SSS"],
    ["MMMMMMMMMM", "MMMMMMMMM", "BBBBBBBBBB", "BBBBBBBBBB", "SSSSSSSSS", "SSSSSSSSS"],
    ["M", "M", "B", "B", "S", "S"],
])
def test_branches_curve_around_the_centre_without_touching(branches: list[str]) -> None:
    drawing = spiral(branches)
    centre = _centre(drawing)
    circles = [s for s in drawing.shapes if s.kind == "circle"]
    for a, b in itertools.combinations(circles, 2):
        assert math.dist((a.x, a.y), (b.x, b.y)) >= a.size + b.size, (a, b)
    threads = _threads(drawing)
    for number, chain in threads.items():
        radii = [math.dist((c.x, c.y), centre) for c in chain]
        assert radii == sorted(radii) and len(set(radii)) == len(radii), "each circle farther out"
        turns = [(_angle(b, centre) - _angle(a, centre)) % 360 for a, b in itertools.pairwise(chain)]
        assert all(0 < turn < 90 for turn in turns), (number, turns)  # clockwise, every step
        if len(chain) >= 4:
            assert sum(turns) > 45, f"branch {number} is a spoke, not a curve ({sum(turns):.0f} degrees)"
    # The branches start 60 degrees apart, clockwise from the top, in number order.
    starts = [_angle(threads[str(n)][0], centre) for n in range(1, 7)]
    assert [round((b - a) % 360) for a, b in itertools.pairwise(starts)] == [60] * 5
    assert round(starts[0]) == -90


def test_branch_numbers_are_legible_and_clear_of_the_circles() -> None:
    drawing = spiral(["MMMMMM", "MMMMMM", "BBBBBB", "BBBBB", "SSSSS", "SSSS"])
    circles = [s for s in drawing.shapes if s.kind == "circle"]
    numbers = [s for s in drawing.shapes if s.css == "branch-number"]
    threads = _threads(drawing)
    assert sorted(s.label for s in numbers) == ["1", "2", "3", "4", "5", "6"]
    for number in numbers:
        assert number.size >= SMALLEST_PT * POINT_MM  # the drawing prints at 1 unit = 1 mm
        # The digit's box: centred on x, standing on its baseline y.
        half_width, height = DIGIT[0] * number.size / 2, DIGIT[1] * number.size
        left, right, top, bottom = number.x - half_width, number.x + half_width, number.y - height, number.y
        for circle in circles:
            nearest = (min(max(circle.x, left), right), min(max(circle.y, top), bottom))
            assert math.dist(nearest, (circle.x, circle.y)) > circle.size, (number.label, circle)
        # Each number sits at the start of its own branch: nearer its first circle than any other's.
        own = threads[number.label][0]
        others = [chain[0] for label, chain in threads.items() if label != number.label]
        assert all(math.dist((number.x, number.y), (own.x, own.y)) < math.dist((number.x, number.y), (o.x, o.y))
                   for o in others)
    for a, b in itertools.combinations(numbers, 2):
        assert abs(a.x - b.x) > DIGIT[0] * a.size or abs(a.y - b.y) > DIGIT[1] * a.size, (a.label, b.label)


def test_the_spiral_prints_at_true_size() -> None:
    # The card's SVG is as many millimetres wide as the drawing has units: no scaling down.
    card = cards_of("mk3", "titan-gladiator")[0]
    assert card.damage is not None
    page = cards_html([card])
    width, view = re.search(r'<figure class="track">\s*<svg width="([0-9.]+)mm" height="[0-9.]+mm"\s+'
                            r'viewBox="[-0-9.]+ [-0-9.]+ ([0-9.]+) ', page).groups()  # type: ignore[union-attr]
    assert float(width) == pytest.approx(float(view))
    assert float(view) == pytest.approx(card.damage.width + 0.4)
