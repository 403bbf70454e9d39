"""Benchmark: the exact attack engine against playing the same sequence out with dice.

The sequence: a MkII Juggernaut makes 5 Ice Axe attacks, every attack and damage roll
boosted, against an Ironclad (a 30-box heavy warjack grid, whose crippled Movement
lowers its DEF for the later attacks).  Prints the time of the exact engine (every
damage state with its probability, from a cold start: setups, lattice, arrays), the
time of 100,000 seeded play-outs of the same sequence (the baseline, measured in the
same process), their ratio (below 1: exact is faster), and the time to find the
optimal policy for 5 focus and 5 attacks, and for the headline charge with both of the
Juggernaut's melee weapons (the policy choosing which one charges and the order).

    python benchmarks/bench_attack.py [--runs N] [--repeat N]
"""

from __future__ import annotations

import argparse

from timing import best_of

from wmdata.content.library import load_files
from wmdata.content.registry import Registry
from wmdata.engine.attack import AttackRequest, find_model, rules_for
from wmdata.engine.attack_source import ContentAttacks, relevant_systems, target_states
from wmdata.engine.damage_track import track_for
from wmdata.engine.lattice import lattice_for
from wmdata.engine.loadout import loadout
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending, Optimal
from wmdata.engine.sequence import Sequence, resolve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100_000, help="play-outs of the baseline")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    registry = Registry.from_loaded(load_files())
    rules = rules_for(registry, "mk2", None, [])
    target = find_model(registry, "ironclad", "mk2", "target")
    track = track_for(target.entry.damage)  # type: ignore[attr-defined]

    def sequence(boosts: list[str], attacks: int, focus: int) -> Sequence:
        request = AttackRequest("juggernaut", "Ice Axe", "ironclad", "mk2", boosts=boosts)
        source = ContentAttacks(registry, request, rules, crippled=target_states(track, rules))
        return Sequence(track_for(target.entry.damage), track.start(), attacks, focus,  # type: ignore[attr-defined]
                        source, relevant=relevant_systems(source))

    def exact() -> float:
        boosted = sequence(["attack", "damage"], 5, 0)
        return resolve(boosted, NoSpending(), lattice_for(boosted.track)).p_destroyed

    boosted = sequence(["attack", "damage"], 5, 0)
    lattice = lattice_for(boosted.track)
    player = Player(boosted, NoSpending(), lattice)
    played: list[float] = []

    def simulate() -> None:
        runs = player.play(args.runs, seed=1)
        played.append(sum(track.marked(r.state) >= track.capacity for r in runs) / len(runs))

    exact_time = best_of(args.repeat, exact)
    simulated_time = best_of(1, simulate)
    optimal_time = best_of(args.repeat, lambda: Optimal(sequence([], 5, 5)))
    juggernaut = find_model(registry, "juggernaut", "mk2", "attacker").entry
    both = loadout(list(juggernaut.weapons), ["Ice Axe"])  # type: ignore[attr-defined]
    mixed_source = ContentAttacks(registry, AttackRequest("juggernaut", "Ice Axe", "ironclad", "mk2"), rules,
                                  crippled=target_states(track, rules))
    mixed = Sequence(track, track.start(), len(both.initial), 2, mixed_source, charge=True,
                     relevant=relevant_systems(mixed_source, both.names), weapons=both.names, initial=both.initial,
                     extra_weapons=both.extra, choose_order=True)
    mixed_time = best_of(args.repeat, lambda: Optimal(mixed))
    print("sequence: 5 boosted Ice Axe attacks, Juggernaut -> Ironclad (30-box MkII grid), "
          "crippled Movement feeding back")
    print(f"exact engine:          {exact_time:8.3f} s  (P(destroyed) = {exact():.4f})")
    print(f"{args.runs} play-outs:     {simulated_time:8.3f} s  (destroyed in {played[0]:.4f})")
    print(f"ratio exact/simulated: {exact_time / simulated_time:8.3f}  (below 1: the exact engine is faster)")
    print(f"optimal policy, 5 focus and 5 attacks: {optimal_time:8.3f} s")
    print(f"optimal policy, charge with Ice Axe and Open Fist, 2 focus (the policy orders the initial attacks, "
          f"every weapon for bought attacks): "
          f"{mixed_time:8.3f} s")


if __name__ == "__main__":
    main()
