"""``wmdata attack``: exact odds of a sequence of attacks, the best use of focus or fury,
and a seeded play-out, from real cards or from raw numbers."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import click

from wmdata.cli.attack_options import Context, PowerOption, better_plan, power_option, power_options
from wmdata.cli.board import apply_board
from wmdata.cli.engine import POWER_ATTACKS, attack_kind_flags, rules_in_play_options
from wmdata.cli.numbers import FiniteRange
from wmdata.cli.options import content_option, content_registry, edition_option, fail
from wmdata.content.registry import Registry
from wmdata.engine.attack import AttackError, AttackRequest, explain_attack, find_model, rules_for
from wmdata.engine.attack_notes import attack_notes, attack_notes_json
from wmdata.engine.attack_source import (
    ContentAttacks,
    RawAttacks,
    attacker_crippling,
    relevant_systems,
    target_states,
)
from wmdata.engine.board_attack import BoardAttack
from wmdata.engine.buying import bought_attacks_by, bought_attacks_refused
from wmdata.engine.colossal_grid import GRID_OPTIONS, SIDES, GridChoice, grid_choice
from wmdata.engine.costs import ActionCost, action_costs
from wmdata.engine.damage_track import BoxTrack, ColossalTrack, State, Track, TrackError, crippled_names, track_for
from wmdata.engine.fury import frenzy_risk
from wmdata.engine.lattice import Lattice, follows_every_box, lattice_for
from wmdata.engine.loadout import Loadout, LoadoutError, RolledRofError, TooManyAttacksError, loadout
from wmdata.engine.maintenance import MaintenanceOdds, Upkeep, after_maintenance
from wmdata.engine.plan import PlanStep, build_plan, table_lines
from wmdata.engine.playout import Player
from wmdata.engine.policy import POLICIES, BuyAttacks, Optimal
from wmdata.engine.power_needs import power_attack_refused
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import ResolvedRules
from wmdata.engine.sequence import Policy, Sequence, SequenceResult, resolve
from wmdata.engine.sources import profile_of, stat_numbers
from wmdata.engine.stats import explain_stats
from wmdata.engine.unmodelled import NotInOdds, barred_special_attacks, rules_not_in_odds
from wmdata.model.effects import STATE_NAMES
from wmdata.model.organisation import ContinuousDefinition
from wmdata.model.weapons import Weapon
from wmdata.textsafe import terminal_safe
from wmdata.wording import counted

count = click.IntRange(min=0)
RAW_EDITION = "mk4"
"""The ruleset raw numbers are rolled under when no --edition is given."""


@dataclass(slots=True)
class Setting:
    """What the command resolves: the sequence, and the words to describe it."""

    sequence: Sequence
    title: str
    unit: str
    threshold: int | None
    board: BoardAttack | None = None
    costs: list[ActionCost] = field(default_factory=list)
    """Focus or fury the attacker pays before its attacks (a charge, a power attack)."""
    paid: bool = False
    """Whether the costs came out of the --focus/--fury given (else none was given)."""
    notes: list[str] = field(default_factory=list)
    """What the attack does besides its damage (knockdown, contest, collateral)."""
    kind_json: dict[str, Any] | None = None
    not_in_odds: list[NotInOdds] = field(default_factory=list)
    """Rules of the attack that could change the numbers but are not executed."""
    additional_attacks: dict[str, Any] | None = None
    """Whether the resource may buy additional attacks of this type, and the rule that says so."""
    first_choices: dict[str, float] = field(default_factory=dict)
    """When the optimal policy orders the initial attacks: the weapon of the first attack ->
    the kill chance with it first (the chosen one first)."""
    continuous: dict[str, ContinuousDefinition] = field(default_factory=dict)
    """The ruleset's continuous effects (what they do in the next Maintenance Phase)."""
    armour: int = 0
    """The target's ARM outside the attack, against a continuous effect's damage roll."""
    base_dice: int = 2
    grid: GridChoice | None = None
    """A colossal target: which grid the attacks strike, and why."""
    grid_kills: dict[str, float] = field(default_factory=dict)
    power_options: list[PowerOption] = field(default_factory=list)
    """Power attacks considered instead of the initial attacks, each with its own plan."""
    """When the attacker chooses the grid: the kill chance striking each grid every time."""


@click.command("attack")
@click.option("--attacker", help="Attacking model (id or name).")
@click.option("--weapon", "weapons", multiple=True,
              help="Weapon name, or a spell of the attacker (repeatable; one melee weapon brings the model's other "
                   "melee weapons after it).")
@click.option("--target", help="Target model (id or name).")
@edition_option
@rules_in_play_options
@click.option("--state", "states", multiple=True, type=click.Choice(STATE_NAMES),
              help="Aiming, cover, back_strike, ... (repeatable); each applies to its own side.")
@click.option("--target-state", "target_states", multiple=True, type=click.Choice(STATE_NAMES),
              help="A state put on the target whatever side it normally has, e.g. crippled_weapon (repeatable).")
