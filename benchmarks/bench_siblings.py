"""Benchmark of the sibling-game solvers against the generic reference negamax.

Prints, for Peg Game for Two (NAQ 2018 J), the worst single-board solve time of the
fast `PegSolver` over several boards (a fresh solver per board, so nothing is shared)
and, for the Number Game (ZOJ 1039 / POJ 1143), the time to solve every position
reachable from the full start with the retrograde kernel.  Each figure comes with the
time of the generic `NegamaxSolver` on the same work, measured in the same run, and
the ratio.  Targets (issue 4): a peg board under 0.5 s, all number-game positions
under 1 s.

Usage::

    python benchmarks/bench_siblings.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import time

from triangles_core.game import NegamaxSolver
from triangles_core.number_game import FULL, NumberGame, _solve_reachable, solve_number_game
from triangles_core.peg_game import PegGame, PegSolver


def best_time(function, repeat: int) -> float:
    """The fastest of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def peg_boards() -> list[tuple[int, ...]]:
    """The three SPEC samples and distinct-valued boards holed at every hole.

    Distinct values are the worst case (equal pegs merge positions); holes 4, 6 and 13
    give the largest game (26 725 positions).
    """
    boards = [(3, 1, 6, 1, 7, 8, 5, 0, 3, 4, 9, 3, 2, 1, 9),
              (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 13, 14),
              (100, 1, 17, 99, 3, 4, 0, 76, 33, 42, 12, 13, 14, 15, 16)]
    for hole in range(15):
        boards.append(tuple(0 if k == hole else 100 - k for k in range(15)))
    return boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (the fastest counts)")
    args = parser.parse_args()

    worst = (0.0, None, 0.0, 0)
    for board in peg_boards():
        fast = best_time(lambda: PegSolver().value(board), args.repeat)
        if fast > worst[0]:
            solver = NegamaxSolver(PegGame())
            reference = best_time(lambda: NegamaxSolver(PegGame()).value(board), 1)
            solver.value(board)
            worst = (fast, board, reference, len(solver.cache))
    fast, board, reference, positions = worst
    print(f"peg game, worst single board of {len(peg_boards())} ({positions} positions, board {board}):")
    print(f"  PegSolver {fast:.3f} s; reference NegamaxSolver {reference:.3f} s; "
          f"speed-up x{reference / fast:.1f}; target < 0.5 s: {'met' if fast < 0.5 else 'MISSED'}")

    solve_number_game()  # compile (or load) the numba kernel outside the timing
    n_positions = solve_number_game().n_positions
    fast = best_time(lambda: _solve_reachable(FULL), args.repeat)
    reference = best_time(lambda: NegamaxSolver(NumberGame()).value(FULL), 1)
    print(f"number game, all {n_positions} positions reachable from the full start:")
    print(f"  retrograde kernel {fast * 1000:.2f} ms; reference NegamaxSolver {reference:.3f} s; "
          f"speed-up x{reference / fast:.0f}; target < 1 s: {'met' if fast < 1 else 'MISSED'}")


if __name__ == "__main__":
    main()
