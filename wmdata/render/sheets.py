"""Print sheets: nine poker-size cards a page, fronts and backs on alternate pages.

Backs are mirrored left to right within each row, so that after a long-edge duplex
flip every back lands behind its own front; the grid is centred on the page, which
keeps the mirror exact on A4 and on Letter.
"""

from __future__ import annotations

from dataclasses import dataclass

from wmdata.render.views import Card

CARD_WIDTH_MM = 63.5
CARD_HEIGHT_MM = 88.9
COLUMNS = 3
ROWS = 3
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@dataclass(frozen=True, slots=True)
class Page:
    side: str
    slots: list[Card | None]
    number: int


@dataclass(frozen=True, slots=True)
class Paper:
    name: str
    width: float
    height: float

    @property
    def left(self) -> float:
        return round((self.width - COLUMNS * CARD_WIDTH_MM) / 2, 2)

    @property
    def top(self) -> float:
        return round((self.height - ROWS * CARD_HEIGHT_MM) / 2, 2)

    @property
    def cut_x(self) -> list[float]:
        """Where the vertical cuts fall (mm from the page's left edge)."""
        return [round(self.left + i * CARD_WIDTH_MM, 2) for i in range(COLUMNS + 1)]

    @property
    def cut_y(self) -> list[float]:
        return [round(self.top + i * CARD_HEIGHT_MM, 2) for i in range(ROWS + 1)]


def paper(name: str) -> Paper:
    width, height = PAPERS[name]
    return Paper(name, width, height)


def paginate(cards: list[Card], duplex: bool = True) -> list[Page]:
    """Front page, then its back page (mirrored per row), for every nine cards."""
    per_page = COLUMNS * ROWS
    pages: list[Page] = []
    for start in range(0, max(len(cards), 1), per_page):
        chunk: list[Card | None] = list(cards[start:start + per_page])
        chunk += [None] * (per_page - len(chunk))
        pages.append(Page("front", chunk, len(pages) + 1))
        if duplex:
            mirrored = [chunk[row * COLUMNS + (COLUMNS - 1 - column)]
                        for row in range(ROWS) for column in range(COLUMNS)]
            pages.append(Page("back", mirrored, len(pages) + 1))
    return pages
