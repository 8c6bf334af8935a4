"""Benchmark of the sibling games, solved by the engine's one Python negamax.

Since the engine became one (issue 9), Peg Game for Two (NAQ 2018 J) and the Number Game
(ZOJ 1039 / POJ 1143) are solved by the reference memoised negamax through the solved-game
interface (`triangles_core.solve_peg_game`, `triangles_core.solve_number_game`); the
specialised peg solver and the number-game kernel were removed.  This script prints,
each with its target from issue 4 and with a baseline measured in the same run (a bare
``NegamaxSolver`` on the same game, i.e. the cost of the interface on top of the search):

- the worst single-board peg solve over several boards (a fresh solution per board);
- the time to solve every Number Game position reachable from the full start.

Usage::

    python benchmarks/bench_siblings.py [--repeat 3]
"""

from __future__ import annotations

import argparse

from _timing import best_of

from triangles_core.engine.game import NegamaxSolver
from triangles_core.engine.solutions import NumberGameSolution
from triangles_core.engine.solvers import solve_peg_game
from triangles_core.games.number import FULL, NumberGame
from triangles_core.games.peg import PegGame


def peg_boards() -> list[tuple[int, ...]]:
    """The three SPEC samples and distinct-valued boards holed at every hole.

    Distinct values are the worst case (equal pegs merge positions); holes 4, 6 and 13
    give the largest game (26 725 positions).
    """
    boards = [
        (3, 1, 6, 1, 7, 8, 5, 0, 3, 4, 9, 3, 2, 1, 9),
        (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 13, 14),
        (100, 1, 17, 99, 3, 4, 0, 76, 33, 42, 12, 13, 14, 15, 16),
    ]
    for hole in range(15):
        boards.append(tuple(0 if k == hole else 100 - k for k in range(15)))
    return boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (the fastest counts)")
    args = parser.parse_args()

    worst = (0.0, None, 0)
    for board in peg_boards():
        seconds = best_of(lambda board=board: solve_peg_game(board), args.repeat)
        if seconds > worst[0]:
            worst = (seconds, board, solve_peg_game(board).n_positions)
    seconds, board, positions = worst
    bare = best_of(lambda: NegamaxSolver(PegGame()).value(board), args.repeat)
    print(f"peg game, worst single board of {len(peg_boards())} ({positions} positions, board {board}):")
    print(
        f"  solve_peg_game {seconds:.3f} s; bare NegamaxSolver {bare:.3f} s (ratio {seconds / bare:.2f}); "
        f"target < 0.5 s: {'met' if seconds < 0.5 else 'MISSED'}"
    )

    seconds = best_of(NumberGameSolution, args.repeat)
    bare = best_of(lambda: NegamaxSolver(NumberGame()).value(FULL), args.repeat)
    print(f"number game, all {NumberGameSolution().n_positions} positions reachable from the full start:")
    print(
        f"  solve_number_game {seconds * 1000:.0f} ms; bare NegamaxSolver {bare * 1000:.0f} ms "
        f"(ratio {seconds / bare:.2f}); target < 1 s: {'met' if seconds < 1 else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
