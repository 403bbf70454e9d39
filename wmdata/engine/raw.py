"""An attack from raw numbers (MAT or RAT, DEF, POW, ARM), with the ruleset's states.

No model is read, but the dice still follow the ruleset: its dice rules, and the
effects of the states asked for (a charge's boosted damage, a knocked-down target's
automatic melee hit and base DEF) run through the same handlers and stat pipeline as
an interpreted attack.
"""

from __future__ import annotations

from dataclasses import dataclass

from wmdata.engine.conditions import Situation, check
from wmdata.engine.handlers import HANDLERS
from wmdata.engine.pipeline import Floors, compute_stats
from wmdata.engine.ruleset import ResolvedRules
from wmdata.engine.setup import AttackSetup, replacing_dice, roll_of, roll_text
from wmdata.engine.sources import SourcedEffect
from wmdata.engine.work import AttackWork, DicePlan
from wmdata.model import effects as fx


@dataclass(frozen=True, slots=True)
class RawAttack:
    """The numbers of a raw attack: ``melee`` with MAT, else ranged with RAT."""

    skill: int
    melee: bool
    defence: int
    power: int
    armour: int
    added_attack_dice: int = 0
    added_damage_dice: int = 0


def raw_setup(raw: RawAttack, rules: ResolvedRules, states: list[str], boosts: list[str]) -> AttackSetup:
    """The setup of ``raw`` under ``rules``, with ``states`` (attacker or target) and chosen ``boosts``."""
    work = AttackWork(attack=DicePlan(rules.dice.base_dice, rules.dice.boost_dice),
                      damage=DicePlan(rules.dice.base_dice, rules.dice.boost_dice))
    attack_type = "melee" if raw.melee else "ranged"
    situation = Situation(
        attack_type=attack_type,
        attacker_states={s for s in states if rules.states[s].applies_to == "attacker"},
        target_states={s for s in states if rules.states[s].applies_to == "target"},
    )
    items: list[tuple[SourcedEffect, str]] = []
    for state in states:
        items += [(SourcedEffect(effect, state, "state", None), str(rules.states[state].applies_to))
                  for effect in rules.state_effects(state)]
    for roll in boosts:
        chosen = fx.RollDice(kind="roll_dice", roll=roll, op="boost",  # type: ignore[arg-type]
                             window="attack_roll" if roll == "attack" else "damage_roll")
        items.append((SourcedEffect(chosen, f"{roll} boost (chosen)", "choice", None), "attacker"))
    for item, carrier in items:
        if check(item.effect.when, item.effect.kind, carrier, situation) is None:
            HANDLERS[item.effect.kind].handler(work, item, carrier)
    if raw.added_attack_dice:
        work.attack.added.setdefault("additional dice (option)", raw.added_attack_dice)
    if raw.added_damage_dice:
        work.damage.added.setdefault("additional dice (option)", raw.added_damage_dice)
    target = compute_stats({"DEF": raw.defence, "ARM": raw.armour}, work.target_mods,
                           Floors(rules.stat_floor, rules.stat_floors))
    defence, armour = target["DEF"].current, target["ARM"].current
    automatic = "hit" if work.auto_hit and (not work.auto_miss or rules.auto_hit_beats_auto_miss) else (
        "miss" if work.auto_miss else None)
    skill = "MAT" if raw.melee else "RAT"
    return AttackSetup(
        attack=roll_of(work.attack), needed=defence - raw.skill - sum(work.attack.bonuses.values()),
        automatic=automatic, damage=roll_of(work.damage), smite_dice=replacing_dice(work.damage),
        offset=raw.power + sum(work.damage.bonuses.values()) - armour, armour=armour, deals_damage=True,
        extra=tuple(work.extra_damage), afflictions=frozenset((a.condition, a.window) for a in work.landing()),
        dice_rules=rules.dice, attack_boosted=work.attack.boosted, damage_boosted=work.damage.boosted,
        attack_text=f"{roll_text(work.attack, raw.skill, skill)} vs DEF {defence}",
        damage_text=f"{roll_text(work.damage, raw.power, 'POW')} vs ARM {armour}",
    )
