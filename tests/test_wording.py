"""Counts, articles and ranges of amounts in generated messages."""

from __future__ import annotations

import pytest

from wmdata.wording import article, counted, ranges_told


@pytest.mark.parametrize(("count", "noun", "many", "text"), [
    (0, "error", None, "0 errors"), (1, "error", None, "1 error"), (2, "point", None, "2 points"),
    (1, "warjack or warbeast", "warjacks or warbeasts", "1 warjack or warbeast"),
    (3, "warjack or warbeast", "warjacks or warbeasts", "3 warjacks or warbeasts"),
])
def test_counted_agrees_with_its_number(count: int, noun: str, many: str | None, text: str) -> None:
    assert counted(count, noun, many) == text


@pytest.mark.parametrize(("phrase", "text"), [
    ("attachment", "an attachment"), ("orgoth warjack", "an orgoth warjack"), ("warlock", "a warlock"),
    ("unit", "a unit"), ("solo", "a solo"), ("Everblight warbeast", "an Everblight warbeast"),
])
def test_article_follows_the_sound(phrase: str, text: str) -> None:
    assert article(phrase) == text


@pytest.mark.parametrize(("rows", "text"), [
    ([(1, "either"), (2, "either"), (3, "either"), (4, "left"), (5, "left")], "1-3: either; 4-5: left"),
    ([(1, "left"), (3, "left")], "1: left; 3: left"),  # a gap in the amounts breaks the range
    ([(2, "rolled")], "2: rolled"),
    ([], ""),
])
def test_ranges_told_joins_consecutive_amounts_told_alike(rows: list[tuple[int, str]], text: str) -> None:
    assert ranges_told(rows, "; ") == text
