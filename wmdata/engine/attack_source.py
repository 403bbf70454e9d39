"""Attack sources for a sequence: the interpreter over real cards, or raw numbers.

Both answer "what does the next attack look like" for the circumstances of the moment.
The circumstances become interpreter states: a charge, a knocked-down target, and the
target's crippled systems or aspects for which the ruleset defines a target state (e.g.
a crippled Movement system's base DEF), so the ruleset, not this module, decides what
they change.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from wmdata.content.registry import Registry
from wmdata.engine.attack import AttackRequest, explain_attack
from wmdata.engine.damage_track import Track
from wmdata.engine.raw import RawAttack, raw_setup
from wmdata.engine.ruleset import ResolvedRules
from wmdata.engine.sequence import Circumstance
from wmdata.engine.setup import AttackSetup, setup_from

CRIPPLED_STATES = {
    ("grid", "M"): "crippled_movement", ("colossal", "M"): "crippled_movement",
    ("spiral", "M"): "crippled_mind", ("spiral", "B"): "crippled_body",
}
"""Which interpreter state stands for a crippled system (grid) or aspect (spiral)."""


def target_states(track: Track, rules: ResolvedRules) -> dict[str, str]:
    """System -> the ruleset's target state for it being crippled, where the ruleset has one."""
    found = {}
    for system in track.systems():
        state = CRIPPLED_STATES.get((track.kind, system))
        if state is not None and state in rules.states and rules.states[state].applies_to == "target":
            found[system] = state
    return found


def _states(base: list[str], circumstance: Circumstance, crippled: dict[str, str]) -> list[str]:
    states = list(base)
    extra = (["charging"] if circumstance.charging else []) + (
        ["knocked_down"] if circumstance.knocked_down else []) + [crippled[s] for s in sorted(circumstance.crippled)]
    return states + [s for s in extra if s not in states]


@dataclass(slots=True)
class ContentAttacks:
    """Attacks read from the cards through :func:`explain_attack`."""

    registry: Registry
    request: AttackRequest
    rules: ResolvedRules
    added_attack_dice: int = 0
    added_damage_dice: int = 0
    crippled: dict[str, str] = field(default_factory=dict)

    def __call__(self, circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        boosts = list(self.request.boosts) + [roll for roll, chosen in (("attack", boost_attack),
                                                                       ("damage", boost_damage)) if chosen]
        request = replace(self.request, states=_states(self.request.states, circumstance, self.crippled),
                          boosts=boosts)
        explanation = explain_attack(self.registry, request)
        if self.added_attack_dice:
            explanation.attack.added.setdefault("additional dice (option)", self.added_attack_dice)
        if self.added_damage_dice and explanation.no_damage_reason is None:
            explanation.damage.added.setdefault("additional dice (option)", self.added_damage_dice)
        return setup_from(explanation, self.rules.dice)


@dataclass(slots=True)
class RawAttacks:
    """Attacks from raw numbers under a ruleset."""

    raw: RawAttack
    rules: ResolvedRules
    states: list[str] = field(default_factory=list)
    boosts: list[str] = field(default_factory=list)

    def __call__(self, circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        boosts = list(self.boosts) + [roll for roll, chosen in (("attack", boost_attack), ("damage", boost_damage))
                                      if chosen]
        return raw_setup(self.raw, self.rules, _states(self.states, circumstance, {}), boosts)


def relevant_systems(source: ContentAttacks) -> frozenset[str]:
    """The target's systems whose crippling changes the attack (so the planner must track them)."""
    plain = source(Circumstance(), False, False)
    return frozenset(system for system in source.crippled
                     if source(Circumstance(crippled=frozenset({system})), False, False) != plain)