@click.option("--distance", type=FiniteRange(min=0), default=None, help="Inches between the models.")
@click.option("--attacker-crippled", "attacker_crippled", multiple=True,
              help="A crippled system (grid letter or name, e.g. R or 'Right Arm') or aspect (M, B, S) of the "
                   "attacker: its weapons there and its Mind or Body change its rolls (repeatable).")
@click.option("--grid", type=click.Choice(GRID_OPTIONS), default=None,
              help="A colossal target: the grid its damage goes to, from the attacker's field of fire (left, "
                   "right), or 'choose' when the attacker is completely in its back arc or directly in front "
                   "(default: rolled, as for damage with no origin; --board decides it from the positions).")
@click.option("--power-attack", type=click.Choice(POWER_ATTACKS), default=None,
              help="Make this power attack of the ruleset instead of a weapon attack (no --weapon).")
@click.option("--consider-power-attack", "considered", multiple=True, type=click.Choice(POWER_ATTACKS),
              help="Also plan this power attack instead of the initial attacks, then bought melee attacks, and "
                   "say which plan kills more often (repeatable).")
@attack_kind_flags
@click.option("--mat", type=count, default=None, help="Raw numbers: a melee attack with this MAT.")
@click.option("--rat", type=count, default=None, help="Raw numbers: a ranged attack with this RAT.")
@click.option("--def", "defence", type=count, default=None, help="Raw numbers: the target's DEF.")
@click.option("--pow", "power", type=count, default=None, help="Raw numbers: POW (P+S already summed for melee).")
@click.option("--arm", "armour", type=count, default=None, help="Raw numbers: the target's ARM.")
@click.option("--boxes", type=click.IntRange(min=1, max=200), default=None,
              help="Raw numbers: the target's damage boxes (default 1).")
@click.option("--marked", default=None,
              help="Damage already marked: a number of boxes, or six per-column counts for a grid or spiral "
                   "('0,2,0,0,1,0'; a colossal: field, then left and right columns).")
@click.option("--boost-attack", is_flag=True, help="Every attack roll is boosted (without spending).")
@click.option("--boost-damage", is_flag=True, help="Every damage roll is boosted (without spending).")
@click.option("--charge", is_flag=True, help="The first attack is a charge attack.")
@click.option("--knocked-down", is_flag=True, help="The target is knocked down.")
@click.option("--additional-attack-dice", type=click.IntRange(0, 5), default=0, help="Dice added to every attack roll.")
@click.option("--additional-damage-dice", type=click.IntRange(0, 5), default=0, help="Dice added to every damage roll.")
@click.option("--attacks", type=click.IntRange(1, 10), default=None,
              help="Initial attacks of the first weapon (default: its count; a ranged weapon's ROF in MkIII/MkIV; "
                   "raw: 1); never above a ranged weapon's ROF.  A ROF such as d3: the number rolled (in MkII it "
                   "caps the weapon's attacks, bought ones included).")
@click.option("--focus", type=click.IntRange(0, 10), default=None, help="Focus to spend on boosts and attacks.")
@click.option("--fury", type=click.IntRange(0, 10), default=None, help="Fury to force boosts and attacks.")
@click.option("--in-order", is_flag=True,
              help="Make the initial attacks in the order the weapons are given (otherwise the optimal policy "
                   "chooses the order, and so the weapon of a charge attack).")
@click.option("--policy", "policy_name", type=click.Choice(["optimal", "none", "boost-damage", "buy-attacks"]),
              default="optimal", show_default=True, help="How the focus or fury is spent.")
@click.option("--simulate", type=click.IntRange(min=1, max=1_000_000), default=None,
              help="Also play the sequence out this many times with real dice.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the play-out's dice.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--board", "board_file", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Take range, cover, concealment, elevation, melee, back strike, Stealth distance and knocked-down "
                   "targets from this board; --attacker and --target are then ids on the board.")
