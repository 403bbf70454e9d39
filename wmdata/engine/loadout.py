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
many weapons, each with its own initial attacks and its own ROF.
"""

from __future__ import annotations

from dataclasses import dataclass

from wmdata.model.weapons import Weapon


class LoadoutError(ValueError):
    """The weapons asked for do not make one sequence."""


class TooManyAttacksError(LoadoutError):
    """``--attacks`` asks a ranged weapon for more attacks than its ROF allows (a usage error)."""


@dataclass(frozen=True, slots=True)
class Loadout:
    """The weapons of a sequence: names, the weapon of each initial attack, and the ones
    additional attacks may use (indices into ``names``)."""

    names: tuple[str, ...]
    initial: tuple[int, ...]
    extra: tuple[int, ...]
    most_bought: int | None = None
    """The most additional attacks the ROF of the weapons leaves (None: no ROF limit)."""
    unplannable: str | None = None
    """Why additional attacks cannot be planned exactly (several weapons each with ROF to spare)."""

    def describe(self) -> str:
        counts = [sum(1 for i in self.initial if i == index) for index in range(len(self.names))]
        return ", ".join(f"{name} x{count}" if count > 1 else name for name, count in zip(self.names, counts,
                                                                                           strict=True))


def _find(weapons: list[Weapon], name: str) -> Weapon | None:
    return next((w for w in weapons if w.name.lower() == name.strip().lower()), None)


def loadout(weapons: list[Weapon], asked: list[str], first_attacks: int | None = None,
            ranged_initial: str = "rof") -> Loadout:
    """The loadout for the weapons ``asked`` (names from the card, the first one leading).

    With one melee weapon asked, every melee weapon of the model joins.  ``first_attacks``
    overrides the initial attacks of the first weapon (``--attacks``; never above a ranged
    weapon's ROF).  ``ranged_initial`` is the ruleset's ``ranged_initial_attacks``.  A name
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
    return _ranged(chosen, first_attacks, ranged_initial)


def _melee(chosen: list[Weapon], first_attacks: int | None) -> Loadout:
    initial: list[int] = []
    for index, weapon in enumerate(chosen):
        count = first_attacks if index == 0 and first_attacks is not None else weapon.count
        initial += [index] * count
    return Loadout(tuple(w.name for w in chosen), tuple(initial), tuple(range(len(chosen))))


def _ranged(chosen: list[Weapon], first_attacks: int | None, ranged_initial: str) -> Loadout:
    """Initial attacks per the ruleset; under ``one``, additional attacks only with a weapon
    whose ROF has attacks to spare, and planned only when at most one weapon has."""
    initial: list[int] = []
    spare: dict[int, int | None] = {}  # per weapon, the attacks its ROF leaves (None: no ROF holds it)
    for index, weapon in enumerate(chosen):
        most = weapon.rof * weapon.count if isinstance(weapon.rof, int) else None
        count = most if ranged_initial == "rof" and most is not None else weapon.count
        if index == 0 and first_attacks is not None:
            if most is not None and first_attacks > most:
                raise TooManyAttacksError(
                    f"{first_attacks} attacks with {weapon.name}: its ROF {weapon.rof}"
                    f"{f' (x{weapon.count})' if weapon.count > 1 else ''} allows at most {most} in an activation")
            count = first_attacks
        initial += [index] * count
        spare[index] = None if most is None else most - count
    names = tuple(w.name for w in chosen)
    if ranged_initial == "rof":
        return Loadout(names, tuple(initial), tuple(range(len(chosen))))
    rolled = next((w for w in chosen if isinstance(w.rof, str)), None)
    if rolled is not None:
        return Loadout(names, tuple(initial), (), 0,
                       f"{rolled.name}'s ROF {rolled.rof} is not a fixed number, so the attacks it may add "
                       "are not known")
    extra = tuple(index for index, room in spare.items() if room is None or room > 0)
    if len(extra) > 1:
        return Loadout(names, tuple(initial), (), 0,
                       f"{' and '.join(names[i] for i in extra)} each have ROF to spare; additional attacks "
                       "shared between weapons are not planned (give one of them)")
    return Loadout(names, tuple(initial), extra, spare[extra[0]] if extra else 0)
