"""Full-table retrograde analysis of Fighting for Triangles.

Every position of the side-``n`` board is a bitmask below ``2**n_edges``, and a move
only ever adds a bit, so a position's children are all larger integers.  Filling the
table from the full board down therefore sees every child before its parent: this is
retrograde analysis, and it computes the exact value of every position (a strong
solution).

The kernel is compiled with numba.  For large boards the table is cut into *blocks*
that share their high bits (``2**low_bits`` consecutive positions, 1 MiB for the default
of 20 low bits, so a block sits in the L2 cache).  A move on a low edge stays inside the
block; a move on a high edge reads the block with one more high bit, which is finished
earlier because blocks are processed in layers of decreasing high-bit count.  The
blocks of one layer are independent, so they are shared among the CPU cores.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange
from numba.cpython.unsafe.numbers import trailing_zeros

from .board import Board

__all__ = ["solve_table", "triangle_tables", "progress_bar", "DEFAULT_LOW_BITS"]

DEFAULT_LOW_BITS = 20
"""Block size exponent: blocks of ``2**20`` positions (1 MiB of ``int8``)."""


def triangle_tables(b: Board) -> tuple[np.ndarray, np.ndarray]:
    """Per edge, the masks of the other two edges of each triangle it belongs to.

    Parameters
    ----------
    b : Board
        The board.

    Returns
    -------
    first, second : numpy.ndarray of int64, shape (n_edges,)
        ``first[e]`` is the mask of the two other edges of the first triangle containing
        edge ``e + 1``; ``second[e]`` the same for its second triangle, or
        ``1 << n_edges`` (a bit no position has) when the edge lies in one triangle only.
    """
    first = np.empty(b.n_edges, dtype=np.int64)
    second = np.full(b.n_edges, 1 << b.n_edges, dtype=np.int64)
    for e, triangles in enumerate(b.edge_triangles):
        masks = [b.triangle_masks[k] & ~(1 << e) for k in triangles]
        first[e] = masks[0]
        if len(masks) > 1:
            second[e] = masks[1]
    return first, second


@njit(cache=True, inline="always")
def move_value(values, position, bit, edge, first, second):  # pragma: no cover - compiled
    """Value for its mover of drawing ``edge`` (``bit == 1 << edge``) in ``position``.

    ``first``/``second`` are the tables of `triangle_tables`; the child's value is read
    from ``values``.  Compiled (numba), for use inside other kernels.
    """
    child = np.int64(values[position | bit])
    claimed = (np.int64((position & first[edge]) == first[edge])
               + np.int64((position & second[edge]) == second[edge]))
    if claimed:
        return claimed + child
    return -child


@njit(cache=True, nogil=True)
def _solve_block(values, high, low_bits, full, first, second):  # pragma: no cover - compiled
    base = np.int64(high) << low_bits
    low = (np.int64(1) << low_bits) - 1
    while low >= 0:
        position = base | low
        free = full & ~position
        best = 0
        if free:
            best = -127
        while free:
            bit = free & -free
            free ^= bit
            candidate = move_value(values, position, bit, trailing_zeros(bit), first, second)
            if candidate > best:
                best = candidate
        values[position] = best
        low -= 1


@njit(cache=True, parallel=True)
def _solve_blocks(values, highs, low_bits, full, first, second):  # pragma: no cover - compiled
    for i in prange(highs.shape[0]):
        _solve_block(values, highs[i], low_bits, full, first, second)


def _layers(high_bits: int) -> list[np.ndarray]:
    """Block indices grouped by their number of set high bits, most bits first."""
    highs = np.arange(1 << high_bits, dtype=np.int64)
    counts = np.array([int(h).bit_count() for h in range(1 << high_bits)])
    return [highs[counts == k] for k in range(high_bits, -1, -1)]


def progress_bar(total: int, description: str):
    """A tqdm progress bar counted in blocks: a widget in Jupyter, text on a terminal.

    `tqdm.auto` picks the notebook widget inside a Jupyter kernel; without ipywidgets
    installed it would warn and fall back, so in that case the text bar (which Jupyter
    also shows) is used directly.
    """
    try:
        import ipywidgets  # noqa: F401
        from tqdm.auto import tqdm
    except ImportError:
        from tqdm import tqdm
    return tqdm(total=total, unit="block", desc=description)


def solve_table(b: Board, low_bits: int | None = None, progress: bool = False,
                out: np.ndarray | None = None) -> np.ndarray:
    """The value of every position of a board, by retrograde analysis.

    Parameters
    ----------
    b : Board
        The board; ``2**b.n_edges`` bytes of memory are needed (1 GiB for side 4).
    low_bits : int, optional
        Block size exponent, ``1 <= low_bits``; defaults to ``min(n_edges, 20)``.  Any
        value gives the same table (a test checks this on side 3).
    progress : bool, default False
        Show a tqdm progress bar counted in blocks.
    out : numpy.ndarray of int8, shape (2**n_edges,), optional
        Array to fill instead of allocating a new one.

    Returns
    -------
    numpy.ndarray of int8, shape (2**n_edges,)
        ``values[p]`` is the net score, for the side to move, of the triangles still to
        be completed from position ``p`` under optimal play; ``|values[p]|`` is at
        most the number of incomplete triangles.

    Raises
    ------
    ValueError
        If ``low_bits`` is out of range.

    Examples
    --------
    >>> from triangles_core.board import board
    >>> int(solve_table(board(3))[0])
    -3
    """
    n = b.n_edges
    if low_bits is None:
        low_bits = min(n, DEFAULT_LOW_BITS)
    if not 1 <= low_bits <= n:
        raise ValueError(f"low_bits must be in 1..{n}, got {low_bits!r}")
    values = np.empty(1 << n, dtype=np.int8) if out is None else out
    if values.shape != (1 << n,) or values.dtype != np.int8:
        raise ValueError(f"out must be an int8 array of shape ({1 << n},)")
    first, second = triangle_tables(b)
    full = np.int64((1 << n) - 1)
    layers = _layers(n - low_bits)
    step = 8  # blocks per call: a few per core, and the progress bar keeps moving
    bar = progress_bar(1 << (n - low_bits), f"side {b.side}") if progress else None
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