@content_option
def attack_command(attacker: str | None, weapons: tuple[str, ...], target: str | None, edition: str | None,
                   ruleset: str | None, effects: tuple[str, ...], target_effects: tuple[str, ...],
                   states: tuple[str, ...], target_states: tuple[str, ...], distance: float | None,
                   attacker_crippled: tuple[str, ...], grid: str | None,
                   power_attack: str | None, considered: tuple[str, ...], blast: bool, impact: bool,
                   mat: int | None, rat: int | None, defence: int | None, power: int | None,
                   armour: int | None, boxes: int | None, marked: str | None, boost_attack: bool, boost_damage: bool,
                   charge: bool, knocked_down: bool, additional_attack_dice: int, additional_damage_dice: int,
                   attacks: int | None, focus: int | None, fury: int | None, in_order: bool, policy_name: str,
                   simulate: int | None, seed: int, as_json: bool, board_file: Path | None,
                   content_paths: tuple[Path, ...]) -> None:
    """Odds that a sequence of attacks destroys its target, and how to spend focus or fury.

    From the cards: --attacker, --weapon, --target.  From raw numbers: --mat or --rat,
    --def, --pow, --arm (and --boxes)."""
    raw_given = [name for name, value in (("--mat", mat), ("--rat", rat), ("--def", defence), ("--pow", power),
                                          ("--arm", armour), ("--boxes", boxes)) if value is not None]
    weapon = weapons[0] if weapons else None
    model_given = [name for name, value in (("--attacker", attacker), ("--weapon", weapon), ("--target", target),
                                            ("--power-attack", power_attack)) if value is not None]
    if board_file is not None and not model_given:
        fail("--board needs --attacker, --weapon and --target (ids on the board)")
    if raw_given and model_given:
        fail(f"{model_given[0]} and {raw_given[0]} do not go together: give either a model attack "
             "(--attacker, --weapon, --target) or raw numbers (--mat/--rat, --def, --pow, --arm)")
    model_only = [name for name, given in (("--target-state", target_states), ("--distance", distance is not None),
                                           ("--attacker-crippled", attacker_crippled),
                                           ("--blast", blast), ("--impact", impact),
                                           ("--consider-power-attack", considered)) if given]
    if raw_given and model_only:
        fail(f"{model_only[0]} goes with a model attack (--attacker, --weapon, --target), not with raw numbers")
    if grid is not None and (raw_given or board_file is not None):
        raise click.UsageError("--grid names a colossal target's damage grid: not with raw numbers (one row of "
                               "boxes), nor with --board, which gives the grid from the models' positions")
    if power_attack is not None and charge:
        fail("--charge and --power-attack do not go together: a model makes no power attack in an activation in "
             "which it charges (seed 001 L909, L1015; seed 003 L1816; seed 000 L2328-2329)")
    if power_attack is not None and considered:
        fail("--power-attack and --consider-power-attack do not go together: the first makes the power attack, "
             "the second compares it with the weapon attacks (give --weapon)")
    if power_attack is not None and (attacks or 1) > 1:
        fail("--attacks: a power attack is one attack, and additional attacks are never power attacks")
    if focus is not None and fury is not None:
        fail("--focus and --fury do not go together: a warjack or warcaster spends focus, a warbeast or warlock fury")
    wanted = edition if model_given else edition or RAW_EDITION
    registry = content_registry(content_paths, [wanted])
    boosts = ["attack"] * boost_attack + ["damage"] * boost_damage
    extra = Extra(boosts, charge, knocked_down, additional_attack_dice, additional_damage_dice, attacks, focus, fury,
                  marked, list(attacker_crippled), in_order, grid, considered)
    if model_given:
        needed = ("--attacker", "--target") if power_attack else ("--attacker", "--weapon", "--target")
        missing = [n for n in needed if n not in model_given]
        if missing:
            fail(f"{', '.join(missing)} missing: an attack from the cards needs --attacker, --weapon (or "
                 "--power-attack) and --target")
        assert attacker is not None and target is not None
        request = AttackRequest(attacker, weapon or "", target, edition, ruleset, list(effects),
                                list(target_effects), list(states), boosts, distance, list(target_states),
                                power_attack, blast, impact)
        board = _apply_board(request, board_file, registry, extra) if board_file is not None else None
        setting = _from_content(registry, request, extra, list(weapons), board)
    else:
        setting = _from_numbers(registry, mat, rat, defence, power, armour, boxes, edition, ruleset, list(states),
                                extra)
    _report(setting, policy_name, simulate, seed, as_json)


@dataclass(slots=True)
class Extra:
    """The shared options, once read."""

    boosts: list[str]
    charge: bool
    knocked_down: bool
    attack_dice: int
    damage_dice: int
    attacks: int | None
    focus: int | None
    fury: int | None
    marked: str | None
    attacker_crippled: list[str] = field(default_factory=list)
    in_order: bool = False
    grid: str | None = None
    considered: tuple[str, ...] = ()
    """Power attacks to plan instead of the initial attacks, for comparison."""

    @property
    def conditions(self) -> frozenset[str]:
        """The target's conditions before the first attack."""
        return frozenset({"knocked_down"}) if self.knocked_down else frozenset()

    @property
    def resource(self) -> int:
        return self.focus if self.focus is not None else (self.fury or 0)

    @property
    def unit(self) -> str:
        return "fury" if self.fury is not None else "focus"


def _apply_board(request: AttackRequest, board_file: Path, registry: Registry, extra: Extra) -> BoardAttack:
    """The board's states and distance go into the request; a knocked-down target is the
    sequence's knocked-down circumstance, as with --knocked-down."""
    try:
        geometry = apply_board(request, board_file, registry)
    except AttackError as exc:
        fail(str(exc))
    if "knocked_down" in request.states:
        request.states.remove("knocked_down")
        extra.knocked_down = True
    return geometry


def _start(track: Track, marked: str | None) -> State:
    try:
        start = track.start(marked)
    except TrackError as exc:
        fail(f"--marked: {exc}")
    if track.marked(start) >= track.capacity:
        fail(f"--marked: all {track.capacity} boxes are already marked; the target is destroyed")
    return start


