"""The rule vocabulary: advantages, immunities, resistances, weapon qualities, damage
types and abilities, plus spells, feats, animi and command cards.

Models refer to these entries by id.  ``text`` is always our own short wording.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from wmdata.model.common import Aoe, Entry, Id, Points, Pow, Range, SpellCost, Strict, Text
from wmdata.model.effects import AttackKindName, Condition, Effect, counts_up

RuleCategory = Literal["advantage", "immunity", "resistance", "weapon_quality", "damage_type", "ability"]
Duration = Literal["upkeep", "turn", "round"]


Unmodelled = Literal["deployment", "movement", "activation", "command", "terrain", "resources", "army",
                     "targeting", "damage-allocation", "nature", "attack-options", "own-attacks", "special-attack",
                     "other-models", "spell-casting", "control", "continuous-effects", "later-attacks",
                     "damage-roll", "wording-unknown", "other"]
"""What a rule the interpreter cannot execute is about. Three say which attacks it can change:
``nature`` (what the model is, e.g. not living: it changes no roll by itself, only rules that
ask for it), ``attack-options`` (it lets the model make a kind of attack the engine is asked for
by name, e.g. a power attack) and ``own-attacks`` (it changes only the carrier's own attacks,
e.g. a weapon quality: never an attack against the carrier). ``special-attack`` is an attack of
its own the odds do not make (a chain attack, a combo strike); a weapon with one in a crippled
location cannot make it. ``damage-allocation`` is where damage goes and how it is removed or
survived (healing, repairs, Tough, damage moved to another model, bonuses that grow with the
damage marked). ``other-models`` acts only on models other than the two of an attack (an aura
for the rest of the unit, damage to models near the target, a blast when the carrier dies), or
hurts the attacker once its attack is over; ``spell-casting`` decides who may cast or channel
which spells and from where, not their numbers; ``control`` takes over an enemy model, which
then acts for the other side. ``continuous-effects`` ends, keeps or keeps off continuous
effects, upkeep spells and animi (which may change later attacks); ``later-attacks`` is what a
hit (or a feat) leaves on a model for the attacks after it (the odds of a sequence do not carry
it on: name the rule with --target-effect for those attacks); ``damage-roll`` changes a damage
roll or the damage dealt in a way no effect kind expresses (doubled points, a POW per inch or
per point of a stat, and immunity to all but magical damage have effects now);
``wording-unknown``: no seed or reference data gives the rule's wording, only its name.
``other`` says nothing more: built-in rules give a precise reason instead."""


Coverage = Literal["partial"]
COVERAGE_FIELD = Field(
    default=None, description="partial: the effects execute only some clauses of the text; 'unmodelled' then says "
    "what the rest is about (omit when the effects do everything the text says)")


class Stacking(Strict):
    """A rule that applies once per thing counted (each enemy killed, each crewman's action):
    named with a count (``--effect gunnery=2``), its effects apply that many times."""

    per: Text = Field(description="what one step counts, for hints and docs (e.g. 'enemy it killed in melee this "
                      "activation')")
    min: Annotated[int, Field(ge=2)] | None = Field(default=None, description="the fewest steps the rules allow, "
                                                    "when fewer than 2 would not be the rule at all (a combined "
                                                    "attack needs two models)")
    max: Annotated[int, Field(ge=2)] | None = Field(default=None, description="the most steps the rules allow")

    @model_validator(mode="after")
    def _min_within_max(self) -> Stacking:
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"stacking min {self.min} is above its max {self.max}")
        return self


STACKING_FIELD = Field(default=None, description="the rule applies once per thing counted: name it with a count "
                       "(NAME=N); every effect must add up (a stat added or subtracted, a roll modifier, dice added "
                       "or removed)")


MATTERS_FIELD = Field(
    default=None, description="when what the interpreter does not run can change an attack (role: the side the "
    "carrier must be on; the other keys as in an effect's when), e.g. Parry, {role: target, other_state: "
    "[free_strike]}; in other attacks 'wmdata attack' lists the rule as not applying rather than as missing odds")


MATTERS_LATER_FIELD = Field(
    default=False, description="true: what the interpreter does not run can matter only once this attacker's "
    "sequence of attacks against this target is over (tokens or focus gained from kills and spent in a later "
    "Control Phase, reactions in the opponent's turn, what happens after the target is destroyed); 'wmdata attack' "
    "lists the rule under its own heading instead of as missing odds")


def check_matters_later(entry: object) -> None:
    """``matters_later`` speaks of what the interpreter does not run: an entry it runs whole has none."""
    if getattr(entry, "matters_later", False) and coverage_of(entry) == "executable":
        raise ValueError("matters_later is for what the effects leave out, and this entry's effects do all it says "
                         "(give coverage: partial, or leave matters_later out)")


def check_stacking(stacking: Stacking | None, effects: list[Effect]) -> None:
    """A stacking entry needs effects that add up step by step."""
    if stacking is None:
        return
    if not effects:
        raise ValueError("a stacking rule needs effects to apply once per step")
    for effect in effects:
        if not counts_up(effect):
            raise ValueError(f"a stacking rule needs effects that add up step by step, and a {effect.kind} effect does "
                             "not (stats added or subtracted, roll modifiers, dice added or removed do)")


class SystemNeed(Strict):
    """The carrier's systems a special attack needs working: it is not made while any of them is
    crippled (e.g. a MkII chain attack needs both arm systems, seed 001 L3097)."""

    systems: Annotated[list[str], Field(min_length=1)] = Field(description="grid letters, e.g. [L, R]")
    source: Text = Field(description="the seed lines that say so")


class SpecialAttack(Strict):
    """The rule is a special attack (a star attack): an option of the combat action, made
    instead of the initial attacks (seed 001 L396, L907; seed 003 L1533; seed 000 L1818),
    as one attack with the weapon that carries the rule, after which additional attacks of
    its type may be bought (seed 001 L915, seed 003 L1551, seed 000 L1852).  Its numbers are
    the rule's effects gated by ``when: {special_attack: [the rule's id]}``, so they never act
    in the weapon's normal attacks."""

    source: Text = Field(description="the seed lines or card that make the rule a special attack")


