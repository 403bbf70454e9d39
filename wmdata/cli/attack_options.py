"""``wmdata attack --consider-power-attack KIND``: the weapon plan against plans that open
with a power attack.

A model's combat action is either its initial attacks or one power attack (seed 001
L903-909; seed 003 L1531-1535; seed 000 L1813-1822), and after a power attack it may still buy additional melee
attacks (seed 001 L915; seed 003 L1551; seed 000 L1852-1862, L2337-2338). So each power
attack asked for becomes its own sequence: the power attack first (its cost paid from the
resource, never with a charge, seed 001 L1015, seed 000 L2328-2329), then additional melee
attacks bought with the weapons of the sequence, the knockdown of a head-butt or slam
feeding them. A rule that reads the damage marked on the target (Might of Kings) is
followed attack by attack from the power attack on, as in the weapon plan. The optimal
policy solves each, and the command reports every kill chance and the better plan. Where
the power attack moves the target (a slam or throw) the sequence follows where it goes
(:mod:`wmdata.engine.moves`): a later attack is made only while the target is still in that
weapon's reach; on a board a MkII throw goes the way the thrower picks, chosen as for
``--power-attack throw`` (:func:`~wmdata.engine.throw_heading.choose_heading`), so both give the
throw plan the same kill chance.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from wmdata.cli.attack_grids import GridOdds
from wmdata.content.registry import Registry
from wmdata.engine.attack import AttackError, AttackExplanation, AttackRequest, explain_attack, find_model
from wmdata.engine.attack_source import ContentAttacks, damage_marks, relevant_systems
from wmdata.engine.buying import bought_attacks_refused
from wmdata.engine.costs import action_costs
from wmdata.engine.damage_track import State, Track
from wmdata.engine.kinds import moves_nothing
from wmdata.engine.loadout import Loadout
from wmdata.engine.moves import MOVING_KINDS, Reach
from wmdata.engine.power_needs import power_attack_refused
from wmdata.engine.reach import after_slam_run, slam_run_of
from wmdata.engine.ruleset import ResolvedRules
from wmdata.engine.sequence import Sequence
from wmdata.engine.slam_run import SlamRun, SlamRunError
from wmdata.engine.special_attacks import SpecialChoice
from wmdata.engine.throw_heading import HeadingChoice, choose_heading
from wmdata.model.weapons import Weapon


@dataclass(slots=True)
class PowerOption:
    """One power attack considered instead of the initial attacks."""

    kind: str
    name: str
    sequence: Sequence | None = None
    """The power attack then bought attacks (None when it cannot be made)."""
    paid: int = 0
    """Focus or fury its cost takes from the resource."""
    why_not: str | None = None
    moves_target: bool = False
    """A slam or throw: the later attacks are made only while the moved target is in reach."""
    slam: SlamRun | None = None
    """A slam's slam move (a run under 3 inches: a hit deals damage but moves nothing)."""
    p_destroyed: float | None = None
    grid_odds: GridOdds | None = None
    """A colossal whose grid is chosen attack by attack or rolled: how that was counted (the
    same way as the weapon plan)."""
    special: bool = False
    """A special attack of the attacker's rules (``kind`` is the rule's id), not a power attack."""
    heading: HeadingChoice | None = None
    """On a board, the heading a MkII thrower picks for the throw (None: directly away, or no throw)."""

    def as_json(self) -> dict[str, Any]:
        odds = self.grid_odds
        return {"special_attack" if self.special else "power_attack": self.kind, "name": self.name,
                "p_destroyed": self.p_destroyed,
                "paid": self.paid, "cannot": self.why_not,
                "assumes_later_attacks_reach": (self.moves_target and self.sequence.reach is None
                                                if self.sequence is not None else None),
                "slam_run": self.slam.as_json() if self.slam is not None else None,
                "throw_heading": self.heading.as_json() if self.heading is not None else None,
                **({"grid_per_attack": {"exact": odds.exact, "states": odds.states, "lower": odds.lower,
                                        "upper": odds.upper}} if odds is not None else {})}

    def describe(self, unit: str) -> str:
        if self.p_destroyed is None:
            return f"{self.name}: cannot ({self.why_not})"
        paid = f" ({self.paid} {unit} paid)" if self.paid else ""
        odds = self.grid_odds
        if odds is not None and not odds.exact and odds.lower is not None:
            paid += f" (bounds {odds.lower:.1%} to {odds.upper:.1%})" if odds.upper is not None else " (at least)"
        followed = self.sequence is not None and self.sequence.reach is not None
        reach = ("" if not self.moves_target else "; later attacks only while the moved target is in reach" if followed
                 else "; later attacks assumed to reach the moved target")
        if self.slam is not None:
            reach += ("; a run under 3\": a hit moves nothing" if self.slam.short else
                      "; run not known (--distance): taken as a full slam" if self.slam.run is None else "")
        if self.heading is not None:
            reach += f"; {self.heading.brief()}"
        return f"{self.p_destroyed:6.1%}  {self.name}, then bought melee attacks{paid}{reach}"


