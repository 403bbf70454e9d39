"""Fitting text into a card: line wrapping, and estimates of how tall a face will be.

A printed card cannot scroll, so the renderer estimates a face's height before the
browser lays it out and picks a smaller type size (or moves rules to a continuation
card) when it would not fit.  Estimates count wrapped lines at a pessimistic average
glyph width; the real-browser test checks the result on every shipped card.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

PT_MM = 25.4 / 72
CONTENT_WIDTH_MM = 58.5
CONTENT_HEIGHT_MM = 83.5
GLYPH_EM = 0.6
LINE_EM = 1.18
MIN_POINTS = 6.5
"""The smallest type any card face prints: rules that do not fit at it move to another card."""
# Card-back type sizes (CSS classes t1-t2), largest first, in points.
BACK_TIERS: tuple[tuple[str, float], ...] = (("t1", 7.0), ("t2", MIN_POINTS))


def wrap_text(text: object, width: int = 60) -> list[str]:
    """Lines of at most ``width`` characters; words longer than that are broken."""
    return textwrap.wrap(str(text), width=width, break_long_words=True, break_on_hyphens=True) or [""]


def lines(characters: int, width_em: float, scale: float = 1.0) -> int:
    """Lines that ``characters`` of text take in a box ``width_em`` wide (``scale`` is the
    text's size relative to the surrounding em)."""
    per_line = max(1, int(width_em / (GLYPH_EM * scale) * 0.92))
    return max(1, -(-characters // per_line))


def width_em(points: float) -> float:
    return CONTENT_WIDTH_MM / (points * PT_MM)


def header_em(title: str, points: float) -> float:
    """Title (1.45em, may wrap) and the italic line under it."""
    return lines(len(title), width_em(points), 1.45) * 1.45 * 1.1 + 1.5


def rules_em(items: Sequence[tuple[str, str]], points: float) -> float:
    """Height in em of a list of (name, text) rules at ``points``: a bold name line with
    its glyph, then the wrapped text."""
    width = width_em(points)
    total = 0.0
    for name, text in items:
        total += 0.3 + lines(len(name) + 4, width, 1.05) * LINE_EM * 1.2
        total += lines(len(text), width - 0.3) * LINE_EM
    return total + 0.4


def back_fits(title: str, items: Sequence[tuple[str, str]], points: float) -> bool:
    height_em = header_em(title, points) + rules_em(items, points)
    return height_em * points * PT_MM <= CONTENT_HEIGHT_MM


def back_tier(title: str, items: Sequence[tuple[str, str]]) -> str | None:
    """The largest type size at which the rules fit one card back (None: none does)."""
    for name, points in BACK_TIERS:
        if back_fits(title, items, points):
            return name
    return None


def split_to_fit(title: str, items: Sequence[tuple[str, str]]) -> list[list[int]]:
    """Indexes of ``items`` grouped in order so each group fits a back at the smallest
    size (an item too long on its own gets a group of its own)."""
    smallest = BACK_TIERS[-1][1]
    groups: list[list[int]] = [[]]
    for index in range(len(items)):
        trial = [items[i] for i in groups[-1]] + [items[index]]
        if groups[-1] and not back_fits(title, trial, smallest):
            groups.append([])
        groups[-1].append(index)
    return groups


def longest_fitting_piece(title: str, name: str, points: float = BACK_TIERS[-1][1]) -> int:
    """Characters of one rule's text that fit a back at ``points`` (for splitting a
    rule that is longer than a whole card)."""
    available = CONTENT_HEIGHT_MM / (points * PT_MM) - header_em(title, points) - 2.5
    per_line = int((width_em(points) - 0.3) / GLYPH_EM * 0.92)
    return max(200, int(available / LINE_EM) * per_line - per_line)
