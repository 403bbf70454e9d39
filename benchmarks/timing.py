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
