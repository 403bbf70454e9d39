"""Run the interpreter over one attack and explain what the rules decide.

The order follows the attack sequences of the seeds: effects are collected from both
models (rules, weapon qualities, states, extra effects), ``ignore`` effects drop what
the other side may not use, stats go through the pipeline, then the targeting, attack
roll, hit/critical, damage roll and damage windows are worked out.  Dice are not
rolled here: the result is the roll each rule produces.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wmdata.content.registry import Registry, RegistryItem
from wmdata.engine.conditions import Situation, check_gated, compare_bases
from wmdata.engine.damage_track import track_for
from wmdata.engine.handlers import HANDLERS
from wmdata.engine.kinds import (
    ChosenKind,
    KindError,
    implied_kind,
    kind_damage,
    moves_nothing,
    power_attack_kind,
    power_weapon,
)
from wmdata.engine.pipeline import Floors, StatResult, compute_stats, scaled, scaled_stats
from wmdata.engine.ruleset import ResolvedRules, resolve_ruleset
from wmdata.engine.sides import blast_spares
from wmdata.engine.sources import CountError, EffectCollector, SourcedEffect, profile_of, rule_ids, stat_numbers
from wmdata.engine.work import Affliction, AttackWork, DicePlan
from wmdata.model import effects as fx
from wmdata.model.common import Entry
from wmdata.model.organisation import AttackKindDefinition, Contest
from wmdata.model.profiles import Caster
from wmdata.model.vocabulary import Spell
from wmdata.model.weapons import Weapon
from wmdata.wording import counted


def _acts_off_weapon(item: SourcedEffect, in_use: str | None) -> bool:
    """A weapon's qualities act only when it is used, except stat changes to its carrier
    (a Shield's ARM; not the other model's ARM an Armor-Piercing weapon halves), rules that
    explicitly concern the carrier being attacked (e.g. a lance that makes charges against its
    bearer harder) and effects the rule's data says reach beyond the weapon
    (``beyond_weapon``); other rules always act."""
    if item.weapon is None or item.weapon == in_use:
        return True
    effect = item.effect
    if effect.beyond_weapon:
        return True
    if isinstance(effect, fx.ModifyStat):
        return not effect.weapon and effect.model == "carrier"
    return effect.when is not None and effect.when.role == "target"


WINDOW_ORDER = {window: index for index, window in enumerate(fx.WINDOWS)}
CHOSEN_BOOSTS = {
    "attack": fx.RollDice(kind="roll_dice", roll="attack", op="boost", window="attack_roll"),
    "damage": fx.RollDice(kind="roll_dice", roll="damage", op="boost", window="damage_roll"),
}


class AttackError(ValueError):
    """The attack cannot be set up (unknown model, weapon, effect or ruleset)."""


class AttackUsageError(AttackError):
    """The options ask for what the rules do not take (a count on a rule that does not stack):
    a usage error."""


@dataclass(slots=True)
class AttackRequest:
    attacker: str
    weapon: str
    target: str
    edition: str | None = None
    ruleset: str | None = None
    effects: list[str] = field(default_factory=list)
    target_effects: list[str] = field(default_factory=list)
    states: list[str] = field(default_factory=list)
    boosts: list[str] = field(default_factory=list)
    distance: float | None = None
    target_states: list[str] = field(default_factory=list)
    """States put on the target whichever side the ruleset gives them, e.g.
    ``crippled_weapon``: the system carrying the target's shield or buckler is crippled."""
    power_attack: str | None = None
    """A power attack of the ruleset (``head_butt``, ``slam``, ...); then ``weapon`` is empty."""
    blast: bool = False
    """The target is under the AOE template but not directly hit: it takes blast damage."""
    impact: bool = False
    """A cavalry impact attack with the mount weapon (its own boosting rules)."""
    attacker_marked: int | None = None
    """Damage points marked on the attacker (for rules that depend on it), when known."""
    target_marked: int | None = None
    """Damage points marked on the target, when known."""
    target_side: str | None = None
    """The target seen from the attacker, ``friendly`` or ``enemy``, where a board's sides say
    it; None: a target attacked is taken as an enemy, a model under a blast template as unknown."""
    special_attack: str | None = None
    """The rule whose special attack ``weapon`` makes (its effects gated by ``when:
    {special_attack: [...]}`` act), or None: a normal attack."""


