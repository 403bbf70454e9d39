"""Benchmark: a colossal's grid chosen attack by attack, on the joint states of both grids.

The target: a two-grid colossal of 60 boxes (six columns of five on each grid, Movement in
the middle of both), hit by MAT 6 against DEF 14 (base DEF 5 once Movement is crippled, seed
003 L3583) for 2d6 + 10 against ARM 12.  For each case it prints the joint states searched,
the time to search and solve them (the optimal policy; then every fixed policy beside it, as
``wmdata attack`` reports them), the states per second, and the ratio to the baseline measured
in the same process: the same sequence with one grid struck every time (its own lattice).

    python benchmarks/bench_colossal.py [--repeat N] [--large]

``--large`` adds 4 attacks (about 2.4 million states, some 2 GB of memory).
"""

from __future__ import annotations

import argparse
from dataclasses import replace

from timing import best_of

from wmdata.content.library import load_files
from wmdata.content.registry import Registry
from wmdata.engine.attack_source import RawAttacks
from wmdata.engine.colossal_choice import solve_joint, spending_chosen
from wmdata.engine.damage_track import ColossalTrack, track_for
from wmdata.engine.policy import POLICIES, Optimal, fixed_policy
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence
from wmdata.engine.setup import AttackSetup
from wmdata.model.damage import ColossalGrids

ROWS = ["......", "......", "..MM..", "......", "......"]


def colossal_sequence(attacks: int, focus: int) -> Sequence:
    rules = resolve_ruleset(Registry.from_loaded(load_files()), "mk3")
    plain = RawAttacks(RawAttack(6, True, 14, 10, 12), rules)
    slowed = RawAttacks(RawAttack(6, True, 5, 10, 12), rules)

    def source(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        chosen = slowed if "M" in circumstance.crippled else plain
        return chosen(replace(circumstance, crippled=frozenset()), boost_attack, boost_damage)

    track = track_for(ColossalGrids(type="colossal", left=ROWS, right=ROWS))
    return Sequence(track, track.start(), attacks, focus, source, relevant=frozenset({"M"}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--large", action="store_true")
    args = parser.parse_args()
    cases = [(3, 0), (2, 1)] + ([(4, 0)] if args.large else [])
    print("two-grid colossal, 60 boxes, Movement on both grids; 2d6 - 2 per hit")
    for attacks, focus in cases:
        sequence = colossal_sequence(attacks, focus)
        track = sequence.track
        assert isinstance(track, ColossalTrack)
        one_grid = replace(sequence, track=track.struck(0))
        found: list[int] = []

        def joint(sequence: Sequence = sequence, found: list[int] = found) -> None:
            solved = solve_joint(sequence, True, lambda lattice: Optimal(sequence, given=lattice), budget=10**8)
            for name in (n for n in POLICIES if sequence.resource):
                solve_joint(sequence, True, spending_chosen(sequence, fixed_policy(name, sequence)),
                            found=solved.found)
            found.append(solved.states)

        baseline = best_of(args.repeat, lambda one_grid=one_grid: Optimal(one_grid))
        searched = best_of(args.repeat, joint)
        policies = "optimal and every fixed policy" if focus else "optimal"
        print(f"{attacks} attacks, {focus} focus: {found[0]} joint states, {searched:.3f} s ({policies}), "
              f"{found[0] / searched:,.0f} states/s; one grid every time {baseline:.3f} s; "
              f"ratio joint/one grid {searched / baseline:.1f}")


if __name__ == "__main__":
    main()
