"""One attack as the odds engine sees it: the dice of both rolls and the numbers they meet.

An :class:`AttackSetup` is built from whatever the interpreter decided (an
:class:`~wmdata.engine.attack.AttackExplanation`, or the ruleset applied to raw numbers in
:mod:`wmdata.engine.raw`), so every kind of attack the interpreter knows flows through the
same exact odds without the odds engine knowing which kind it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from wmdata.engine.attack import AttackExplanation
from wmdata.engine.dice import RESULTS, AttackOdds, Roll, attack_odds, damage_odds, faces
from wmdata.engine.work import DicePlan, ExtraDamageRecord, Survival
from wmdata.model.organisation import DiceRules

Outcome = tuple[int, frozenset[str]]
"""Damage points one attack deals, and the conditions it puts on the target (knocked down,
stationary, a continuous effect)."""


def roll_of(plan: DicePlan) -> Roll:
    return Roll(plan.dice, sum(plan.drop_lowest.values()), sum(plan.drop_highest.values()),
                bool(plan.rerolls or plan.miss_rerolls), misses_only=not plan.rerolls and bool(plan.miss_rerolls))


@dataclass(frozen=True, slots=True)
class ContestRoll:
    """An opposed roll after a hit (a throw's STR contest): damage follows only a won one."""

    attacker_dice: int
    attacker_value: int
    target_dice: int
    target_value: int
    ties_to_attacker: bool

    def won(self, attacker: int, target: int) -> bool:
        """Whether the attacker wins with these dice totals."""
        mine, theirs = attacker + self.attacker_value, target + self.target_value
        return mine > theirs or (mine == theirs and self.ties_to_attacker)

    @property
    def chance(self) -> Fraction:
        """The exact chance that the attacker wins, over every face of both sides' dice."""
        mine = list(product(range(1, 7), repeat=self.attacker_dice))
        theirs = list(product(range(1, 7), repeat=self.target_dice))
        wins = sum(1 for a in mine for t in theirs if self.won(sum(a), sum(t)))
        return Fraction(wins, len(mine) * len(theirs))

    def describe(self, stat: str) -> str:
        return (f"{self.attacker_dice}d6 + {stat} {self.attacker_value} against the target's {self.target_dice}d6 + "
                f"{stat} {self.target_value}, ties to the {'attacker' if self.ties_to_attacker else 'target'}")


@dataclass(frozen=True, slots=True)
class AttackSetup:
    """Everything needed to resolve one attack exactly or with real dice."""

    attack: Roll
    needed: int
    """The attack roll hits on a total of at least this (DEF minus skill and bonuses)."""
    automatic: str | None
    damage: Roll
    offset: int
    """Added to the damage dice: POW or P+S and bonuses, minus ARM."""
    deals_damage: bool
    extra: tuple[ExtraDamageRecord, ...]
    afflictions: frozenset[tuple[str, str]]
    """(condition, window) of what a hit puts on the target, once immunities are checked."""
    dice_rules: DiceRules
    attack_boosted: bool
    damage_boosted: bool
    attack_text: str
    damage_text: str
    contest: ContestRoll | None = None
    """An opposed roll the attacker must win after a hit before any damage."""
    smite: str | None = None
    """A power attack (slam, throw) the attacker may make instead of the damage roll of a
    critical hit (Critical Smite, Critical Pitch) or, with :attr:`smite_on_hit`, of any hit
    (Pitch), by the rule ``smite_source``."""
    smite_source: str = ""
    smite_on_hit: bool = False
    """Whether the power attack is offered on every hit, not only on a critical hit."""
    smite_always: bool = False
    """Whether the hit is always the power attack, with no normal damage roll to choose (Smite,
    Combo Smite)."""
    smite_dice: int = 2
    """The dice of the power attack's own damage roll: a damage roll's two (seed 001 L1451) and
    the damage roll's boost, paid or granted (slam and throw damage can be boosted, seed 001
    L1093, L1127; a charge attack's slam damage is boosted, seed 003 L1466); never the weapon's
    or the critical hit's extra dice, which belong to the damage roll it replaces (seed 001
    L2975: Weapon Master's die is not rolled on a slam's damage)."""
    smite_offset: int = 0
    """Added to that power attack's damage dice: the attacker's STR plus the weapon's POW,
    minus ARM."""
    smite_knocks_down: bool = True
    """Whether the slammed, thrown or falling model is knocked down (not when it can never be)."""
    armour: int = 0
    """The target's ARM as this attack meets it, which a fall's damage roll meets too."""
    smite_points: int | None = None
    """Where what replaces the damage roll is not a slam or throw but exactly this many damage
    points (``damage_points`` ``instead_of_roll``: Sniper, Penetrating Strike); :attr:`smite`
    is then ``"points"``, offered on every hit."""
    damage_factor: int = 1
    """The damage roll's points (after ARM) are multiplied by this (2: a rule doubles them)."""
    points_floor: int = 0
    """The least points a damage roll deals (a rule's ``damage_points`` ``at_least``)."""
    points_cap: int | None = None
    """The most points a damage roll deals (a rule's ``damage_points`` ``at_most``)."""
    survival: Survival | None = None
    """The roll the target makes when this attack disables it (Tough), with the states it can
    be put in (:meth:`AttackWork.surviving`)."""
    fails_systems: str = ""
    """The attacker's rule under which a critical hit fails every system its damage strikes
    (``fail_systems``; "" where none)."""
    picks_column: str = ""
    """The attacker's rule that lets it pick the column or branch the damage starts in
    (``choose_column``; "" where the column is rolled)."""

    def dealt(self, total: int, offset: int | None = None) -> int:
        """The damage points of a damage roll with ``total`` on the dice (``offset``: of a slam
        or throw made instead, else :attr:`offset`)."""
        return self.bounded(max(0, total + (self.offset if offset is None else offset)) * self.damage_factor)

    def bounded(self, points: int) -> int:
        """``points`` of a damage roll held between :attr:`points_floor` and :attr:`points_cap`."""
        points = max(points, self.points_floor)
        return points if self.points_cap is None else min(points, self.points_cap)

    @property
    def smite_moves(self) -> bool:
        """Whether what replaces the damage roll moves the target (a slam or throw)."""
        return self.smite is not None and self.smite_points is None

    @property
    def replacement(self) -> str:
        """What replaces the damage roll, told: ``slam the target``, ``deal 1 damage point``."""
        if self.smite_points is not None:
            return f"deal {self.smite_points} damage point{'' if self.smite_points == 1 else 's'}"
        return f"{self.smite} the target"

    def smite_offered(self, critical: bool) -> bool:
        """Whether a hit (``critical``: a critical hit) may become the slam or throw."""
        return self.smite is not None and (critical or self.smite_on_hit)

    def smite_outcomes(self, critical: bool) -> dict[Outcome, Fraction]:
        """Exact damage (and conditions) of a hit (``critical``: a critical one) turned into
        :attr:`smite`: its own damage roll (:attr:`smite_dice`; the normal damage roll is not
        made), and the target knocked down; or the points dealt instead of the roll."""
        if self.smite_points is not None:
            total = self.smite_points + self.extra_points(critical, self.smite_points > 0)
            return {(total, self.conditions(critical, total > 0)): Fraction(1)}
        result: dict[Outcome, Fraction] = {}
        for face, chance in faces(self.smite_roll.dice, self.smite_roll.drop_lowest, self.smite_roll.drop_highest):
            key = self.smite_outcome(face.total, critical)
            result[key] = result.get(key, Fraction(0)) + chance
        return result

    @property
    def smite_roll(self) -> Roll:
        """The dice of the power attack's damage roll, never rerolled."""
        return Roll(self.smite_dice, 0, 0)

    def smite_outcome(self, total: int, critical: bool) -> Outcome:
        """The damage and conditions of the power attack's damage roll with ``total`` on the dice
        (``critical``: made instead of a critical hit's damage roll, whose other effects still land)."""
        points = self.dealt(total, self.smite_offset)
        down = frozenset({"knocked_down"}) if self.smite_knocks_down else frozenset()
        return points, self.conditions(critical, points > 0) | down

    def fall_outcomes(self, dice: int, power: int) -> dict[Outcome, Fraction]:
        """Exact damage (and the knockdown) of a fall's damage roll, ``dice`` d6 + ``power``
        against the target's ARM: not the attack's roll, so never boosted, rerolled, doubled
        or held by its rules; the fall knocks the target down unless it can never be."""
        down = frozenset({"knocked_down"}) if self.smite_knocks_down else frozenset()
        result: dict[Outcome, Fraction] = {}
        for points, chance in damage_odds(Roll(dice), power - self.armour).items():
            result[(points, down)] = result.get((points, down), Fraction(0)) + chance
        return result

    def extra_dice(self, critical: bool) -> int:
        return sum(e.dice for e in self.extra if e.window == "on_hit" or (critical and e.window == "on_critical"))

    def extra_points(self, critical: bool, damaged: bool) -> int:
        windows = {"on_hit"} | ({"on_critical"} if critical else set()) | ({"on_damage"} if damaged else set())
        return sum(e.points for e in self.extra if e.window in windows)

    def conditions(self, critical: bool, damaged: bool) -> frozenset[str]:
        """The conditions a hit (``critical``, ``damaged``: dealing damage) puts on the target."""
        windows = {"on_hit"} | ({"on_critical"} if critical else set()) | ({"on_damage"} if damaged else set())
        return frozenset(condition for condition, window in self.afflictions if window in windows)

    def damage_roll(self, critical: bool) -> Roll:
        extra = self.extra_dice(critical)
        roll = self.damage
        return Roll(roll.dice + extra, roll.drop_lowest, roll.drop_highest, roll.reroll) if extra else roll

    @property
    def odds(self) -> AttackOdds:
        """The odds of one attack roll, before any reroll."""
        return attack_odds(self.attack, self.needed, self.dice_rules, self.automatic)

    @property
    def may_reroll_attack(self) -> bool:
        """A rule lets the attack roll be rerolled (it is rolled at all)."""
        return self.attack.reroll and self.automatic is None

    @property
    def rerollable(self) -> tuple[str, ...]:
        """The attack roll's results a rule lets be rerolled (of :data:`RESULTS`)."""
        return ("miss",) if self.attack.misses_only else RESULTS

    @property
    def may_reroll_damage(self) -> bool:
        """A rule lets the damage roll be rerolled (without a contest, which a reroll of the
        damage alone would not repeat)."""
        return self.damage.reroll and self.deals_damage and self.contest is None

    def outcomes(self, critical: bool) -> dict[Outcome, Fraction]:
        """Exact damage (and conditions) of a hit, or of a critical hit, from one damage roll
        (never rerolled here: that is the policy's choice); with a contest, a lost
        one ends the attack with nothing (the target broke free)."""
        if self.contest is not None:
            won = self.contest.chance
            result = {key: chance * won for key, chance in self.after_contest(critical).items()}
            nothing: Outcome = (0, frozenset())
            result[nothing] = result.get(nothing, Fraction(0)) + (1 - won)
            return result
        return self.after_contest(critical)

    def after_contest(self, critical: bool) -> dict[Outcome, Fraction]:
        """Exact damage (and conditions) of a hit, or of a critical hit, once any contest is won."""
        if not self.deals_damage:
            return {(0, self.conditions(critical, False)): Fraction(1)}
        result: dict[Outcome, Fraction] = {}
        for rolled, chance in damage_odds(self.damage_roll(critical), self.offset).items():
            points = self.bounded(rolled * self.damage_factor)
            damaged = points > 0
            total = points + self.extra_points(critical, damaged)
            key = (total, self.conditions(critical, total > 0))
            result[key] = result.get(key, Fraction(0)) + chance
        return result


def replacing_dice(plan: DicePlan) -> int:
    """The dice of a slam's or throw's damage roll made instead of the damage roll ``plan``:
    its base dice and its boost (see :attr:`AttackSetup.smite_dice`)."""
    return plan.base + (plan.boost_dice if plan.boosted else 0)


def roll_text(plan: DicePlan, value: int | None, label: str) -> str:
    bonus = sum(plan.bonuses.values())
    drops = sum(plan.drop_lowest.values()) + sum(plan.drop_highest.values())
    keep = f" keep {plan.kept}" if drops else ""
    reroll = ", reroll once" if plan.rerolls else (", reroll a miss once" if plan.miss_rerolls else "")
    number = f" + {label} {value}" if value is not None else ""
    return f"{plan.dice}d6{keep}{number}{f' {bonus:+d}' if bonus else ''}{reroll}"


def setup_from(explanation: AttackExplanation, rules: DiceRules) -> AttackSetup:
    """The setup of an interpreted attack."""
    defence = explanation.target_stats["DEF"].current
    armour = explanation.target_stats["ARM"].current
    needed = defence - (explanation.skill or 0) - sum(explanation.attack.bonuses.values())
    value = explanation.damage_value
    deals = explanation.no_damage_reason is None and value is not None
    offset = (value or 0) + sum(explanation.damage.bonuses.values()) - armour
    skill = explanation.skill_stat or "skill"
    contest = None
    if explanation.contest is not None:
        stat = explanation.contest.stat
        mine, theirs = explanation.attacker_stats.get(stat), explanation.target_stats.get(stat)
        contest = ContestRoll(explanation.contest.attacker_dice, mine.current if mine else 0,
                              explanation.contest.target_dice, theirs.current if theirs else 0,
                              explanation.contest.ties == "attacker")
    offers = explanation.work.critical_power_attacks
    smite = min(offers, key=lambda offer: offer.window != "on_hit") if offers and deals else None
    instead = explanation.work.points_instead if deals and smite is None else None
    strength, weapon_power = explanation.attacker_stats.get("STR"), explanation.weapon_stats.get("POW")
    smite_value = (strength.current if strength else 0) + (weapon_power.current if weapon_power else 0)
    floor, cap = explanation.work.points_floor, explanation.work.points_cap
    return AttackSetup(
        smite=smite.power_attack if smite else "points" if instead else None,
        smite_source=smite.source if smite else instead[1] if instead else "",
        smite_on_hit=(smite is not None and smite.window == "on_hit") or instead is not None,
        smite_always=smite is not None and smite.always,
        smite_points=instead[0] if instead else None,
        smite_dice=replacing_dice(explanation.damage),
        smite_offset=smite_value - armour,
        smite_knocks_down="knocked_down" not in explanation.work.state_immunities, armour=armour,
        attack=roll_of(explanation.attack), needed=needed, automatic=explanation.automatic,
        damage=roll_of(explanation.damage), offset=offset, deals_damage=deals,
        extra=tuple(explanation.work.extra_damage),
        afflictions=frozenset((a.condition, a.window) for a in explanation.work.landing()), dice_rules=rules,
        damage_factor=2 if explanation.work.doubled else 1,
        points_floor=floor[0] if floor else 0, points_cap=cap[0] if cap else None,
        survival=explanation.work.surviving(),
        picks_column=(explanation.work.column_choice or "") if deals else "",
        fails_systems=(explanation.work.fails_systems or "") if deals else "",
        attack_boosted=explanation.attack.boosted, damage_boosted=explanation.damage.boosted,
        attack_text=f"{roll_text(explanation.attack, explanation.skill, skill)} vs DEF {defence}",
        damage_text=(f"{roll_text(explanation.damage, value, explanation.damage_base)} vs ARM {armour}"
                     + (f", points doubled ({explanation.work.doubled[0]})" if explanation.work.doubled else "")
                     + (f", at least {floor[0]} point(s) ({floor[1]})" if floor else "")
                     + (f", at most {cap[0]} point(s) ({cap[1]})" if cap else "")
                     if deals else f"no damage ({explanation.no_damage_reason})")
        + (f", after winning {contest.describe(explanation.contest.stat)}" if contest and explanation.contest else ""),
        contest=contest,
    )
