"""Fitting a card's text onto the card: no face may be clipped when it is printed.

Fronts get the largest type scale at which their estimated height fits; backs get one of
four type sizes, and rules too long for any size move on to continuation cards (1/2,
2/2); a single rule longer than a whole back is cut into card-sized pieces.  The
real-browser test checks the estimates on every shipped card.
"""

from __future__ import annotations

import textwrap
from dataclasses import replace

from wmdata.render.textfit import (
    CONTENT_HEIGHT_MM,
    LINE_EM,
    PT_MM,
    back_tier,
    header_em,
    lines,
    longest_fitting_piece,
    rules_em,
    split_to_fit,
    width_em,
)
from wmdata.render.views import Card, RuleLine

FRONT_SCALES = (1.0, 0.86, 0.74, 0.62, 0.52)


def split_rules(card: Card) -> list[Card]:
    """One card, or several when the back's text is too long for one (the extra cards
    repeat the name and say which part they are)."""
    items = [_item(rule) for rule in card.rules]
    groups = split_to_fit(card.title, items)
    cards = []
    for number, indexes in enumerate(groups, start=1):
        part = replace(card, rules=[card.rules[i] for i in indexes])
        part.back_tier = back_tier(card.title, [items[i] for i in indexes]) or "t4"
        if len(groups) > 1:
            part.part = f"{number}/{len(groups)}"
            part.key = f"{card.key}-{number}"
        if number > 1:
            part.layout = "continued"
        part.front_scale = front_scale(part)
        cards.append(part)
    return cards


def front_scale(card: Card) -> float:
    """The largest type scale at which the front's estimated height fits the card."""
    if card.layout == "continued":
        return 1.0
    height = _spells_height_mm if card.layout == "spells" else _front_height_mm
    return next((scale for scale in FRONT_SCALES if height(card, scale) <= CONTENT_HEIGHT_MM), FRONT_SCALES[-1])


def feat_tier(card: Card) -> str:
    feat = card.feat
    return back_tier(card.title, [(f"Feat: {feat.name}", feat.text)] if feat else []) or "t4"


def _item(rule: RuleLine) -> tuple[str, str]:
    return (rule.name + (f" ({rule.heading})" if rule.heading else ""), rule.text)


def pieces(line: RuleLine, title: str) -> list[RuleLine]:
    """A rule whose text alone is longer than a card back holds, in card-sized pieces."""
    capacity = longest_fitting_piece(title, line.name)
    if len(line.text) <= capacity:
        return [line]
    chunks = textwrap.wrap(line.text, width=capacity, break_long_words=True)
    return [RuleLine(line.id, line.name if n == 0 else f"{line.name} (continued)", chunk, line.category, line.glyph,
                     line.heading) for n, chunk in enumerate(chunks)]


def _front_height_mm(card: Card, scale: float) -> float:
    """Estimated height of a model card's front at ``scale`` (tables, wrapped names,
    glyph rows, and the damage drawing, which scales with the type)."""
    points = 7.0 * scale
    width = width_em(points)
    em = header_em(card.title, points)
    if card.facts:
        em += lines(sum(len(n) + len(v) + 3 for n, v in card.facts), width) * LINE_EM + 0.35
    fixed_mm = 0.0  # borders, which do not shrink with the type
    for profile in card.profiles:
        if profile.label:
            em += lines(len(profile.name) + len(profile.label) + 3, width) * LINE_EM + 0.25
        em += 2.9 + 0.35
        fixed_mm += 0.45
        if profile.advantages:
            em += lines(sum(len(a.name) + 4 for a in profile.advantages), width) * 1.6 + 0.3
        for weapon in profile.weapons:
            em += 0.3 + lines(len(weapon.name) + 14, width) * LINE_EM + 0.8 * LINE_EM + LINE_EM + 0.3
            fixed_mm += 0.6
            if weapon.qualities:
                em += lines(sum(len(q.name) + 4 for q in weapon.qualities), width, 0.85) * 1.55
    height = em * points * PT_MM + fixed_mm
    if card.damage is not None:
        height += card.damage.height * scale + 1.0
        height += lines(len(card.damage.caption), width, 0.8) * 0.8 * LINE_EM * points * PT_MM
    return height


def _spells_height_mm(card: Card, scale: float) -> float:
    """Estimated height of a spell card's front: the spell table, then each spell's text."""
    points = 7.0 * scale
    width = width_em(points)
    em = header_em(card.title, points) + 0.72 * LINE_EM * 2
    em += sum(lines(len(spell.name), width * 0.4, 1.05) * LINE_EM * 0.95 + 0.15 for spell in card.spells)
    em += rules_em([(spell.name, spell.text) for spell in card.spells], points)
    return em * points * PT_MM
