"""Advantage glyphs: our own simple marks, one shape per kind of rule with a short
abbreviation inside, always printed beside the rule's name so nobody has to learn
the icons (and a black-and-white printer loses nothing)."""

from __future__ import annotations

import re

SHAPES = {
    "advantage": "circle", "immunity": "shield", "resistance": "shield", "weapon_quality": "square",
    "damage_type": "diamond", "ability": "circle", "hardpoint": "square", "animus": "diamond", "feat": "star",
}


def glyph_for(name: str, category: str) -> str:
    """Up to three letters for ``name``: initials of its words ("Combined Melee Attack" ->
    "CMA"), or the first two letters of a single word ("Pathfinder" -> "Pa")."""
    words = [w for w in re.split(r"[^\w]+", name) if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].capitalize()
    return "".join(w[0] for w in words[:3]).upper()


def shape_for(category: str) -> str:
    return SHAPES.get(category, "circle")