@dataclass(slots=True)
class AttackExplanation:
    attacker: str
    target: str
    weapon: str
    edition: str
    ruleset: str
    attack_type: str
    skill_stat: str | None
    skill: int | None
    attack: DicePlan
    damage: DicePlan
    damage_base: str
    damage_value: int | None
    attacker_stats: dict[str, StatResult]
    target_stats: dict[str, StatResult]
    weapon_stats: dict[str, StatResult]
    automatic: str | None
    automatic_reasons: list[str]
    work: AttackWork
    not_applied: list[str]
    no_damage_reason: str | None
    dice_rules: str
    attack_kind: str | None = None
    """The ruleset's attack kind in play (power attack, blast, spray, mount, impact), if any."""
    attack_kind_name: str | None = None
    attack_kind_text: str | None = None
    contest: Contest | None = None
    """An opposed roll the attacker must win after a hit before damage (a throw's STR contest)."""
    collateral: DicePlan | None = None
    """The collateral damage roll of models the target is moved into, if the kind has one."""
    collateral_base: str | None = None
    collateral_value: int | None = None
    blast_base: str | None = None
    """For a direct AOE attack: the blast roll other models under the template take."""
    blast_value: int | None = None
    blast_spares: list[str] = field(default_factory=list)
    """Models under the template the blast damage spares, by side (``friendly models suffer
    none (cataclysm)``), where the side of the model is not known."""
    on_miss: str | None = None
    situation: Situation | None = None
    """What the interpreter knew of the attack (types, states, rules of both models)."""

    def as_json(self) -> dict[str, Any]:
        def stats(results: dict[str, StatResult]) -> dict[str, Any]:
            return {name: {"base": r.base, "current": r.current, "explain": r.describe()}
                    for name, r in results.items()}
        return {
            "attacker": self.attacker, "target": self.target, "weapon": self.weapon, "edition": self.edition,
            "ruleset": self.ruleset, "attack_type": self.attack_type,
            "attack_roll": {"stat": self.skill_stat, "value": self.skill, **self.attack.as_json()},
            "target_def": self.target_stats["DEF"].current, "target_arm": self.target_stats["ARM"].current,
            "automatic": self.automatic, "automatic_reasons": self.automatic_reasons,
            "damage_roll": {"base": self.damage_base, "value": self.damage_value, **self.damage.as_json(),
                            "no_damage": self.no_damage_reason},
            "damage_types": self.work.damage_types, "immunities": self.work.immunities,
            "resistances": self.work.resistances, "triggers": self.work.triggers,
            "attacker_stats": stats(self.attacker_stats), "target_stats": stats(self.target_stats),
            "weapon_stats": stats(self.weapon_stats), "ignored": self.work.ignored,
            "granted": self.work.granted, "movement": self.work.movement,
            "not_applied": self.not_applied, "dice_rules": self.dice_rules,
            "attack_kind": None if self.attack_kind is None else {
                "id": self.attack_kind, "name": self.attack_kind_name, "text": self.attack_kind_text,
                "contest": self.contest.model_dump() if self.contest else None},
            "collateral": None if self.collateral is None else {
                "base": self.collateral_base, "value": self.collateral_value, **self.collateral.as_json()},
            "blast": None if self.blast_base is None else {"base": self.blast_base, "value": self.blast_value,
                                                            "spares": self.blast_spares},
            "blast_spares": self.blast_spares,
            "on_miss": self.on_miss,
        }

    def as_text(self) -> str:
        lines = [f"attack: {self.attacker} -> {self.target} with {self.weapon} ({self.attack_type}; "
                 f"{self.edition}, ruleset {self.ruleset})"]
        if self.attack_kind is not None:
            lines.append(f"{self.attack_kind_name}: {self.attack_kind_text}")
        if self.contest is not None:
            lines.append(f"after a hit: {self.contest.attacker_dice}d6 + {self.contest.stat} against the target's "
                         f"{self.contest.target_dice}d6 + {self.contest.stat}; ties go to the {self.contest.ties}")
        skill = f" + {self.skill_stat} {self.skill}" if self.skill_stat else ""
        bonus = sum(self.attack.bonuses.values())
        lines.append(f"attack roll: {self.attack.dice}d6{skill}{f' {bonus:+d}' if bonus else ''}"
                     + (f", keep {self.attack.kept}" if self.attack.kept != self.attack.dice else ""))
        lines += [f"  {line}" for line in self.attack.describe()]
        if self.skill_stat and self.skill_stat in self.attacker_stats:
            lines.append(f"  {self.attacker_stats[self.skill_stat].describe()}")
        lines.append(f"target {self.target_stats['DEF'].describe()}")
        lines.append(f"target {self.target_stats['ARM'].describe()}")
        if self.automatic:
            lines.append(f"automatic {self.automatic}: {'; '.join(self.automatic_reasons)}")
        lines.append(f"dice rules: {self.dice_rules}")
        if self.no_damage_reason:
            lines.append(f"damage roll: none ({self.no_damage_reason})")
        else:
            dmg_bonus = sum(self.damage.bonuses.values())
            lines.append(f"damage roll: {self.damage.dice}d6 + {self.damage_base} {self.damage_value}"
                         f"{f' {dmg_bonus:+d}' if dmg_bonus else ''} against ARM {self.target_stats['ARM'].current}")
            lines += [f"  {line}" for line in self.damage.describe()]
        for result in self.weapon_stats.values():
            if result.applied:
                lines.append(f"  weapon {result.describe()}")
        if self.blast_base is not None:
            lines.append(f"blast damage (other models under the template): {self.damage.base}d6 + {self.blast_base} "
                         f"{self.blast_value}" + "".join(f"; {spare}" for spare in self.blast_spares))
        elif self.blast_spares:
            lines.append(f"blast damage: {'; '.join(self.blast_spares)}; taken here as an enemy (a board's sides "
                         "decide)")
        if self.on_miss:
            lines.append(f"on a miss: {self.on_miss}")
        if self.collateral is not None:
            lines.append(f"collateral damage (models it is moved into): {self.collateral.dice}d6 + "
                         f"{self.collateral_base} {self.collateral_value}")
            lines += [f"  {line}" for line in self.collateral.describe()]
        types = ", ".join(f"{t} ({s})" for t, s in self.work.damage_types.items()) or "none"
        lines.append(f"damage types: {types}")
        for label, table in (("immune", self.work.immunities), ("resists", self.work.resistances)):
            lines += [f"target {label} {t} ({s})" for t, s in table.items()]
        for window in ("on_hit", "on_critical", "on_damage", "on_disabled"):
            for text in self.work.triggers.get(window, []):
                lines.append(f"{window.replace('_', ' ')}: {text}")
        lines += [f"ignored: {text}" for text in self.work.ignored]
        lines += [f"granted: {text}" for text in self.work.granted]
        lines += [f"movement: {text}" for text in self.work.movement]
        lines += [f"not applied: {text}" for text in self.not_applied]
        return "\n".join(lines)


