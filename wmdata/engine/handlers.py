"""One handler per effect kind, registered in :data:`HANDLERS`.

A handler records what its effect does to an attack in the
:class:`~wmdata.engine.work.AttackWork`.  Each registration carries a valid and an
invalid example; ``wmdata rules docs`` prints them with the handler's docstring, and
the tests run them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wmdata.engine.pipeline import StatModifier
from wmdata.engine.sources import SourcedEffect
from wmdata.engine.work import Affliction, AttackWork, ExtraDamageRecord, PowerAttackOffer, Survival
from wmdata.model import effects as fx
from wmdata.wording import counted

Handler = Callable[[AttackWork, SourcedEffect, str], None]


@dataclass(frozen=True, slots=True)
class Registration:
    model: type[fx.EffectBase]
    handler: Handler
    valid: str
    invalid: str
    invalid_error: str


HANDLERS: dict[str, Registration] = {}


def handles(model: type[fx.EffectBase], *, valid: str, invalid: str, invalid_error: str
            ) -> Callable[[Handler], Handler]:
    kind = model.model_fields["kind"].annotation.__args__[0]  # type: ignore[union-attr]

    def register(function: Handler) -> Handler:
        HANDLERS[kind] = Registration(model, function, valid, invalid, invalid_error)
        return function
    return register


def _effect(item: SourcedEffect, kind: type[fx.EffectBase]) -> Any:
    assert isinstance(item.effect, kind)
    return item.effect


@handles(fx.ModifyStat,
         valid="{kind: modify_stat, stat: ARM, op: add, value: 2}",
         invalid="{kind: modify_stat, stat: ARM, op: multiply, value: 2}",
         invalid_error="expected one of 'add', 'subtract', 'set_base', 'double' or 'halve', got 'multiply'")
def modify_stat(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """Add to, subtract from, double, halve or set the base of a stat of the carrier
    (or, with ``weapon: true``, of the weapon in use: POW, RNG, ROF, AOE, PS).  The
    stat pipeline applies set-base (lowest wins), doubling, halving (rounding up),
    additions, subtractions, then the edition's floors.  With ``cumulative: true`` a
    weapon quality counts once per weapon that has it (two shields: twice the bonus).  With
    ``per`` the value counts per full inch between the models (``inch``: Cataclysm's POW
    falling with the range, seed 001 L2919-2921) or per point of the carrier's current stat
    (``per: STR`` on a weapon's POW: a thrown weapon); the carrier's stat is read before the
    scaled changes (a weapon's, after all the carrier's).  With ``model: other`` the stat is the
    other model's of the attack (Armor-Piercing: the ARM of the model hit halved)."""
    effect = _effect(item, fx.ModifyStat)
    source = f"{item.source} ({item.weapon})" if effect.cumulative and item.weapon else item.source
    modifier = StatModifier(source, effect.stat, effect.op, effect.value, effect.per)
    if effect.model == "other":
        carrier = "target" if carrier == "attacker" else "attacker"
    if effect.weapon:
        work.weapon_mods.append(modifier)
    elif carrier == "attacker":
        work.attacker_mods.append(modifier)
    else:
        work.target_mods.append(modifier)


@handles(fx.RollDice,
         valid="{kind: roll_dice, roll: damage, op: add, count: 1, window: damage_roll}",
         invalid="{kind: roll_dice, roll: armour, op: add}",
         invalid_error="expected one of 'attack', 'damage' or 'collateral', got 'armour'")
def roll_dice(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """Change the dice of the attack or damage roll: ``boost`` (one extra die, and a
    roll is boosted only once), ``add`` additional dice (each rule counts once),
    ``remove`` dice, ``drop_lowest``/``drop_highest`` after rolling, ``reroll`` once (the
    policy of a sequence decides which results to reroll), ``reroll_miss``: only a missed
    attack roll may be rerolled once."""
    effect = _effect(item, fx.RollDice)
    plan = work.plan(effect.roll)
    if plan is None:
        return
    if effect.op == "boost":
        plan.boost(item.source)
    elif effect.op == "add":
        plan.added.setdefault(item.source, effect.count)
    elif effect.op == "remove":
        plan.removed.setdefault(item.source, effect.count)
    elif effect.op == "drop_lowest":
        plan.drop_lowest.setdefault(item.source, effect.count)
    elif effect.op == "drop_highest":
        plan.drop_highest.setdefault(item.source, effect.count)
    elif effect.op == "reroll_miss":
        if item.source not in plan.miss_rerolls:
            plan.miss_rerolls.append(item.source)
    elif item.source not in plan.rerolls:
        plan.rerolls.append(item.source)


@handles(fx.RollModifier,
         valid="{kind: roll_modifier, roll: attack, value: 2, when: {attack: [ranged]}}",
         invalid="{kind: roll_modifier, roll: attack, value: 50}",
         invalid_error="expected a number <= 20, got 50")
def roll_modifier(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """A flat bonus or penalty on the attack or damage roll (aiming +2, back strike
    +2, target in melee -4).  It is not a stat change, so stat floors do not apply."""
    effect = _effect(item, fx.RollModifier)
    plan = work.plan(effect.roll)
    if plan is not None:
        plan.bonuses.setdefault(item.source, effect.value)


@handles(fx.ForbidBoost,
         valid="{kind: forbid_boost, roll: damage}",
         invalid="{kind: forbid_boost, roll: armour}",
         invalid_error="expected one of 'attack', 'damage' or 'collateral', got 'armour'")
def forbid_boost(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The roll cannot be boosted, whatever pays for it (a MkII mount attack, an impact
    attack, collateral damage); boosts chosen or granted for it are listed as ignored."""
    effect = _effect(item, fx.ForbidBoost)
    plan = work.plan(effect.roll)
    if plan is not None and item.source not in plan.unboostable:
        plan.unboostable.append(item.source)


@handles(fx.AutoHit,
         valid="{kind: auto_hit, when: {role: target, attack: [melee]}}",
         invalid="{kind: auto_hit, window: on_hit}",
         invalid_error="expected one of 'targeting', got 'on_hit'")
def auto_hit(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The attack hits without a roll and counts as a direct hit (e.g. melee attacks
    against a knocked-down model).  The ruleset decides whether it beats an automatic miss."""
    work.auto_hit.append(item.source)


@handles(fx.AutoMiss,
         valid="{kind: auto_miss, when: {role: target, attack: [ranged, magic], distance_over: 5}}",
         invalid="{kind: auto_miss, when: {distance_over: -1}}",
         invalid_error="expected a number >= 0, got -1")
def auto_miss(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The attack misses without a roll (e.g. Stealth beyond 5 inches)."""
    work.auto_miss.append(item.source)


@handles(fx.Knockdown,
         valid="{kind: knockdown, window: on_critical}",
         invalid="{kind: knockdown, window: damage_roll}",
         invalid_error="expected one of 'on_hit', 'on_critical' or 'on_damage', got 'damage_roll'")
def knockdown(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The model hit is knocked down (on a hit, a critical hit, or when damaged); in a
    sequence of attacks the later ones meet a knocked-down target."""
    work.trigger(item.effect.window, f"knocked down ({item.source})")
    work.afflictions.append(Affliction("knocked_down", item.effect.window, item.source))


@handles(fx.Stationary,
         valid="{kind: stationary, window: on_critical, unless_immune: cold}",
         invalid="{kind: stationary, unless_immune: ice}",
         invalid_error="expected one of 'cold', 'corrosion', 'electricity', 'fire', 'magical' or 'blast', got 'ice'")
def stationary(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The model hit becomes stationary (on a hit, a critical hit, or when damaged), unless it
    is immune to ``unless_immune`` damage (e.g. a freezing critical hit and cold); in a
    sequence of attacks the later ones meet a stationary target (the ruleset's state)."""
    effect = _effect(item, fx.Stationary)
    unless = f", unless immune to {effect.unless_immune}" if effect.unless_immune else ""
    work.trigger(effect.window, f"stationary ({item.source}{unless})")
    work.afflictions.append(Affliction("stationary", effect.window, item.source, effect.unless_immune))


@handles(fx.CriticalPowerAttack,
         valid="{kind: critical_power_attack, power_attack: throw, window: on_hit}",
         invalid="{kind: critical_power_attack, power_attack: head_butt}",
         invalid_error="expected one of 'slam' or 'throw', got 'head_butt'")
def critical_power_attack(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """On a critical hit (``on_critical``: Critical Smite, Critical Pitch) or on any hit
    (``on_hit``: Pitch) the attacker may, instead of the normal damage roll, slam or throw
    the model hit: it is knocked down (unless it can never be) and suffers the slam's or
    throw's own damage roll (2 dice, boosted where the damage roll is, never the weapon's
    or the critical hit's extra dice: seed 001 L1093, L1127, L2975; seed 003 L1466) whose
    POW is the attacker's STR plus the weapon's POW.  In a sequence of attacks it is the
    policy's choice per hit and damage state (taken when it raises the kill chance, e.g. a
    knocked-down target is hit automatically by later melee attacks); the distance moved is
    rolled and followed (a later attack is made only while the target is still in reach, on
    the board where one is given), and collateral damage to other models is not in the
    target's odds.  With ``always: true`` (Smite, Combo Smite) every such hit is the slam or
    throw: there is no damage roll to choose."""
    effect = _effect(item, fx.CriticalPowerAttack)
    work.critical_power_attacks.append(PowerAttackOffer(effect.power_attack, item.source, effect.window,
                                                        effect.always))
    verb = f"{effect.power_attack}s" if effect.always else f"may {effect.power_attack}"
    work.trigger(effect.window, f"{verb} the target instead of the damage roll ({item.source})")


@handles(fx.ApplyContinuous,
         valid="{kind: continuous_effect, effect: fire, window: on_critical}",
         invalid="{kind: continuous_effect, effect: acid}",
         invalid_error="expected one of 'fire' or 'corrosion', got 'acid'")
def continuous_effect(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The model hit suffers a continuous effect; its expiry roll and damage are in the
    ruleset's ``continuous_effects``, and immunity to its damage type prevents it.  In a
    sequence of attacks its chance is reported; it changes none of the later attacks."""
    effect = _effect(item, fx.ApplyContinuous)
    work.continuous.append((effect.effect, item.source, effect.window))


@handles(fx.ExtraDamage,
         valid="{kind: extra_damage, dice: 1, window: on_critical}",
         invalid="{kind: extra_damage, points: many}",
         invalid_error="expected an integer, got 'many'")
def extra_damage(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """Extra damage on the model hit: extra dice join its damage roll, fixed points are
    marked after ARM (``on_damage``: only when the roll did damage).  The odds engine
    counts both, e.g. a critical hit that adds a damage die."""
    effect = _effect(item, fx.ExtraDamage)
    work.extra_damage.append(ExtraDamageRecord(effect.window, effect.dice, effect.points, item.source))
    parts = ([f"+{counted(effect.points, 'damage point')}"] if effect.points else []) + (
        [f"+{effect.dice} damage die/dice"] if effect.dice else [])
    work.trigger(effect.window, f"{' and '.join(parts) or 'no extra damage'} ({item.source})")


@handles(fx.DoubleDamage,
         valid="{kind: double_damage, when: {role: target, carrier_lacks: [immunity-cold]}}",
         invalid="{kind: double_damage, window: on_hit}",
         invalid_error="expected one of 'damage_roll', got 'on_hit'")
def double_damage(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The damage points the damage roll deals (what exceeds ARM, a slam or throw made instead
    included) are doubled, once however many rules say so; extra damage points are added
    after.  E.g. MkII Winter's Chill on the enemies in its control area, named with
    ``--target-effect``."""
    if item.source not in work.doubled:
        work.doubled.append(item.source)
        work.trigger("on_damage", f"damage points doubled ({item.source})")


@handles(fx.DamagePoints,
         valid="{kind: damage_points, at_least: 1, when: {attack: [melee], other_living: true}}",
         invalid="{kind: damage_points}",
         invalid_error="give at_least or at_most (or both)")
def damage_points(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The damage points a damage roll deals the model hit (after ARM, doubled where a rule
    says so; a slam or throw made instead included) are at least ``at_least`` (MkII Anatomical
    Precision: a living model hit in melee takes 1 even when the roll fails to beat its ARM) and
    at most ``at_most`` (MkII Ancient Shroud, ``when: {role: target}``: a roll that beats its ARM
    deals it 1).  The greatest floor and the smallest cap count; extra damage points are added
    after.  No damage at all (an immunity) stays none.  With ``instead_of_roll`` (``at_least``
    equal to ``at_most``) the bounds are the attacker's choice on a hit: exactly that many
    points instead of making the damage roll (MkII Sniper and Penetrating Strike: 1 point; the
    hit's other effects still land, extra damage points are added, nothing is doubled).  In a
    sequence of attacks it is the policy's choice per hit and damage state, as a slam instead of
    the damage roll is (which wins where a model is offered both); the fixed policies roll."""
    effect = _effect(item, fx.DamagePoints)
    if effect.instead_of_roll:
        assert effect.at_least is not None
        if work.points_instead is None:
            work.points_instead = (effect.at_least, item.source)
            work.trigger("on_hit", f"may deal {counted(effect.at_least, 'damage point')} instead of the damage roll "
                                   f"({item.source})")
        return
    if effect.at_least is not None and (work.points_floor is None or effect.at_least > work.points_floor[0]):
        work.points_floor = (effect.at_least, item.source)
    if effect.at_most is not None and (work.points_cap is None or effect.at_most < work.points_cap[0]):
        work.points_cap = (effect.at_most, item.source)
    bounds = [f"at least {effect.at_least}"] * (effect.at_least is not None) + [
        f"at most {effect.at_most}"] * (effect.at_most is not None)
    work.trigger("on_damage", f"damage points {' and '.join(bounds)} ({item.source})")


@handles(fx.SurviveDisabled,
         valid="{kind: survive_disabled, roll: 5, heals: 1, leaves: [knocked_down], lost_while: [knocked_down]}",
         invalid="{kind: survive_disabled, roll: 7}",
         invalid_error="expected a number <= 6, got 7")
def survive_disabled(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """When the model hit is disabled (its last box marked) it rolls a d6: on ``roll`` or more it
    removes ``heals`` damage points, is no longer disabled, so it is neither boxed nor destroyed,
    and is put in the ``leaves`` states, unless it can never be (Tough: MkII seed 001 L306, MkIII
    seed 003 L844, MkIV seed 000 L804-807; disabled: seed 001 L1499-1501, seed 003 L2231-2235, seed
    000 L3176-3191).  With ``lost_while`` it makes no roll while it is in one of those states when it
    is disabled, a knockdown by the same hit included (MkIII and MkIV Tough, seed 003 L1721, seed
    000 L2204-2208).  Where several rules give the roll, the lowest ``roll`` counts.  In a sequence
    of attacks the model that survives meets the later attacks in those states (a knocked-down
    model is hit automatically in melee).  It acts for the carrier as the target (its default role)."""
    effect = _effect(item, fx.SurviveDisabled)
    previous = work.survival
    if previous is None or effect.roll < previous.roll:
        if previous is not None:  # the model rolls once: the more generous roll is the one told
            work.triggers["on_disabled"].remove(previous.told())
        work.survival = Survival(effect.roll, effect.heals, frozenset(effect.leaves), frozenset(effect.lost_while),
                                 item.source)
        work.trigger("on_disabled", work.survival.told())
@handles(fx.ChooseColumn,
         valid="{kind: choose_column, when: {attack: [melee], target_type: [warjack, warbeast]}}",
         invalid="{kind: choose_column, window: on_hit}",
         invalid_error="expected one of 'damage_roll', got 'on_hit'")
def choose_column(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The attacker picks the column of a warjack's grid or the branch of a warbeast's life
    spiral where the attack's damage starts, instead of rolling the d6 (the damage then fills
    as usual: down the column, then to the next one with room, seed 001 L1465-1469, seed 003
    L2211).  MkII Precision Strike (melee, ``when: {target_type: [warjack, warbeast]}``) and
    Sniper (ranged, warjacks).  In a sequence of attacks the optimal policy picks the column
    per damage roll and damage state where one destroys the target more often (a crippled
    shield arm lowering its ARM for the later attacks, say) and says which in the plan; where
    no column changes the kill chance, and under the fixed policies, the column is rolled.
    A colossal's damage (two grids) and a row of boxes are not changed by it."""
    if work.column_choice is None:
        work.column_choice = item.source
        work.trigger("on_damage", f"the attacker picks the damage column or branch ({item.source})")


@handles(fx.FailSystems,
         valid="{kind: fail_systems, when: {target_type: [warjack]}}",
         invalid="{kind: fail_systems, window: on_hit}",
         invalid_error="expected one of 'on_critical', got 'on_hit'")
def fail_systems(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """After a critical hit's damage is marked on a warjack grid, every system (a lettered box:
    not a blank one) that took a point of it has all its other boxes marked as well, wherever
    they are (MkII Critical System Failure, seed 001 L3089, L3127: after the regular damage).
    The odds follow the grid with the failed systems as part of its state (they can leave
    marked boxes below unmarked ones, which the grid's plain marks per column cannot hold);
    a grid with more states than the engine numbers keeps the rule out of the odds and says so.
    Other damage tracks (boxes, spirals, colossals) are not changed by it."""
    if work.fails_systems is None:
        work.fails_systems = item.source
        work.trigger("on_critical", f"every system the damage strikes has all its boxes marked ({item.source})")


@handles(fx.NoDamage,
         valid="{kind: no_damage, when: {attack_kind: [blast], side: friendly}}",
         invalid="{kind: no_damage, when: {side: neutral}}",
         invalid_error="expected one of 'friendly' or 'enemy', got 'neutral'")
def no_damage(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The model hit suffers no damage from the attack (no damage roll is made) while ``when``
    holds: e.g. MkII Cataclysm, whose blast only enemy models suffer (``when: {attack_kind:
    [blast], side: friendly}``).  Whether the other model is friendly or an enemy comes from
    the sides of a board's models; without a board an attack's target is taken as an enemy,
    and a blast's as unknown (the rule is then not applied, and says why)."""
    work.spared.append(item.source)


@handles(fx.Disruption,
         valid="{kind: disruption, window: on_critical}",
         invalid="{kind: disruption, rounds: 2}",
         invalid_error="unknown key 'rounds'")
def disruption(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """A warjack hit loses its focus and cannot gain focus or channel for a round."""
    work.trigger(item.effect.window, f"disruption ({item.source})")


@handles(fx.Immunity,
         valid="{kind: immunity, damage_type: fire}",
         invalid="{kind: immunity, damage_type: lava}",
         invalid_error="expected one of 'cold', 'corrosion', 'electricity', 'fire', 'magical', 'blast' or 'all', "
                       "got 'lava'")
def immunity(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The carrier takes no damage of this type; a hit of several types does no damage
    if any of them is covered.  It also shields from the continuous effect of that name.
    ``all``: no damage of any type, as long as ``when`` holds (Incorporeal: ``when:
    {not_damage_type: [magical]}``, seed 001 L288, seed 003 L825, seed 000 L4566-4600); unlike
    an automatic miss, an automatic hit does not get past it."""
    effect = _effect(item, fx.Immunity)
    work.immunities.setdefault(effect.damage_type, item.source)


@handles(fx.StateImmunity,
         valid="{kind: state_immunity, states: [knocked_down]}",
         invalid="{kind: state_immunity, states: [frozen]}",
         invalid_error="expected one of 'knocked_down', 'stationary', 'fire' or 'corrosion', got 'frozen'")
def state_immunity(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The carrier is never knocked down (or made stationary, or put under the continuous effect
    named, e.g. Incorporeal's ``[fire, corrosion]``): a hit that would put it in the state
    leaves it as it was, so the later attacks of a sequence meet it standing."""
    effect = _effect(item, fx.StateImmunity)
    for state in effect.states:
        work.state_immunities.setdefault(state, item.source)


@handles(fx.Resistance,
         valid="{kind: resistance, damage_type: electricity}",
         invalid="{kind: resistance}",
         invalid_error="required key 'damage_type' is missing")
def resistance(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """Damage rolls of this type against the carrier lose dice (the ruleset says how
    many); several resisted types still remove the dice once."""
    effect = _effect(item, fx.Resistance)
    work.resistances.setdefault(effect.damage_type, item.source)


@handles(fx.DamageType,
         valid="{kind: damage_type, damage_type: electricity}",
         invalid="{kind: damage_type, damage_type: [fire, cold]}",
         invalid_error="expected one of 'cold', 'corrosion', 'electricity', 'fire', 'magical' or 'blast', got a list")
def damage_type(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The damage of the attack (for a weapon quality, of that weapon) has this type."""
    effect = _effect(item, fx.DamageType)
    work.damage_types.setdefault(effect.damage_type, item.source)


@handles(fx.GrantRule,
         valid="{kind: grant_rule, rule: pathfinder}",
         invalid="{kind: grant_rule, rule: Path Finder}",
         invalid_error="expected a kebab-case id (lower-case letters, digits, '-'), got 'Path Finder'")
def grant_rule(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The carrier gains another rule with all its effects (collected with the
    carrier's own rules; a rule granting itself is followed once)."""
    effect = _effect(item, fx.GrantRule)
    work.granted.append(f"{effect.rule} (from {item.source}, {carrier})")


@handles(fx.Ignore,
         valid="{kind: ignore, modifiers: [concealment], rules: [stealth]}",
         invalid="{kind: ignore, modifiers: [everything]}",
         invalid_error="expected one of 'cover', 'concealment', 'elevated', 'screened', 'target_in_melee'")
def ignore(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The carrier ignores the other model's modifiers (cover, concealment, target in
    melee, spell bonuses, shields, ...) or named rules (e.g. Stealth): their effects
    are dropped before anything else is worked out."""
    effect = _effect(item, fx.Ignore)
    names = [*effect.modifiers, *effect.rules]
    work.ignored.append(f"{', '.join(names)} (by {item.source}, {carrier})")


@handles(fx.Movement,
         valid="{kind: movement, move: charge, inches: 2}",
         invalid="{kind: movement, move: teleport}",
         invalid_error="expected one of 'advance', 'charge', 'run', 'slam', 'trample' or 'placed', got 'teleport'")
def movement(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """Changes a kind of movement by some inches, or lets it ignore terrain; recorded
    for movement checks and reminders (attack rolls do not use it)."""
    effect = _effect(item, fx.Movement)
    terrain = f", ignores {'/'.join(effect.ignores_terrain)}" if effect.ignores_terrain else ""
    work.movement.append(f"{effect.move} {effect.inches:+g} in{terrain} ({item.source})")


@handles(fx.AdditionalAttacks,
         valid="{kind: additional_attacks, attacks: [ranged]}",
         invalid="{kind: additional_attacks, attacks: [magic]}",
         invalid_error="expected one of 'melee' or 'ranged', got 'magic'")
def additional_attacks(work: AttackWork, item: SourcedEffect, carrier: str) -> None:
    """The attacker may spend focus or fury (or be forced) on additional attacks of these
    types even where its ruleset lets models buy only melee ones (MkIII and MkIV); ``wmdata
    attack`` then lets the plan buy them.  Gate it with ``when`` (e.g. ``attack: [ranged]``)."""
    if carrier != "attacker":
        return
    for attack_type in _effect(item, fx.AdditionalAttacks).attacks:
        work.buys_attacks.setdefault(attack_type, item.source)
