"""``wmdata attack``: exact odds of a sequence of attacks, the best use of focus or fury,
and a seeded play-out, from real cards or from raw numbers."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import click

from wmdata.cli.attack_options import Context, PowerOption, power_option, power_options, special_option
from wmdata.cli.attack_report import Setting, report
from wmdata.cli.attack_special import special_alone, special_choice, weapon_plan_chain
from wmdata.cli.board import apply_board
from wmdata.cli.engine import POWER_ATTACKS, attack_failed, attack_kind_flags, blast_origin, rules_in_play_options
from wmdata.cli.numbers import FiniteRange
from wmdata.cli.options import content_option, content_registry, edition_option, fail
from wmdata.content.registry import Registry, RegistryItem
from wmdata.engine.attack import AttackError, AttackExplanation, AttackRequest, explain_attack, find_model, rules_for
from wmdata.engine.attack_notes import attack_notes, attack_notes_json
from wmdata.engine.attack_source import (
    ContentAttacks,
    RawAttacks,
    attacker_crippling,
    damage_marks,
    relevant_systems,
    target_states,
)
from wmdata.engine.board_attack import BlastOrigin, BoardAttack
from wmdata.engine.buying import bought_attacks_by, bought_attacks_refused
from wmdata.engine.collateral import Contacted, contacted_models
from wmdata.engine.colossal_grid import GRID_OPTIONS, GridChoice, grid_choice
from wmdata.engine.costs import action_costs
from wmdata.engine.damage_track import (
    BoxTrack,
    ColossalTrack,
    ColumnTrack,
    FailingGrid,
    State,
    Track,
    TrackError,
    track_for,
)
from wmdata.engine.lattice import MAX_STATES, follows_every_box
from wmdata.engine.loadout import Loadout, LoadoutError, RolledRofError, TooManyAttacksError, loadout
from wmdata.engine.power_needs import power_attack_refused
from wmdata.engine.raw import RawAttack
from wmdata.engine.reach import sequence_reach, slam_run_of
from wmdata.engine.ruleset import ResolvedRules, resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence
from wmdata.engine.slam_run import SlamRun, SlamRunError
from wmdata.engine.sources import profile_of, rule_ids, stat_numbers
from wmdata.engine.special_attacks import (
    SpecialAttackError,
    SpecialChoice,
    find_special_attack,
)
from wmdata.engine.stats import explain_stats
from wmdata.engine.system_failure import failing_states
from wmdata.engine.throw_heading import HeadingChoice, choose_heading, open_table_heading
from wmdata.engine.unmodelled import barred_special_attacks, rules_not_in_odds
from wmdata.model.effects import STATE_NAMES
from wmdata.model.weapons import Weapon
from wmdata.wording import counted

count = click.IntRange(min=0)
RAW_EDITION = "mk4"
"""The ruleset raw numbers are rolled under when no --edition is given."""


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
@click.option("--attacker-marked", "attacker_marked", type=click.IntRange(min=0), default=None,
              help="Damage points marked on the attacker, for its rules that depend on them (e.g. Might of Kings).")
@click.option("--grid", type=click.Choice(GRID_OPTIONS), default=None,
              help="A colossal target (two grids): the grid its damage goes to, from the attacker's field of "
                   "fire (left, right), or 'choose' when the attacker is completely in its back arc or directly "
                   "in front (each attack's grid picked after its damage roll); required for a two-grid "
                   "target unless --board decides it from the positions.")
@click.option("--power-attack", type=click.Choice(POWER_ATTACKS), default=None,
              help="Make this power attack of the ruleset instead of a weapon attack (no --weapon).")
@click.option("--consider-power-attack", "considered", multiple=True, type=click.Choice(POWER_ATTACKS),
              help="Also plan this power attack instead of the initial attacks, then bought melee attacks, and "
                   "say which plan kills more often (repeatable).")
@click.option("--special-attack", "special", default=None, metavar="RULE",
              help="Make this special attack of the attacker's weapon rules (id or name, e.g. combo-strike) instead "
                   "of the initial attacks, then bought attacks of its type (no --weapon).")
@click.option("--consider-special-attack", "considered_special", multiple=True, metavar="RULE",
              help="Also plan this special attack instead of the initial attacks, then bought attacks, and say "
                   "which plan kills more often (repeatable).")
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
                   attacker_crippled: tuple[str, ...], attacker_marked: int | None, grid: str | None,
                   power_attack: str | None, considered: tuple[str, ...], special: str | None,
                   considered_special: tuple[str, ...], blast: bool, blast_from: str | None,
                   point_of_impact: tuple[float, float] | None, impact: bool,
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
                                            ("--power-attack", power_attack), ("--special-attack", special))
                   if value is not None]
    if board_file is not None and not model_given:
        fail("--board needs --attacker, --weapon and --target (ids on the board)")
    if raw_given and model_given:
        fail(f"{model_given[0]} and {raw_given[0]} do not go together: give either a model attack "
             "(--attacker, --weapon, --target) or raw numbers (--mat/--rat, --def, --pow, --arm)")
    model_only = [name for name, given in (("--target-state", target_states), ("--distance", distance is not None),
                                           ("--attacker-crippled", attacker_crippled),
                                           ("--attacker-marked", attacker_marked is not None),
                                           ("--effect", effects), ("--target-effect", target_effects),
                                           ("--blast", blast), ("--impact", impact),
                                           ("--consider-power-attack", considered),
                                           ("--consider-special-attack", considered_special)) if given]
    if raw_given and model_only:
        fail(f"{model_only[0]} goes with a model attack (--attacker, --weapon, --target), not with raw numbers")
    origin = blast_origin(blast, board_file, blast_from, point_of_impact)
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
    if special is not None:
        special_alone(special, power_attack, weapon, considered, considered_special, attacks)
    if focus is not None and fury is not None:
        fail("--focus and --fury do not go together: a warjack or warcaster spends focus, a warbeast or warlock fury")
    wanted = edition if model_given else edition or RAW_EDITION
    registry = content_registry(content_paths, [wanted])
    boosts = ["attack"] * boost_attack + ["damage"] * boost_damage
    extra = Extra(boosts, charge, knocked_down, additional_attack_dice, additional_damage_dice, attacks, focus, fury,
                  marked, list(attacker_crippled), in_order, grid, considered, special, considered_special)
    if model_given:
        needed = ("--attacker", "--target") if power_attack or special else ("--attacker", "--weapon", "--target")
        missing = [n for n in needed if n not in model_given]
        if missing:
            fail(f"{', '.join(missing)} missing: an attack from the cards needs --attacker, --weapon (or "
                 "--power-attack, --special-attack) and --target")
        assert attacker is not None and target is not None
        request = AttackRequest(attacker, weapon or "", target, edition, ruleset, list(effects),
                                list(target_effects), list(states), boosts, distance, list(target_states),
                                power_attack, blast, impact, attacker_marked)
        board = _apply_board(request, board_file, registry, extra, origin) if board_file is not None else None
        setting = _from_content(registry, request, extra, list(weapons), board)
    else:
        setting = _from_numbers(registry, mat, rat, defence, power, armour, boxes, edition, ruleset, list(states),
                                extra)
    report(setting, policy_name, simulate, seed, as_json)


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
    special: str | None = None
    """The special attack asked for (a rule id or name), made instead of the initial attacks."""
    considered_special: tuple[str, ...] = ()
    """Special attacks to plan instead of the initial attacks, for comparison."""

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


def _apply_board(request: AttackRequest, board_file: Path, registry: Registry, extra: Extra,
                 blast: BlastOrigin | None) -> BoardAttack:
    """The board's states and distance go into the request; a knocked-down target is the
    sequence's knocked-down circumstance, as with --knocked-down."""
    try:
        geometry = apply_board(request, board_file, registry, blast)
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
    run = _slam_run(registry, request, board)
    try:
        attacker = find_model(registry, request.attacker, request.edition, "attacker")
        choice = special_choice(registry, attacker, extra.special)
        if choice is not None:
            request.weapon, request.special_attack = choice.weapon, choice.rule
        explanation = explain_attack(registry, request)
        target = find_model(registry, request.target, attacker.edition, "target")
        rules = rules_for(registry, attacker.edition, request.ruleset, request.states)
    except AttackError as exc:
        attack_failed(exc)
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
    carried = list(getattr(profile_of(attacker.entry, request.weapon), "weapons", []))
    unusable = barred_special_attacks(registry, attacker.edition, attacker, carried, own[0], own[1],
                                      rules.special_attacks_barred)
    if choice is not None and choice.rule in unusable:
        fail(f"--special-attack {extra.special}: {attacker.name} cannot make {choice.name}: "
             f"{unusable[choice.rule][1]}")
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
    track, unfollowed = _failing(track, source, weapons.names)
    followed = follows_every_box(track)  # a colossal's states are counted by marked boxes only
    relevant = relevant_systems(source, weapons.names) if followed else frozenset()
    marks = damage_marks(source, track.capacity, weapons.names) if request.power_attack is None and not choice else ()
    reach = sequence_reach(registry, attacker.edition, rules.ruleset, attacker, target, request.weapon, carried,
                           request.distance, board)
    context = Context(registry, request, rules, source, weapons, carried, own, kind, extra.resource, paid, followed,
                      reach)
    told: list[str] = []
    heading: HeadingChoice | None = None
    if request.power_attack is not None:
        sequence, heading = _power_sequence(replace(context, slam=run), request.power_attack, track,
                                            _start(track, extra.marked), extra.conditions)
    elif choice is not None:
        sequence = _special_sequence(context, choice, track, _start(track, extra.marked), extra)
    else:
        model_rules = rule_ids(attacker.entry, profile_of(attacker.entry, request.weapon))
        chained = weapon_plan_chain(registry, attacker.edition, carried, model_rules, weapons, source, own, unusable)
        told = chained.told
        relevant = relevant_systems(source, chained.weapons) if followed and chained.chain is not None else relevant
        sequence = Sequence(track, _start(track, extra.marked), len(weapons.initial),
                            extra.resource - upfront * paid, source, extra.charge, extra.conditions, relevant,
                            additional=refused is None, weapons=chained.weapons, initial=weapons.initial,
                            extra_weapons=weapons.extra, rooms=weapons.rooms,
                            choose_order=not extra.in_order and len(set(weapons.initial)) > 1,
                            damage_marks=marks, chain=chained.chain, moves_on_hit=chained.moves)
        if sequence.moves_anything():
            sequence.reach = reach
    if request.power_attack is None:  # a power attack's heading is picked with its sequence
        heading = choose_heading(sequence)
    options = power_options(context, extra.considered, sequence) if extra.considered else []
    options += _special_options(context, sequence, extra, attacker, unusable)
    used = f"{choice.name} with {choice.weapon}" if choice is not None else weapons.describe() or explanation.weapon
    title = (f"{explanation.attacker} ({used}) -> {explanation.target}, "
             f"{explanation.edition} ruleset {explanation.ruleset}")
    threshold = stats.get("THR") if kind == "warbeast" and extra.fury is not None else None
    gaps = rules_not_in_odds(registry, attacker.edition, attacker, target, weapons.names if asked else (),
                             request.effects, request.target_effects, frozenset(unusable), explanation.situation)
    notes = attack_notes(explanation) + [f"{name} is not made: {why}" for name, why in unusable.values()]
    notes += told
    if run is not None and board is None:  # on a board the run is told with the board's lines
        notes.append(run.told)
    notes += [unfollowed] if unfollowed else []
    unpicked = open_table_heading(sequence)
    notes += [unpicked] if unpicked else []
    if refused is not None and extra.resource:
        notes.append(f"{extra.unit} only boosts: {refused}")
    notes += _rolled_rof_notes(rules, carried, weapons.names)
    allowed = {"allowed": sequence.additional,
               "why": refused or bought_attacks_by(explanation) or rules.bought_attacks.source}
    return Setting(sequence, title, extra.unit, threshold, board, costs=costs, paid=paid, notes=notes,
                   contacted=_contacted(registry, request, explanation, sequence, board),
                   kind_json=attack_notes_json(explanation) | {"slam_run": run.as_json() if run else None},
                   not_in_odds=gaps, additional_attacks=allowed,
                   continuous=rules.continuous_effects, armour=_resting_armour(registry, request, attacker.edition),
                   base_dice=rules.dice.base_dice, grid=grid, power_options=options, heading=heading)


