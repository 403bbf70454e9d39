"""Counts and articles in generated messages."""

from __future__ import annotations

import pytest

from wmdata.wording import article, counted


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