def _from_content(registry: Registry, request: AttackRequest, extra: Extra, asked: list[str],
                  board: BoardAttack | None) -> Setting:
    try:
        explanation = explain_attack(registry, request)
        attacker = find_model(registry, request.attacker, request.edition, "attacker")
        target = find_model(registry, request.target, attacker.edition, "target")
        rules = rules_for(registry, attacker.edition, request.ruleset, request.states)
    except AttackError as exc:
        fail(str(exc))
    if extra.charge and explanation.attack_type != "melee":
        fail(f"--charge: {explanation.weapon} makes {explanation.attack_type} attacks; "
             "a charge attack is a melee attack")
    kind = getattr(attacker.entry, "type", None)
    stats = stat_numbers(getattr(profile_of(attacker.entry, request.weapon), "stats", None))
    if extra.focus is not None and kind in ("warbeast", "warlock"):
        fail(f"--focus: {attacker.name} is a {kind}; it spends fury (--fury)")
    if extra.fury is not None and kind in ("warjack", "warcaster"):
        fail(f"--fury: {attacker.name} is a {kind}; it spends focus (--focus)")
    if kind == "warjack" and extra.resource > rules.warjack_focus_cap:
        fail(f"--focus {extra.resource}: a warjack holds at most {rules.warjack_focus_cap} focus in {rules.ruleset}")
    if kind == "warbeast" and "FURY" in stats and extra.resource > stats["FURY"]:
        fail(f"--fury {extra.resource}: {attacker.name} can be forced only up to its FURY {stats['FURY']}")
    own = _attacker_crippled(attacker.name, track_for(getattr(profile_of(attacker.entry, request.weapon), "damage",
                                                              None)), extra)
    if request.power_attack is not None:
        barred = power_attack_refused(rules.attack_kinds[request.power_attack],
                                      list(getattr(profile_of(attacker.entry, request.weapon), "weapons", [])), *own)
        if barred is not None:
            fail(f"--power-attack {request.power_attack}: {attacker.name} cannot make it: {barred}")
    costs = action_costs(rules, kind, extra.charge, request.power_attack is not None)
    paid = extra.focus is not None or extra.fury is not None
    upfront = sum(cost.points for cost in costs)
    if paid and extra.resource < upfront:
        fail(f"--{extra.unit} {extra.resource}: {attacker.name} pays "
             f"{', '.join(cost.describe(extra.unit) for cost in costs)} before attacking")
    track, grid = _target_track(target.name, getattr(profile_of(target.entry), "damage", None), extra, board,
                                explanation.edition)
    crippling = target_states(track, rules, registry, target.edition,
                              list(getattr(profile_of(target.entry), "weapons", [])))
    carried = list(getattr(profile_of(attacker.entry, request.weapon), "weapons", []))
    source = ContentAttacks(registry, request, rules, extra.attack_dice, extra.damage_dice, crippling,
                            attacker_crippling(own[0], own[1], rules, carried))
    try:
        weapons = (loadout(carried, asked, extra.attacks, rules.ranged_initial_attacks, rules.rolled_rof.source)
                   if asked else Loadout(("",), (0,) * (extra.attacks or 1), (0,)))
        for name in weapons.names[1:]:
            explain_attack(registry, replace(request, weapon=name))
    except TooManyAttacksError as exc:
        raise click.BadParameter(str(exc), param_hint="--attacks") from None
    except RolledRofError as exc:
        fail(f"--attacks: {exc}")
    except (LoadoutError, AttackError) as exc:
        fail(f"--weapon: {exc}")
    refused = bought_attacks_refused(rules, explanation)
    buying = extra.resource - upfront * paid > 0 and request.power_attack is None and refused is None
    if weapons.unplannable and buying:
        fail(f"--{extra.unit}: {weapons.unplannable} (in {rules.ruleset} a ranged weapon's ROF caps all its "
             f"attacks in an activation, bought ones included), or give no --{extra.unit}")
    followed = follows_every_box(track)  # a colossal's states are counted by marked boxes only
    relevant = relevant_systems(source, weapons.names) if followed else frozenset()
    if request.power_attack is not None:
        sequence = _power_sequence(Context(registry, request, rules, source, weapons, carried, own, kind,
                                           extra.resource, paid, followed), request.power_attack, track,
                                   _start(track, extra.marked), extra.conditions)
    else:
        sequence = Sequence(track, _start(track, extra.marked), len(weapons.initial),
                            extra.resource - upfront * paid, source, extra.charge, extra.conditions, relevant,
                            additional=refused is None, weapons=weapons.names, initial=weapons.initial,
                            extra_weapons=weapons.extra, rooms=weapons.rooms,
                            choose_order=not extra.in_order and len(set(weapons.initial)) > 1)
    options = power_options(Context(registry, request, rules, source, weapons, carried, own, kind,
                                    extra.resource, paid, followed),
                            extra.considered, sequence) if extra.considered else []
    used = weapons.describe() or explanation.weapon
    title = (f"{explanation.attacker} ({used}) -> {explanation.target}, "
             f"{explanation.edition} ruleset {explanation.ruleset}")
    threshold = stats.get("THR") if kind == "warbeast" and extra.fury is not None else None
    unusable = barred_special_attacks(registry, attacker.edition, attacker, carried, own[0], own[1],
                                      rules.special_attacks_barred)
    gaps = rules_not_in_odds(registry, attacker.edition, attacker, target, weapons.names if asked else (),
                             request.effects, request.target_effects, frozenset(unusable))
    notes = attack_notes(explanation) + [f"{name} is not made: {why}" for name, why in unusable.values()]
    if refused is not None and extra.resource:
        notes.append(f"{extra.unit} only boosts: {refused}")
    notes += _rolled_rof_notes(rules, carried, weapons.names)
    allowed = {"allowed": sequence.additional,
               "why": refused or bought_attacks_by(explanation) or rules.bought_attacks.source}
    return Setting(sequence, title, extra.unit, threshold, board, costs=costs, paid=paid, notes=notes,
                   kind_json=attack_notes_json(explanation), not_in_odds=gaps, additional_attacks=allowed,
                   continuous=rules.continuous_effects, armour=_resting_armour(registry, request, attacker.edition),
                   base_dice=rules.dice.base_dice, grid=grid, power_options=options)