def find_model(registry: Registry, query: str, edition: str | None, role: str) -> RegistryItem:
    found = registry.lookup(query, edition, lambda i: i.category.startswith("model:"))
    if found.found is None:
        raise AttackError(found.problem(role, edition))
    return found.found


def _weapon(registry: Registry, item: RegistryItem, name: str) -> tuple[Weapon, Spell | None]:
    profile = profile_of(item.entry, name)
    weapons = list(getattr(profile, "weapons", []))
    for weapon in weapons:
        if weapon.name.lower() == name.strip().lower():
            return weapon, None
    if isinstance(item.entry, Caster):
        for spell_id in item.entry.spells:
            spell = registry.get(item.edition, spell_id)
            if spell is not None and isinstance(spell.entry, Spell) and name.strip().lower() in (
                    spell.id, spell.name.lower()):
                entry = spell.entry
                return Weapon(name=spell.name, type="ranged", rng=entry.rng, pow=entry.pow, aoe=entry.aoe), entry
    names = [w.name for w in weapons] + (list(item.entry.spells) if isinstance(item.entry, Caster) else [])
    raise AttackError(f"{item.name} has no weapon or spell {name!r}; it has: {', '.join(names) or 'none'}")


def _weapon_numbers(weapon: Weapon) -> dict[str, int]:
    values = {"POW": weapon.pow, "RNG": weapon.rng, "ROF": weapon.rof, "AOE": weapon.aoe, "PS": weapon.ps}
    numbers = {k: v for k, v in values.items() if isinstance(v, int) and not isinstance(v, bool)}
    if isinstance(weapon.pow, str) and "/" in weapon.pow:
        numbers["POW"] = int(weapon.pow.split("/")[0])
    if isinstance(weapon.rng, str) and weapon.rng.startswith("SP "):
        numbers["RNG"] = int(weapon.rng[3:])
    return numbers


