"""Full-table retrograde analysis of cell games (Fighting for Triangles, Dots-and-Boxes).

Every position of a cell board is a bitmask below ``2**n_edges``, and a move only ever
adds a bit, so a position's children are all larger integers.  Filling the table from
the full board down therefore sees every child before its parent: this is retrograde
analysis, and it computes the exact value of every position (a strong solution).

The kernel is compiled with numba and reads the board only through its cell tables
(`cell_tables`: per edge, the other edges of its one or two cells), so it serves every
`triangles_core.games.cells.CellBoard`.  `move_value` is the compiled statement of the
recurrence's rule (its Python twin is `triangles_core.engine.game.move_value`); every
compiled loop of the package (this solver, the move table, the verifier, the counting
kernels of `triangles_core.analysis`) calls it.

For large boards the table is cut into *blocks* that share their high bits
(``2**low_bits`` consecutive positions, 1 MiB for the default of 20 low bits, so a block
sits in the L2 cache).  A move on a low edge stays inside the block; a move on a high
edge reads the block with one more high bit, which is finished earlier because blocks
are processed in layers of decreasing high-bit count.  The blocks of one layer are
independent, so they are shared among the CPU cores.
"""

from __future__ import annotations

import numpy as np
from numba import prange
from numba.cpython.unsafe.numbers import trailing_zeros

from ..common.progress import progress_bar
from ..games.cells import CellBoard
from .compiled import compiled

__all__ = ["DEFAULT_LOW_BITS", "MAX_TABLE_EDGES", "NOT_A_MOVE", "cell_tables", "claims", "claims_table",
           "move_value", "move_value_table", "solve_table"]

DEFAULT_LOW_BITS = 20
"""Block size exponent: blocks of ``2**20`` positions (1 MiB of ``int8``)."""

MAX_TABLE_EDGES = 31
"""The largest board whose full value table is built (31 edges: 2 GiB, 3x4 boxes)."""

NOT_A_MOVE = -128
"""The one sentinel for "not a move": below every value (values lie in -127..127)."""


def cell_tables(board: CellBoard) -> tuple[np.ndarray, np.ndarray]:
    """The board as the kernel reads it: per edge, the other edges of its cells.

    Returns
    -------
    first, second : numpy.ndarray of int64, shape (n_edges,)
        `CellBoard.other_edge_masks` as arrays.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> first, second = cell_tables(board(1))
    >>> first.tolist(), second.tolist()
    ([6, 5, 3], [8, 8, 8])
    """
    first, second = board.other_edge_masks
    return np.array(first, dtype=np.int64), np.array(second, dtype=np.int64)


@compiled(inline="always")
def claims(position, edge, first, second):  # pragma: no cover - compiled
    """How many cells drawing ``edge`` (0-based) in ``position`` completes (0, 1 or 2).

    ``first``/``second`` are the arrays of `cell_tables`.  Compiled twin of
    `triangles_core.games.cells.CellBoard.claims`.
    """
    return (np.int64((position & first[edge]) == first[edge])
            + np.int64((position & second[edge]) == second[edge]))


@compiled(inline="always")
def move_value(values, position, bit, edge, first, second):  # pragma: no cover - compiled
    """Value for its mover of drawing ``edge`` (``bit == 1 << edge``) in ``position``.

    ``first``/``second`` are the arrays of `cell_tables`; the child's value is read
    from ``values``: ``claims + child`` if the edge completes cells (the mover moves
    again), ``-child`` otherwise.  Compiled (numba), for use inside other kernels.
    """
    child = np.int64(values[position | bit])
    completed = claims(position, edge, first, second)
    if completed:
        return completed + child
    return -child


@compiled(nogil=True)
def _solve_block(values, high, low_bits, full, first, second):  # pragma: no cover - compiled
    base = np.int64(high) << low_bits
    low = (np.int64(1) << low_bits) - 1
    while low >= 0:
        position = base | low
        free = full & ~position
        best = 0
        if free:
            best = NOT_A_MOVE
        while free:
            bit = free & -free
            free ^= bit
            candidate = move_value(values, position, bit, trailing_zeros(bit), first, second)
            if candidate > best:
                best = candidate
        values[position] = best
        low -= 1


@compiled(parallel=True)
def _solve_blocks(values, highs, low_bits, full, first, second):  # pragma: no cover - compiled
    for i in prange(highs.shape[0]):
        _solve_block(values, highs[i], low_bits, full, first, second)


def _layers(high_bits: int) -> list[np.ndarray]:
    """Block indices grouped by their number of set high bits, most bits first."""
    highs = np.arange(1 << high_bits, dtype=np.int64)
    counts = np.array([int(h).bit_count() for h in range(1 << high_bits)])
    return [highs[counts == k] for k in range(high_bits, -1, -1)]


def _check_size(board: CellBoard) -> None:
    if board.n_edges > MAX_TABLE_EDGES:
        raise ValueError(f"the {board.label} has 2**{board.n_edges} positions: a full value table is built only "
                         f"up to {MAX_TABLE_EDGES} edges (2 GiB)")


