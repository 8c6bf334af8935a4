"""Peg Game for Two (NAQ 2018 J) over many boards: the tables of notebook 05."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

import pandas as pd

from triangles_core.engine.solvers import solve_peg_game
from triangles_core.games.peg import MAX_PEG_VALUE, peg_board

HOLE_CLASS_NAMES = ("corner", "edge next to a corner", "edge midpoint", "interior")
"""Names of the four symmetry classes of holes of the 5-row board, in `PegBoard.hole_classes` order."""


def optimal_game_lengths(solution, position) -> frozenset[int]:
    """The numbers of jumps of all games from ``position`` (in the memo of ``solution``) in which every jump is optimal.

    Examples
    --------
    >>> s = solve_peg_game([3, 1, 6, 1, 7, 8, 5, 0, 3, 4, 9, 3, 2, 1, 9])
    >>> sorted(optimal_game_lengths(s, s.root))
    [10]
    """
    board = solution.game.board

    @lru_cache(maxsize=None)
    def lengths(p):
        moves = solution.optimal_moves(p)
        if not moves:
            return frozenset([0])
        return frozenset(1 + n for move in moves for n in lengths(board.play(p, move)[0]))

    return lengths(tuple(position))


def boards_by_hole(seed: int, per_hole: int, rows: int = 5) -> list[tuple[int, ...]]:
    """``per_hole`` random starting boards for each hole in turn (values uniform in 1..100).

    The same distribution of peg values as `triangles_core.games.peg.random_start`, with
    the hole fixed instead of drawn, so that every hole gets the same number of boards.

    Examples
    --------
    >>> boards = boards_by_hole(1, 2)
    >>> len(boards), [b.index(0) + 1 for b in boards[:4]]
    (30, [1, 1, 2, 2])
    """
    rng, n = random.Random(seed), peg_board(rows).n_holes
    boards = []
    for hole in range(n):
        for _ in range(per_hole):
            values = [rng.randint(1, MAX_PEG_VALUE) for _ in range(n)]
            values[hole] = 0
            boards.append(tuple(values))
    return boards


def board_outcomes(boards: Sequence[Sequence[int]]) -> pd.DataFrame:
    """Solve each 5-row starting board: hole, symmetry class, net score, optimal game lengths.

    Returns
    -------
    pandas.DataFrame
        One row per board, in order: ``board`` (the values, space-separated), ``hole``,
        ``hole_class`` (`HOLE_CLASS_NAMES`), ``value`` (the first player's net score under
        optimal play), ``positions`` (reachable positions), ``shortest_optimal_game`` and
        ``longest_optimal_game`` (jumps, over the games in which every jump is optimal).
    """
    classes = {h: HOLE_CLASS_NAMES[i] for i, members in enumerate(peg_board(5).hole_classes()) for h in members}
    rows = []
    for start in boards:
        solution = solve_peg_game(start)
        lengths = optimal_game_lengths(solution, solution.root)
        hole = list(start).index(0) + 1
        rows.append(
            {
                "board": " ".join(map(str, start)),
                "hole": hole,
                "hole_class": classes[hole],
                "value": solution.value(solution.root),
                "positions": solution.n_positions,
                "shortest_optimal_game": min(lengths),
                "longest_optimal_game": max(lengths),
            }
        )
    return pd.DataFrame(rows)


def median_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """The median of a sample and a distribution-free confidence interval for the population median.

    The interval runs between the order statistics ``x_(r)`` and ``x_(n + 1 - r)`` of the
    sorted sample (1-based), with ``r`` the largest such that a binomial(n, 1/2) count ``B``
    has ``P(B <= r - 1) <= (1 - confidence) / 2``: it covers the population median with
    probability at least ``confidence``, whatever the distribution.

    Source: W. J. Conover, *Practical Nonparametric Statistics*, 3rd ed., Wiley 1999,
    section 3.2 (the quantile test).

    Examples
    --------
    >>> median_interval(range(1, 101))
    (50.5, 40.0, 61.0)
    """
    x, n = sorted(values), len(values)
    tail, r, cumulative = (1 - confidence) / 2, 0, 0.0
    for i in range(n):
        cumulative += math.comb(n, i) / 2**n
        if cumulative > tail:
            break
        r = i + 1
    if r == 0:
        raise ValueError(f"{n} values are too few for a {confidence:.0%} interval of the median")
    median = (x[(n - 1) // 2] + x[n // 2]) / 2
    return float(median), float(x[r - 1]), float(x[n - r])
