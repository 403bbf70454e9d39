"""Fitting a card's text onto the card: no face may be clipped when it is printed, and
no face prints type smaller than 6.5 pt.

Fronts get the larger of two type sizes (7 pt, 6.5 pt) at which their estimated height
fits; a front too full for either keeps what fits and moves the rest (further trooper
profiles, the damage track) to the front of a continuation card.  Backs get 7 or 6.5 pt,
and rules too long for one back move on to the back of a continuation card (1/2, 2/2);
a single rule longer than a whole back is cut into card-sized pieces.  The real-browser
test checks the estimates, and the smallest type, on every shipped card.
"""

from __future__ import annotations

import textwrap
from dataclasses import replace

from wmdata.render.textfit import (
    CONTENT_HEIGHT_MM,
    LINE_EM,
    MIN_POINTS,
    PT_MM,
    back_tier,
    header_em,
    lines,
    longest_fitting_piece,
    rules_em,
    split_to_fit,
    width_em,
)
from wmdata.render.tracks import Drawing
from wmdata.render.views import Card, ProfileView, RuleLine

ESTIMATE_MARGIN = 1.06
"""Fronts are estimated up to 5% short of what Chromium lays out (measured on every shipped
card), so an estimate must leave this much room to count as fitting."""
FRONT_SCALES = (1.0, 0.93)
"""Front type sizes relative to 7 pt: 7 pt and 6.51 pt (never below ``MIN_POINTS``)."""
assert 7.0 * FRONT_SCALES[-1] >= MIN_POINTS


def split_card(card: Card) -> list[Card]:
    """One card, or several when its front or its back holds too much for one (the
    extra cards repeat the name and say which part they are)."""
    items = [_item(rule) for rule in card.rules]
    backs = split_to_fit(card.title, items) if items else [[]]
    fronts = _front_parts(card)
    count = max(len(backs), len(fronts))
    cards = []
    for number in range(1, count + 1):
        indexes = backs[number - 1] if number <= len(backs) else []
        part = replace(card, rules=[card.rules[i] for i in indexes])
        part.back_tier = back_tier(card.title, [items[i] for i in indexes]) or BACK_LAST
        if count > 1:
            part.part = f"{number}/{count}"
            part.key = f"{card.key}-{number}"
        if number > 1:
            part.facts = []
            part.layout = "overflow" if number <= len(fronts) else "continued"
        if len(fronts) > 1 and number <= len(fronts):
            part.profiles, part.damage = fronts[number - 1]
            if card.damage is not None:  # the text format's track goes where the drawing went
                part.damage_lines = card.damage_lines if part.damage is not None else []
        part.front_scale = front_scale(part)
        cards.append(part)
    return cards


def split_spells(card: Card) -> list[Card]:
    """A spell card, or several when the spells' texts do not fit one front at the smallest
    type: each part lists its own spells (table and texts); the feat is on the first back."""
    groups: list[list[int]] = [[]]
    for index in range(len(card.spells)):
        trial = replace(card, spells=[card.spells[i] for i in [*groups[-1], index]])
        if groups[-1] and not _fits(_spells_height_mm(trial, FRONT_SCALES[-1])):
            groups.append([])
        groups[-1].append(index)
    cards = []
    for number, indexes in enumerate(groups, start=1):
        part = replace(card, spells=[card.spells[i] for i in indexes], feat=card.feat if number == 1 else None)
        if len(groups) > 1:
            part.part = f"{number}/{len(groups)}"
            part.key = f"{card.key}-{number}"
        part.front_scale = front_scale(part)
        part.back_tier = feat_tier(part)
        cards.append(part)
    return cards


BACK_LAST = "t2"
"""The smallest back tier, for a back whose one over-long piece fits no tier."""


def _front_parts(card: Card) -> list[tuple[list[ProfileView], Drawing | None]]:
    """The front's profiles and damage track split into faces that fit at the smallest
    type: the first keeps the header and facts; a part that fits nowhere stands alone."""
    if _fits(_front_height_mm(card, FRONT_SCALES[-1])):
        return [(card.profiles, card.damage)]
    parts: list[tuple[list[ProfileView], Drawing | None]] = []
    current = replace(card, profiles=[], damage=None)
    blocks: list[ProfileView | None] = [*card.profiles, None] if card.damage is not None else list(card.profiles)
    for block in blocks:
        trial = replace(current, profiles=[*current.profiles, block] if block is not None else current.profiles,
                        damage=card.damage if block is None else None)
        if (current.profiles or current.damage) and not _fits(_front_height_mm(trial, FRONT_SCALES[-1])):
            parts.append((current.profiles, current.damage))
            current = replace(card, facts=[], layout="overflow", profiles=[], damage=None)
            trial = replace(current, profiles=[block] if block is not None else [],
                            damage=card.damage if block is None else None)
        current = trial
    parts.append((current.profiles, current.damage))
    return parts


def front_scale(card: Card) -> float:
    """The largest type scale at which the front's estimated height fits the card."""
    if card.layout == "continued":
        return 1.0
    height = _spells_height_mm if card.layout == "spells" else _front_height_mm
    return next((scale for scale in FRONT_SCALES if _fits(height(card, scale))), FRONT_SCALES[-1])


def _fits(height_mm: float) -> bool:
    return height_mm * ESTIMATE_MARGIN <= CONTENT_HEIGHT_MM


def feat_tier(card: Card) -> str:
    feat = card.feat
    return back_tier(card.title, [(f"Feat: {feat.name}", feat.text)] if feat else []) or BACK_LAST


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
    glyph rows, and the damage drawing)."""
    points = 7.0 * scale
    width = width_em(points)
    em = header_em(card.title, points)
    if card.facts:
        em += lines(sum(len(n) + len(v) + 3 for n, v in card.facts), width) * LINE_EM + 0.35
    fixed_mm = 0.0  # borders, which do not shrink with the type
    for profile in card.profiles:
        if profile.label:
            em += lines(len(profile.name) + len(profile.label) + 3, width) * LINE_EM + 0.25
        em += 2 * LINE_EM + 0.35  # the stat bar: names over values
        fixed_mm += 0.45
        if profile.advantages:
            em += lines(sum(len(a.name) + 4 for a in profile.advantages), width) * 1.6 + 0.3
        for table in profile.weapon_tables():
            em += 0.3 + LINE_EM  # the header row
            fixed_mm += 0.3
            for weapon in table:
                name = len(weapon.name) + (3 if weapon.count > 1 else 0) + (4 if weapon.location else 0)
                em += lines(name, width * 0.42, 1.1) * LINE_EM  # bold
                fixed_mm += 0.3
                if weapon.qualities:
                    em += lines(sum(len(q.name) + 4 for q in weapon.qualities), width) * 1.55
    height = em * points * PT_MM + fixed_mm
    if card.damage is not None:  # printed at true size, whatever the type size
        height += card.damage.height + 1.0
        height += lines(len(card.damage.caption), width) * LINE_EM * points * PT_MM
    return height


def _spells_height_mm(card: Card, scale: float) -> float:
    """Estimated height of a spell card's front: the spell table, then each spell's text."""
    points = 7.0 * scale
    width = width_em(points)
    em = header_em(card.title, points) + 0.72 * LINE_EM * 2
    em += sum(lines(len(spell.name), width * 0.4, 1.05) * LINE_EM * 0.95 + 0.15 for spell in card.spells)
    em += rules_em([(spell.name, spell.text) for spell in card.spells], points)
    return em * points * PT_MM
