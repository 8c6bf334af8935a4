"""How the game changes with board size: whole-table statistics of a solved board.

Every statistic here runs over *all* ``2**n_edges`` positions of a strong solution
(1,073,741,824 for side 4), so the counting loops are numba kernels that split the
table into chunks shared among the CPU cores; each chunk keeps its own small counters
and only the counters are summed, so no per-position array is ever allocated (the side-4
pass needs the 1 GiB table and a few kilobytes more).

Terms (see DESIGN.md): the *value* of a position is the net score, for the side to
move, of the triangles still to be completed under optimal play.  The *cost* of a move
is the value of the position minus the value of the move for its mover, so an optimal
move costs 0 and a *mistake* is a move of positive cost.  A mistake *changes the
outcome* when it turns a win into a draw or a loss, or a draw into a loss.
"""

from __future__ import annotations

from dataclasses import dataclass

import itertools
import math

import numpy as np
from numba import njit, prange
from numba.cpython.unsafe.numbers import trailing_zeros

from .board import Board
from .retrograde import move_value, triangle_tables
from .solution import Solution

__all__ = ["OutcomeCounts", "MoveStatistics", "outcome_counts", "move_statistics", "first_move_classes",
           "positions_with_drawn_edges",
           "outcome_table", "move_statistics_table", "size_summary_table", "first_move_table"]

_CHUNKS = 256
"""Number of chunks a table is cut into for the parallel loops (a few per core, small counters)."""


@njit(cache=True, inline="always")
def _popcount(x):  # pragma: no cover - compiled
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56 & 0x7F


@njit(cache=True, inline="always")
def _sign(v):  # pragma: no cover - compiled
    return (v > 0) - (v < 0)


@njit(cache=True, parallel=True)
def _outcome_counts(values, n_edges, chunks):  # pragma: no cover - compiled
    total = values.shape[0]
    per = (total + chunks - 1) // chunks
    counts = np.zeros((chunks, n_edges + 1, 3), dtype=np.int64)
    for c in prange(chunks):
        start = np.int64(c) * per
        stop = min(total, start + per)
        for position in range(start, stop):
            counts[c, _popcount(np.int64(position)), _sign(np.int64(values[position])) + 1] += 1
    return counts.sum(axis=0)


@njit(cache=True, inline="always")
def _position_move_statistics(values, position, full, first, second, out):  # pragma: no cover - compiled
    value = np.int64(values[position])
    value_sign = _sign(value)
    free = full & ~position
    while free:
        bit = free & -free
        free ^= bit
        move = move_value(values, position, bit, trailing_zeros(bit), first, second)
        cost = value - move
        out[0] += 1
        if cost > 0:
            out[1] += 1
            out[2] += cost
            if _sign(move) < value_sign:
                out[3] += 1


@njit(cache=True, parallel=True)
def _move_statistics_all(values, n_edges, first, second, chunks):  # pragma: no cover - compiled
    total = values.shape[0]
    full = (np.int64(1) << n_edges) - 1
    per = (total + chunks - 1) // chunks
    stats = np.zeros((chunks, n_edges + 1, 4), dtype=np.int64)
    for c in prange(chunks):
        start = np.int64(c) * per
        stop = min(total, start + per)
        for position in range(start, stop):
            p = np.int64(position)
            _position_move_statistics(values, p, full, first, second, stats[c, _popcount(p)])
    return stats.sum(axis=0)


@njit(cache=True, parallel=True)
def _move_statistics_of(values, positions, n_edges, first, second, chunks):  # pragma: no cover - compiled
    total = positions.shape[0]
    full = (np.int64(1) << n_edges) - 1
    per = (total + chunks - 1) // chunks
    stats = np.zeros((chunks, n_edges + 1, 4), dtype=np.int64)
    for c in prange(chunks):
        start = np.int64(c) * per
        stop = min(total, start + per)
        for i in range(start, stop):
            p = positions[i]
            _position_move_statistics(values, p, full, first, second, stats[c, _popcount(p)])
    return stats.sum(axis=0)


def positions_with_drawn_edges(n_edges: int, drawn: int, samples: int | None = None,
                               rng: np.random.Generator | None = None) -> np.ndarray:
    """Positions with exactly ``drawn`` edges: all of them, or a uniform random sample.

    Parameters
    ----------
    n_edges : int
        Number of edges of the board.
    drawn : int
        Number of drawn edges, ``0..n_edges``.
    samples : int, optional
        If given and smaller than ``comb(n_edges, drawn)``, draw this many positions
        uniformly at random (with replacement) instead of listing all of them.
    rng : numpy.random.Generator, optional
        Random source for sampling (default: seed 0).

    Returns
    -------
    numpy.ndarray of int64
        Sorted position bitmasks.

    Examples
    --------
    >>> positions_with_drawn_edges(4, 3).tolist()
    [7, 11, 13, 14]
    """
    if samples is None or math.comb(n_edges, drawn) <= samples:
        masks = [sum(1 << e for e in subset) for subset in itertools.combinations(range(n_edges), drawn)]
        return np.sort(np.array(masks, dtype=np.int64))
    rng = rng if rng is not None else np.random.default_rng(0)
    chosen = np.argpartition(rng.random((samples, n_edges)), drawn, axis=1)[:, :drawn]
    return np.sort((np.int64(1) << chosen.astype(np.int64)).sum(axis=1))