@dataclass(frozen=True, slots=True)
class Context:
    """What the weapon plan was built from, to build each power attack's plan alike."""

    registry: Registry
    request: AttackRequest
    rules: ResolvedRules
    source: ContentAttacks
    weapons: Loadout
    carried: list[Weapon]
    own: tuple[Track, frozenset[str]]
    model_type: str | None
    resource: int
    paid: bool
    followed: bool
    """Whether the target's crippled systems are followed box by box."""
    reach: Reach | None = None
    """The table and the weapons' reach, where a slam or throw takes the target."""
    slam: SlamRun | None = None
    """The slam move already made (``--power-attack slam``: ``reach`` and the request's states
    follow it); None: a slam considered here makes its own from ``reach``."""


def power_options(context: Context, kinds: tuple[str, ...], plan: Sequence) -> list[PowerOption]:
    """Each power attack of ``kinds`` as a sequence beside the weapon ``plan``, or why it cannot be made."""
    return [power_option(context, kind, plan.track, plan.start, plan.conditions) for kind in kinds]


def power_option(context: Context, kind: str, track: Track, start: State, conditions: frozenset[str]) -> PowerOption:
    """The power attack ``kind`` then bought melee attacks with the weapons of ``context``,
    as a sequence from ``start`` (``wmdata attack --power-attack`` makes the same one)."""
    rules = context.rules
    definition = rules.attack_kinds.get(kind)
    if definition is None or not definition.power_attack:
        return PowerOption(kind, kind, why_not=f"not a power attack of ruleset {rules.ruleset}")
    option = PowerOption(kind, definition.name)
    option.why_not = power_attack_refused(definition, context.carried, *context.own)
    if option.why_not is not None:
        return option
    try:
        context = _after_slam_move(context, kind)
        explained = explain_attack(context.registry, replace(context.request, weapon="", power_attack=kind))
    except (AttackError, SlamRunError) as exc:
        option.why_not = str(exc)
        return option
    moves = kind in MOVING_KINDS and not moves_nothing(definition, context.request.states)
    option.moves_target, option.slam = moves, context.slam
    option.paid = sum(cost.points for cost in action_costs(rules, context.model_type, False, True)) * context.paid
    if context.resource < option.paid:
        option.why_not = f"it costs {option.paid} and only {context.resource} is given"
        return option
    label = f"{definition.name} (power attack)"
    melee = {w.name for w in context.carried if w.type == "melee"}
    option.sequence = _then_bought(context, label, replace(context.source, power_weapons={label: kind}), explained,
                                   melee, (track, start, conditions), context.resource - option.paid, False,
                                   {0: kind} if moves else {})
    option.heading = choose_heading(option.sequence)
    return option


