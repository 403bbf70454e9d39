"""Advantage glyphs: our own simple marks, one shape per kind of rule with a short
initial inside, always printed beside the rule's name so nobody has to learn
the icons (and a black-and-white printer loses nothing)."""

from __future__ import annotations

import re

SHAPES = {
    "advantage": "circle", "immunity": "shield", "resistance": "shield", "weapon_quality": "square",
    "damage_type": "diamond", "ability": "circle", "hardpoint": "square", "animus": "diamond", "feat": "star",
}


def glyph_for(name: str, category: str) -> str:
    """The initial of ``name`` ("Pathfinder" -> "P"): one letter, so it prints inside
    its mark at the card's own type size, never smaller."""
    words = [w for w in re.split(r"[^\w]+", name) if w]
    return words[0][0].upper() if words else "?"


def shape_for(category: str) -> str:
    return SHAPES.get(category, "circle")