def _check_values(b: Board, values: np.ndarray) -> np.ndarray:
    values = np.asarray(values)
    if values.shape != (1 << b.n_edges,) or values.dtype != np.int8:
        raise ValueError(f"values must be an int8 array of shape ({1 << b.n_edges},) for side {b.side}, "
                         f"got {values.dtype} {values.shape}")
    return values


@dataclass(frozen=True)
class OutcomeCounts:
    """Positions by number of drawn edges and outcome for the side to move.

    Attributes
    ----------
    losses, draws, wins : numpy.ndarray of int64, shape (n_edges + 1,)
        Entry ``k``: how many positions with ``k`` drawn edges have a negative, zero or
        positive value.  Together they count all ``comb(n_edges, k)`` such positions.
    """

    losses: np.ndarray
    draws: np.ndarray
    wins: np.ndarray

    @property
    def positions(self) -> np.ndarray:
        """Positions per number of drawn edges (binomial coefficients)."""
        return self.losses + self.draws + self.wins


@dataclass(frozen=True)
class MoveStatistics:
    """Legal moves of the positions examined, by number of drawn edges.

    Entry ``k`` of every array is about positions with ``k`` drawn edges.

    Attributes
    ----------
    positions : numpy.ndarray of int64, shape (n_edges + 1,)
        How many positions the board has with ``k`` drawn edges, ``comb(n_edges, k)``.
    examined : numpy.ndarray of int64, shape (n_edges + 1,)
        How many of them were examined (all, or a uniform random sample).
    exhaustive : numpy.ndarray of bool, shape (n_edges + 1,)
        True where every position was examined (the counts are exact).
    moves : numpy.ndarray of int64, shape (n_edges + 1,)
        Number of (examined position, legal move) pairs.
    mistakes : numpy.ndarray of int64, shape (n_edges + 1,)
        How many of them have a positive cost (are not optimal).
    total_cost : numpy.ndarray of int64, shape (n_edges + 1,)
        Sum of the costs (in triangles) of those moves.
    outcome_changing : numpy.ndarray of int64, shape (n_edges + 1,)
        Mistakes that turn a win into a draw or loss, or a draw into a loss.
    """

    positions: np.ndarray
    examined: np.ndarray
    exhaustive: np.ndarray
    moves: np.ndarray
    mistakes: np.ndarray
    total_cost: np.ndarray
    outcome_changing: np.ndarray

    @property
    def all_moves(self) -> np.ndarray:
        """Legal moves of *all* positions with ``k`` drawn edges: ``comb(n, k) * (n - k)``."""
        n = len(self.positions) - 1
        return self.positions * (n - np.arange(n + 1))


def outcome_counts(b: Board, values: np.ndarray) -> OutcomeCounts:
    """Count all positions of a solved board by drawn edges and outcome (parallel kernel).

    Parameters
    ----------
    b : Board
        The board.
    values : numpy.ndarray of int8, shape (2**b.n_edges,)
        Its value table (`Solution.values`).

    Returns
    -------
    OutcomeCounts

    Raises
    ------
    ValueError
        If ``values`` does not have the shape and dtype of the board's table.

    Examples
    --------
    >>> from triangles_core import board, solve
    >>> counts = outcome_counts(board(1), solve(1).values)
    >>> counts.wins.tolist(), counts.draws.tolist(), counts.losses.tolist()
    ([1, 0, 3, 0], [0, 0, 0, 1], [0, 3, 0, 0])
    """
    values = _check_values(b, values)
    counts = _outcome_counts(values, b.n_edges, _CHUNKS)
    return OutcomeCounts(losses=counts[:, 0].copy(), draws=counts[:, 1].copy(), wins=counts[:, 2].copy())