def _reason(item: SourcedEffect, carrier: str, situation: Situation) -> str | None:
    """``None`` when ``item`` acts for ``carrier``, else why not (its grants' conditions included)."""
    return check_gated(item.effect, item.effect.kind, item.gates, carrier, situation)


def _ignored_names(items: list[SourcedEffect], carrier: str, situation: Situation) -> tuple[set[str], set[str]]:
    names: set[str] = set()
    categories: set[str] = set()
    for item in items:
        effect = item.effect
        if isinstance(effect, fx.Ignore) and _reason(item, carrier, situation) is None:
            names.update(effect.rules)
            for modifier in effect.modifiers:
                if modifier == "spell_bonuses":
                    categories.add("spell")
                elif modifier == "animus_bonuses":
                    categories.add("animus")
                else:
                    names.add(modifier)
    return names, categories


def rules_for(registry: Registry, edition: str, ruleset: str | None, states: list[str]) -> ResolvedRules:
    """The resolved ruleset, after checking that it defines every state asked for."""
    try:
        rules = resolve_ruleset(registry, edition, ruleset)
    except ValueError as exc:
        raise AttackError(str(exc)) from None
    unknown_states = [s for s in states if s not in rules.states]
    if unknown_states:
        raise AttackError(f"unknown state {unknown_states[0]!r}; the {rules.ruleset} ruleset knows: "
                          f"{', '.join(sorted(rules.states))}")
    return rules


