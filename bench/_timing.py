"""Timing shared by the benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(repeat: int, task: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs of ``task``, in seconds.

    Not ``timeit.repeat``: that switches the garbage collector off while timing, and these
    benchmarks measure the allocation-heavy code (the ORM, report building) as it runs.
    """
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        task()
        times.append(time.perf_counter() - start)
    return min(times)