class ChainAttack(Strict):
    """The rule is a chain attack: once both initial attacks of the weapons carrying it hit one
    model, the attacker may make one more attack against that model at once, at no cost (seed
    001 L3083, L3097, L3121; seed 003 L1541): one of the ruleset's power attacks
    ``power_attacks`` (Brutality's head-butt; Grab & Smash's choice) or, without any, one more
    attack with the weapon (Bloodbath, whose swing at every model in reach is one attack on the
    target).  Effects gated by ``when: {special_attack: [the rule's id]}`` act in that attack."""

    power_attacks: list[AttackKindName] = Field(
        default_factory=list, description="the power attacks of the ruleset the follow-up may be, the attacker's "
        "choice (empty: one more attack with the weapon)")
    weapons_in: list[str] | None = Field(
        default=None, description="for a rule the model itself carries: the locations (grid letters) of the melee "
        "weapons whose initial attacks it follows, e.g. [L, R] for a pair of hammers; a weapon's rule follows the "
        "weapons carrying it")
    source: Text = Field(description="the seed lines or card that name the chain attack")


class Rule(Entry):
    """One named rule.  ``effects`` make it executable; a rule with only ``text`` says
    why in ``unmodelled`` and is listed by the coverage report."""

    category: RuleCategory
    text: Text
    effects: list[Effect] = Field(default_factory=list)
    unmodelled: Unmodelled | None = Field(
        default=None, description="what the rule is about when the interpreter cannot execute it yet"
    )
    coverage: Coverage | None = COVERAGE_FIELD
    needs_systems: SystemNeed | None = Field(
        default=None, description="a special or chain attack (special_attack, chain_attack, or unmodelled: "
        "special-attack): the carrier's systems that must not be crippled for it to be made, whatever weapon "
        "carries it")
    special_attack: SpecialAttack | None = Field(
        default=None, description="the rule is a special attack the odds make (wmdata attack --special-attack): "
        "one attack with the weapon carrying it instead of the initial attacks, its effects gated by "
        "when: {special_attack: [this rule's id]}")
    chain_attack: ChainAttack | None = Field(
        default=None, description="the rule is a chain attack the odds make: after both initial attacks of the "
        "weapons carrying it hit the target, one more attack (a power attack or the weapon's) at once")
    stacking: Stacking | None = STACKING_FIELD
    matters_when: Condition | None = MATTERS_FIELD
    matters_later: bool = MATTERS_LATER_FIELD

    @model_validator(mode="after")
    def _stacking_adds_up(self) -> Rule:
        check_stacking(self.stacking, self.effects)
        check_matters_later(self)
        return self


