"""The rules an attack brings that could change its numbers but are not in the odds.

The odds execute every effect the interpreter runs (boosts, extra dice, rerolls, extra
damage on a hit or a critical hit, knockdowns, automatic hits).  A rule of either model,
of a weapon in the sequence or of an effect asked for that is text only or only partly
executed (``coverage: partial``) is listed, unless what it leaves out cannot touch a
sequence of attacks, so that a player knows which rules to weigh by hand.  The rule's own
data decides: what its ``unmodelled`` says it is about (deployment, army building, commands,
movement, terrain, what the model is, which attacks it may choose; for the target also its
activation, resources and its own attacks), and its category (an immunity or resistance
protects its carrier, so on the attacker it changes nothing).  A rule whose left-out part
matters only once the sequence is over (``matters_later``) is listed apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from wmdata.content.registry import Registry, RegistryItem
from wmdata.engine.attack_source import CRIPPLED_STATES
from wmdata.engine.conditions import DEFAULT_ROLE, Situation, check
from wmdata.engine.damage_track import Track
from wmdata.engine.power_needs import STATE_WORDS
from wmdata.engine.sources import profile_of, rule_ids, split_count
from wmdata.model.effects import Condition
from wmdata.model.organisation import AttackerBar
from wmdata.model.vocabulary import coverage_of
from wmdata.model.weapons import Weapon

OUTSIDE_THE_ODDS = frozenset({"deployment", "army", "command", "movement", "terrain", "nature", "attack-options",
                              "other-models", "spell-casting", "control"})
"""What a rule may leave out without touching the numbers of a sequence of attacks (what
models other than the two of the attack get, who may cast which spell, who controls a model:
none changes a roll of this attacker against this target).  Damage allocation, continuous
effects, what a hit leaves for later attacks and rules whose wording is unknown can all change
them, so they stay listed."""
TARGET_OUTSIDE = OUTSIDE_THE_ODDS | {"activation", "resources", "own-attacks", "special-attack"}
"""The target does not act during the attacker's sequence: its activation, its focus or
fury and the rules of its own attacks cannot change the numbers either."""
PROTECTS_ITS_CARRIER = frozenset({"immunity", "resistance"})
"""Rule categories that only change damage the carrier takes: nothing on the attacker."""


@dataclass(frozen=True, slots=True)
class NotInOdds:
    """One rule the odds do not execute (or only in part)."""

    rule: str
    name: str
    side: str
    coverage: str
    about: str
    why_not: str | None = None
    """Why what the odds leave out cannot matter to this attack (its ``matters_when`` does
    not hold), or None: it may change the numbers."""
    later: bool = False
    """What the odds leave out matters only once the sequence is over (``matters_later``)."""

    @property
    def missing(self) -> bool:
        """Whether it may change the numbers of this sequence (listed as not in the odds)."""
        return self.why_not is None and not self.later

    def describe(self) -> str:
        if self.why_not is not None:
            return f"{self.name} ({self.side}; {self.why_not})"
        return f"{self.name} ({self.side}; {self.coverage}, {self.about})"

    def as_json(self) -> dict[str, str]:
        found = {"rule": self.rule, "name": self.name, "side": self.side, "coverage": self.coverage,
                 "about": self.about}
        return found if self.why_not is None else {**found, "why": self.why_not}


SPECIAL_ATTACK = "special-attack"
BARRED_BY = "seed 001 L1480, seed 003 L3585, seed 000 L3100-3103"
"""Where the seeds say a crippled weapon system makes no chain attack or combo special attack."""


def barred_special_attacks(registry: Registry, edition: str, attacker: RegistryItem, weapons: list[Weapon],
                           track: Track, crippled: frozenset[str], bar: AttackerBar | None
                           ) -> dict[str, tuple[str, str]]:
    """The special attacks (chain attacks, combo strikes) the attacker's crippled systems or
    aspects bar: rule id -> (rule name, why).  A model makes none with a weapon in a crippled
    location (:data:`BARRED_BY`), none whose rule needs a crippled system (its
    ``needs_systems``, e.g. both arm systems of a MkII chain attack, whatever weapon carries
    it or on the model itself), and none at all in an attacker state the ruleset names (a
    warbeast's crippled Mind).  Such a rule is told as not made rather than left to weigh."""
    located = track.kind in ("grid", "colossal")
    held: list[tuple[str, Weapon | None]] = [(rule, None) for rule in rule_ids(attacker.entry,
                                                                                  profile_of(attacker.entry))]
    held += [(rule, weapon) for weapon in weapons for rule in [*weapon.qualities, *weapon.abilities]]
    states = {CRIPPLED_STATES[(track.kind, s)] for s in crippled if (track.kind, s) in CRIPPLED_STATES}
    barring = sorted(states & set(bar.states)) if bar is not None else []
    found: dict[str, tuple[str, str]] = {}
    for rule, weapon in held:
        item = registry.get(edition, rule)
        if item is None or not _special(item.entry) or rule in found:
            continue
        need = getattr(item.entry, "needs_systems", None)
        lost = sorted(set(need.systems) & crippled) if need is not None and located else []
        if barring and bar is not None:
            words = STATE_WORDS.get(barring[0], barring[0].replace("_", " "))
            found[rule] = (item.name, f"the attacker's {words} bars it ({bar.source})")
        elif weapon is not None and located and weapon.location in crippled:
            found[rule] = (item.name, f"its {weapon.name} is in crippled location {weapon.location} ({BARRED_BY})")
        elif lost and need is not None:
            names = [track.system_name(system) for system in need.systems]
            found[rule] = (item.name, f"it needs {' and '.join(names)} working, and "
                                      f"{' and '.join(track.system_name(system) for system in lost)} is crippled "
                                      f"({need.source})")
    return found


def _special(entry: object) -> bool:
    """Whether a rule is a special or chain attack: one the odds make (``special_attack``,
    ``chain_attack``) or one left as text (``unmodelled: special-attack``)."""
    return getattr(entry, "unmodelled", None) == SPECIAL_ATTACK or any(
        getattr(entry, block, None) is not None for block in ("special_attack", "chain_attack"))


TARGET_STATS = frozenset({"DEF", "ARM"})
"""The stats of the target an attack reads; the attacker's other stats (MAT, RAT, STR, ...)."""
NAMED = "executable when named"


def _waits_for_its_name(entry: object, side: str) -> bool:
    """The rule has an effect that could change this side's numbers but acts only where the
    rule is named (``when: {named: true}``): the attack cannot tell whether it holds."""
    for effect in getattr(entry, "effects", []):
        if effect.when is None or not effect.when.named:
            continue
        role = effect.when.role or DEFAULT_ROLE.get(effect.kind)
        stat = getattr(effect, "stat", None) if effect.kind == "modify_stat" else None
        if stat is not None and (stat in TARGET_STATS) != (side == "target"):
            continue
        if role is None or role == side:
            return True
    return False


def _weapon_rules(weapons: list[Weapon], names: tuple[str, ...] | None) -> list[str]:
    chosen = [w for w in weapons if names is None or w.name in names]
    return [rule for w in chosen for rule in [*w.qualities, *w.abilities]]


def rules_not_in_odds(registry: Registry, edition: str, attacker: RegistryItem, target: RegistryItem,
                      weapons: tuple[str, ...], effects: list[str], target_effects: list[str],
                      barred: frozenset[str] = frozenset(), situation: Situation | None = None) -> list[NotInOdds]:
    """Every rule of the attack that is text only or partial, and may change the numbers
    (``barred``: the attacker's rules its crippled systems keep from being used).  With the
    attack's ``situation``, a rule whose ``matters_when`` does not hold in it is returned
    with ``why_not`` set: it cannot change this attack (Parry on the attacker); a rule whose
    left-out part matters only after the sequence (``matters_later``: Cull Soul's soul tokens,
    turned into focus in a later Control Phase) with ``later`` set."""
    effects = [split_count(query)[0] for query in effects]
    target_effects = [split_count(query)[0] for query in target_effects]
    first = weapons[0] if weapons else None
    a_profile, t_profile = profile_of(attacker.entry, first), profile_of(target.entry)
    sides = (
        ("attacker", [*rule_ids(attacker.entry, a_profile),
                      *_weapon_rules(list(getattr(a_profile, "weapons", [])), weapons), *effects]),
        ("target", [*rule_ids(target.entry, t_profile),
                    *_weapon_rules(list(getattr(t_profile, "weapons", [])), None), *target_effects]),
    )
    found: list[NotInOdds] = []
    for side, ids in sides:
        named = {query.lower() for query in (effects if side == "attacker" else target_effects)}
        for rule in dict.fromkeys(ids):
            item = registry.get(edition, rule)
            if item is None:
                continue
            if (rule not in named and item.name.lower() not in named and coverage_of(item.entry) == "executable"
                    and _waits_for_its_name(item.entry, side)):
                option = "--effect" if side == "attacker" else "--target-effect"
                found.append(NotInOdds(rule, item.name, side, NAMED, f"name it with {option} where it holds"))
                continue
            coverage = coverage_of(item.entry)
            about = str(getattr(item.entry, "unmodelled", None) or "not stated")
            outside = OUTSIDE_THE_ODDS if side == "attacker" else TARGET_OUTSIDE
            protects = side == "attacker" and getattr(item.entry, "category", None) in PROTECTS_ITS_CARRIER
            unusable = side == "attacker" and rule in barred
            if coverage != "executable" and about not in outside and not protects and not unusable:
                found.append(NotInOdds(rule, item.name, side, coverage, about,
                                       _why_not(getattr(item.entry, "matters_when", None), side, situation),
                                       bool(getattr(item.entry, "matters_later", False))))
    return found


def _why_not(matters: Condition | None, side: str, situation: Situation | None) -> str | None:
    """Why a rule whose unexecuted part matters only when ``matters`` holds cannot change
    this attack (None: it may)."""
    if matters is None or situation is None:
        return None
    reason = check(matters, "", side, situation)
    return None if reason is None else reason.replace("acts only when", "matters only when")
