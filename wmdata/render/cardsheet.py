"""Cards to documents: an HTML print sheet, an SVG of fronts and backs, or plain text."""

from __future__ import annotations

from dataclasses import dataclass

from wmdata.render.environment import render
from wmdata.render.sheets import CARD_HEIGHT_MM, CARD_WIDTH_MM, paginate, paper
from wmdata.render.svgcard import Prim, back_face, front_face
from wmdata.render.views import Card

CARD_FORMATS = ("html", "svg", "txt")
SVG_GAP_MM = 4.0


@dataclass(frozen=True, slots=True)
class SvgFace:
    x: float
    side: str
    prims: list[Prim]


@dataclass(frozen=True, slots=True)
class SvgRow:
    key: str
    y: float
    faces: list[SvgFace]


def cards_html(cards: list[Card], paper_name: str = "a4", title: str = "wmdata cards") -> str:
    """A print sheet: nine cards a page, backs on the following page, crop marks."""
    return render("cards/sheet.html.j2", pages=paginate(cards), paper=paper(paper_name), title=title)


def cards_svg(cards: list[Card], title: str = "wmdata cards") -> str:
    """Each card's front with its back beside it, one card a row, at true size."""
    step = CARD_HEIGHT_MM + SVG_GAP_MM
    rows = [SvgRow(card.key, round(index * step, 2),
                   [SvgFace(0.0, "front", front_face(card).prims),
                    SvgFace(round(CARD_WIDTH_MM + SVG_GAP_MM, 2), "back", back_face(card).prims)])
            for index, card in enumerate(cards)]
    width = round(2 * CARD_WIDTH_MM + SVG_GAP_MM, 2)
    height = round(max(len(cards), 1) * step - SVG_GAP_MM, 2)
    return render("cards/cards.svg.j2", rows=rows, width=width, height=height, title=title,
                  card_width=CARD_WIDTH_MM, card_height=CARD_HEIGHT_MM)


def cards_text(cards: list[Card]) -> str:
    """Cards for terminals and screen readers: every number and rule, no layout."""
    return render("cards/cards.txt.j2", cards=cards)


def render_cards(cards: list[Card], output_format: str, paper_name: str = "a4", title: str = "wmdata cards") -> str:
    if output_format == "html":
        return cards_html(cards, paper_name, title)
    if output_format == "svg":
        return cards_svg(cards, title)
    return cards_text(cards)
