"""Whole-board arrays derived from a solution: move values, triangle counts, levels.

These are the vectorised building blocks of `analysis` and `graph`: instead of asking
`Solution.move_values` position by position (262,144 Python calls on side 3), one numpy
pass per edge fills the table of every move value of every position.
"""

from __future__ import annotations

import numpy as np

from .board import Board
from .retrograde import triangle_tables
from .solution import Solution
from .symmetry import all_positions, edge_counts

__all__ = [
    "NOT_A_MOVE",
    "move_value_table",
    "complete_triangle_counts",
    "claimed_table",
    "positions_by_level",
]

NOT_A_MOVE = np.int8(-128)
"""Entry of `move_value_table` for an edge that is already drawn (no value is this low)."""


def claimed_table(b: Board) -> np.ndarray:
    """How many triangles each move completes.

    Returns
    -------
    numpy.ndarray of int8, shape (2**n_edges, n_edges)
        ``claimed[p, e]`` is the number of triangles (0, 1 or 2) that drawing edge
        ``e + 1`` completes in position ``p``; 0 where the edge is already drawn.
    """
    positions = all_positions(b)
    first, second = triangle_tables(b)
    claimed = np.zeros((positions.size, b.n_edges), dtype=np.int8)
    for e in range(b.n_edges):
        free = (positions >> e) & 1 == 0
        count = ((positions & first[e]) == first[e]).astype(np.int8)
        count += ((positions & second[e]) == second[e]).astype(np.int8)
        claimed[:, e] = np.where(free, count, 0)
    return claimed


def move_value_table(solution: Solution) -> np.ndarray:
    """The value of every legal move of every position, for its mover.

    ``table[p, e]`` equals ``solution.move_value(p, e + 1)``: ``claimed + value(child)``
    when the move completes a triangle (the mover plays again), ``-value(child)``
    otherwise.

    Parameters
    ----------
    solution : Solution
        A solved board with at most 24 edges (sides 1 to 3).

    Returns
    -------
    numpy.ndarray of int8, shape (2**n_edges, n_edges)
        Move values; `NOT_A_MOVE` (-128) where edge ``e + 1`` is already drawn.  The
        row maximum over legal moves is ``solution.values[p]``.

    Raises
    ------
    ValueError
        If the board is larger than side 3 (the table would not fit in memory).

    Examples
    --------
    >>> from triangles_core import solve
    >>> s = solve(2)
    >>> table = move_value_table(s)
    >>> table.shape, int(table[0].max()) == s.value(0)
    ((512, 9), True)
    """
    b = solution.board
    positions = all_positions(b)
    values = solution.values.astype(np.int16)
    claimed = claimed_table(b).astype(np.int16)
    table = np.full((positions.size, b.n_edges), NOT_A_MOVE, dtype=np.int8)
    for e in range(b.n_edges):
        free = np.flatnonzero((positions >> e) & 1 == 0)
        child = values[free | (1 << e)]
        c = claimed[free, e]
        table[free, e] = np.where(c > 0, c + child, -child).astype(np.int8)
    return table


def complete_triangle_counts(b: Board) -> np.ndarray:
    """The number of complete triangles of every position.

    Returns
    -------
    numpy.ndarray of int8, shape (2**n_edges,)
        ``counts[p] == len(b.complete_triangles(p))``.

    Examples
    --------
    >>> from triangles_core import board
    >>> int(complete_triangle_counts(board(2))[0b111])
    1
    """
    positions = all_positions(b)
    counts = np.zeros(positions.shape, dtype=np.int8)
    for mask in b.triangle_masks:
        counts += ((positions & mask) == mask).astype(np.int8)
    return counts


def positions_by_level(b: Board) -> list[np.ndarray]:
    """The positions grouped by number of drawn edges (the retrograde layers).

    Returns
    -------
    list of numpy.ndarray of int64
        Entry ``k`` holds the ``C(n_edges, k)`` positions with ``k`` drawn edges, in
        increasing bitmask order.

    Examples
    --------
    >>> from triangles_core import board
    >>> [level.tolist() for level in positions_by_level(board(1))]
    [[0], [1, 2, 4], [3, 5, 6], [7]]
    """
    counts = edge_counts(b)
    order = np.argsort(counts, kind="stable")
    bounds = np.searchsorted(counts[order], np.arange(b.n_edges + 2))
    return [order[bounds[k]:bounds[k + 1]].astype(np.int64) for k in range(b.n_edges + 1)]
