"""What an attack does besides its own damage, told beside the odds: the conditions a hit
puts on the target (knocked down, stationary, a continuous effect), the collateral damage
of a slam or throw, the contest of a throw, the models a blast spares where the target's side
is not known.

Conditions and contests are in the odds (a knocked-down or stationary target meets the
later attacks as such, the chance of each condition is reported; damage follows only a
won contest); collateral damage is a roll against other models, so it is told with its
dice but is not part of the target's odds.
"""

from __future__ import annotations

from typing import Any

from wmdata.engine.attack import AttackExplanation

WINDOWS = {"on_hit": "on a hit", "on_critical": "on a critical hit", "on_damage": "when it deals damage"}
DOES = {"knocked_down": "knocks the target down", "stationary": "leaves the target stationary"}


def attack_notes(explanation: AttackExplanation) -> list[str]:
    """Lines for the table output."""
    contest = " after a won contest" if explanation.contest is not None else ""
    notes = [f"{DOES[a.condition]} {WINDOWS.get(a.window, a.window)}{contest} ({a.source}); in the odds"
             if a.condition in DOES else
             f"puts the {a.condition} continuous effect on the target {WINDOWS.get(a.window, a.window)} ({a.source});"
             " its chance is reported, and its damage in the next maintenance phase (later ones are not counted)"
             for a in explanation.work.landing()]
    notes += [f"{DOES.get(a.condition, f'puts {a.condition} on the target')} {WINDOWS.get(a.window, a.window)} "
              f"({a.source}), but never this target ({rule})" for a, rule in explanation.work.kept_off()]
    survival = explanation.work.surviving()
    if survival is not None:
        notes.append(f"if the attack disables the target, {survival.told()}; in the odds"
                     " (not for a colossal, nor a grid whose systems can fail)")
    if explanation.attack_kind == "blast":
        notes += [f"blast damage: {spare}; the odds take the target as an enemy (a --board's sides decide)"
                  for spare in explanation.blast_spares]
    if explanation.contest is not None:
        follows = ("damage only" if explanation.no_damage_reason is None and explanation.damage_value is not None
                   else "no damage; the target is moved only")
        notes.append(f"{follows} after a won contest ({explanation.contest.attacker_dice}d6 + "
                     f"{explanation.contest.stat} against {explanation.contest.target_dice}d6 + "
                     f"{explanation.contest.stat}); in the odds")
    collateral = explanation.collateral
    if collateral is not None and explanation.collateral_value is not None:
        bonus = sum(collateral.bonuses.values())
        notes.append(f"collateral damage to models it is moved into: {collateral.dice}d6 + "
                     f"{explanation.collateral_base} {explanation.collateral_value}{f' {bonus:+d}' if bonus else ''}"
                     " each as against the target (with --board, each model met gets its own roll and ARM), and"
                     " each is knocked down unless its base is larger or a rule of its own keeps it up;"
                     " not in these odds (other models)")
    notes += [f"{'on a hit' if offer.window == 'on_hit' else 'on a critical hit'} it "
              f"{_smite_words(offer.power_attack, offer.always)[0]} the target instead of the damage roll "
              f"({offer.source}): {_smite_words(offer.power_attack, offer.always)[1]}, with its damage roll (STR + "
              f"the weapon's POW), knockdown and distance in the odds (a later attack is made only while the moved "
              f"target is still in reach); collateral damage to other models is not"
              for offer in explanation.work.critical_power_attacks[:1]]
    return notes


def _smite_words(power_attack: str, always: bool) -> tuple[str, str]:
    """The verb and who decides: every such hit is the slam (Combo Smite), or the plan chooses (Pitch)."""
    return (f"{power_attack}s", "always") if always else (f"may {power_attack}", "the plan's choice")


def attack_notes_json(explanation: AttackExplanation) -> dict[str, Any]:
    """The same for ``--json``."""
    collateral = explanation.as_json()["collateral"]
    survival = explanation.work.surviving()
    return {"kind": explanation.attack_kind,
            "knockdowns": [{"window": a.window, "source": a.source} for a in explanation.work.landing()
                           if a.condition == "knocked_down"],
            "conditions": [{"condition": a.condition, "window": a.window, "source": a.source}
                           for a in explanation.work.landing()],
            "kept_off": [{"condition": a.condition, "window": a.window, "source": a.source, "by": rule}
                         for a, rule in explanation.work.kept_off()],
            "contest": None if explanation.contest is None else explanation.contest.model_dump(),
            "blast_spares": explanation.blast_spares,
            "survival": None if survival is None else {
                "roll": survival.roll, "heals": survival.heals, "leaves": sorted(survival.leaves),
                "lost_while": sorted(survival.lost_while), "source": survival.source},
            "collateral": collateral,
            "critical_power_attacks": [{"power_attack": offer.power_attack, "source": offer.source,
                                        "window": offer.window, "always": offer.always}
                                       for offer in explanation.work.critical_power_attacks]}
