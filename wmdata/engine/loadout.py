"""Which weapons a sequence of attacks uses, and in what order.

A model making melee attacks makes one initial attack with each of its melee weapons,
and each additional attack may use any of them (seed 001 L949, seed 003 L1555-1556,
seed 000 "Combat Action"): asking for one melee weapon therefore brings the model's
other melee weapons in after it, the one asked for first (it makes the charge attack).
Ranged weapons make their initial attacks one weapon after another as given, each as
many as the ruleset's ``ranged_initial_attacks`` says: in MkIII and MkIV a weapon's ROF
is its number of initial attacks (seed 003 L905, L1960; seed 000 L900-901, L2603-2604);
in MkII each ranged weapon makes one, and its ROF caps all the attacks it makes in the
activation, bought ones included (seed 001 L1173, L1197).  A card count (``x2``) is that
many weapons, each with its own initial attacks and its own ROF.  A ROF given as dice
(``d3``) is rolled before the weapon's attacks (the ruleset's ``rolled_rof``: seed 003 L907,
seed 000 L905-909; unconfirmed in MkII, whose seed does not say), and the number rolled is
given with ``--attacks``: its initial attacks in MkIII and MkIV, the cap on all its attacks
in MkII.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wmdata.model.weapons import Weapon


class LoadoutError(ValueError):
    """The weapons asked for do not make one sequence."""


class TooManyAttacksError(LoadoutError):
    """``--attacks`` asks a ranged weapon for more attacks than its ROF allows (a usage error)."""


class RolledRofError(LoadoutError):
    """A ROF that is rolled (``d3``) sets the initial attacks, but the roll was not given."""


ROLLED = re.compile(r"^(\d*)d(\d+)([+-]\d+)?$")


def rolled_range(rof: str) -> tuple[int, int] | None:
    """The lowest and highest number a rolled ROF such as ``d3`` or ``d3+1`` can give (None: not dice)."""
    found = ROLLED.match(rof.strip().lower())
    if found is None:
        return None
    dice, sides, bonus = int(found.group(1) or 1), int(found.group(2)), int(found.group(3) or 0)
    return dice + bonus, dice * sides + bonus


@dataclass(frozen=True, slots=True)
class Loadout:
    """The weapons of a sequence: names, the weapon of each initial attack, and the ones
    additional attacks may use (indices into ``names``)."""

    names: tuple[str, ...]
    initial: tuple[int, ...]
    extra: tuple[int, ...]
    rooms: tuple[int | None, ...] = ()
    """Per weapon, the most additional attacks its ROF leaves (None or empty: no ROF limit)."""
    unplannable: str | None = None
    """Why additional attacks cannot be planned exactly (a ROF that is not a number)."""

    def describe(self) -> str:
        counts = [sum(1 for i in self.initial if i == index) for index in range(len(self.names))]
        return ", ".join(f"{name} x{count}" if count > 1 else name for name, count in zip(self.names, counts,
                                                                                           strict=True))


def _find(weapons: list[Weapon], name: str) -> Weapon | None:
    return next((w for w in weapons if w.name.lower() == name.strip().lower()), None)


def loadout(weapons: list[Weapon], asked: list[str], first_attacks: int | None = None,
            ranged_initial: str = "rof", rolled_source: str = "seed 003 L907, seed 000 L905-909") -> Loadout:
    """The loadout for the weapons ``asked`` (names from the card, the first one leading).

    With one melee weapon asked, every melee weapon of the model joins.  ``first_attacks``
    overrides the initial attacks of the first weapon (``--attacks``; never above a ranged
    weapon's ROF; for a ROF given as dice, the number rolled).  ``ranged_initial`` is the ruleset's
    ``ranged_initial_attacks``, ``rolled_source`` where its ``rolled_rof`` comes from.  A name
    that is not a weapon of the card (a spell) stands alone with one initial attack."""
    found = [_find(weapons, name) for name in asked]
    if any(w is None for w in found):
        if len(asked) > 1:
            missing = next(name for name, w in zip(asked, found, strict=True) if w is None)
            raise LoadoutError(f"{missing!r} is not a weapon of the card; a spell is cast alone")
        return Loadout((asked[0],), (0,) * (first_attacks or 1), (0,))
    chosen = [w for w in found if w is not None]
    if len({w.name for w in chosen}) != len(chosen):
        raise LoadoutError("a weapon is given twice; each weapon makes its own initial attacks once")
    kinds = {w.type == "melee" for w in chosen}
    if len(kinds) > 1:
        raise LoadoutError("melee and ranged weapons do not attack in the same combat action; give one kind")
    if len(chosen) == 1 and chosen[0].type == "melee":
        chosen += [w for w in weapons if w.type == "melee" and w.name != chosen[0].name]
    if chosen[0].type == "melee":
        return _melee(chosen, first_attacks)
    return _ranged(chosen, first_attacks, ranged_initial, rolled_source)


def _melee(chosen: list[Weapon], first_attacks: int | None) -> Loadout:
    initial: list[int] = []
    for index, weapon in enumerate(chosen):
        count = first_attacks if index == 0 and first_attacks is not None else weapon.count
        initial += [index] * count
    return Loadout(tuple(w.name for w in chosen), tuple(initial), tuple(range(len(chosen))))


def _ranged(chosen: list[Weapon], first_attacks: int | None, ranged_initial: str, rolled_source: str) -> Loadout:
    """Initial attacks per the ruleset; under ``one``, additional attacks only with a weapon
    whose ROF has attacks to spare, each weapon keeping its own count.  A rolled ROF (``d3``)
    is rolled before the attacks, so the number rolled is given with ``first_attacks`` and the
    weapon comes first: under ``rof`` it is the weapon's initial attacks (and must be given),
    under ``one`` the most attacks it makes (needed only to plan additional attacks)."""
    initial: list[int] = []
    spare: dict[int, int | None] = {}  # per weapon, the attacks its ROF leaves (None: no ROF holds it)
    unknown: Weapon | None = None  # a weapon whose rolled ROF was not given (under ``one``)
    for index, weapon in enumerate(chosen):
        given = first_attacks if index == 0 else None
        most = weapon.rof * weapon.count if isinstance(weapon.rof, int) else None
        count = most if ranged_initial == "rof" and most is not None else weapon.count
        if isinstance(weapon.rof, str) and (ranged_initial == "rof" or given is not None):
            most = _rolled(weapon, given, rolled_source)
            count = most if ranged_initial == "rof" else weapon.count
            given = None
        elif isinstance(weapon.rof, str):
            unknown = unknown or weapon
        if given is not None:
            if most is not None and given > most:
                raise TooManyAttacksError(
                    f"{given} attacks with {weapon.name}: its ROF {weapon.rof}"
                    f"{f' (x{weapon.count})' if weapon.count > 1 else ''} allows at most {most} in an activation")
            count = given
        initial += [index] * count
        spare[index] = None if most is None else most - count
    names = tuple(w.name for w in chosen)
    if ranged_initial == "rof":
        return Loadout(names, tuple(initial), tuple(range(len(chosen))))
    if unknown is not None:
        return Loadout(names, tuple(initial), (), (0,) * len(chosen),
                       f"{unknown.name}'s ROF {unknown.rof} caps its attacks at the number rolled: give it as the "
                       "first weapon with --attacks set to that number")
    extra = tuple(index for index, room in spare.items() if room is None or room > 0)
    return Loadout(names, tuple(initial), extra, tuple(spare[index] for index in range(len(chosen))))


def _rolled(weapon: Weapon, given: int | None, source: str) -> int:
    """The ROF of a weapon whose ROF is rolled: the number given for the roll (within its dice)."""
    assert isinstance(weapon.rof, str)
    span = rolled_range(weapon.rof)
    if given is None:
        raise RolledRofError(
            f"{weapon.name}'s ROF {weapon.rof} is not a fixed number: it is rolled (or set by its rules) before its "
            f"attacks ({source}): "
            f"give it first with --attacks set to the number rolled{f' ({span[0]}-{span[1]})' if span else ''}")
    if span is not None and not span[0] * weapon.count <= given <= span[1] * weapon.count:
        raise TooManyAttacksError(f"{given} attacks with {weapon.name}: its ROF {weapon.rof} gives "
                                  f"{span[0] * weapon.count}-{span[1] * weapon.count}")
    return given
