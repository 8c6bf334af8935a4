"""Benchmarks of the core (issue 2): the side-3 full solve and judge throughput.

Run from the repository root::

    .venv/bin/python benchmarks/bench_core.py

Prints, all measured in this run (the machines are shared and noisy, so read the
ratios rather than the absolute times):

- the side-3 full retrograde solve, warm, best of several runs;
- the reference memoised negamax over all 262,144 positions, and the ratio;
- a compiled single-threaded C baseline (``cc -O2``, one loop over all 2**18 masks) and
  the ratio (target: at most 1.5 in issue 2; at most 0.25 for the vectorised kernel, issue 13);
- the time to answer 10,000 random gym cases after the solve (target: under 1 s).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _baseline import run_baseline  # noqa: E402
from _timing import best_of  # noqa: E402

from triangles_core import NegamaxSolver, TriangleGame, board, solve  # noqa: E402
from triangles_core.engine.retrograde import solve_table  # noqa: E402
from triangles_core.judge import run_dialect  # noqa: E402


def gym_input(cases: int, seed: int = 2026) -> str:
    rng = random.Random(seed)
    lines = []
    for _ in range(cases):
        edges = rng.sample(range(1, 19), rng.randint(1, 17))
        lines += [str(len(edges)), " ".join(map(str, edges))]
    return "\n".join(lines + ["0"]) + "\n"


def main() -> None:
    b = board(3)
    solve_table(b)  # compile (or load the numba cache)
    ours = best_of(lambda: solve_table(b), 20)
    print(f"side-3 full solve (numba retrograde, warm, best of 20): {ours * 1e3:8.3f} ms")

    start = time.perf_counter()
    reference = NegamaxSolver(TriangleGame(3))
    for p in range(1 << b.n_edges):
        reference.value(p)
    naive = time.perf_counter() - start
    print(
        f"reference memoised negamax, all positions:              {naive * 1e3:8.0f} ms"
        f"   ratio reference/ours = {naive / ours:,.0f}x"
    )

    baseline = run_baseline(3, repeats=20)
    if baseline is None:
        print("C baseline: no C compiler found, skipped")
    else:
        seconds, value, total = baseline
        check = int(solve(3).values.astype("int64").sum())
        assert (value, total) == (solve(3).value(0), check), "C baseline disagrees with the package"
        print(
            f"C baseline (cc -O2, one thread, best of 20):            {seconds * 1e3:8.2f} ms"
            f"   ratio ours/C = {ours / seconds:.3f} (target <= 0.25)"
        )

    text = gym_input(10_000)
    solve(3)
    start = time.perf_counter()
    answers = sum(1 for _ in run_dialect("gym", text))
    judge_time = time.perf_counter() - start
    print(
        f"judge gym, {answers:,} cases after the solve:                {judge_time * 1e3:8.0f} ms"
        f"   ({answers / judge_time:,.0f} cases/s; target < 1000 ms)"
    )


if __name__ == "__main__":
    main()
