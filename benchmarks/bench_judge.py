"""The judge: start-up of a single case against a bare ``import numpy``, and a large input.

A contest programmer pipes one case into ``triangles judge uestc`` and waits for the
answer.  Issue 12 asks that this cost at most 2.5x what Python needs to start and import
numpy.  The side-3 value table ships with the package as a .npy file, so the judge never
imports numba, the search or pandas.  Each command runs ``--repeats`` times in a fresh
interpreter; the best time of each is compared.

Then a random gym input of ``--megabytes`` MB (50 by default) is piped through
``triangles judge gym``: its peak resident memory against that of the one-case run
(the judge reads and answers case by case, so the two should be close), and its
throughput in cases per second.

Usage::

    .venv/bin/python benchmarks/bench_judge.py [--repeats 15] [--megabytes 50]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time

TARGET = 2.5


def best_time(command: list[str], stdin: str, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, input=stdin, capture_output=True, text=True, check=True)
        best = min(best, time.perf_counter() - start)
    return best


def gym_input(megabytes: float, seed: int = 2026) -> tuple[bytes, int]:
    """A random gym input of about this size (cases ``N`` then N distinct edges, then 0) and its case count."""
    rng = random.Random(seed)
    parts, total = [], 0
    while total < megabytes * 1e6:
        edges = rng.sample(range(1, 19), rng.randint(1, 18))
        parts.append(f"{len(edges)}\n{' '.join(map(str, edges))}\n")
        total += len(parts[-1])
    return ("".join(parts) + "0\n").encode(), len(parts)


def peak_rss_mib(command: list[str], stdin) -> tuple[float, float]:
    """Wall time and peak resident memory (MiB) of one run of ``command`` in a child process."""
    code = (
        "import resource, subprocess, sys, time\n"
        "start = time.perf_counter()\n"
        "subprocess.run(sys.argv[1:], stdin=sys.stdin, stdout=subprocess.DEVNULL, check=True)\n"
        "print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, *command], stdin=stdin, capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[0]), int(out[1]) / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=15, help="runs of each command; the best counts")
    parser.add_argument("--megabytes", type=float, default=50, help="size of the large gym input (default 50)")
    args = parser.parse_args()
    numpy = best_time([sys.executable, "-c", "import numpy"], "", args.repeats)
    judge = best_time([sys.executable, "-m", "triangles_core", "judge", "uestc"], "5 1 2 3 4 5\n", args.repeats)
    trace = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "triangles_core", "judge", "uestc"],
        input="5 1 2 3 4 5\n",
        capture_output=True,
        text=True,
    ).stderr
    modules = {line.split("|")[-1].strip() for line in trace.splitlines() if line.startswith("import time:")}
    imported = sorted(modules & {"numba", "pandas", "triangles_core.engine.search"})
    print(f"python -c 'import numpy' (best of {args.repeats}):       {numpy * 1000:7.1f} ms")
    print(
        f"triangles judge uestc, one case (best of {args.repeats}): {judge * 1000:7.1f} ms   "
        f"ratio {judge / numpy:.2f} (target <= {TARGET}: {'met' if judge / numpy <= TARGET else 'NOT met'}); "
        f"imported of numba, pandas, the search: {imported or 'none'}"
    )

    judge_gym = [sys.executable, "-m", "triangles_core", "judge", "gym"]
    with tempfile.TemporaryFile() as one:
        one.write(b"5\n1 2 3 4 5\n0\n")
        one.seek(0)
        _, small = peak_rss_mib(judge_gym, one)
    data, cases = gym_input(args.megabytes)
    with tempfile.TemporaryFile() as large:
        large.write(data)
        large.seek(0)
        seconds, peak = peak_rss_mib(judge_gym, large)
    print(
        f"triangles judge gym, one case: peak memory {small:.0f} MiB; a {len(data) / 1e6:.0f} MB input "
        f"({cases:,} cases): peak memory {peak:.0f} MiB (ratio {peak / small:.2f}), {seconds:.1f} s, "
        f"{cases / seconds:,.0f} cases/s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
