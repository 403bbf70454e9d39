"""Card faces laid out as SVG primitives (text lines, bars, damage shapes).

SVG has no text flow, so wrapping and the vertical cursor live here, in millimetres;
the SVG template only writes the primitives out.  Sizes follow the same scale and
text tiers as the HTML cards so the two formats agree on what fits.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wmdata.render.sheets import CARD_HEIGHT_MM, CARD_WIDTH_MM
from wmdata.render.textfit import wrap_text
from wmdata.render.tracks import Drawing
from wmdata.render.views import Card, WeaponView

MARGIN = 2.2
INNER = CARD_WIDTH_MM - 2 * MARGIN
TIER_FONT_MM = {"t1": 2.47, "t2": 2.3}
"""7 pt and 6.5 pt, the back tiers of the HTML cards, in mm."""
CHAR_WIDTH = 0.62
"""Average letter width in em, set for DejaVu Sans (the widest of the fonts named) and
checked on every shipped card in Chromium, since an SVG line that is too long is not
wrapped but runs off the card."""
BOLD_WIDTH = 1.12
"""Bold letters run about a tenth wider than regular ones."""
NAME_COLUMN = 0.42
"""The share of the card's width the weapon-name column takes, as on the HTML front."""


@dataclass(frozen=True, slots=True)
class Prim:
    """``rect`` (x, y, width, height), ``circle`` (centre x, y, radius in ``width``),
    ``line`` (from x, y to width, height) or ``text`` (x, baseline y, font size in ``height``)."""

    kind: str
    x: float
    y: float
    width: float
    height: float
    text: str = ""
    css: str = ""


@dataclass(slots=True)
class Face:
    prims: list[Prim] = field(default_factory=list)
    y: float = MARGIN

    def text(self, value: str, size: float, css: str = "", x: float = MARGIN) -> None:
        self.y += size
        self.prims.append(Prim("text", round(x, 2), round(self.y, 2), 0.0, round(size, 2), value, css))
        self.y += size * 0.25

    def paragraph(self, value: str, size: float, css: str = "", indent: float = 0.0) -> None:
        bold = BOLD_WIDTH if css in ("title", "strong") else 1.0
        width = max(8, int((INNER - indent) / (size * CHAR_WIDTH * bold)))
        for line in wrap_text(value, width):
            self.text(line, size, css, MARGIN + indent)

    def table(self, cells: list[tuple[str, str]], size: float) -> None:
        """A dark bar of names over a row of values, columns of equal width."""
        column = INNER / max(len(cells), 1)
        self.prims.append(Prim("rect", MARGIN, round(self.y, 2), round(INNER, 2), round(size * 1.4, 2), css="bar"))
        for index, (name, value) in enumerate(cells):
            centre = round(MARGIN + column * index + column / 2, 2)
            self.prims.append(Prim("text", centre, round(self.y + size * 1.05, 2), 0.0, round(size, 2),
                                   name, "c bar-text"))
            self.prims.append(Prim("text", centre, round(self.y + size * 2.6, 2), 0.0, round(size, 2), value,
                                   "c strong"))
        self.y += size * 3.1

    def weapons(self, table: list[WeaponView], size: float) -> None:
        """Weapons with the same columns in one table, as on the HTML front: a dark header
        bar (the kind over the name column, then the stat names), a row per weapon with its
        name wrapped in the name column, and its qualities on the line below."""
        names = INNER * NAME_COLUMN
        column = (INNER - names) / max(len(table[0].cells), 1)
        centres = [round(MARGIN + names + column * index + column / 2, 2) for index in range(len(table[0].cells))]
        self.prims.append(Prim("rect", MARGIN, round(self.y, 2), round(INNER, 2), round(size * 1.4, 2), css="bar"))
        baseline = round(self.y + size * 1.05, 2)
        self.prims.append(Prim("text", MARGIN + 0.5, baseline, 0.0, round(size, 2), table[0].kind.capitalize(),
                               "bar-text"))
        for centre, (name, _) in zip(centres, table[0].cells, strict=True):
            self.prims.append(Prim("text", centre, baseline, 0.0, round(size, 2), name, "c bar-text"))
        self.y += size * 1.4
        for weapon in table:
            label = weapon.name + (f" x{weapon.count}" if weapon.count > 1 else "")
            label += f" [{weapon.location}]" if weapon.location else ""
            top = self.y
            for line in wrap_text(label, max(4, int((names - 0.5) / (size * CHAR_WIDTH * BOLD_WIDTH)))):
                self.text(line, size, "strong", MARGIN + 0.5)
            first = round(top + size, 2)
            for centre, (_, value) in zip(centres, weapon.cells, strict=True):
                self.prims.append(Prim("text", centre, first, 0.0, round(size, 2), value, "c"))
            if weapon.qualities:
                self.paragraph(", ".join(rule.name for rule in weapon.qualities), size, indent=0.5)
        self.y += size * 0.2

    def drawing(self, drawing: Drawing, left: float, top: float) -> None:
        """The drawing at true size (its letters are already at the smallest type size)."""
        for shape in drawing.shapes:
            x, y, size = left + shape.x, top + shape.y, shape.size
            if shape.kind == "rect":
                self.prims.append(Prim("rect", round(x, 2), round(y, 2), round(size, 2), round(size, 2), css=shape.css))
            elif shape.kind == "circle":
                self.prims.append(Prim("circle", round(x, 2), round(y, 2), round(size, 2), 0.0, css=shape.css))
            elif shape.kind == "line":
                self.prims.append(Prim("line", round(x, 2), round(y, 2), round(left + shape.x2, 2),
                                       round(top + shape.y2, 2), css=shape.css))
            else:
                self.prims.append(Prim("text", round(x, 2), round(y, 2), 0.0, round(size, 2), shape.label, shape.css))


