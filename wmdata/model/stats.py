"""Stat lines per edition.  Each edition gets its own class so a stat that does not
exist in that edition (``AAT`` on a MkII card, ``STR`` on a MkIV card) is an unknown
key at its own line, and the generated schema offers editors the right stat names.
"""

from __future__ import annotations

from wmdata.model.common import Edition, Stat, Strict


class StatsBase(Strict):
    """DEF and ARM exist on every card of every edition."""

    DEF: Stat
    ARM: Stat


class Mk2Stats(StatsBase):
    """MkII: SPD STR MAT RAT DEF ARM CMD FOC."""

    SPD: Stat | None = None
    STR: Stat | None = None
    MAT: Stat | None = None
    RAT: Stat | None = None
    CMD: Stat | None = None
    FOC: Stat | None = None


class Mk3Stats(Mk2Stats):
    """MkIII: the MkII line plus FURY (warlocks, warbeasts) and THR (warbeasts)."""

    FURY: Stat | None = None
    THR: Stat | None = None


class Mk4Stats(StatsBase):
    """MkIV: SPD AAT MAT RAT DEF ARM ARC FURY CTRL THR (no STR, CMD or FOC)."""

    SPD: Stat | None = None
    AAT: Stat | None = None
    MAT: Stat | None = None
    RAT: Stat | None = None
    ARC: Stat | None = None
    FURY: Stat | None = None
    CTRL: Stat | None = None
    THR: Stat | None = None


STATS_BY_EDITION: dict[Edition, type[StatsBase]] = {"mk2": Mk2Stats, "mk3": Mk3Stats, "mk4": Mk4Stats}


def stat_names(edition: Edition) -> tuple[str, ...]:
    """The stat abbreviations of an edition, in card order."""
    order = ("SPD", "STR", "AAT", "MAT", "RAT", "DEF", "ARM", "ARC", "CMD", "FOC", "FURY", "CTRL", "THR")
    fields = STATS_BY_EDITION[edition].model_fields
    return tuple(name for name in order if name in fields)
