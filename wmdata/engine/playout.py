"""Play a sequence out with real (seeded) dice, and say what happens as a player would.

The play-out takes the same attack setups and the same policy as the exact engine, but
rolls each die, applies the dice rules to the faces and marks the damage on the track
box by box (``damage_track.place``, not the lattice the exact engine uses), so that
agreement between the two over many runs is a real check of both.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial

from wmdata.engine.colossal_joint import pick
from wmdata.engine.column_choice import pick_columns
from wmdata.engine.damage_track import FailingGrid, State
from wmdata.engine.dice import RESULTS, Roll, attack_result, describe_face
from wmdata.engine.lattice import ROLLED, BoolArray, Lattice
from wmdata.engine.maintenance import Upkeep, rolls_to_stay
from wmdata.engine.moves import FallRoll, Place
from wmdata.engine.sequence import (
    CHOOSE,
    COLLIDED,
    FEEDBACK,
    NO_ATTACK,
    Circumstance,
    Conditions,
    Phase,
    Policy,
    Sequence,
)
from wmdata.engine.setup import AttackSetup, ContestRoll, Outcome
from wmdata.engine.survival import healed_state
from wmdata.engine.work import Survival
from wmdata.wording import counted

TOLD = {"knocked_down": "knocked down", "stationary": "stationary"}
"""How the log says a condition landed ("the target is stationary"); continuous effects:
"the target is suffering fire"."""


@dataclass(slots=True)
class Run:
    """One play-out: the final damage state, the resource spent and what happened."""

    state: State
    spent: int
    events: list[str] = field(default_factory=list)
    conditions: Conditions = frozenset()
    """The target's conditions at the end (knocked down, stationary, a continuous effect)."""
    after_maintenance: bool | None = None
    """With an :class:`Upkeep`: whether the target is destroyed by the end of its next
    Maintenance Phase (by the attacks, or by its continuous effects then)."""


def _roll(rng: random.Random, roll: Roll) -> tuple[list[int], tuple[int, ...]]:
    faces = [rng.randint(1, 6) for _ in range(roll.dice)]
    return faces, roll.kept_dice(tuple(faces))


