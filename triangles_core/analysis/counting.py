"""Counting over whole value tables of cell boards, with compiled kernels.

Every statistic can run over all ``2**n_edges`` positions (2**31 for 3x4 boxes): the
loops are parallel numba kernels that keep small counters per chunk and allocate no
per-position array.

Terms (value, value lost, mistake): docs/glossary.md.
"""

from __future__ import annotations

import math

import numpy as np
from numba import prange

from ..engine.compiled import compiled, popcount, trailing_zeros
from ..engine.retrograde import cell_tables, move_value
from ..engine.solutions import check_values
from ..engine.symmetry import check_array_board
from ..errors import check_integer
from ..games.cells import CellBoard

__all__ = [
    "MOVE_COUNTS",
    "move_statistics",
    "positions_by_edges_drawn",
    "positions_with_edges_drawn",
    "value_histogram",
]

_CHUNKS = 256
"""Number of chunks a table is cut into for the parallel loops (a few per core, small counters)."""

MOVE_COUNTS = ("moves", "mistakes", "value_lost", "outcome_changing", "max_value_lost", "positions")
"""The columns of `move_statistics`."""


@compiled(inline="always")
def _sign(v):  # pragma: no cover - compiled
    return (v > 0) - (v < 0)


@compiled(parallel=True)
def _value_histogram(values, n_edges, offset, width, chunks):  # pragma: no cover
    total = values.shape[0]
    per = (total + chunks - 1) // chunks
    counts = np.zeros((chunks, n_edges + 1, width), dtype=np.int64)
    for c in prange(chunks):
        start = np.int64(c) * per
        stop = min(total, start + per)
        for position in range(start, stop):
            p = np.int64(position)
            counts[c, popcount(p), np.int64(values[p]) + offset] += 1
    return counts.sum(axis=0)


def value_histogram(board: CellBoard, values: np.ndarray) -> np.ndarray:
    """How many positions have each (edges drawn, value) pair (parallel kernel).

    Returns
    -------
    numpy.ndarray of int64, shape (n_edges + 1, 2 * n_cells + 1)
        ``histogram[k, v + n_cells]``: positions with ``k`` drawn edges and value ``v``.

    Examples
    --------
    >>> from triangles_core import solve
    >>> s = solve(1)
    >>> value_histogram(s.board, s.values).tolist()
    [[0, 0, 1], [3, 0, 0], [0, 0, 3], [0, 1, 0]]
    """
    values = check_values(board, values)
    return _value_histogram(values, board.n_edges, board.n_cells, 2 * board.n_cells + 1, _CHUNKS)


@compiled(inline="always")
def _position_move_statistics(values, position, full, first, second, out):  # pragma: no cover - compiled
    value = np.int64(values[position])
    value_sign = _sign(value)
    free = full & ~position
    while free:
        bit = free & -free
        free ^= bit
        lost = value - move_value(values, position, bit, trailing_zeros(bit), first, second)
        out[0] += 1
        if lost > 0:
            out[1] += 1
            out[2] += lost
            if _sign(value - lost) < value_sign:
                out[3] += 1
            if lost > out[4]:
                out[4] = lost


@compiled(parallel=True)
def _move_statistics(values, n_edges, first, second, chunks):  # pragma: no cover
    total = values.shape[0]
    full = (np.int64(1) << n_edges) - 1
    per = (total + chunks - 1) // chunks
    stats = np.zeros((chunks, n_edges + 1, 6), dtype=np.int64)
    for c in prange(chunks):
        start = np.int64(c) * per
        stop = min(total, start + per)
        for i in range(start, stop):
            p = np.int64(i)
            row = stats[c, popcount(p)]
            row[5] += 1
            _position_move_statistics(values, p, full, first, second, row)
    return stats


def move_statistics(board: CellBoard, values: np.ndarray) -> np.ndarray:
    """Count the legal moves of every position, their mistakes and the value they lose.

    Returns
    -------
    numpy.ndarray of int64, shape (n_edges + 1, 6)
        Row ``k``: over the positions with ``k`` drawn edges, the columns `MOVE_COUNTS`
        (legal moves, mistakes, their total and largest value lost, mistakes that change
        win/draw/loss, positions).

    Examples
    --------
    >>> from triangles_core import solve
    >>> s = solve(1)
    >>> move_statistics(s.board, s.values)[:, 0].tolist()
    [3, 6, 3, 0]
    """
    values = check_values(board, values)
    first, second = cell_tables(board)
    stats = _move_statistics(values, board.n_edges, first, second, _CHUNKS)
    combined = stats.sum(axis=0)
    combined[:, 4] = stats[:, :, 4].max(axis=0)  # the largest loss, not the sum
    return combined


def positions_with_edges_drawn(
    n_edges: int, drawn: int, samples: int | None = None, rng: np.random.Generator | None = None
) -> np.ndarray:
    """Positions with exactly ``drawn`` edges: all of them, or ``samples`` drawn uniformly (with replacement).

    Examples
    --------
    >>> positions_with_edges_drawn(4, 3).tolist()
    [7, 11, 13, 14]
    """
    n_edges = check_integer(n_edges, "n_edges", 0, 63)  # positions are int64 bitmasks
    drawn = check_integer(drawn, "drawn", 0, n_edges)
    if samples is None or math.comb(n_edges, drawn) <= samples:
        if 2 * drawn > n_edges:  # the complements of the smaller level n_edges - drawn
            return np.sort(np.int64((1 << n_edges) - 1) ^ _levels(n_edges, n_edges - drawn)[-1])
        return _levels(n_edges, drawn)[drawn]
    rng = rng if rng is not None else np.random.default_rng(0)
    chosen = np.argpartition(rng.random((samples, n_edges)), drawn, axis=1)[:, :drawn]
    return np.sort((np.int64(1) << chosen.astype(np.int64)).sum(axis=1))


def _levels(n_edges: int, up_to: int) -> list[np.ndarray]:
    """All positions of ``n_edges`` edges with ``j`` drawn edges, ascending, for ``j = 0..up_to``."""
    below = [np.zeros(1, dtype=np.int64)] * (n_edges + 1)  # j = 0 among the lowest t edges: {0}
    levels = [below[n_edges]]
    for j in range(1, up_to + 1):
        current = [np.empty(0, dtype=np.int64)] * (n_edges + 1)
        for t in range(j, n_edges + 1):
            current[t] = np.concatenate([current[t - 1], below[t - 1] | np.int64(1) << np.int64(t - 1)])
        below = current
        levels.append(below[n_edges])
    return levels


def positions_by_edges_drawn(board: CellBoard) -> list[np.ndarray]:
    """The positions grouped by number of drawn edges (the retrograde layers).

    Returns
    -------
    list of numpy.ndarray of int64
        Entry ``k`` holds the ``C(n_edges, k)`` positions with ``k`` drawn edges, in
        increasing bitmask order (`positions_with_edges_drawn` for every ``k``).

    Examples
    --------
    >>> from triangles_core import board
    >>> [level.tolist() for level in positions_by_edges_drawn(board(1))]
    [[0], [1, 2, 4], [3, 5, 6], [7]]
    """
    check_array_board(board)
    return _levels(board.n_edges, board.n_edges)