class CastableStats(Entry):
    """The stat line shared by spells and animi (COST RNG AOE POW DUR OFF)."""

    cost: SpellCost
    rng: Range
    aoe: Aoe | None = None
    pow: Pow | None = None
    duration: Duration | None = Field(default=None, description="upkeep (UP), turn, round; omit for none")
    offensive: bool = Field(description="OFF: the spell needs a magic/arcane attack roll")
    offensive_vs_enemies_only: bool = Field(default=False, description="OFF '*': offensive only against enemies")
    text: Text
    effects: list[Effect] = Field(default_factory=list)
    unmodelled: Unmodelled | None = Field(
        default=None, description="what it does when the interpreter cannot execute it (yet)"
    )
    coverage: Coverage | None = COVERAGE_FIELD
    stacking: Stacking | None = STACKING_FIELD
    matters_when: Condition | None = MATTERS_FIELD
    matters_later: bool = MATTERS_LATER_FIELD

    @model_validator(mode="after")
    def _stacking_adds_up(self) -> CastableStats:
        check_stacking(self.stacking, self.effects)
        check_matters_later(self)
        return self


class Spell(CastableStats):
    """A spell on a caster's spell card."""


class Animus(CastableStats):
    """A warbeast animus (castable by the beast's warlock too)."""


class Feat(Entry):
    """A caster's once-per-game feat."""

    text: Text
    effects: list[Effect] = Field(default_factory=list)
    unmodelled: Unmodelled | None = Field(
        default=None, description="what it does when the interpreter cannot execute it (yet)"
    )
    coverage: Coverage | None = COVERAGE_FIELD
    stacking: Stacking | None = STACKING_FIELD
    matters_when: Condition | None = MATTERS_FIELD
    matters_later: bool = MATTERS_LATER_FIELD

    @model_validator(mode="after")
    def _stacking_adds_up(self) -> Feat:
        check_stacking(self.stacking, self.effects)
        check_matters_later(self)
        return self


class CommandCard(Entry):
    """MkIV command card: cost in army points (often 0), playable once per game."""

    cost: Points
    available_to: Annotated[list[Id], Field(default_factory=list)] = Field(
        description="factions or armies that may take it; empty means every army"
    )
    text: Text
    effects: list[Effect] = Field(default_factory=list)
    unmodelled: Unmodelled | None = Field(
        default=None, description="what it does when the interpreter cannot execute it (yet)"
    )
    coverage: Coverage | None = COVERAGE_FIELD


def coverage_of(entry: object) -> Literal["executable", "partial", "text-only"]:
    """How much of an entry the interpreter runs: all of it, the clauses its effects
    cover (``coverage: partial``), or nothing (text only)."""
    if not executes(entry):
        return "text-only"
    return "partial" if getattr(entry, "coverage", None) == "partial" else "executable"


def executes(entry: object) -> bool:
    """Whether the interpreter runs this vocabulary entry: it has effects, it is a special or
    chain attack the odds make (an attack of its own, e.g. Thresher's swing at the target,
    Bloodbath's extra swing), or it is an
    offensive spell or animus with a POW (which resolves as an attack without any), a MkIV
    ``direct/blast`` POW included."""
    if getattr(entry, "effects", []) or any(getattr(entry, block, None) is not None
                                            for block in ("special_attack", "chain_attack")):
        return True
    return isinstance(entry, CastableStats) and entry.offensive and (
        isinstance(entry.pow, int) or (isinstance(entry.pow, str) and "/" in entry.pow))
