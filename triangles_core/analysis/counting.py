"""Counting over whole value tables of cell boards, with compiled kernels.

Every statistic can run over all ``2**n_edges`` positions (2**31 for 3x4 boxes): the
loops are parallel numba kernels that keep small counters per chunk and allocate no
per-position array.

Terms (value, value lost, mistake, clean position): docs/glossary.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numba import prange

from ..engine.compiled import compiled, popcount, trailing_zeros
from ..engine.retrograde import cell_tables, move_value
from ..engine.solutions import check_values
from ..engine.symmetry import check_array_board
from ..errors import check_integer
from ..games.cells import CellBoard

__all__ = [
    "MoveStatistics",
    "clean_positions",
    "move_statistics",
    "positions_by_edges_drawn",
    "positions_with_edges_drawn",
    "value_histogram",
]

_CHUNKS = 256
"""Number of chunks a table is cut into for the parallel loops (a few per core, small counters)."""


@compiled(inline="always")
def _sign(v):  # pragma: no cover - compiled
    return (v > 0) - (v < 0)


@compiled(inline="always")
def _clean(position, cell_masks):  # pragma: no cover - compiled
    """The one test of a clean position (no complete cell), for every kernel and `clean_positions`."""
    for m in cell_masks:
        if position & m == m:
            return False
    return True


@compiled(parallel=True)
def _clean_positions(n_positions, cell_masks):  # pragma: no cover - compiled
    out = np.empty(n_positions, dtype=np.bool_)
    for position in prange(n_positions):
        out[position] = _clean(np.int64(position), cell_masks)
    return out


def clean_positions(board: CellBoard) -> np.ndarray:
    """Which positions of a board (at most 24 edges) have no complete cell, as a boolean array.

    Examples
    --------
    >>> from triangles_core import board
    >>> clean_positions(board(1)).tolist()
    [True, True, True, True, True, True, True, False]
    """
    check_array_board(board)
    return _clean_positions(1 << board.n_edges, np.array(board.cell_masks, dtype=np.int64))


@compiled(parallel=True)
def _value_histogram(values, n_edges, offset, width, cell_masks, clean_only, chunks):  # pragma: no cover
    total = values.shape[0]
    per = (total + chunks - 1) // chunks
    counts = np.zeros((chunks, n_edges + 1, width), dtype=np.int64)
    for c in prange(chunks):
        start = np.int64(c) * per
        stop = min(total, start + per)
        for position in range(start, stop):
            p = np.int64(position)
            if clean_only and not _clean(p, cell_masks):
                continue
            counts[c, popcount(p), np.int64(values[p]) + offset] += 1
    return counts.sum(axis=0)


def value_histogram(board: CellBoard, values: np.ndarray, clean_only: bool = False) -> np.ndarray:
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
    masks = np.array(board.cell_masks, dtype=np.int64)
    width = 2 * board.n_cells + 1
    return _value_histogram(values, board.n_edges, board.n_cells, width, masks, bool(clean_only), _CHUNKS)


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
def _move_statistics(values, positions, n_edges, first, second, cell_masks, clean_only, chunks):  # pragma: no cover
    # Every position of the table if ``positions`` is empty, else the positions listed.
    every = positions.shape[0] == 0
    total = values.shape[0] if every else positions.shape[0]
    full = (np.int64(1) << n_edges) - 1
    per = (total + chunks - 1) // chunks
    stats = np.zeros((chunks, n_edges + 1, 6), dtype=np.int64)
    for c in prange(chunks):
        start = np.int64(c) * per
        stop = min(total, start + per)
        for i in range(start, stop):
            p = np.int64(i) if every else positions[i]
            if clean_only and not _clean(p, cell_masks):
                continue
            row = stats[c, popcount(p)]
            row[5] += 1
            _position_move_statistics(values, p, full, first, second, row)
    return stats


def _combine(stats: np.ndarray) -> np.ndarray:
    """Sum the chunks' counters (columns 0-3 and 5) and take the largest loss (column 4)."""
    combined = stats.sum(axis=0)
    combined[:, 4] = stats[:, :, 4].max(axis=0)
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


@dataclass(frozen=True)
class MoveStatistics:
    """Legal moves of the positions examined; entry ``k`` of every array is about ``k`` drawn edges.

    Attributes
    ----------
    positions, examined : numpy.ndarray of int64
        Positions of the kind counted (all, or clean), and how many were examined.
    moves, mistakes : numpy.ndarray of int64
        (Examined position, legal move) pairs, and those that lose value.
    value_lost, max_value_lost : numpy.ndarray of int64
        Sum and maximum of the value those moves lose.
    outcome_changing : numpy.ndarray of int64
        Mistakes that change win/draw/loss.
    """

    positions: np.ndarray
    examined: np.ndarray
    moves: np.ndarray
    mistakes: np.ndarray
    value_lost: np.ndarray
    outcome_changing: np.ndarray
    max_value_lost: np.ndarray

    @property
    def exhaustive(self) -> np.ndarray:
        """True where every position was examined (the counts are exact)."""
        return self.examined == self.positions


def move_statistics(
    board: CellBoard, values: np.ndarray, samples: int | None = None, seed: int = 0, clean_only: bool = False
) -> MoveStatistics:
    """Count the legal moves of the positions, their mistakes and the value they lose.

    Parameters
    ----------
    values : numpy.ndarray of int8, shape (2**n_edges,)
        Its value table (`TableSolution.values`).
    samples : int, optional
        None: every position.  Otherwise at most ``samples`` positions per ``k``, uniformly
        at random (``2**16`` estimates every per-``k`` average to within 0.01 in a second).
    seed : int, default 0
    clean_only : bool, default False
        Examine only positions with no complete cell (with ``samples=None`` only).

    Returns
    -------
    MoveStatistics

    Examples
    --------
    >>> from triangles_core import solve
    >>> s = solve(1)
    >>> stats = move_statistics(s.board, s.values)
    >>> stats.moves.tolist(), stats.mistakes.tolist(), bool(stats.exhaustive.all())
    ([3, 6, 3, 0], [0, 0, 0, 0], True)
    """
    values = check_values(board, values)
    clean_only = bool(clean_only)
    n = board.n_edges
    first, second = cell_tables(board)
    masks = np.array(board.cell_masks, dtype=np.int64)
    if samples is None:
        stats = _combine(
            _move_statistics(values, np.empty(0, dtype=np.int64), n, first, second, masks, clean_only, _CHUNKS)
        )
        positions = stats[:, 5].copy()
    else:
        if clean_only:
            raise ValueError("clean_only needs samples=None (every position examined)")
        rng = np.random.default_rng(seed)
        chosen = np.concatenate([positions_with_edges_drawn(n, k, samples, rng) for k in range(n + 1)])
        chosen.sort()
        stats = _combine(_move_statistics(values, chosen, n, first, second, masks, False, _CHUNKS))
        positions = np.array([math.comb(n, k) for k in range(n + 1)], dtype=np.int64)
    return MoveStatistics(
        positions=positions,
        examined=stats[:, 5].copy(),
        moves=stats[:, 0].copy(),
        mistakes=stats[:, 1].copy(),
        value_lost=stats[:, 2].copy(),
        outcome_changing=stats[:, 3].copy(),
        max_value_lost=stats[:, 4].copy(),
    )