def _slam_run(registry: Registry, request: AttackRequest, board: BoardAttack | None) -> SlamRun | None:
    """A slam power attack's slam move (None for any other attack): the board's, made when the
    board was read, or on an open table the gap ``--distance`` gives, which the slammer closes
    (the attack is then made from where it ends); a run under 3 inches puts the ruleset's
    ``short_slam`` state on the slam."""
    if request.power_attack != "slam":
        return None
    if board is not None:
        return board.slam
    try:
        attacker = find_model(registry, request.attacker, request.edition, "attacker")
        run = slam_run_of(registry, attacker.edition, request.ruleset, attacker, request.distance, None)
    except AttackError as exc:
        attack_failed(exc)
    except SlamRunError as exc:
        slam = resolve_ruleset(registry, attacker.edition, request.ruleset).attack_kinds.get("slam")
        fail(f"--distance: {exc} ({slam.source if slam else 'the slam rules'})")
    request.states = [*request.states, *run.state()]
    if request.distance is not None:
        request.distance = run.gap
    return run


def _power_sequence(context: Context, kind: str, track: Track, start: State,
                    conditions: frozenset[str]) -> tuple[Sequence, HeadingChoice | None]:
    """``--power-attack``: the power attack, then additional melee attacks bought with the
    model's melee weapons (seed 001 L915, seed 003 L1551, seed 000 L1852-1862), the same
    sequence ``--consider-power-attack`` plans, a throw's heading picked the same way;
    ``context`` is the power attack's own."""
    melee = [w.name for w in context.carried if w.type == "melee"]
    request = replace(context.request, power_attack=None, weapon=melee[0] if melee else "")
    weapons = (loadout(context.carried, melee[:1], None, context.rules.ranged_initial_attacks) if melee
               else Loadout(("",), (0,), (0,)))
    option = power_option(replace(context, request=request, source=replace(context.source, request=request),
                                  weapons=weapons), kind, track, start, conditions)
    if option.sequence is None:
        fail(f"--power-attack {kind}: {option.why_not}")
    return option.sequence, option.heading


