"""Gather the effects that act on one model: its rules (and the rules those grant),
its weapons' qualities, extra effects named on the command line, and its states.

Every effect keeps its *source* (the rule or state it comes from): the stat pipeline
uses it for the same-name stacking rule, ``ignore`` uses it to drop another model's
effects, and explanations print it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from wmdata.content.registry import Registry
from wmdata.engine.ruleset import ResolvedRules
from wmdata.model.common import Entry
from wmdata.model.effects import Condition, Effect, GrantRule, times
from wmdata.model.profiles import Attachment, ModelEntry, Profile, Unit
from wmdata.model.weapons import Weapon

Side = str  # "attacker" or "target"


@dataclass(frozen=True, slots=True)
class SourcedEffect:
    effect: Effect
    source: str
    category: str
    weapon: str | None = None
    """Name of the weapon whose quality or ability this is; such roll effects only
    act when that weapon is used."""
    gates: tuple[Condition, ...] = ()
    """The ``when`` of every grant that brought this effect: a rule granted "only
    while X" acts only while X holds, whatever its own effects say."""


class SourceError(ValueError):
    """An id given on the command line does not name an entry with effects."""


class CountError(SourceError):
    """A count given with a named rule (``NAME=N``) is not one the rule takes (a usage error)."""


def split_count(query: str) -> tuple[str, int | None]:
    """``gunnery=2`` -> (``gunnery``, 2); a name without ``=N`` -> (name, None).  A count that
    is not a whole number of at least 1 is a :class:`CountError`."""
    name, sep, count = query.rpartition("=")
    if not sep:
        return query, None
    if not count.strip().isdigit() or int(count) < 1:
        raise CountError("the count after '=' must be a whole number of at least 1 (how many times the rule applies, "
                         "e.g. gunnery=2)")
    return name.strip(), int(count)


def profile_of(entry: Entry, weapon_name: str | None = None) -> Profile[object] | None:  # type: ignore[type-var]
    """The stat profile that acts: the model itself, or the trooper carrying the weapon."""
    if isinstance(entry, ModelEntry):
        return entry
    if isinstance(entry, Unit | Attachment):
        if weapon_name is not None:
            for trooper in entry.troopers:
                if any(w.name.lower() == weapon_name.lower() for w in trooper.weapons):
                    return trooper
        return entry.troopers[0]
    return None


def stat_numbers(stats: object) -> dict[str, int]:
    """The printed stats of a profile that have a value."""
    dumped = stats.model_dump() if hasattr(stats, "model_dump") else {}
    return {k: v for k, v in dumped.items() if isinstance(v, int)}


def rule_ids(entry: Entry, profile: Profile[object] | None) -> list[str]:  # type: ignore[type-var]
    ids: list[str] = []
    for holder in (entry, profile):
        if holder is not None:
            ids += list(getattr(holder, "advantages", [])) + list(getattr(holder, "abilities", []))
    return list(dict.fromkeys(ids))


def _named_only(item: SourcedEffect) -> bool:
    """The effect (or a grant that brought it) acts only where its rule is named (``when: {named: true}``)."""
    return any(c is not None and c.named for c in (item.effect.when, *item.gates))


