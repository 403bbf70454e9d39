"""Attack sources for a sequence: the interpreter over real cards, or raw numbers.

Both answer "what does the next attack look like" for the circumstances of the moment.
The circumstances become interpreter states: a charge, the target's states (knocked
down, stationary, from the start or put on it by an earlier hit), and the target's
crippled systems or aspects for which the ruleset defines a target state (e.g. a
crippled Movement system's base DEF), so the ruleset, not this module, decides what they
change.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from wmdata.content.registry import Registry
from wmdata.engine.attack import AttackExplanation, AttackRequest, explain_attack
from wmdata.engine.conditions import DAMAGE_UNKNOWN
from wmdata.engine.damage_track import Track
from wmdata.engine.raw import RawAttack, raw_setup
from wmdata.engine.ruleset import ResolvedRules
from wmdata.engine.sequence import Circumstance
from wmdata.engine.setup import AttackSetup, setup_from
from wmdata.model.weapons import Weapon

CRIPPLED_STATES = {
    ("grid", "M"): "crippled_movement", ("colossal", "M"): "crippled_movement",
    ("spiral", "M"): "crippled_mind", ("spiral", "B"): "crippled_body",
}
"""Which interpreter state stands for a crippled system (grid) or aspect (spiral)."""


Crippling = dict[str, tuple[str, bool]]
"""System -> (interpreter state, put on the target whatever side the ruleset gives it)."""

ATTACKER_ASPECTS = {"M": "crippled_mind", "B": "crippled_body"}
"""A warbeast attacker's crippled aspects that change its own attack or damage rolls."""


@dataclass(frozen=True, slots=True)
class AttackerCrippling:
    """The attacker's own crippled systems as interpreter states: per weapon (a weapon in a
    crippled location takes the ruleset's ``crippled_weapon``) and for every attack (a
    crippled Mind or Body aspect)."""

    per_weapon: dict[str, tuple[str, ...]] = field(default_factory=dict)
    every_attack: tuple[str, ...] = ()


def attacker_crippling(track: Track, crippled: frozenset[str], rules: ResolvedRules,
                       weapons: list[Weapon]) -> AttackerCrippling:
    """What the attacker's crippled ``crippled`` systems (grid) or aspects (spiral) change,
    as far as its ruleset defines a state for them."""
    per_weapon: dict[str, tuple[str, ...]] = {}
    every: list[str] = []
    if track.kind in ("grid", "colossal") and "crippled_weapon" in rules.states:
        per_weapon = {w.name: ("crippled_weapon",) for w in weapons if w.location in crippled}
    if track.kind == "spiral":
        every = [ATTACKER_ASPECTS[a] for a in sorted(crippled) if a in ATTACKER_ASPECTS
                 and ATTACKER_ASPECTS[a] in rules.states]
    return AttackerCrippling(per_weapon, tuple(every))


def target_states(track: Track, rules: ResolvedRules, registry: Registry | None = None, edition: str = "",
                  weapons: list[Weapon] | None = None) -> Crippling:
    """The target's systems whose crippling the ruleset turns into a state: its own target
    states (a crippled Movement system), and the location of a target weapon whose rules
    depend on that location being crippled (a shield or buckler losing its ARM), which
    takes the ruleset's ``crippled_weapon`` state on the target."""
    found: Crippling = {}
    systems = set(track.systems())
    for system in systems:
        state = CRIPPLED_STATES.get((track.kind, system))
        if state is not None and state in rules.states and rules.states[state].applies_to == "target":
            found[system] = (state, False)
    if registry is not None and "crippled_weapon" in rules.states and track.kind in ("grid", "colossal"):
        for weapon in weapons or []:
            if weapon.location in systems and _depends_on_location(registry, edition, weapon):
                found.setdefault(weapon.location, ("crippled_weapon", True))
    return found


def _depends_on_location(registry: Registry, edition: str, weapon: Weapon) -> bool:
    for rule_id in [*weapon.qualities, *weapon.abilities]:
        item = registry.get(edition, rule_id)
        for effect in getattr(item.entry, "effects", []) if item is not None else []:
            if effect.when is not None and effect.when.weapon_location_crippled is not None:
                return True
    return False


