"""The one timing helper of the benchmarks: the best of several runs."""

from __future__ import annotations

import time
from typing import Callable


def best_of(function: Callable[[], object], repeats: int) -> float:
    """The fastest of ``repeats`` calls of ``function``, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)