def move_statistics(b: Board, values: np.ndarray, samples: int | None = None, seed: int = 0) -> MoveStatistics:
    """Count the legal moves of the positions, their mistakes and costs (parallel kernels).

    Parameters
    ----------
    b : Board
        The board.
    values : numpy.ndarray of int8, shape (2**b.n_edges,)
        Its value table (`Solution.values`).
    samples : int, optional
        None (default): examine every position.  Otherwise, for each number ``k`` of
        drawn edges, examine all ``comb(n_edges, k)`` positions if there are at most
        ``samples`` of them, else ``samples`` positions drawn uniformly at random.  The
        full side-4 pass evaluates 16 billion (position, move) pairs with scattered
        reads (minutes on two cores); ``samples=2**16`` takes about a second and
        estimates every per-``k`` average with a standard error below 0.01.
    seed : int, default 0
        Seed of the sampling (the result is deterministic).

    Returns
    -------
    MoveStatistics

    Raises
    ------
    ValueError
        If ``values`` does not have the shape and dtype of the board's table.

    Examples
    --------
    The side-1 board: from the empty board every first move costs nothing; with one
    edge drawn every move hands the triangle over (and is optimal, being forced).

    >>> from triangles_core import board, solve
    >>> stats = move_statistics(board(1), solve(1).values)
    >>> stats.moves.tolist(), stats.mistakes.tolist(), bool(stats.exhaustive.all())
    ([3, 6, 3, 0], [0, 0, 0, 0], True)
    """
    values = _check_values(b, values)
    n = b.n_edges
    first, second = triangle_tables(b)
    positions = np.array([math.comb(n, k) for k in range(n + 1)], dtype=np.int64)
    if samples is None:
        stats = _move_statistics_all(values, n, first, second, _CHUNKS)
        examined = positions.copy()
    else:
        if samples < 1:
            raise ValueError(f"samples must be positive, got {samples!r}")
        rng = np.random.default_rng(seed)
        chosen = np.concatenate([positions_with_drawn_edges(n, k, samples, rng) for k in range(n + 1)])
        chosen.sort()
        stats = _move_statistics_of(values, chosen, n, first, second, _CHUNKS)
        examined = np.minimum(positions, samples)
    return MoveStatistics(positions=positions, examined=examined, exhaustive=examined == positions,
                          moves=stats[:, 0].copy(), mistakes=stats[:, 1].copy(),
                          total_cost=stats[:, 2].copy(), outcome_changing=stats[:, 3].copy())


def first_move_classes(b: Board) -> list[tuple[int, ...]]:
    """The edges of a board grouped into symmetry classes (orbits of the 6 symmetries).

    Returns
    -------
    list of tuple of int
        Each class as ascending 1-based edge numbers; classes ordered by their smallest
        edge.  From the empty board all edges of one class have the same value.

    Examples
    --------
    >>> from triangles_core import board
    >>> first_move_classes(board(2))
    [(1, 2, 4, 6, 8, 9), (3, 5, 7)]
    """
    seen: set[int] = set()
    classes = []
    for edge in range(1, b.n_edges + 1):
        if edge in seen:
            continue
        orbit = tuple(sorted({symmetry[edge - 1] for symmetry in b.symmetries}))
        seen.update(orbit)
        classes.append(orbit)
    return classes


# ----------------------------------------------------------------- pandas tables

def outcome_table(solution: Solution):
    """Outcome distribution by number of drawn edges, as a pandas DataFrame.

    Returns
    -------
    pandas.DataFrame
        One row per number of drawn edges ``0..n_edges``; columns ``side``,
        ``drawn_edges``, ``positions``, ``losses``, ``draws``, ``wins`` (counts, for the
        side to move) and ``loss_share``, ``draw_share``, ``win_share`` (fractions).
    """
    import pandas as pd

    b = solution.board
    counts = outcome_counts(b, solution.values)
    positions = counts.positions
    return pd.DataFrame({
        "side": b.side,
        "drawn_edges": np.arange(b.n_edges + 1),
        "positions": positions,
        "losses": counts.losses,
        "draws": counts.draws,
        "wins": counts.wins,
        "loss_share": counts.losses / positions,
        "draw_share": counts.draws / positions,
        "win_share": counts.wins / positions,
    })


