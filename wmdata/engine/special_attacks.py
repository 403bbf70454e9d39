"""The special attacks a model's weapons carry that the odds can make.

A special attack (a star attack) is an option of the combat action, taken instead of the
initial attacks (seed 001 L396, L907; seed 003 L1533; seed 000 L1818).  A rule says it is
one with its ``special_attack`` block; the attack is one attack with the weapon carrying
the rule, and the rule's own numbers are its effects gated by ``when: {special_attack:
[rule id]}``, so the interpreter runs them only in that attack.  Rules still written as
text only (``unmodelled: special-attack``) are named as such when asked for.
"""

from __future__ import annotations

from dataclasses import dataclass

from wmdata.content.registry import Registry
from wmdata.model.weapons import Weapon


class SpecialAttackError(ValueError):
    """The special attack asked for is not one the attacker can make here."""


@dataclass(frozen=True, slots=True)
class SpecialChoice:
    """One special attack of the attacker, with the weapon that makes it."""

    rule: str
    name: str
    weapon: str
    attack_type: str
    """``melee`` or ``ranged``: the type of the weapon carrying the rule (seed 001 L915,
    seed 003 L1547, seed 000 L1844-1846), which bought attacks after it keep."""

    @property
    def label(self) -> str:
        """The name the sequence and its plan give the attack."""
        return f"{self.name} (special attack)"


def special_attacks(registry: Registry, edition: str, weapons: list[Weapon]) -> dict[str, SpecialChoice]:
    """Rule id -> the special attack, for each rule with a ``special_attack`` block that one of
    ``weapons`` carries (the first weapon carrying it makes it)."""
    found: dict[str, SpecialChoice] = {}
    for weapon in weapons:
        for rule in [*weapon.qualities, *weapon.abilities]:
            item = registry.get(edition, rule)
            if item is not None and getattr(item.entry, "special_attack", None) is not None:
                attack_type = "melee" if weapon.type in ("melee", "mount") else "ranged"
                found.setdefault(rule, SpecialChoice(rule, item.name, weapon.name, attack_type))
    return found


def find_special_attack(registry: Registry, edition: str, attacker: str, weapons: list[Weapon],
                        asked: str) -> SpecialChoice:
    """The special attack ``asked`` (a rule id or name) of an attacker called ``attacker`` with
    ``weapons``, refusing a rule it does not carry and one that is not a special attack the odds
    make (whether crippled systems bar it is asked apart: :func:`barred_special_attacks`)."""
    known = special_attacks(registry, edition, weapons)
    wanted = asked.strip().lower()
    carried = {rule for weapon in weapons for rule in [*weapon.qualities, *weapon.abilities]}
    listed = ", ".join(f"{c.rule} ({c.weapon})" for c in known.values()) or "none"
    for rule in sorted(carried):
        item = registry.get(edition, rule)
        if item is None or wanted not in (rule, item.name.lower()):
            continue
        if rule in known:
            return known[rule]
        if getattr(item.entry, "chain_attack", None) is not None:
            raise SpecialAttackError(f"{item.name} is a chain attack: the odds make it by themselves after both "
                                     "initial attacks of the weapon carrying it hit (give that --weapon)")
        if getattr(item.entry, "unmodelled", None) == "special-attack":
            raise SpecialAttackError(f"{item.name} is a special attack the odds do not make yet (its rule is text "
                                     f"only); special attacks {attacker} can make here: {listed}")
        raise SpecialAttackError(f"{item.name} is not a special attack; special attacks {attacker} can make here: "
                                 f"{listed}")
    raise SpecialAttackError(f"{attacker} has no weapon rule {asked!r}; special attacks it can make here: {listed}")


@dataclass(frozen=True, slots=True)
class ChainChoice:
    """A chain attack that weapons of the sequence carry: after both initial attacks of
    ``weapons`` hit, one of ``power_attacks`` (ruleset kinds) or, where there are none, one
    more attack with the first of ``weapons``."""

    rule: str
    name: str
    weapons: tuple[str, ...]
    power_attacks: tuple[str, ...]
    source: str

    def label(self, option: str | None) -> str:
        """The name the sequence and its plan give the follow-up ``option`` (a power attack's
        name, None: the weapon's swing)."""
        return f"{self.name}{f': {option}' if option and len(self.power_attacks) > 1 else ''} (chain attack)"


def chain_attacks(registry: Registry, edition: str, weapons: list[Weapon],
                  model_rules: list[str]) -> list[ChainChoice]:
    """The chain attacks (rules with a ``chain_attack`` block) that ``weapons`` carry, each with
    every weapon carrying it, then those of ``model_rules`` (the model's own) with the melee
    weapons of their ``weapons_in`` locations, in order."""
    carriers: dict[str, list[str]] = {}
    for weapon in weapons:
        for rule in [*weapon.qualities, *weapon.abilities]:
            carriers.setdefault(rule, []).append(weapon.name)
    for rule in model_rules:
        item = registry.get(edition, rule)
        located = getattr(getattr(item.entry, "chain_attack", None), "weapons_in", None) if item else None
        if located is not None:
            carriers.setdefault(rule, []).extend(w.name for w in weapons if w.type == "melee" and w.location in located)
    found = []
    for rule, names in carriers.items():
        item = registry.get(edition, rule)
        chain = getattr(item.entry, "chain_attack", None) if item is not None else None
        if item is not None and chain is not None and names:
            found.append(ChainChoice(rule, item.name, tuple(names), tuple(chain.power_attacks), chain.source))
    return found