def explain_attack(registry: Registry, request: AttackRequest) -> AttackExplanation:
    attacker = find_model(registry, request.attacker, request.edition, "attacker")
    edition = attacker.edition
    target = find_model(registry, request.target, edition, "target")
    rules = rules_for(registry, edition, request.ruleset, [*request.states, *request.target_states])
    weapon, spell, kind = _weapon_and_kind(registry, attacker, request, rules)
    attack_type = _attack_type(weapon, spell, rules, kind)
    collector = EffectCollector(registry, edition, rules)
    a_profile, t_profile = profile_of(attacker.entry, weapon.name), profile_of(target.entry)
    try:
        a_items = collector.model_effects(attacker.entry, getattr(a_profile, "weapons", []), request.effects,
                                          request.states, "attacker")
        t_items = collector.model_effects(target.entry, getattr(t_profile, "weapons", []), request.target_effects,
                                          request.states, "target")
    except CountError as exc:
        raise AttackUsageError(str(exc)) from None
    except ValueError as exc:
        raise AttackError(str(exc)) from None
    t_items += [SourcedEffect(effect, state, "state") for state in dict.fromkeys(request.target_states)
                if state not in request.states or rules.states[state].applies_to != "target"
                for effect in rules.states[state].effects]
    if spell is not None:
        a_items += collector.entry_effects(spell.id, weapon.name)
    a_items += [SourcedEffect(CHOSEN_BOOSTS[roll], f"{roll} boost (chosen)", "choice", weapon.name)
                for roll in request.boosts]
    collateral = (rules.attack_kinds.get("collateral") if kind is not None and kind.definition.collateral
                  and not moves_nothing(kind.definition, request.states) else None)
    if kind is not None:
        a_items += [SourcedEffect(effect, kind.id, "attack_kind", weapon.name) for effect in kind.definition.effects]
    if collateral is not None:
        a_items += [SourcedEffect(effect, "collateral", "attack_kind", weapon.name) for effect in collateral.effects]
    on_target = {s for s in request.states if rules.states[s].applies_to == "target"} | set(request.target_states)
    situation = Situation(
        attack_type=attack_type, distance=request.distance,
        attacker_states={s for s in request.states if rules.states[s].applies_to == "attacker"},
        target_states=on_target,
        attacker_rules=_rules_of(attacker.entry, a_profile, a_items), target_rules=_rules_of(target.entry, t_profile,
                                                                                           t_items),
        target_base=getattr(t_profile, "base", None), target_type=getattr(target.entry, "type", None),
        attack_kind=kind.id if kind else None, power_attack=bool(kind and kind.definition.power_attack),
        special_attack=request.special_attack,
        attacker_base=getattr(a_profile, "base", None), attacker_type=getattr(attacker.entry, "type", None),
        attacker_damage=_damage_state(a_profile, request.attacker_marked, "attacker"),
        target_damage=_damage_state(t_profile, request.target_marked, "target"),
        other_side=request.target_side or (None if request.blast else "enemy"),
    )
    if kind is not None:
        _check_target(kind, situation)
    # a rule granted only under a condition counts as held only while that condition holds
    situation.attacker_rules = _rules_of(attacker.entry, a_profile, a_items, "attacker", situation)
    situation.target_rules = _rules_of(target.entry, t_profile, t_items, "target", situation)
    work = AttackWork(attack=DicePlan(rules.dice.base_dice, rules.dice.boost_dice),
                      damage=DicePlan(rules.dice.base_dice, rules.dice.boost_dice),
                      collateral=DicePlan(rules.dice.base_dice, rules.dice.boost_dice) if collateral else None)
    if kind is not None and kind.definition.roll == "none":
        work.auto_hit.append(f"{kind.definition.name.lower()}: no attack roll of its own")
    not_applied: list[str] = []
    a_items = [i for i in a_items if _acts_off_weapon(i, weapon.name)]
    t_items = [i for i in t_items if _acts_off_weapon(i, None)]
    a_items = _apply_ignores(a_items, t_items, "target", situation, work)
    t_items = _apply_ignores(t_items, a_items, "attacker", situation, work)
    for item in a_items:  # damage types decide resistances and immunities, so they come first
        if item.effect.kind == "damage_type" and _reason(item, "attacker", situation) is None:
            HANDLERS["damage_type"].handler(work, item, "attacker")
    if spell is not None or attack_type in ("magic", "arcane"):
        work.damage_types.setdefault(rules.spell_damage_type, "spell damage")
    situation.damage_types = set(work.damage_types)
    ordered = sorted([(i, "attacker") for i in a_items] + [(i, "target") for i in t_items],
                     key=lambda pair: WINDOW_ORDER[pair[0].effect.window])
    for item, carrier in ordered:
        if item.effect.kind in ("damage_type", "ignore"):  # both were worked out before the windows
            continue
        reason = _reason(item, carrier, situation)
        if reason is None:
            HANDLERS[item.effect.kind].handler(work, item, carrier)
        elif not reason.startswith("acts only"):
            not_applied.append(f"{item.source} ({item.effect.kind}): {reason}")
    floors = Floors(rules.stat_floor, rules.stat_floors)
    attacker_stats, unscaled = scaled_stats(stat_numbers(getattr(a_profile, "stats", None)), work.attacker_mods,
                                            floors, request.distance)
    target_stats, unscaled_target = scaled_stats(stat_numbers(getattr(t_profile, "stats", None)), work.target_mods,
                                                 floors, request.distance)
    weapon_mods, unscaled_weapon = scaled(work.weapon_mods, attacker_stats, request.distance)
    weapon_stats = compute_stats(_weapon_numbers(weapon), weapon_mods, Floors(0, {}))
    not_applied += unscaled + unscaled_target + unscaled_weapon
    skill_kind = "power" if kind is not None and kind.definition.power_attack and "power" in rules.skill_stats \
        else attack_type
    skill_stat = next((s for s in rules.skill_stats.get(skill_kind, []) if s in attacker_stats), None)
    wanted = rules.skill_stats.get(skill_kind, [])
    if skill_stat is None and wanted and attack_type in ("melee", "ranged") \
            and not (kind is not None and kind.definition.roll == "none"):
        # a missing stat is unknown, not 0: odds read from a stat of 0 would look like an answer
        raise AttackError(f"{attacker.name} has no {' or '.join(wanted)} in its entry, so its {attack_type} attack "
                          "roll cannot be worked out; add the stat (marked unconfirmed where no seed gives it)")
    automatic, reasons = _automatic(work, weapon_stats, request.distance, rules)
    damage_base, damage_value, no_damage = _damage(weapon, weapon_stats, attacker_stats, rules, work, kind)
    extras = _kind_extras(weapon, weapon_stats, attacker_stats, rules, kind, collateral)
    for name, source, window in work.continuous:
        work.trigger(window, _continuous_text(name, source, rules, work))
        definition = rules.continuous_effects.get(name)
        if definition is not None:
            work.afflictions.append(Affliction(name, window, source, definition.damage_type))
    if work.resistances and not no_damage:
        resisted = sorted(set(work.resistances) & set(work.damage_types))
        if resisted:
            work.damage.removed.setdefault(work.resistances[resisted[0]], rules.resistance_dice)
    return AttackExplanation(
        attacker=attacker.name, target=target.name, weapon=weapon.name, edition=edition, ruleset=rules.ruleset,
        attack_type=attack_type, skill_stat=skill_stat,
        skill=attacker_stats[skill_stat].current if skill_stat else None,
        attack=work.attack, damage=work.damage, damage_base=damage_base, damage_value=damage_value,
        attacker_stats=attacker_stats, target_stats=target_stats, weapon_stats=weapon_stats,
        automatic=automatic, automatic_reasons=reasons, work=work, not_applied=not_applied,
        no_damage_reason=no_damage, dice_rules=_dice_rules(rules, work.attack),
        attack_kind=kind.id if kind else None, attack_kind_name=kind.definition.name if kind else None,
        attack_kind_text=kind.definition.text if kind else None, collateral=work.collateral,
        contest=kind.definition.contest if kind else None, situation=situation, **extras,
        blast_spares=blast_spares(a_items, situation) if weapon.aoe is not None and (
            kind is None or (kind.id == "blast" and request.target_side is None)) else [],
    )