def special_option(context: Context, choice: SpecialChoice, track: Track, start: State, conditions: frozenset[str],
                   charge: bool) -> PowerOption:
    """The special attack ``choice`` instead of the initial attacks, then bought attacks of its
    type with the weapons of ``context`` (seed 001 L915, seed 003 L1551, seed 000 L1852-1862),
    as a sequence from ``start`` (``wmdata attack --special-attack`` makes the same one).  A
    special attack costs nothing and may follow a charge, as the charge attack (seed 001
    L843-845, seed 003 L1360, seed 000 L1355-1357)."""
    rules = context.rules
    option = PowerOption(choice.rule, choice.name, special=True)
    option.paid = sum(cost.points for cost in action_costs(rules, context.model_type, charge, False)) * context.paid
    try:
        explained = explain_attack(context.registry, replace(context.request, weapon=choice.weapon,
                                                             special_attack=choice.rule))
    except AttackError as exc:
        option.why_not = str(exc)
        return option
    same_type = {w.name for w in context.carried if ("melee" if w.type in ("melee", "mount") else "ranged")
                 == choice.attack_type}
    source = replace(context.source, special_weapons={choice.label: (choice.weapon, choice.rule)})
    option.sequence = _then_bought(context, choice.label, source, explained, same_type, (track, start, conditions),
                                   context.resource - option.paid, charge, {})
    return option


def _then_bought(context: Context, label: str, source: ContentAttacks, explained: AttackExplanation,
                 buyable: set[str], start: tuple[Track, State, frozenset[str]], resource: int, charge: bool,
                 moves_on_hit: dict[int, str]) -> Sequence:
    """One attack (``label``: a power or special attack) instead of the initial attacks, then
    additional attacks bought with the weapons of ``context`` named in ``buyable``, from
    ``start`` (the track, its state, the target's conditions)."""
    track, state, conditions = start
    names = tuple(named for named in (name or context.request.weapon for name in context.weapons.names) if named)
    extra = tuple(index + 1 for index in context.weapons.extra if index < len(names) and names[index] in buyable)
    every = (label, *names)
    sequence = Sequence(
        track, state, 1, resource, source, charge, conditions,
        relevant_systems(source, every) if context.followed else frozenset(),
        additional=bought_attacks_refused(context.rules, explained) is None and bool(extra), weapons=every,
        initial=(0,), extra_weapons=extra or (0,),
        rooms=(None, *context.weapons.rooms) if context.weapons.rooms else (),
        moves_on_hit=moves_on_hit, damage_marks=damage_marks(source, track.capacity, every))
    if sequence.moves_anything():
        sequence.reach = context.reach
    return sequence
def _after_slam_move(context: Context, kind: str) -> Context:
    """For a slam not yet moved (``context.slam`` None): its slam move from where the weapon plan
    stands (``reach``'s board, or ``--distance`` on an open table), the slam then made from where
    the move ends, with the ``short_slam`` state after a run under 3 inches."""
    if kind != "slam" or context.slam is not None:
        return context
    attacker = find_model(context.registry, context.request.attacker, context.request.edition, "attacker")
    run = slam_run_of(context.registry, attacker.edition, context.request.ruleset, attacker,
                      context.request.distance, context.reach)
    request = replace(context.request, states=[*context.request.states, *run.state()],
                      distance=context.request.distance if context.request.distance is None else run.gap)
    reach = after_slam_run(context.reach, run) if context.reach is not None else None
    return replace(context, request=request, source=replace(context.source, request=request), reach=reach, slam=run)


def better_plan(weapons_kill: float, options: list[PowerOption]) -> str:
    """The name of the plan with the best kill chance (the weapon attacks on a tie)."""
    best, name = weapons_kill, "weapon attacks"
    for option in options:
        if option.p_destroyed is not None and option.p_destroyed > best + 1e-12:
            best, name = option.p_destroyed, option.name
    return name
