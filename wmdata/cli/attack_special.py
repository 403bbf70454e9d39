"""``wmdata attack``'s special and chain attacks: what goes with ``--special-attack``, the
special attack asked for, and the chain attack a weapon plan may end in (seed 001 L396,
L901-915; seed 003 L1533; seed 000 L1818)."""

from __future__ import annotations

from dataclasses import dataclass

from wmdata.cli.options import fail
from wmdata.content.registry import Registry, RegistryItem
from wmdata.engine.attack import AttackError
from wmdata.engine.attack_source import ContentAttacks
from wmdata.engine.damage_track import Track
from wmdata.engine.loadout import Loadout
from wmdata.engine.moves import MOVING_KINDS
from wmdata.engine.power_needs import power_attack_refused
from wmdata.engine.sequence import Chain, Circumstance
from wmdata.engine.sources import profile_of
from wmdata.engine.special_attacks import SpecialAttackError, SpecialChoice, chain_attacks, find_special_attack
from wmdata.model.weapons import Weapon


def special_alone(special: str, power_attack: str | None, weapon: str | None, considered: tuple[str, ...],
                  considered_special: tuple[str, ...], attacks: int | None) -> None:
    """Refuse what does not go with ``--special-attack``: it is the combat action's one attack
    option (seed 001 L901-909), made with the weapon carrying the rule."""
    if power_attack is not None:
        fail("--special-attack and --power-attack do not go together: a combat action makes one special attack or "
             "one power attack (seed 001 L907-909)")
    if weapon is not None:
        fail(f"--special-attack {special} takes no --weapon: the weapon carrying the rule makes it, and bought "
             "attacks use the model's weapons of its type")
    if considered or considered_special:
        fail("--special-attack does not go with --consider-power-attack or --consider-special-attack: the first "
             "makes the special attack, the others compare plans with the weapon attacks (give --weapon)")
    if (attacks or 1) > 1:
        fail("--attacks: a special attack is one attack, and additional attacks are never special attacks "
             "(seed 001 L915)")


def weapon_plan_chain(registry: Registry, edition: str, carried: list[Weapon], model_rules: list[str],
                      weapons: Loadout, source: ContentAttacks, own: tuple[Track, frozenset[str]],
                      barred: dict[str, tuple[str, str]]) -> ChainSetup:
    """The chain attack of the weapon plan, if weapons of it carry one, make two initial attacks
    between them and the crippled systems do not bar it: each follow-up the attacker can make
    (a power attack its weapons and crippled systems allow, that the interpreter can set up
    against this target) joins the sequence's weapons, and ``source`` learns what it is."""
    names = weapons.names
    for found in chain_attacks(registry, edition, [w for w in carried if w.name in names], model_rules):
        if found.rule in barred:
            continue
        indices = tuple(names.index(name) for name in found.weapons)
        made = sum(weapons.initial.count(index) for index in indices)
        carriers = " and ".join(found.weapons)
        if made != 2:
            return ChainSetup(None, names, {}, [f"{found.name} is not made: it needs both initial attacks of "
                                                f"{carriers}, and they make {made} here"])
        options: list[tuple[str, str | None]] = []
        offered: list[str] = []
        why: list[str] = []
        for kind in found.power_attacks or (None,):
            what = source.rules.attack_kinds[kind].name if kind else f"one more {found.weapons[0]} attack"
            label = found.label(what if kind else None)
            refused = power_attack_refused(source.rules.attack_kinds[kind], carried, *own) if kind else None
            if kind:
                source.power_weapons[label] = kind
            else:
                source.special_weapons[label] = (found.weapons[0], found.rule)
            try:
                for held in (frozenset(), frozenset({"knocked_down"})):
                    source(Circumstance(conditions=held, weapon=label), False, False)
            except AttackError as exc:
                refused = str(exc)
            if refused is None:
                options.append((label, kind))
                offered.append(what)
            else:
                why.append(f"{what}: {refused}")
        if not options:
            return ChainSetup(None, names, {}, [f"{found.name} is not made: {'; '.join(why)}"])
        follows = tuple(range(len(names), len(names) + len(options)))
        moving = {index: kind for index, (_, kind) in zip(follows, options, strict=True) if kind in MOVING_KINDS}
        return ChainSetup(Chain(indices, follows), (*names, *(label for label, _ in options)), moving, [
            f"{found.name}: after both initial attacks of {carriers} hit the target, {' or '.join(offered)} at once, "
            f"no cost, where the plan takes it; in the odds ({found.source})"]
            + [f"{found.name} does not offer here: {reason}" for reason in why])
    return ChainSetup(None, names, {}, [])


@dataclass(frozen=True, slots=True)
class ChainSetup:
    """What :func:`weapon_plan_chain` found: the chain (None: none), the sequence's weapons, the
    follow-ups that move the target (by index) and what to tell."""

    chain: Chain | None
    weapons: tuple[str, ...]
    moves: dict[int, str]
    told: list[str]


def special_choice(registry: Registry, attacker: RegistryItem, asked: str | None) -> SpecialChoice | None:
    """``--special-attack``: the special attack asked for, among the attacker's weapon rules."""
    if asked is None:
        return None
    weapons = list(getattr(profile_of(attacker.entry), "weapons", []))
    try:
        return find_special_attack(registry, attacker.edition, attacker.name, weapons, asked)
    except SpecialAttackError as exc:
        fail(f"--special-attack: {exc}")
