"""Pasted list text as logical lines: what a rulebook's layout splits or decorates is put
back together before the entries are read.

Printed sample armies wrap long entries ("1 Courser Warjack (Shield Guard Head," on one
line, the rest of the loadout and the cost on the next), put side notes in the middle of
a line ("Each Cyclops Raider is 9 points and FA U.", in italics) and surround the list
with prose.  Each logical line keeps the number of its first physical line, so every
message still points at the text the player pasted.
"""

from __future__ import annotations

import re

_NOTE = re.compile(r"<i>.*?</i>|\beach [^.<>]{1,60}? is [0-9]+ points?(?: and FA:? ?[0-9UC]+)?\.?",
                   re.IGNORECASE)
_TAG = re.compile(r"</?[a-z]+>", re.IGNORECASE)
_COUNT_FIRST = re.compile(r"^[0-9]+\s*x?\s+\D")
_COST_LAST = re.compile(r"[0-9]+(?:\s*\(\s*[0-9]+\s*ea\.?\s*\))?$", re.IGNORECASE)
MAX_JOINED = 3
"""Physical lines one entry may span; more is not a wrapped entry but unrelated text."""


def clean(text: str) -> str:
    """``text`` with runs of spaces and tabs made one space, side notes and tags removed."""
    return re.sub(r"\s+", " ", _TAG.sub(" ", _NOTE.sub(" ", text))).strip()


def _open(line: str) -> bool:
    """The line ends inside an entry: a parenthesis left open, or a count with no cost yet."""
    return line.count("(") > line.count(")") or (bool(_COUNT_FIRST.match(line)) and not _COST_LAST.search(line))


def logical_lines(text: str) -> list[tuple[int, str]]:
    """(first line number, cleaned text) of every non-empty logical line."""
    physical = [(number, clean(raw)) for number, raw in enumerate(text.splitlines(), start=1)]
    physical = [(number, line) for number, line in physical if line]
    joined: list[tuple[int, str]] = []
    index = 0
    while index < len(physical):
        number, line = physical[index]
        spanned = 1
        while _open(line) and index + spanned < len(physical) and spanned < MAX_JOINED:
            following = physical[index + spanned][1]
            if _COUNT_FIRST.match(following) and line.count("(") <= line.count(")"):
                break  # the next entry starts: this one simply has no cost
            line = f"{line} {following}"
            spanned += 1
        if _open(line) and spanned > 1:  # never closed: keep the lines apart, each reported on its own
            spanned, line = 1, physical[index][1]
        joined.append((number, line))
        index += spanned
    return joined