def _damage_state(profile: object, marked: int | None, role: str) -> tuple[int, int] | None:
    """(marked, boxes) of a model's damage track, or None when ``marked`` is not given."""
    if marked is None:
        return None
    boxes = track_for(getattr(profile, "damage", None)).capacity
    if not 0 <= marked <= boxes:
        raise AttackError(f"the {role} has {boxes} damage boxes; {marked} cannot be marked")
    return marked, boxes


def _weapon_and_kind(registry: Registry, attacker: RegistryItem, request: AttackRequest, rules: ResolvedRules
                     ) -> tuple[Weapon, Spell | None, ChosenKind | None]:
    """The weapon (a stand-in for a power attack), the spell behind it, and the attack kind."""
    try:
        if request.power_attack is not None:
            if request.weapon.strip():
                raise AttackError("a power attack uses no weapon: give either a weapon or a power attack")
            if request.blast or request.impact:
                raise AttackError("a power attack is neither a blast nor an impact attack")
            kind = power_attack_kind(rules, request.power_attack)
            return power_weapon(kind.definition), None, kind
        if not request.weapon.strip():
            raise AttackError("give the weapon (or spell) of the attack, or a power attack")
        weapon, spell = _weapon(registry, attacker, request.weapon)
        return weapon, spell, implied_kind(rules, weapon, request.blast, request.impact)
    except KindError as exc:
        raise AttackError(str(exc)) from None


