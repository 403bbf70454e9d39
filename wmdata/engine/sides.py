"""Which side's models an attack's blast spares (MkII Cataclysm: only enemies suffer it).

A ``no_damage`` effect gated on the other model's side (``when: {side: friendly}``) keeps the
blast damage off the models of that side.  Where the side of the model under the template is
not known (no board), the odds take it as an enemy, and the blast lines say which sides the
blast spares, so that a player can weigh a friendly model by hand.
"""

from __future__ import annotations

from dataclasses import replace

from wmdata.engine.conditions import Situation, check_gated
from wmdata.engine.sources import SourcedEffect

SIDES = ("friendly", "enemy")


def blast_spares(items: list[SourcedEffect], situation: Situation) -> list[str]:
    """``friendly models suffer none (cataclysm)``: per ``no_damage`` effect of the attacker's
    ``items``, the sides whose models under the template it keeps the blast damage off."""
    blast = replace(situation, attack_kind="blast", power_attack=False)
    found: list[str] = []
    for item in items:
        if item.effect.kind != "no_damage":
            continue
        spared = [side for side in SIDES
                  if check_gated(item.effect, "no_damage", item.gates, "attacker",
                                 replace(blast, other_side=side)) is None]
        if spared and len(spared) < len(SIDES):
            found.append(f"{' and '.join(spared)} models suffer none ({item.source})")
    return found
