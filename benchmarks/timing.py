"""Timing shared by the benchmark scripts: best of several runs, since these machines are noisy."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(rounds: int, action: Callable[[], object], before: Callable[[], None] | None = None) -> float:
    """The fastest of ``rounds`` runs of ``action`` in seconds; ``before`` runs untimed each time."""
    times = []
    for _ in range(rounds):
        if before is not None:
            before()
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def best_interleaved(rounds: int, actions: dict[str, tuple[Callable[[], object], Callable[[], None] | None]]
                     ) -> dict[str, float]:
    """The fastest run of each action, the actions taking turns in every round, so that a
    burst of load from other work on the machine slows all of them alike, not one."""
    best = dict.fromkeys(actions, float("inf"))
    for _ in range(rounds):
        for name, (action, before) in actions.items():
            if before is not None:
                before()
            start = time.perf_counter()
            action()
            best[name] = min(best[name], time.perf_counter() - start)
    return best