@dataclass(slots=True)
class Player:
    """Plays ``sequence`` under ``policy``; ``lattice`` is where the policy's decisions are read."""

    sequence: Sequence
    policy: Policy
    lattice: Lattice
    log: bool = False
    """Keep an event log of the next run."""
    upkeep: Upkeep | None = None
    """Also play the target's next Maintenance Phase (its continuous effects)."""
    _rng: random.Random = field(default_factory=random.Random)
    _plans: dict[tuple[Phase, str], BoolArray] = field(default_factory=dict)
    _attack_rerolls: dict[tuple[Phase, bool], list[BoolArray]] = field(default_factory=dict)
    _damage_rerolls: dict[tuple[Phase, Circumstance, bool, bool], dict[Outcome, BoolArray]] = field(
        default_factory=dict)

    def _decide(self, phase: Phase, roll: str, index: int) -> bool:
        """The policy's decision for ``roll`` ("attack", "anyway": roll against an automatic hit,
        "hit" or "critical": boost the damage, "smite hit", "smite critical" and the same with
        " boosted": slam or throw instead of the damage roll of a hit or critical hit), read once
        per phase."""
        key = (phase, roll)
        if key not in self._plans:
            self._plans[key] = (self.policy.boost_attack(self.lattice, phase) if roll == "attack"
                                else self.policy.roll_anyway(self.lattice, phase) if roll == "anyway"
                                else self.policy.smite(self.lattice, phase, roll.endswith(" boosted"),
                                                       roll.startswith("smite critical"))
                                if roll.startswith("smite")
                                else self.policy.boost_damage(self.lattice, phase, roll == "critical"))
        return bool(self._plans[key][index])

    def _reroll_attack(self, phase: Phase, boost: bool, result: str, index: int) -> bool:
        """The policy's reroll choice for an attack roll's ``result``, read once per phase."""
        key = (phase, boost)
        if key not in self._attack_rerolls:
            self._attack_rerolls[key] = self.policy.reroll_attack(self.lattice, phase, boost)
        return bool(self._attack_rerolls[key][RESULTS.index(result)][index])

    def _reroll_damage(self, phase: Phase, circumstance: Circumstance, critical: bool, boost: bool,
                       outcome: Outcome, index: int) -> bool:
        """The policy's reroll choice for a damage roll's ``outcome``, read once per situation."""
        key = (phase, circumstance, critical, boost)
        if key not in self._damage_rerolls:
            outcomes = self.sequence.outcomes(circumstance, boost, critical)
            masks = self.policy.reroll_damage(self.lattice, phase, critical, boost, outcomes)
            self._damage_rerolls[key] = {(points, put): mask for (points, put, _), mask in
                                         zip(outcomes, masks, strict=True)}
        return bool(self._damage_rerolls[key][outcome][index])

    def run(self) -> Run:
        sequence, track = self.sequence, self.sequence.track
        state, phase = sequence.start, sequence.first_phase()
        run = Run(state, 0)
        number = 0
        while track.marked(state) < track.capacity:
            index = self.lattice.index(state, track)
            while phase[4] == CHOOSE:  # a chain attack turned down may lead to the next choice
                phase = sequence.chosen(phase, int(self.policy.pick_initial(self.lattice, phase)[index]))
            if phase[0] == 0:
                if not sequence.may_buy(phase):
                    break
                bought_with = int(sequence.honoured(phase, self.policy.buy_attack(self.lattice, phase))[index])
                if bought_with == NO_ATTACK:
                    break
                phase = sequence.purchase(phase, bought_with)
                self._say(run, f"buys an additional attack{self._with(bought_with)} ({phase[1]} left)")
            resource, conditions, first, weapon = phase[1], phase[2], phase[3], phase[4]
            number += 1
            if not sequence.reaches(phase):
                self._say(run, f"attack {number}{self._with(weapon)}: not made, the target is out of its reach")
                phase = sequence.after(phase, resource, conditions)
                continue
            place: Place | None = None
            crippled = track.crippled(state) & sequence.relevant
            circumstance = Circumstance(first and sequence.charge, conditions & FEEDBACK, crippled,
                                        sequence.weapon_name(weapon), sequence.band(track.marked(state)))
            rolled = sequence.may_roll_anyway(circumstance) and self._decide(phase, "anyway", index)
            if rolled:
                self._say(run, f"attack {number}: gives up the automatic hit to roll for a critical hit")
            boost = (sequence.can_boost(circumstance, "attack", resource, rolled)
                     and self._decide(phase, "attack", index))
            resource -= boost
            setup = sequence.setup(circumstance, boost, False, rolled)
            result = self._attack(run, setup, f"attack {number}{self._with(weapon)}", boost, circumstance.charging,
                                  partial(self._reroll_attack, phase, boost, index=index))
            if result != "miss":
                critical = result == "critical"
                after_roll = sequence.spending(phase, resource)
                boost_damage = sequence.can_boost(circumstance, "damage", resource) and self._decide(
                    after_roll, result, index)
                resource -= boost_damage
                asked = f"smite {result}{' boosted' if boost_damage else ''}"
                smite = sequence.must_smite(circumstance, critical) or (
                    sequence.may_smite(circumstance, critical) and self._decide(after_roll, asked, index))
                if smite:
                    place, struck, fall = self._move(run, after_roll, circumstance, True)
                    setup = sequence.smite_setup(struck, boost_damage)
                    points, put = self._smite(run, setup, boost_damage, critical)
                    fallen, put = self._fall(run, setup, fall, put)
                elif sequence.moves_target(phase):
                    points, put, place, fallen = self._moved(run, after_roll, circumstance, critical, boost_damage)
                else:
                    fallen = 0
                    points, put = self._damage(
                        run, sequence.setup(circumstance, False, boost_damage), critical, boost_damage,
                        partial(self._reroll_damage, after_roll, circumstance, critical, boost_damage, index=index))
                following = sequence.after(phase, resource, conditions | put, place, True)
                state = self._mark(run, state, points, following,
                                   sequence.setup(circumstance, False, False).picks_column,
                                   sequence.setup(circumstance, False, False).fails_systems if critical else "", fallen,
                                   survival=sequence.survival(circumstance, conditions | put))
                state = self._mark(run, state, fallen, following, fall=True)
                for condition in sorted(put - conditions):
                    self._say(run, f"the target is {TOLD.get(condition, f'suffering {condition}')}")
                conditions = conditions | put
                if points + fallen > 0 and track.marked(state) >= track.capacity:
                    state, conditions = self._disabled(run, state, conditions,
                                                       sequence.survival(circumstance, conditions))
            phase = sequence.after(phase, resource, conditions, place, result != "miss")
        run.state, run.spent, run.conditions = state, sequence.resource - phase[1], phase[2]
        if track.marked(state) >= track.capacity:
            self._say(run, "the target is destroyed")
        if self.upkeep is not None:
            run.after_maintenance = self._maintain(run)
        return run

    def _disabled(self, run: Run, state: State, conditions: Conditions,
                  survival: Survival | None) -> tuple[State, Conditions]:
        """The target is disabled: where a rule gives it a roll to stay (Tough), a d6; on a
        success it is healed box by box on the track and put in the roll's states."""
        healed = None if survival is None else healed_state(self.sequence.track, state, survival.heals)
        if survival is None or healed is None:
            return state, conditions
        rolled = self._rng.randint(1, 6)
        if rolled < survival.roll:
            self._say(run, f"  disabled: {survival.source} roll {rolled} (needs {survival.roll}+): fails")
            return state, conditions
        left = self.sequence.track.capacity - self.sequence.track.marked(healed)
        self._say(run, f"  disabled: {survival.source} roll {rolled} (needs {survival.roll}+): "
                  f"{counted(survival.heals, 'damage point')} removed, {left} left, no longer disabled")
        for condition in sorted(survival.leaves - conditions):
            self._say(run, f"the target is {TOLD.get(condition, condition)}")
        return healed, conditions | survival.leaves

    def _maintain(self, run: Run) -> bool:
        """The target's next Maintenance Phase: whether it is destroyed by its end."""
        track = self.sequence.track
        left = track.capacity - track.marked(run.state)
        if left <= 0:
            return True
        assert self.upkeep is not None
        points, told = self.upkeep.roll(self._rng, run.conditions - FEEDBACK)
        for line in told:
            self._say(run, f"next maintenance phase: {line}")
        destroyed = points >= left
        survival = rolls_to_stay(self.sequence.resting_survival(), run.conditions)
        if destroyed and survival is not None:
            rolled = self._rng.randint(1, 6)
            destroyed = rolled < survival.roll
            self._say(run, f"next maintenance phase: disabled: {survival.source} roll {rolled} (needs "
                      f"{survival.roll}+): {'fails' if destroyed else 'no longer disabled'}")
        if told:
            outcome = "destroyed" if destroyed else "survives" if points >= left else f"{left} box(es) left"
            self._say(run, f"next maintenance phase: {outcome}")
        return destroyed

    def _with(self, weapon: int) -> str:
        name = self.sequence.weapon_name(weapon)
        return f" with {name}" if name else ""

    def _say(self, run: Run, text: str) -> None:
        if self.log:
            run.events.append(text)

    def _attack(self, run: Run, setup: AttackSetup, name: str, boost: bool, charging: bool,
                reroll: Callable[[str], bool]) -> str:
        """The attack roll; where a rule allows it, a result ``reroll`` picks is rolled once more."""
        label = f"{name}{' (charge)' if charging else ''}"
        if setup.automatic is not None:
            self._say(run, f"{label}: automatic {setup.automatic}")
            return "hit" if setup.automatic == "hit" else "miss"
        rolls = 0
        while True:
            faces, kept = _roll(self._rng, setup.attack)
            result = attack_result(describe_face(kept), setup.needed, setup.dice_rules)
            rolls += 1
            spent = " (boosted, 1 spent)" if boost and rolls == 1 else ""
            total = sum(kept)
            self._say(run, f"{label}{spent}: {setup.attack_text}: rolls {faces}, dice {total} "
                      f"(needs {setup.needed}): {result.replace('critical', 'critical hit')}")
            if rolls > 1 or not setup.may_reroll_attack or not reroll(result):
                return result
            self._say(run, f"{label}: rerolls the {result.replace('critical', 'critical hit')}")

    def _move(self, run: Run, phase: Phase, circumstance: Circumstance,
              smite: bool) -> tuple[Place | None, Circumstance, FallRoll | None]:
        """Roll where a slam or throw leaves the target (one face of the dice, as the exact
        engine enumerates them); the circumstance of its damage roll (one more die where it
        struck something solid), and the fall that ends the move, if any."""
        sequence = self.sequence
        kind = sequence.setup(circumstance, False, False).smite if smite else sequence.moves_on_hit.get(phase[4])
        moving = not smite or sequence.setup(circumstance, False, False).smite_moves
        if (not moving or not sequence.moves_target(phase, smite) or kind is None or sequence.reach is None
                or phase[7] is None):
            return None, circumstance, None
        moves = sequence.reach.moves(kind, phase[7])
        move = self._rng.choices(moves, weights=[float(m.chance) for m in moves])[0]
        self._say(run, f"  the target is {move.told}; {sequence.reach.gap(move.place):.2f}\" from the attacker")
        return move.place, (replace(circumstance, conditions=circumstance.conditions | COLLIDED) if move.collided
                            else circumstance), move.fall

    def _fall(self, run: Run, setup: AttackSetup, fall: FallRoll | None, put: Conditions) -> Outcome:
        """The points of the target's fall, where it fell (its own damage roll against the
        target's ARM, marked after the move's damage from a column of its own), and ``put``
        (the move's conditions) with its knockdown."""
        if fall is None:
            return 0, put
        faces = [self._rng.randint(1, 6) for _ in range(fall.dice)]
        points = max(0, sum(faces) + fall.power - setup.armour)
        self._say(run, f"  falls {fall.height:g}\": {fall.text()} vs ARM {setup.armour}: rolls {faces} -> "
                  f"{counted(points, 'point')}")
        down = frozenset({"knocked_down"}) if setup.smite_knocks_down else frozenset()
        return points, put | down

    def _moved(self, run: Run, phase: Phase, circumstance: Circumstance, critical: bool,
               boost: bool) -> tuple[int, Conditions, Place | None, int]:
        """A hit that slams or throws the target: a throw's contest, then the move, then the damage
        roll, and the fall's points where it falls."""
        contest = self.sequence.setup(circumstance, False, boost).contest
        if contest is not None and not self._contest(run, contest):
            return 0, frozenset(), None, 0
        place, struck, fall = self._move(run, phase, circumstance, False)
        setup = replace(self.sequence.setup(struck, False, boost), contest=None)
        points, put = self._damage_roll(run, setup, critical, boost, "damage")
        fallen, put = self._fall(run, setup, fall, put)
        return points, put, place, fallen

    def _contest(self, run: Run, contest: ContestRoll) -> bool:
        mine = [self._rng.randint(1, 6) for _ in range(contest.attacker_dice)]
        theirs = [self._rng.randint(1, 6) for _ in range(contest.target_dice)]
        won = contest.won(sum(mine), sum(theirs))
        self._say(run, f"  contest: rolls {mine} + {contest.attacker_value} against {theirs} + "
                  f"{contest.target_value}: {'won' if won else 'lost, the target breaks free'}")
        return won

    def _smite(self, run: Run, setup: AttackSetup, boost: bool, critical: bool) -> Outcome:
        """A hit turned into a slam or throw: the power attack's damage roll, the target knocked down;
        or the damage points dealt instead of the damage roll."""
        spent = " (boosted, 1 spent)" if boost else ""
        if setup.smite_points is not None:
            points, put = next(iter(setup.smite_outcomes(critical)))
            self._say(run, f"  {setup.replacement.replace('deal', 'deals', 1)} instead of the damage roll "
                      f"({setup.smite_source}){spent} -> {counted(points, 'point')}")
            return points, put
        faces, kept = _roll(self._rng, setup.smite_roll)
        points, put = setup.smite_outcome(sum(kept), critical)
        self._say(run, f"  {setup.smite}s the target instead of the damage roll ({setup.smite_source}){spent}: "
                  f"rolls {faces} {setup.smite_offset:+d} -> {counted(points, 'point')}")
        return points, put

    def _damage(self, run: Run, setup: AttackSetup, critical: bool, boost: bool,
                reroll: Callable[[Outcome], bool]) -> Outcome:
        """The damage of a hit; where a rule allows it, an outcome ``reroll`` picks is rolled
        once more (extra points and conditions follow the roll that is kept)."""
        points, put = self._damage_roll(run, setup, critical, boost, "damage")
        if setup.may_reroll_damage and reroll((points, put)):
            points, put = self._damage_roll(run, setup, critical, False, "rerolled damage")
        return points, put

    def _damage_roll(self, run: Run, setup: AttackSetup, critical: bool, boost: bool, label: str) -> Outcome:
        if setup.contest is not None and not self._contest(run, setup.contest):
            return 0, frozenset()
        if not setup.deals_damage:
            self._say(run, f"  {setup.damage_text}")
            return 0, setup.conditions(critical, False)
        faces, kept = _roll(self._rng, setup.damage_roll(critical))
        points = setup.dealt(sum(kept))
        spent = " (boosted, 1 spent)" if boost else ""
        self._say(run, f"  {label}{spent}: {setup.damage_text}: rolls {faces} -> {counted(points, 'point')}")
        extra = setup.extra_points(critical, points > 0)
        if extra:
            points += extra
            self._say(run, f"  +{counted(extra, 'extra damage point')}")
        return points, setup.conditions(critical, points > 0)

    def _mark(self, run: Run, state: State, points: int, following: Phase, picks: str = "",
              failing: str = "", fallen: int = 0, fall: bool = False, survival: Survival | None = None) -> State:
        """Marks ``points`` at a random placement; where the attacker chooses a colossal's grid,
        on the grid the policy picks for the phase ``following`` the attack; where a rule
        (``picks``) lets it pick the column or branch, from the one the policy picks (rolled
        where the policy picks none); where a rule (``failing``) fails the systems a critical
        hit strikes, their other boxes marked too. ``fallen``: the target's fall, still to be
        marked (what the choices weigh); ``fall``: these are the fall's points, at a rolled
        placement of their own (seed 001 L1465-1469); ``survival``: the target's roll to stay if
        the damage disables it (Tough), which the column pick weighs as the exact engine does."""
        track = self.sequence.track
        if points <= 0:
            return state
        placements = track.placements()
        by_column = (self.policy.column_values(self.lattice, following, points, survival, fallen)
                     if picks and self.lattice.columns else None)
        if by_column is not None:
            index = self.lattice.index(state, track)
            column = int(pick_columns(by_column[:, index:index + 1], self.lattice.full_columns(index))[0])
            if column != ROLLED:
                placements = ((column,),)
                self._say(run, f"  picks {track.describe((column,))} ({picks})")
        if self.lattice.chooses and not fall:
            values = self.policy.grid_values(self.lattice, following, points, fallen)
            index = self.lattice.index(state, track)
            side = 0 if values is None else int(pick(values[0][index:index + 1], values[1][index:index + 1])[0]) % 2
            placements = tuple(placement for placement in placements if placement[0] == side)
        placement = self._rng.choice(placements)
        after = track.place(state, points, placement)
        if failing and isinstance(track, FailingGrid):
            failed = track.place_failing(state, points, placement)
            struck = sorted(track.system_name(s) for s in track.crippled(failed) - track.crippled(after))
            if struck:
                self._say(run, f"  {', '.join(struck)}: every other box marked too ({failing})")
            after = failed
        marked = track.marked(after) - track.marked(state)
        where = "" if track.kind in ("boxes", "dragoon") else f" from {track.describe(placement)}"
        marks, left = "the fall marks" if fall else "marks", track.capacity - track.marked(after)
        self._say(run, f"  {marks} {counted(marked, 'box', 'boxes')}{where}; {left} left")
        for system in sorted(track.crippled(after) - track.crippled(state)):
            self._say(run, f"  {track.system_name(system)} crippled")
        return after

    def play(self, runs: int, seed: int, log_first: bool = False) -> list[Run]:
        """``runs`` play-outs from one seeded generator (the same seed gives the same games);
        with ``log_first`` the first one keeps its event log."""
        self._rng = random.Random(seed)
        played = []
        for number in range(runs):
            self.log = log_first and number == 0
            played.append(self.run())
        return played
