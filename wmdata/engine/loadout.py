"""Which weapons a sequence of attacks uses, and in what order.

A model making melee attacks makes one initial attack with each of its melee weapons,
and each additional attack may use any of them (seed 001 L949, seed 003 L1555-1556,
seed 000 "Combat Action"): asking for one melee weapon therefore brings the model's
other melee weapons in after it, the one asked for first (it makes the charge attack).
Ranged weapons make their initial attacks one weapon after another as given; a
weapon's card count (``x2``) gives it that many initial attacks.
"""

from __future__ import annotations

from dataclasses import dataclass

from wmdata.model.weapons import Weapon


class LoadoutError(ValueError):
    """The weapons asked for do not make one sequence."""


@dataclass(frozen=True, slots=True)
class Loadout:
    """The weapons of a sequence: names, the weapon of each initial attack, and the ones
    additional attacks may use (indices into ``names``)."""

    names: tuple[str, ...]
    initial: tuple[int, ...]
    extra: tuple[int, ...]

    def describe(self) -> str:
        counts = [sum(1 for i in self.initial if i == index) for index in range(len(self.names))]
        return ", ".join(f"{name} x{count}" if count > 1 else name for name, count in zip(self.names, counts,
                                                                                           strict=True))


def _find(weapons: list[Weapon], name: str) -> Weapon | None:
    return next((w for w in weapons if w.name.lower() == name.strip().lower()), None)


def loadout(weapons: list[Weapon], asked: list[str], first_attacks: int | None = None) -> Loadout:
    """The loadout for the weapons ``asked`` (names from the card, the first one leading).

    With one melee weapon asked, every melee weapon of the model joins.  ``first_attacks``
    overrides the initial attacks of the first weapon (``--attacks``).  A name that is not
    a weapon of the card (a spell) stands alone with one initial attack."""
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
    initial: list[int] = []
    for index, weapon in enumerate(chosen):
        count = weapon.count
        if weapon.type != "melee" and isinstance(weapon.rof, int):
            count = weapon.rof
        if index == 0 and first_attacks is not None:
            count = first_attacks
        initial += [index] * count
    return Loadout(tuple(w.name for w in chosen), tuple(initial), tuple(range(len(chosen))))
