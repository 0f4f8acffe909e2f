"""Timing shared by the benchmarks: CPU time, every run in turns, the median of the rounds."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

# CPU time of this process: what the work costs, even while other processes share the machine
CLOCK = time.process_time


def median_times_in_turns(runs: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    """Each run's median time over ``rounds`` rounds in which every run goes once, in turns."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            start = CLOCK()
            run()
            times[name].append(CLOCK() - start)
    return {name: statistics.median(t) for name, t in times.items()}