def _check_target(kind: ChosenKind, situation: Situation) -> None:
    """Refuse an attack the kind forbids against this target (a larger base, a knocked down model)."""
    name = kind.definition.name
    allowed = kind.definition.target_bases
    compared = compare_bases(situation)
    if allowed is not None and compared is not None and compared not in allowed:
        raise AttackError(f"a {name} cannot target a model with a {compared} base than the attacker's "
                          f"({kind.definition.source})")
    barred = sorted(set(kind.definition.target_not_states) & situation.target_states)
    if barred:
        raise AttackError(f"a {name} cannot target a {barred[0].replace('_', ' ')} model ({kind.definition.source})")


def _kind_extras(weapon: Weapon, weapon_stats: dict[str, StatResult], attacker_stats: dict[str, StatResult],
                 rules: ResolvedRules, kind: ChosenKind | None, collateral: AttackKindDefinition | None
                 ) -> dict[str, Any]:
    """Collateral roll, the blast of a direct AOE hit and what a miss means, as the ruleset says."""
    extras: dict[str, Any] = {}
    if collateral is not None:
        found = kind_damage(collateral, weapon, weapon_stats, attacker_stats)
        if found is not None:
            extras["collateral_base"], extras["collateral_value"] = found[0], found[1]
    blast = rules.attack_kinds.get("blast")
    if kind is None and weapon.aoe is not None and blast is not None:
        found = kind_damage(blast, weapon, weapon_stats, attacker_stats)
        if found is not None:
            extras["blast_base"], extras["blast_value"] = found[0], found[1]
        extras["on_miss"] = blast.on_miss
    elif kind is not None:
        extras["on_miss"] = kind.definition.on_miss
    return extras


def _attack_type(weapon: Weapon, spell: Spell | None, rules: ResolvedRules, kind: ChosenKind | None) -> str:
    if kind is not None and kind.definition.attack_type is not None:
        return kind.definition.attack_type
    if spell is not None:
        return "arcane" if "arcane" in rules.skill_stats else "magic"
    return "melee" if weapon.type in ("melee", "mount") else "ranged"


def _rules_of(entry: Entry, profile: object, items: list[SourcedEffect], carrier: str | None = None,
              situation: Situation | None = None) -> set[str]:
    """The rule ids a model has: its own, plus the granted ones (with a situation, only
    the grants whose conditions hold for ``carrier``)."""
    granted = {i.effect.rule for i in items if isinstance(i.effect, fx.GrantRule)
               and (situation is None or carrier is None or _reason(i, carrier, situation) is None)}
    return set(rule_ids(entry, profile)) | granted  # type: ignore[arg-type]