def solve_table(board: CellBoard, low_bits: int | None = None, progress: bool = False,
                out: np.ndarray | None = None) -> np.ndarray:
    """The value of every position of a cell board, by retrograde analysis.

    Parameters
    ----------
    board : CellBoard
        The board; ``2**board.n_edges`` bytes of memory are needed (1 GiB for side 4).
    low_bits : int, optional
        Block size exponent, ``1 <= low_bits <= n_edges``; defaults to
        ``min(n_edges, 20)``.  Any value gives the same table (a test checks this).
    progress : bool, default False
        Show a tqdm progress bar counted in blocks.
    out : numpy.ndarray of int8, shape (2**n_edges,), optional
        Array to fill instead of allocating a new one.

    Returns
    -------
    numpy.ndarray of int8, shape (2**n_edges,)
        ``values[p]`` is the net score, for the side to move, of the cells still to be
        completed from position ``p`` under optimal play; ``|values[p]|`` is at most the
        number of incomplete cells.

    Raises
    ------
    ValueError
        If ``low_bits`` is out of range, ``out`` has the wrong shape or dtype, or the
        board has more than `MAX_TABLE_EDGES` edges.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> int(solve_table(board(3))[0])
    -3
    """
    _check_size(board)
    n = board.n_edges
    if low_bits is None:
        low_bits = min(n, DEFAULT_LOW_BITS)
    if not 1 <= low_bits <= n:
        raise ValueError(f"low_bits must be in 1..{n}, got {low_bits!r}")
    values = np.empty(1 << n, dtype=np.int8) if out is None else out
    if values.shape != (1 << n,) or values.dtype != np.int8:
        raise ValueError(f"out must be an int8 array of shape ({1 << n},)")
    first, second = cell_tables(board)
    full = np.int64((1 << n) - 1)
    layers = _layers(n - low_bits)
    step = 8  # blocks per call: a few per core, and the progress bar keeps moving
    bar = progress_bar(1 << (n - low_bits), board.label, unit="block") if progress else None
    try:
        for layer in layers:
            for start in range(0, len(layer), step):
                _solve_blocks(values, layer[start:start + step], low_bits, full, first, second)
                if bar is not None:
                    bar.update(len(layer[start:start + step]))
    finally:
        if bar is not None:
            bar.close()
    return values


@compiled(parallel=True)
def _move_value_table(values, n_edges, first, second, table):  # pragma: no cover - compiled
    for position in prange(values.shape[0]):
        p = np.int64(position)
        for e in range(n_edges):
            bit = np.int64(1) << e
            if p & bit:
                table[p, e] = NOT_A_MOVE
            else:
                table[p, e] = move_value(values, p, bit, e, first, second)


MAX_MOVE_TABLE_EDGES = 24
"""The largest board whose whole move table is built (24 edges: 384 MiB)."""


def move_value_table(board: CellBoard, values: np.ndarray) -> np.ndarray:
    """The value of every legal move of every position, for its mover.

    Parameters
    ----------
    board : CellBoard
        A board with at most `MAX_MOVE_TABLE_EDGES` edges.
    values : numpy.ndarray of int8, shape (2**n_edges,)
        Its value table.

    Returns
    -------
    numpy.ndarray of int8, shape (2**n_edges, n_edges)
        ``table[p, e]`` is the value of drawing edge ``e + 1`` in position ``p``, or
        `NOT_A_MOVE` where that edge is already drawn.  The row maximum over legal
        moves is ``values[p]``.

    Raises
    ------
    ValueError
        If the board is too large for a whole move table.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> b = board(2)
    >>> table = move_value_table(b, solve_table(b))
    >>> table.shape, int(table[0].max())
    ((512, 9), -2)
    """
    if board.n_edges > MAX_MOVE_TABLE_EDGES:
        raise ValueError(f"the {board.label} has {board.n_edges} edges: whole move tables are built only up to "
                         f"{MAX_MOVE_TABLE_EDGES} edges")
    first, second = cell_tables(board)
    table = np.empty((values.shape[0], board.n_edges), dtype=np.int8)
    _move_value_table(values, board.n_edges, first, second, table)
    return table


@compiled(parallel=True)
def _claims_table(n_positions, n_edges, first, second, table):  # pragma: no cover - compiled
    for position in prange(n_positions):
        p = np.int64(position)
        for e in range(n_edges):
            table[p, e] = 0 if p >> e & 1 else claims(p, e, first, second)


def claims_table(board: CellBoard) -> np.ndarray:
    """How many cells each move completes, for every position.

    Returns
    -------
    numpy.ndarray of int8, shape (2**n_edges, n_edges)
        ``table[p, e]``: cells (0, 1 or 2) that drawing edge ``e + 1`` completes in
        position ``p``; 0 where that edge is already drawn.

    Raises
    ------
    ValueError
        If the board has more than `MAX_MOVE_TABLE_EDGES` edges.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> int(claims_table(board(1))[0b011, 2])
    1
    """
    if board.n_edges > MAX_MOVE_TABLE_EDGES:
        raise ValueError(f"the {board.label} has {board.n_edges} edges: whole move tables are built only up to "
                         f"{MAX_MOVE_TABLE_EDGES} edges")
    first, second = cell_tables(board)
    table = np.empty((1 << board.n_edges, board.n_edges), dtype=np.int8)
    _claims_table(1 << board.n_edges, board.n_edges, first, second, table)
    return table
