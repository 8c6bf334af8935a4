"""Start-up of a single-case judge run against a bare ``import numpy``, measured in the same run.

A contest programmer pipes one case into ``triangles judge uestc`` and waits for the
answer.  Issue 12 asks that this cost at most 2.5x what Python needs to start and import
numpy.  The side-3 value table ships with the package (checksummed), so the judge never
imports numba or loads compiled code.  Each command runs ``--repeats`` times in a fresh
interpreter; the best time of each is compared.

Usage::

    .venv/bin/python benchmarks/bench_judge.py [--repeats 15]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

TARGET = 2.5


def best_time(command: list[str], stdin: str, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, input=stdin, capture_output=True, text=True, check=True)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=15, help="runs of each command; the best counts")
    args = parser.parse_args()
    numpy = best_time([sys.executable, "-c", "import numpy"], "", args.repeats)
    judge = best_time([sys.executable, "-m", "triangles_core", "judge", "uestc"], "5 1 2 3 4 5\n", args.repeats)
    trace = subprocess.run([sys.executable, "-X", "importtime", "-m", "triangles_core", "judge", "uestc"],
                           input="5 1 2 3 4 5\n", capture_output=True, text=True).stderr
    modules = {line.split("|")[-1].strip() for line in trace.splitlines() if line.startswith("import time:")}
    imported = "numba" in modules
    print(f"python -c 'import numpy' (best of {args.repeats}):       {numpy * 1000:7.1f} ms")
    print(f"triangles judge uestc, one case (best of {args.repeats}): {judge * 1000:7.1f} ms   "
          f"ratio {judge / numpy:.2f} (target <= {TARGET}: {'met' if judge / numpy <= TARGET else 'NOT met'}); "
          f"numba imported: {imported}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