def _power_sequence(context: Context, kind: str, track: Track, start: State,
                    conditions: frozenset[str]) -> Sequence:
    """``--power-attack``: the power attack, then additional melee attacks bought with the
    model's melee weapons (seed 001 L915, seed 003 L1551, seed 000 L1852-1862), the same
    sequence ``--consider-power-attack`` plans; ``context`` is the power attack's own."""
    melee = [w.name for w in context.carried if w.type == "melee"]
    request = replace(context.request, power_attack=None, weapon=melee[0] if melee else "")
    weapons = (loadout(context.carried, melee[:1], None, context.rules.ranged_initial_attacks) if melee
               else Loadout(("",), (0,), (0,)))
    option = power_option(replace(context, request=request, source=replace(context.source, request=request),
                                  weapons=weapons), kind, track, start, conditions)
    if option.sequence is None:
        fail(f"--power-attack {kind}: {option.why_not}")
    return option.sequence


def _resting_armour(registry: Registry, request: AttackRequest, edition: str) -> int:
    """The target's ARM under its own rules and the effects put on it, outside any attack
    (what a continuous effect's damage roll meets in its Maintenance Phase)."""
    try:
        report = explain_stats(registry, request.target, edition, list(request.target_effects), [],
                               request.ruleset)
    except AttackError as exc:
        fail(str(exc))
    return report.profiles[0].stats["ARM"].current


def _rolled_rof_notes(rules: ResolvedRules, carried: list[Weapon], used: tuple[str, ...]) -> list[str]:
    """Where a weapon's ROF is rolled and the ruleset's seed does not say when: the assumption, told."""
    if not rules.rolled_rof.unconfirmed:
        return []
    return [f"{w.name}'s ROF {w.rof} is taken as rolled before its first attack, unconfirmed: "
            f"{rules.rolled_rof.source}" for w in carried if w.name in used and isinstance(w.rof, str)]


def _target_track(name: str, damage: Any, extra: Extra, board: BoardAttack | None,
                  edition: str) -> tuple[Track, GridChoice | None]:
    """The target's track; a colossal's strikes the grid --grid or the board gives (both grids
    when the attacker chooses: the first here, the other tried in :func:`_report`)."""
    track = track_for(damage)
    if not isinstance(track, ColossalTrack):
        if extra.grid is not None:
            raise click.BadParameter(f"{name} has one damage track ({track.kind}); --grid picks one of a "
                                     "colossal's two grids", param_hint="--grid")
        return track, None
    fire = board.field_of_fire if board is not None else None
    attacker, target = board.pieces if board is not None else ("", "")
    grid = grid_choice(edition, extra.grid, fire, attacker, target, board is not None)
    return track.struck(grid.sides[0] if grid.sides else None), grid


def _attacker_crippled(name: str, track: Track, extra: Extra) -> tuple[Track, frozenset[str]]:
    """The attacker's track and its crippled systems from --attacker-crippled (letters or names),
    refusing what such a model cannot do: spend focus with a crippled Cortex (seed 001 L1478,
    seed 000 L3662), charge with crippled Movement (seed 001 L1479), be forced with a crippled
    Spirit (seed 003 L2225)."""
    systems = {s: track.system_name(s) for s in track.systems()}
    by_name = {**{s.lower(): s for s in systems}, **{n.lower(): s for s, n in systems.items()}}
    crippled = set()
    for asked in extra.attacker_crippled:
        found = by_name.get(asked.strip().lower())
        if found is None:
            listed = ", ".join(f"{s} ({n})" for s, n in sorted(systems.items())) or "none"
            fail(f"--attacker-crippled: {name} has no system or aspect {asked!r}; it has: {listed}")
        crippled.add(found)
    if track.kind in ("grid", "colossal"):
        if "C" in crippled and extra.focus:
            fail(f"--focus {extra.focus}: {name}'s Cortex is crippled; it cannot spend focus")
        if "M" in crippled and extra.charge:
            fail(f"--charge: {name}'s Movement is crippled; it cannot charge")
    if track.kind == "spiral" and "S" in crippled and extra.fury:
        fail(f"--fury {extra.fury}: {name}'s Spirit is crippled; it cannot be forced")
    return track, frozenset(crippled)


