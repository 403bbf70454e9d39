"""The record an attack's handlers write into: dice plans, bonuses, automatic
results, damage types and the effects a hit or a critical hit would trigger."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from wmdata.engine.pipeline import StatModifier
from wmdata.wording import counted


@dataclass(slots=True)
class DicePlan:
    """How many dice a roll uses and why."""

    base: int
    boost_dice: int = 1
    boosts: list[str] = field(default_factory=list)
    added: dict[str, int] = field(default_factory=dict)
    removed: dict[str, int] = field(default_factory=dict)
    drop_lowest: dict[str, int] = field(default_factory=dict)
    drop_highest: dict[str, int] = field(default_factory=dict)
    rerolls: list[str] = field(default_factory=list)
    miss_rerolls: list[str] = field(default_factory=list)
    """Rules that let only a missed roll be rerolled (an attack roll)."""
    bonuses: dict[str, int] = field(default_factory=dict)
    unboostable: list[str] = field(default_factory=list)
    """Rules that forbid boosting this roll (mount and impact attacks, collateral damage)."""

    @property
    def boosted(self) -> bool:
        return bool(self.boosts) and not self.unboostable

    @property
    def boostable(self) -> bool:
        """Whether focus or fury may still boost it: not forbidden and not boosted yet."""
        return not self.unboostable and not self.boosts

    @property
    def dice(self) -> int:
        """Dice rolled: base, one boost at most, additional dice, minus removed dice."""
        count = self.base + (self.boost_dice if self.boosted else 0) + sum(self.added.values())
        return max(0, count - sum(self.removed.values()))

    @property
    def kept(self) -> int:
        """Dice that count after drop-lowest/highest rules."""
        return max(0, self.dice - sum(self.drop_lowest.values()) - sum(self.drop_highest.values()))

    def boost(self, source: str) -> None:
        self.boosts.append(source)

    def describe(self) -> list[str]:
        lines = [f"base {self.base} dice"]
        lines += [f"cannot be boosted ({src})" for src in self.unboostable]
        if self.unboostable:
            lines += [f"boost from {src} ignored: this roll cannot be boosted" for src in self.boosts]
        elif self.boosts:
            lines.append(f"boosted +{self.boost_dice} by {self.boosts[0]}")
            lines += [f"boost from {extra} ignored: a roll is boosted only once" for extra in self.boosts[1:]]
        lines += [f"+{n} additional from {src}" for src, n in self.added.items()]
        lines += [f"-{n} removed by {src}" for src, n in self.removed.items()]
        lines += [f"drop the lowest {n} ({src})" for src, n in self.drop_lowest.items()]
        lines += [f"drop the highest {n} ({src})" for src, n in self.drop_highest.items()]
        lines += [f"reroll once ({src})" for src in self.rerolls]
        lines += [f"reroll a miss once ({src})" for src in self.miss_rerolls]
        lines += [f"{'+' if n >= 0 else ''}{n} to the roll ({src})" for src, n in self.bonuses.items()]
        return lines

    def as_json(self) -> dict[str, Any]:
        return {"base": self.base, "dice": self.dice, "kept": self.kept, "boosted": self.boosted,
                "boosts": self.boosts, "added": self.added, "removed": self.removed,
                "drop_lowest": self.drop_lowest, "drop_highest": self.drop_highest, "rerolls": self.rerolls,
                "miss_rerolls": self.miss_rerolls,
                "bonuses": self.bonuses, "boostable": self.boostable, "unboostable": self.unboostable}


@dataclass(frozen=True, slots=True)
class ExtraDamageRecord:
    """Extra damage in a window: ``dice`` join the damage roll, ``points`` are marked after ARM."""

    window: str
    dice: int
    points: int
    source: str


@dataclass(frozen=True, slots=True)
class PowerAttackOffer:
    """A slam or throw the attacker may make instead of the damage roll, by the rule ``source``,
    on any hit (``window`` on_hit: Pitch) or on a critical hit only (on_critical: Critical Smite)."""

    power_attack: str
    source: str
    window: str
    always: bool = False
    """The hit is always the slam or throw (no normal damage roll to choose)."""


@dataclass(frozen=True, slots=True)
class Survival:
    """A roll the model hit makes when it is disabled (Tough): a d6 of ``roll`` or more removes
    ``heals`` damage points and puts it in ``leaves`` instead of letting it be destroyed; not
    while it is in a ``lost_while`` state (one the same hit put on it included)."""

    roll: int
    heals: int
    leaves: frozenset[str]
    lost_while: frozenset[str]
    source: str

    @property
    def chance(self) -> Fraction:
        """The chance that the d6 succeeds."""
        return Fraction(7 - self.roll, 6)

    def told(self) -> str:
        """``a d6 of 5+ removes 1 damage point and leaves it knocked down (tough)``."""
        states = " and ".join(s.replace("_", " ") for s in sorted(self.leaves))
        leaves = f" and leaves it {states}" if states else ""
        lost = (", not while " + " or ".join(s.replace("_", " ") for s in sorted(self.lost_while))
                if self.lost_while else "")
        return (f"a d6 of {self.roll}+ removes {counted(self.heals, 'damage point')}{leaves}{lost} "
                f"({self.source})")


@dataclass(frozen=True, slots=True)
class Affliction:
    """A condition a hit puts on the model hit, in a window: a state the later attacks of a
    sequence meet (``knocked_down``, ``stationary``) or a continuous effect (``fire``,
    ``corrosion``); ``unless_immune``: it does not land on a model immune to that damage."""

    condition: str
    window: str
    source: str
    unless_immune: str | None = None


@dataclass(slots=True)
class AttackWork:
    """Everything the handlers decide about one attack, before it is summarised."""

    attack: DicePlan
    damage: DicePlan
    collateral: DicePlan | None = None
    """The collateral damage roll, when the attack kind moves its target into others."""
    attacker_mods: list[StatModifier] = field(default_factory=list)
    target_mods: list[StatModifier] = field(default_factory=list)
    weapon_mods: list[StatModifier] = field(default_factory=list)
    auto_hit: list[str] = field(default_factory=list)
    auto_miss: list[str] = field(default_factory=list)
    damage_types: dict[str, str] = field(default_factory=dict)
    immunities: dict[str, str] = field(default_factory=dict)
    state_immunities: dict[str, str] = field(default_factory=dict)
    """State -> the target's rule that keeps it from ever being put in that state (Steady)."""
    resistances: dict[str, str] = field(default_factory=dict)
    triggers: dict[str, list[str]] = field(default_factory=dict)
    granted: list[str] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    movement: list[str] = field(default_factory=list)
    critical_power_attacks: list[PowerAttackOffer] = field(default_factory=list)
    """Slams or throws the attacker may make instead of a hit's or critical hit's damage roll."""
    continuous: list[tuple[str, str, str]] = field(default_factory=list)
    """(effect name, source, window) of continuous effects a hit or critical would start."""
    extra_damage: list[ExtraDamageRecord] = field(default_factory=list)
    doubled: list[str] = field(default_factory=list)
    spared: list[str] = field(default_factory=list)
    points_floor: tuple[int, str] | None = None
    """The least damage points a damage roll deals the model hit, and the rule that says so."""
    points_cap: tuple[int, str] | None = None
    """The most damage points a damage roll deals the model hit, and the rule that says so."""
    points_instead: tuple[int, str] | None = None
    """Points the attacker may deal instead of the damage roll, and the rule that says so
    (``damage_points`` with ``instead_of_roll``)."""
    fails_systems: str | None = None
    """The attacker's rule under which a critical hit fails the systems it strikes (``fail_systems``)."""
    column_choice: str | None = None
    """The attacker's rule that lets it pick the damage column or branch (``choose_column``)."""
    """Rules under which the model hit suffers no damage from this attack (``no_damage``)."""
    """Rules that double the damage points of the damage roll (once, however many)."""
    """Extra damage a hit, critical hit or damaging hit adds, for the odds engine."""
    afflictions: list[Affliction] = field(default_factory=list)
    """Conditions a hit, critical hit or damaging hit puts on the model hit (knocked down,
    stationary, a continuous effect), before immunities are checked (:meth:`landing`)."""
    buys_attacks: dict[str, str] = field(default_factory=dict)
    """Attack type -> the attacker's rule that lets it buy additional attacks of that type."""
    survival: Survival | None = None
    """The roll the model hit makes when disabled (Tough), the most generous one where
    several rules give one; its states before the target's state immunities (:meth:`surviving`)."""

    def surviving(self) -> Survival | None:
        """:attr:`survival` without the states the model hit can never be put in (a Tough model
        that cannot be knocked down stays standing)."""
        if self.survival is None:
            return None
        leaves = frozenset(s for s in self.survival.leaves if s not in self.state_immunities)
        return Survival(self.survival.roll, self.survival.heals, leaves, self.survival.lost_while,
                        self.survival.source)

    def landing(self) -> list[Affliction]:
        """The afflictions that land: none whose damage type the model hit is immune to, and
        no state it can never be put in."""
        return [a for a in self.afflictions if self._kept_off_by(a) is None]

    def kept_off(self) -> list[tuple[Affliction, str]]:
        """The afflictions that never land, each with the target's rule that keeps it off
        (a knockdown against Massive, a freeze against Immunity: Cold)."""
        kept = [(a, rule) for a in self.afflictions if (rule := self._kept_off_by(a)) is not None]
        if "knocked_down" in self.state_immunities:  # the knockdown of a slam or throw instead of damage
            kept += [(Affliction("knocked_down", offer.window, offer.source), self.state_immunities["knocked_down"])
                     for offer in self.critical_power_attacks]
        return kept

    def _kept_off_by(self, affliction: Affliction) -> str | None:
        if affliction.condition in self.state_immunities:
            return self.state_immunities[affliction.condition]
        if affliction.unless_immune is not None:
            return self.immunities.get(affliction.unless_immune)
        return None

    def trigger(self, window: str, text: str) -> None:
        self.triggers.setdefault(window, []).append(text)

    def plan(self, roll: str) -> DicePlan | None:
        """The dice plan of ``roll`` (attack, damage or collateral), if this attack has it."""
        return {"attack": self.attack, "damage": self.damage, "collateral": self.collateral}.get(roll)