def _apply_ignores(items: list[SourcedEffect], other: list[SourcedEffect], other_role: str,
                   situation: Situation, work: AttackWork) -> list[SourcedEffect]:
    """Drop ``items`` that the other model's ``ignore`` effects cancel, and say which."""
    names, categories = _ignored_names(other, other_role, situation)
    kept = [i for i in items if i.source not in names and i.category not in categories]
    dropped = sorted({i.source for i in items if i not in kept})
    if dropped:
        by = sorted({i.source for i in other if isinstance(i.effect, fx.Ignore)
                     and _reason(i, other_role, situation) is None})
        work.ignored.append(f"{', '.join(dropped)} (by {', '.join(by)}, {other_role})")
    return kept


def _continuous_text(name: str, source: str, rules: ResolvedRules, work: AttackWork) -> str:
    """``continuous effect: fire (critical-fire); ends on a d6 of 1-2, else POW 12 fire damage``."""
    text = f"continuous effect: {name} ({source})"
    definition = rules.continuous_effects.get(name)
    if definition is None:
        return text + "; the ruleset does not define it"
    if definition.damage_type in work.immunities:
        return text + f"; the target is immune ({work.immunities[definition.damage_type]})"
    ends = "/".join(str(n) for n in definition.expires_on)
    damage = (f"a POW {definition.pow} {definition.damage_type} damage roll" if definition.pow is not None
              else counted(definition.points or 0, f"{definition.damage_type} damage point"))
    return text + f"; each maintenance phase a d6 of {ends} ends it, otherwise {damage}"


def _automatic(work: AttackWork, weapon_stats: dict[str, StatResult], distance: float | None,
               rules: ResolvedRules) -> tuple[str | None, list[str]]:
    misses = list(work.auto_miss)
    rng = weapon_stats.get("RNG")
    if distance is not None and rng is not None and distance > rng.current:
        misses.append(f"out of range ({distance:g} > RNG {rng.current})")
    hits = list(work.auto_hit)
    if hits and misses:
        winner = "hit" if rules.auto_hit_beats_auto_miss else "miss"
        loser = "miss" if winner == "hit" else "hit"
        return winner, [*(hits if winner == "hit" else misses),
                        f"beats automatic {loser} ({', '.join(misses if winner == 'hit' else hits)}) in this ruleset"]
    if misses:
        return "miss", misses
    if hits:
        return "hit", hits
    return None, []


def _damage(weapon: Weapon, weapon_stats: dict[str, StatResult], attacker_stats: dict[str, StatResult],
            rules: ResolvedRules, work: AttackWork, kind: ChosenKind | None) -> tuple[str, int | None, str | None]:
    prescribed = kind_damage(kind.definition, weapon, weapon_stats, attacker_stats) if kind else None
    if prescribed is not None and prescribed[2] is not None:
        return prescribed
    if prescribed is None and "POW" not in weapon_stats:
        return "POW", None, "the weapon has no POW"
    if work.spared:
        return prescribed[0] if prescribed else "POW", None, f"the attack spares this model ({work.spared[0]})"
    immune = sorted(set(work.immunities) & ({"all"} | set(work.damage_types)))
    if immune:
        value = prescribed[1] if prescribed else weapon_stats["POW"].current
        what = "this damage" if immune[0] == "all" else immune[0]
        return prescribed[0] if prescribed else "POW", value, (
            f"target is immune to {what} ({work.immunities[immune[0]]})")
    if prescribed is not None:
        return prescribed
    power = weapon_stats["POW"].current
    if weapon.type == "melee" and rules.melee_damage == "pow_plus_str" and "STR" in attacker_stats:
        return "P+S", power + attacker_stats["STR"].current, None
    return "POW", power, None


def _dice_rules(rules: ResolvedRules, plan: DicePlan) -> str:
    parts = ["hit on a total >= DEF", "critical: a hit with any two dice matching"]
    if rules.dice.all_ones_miss:
        parts.append("all 1s miss")
    if rules.dice.all_sixes_hit:
        parts.append("all 6s hit" + (" (not with a single die)" if plan.kept == 1 else ""))
    if rules.dice.empty_pool_misses and plan.dice == 0:
        parts.append("no dice left: the attack misses")
    return "; ".join(parts)
