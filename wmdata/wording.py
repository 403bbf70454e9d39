"""Grammar for generated messages: counts with the right plural and "a"/"an", so a
message never reads "1 errors", "a attachment" or "warjack(s)"."""

from __future__ import annotations

_VOWEL_SOUNDS = ("a", "e", "i", "o", "u")
_SPOKEN_WITH_Y = ("uni", "use", "one", "eu")


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``noun`` as the word for ``count`` of them: ``many`` (default ``noun + "s"``) unless one."""
    return noun if count == 1 else (many if many is not None else f"{noun}s")


def counted(count: int, noun: str, many: str | None = None) -> str:
    """``1 error``, ``2 errors``, ``0 warbeasts``: the number and its noun in agreement."""
    return f"{count} {plural(count, noun, many)}"


def article(phrase: str) -> str:
    """``phrase`` after "a" or "an": "an" before a vowel sound ("an attachment", "an
    Orgoth warjack"), "a" before a consonant or a spoken y/w ("a unit", "a one-off")."""
    lower = phrase.lower()
    vowel = lower[:1] in _VOWEL_SOUNDS and not lower.startswith(_SPOKEN_WITH_Y)
    return f"{'an' if vowel else 'a'} {phrase}"


def ranges_told(rows: list[tuple[int, str]], separator: str) -> str:
    """``1-3: either; 4-10: left``: consecutive amounts (sorted) told alike, joined into ranges,
    so a plan line names each range once instead of every amount."""
    runs: list[tuple[int, int, str]] = []
    for amount, told in rows:
        if runs and runs[-1][2] == told and runs[-1][1] == amount - 1:
            runs[-1] = (runs[-1][0], amount, told)
        else:
            runs.append((amount, amount, told))
    return separator.join(f"{low}{'' if low == high else f'-{high}'}: {told}" for low, high, told in runs)