def _special_sequence(context: Context, choice: SpecialChoice, track: Track, start: State, extra: Extra) -> Sequence:
    """``--special-attack``: the special attack, then attacks of its type bought with the model's
    weapons of that type, the same sequence ``--consider-special-attack`` plans."""
    request = replace(context.request, special_attack=None, weapon=choice.weapon)
    weapons = loadout(context.carried, [choice.weapon], None, context.rules.ranged_initial_attacks)
    option = special_option(replace(context, request=request, source=replace(context.source, request=request),
                                    weapons=weapons), choice, track, start, extra.conditions, extra.charge)
    if option.sequence is None:
        fail(f"--special-attack {extra.special}: {option.why_not}")
    return option.sequence


def _special_options(context: Context, plan: Sequence, extra: Extra, attacker: RegistryItem,
                     barred: dict[str, tuple[str, str]]) -> list[PowerOption]:
    """``--consider-special-attack``: each special attack asked for as its own plan; one the
    attacker's crippled systems bar is told as such, one it does not have is refused."""
    options = []
    for asked in extra.considered_special:
        try:
            choice = find_special_attack(context.registry, attacker.edition, attacker.name, context.carried, asked)
        except SpecialAttackError as exc:
            fail(f"--consider-special-attack: {exc}")
        if choice.rule in barred:
            options.append(PowerOption(choice.rule, choice.name, why_not=barred[choice.rule][1], special=True))
            continue
        options.append(special_option(context, choice, plan.track, plan.start, plan.conditions, extra.charge))
    return options