def front_face(card: Card) -> Face:
    scale = card.front_scale
    base = 2.47 * scale  # 7 pt at scale 1; no text is printed smaller than the base
    face = Face()
    face.paragraph(card.title + (" \u2020" if card.unconfirmed else ""), base * 1.35, "title")
    legend = f" \u2020 unconfirmed: {card.unconfirmed}" if card.unconfirmed else ""
    face.paragraph(card.type_line + legend, base, "em")
    if card.facts:
        face.paragraph("  ".join(f"{name} {value}" for name, value in card.facts), base)
    if card.layout == "spells":
        for spell in card.spells:
            face.paragraph(spell.name + ":  " + "  ".join(f"{n} {v}" for n, v in spell.cells), base, "strong")
            face.paragraph(spell.text, base, indent=1.0)
        return face
    if card.layout == "continued":
        face.paragraph(f"Special rules continue on the back ({card.part}).", base)
        return face
    for profile in card.profiles:
        if profile.label:
            face.paragraph(f"{profile.name} ({profile.label})", base, "strong")
        face.table(profile.stats, base)
        if profile.advantages:
            face.paragraph(", ".join(rule.name for rule in profile.advantages), base)
        for table in profile.weapon_tables():
            face.weapons(table, base)
    if card.damage is not None:
        caption = base
        top = CARD_HEIGHT_MM - MARGIN - caption * 1.3 - card.damage.height
        face.drawing(card.damage, MARGIN, top)
        face.prims.append(Prim("text", MARGIN, round(CARD_HEIGHT_MM - MARGIN, 2), 0.0, round(caption, 2),
                               card.damage.caption))
    return face


def back_face(card: Card) -> Face:
    size = TIER_FONT_MM[card.back_tier]
    face = Face()
    face.paragraph(card.title, 3.0, "title")
    if card.layout == "spells":
        face.text("feat", 2.3, "em")
        if card.feat is not None:
            face.paragraph(f"Feat: {card.feat.name}", size, "strong")
            face.paragraph(card.feat.text, size, indent=1.0)
        return face
    face.text("special rules", 2.3, "em")
    for rule in card.rules:
        heading = f" ({rule.heading})" if rule.heading else ""
        face.paragraph(rule.name + heading, size, "strong")
        face.paragraph(rule.text, size, indent=1.0)
    return face