def _states(base: list[str], circumstance: Circumstance, crippled: Crippling, on_target: bool) -> list[str]:
    """The states of an attack in ``circumstance``: the model states (``on_target`` False), or
    the states forced onto the target (``on_target`` True)."""
    states = list(base)
    extra = [crippled[s][0] for s in sorted(circumstance.crippled) if crippled[s][1] == on_target]
    if not on_target:
        extra = (["charging"] if circumstance.charging else []) + sorted(circumstance.conditions) + extra
    return states + [s for s in extra if s not in states]


@dataclass(slots=True)
class ContentAttacks:
    """Attacks read from the cards through :func:`explain_attack`."""

    registry: Registry
    request: AttackRequest
    rules: ResolvedRules
    added_attack_dice: int = 0
    added_damage_dice: int = 0
    crippled: Crippling = field(default_factory=dict)
    attacker: AttackerCrippling = field(default_factory=AttackerCrippling)
    power_weapons: dict[str, str] = field(default_factory=dict)
    """Names the sequence uses for power attacks (``Head-butt (power attack)``) -> the ruleset's
    attack kind, made instead of a weapon attack."""
    special_weapons: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Names the sequence uses for special attacks (``Combo Strike (special attack)``) -> (the
    weapon that makes it, the rule whose special attack it is)."""

    def __call__(self, circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        return setup_from(self.explanation(circumstance, boost_attack, boost_damage), self.rules.dice)

    def explanation(self, circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackExplanation:
        """The interpreter's account of the attack in ``circumstance``."""
        boosts = list(self.request.boosts) + [roll for roll, chosen in (("attack", boost_attack),
                                                                       ("damage", boost_damage)) if chosen]
        weapon = circumstance.weapon or self.request.weapon
        weapon, special = self.special_weapons.get(weapon, (weapon, None))
        own = [*self.attacker.every_attack, *self.attacker.per_weapon.get(weapon, ())]
        states = [*self.request.states, *(s for s in own if s not in self.request.states)]
        request = replace(self.request, states=_states(states, circumstance, self.crippled, False),
                          target_states=_states(self.request.target_states, circumstance, self.crippled, True),
                          boosts=boosts, weapon=weapon, special_attack=special)
        if weapon in self.power_weapons:
            request = replace(request, weapon="", power_attack=self.power_weapons[weapon])
        if circumstance.marked is not None:
            request = replace(request, target_marked=circumstance.marked)
        explanation = explain_attack(self.registry, request)
        if self.added_attack_dice:
            explanation.attack.added.setdefault("additional dice (option)", self.added_attack_dice)
        if self.added_damage_dice and explanation.no_damage_reason is None:
            explanation.damage.added.setdefault("additional dice (option)", self.added_damage_dice)
        return explanation


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
        return raw_setup(self.raw, self.rules, _states(self.states, circumstance, {}, False), boosts)


def damage_marks(source: ContentAttacks, capacity: int, weapons: tuple[str, ...] = ("",)) -> tuple[int, ...]:
    """Where a rule of an attack with one of ``weapons`` depends on the damage marked on the
    target (it says so when that damage is unknown): each marked damage below ``capacity`` at
    which the attack changes, found by asking the interpreter for every one."""
    unknown = DAMAGE_UNKNOWN.format(role="target")
    if not any(unknown in reason for weapon in weapons
               for reason in source.explanation(Circumstance(weapon=weapon), False, False).not_applied):
        return ()
    marks = set()
    for weapon in weapons:
        setups = [source(Circumstance(weapon=weapon, marked=marked), False, False) for marked in range(capacity)]
        marks |= {marked for marked in range(1, capacity) if setups[marked] != setups[marked - 1]}
    return tuple(sorted(marks))


def relevant_systems(source: ContentAttacks, weapons: tuple[str, ...] = ("",)) -> frozenset[str]:
    """The target's systems whose crippling changes an attack with one of ``weapons`` (so the
    planner must track them)."""
    found = set()
    for weapon in weapons:
        plain = source(Circumstance(weapon=weapon), False, False)
        found |= {system for system in source.crippled
                  if source(Circumstance(crippled=frozenset({system}), weapon=weapon), False, False) != plain}
    return frozenset(found)