def _contacted(registry: Registry, request: AttackRequest, explanation: AttackExplanation, sequence: Sequence,
               board: BoardAttack | None) -> dict[str, Contacted]:
    """On a board, what collateral damage meets in each model the moved target may contact: that
    of the power attack, or where a hit may become a slam or throw, that power attack's (empty:
    no board, or nothing the sequence does moves the target into others)."""
    if board is None or sequence.reach is None:
        return {}
    if explanation.collateral is not None and explanation.attack_kind is not None:
        return contacted_models(registry, request, board, explanation.attack_kind)
    setups = [sequence.setup(Circumstance(weapon=w), False, False) for w in sequence.weapons]
    kinds = sorted(setup.smite for setup in setups if setup.smite is not None and setup.smite_moves)
    return contacted_models(registry, request, board, kinds[0]) if kinds else {}


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
    if extra.grid is None and board is None:
        raise click.BadParameter(f"{name} has two damage grids, and an attack damages the one on the side of the "
                                 "colossal's field of fire it comes from (seed 003 L3604-3606): give --grid left, "
                                 "right or choose (the attacker completely in the back arc or partly directly in "
                                 "front), or --board", param_hint="--grid")
    fire = board.field_of_fire if board is not None else None
    attacker, target = board.pieces if board is not None else ("", "")
    grid = grid_choice(edition, extra.grid, fire, attacker, target, board is not None)
    return track.struck(grid.sides[0] if len(grid.sides) == 1 else None), grid


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



def _failing(track: Track, source: ContentAttacks, weapons: tuple[str, ...]) -> tuple[Track, str]:
    """The target's grid as one whose systems a critical hit can fail, where a weapon of the
    sequence has such a rule (Critical System Failure) and the states stay few enough to number;
    else the grid as it is, and (past the budget) why the rule is not in the odds."""
    rules = {source(Circumstance(weapon=weapon), False, False).fails_systems for weapon in weapons} - {""}
    if not rules or not isinstance(track, ColumnTrack) or track.kind != "grid":
        return track, ""
    failing = FailingGrid(track.columns, track.names)
    states = failing_states(failing)
    if states > MAX_STATES:
        return track, (f"{', '.join(sorted(rules))}: not in the odds on this grid ({states} states with its systems "
                       f"failed, more than {MAX_STATES})")
    return failing, ""