class EffectCollector:
    def __init__(self, registry: Registry, edition: str, rules: ResolvedRules) -> None:
        self.registry = registry
        self.edition = edition
        self.rules = rules

    def entry_effects(self, entry_id: str, weapon: str | None = None, _seen: frozenset[str] = frozenset(),
                      _gates: tuple[Condition, ...] = ()) -> list[SourcedEffect]:
        """The effects of a vocabulary entry, with the effects of the rules it grants
        (each gated by the ``when`` of the grants that lead to it)."""
        item = self.registry.get(self.edition, entry_id)
        if item is None or entry_id in _seen:
            return []
        found = []
        for effect in getattr(item.entry, "effects", []):
            found.append(SourcedEffect(effect, entry_id, item.category, weapon, _gates))
            if isinstance(effect, GrantRule):
                gates = _gates + ((effect.when,) if effect.when is not None else ())
                found += self.entry_effects(effect.rule, weapon, _seen | {entry_id}, gates)
        return found

    def kind_rule_ids(self, entry: Entry) -> list[str]:
        """Rules the model has for its type or weight (a colossal's Massive), which its card
        does not list because the seeds give them to every model of the kind."""
        kinds = (getattr(entry, "type", None), getattr(entry, "weight", None))
        return [rule for kind in kinds if kind in self.rules.kind_rules for rule in self.rules.kind_rules[kind].rules]

    def lookup(self, query: str, counted: bool = False) -> str:
        """The id of the entry named by ``query`` (id or name), for --effect options
        (``counted``: it was given with a count, so a failure is a usage error)."""
        error = CountError if counted else SourceError
        effects = self.registry.lookup(query, self.edition, lambda i: hasattr(i.entry, "effects"))
        if effects.found is not None:
            return effects.found.id
        other = self.registry.lookup(query, self.edition).found
        if other is not None and not effects.ambiguous:
            raise error(f"{query!r} is a {other.category.replace(':', ' ')}, not a rule, spell, feat, "
                        "animus or command card")
        raise error(effects.problem("effect", self.edition))

    def steps(self, rule: str, count: int | None) -> int:
        """How many times the named ``rule`` applies: its count, which only a stacking rule
        takes (and never below the rule's ``min`` nor above its ``max``)."""
        item = self.registry.get(self.edition, rule)
        stacking = getattr(item.entry, "stacking", None) if item is not None else None
        if count is None:
            if stacking is not None and stacking.min is not None:
                raise CountError(f"{rule} needs a count of at least {stacking.min}, as {rule}=N (one per "
                                 f"{stacking.per})")
            return 1
        if stacking is None:
            stacking_rules = sorted(i.id for i in self.registry
                                    if i.edition == self.edition and getattr(i.entry, "stacking", None) is not None)
            raise CountError(f"{rule} does not stack, so it takes no count; name it without '=N' "
                             f"(rules that stack in {self.edition}: {', '.join(stacking_rules) or 'none'})")
        if stacking.min is not None and count < stacking.min:
            raise CountError(f"{rule} takes a count of at least {stacking.min} (one per {stacking.per})")
        if stacking.max is not None and count > stacking.max:
            raise CountError(f"{rule} stacks at most {stacking.max} times (one per {stacking.per})")
        return count

    def model_effects(self, entry: Entry, weapons: Iterable[Weapon], extra: Iterable[str], states: Iterable[str],
                      side: Side | None) -> list[SourcedEffect]:
        """All effects acting on ``entry``; states are taken when they apply to ``side``
        (``None``: every named state, as ``wmdata stats`` does without an attack)."""
        profile = profile_of(entry)
        found: list[SourcedEffect] = []
        own = [*rule_ids(entry, profile), *self.kind_rule_ids(entry)]
        for rule in own:
            found += [i for i in self.entry_effects(rule) if not _named_only(i)]
        carried: dict[str, list[str]] = {}  # rule -> the weapons that carry it
        for weapon in weapons:
            for rule in [*weapon.qualities, *weapon.abilities]:
                carried.setdefault(rule, []).append(weapon.name)
                found += [i for i in self.entry_effects(rule, weapon.name) if not _named_only(i)]
        for query in extra:
            try:
                name, count = split_count(query)
                rule = self.lookup(name, count is not None)
                steps = self.steps(rule, count)
            except CountError as exc:
                option = "--target-effect" if side == "target" else "--effect"
                raise CountError(f"{option} {query!r}: {exc}") from None
            found += [replace(item, effect=times(item.effect, steps)) if item.source == rule else item
                      for item in self._named(rule, rule in own, carried.get(rule, []))]
        for state in states:
            definition = self.rules.states.get(state)
            if definition is not None and side in (None, definition.applies_to):
                found += [SourcedEffect(effect, state, "state") for effect in definition.effects]
        return found

    def _named(self, rule: str, model_has_it: bool, weapons: list[str]) -> list[SourcedEffect]:
        """The effects a rule named with --effect/--target-effect brings.  A rule the model
        already has brings only the effects that wait for its naming; a rule its weapons
        carry (and the model does not) belongs to those weapons, so each copy is scoped to
        one of them and acts only on its attacks (a named rule the model does not carry at
        all acts on every attack)."""
        if model_has_it or not weapons:
            return [i for i in self.entry_effects(rule) if not model_has_it or _named_only(i)]
        return [i for weapon in weapons for i in self.entry_effects(rule, weapon) if _named_only(i)]