def _from_numbers(registry: Registry, mat: int | None, rat: int | None, defence: int | None, power: int | None,
                  armour: int | None, boxes: int | None, edition: str | None, ruleset: str | None, states: list[str],
                  extra: Extra) -> Setting:
    if (mat is None) == (rat is None):
        fail("give one of --mat (a melee attack) or --rat (a ranged attack)" if mat is None
             else "--mat and --rat do not go together: an attack is melee or ranged")
    missing = [name for name, value in (("--def", defence), ("--pow", power), ("--arm", armour)) if value is None]
    if missing:
        fail(f"{', '.join(missing)} missing: raw numbers need --def, --pow and --arm "
             "(or give --attacker, --weapon and --target)")
    assert defence is not None and power is not None and armour is not None
    if extra.charge and rat is not None:
        fail("--charge goes with --mat: a charge attack is a melee attack")
    chosen = edition or RAW_EDITION
    try:
        rules = rules_for(registry, chosen, ruleset, states)
    except AttackError as exc:
        fail(str(exc))
    skill = mat if mat is not None else rat
    assert skill is not None
    raw = RawAttack(skill, mat is not None, defence, power, armour, extra.attack_dice, extra.damage_dice)
    track = BoxTrack(boxes or 1)
    sequence = Sequence(track, _start(track, extra.marked), extra.attacks or 1, extra.resource,
                        RawAttacks(raw, rules, states, extra.boosts), extra.charge, extra.conditions)
    kind = "MAT" if mat is not None else "RAT"
    title = (f"{kind} {skill} vs DEF {defence}, POW {power} vs ARM {armour}, {counted(boxes or 1, 'box', 'boxes')}; "
             f"ruleset {rules.ruleset}")
    return Setting(sequence, title, extra.unit, None, continuous=rules.continuous_effects, armour=armour,
                   base_dice=rules.dice.base_dice)


def _report(setting: Setting, policy_name: str, simulate: int | None, seed: int, as_json: bool) -> None:
    sequence, lattice, optimal, chosen, result = _solve(setting.sequence, policy_name)
    if setting.grid is not None and len(setting.grid.sides) == 2:
        track = sequence.track
        assert isinstance(track, ColossalTrack)
        other = _solve(replace(sequence, track=track.struck(1)), policy_name)
        setting.grid_kills = {"left": result.p_destroyed, "right": other[4].p_destroyed}
        if other[4].p_destroyed > result.p_destroyed + 1e-12:
            sequence, lattice, optimal, chosen, result = other
        setting.sequence = sequence
    others = {name: resolve(sequence, _fixed(name, sequence), lattice).p_destroyed for name in POLICIES
              if name != chosen.name and sequence.resource}
    if optimal is not None:
        others = {"optimal": result.p_destroyed, **others}
    for option in setting.power_options:
        if option.sequence is not None:
            option.p_destroyed = _solve(option.sequence, policy_name)[4].p_destroyed
    plan = build_plan(optimal, lattice) if optimal is not None else []
    if optimal is not None and sequence.choose_order:
        setting.first_choices = _first_choices(sequence, optimal, lattice)
    upkeep = (Upkeep(setting.continuous, setting.armour, setting.base_dice)
              if _maintenance(setting, result) is not None else None)
    runs = Player(sequence, chosen, lattice, upkeep=upkeep).play(simulate, seed, log_first=True) if simulate else []
    if as_json:
        click.echo(json.dumps(_as_json(setting, result, others, plan, runs), indent=2))
    else:
        click.echo(terminal_safe(_as_text(setting, result, others, plan, runs)))


def _solve(sequence: Sequence, policy_name: str) -> tuple[Sequence, Lattice, Optimal | None, Policy, SequenceResult]:
    """The sequence under the policy asked for (the optimal one only where there is something to decide)."""
    lattice = lattice_for(sequence.track, start=sequence.start)
    deciding = sequence.resource or sequence.choose_order or sequence.free_choices()
    optimal = Optimal(sequence) if deciding and policy_name == "optimal" else None
    chosen: Policy = optimal or _fixed(policy_name, sequence)
    return sequence, lattice, optimal, chosen, resolve(sequence, chosen, lattice)


def _first_choices(sequence: Sequence, optimal: Optimal, lattice: Lattice) -> dict[str, float]:
    """The kill chance with each weapon making the first attack, the policy's choice first."""
    found = optimal.initial_choice(lattice, sequence.first_phase())
    if found is None:
        return {}
    index = lattice.index(sequence.start, sequence.track)
    picked, values = int(found[0][index]), found[1]
    order = [picked, *(w for w in values if w != picked)]
    return {sequence.weapon_name(w): float(values[w][index]) for w in order}


def _fixed(name: str, sequence: Sequence) -> Policy:
    """A fixed policy; buy-attacks buys with the first weapon additional attacks may use."""
    if name == "buy-attacks":
        return BuyAttacks(sequence.extra_weapons[0] if sequence.extra_weapons else 0)
    return POLICIES.get(name, POLICIES["none"])()


