"""Side-4 solve time against a compiled single-threaded baseline, measured in the same run.

The package's blocked, layered, parallel, vectorised retrograde kernel
(`triangles_core.engine.retrograde.solve_table`, called directly: no cache) fills all
2**30 = 1,073,741,824 positions of the side-4 board; the baseline is
``benchmarks/baseline_solver.c`` compiled with ``cc -O2``: one loop over all positions
from the full board down, in one thread (`benchmarks/_baseline.py`).  Issue 5 asked for a
ratio of at most 0.75, issue 13 (the vectorised kernel) for at most 0.1.  `bench_kernel.py`
measures more (compile time, peak memory in a subprocess, byte-identity of the table,
memory bandwidth, a 31-edge board).

Run from the repository root (needs a C compiler; takes about 2 minutes: a few seconds for
the package, ~80-110 s for the baseline, and 1 GiB of memory for each in turn)::

    .venv/bin/python benchmarks/bench_side4.py                # side 4, one run of each
    .venv/bin/python benchmarks/bench_side4.py --repeats 3    # best of 3 for each
    .venv/bin/python benchmarks/bench_side4.py --side 3       # a quick smoke test

It prints the package's wall time, the baseline's, their ratio, the peak resident memory
of the package's process (table included) and whether both agree on the value of the
empty board and on the sum of all values.  Timings are not asserted anywhere: the tests
check correctness, this script measures speed.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _baseline import run_baseline  # noqa: E402

from triangles_core.engine.retrograde import DEFAULT_GROUP_BITS, DEFAULT_LOW_BITS, solve_table  # noqa: E402
from triangles_core.games.triangles import board  # noqa: E402

TARGET_RATIO = 0.1


def peak_rss_gib(who: int = resource.RUSAGE_SELF) -> float:
    """Peak resident set size in GiB (Linux reports kibibytes)."""
    return resource.getrusage(who).ru_maxrss / 2**20


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--side", type=int, default=4, help="board side (default 4)")
    parser.add_argument("--repeats", type=int, default=1, help="runs of each solver; the best is kept (default 1)")
    parser.add_argument(
        "--low-bits",
        type=int,
        default=None,
        help=f"block size exponent of the package's kernel (default min(n_edges, {DEFAULT_LOW_BITS}))",
    )
    parser.add_argument(
        "--group-bits",
        type=int,
        default=None,
        help=f"group size exponent of the package's kernel (default {DEFAULT_GROUP_BITS})",
    )
    args = parser.parse_args(argv)
    b = board(args.side)
    print(
        f"side {b.side}: {b.n_edges} edges, {1 << b.n_edges:,} positions; "
        f"{os.cpu_count()} CPUs, numba threads: {os.environ.get('NUMBA_NUM_THREADS', 'default')}"
    )

    for low_bits in (3, None):  # compile (or load) both paths of the kernel outside the timing
        solve_table(board(2), low_bits=low_bits)
    best = float("inf")
    values = None
    for _ in range(args.repeats):
        values = None  # free the previous table first: one table at a time
        start = time.perf_counter()
        values = solve_table(b, low_bits=args.low_bits, group_bits=args.group_bits)
        best = min(best, time.perf_counter() - start)
    package_value, package_sum = int(values[0]), int(values.sum(dtype=np.int64))
    package_rss = peak_rss_gib()
    print(
        f"package  (numba, vectorised, parallel): {best:6.2f} s   empty board {package_value:+d}   "
        f"peak RSS {package_rss:.2f} GiB"
    )
    del values

    baseline = run_baseline(b.side, args.repeats)
    if baseline is None:
        print("baseline: no C compiler (cc or gcc) found; ratio not measured")
        return 1
    baseline_time, baseline_value, baseline_sum = baseline
    print(
        f"baseline (C -O2, one thread):        {baseline_time:8.2f} s   empty board {baseline_value:+d}   "
        f"peak RSS {peak_rss_gib(resource.RUSAGE_CHILDREN):.2f} GiB"
    )
    agree = package_value == baseline_value and package_sum == baseline_sum
    ratio = best / baseline_time
    print(
        f"ratio package / baseline: {ratio:.2f} (target <= {TARGET_RATIO}: "
        f"{'met' if ratio <= TARGET_RATIO else 'NOT met'}); tables agree: {agree}"
    )
    return 0 if agree else 2


if __name__ == "__main__":
    sys.exit(main())