def move_statistics_table(solution: Solution, samples: int | None = None, seed: int = 0):
    """Mistakes and their cost by number of drawn edges, as a pandas DataFrame.

    Parameters
    ----------
    solution : Solution
        The solved board.
    samples, seed
        As in `move_statistics` (None: every position).

    Returns
    -------
    pandas.DataFrame
        One row per number of drawn edges ``0..n_edges - 1`` (the full board has no
        move); columns ``side``, ``drawn_edges``, ``positions``, ``examined``,
        ``exhaustive`` (bool), ``moves``, ``mistakes``, ``total_cost``,
        ``outcome_changing`` (counts over the examined positions), ``all_moves`` (moves
        of all positions, the weight of the row in a whole-board average), and
        ``mistake_share`` (mistakes / moves), ``outcome_changing_share``,
        ``mean_move_cost`` (expected cost of a uniformly random move, in triangles) and
        ``mean_mistake_cost`` (average cost of a mistake; 0 when there is none).
    """
    import pandas as pd

    b = solution.board
    stats = move_statistics(b, solution.values, samples, seed)
    rows = slice(0, b.n_edges)
    moves = stats.moves[rows]
    mistakes = stats.mistakes[rows]
    cost = stats.total_cost[rows]
    return pd.DataFrame({
        "side": b.side,
        "drawn_edges": np.arange(b.n_edges),
        "positions": stats.positions[rows],
        "examined": stats.examined[rows],
        "exhaustive": stats.exhaustive[rows],
        "moves": moves,
        "mistakes": mistakes,
        "total_cost": cost,
        "outcome_changing": stats.outcome_changing[rows],
        "all_moves": stats.all_moves[rows],
        "mistake_share": mistakes / moves,
        "outcome_changing_share": stats.outcome_changing[rows] / moves,
        "mean_move_cost": cost / moves,
        "mean_mistake_cost": np.divide(cost, mistakes, out=np.zeros(len(moves)), where=mistakes > 0),
    })


def size_summary_table(outcomes, moves):
    """One row per side from the per-edge-count tables of one or more sides.

    Whole-board move averages weight each row of ``moves`` by the number of moves of all
    its positions (``all_moves``), so sampled rows count as much as they should.

    Parameters
    ----------
    outcomes : pandas.DataFrame
        `outcome_table` rows of one or more sides.
    moves : pandas.DataFrame
        `move_statistics_table` rows of the same sides.

    Returns
    -------
    pandas.DataFrame
        Columns ``side``, ``positions``, ``draw_share`` (drawn positions / all
        positions), ``win_share``, ``loss_share``, ``exhaustive`` (every position's
        moves examined), ``mistake_share`` (share of all legal moves that are
        mistakes), ``outcome_changing_share``, ``mean_move_cost`` (expected cost of a
        uniformly random (position, move) pair, in triangles) and ``mean_mistake_cost``;
        sorted by side.
    """
    by_side = outcomes.groupby("side")[["positions", "draws", "wins", "losses"]].sum()
    weighted = moves.assign(
        weight=moves["all_moves"] / moves.groupby("side")["all_moves"].transform("sum"),
        mistake_weight=lambda f: f["weight"] * f["mistake_share"],
        outcome_weight=lambda f: f["weight"] * f["outcome_changing_share"],
        cost_weight=lambda f: f["weight"] * f["mean_move_cost"],
    ).groupby("side")
    summary = by_side.join(weighted[["mistake_weight", "outcome_weight", "cost_weight"]].sum())
    summary["exhaustive"] = weighted["exhaustive"].all()
    summary["draw_share"] = summary["draws"] / summary["positions"]
    summary["win_share"] = summary["wins"] / summary["positions"]
    summary["loss_share"] = summary["losses"] / summary["positions"]
    summary["mistake_share"] = summary["mistake_weight"]
    summary["outcome_changing_share"] = summary["outcome_weight"]
    summary["mean_move_cost"] = summary["cost_weight"]
    summary["mean_mistake_cost"] = (summary["cost_weight"] / summary["mistake_weight"].where(summary["mistake_weight"] > 0)
                                    ).fillna(0.0)
    columns = ["positions", "draw_share", "win_share", "loss_share", "exhaustive", "mistake_share",
               "outcome_changing_share", "mean_move_cost", "mean_mistake_cost"]
    return summary[columns].reset_index().sort_values("side", ignore_index=True)


def first_move_table(solution: Solution):
    """The first moves from the empty board, one row per symmetry class.

    Returns
    -------
    pandas.DataFrame
        Columns ``side``, ``representative_edge`` (smallest edge of the class),
        ``edges`` (the class, space-separated), ``class_size`` and ``value`` (for the
        first player), sorted by value (best first), then representative edge.

    Raises
    ------
    AssertionError
        If two edges of one class had different values (a broken table or symmetry).
    """
    import pandas as pd

    b = solution.board
    values = solution.move_values(0)
    rows = []
    for orbit in first_move_classes(b):
        orbit_values = {values[e] for e in orbit}
        assert len(orbit_values) == 1, f"symmetric first moves {orbit} have values {orbit_values}"
        rows.append({"side": b.side, "representative_edge": orbit[0], "edges": " ".join(map(str, orbit)),
                     "class_size": len(orbit), "value": orbit_values.pop()})
    frame = pd.DataFrame(rows, columns=["side", "representative_edge", "edges", "class_size", "value"])
    return frame.sort_values(["value", "representative_edge"], ascending=[False, True], ignore_index=True)