def _frenzy(setting: Setting, result: SequenceResult) -> float | None:
    """A warbeast forced with fury: the chance of a frenzy at its next threshold check."""
    paid = sum(cost.points for cost in setting.costs) if setting.paid else 0
    return None if setting.threshold is None else frenzy_risk(result.spent, setting.threshold, paid)


def _simulated(setting: Setting, runs: list[Any]) -> dict[str, Any]:
    track = setting.sequence.track
    destroyed = sum(1 for run in runs if track.marked(run.state) >= track.capacity)
    before = track.marked(setting.sequence.start)
    damage = sum(track.marked(run.state) - before for run in runs)
    crippled = Counter(name for run in runs for name in crippled_names(track, run.state))
    return {"runs": len(runs), "p_destroyed": destroyed / len(runs), "mean_damage": damage / len(runs),
            "p_crippled": {name: crippled[name] / len(runs) for name in sorted(crippled)},
            "p_destroyed_after_maintenance": (sum(1 for run in runs if run.after_maintenance) / len(runs)
                                              if runs[0].after_maintenance is not None else None),
            "first_run": runs[0].events}


def _as_json(setting: Setting, result: SequenceResult, others: dict[str, float], plan: list[PlanStep],
             runs: list[Any]) -> dict[str, Any]:
    sequence = setting.sequence
    system_name = sequence.track.system_name
    maintenance = _maintenance(setting, result)
    return {
        "title": setting.title, "attacks": sequence.attacks, "resource": sequence.resource, "unit": setting.unit,
        "weapons": [name for name in sequence.weapons if name],
        "initial_attacks": [sequence.weapon_name(index) or None for index in
                            (sequence.initial or (0,) * sequence.attacks)],
        "initial_order": ({"chosen_by_policy": True, "kill_if_first": setting.first_choices}
                          if setting.first_choices else {"chosen_by_policy": False}),
        "charge": sequence.charge, "policy": result.policy, "first_attack": result.first_attack,
        "first_damage": result.first_damage, "p_hit": result.p_hit, "p_crit": result.p_crit,
        "expected_damage": result.expected_damage,
        "damage_distribution": {str(points): p for points, p in result.damage.items()},
        "p_destroyed": result.p_destroyed,
        "p_crippled": None if result.crippled is None else {system_name(s): p for s, p in result.crippled.items()},
        "spent_distribution": {str(used): p for used, p in result.spent.items()},
        "p_target_states": result.conditions,
        "after_maintenance": None if maintenance is None else maintenance.as_json(),
        "power_attack_options": _options_json(setting, result),
        "costs": [cost.as_json() for cost in setting.costs], "costs_paid_from_resource": setting.paid,
        "attack_effects": setting.kind_json, "additional_attacks": setting.additional_attacks,
        "not_in_odds": [gap.as_json() for gap in setting.not_in_odds],
        "p_frenzy": _frenzy(setting, result), "policies": others, "plan": [step.as_json() for step in plan],
        "track": {"kind": sequence.track.kind, "boxes": sequence.track.capacity,
                  "already_marked": sequence.track.marked(sequence.start)},
        "simulation": _simulated(setting, runs) if runs else None,
        **({"board": setting.board.as_json()} if setting.board is not None else {}),
        **({"grid": _grid_json(setting)} if setting.grid is not None else {}),
    }


def _maintenance(setting: Setting, result: SequenceResult) -> MaintenanceOdds | None:
    """The kill chance once the target's next Maintenance Phase has resolved its continuous effects."""
    return after_maintenance(result.p_destroyed, result.lingering, setting.continuous, setting.armour,
                             setting.base_dice)


def _grid_json(setting: Setting) -> dict[str, Any]:
    """A colossal target: the grid struck and why; when the attacker chooses, what is compared."""
    assert setting.grid is not None
    track = setting.sequence.track
    assert isinstance(track, ColossalTrack)
    found: dict[str, Any] = {**setting.grid.as_json(), "struck": "rolled" if track.side is None else SIDES[track.side]}
    if setting.grid_kills:
        found["p_destroyed_by_grid"] = setting.grid_kills
        found["chosen_per_attack"] = False
        found["not_optimised"] = _unchosen(setting)
    return found


def _unchosen(setting: Setting) -> str | None:
    """What comparing 'always left' with 'always right' leaves out when the attacker chooses."""
    relevant = sorted(setting.sequence.relevant)
    if not relevant:
        return None
    names = ", ".join(setting.sequence.track.system_name(s) for s in relevant)
    return (f"a grid chosen attack by attack, after seeing each damage roll: it could change the kill chance "
            f"only through crippling ({names}), which changes later attacks")


def _grid_line(setting: Setting) -> str:
    grid = setting.grid
    assert grid is not None
    track = setting.sequence.track
    assert isinstance(track, ColossalTrack)
    if not setting.grid_kills:
        struck = "rolled" if track.side is None else f"{SIDES[track.side]} grid"
        return f"grid:         {struck}: {grid.reason} ({grid.source})"
    used = SIDES[track.side or 0]
    compared = ", ".join(f"{side} every attack {p:.1%}" for side, p in setting.grid_kills.items())
    missing = _unchosen(setting)
    tail = (f"; not searched: {missing}" if missing
            else "; where the damage goes changes no later attack, so any choice kills as often")
    return (f"grid:         attacker chooses: {grid.reason} ({grid.source}); {compared}: the odds strike the "
            f"{used} grid{tail}")


def _options_json(setting: Setting, result: SequenceResult) -> dict[str, Any] | None:
    """With --consider-power-attack: each plan's kill chance and the better one."""
    if not setting.power_options:
        return None
    return {"weapon_attacks": result.p_destroyed, "options": [o.as_json() for o in setting.power_options],
            "better_plan": better_plan(result.p_destroyed, setting.power_options)}


def _options_lines(setting: Setting, result: SequenceResult) -> list[str]:
    if not setting.power_options:
        return []
    better = better_plan(result.p_destroyed, setting.power_options)
    return [f"weapon attacks or a power attack ({result.policy} policy, {setting.unit} before costs):",
            f"  {result.p_destroyed:6.1%}  weapon attacks (this plan)",
            *(f"  {option.describe(setting.unit)}" for option in setting.power_options),
            f"  better plan: {better}"]


def _cost_lines(setting: Setting) -> list[str]:
    if not setting.costs:
        return []
    paid = "paid first" if setting.paid else f"costs (not counted: no --{setting.unit} given)"
    return [f"{paid}: " + ", ".join(cost.describe(setting.unit) for cost in setting.costs)]


def _as_text(setting: Setting, result: SequenceResult, others: dict[str, float], plan: list[PlanStep],
             runs: list[Any]) -> str:
    sequence = setting.sequence
    lines = [*(setting.board.lines() if setting.board is not None else []), setting.title,
             f"{counted(sequence.attacks, 'attack')}{', first one a charge' if sequence.charge else ''}"
             f"{f', {sequence.resource} {setting.unit} for the attacks' if sequence.resource else ''}"
             f"{', target knocked down' if 'knocked_down' in sequence.conditions else ''}; "
             f"target: {sequence.track.capacity - sequence.track.marked(sequence.start)} of "
             f"{counted(sequence.track.capacity, 'box', 'boxes')} left ({sequence.track.kind})",
             *_cost_lines(setting),
             *([_grid_line(setting)] if setting.grid is not None else []),
             f"first attack: {result.first_attack}: hit {result.p_hit:.1%}, critical {result.p_crit:.1%}",
             f"damage roll:  {result.first_damage}",
             f"destroyed:    {result.p_destroyed:.1%} ({result.policy} policy)",
             f"damage dealt: {result.expected_damage:.2f} expected"]
    shown = [f"{points}: {p:.1%}" for points, p in result.damage.items() if p >= 0.0005]
    lines.append("  " + ", ".join(shown))
    if result.crippled:
        crippled = [f"{sequence.track.system_name(s)} {p:.1%}" for s, p in result.crippled.items()]
        lines.append("crippled:     " + ", ".join(crippled))
    if result.conditions:
        states = [f"{name.replace('_', ' ')} {p:.1%}" for name, p in result.conditions.items()]
        lines.append("target ends:  " + ", ".join(states) + " (destroyed or not)")
    maintenance = _maintenance(setting, result)
    if maintenance is not None:
        lines.append(f"destroyed by the end of its next Maintenance Phase: {maintenance.describe()}")
    if setting.first_choices:
        (best, kill), *rest = setting.first_choices.items()
        others_first = "; ".join(f"{name} first {p:.1%}" for name, p in rest)
        lines.append(f"order:        {best} first ({'charge, ' if sequence.charge else ''}kill chance {kill:.1%}; "
                     f"{others_first}); the plan picks each initial attack's weapon")
    lines += [f"also:         {note}" for note in setting.notes]
    if setting.not_in_odds:
        lines.append("not in the odds (weigh by hand): " + ", ".join(gap.describe() for gap in setting.not_in_odds))
    frenzy = _frenzy(setting, result)
    if frenzy is not None:
        lines.append(f"frenzy risk:  {frenzy:.1%} at the next threshold check (THR {setting.threshold})")
    if others:
        lines.append(f"kill chance by policy ({sequence.resource} {setting.unit}):")
        lines += [f"  {name:<13}{p:6.1%}" for name, p in others.items()]
    lines += _options_lines(setting, result)
    if plan:
        lines.append("plan:")
        lines += [f"  {line}" for line in table_lines(plan, setting.unit)]
    if runs:
        summary = _simulated(setting, runs)
        maintained = summary["p_destroyed_after_maintenance"]
        lines.append(f"play-out: {counted(summary['runs'], 'run')}, destroyed in {summary['p_destroyed']:.1%}"
                     + (f" ({maintained:.1%} by the end of the next Maintenance Phase)" if maintained is not None
                        else "")
                     + f", mean damage {summary['mean_damage']:.2f}; the first one:")
        if sequence.track.kind == "colossal" and summary["p_crippled"] and result.crippled is None:
            lines.insert(-1, "play-out crippled (per grid, estimated): "
                         + ", ".join(f"{name} {p:.1%}" for name, p in summary["p_crippled"].items()))
        lines += [f"  {event}" for event in summary["first_run"]]
    return "\n".join(lines)
