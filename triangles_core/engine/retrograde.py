"""Full-table retrograde analysis of cell games (Fighting for Triangles, Dots-and-Boxes).

A move only adds a bit to a position's bitmask, so filling the table from the full board
down sees every child before its parent: the exact value of every position (a strong
solution).  The numba kernel reads the board only through `cell_tables`, so it serves
every `triangles_core.games.cells.CellBoard` up to `MAX_TABLE_EDGES` edges (3x4 boxes,
2 GiB), under either terminal rule of `RULES` (the cell game or Nimstring).  `move_value`
is the compiled statement of the recurrence (its Python twin is
`triangles_core.engine.game.move_value`; a test checks that they agree on every input).

The kernel works on three levels:

- *blocks* of ``2**low_bits`` positions sharing their high bits, in layers of decreasing
  high-bit count; the blocks of a layer are independent and shared among the cores;
- inside a block, *groups* of ``2**group_bits`` positions (the *lanes*,
  `triangles_core.engine.lanes`): an *outer* edge's 32 children are 32 consecutive bytes,
  so its move values are one vector load, xor, add and max;
- the *inner* edges (bit ``k < group_bits``) lead from lane ``j`` to lane ``j + 2**k``
  and are done in registers by shifting lanes, ``group_bits`` rounds.
"""

from __future__ import annotations

import functools

import numpy as np
from llvmlite import ir
from numba import prange
from numba.core.extending import intrinsic

from .._files import progress_bar
from ..errors import InvalidPositionError
from ..games.cells import CellBoard
from .compiled import compiled, trailing_zeros
from .lanes import (
    Lanes,
    LaneWidth,
    array_pointer,
    emit_max,
    lane_count,
    lanes_max,
    load_lanes,
    store_lanes,
    vector_type,
)
from .limits import MAX_MOVE_TABLE_EDGES, MAX_TABLE_EDGES
from .solutions import check_values

__all__ = [
    "DEFAULT_GROUP_BITS",
    "DEFAULT_LOW_BITS",
    "MAX_GROUP_BITS",
    "MAX_TABLE_EDGES",
    "NOT_A_MOVE",
    "SPOT_CHECK_POSITIONS",
    "cell_tables",
    "claims",
    "claims_table",
    "move_value",
    "move_value_table",
    "rule_value",
    "move_values",
    "RULES",
    "derived_values",
    "recurrence_problem",
    "solve_table",
]

DEFAULT_LOW_BITS = 20
"""Block size exponent: blocks of ``2**20`` positions (1 MiB of ``int8``)."""

DEFAULT_GROUP_BITS = 5
"""Group size exponent: groups of 32 positions, one AVX2 register of ``int8``."""

MAX_GROUP_BITS = 6
"""Largest group size exponent (64 lanes: one AVX-512 register, two AVX2 registers)."""


NOT_A_MOVE = -64
"""The one sentinel for "not a move": below every move value.

A cell has at least 3 edges and an edge lies in at most 2 cells, so a board of at most
`MAX_TABLE_EDGES` edges has at most 20 cells, and every value and move value lies in
-20..20.  In the kernel, lanes that are not final yet stay within
``|v| <= 64 + 2 * MAX_GROUP_BITS``, so ``int8`` never overflows.
"""


RULES = {"score": (1, 0), "control": (0, -1)}
"""The two terminal rules of the recurrence: ``(points per completed cell, value of the full board)``.

``"score"`` is the cell game (Fighting for Triangles, Dots-and-Boxes): the value is the
net score of the cells still to come.  ``"control"`` is Nimstring, the game of control
(Berlekamp, Conway and Guy, *Winning Ways*, ch. 16): the same moves, a completed cell
obliges the same player to move again, nothing is scored, and the player who cannot move
(the one who completed the last cell) loses; its values are +1 (the mover wins) and -1.
"""


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


# --------------------------------------------------------------------------------------
# The move-value rule, once as a scalar and once for a vector of lanes.
# --------------------------------------------------------------------------------------


@compiled(inline="always")
def claims(position, edge, first, second):  # pragma: no cover - compiled
    """How many cells drawing ``edge`` (0-based) in ``position`` completes (0, 1 or 2)."""
    return np.int64((position & first[edge]) == first[edge]) + np.int64((position & second[edge]) == second[edge])


@compiled(inline="always")
def rule_value(values, position, bit, edge, first, second, points):  # pragma: no cover - compiled
    """Value for its mover of drawing ``edge`` (``bit == 1 << edge``) in ``position``, under a rule."""
    child = np.int64(values[position | bit])
    completed = claims(position, edge, first, second)
    if completed:
        return points * completed + child
    return -child


@compiled(inline="always")
def move_value(values, position, bit, edge, first, second):  # pragma: no cover - compiled
    """`rule_value` of the cell game (one point per completed cell): ``claims + child`` or ``-child``."""
    return rule_value(values, position, bit, edge, first, second, 1)


def _rule_lanes(completed: int, points: int = 1) -> tuple[int, int]:
    """The constants ``(xor, add)`` that make `move_values` the rule of `rule_value`."""
    if completed:
        return 0, points * completed
    return -1, 1


def _emit_move_values(builder, child, xor, add):
    # (child ^ xor) + add, lane by lane: the vector form of `move_value` (see `_rule_lanes`).
    return builder.add(builder.xor(child, xor), add)


@intrinsic
def move_values(typingctx, child, xor, add):
    """Vector form of `move_value`: the move values of a group of lanes, ``(child ^ xor) + add``."""
    if not isinstance(child, Lanes) or not child == xor == add:
        return None

    def codegen(context, builder, sig, args):
        return _emit_move_values(builder, *args)

    return child(child, xor, add), codegen


@intrinsic
def _best_inner_move(typingctx, vector, lane_tables, inner_rows):
    """Lane by lane, the best move on an inner edge, children read from ``vector``."""
    if not isinstance(vector, Lanes):
        return None

    def codegen(context, builder, sig, args):
        count = sig.args[0].count
        v, tables, rows = args
        rows_array = context.make_array(sig.args[2])(context, builder, rows)
        fill = ir.Constant(vector_type(count), [NOT_A_MOVE] * count)
        best = fill
        k = 0
        while 1 << k < count:
            step = 1 << k
            row = builder.load(builder.gep(rows_array.data, [ir.Constant(ir.IntType(64), k)]))
            xor = builder.load(array_pointer(context, builder, sig.args[1], tables, row, count), align=1)
            add_at = builder.add(row, ir.Constant(row.type, count))
            add = builder.load(array_pointer(context, builder, sig.args[1], tables, add_at, count), align=1)
            mask = [j + step if not j & step else count for j in range(count)]
            child = builder.shuffle_vector(v, fill, ir.Constant(ir.VectorType(ir.IntType(32), count), mask))
            best = emit_max(builder, best, _emit_move_values(builder, child, xor, add))
            k += 1
        return best

    return vector(vector, lane_tables, inner_rows), codegen


# --------------------------------------------------------------------------------------
# The kernel.
# --------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def _lane_tables(first_bytes: bytes, second_bytes: bytes, n_edges: int, group_bits: int, rule: str = "score"):
    """The per-group constants of the kernel (``first``/``second`` as bytes: a cache key) for a `RULES` rule."""
    points, terminal = RULES[rule]
    first = np.frombuffer(first_bytes, dtype=np.int64)
    second = np.frombuffer(second_bytes, dtype=np.int64)
    lanes = 1 << group_bits
    lane_part = lanes - 1
    lane = np.arange(lanes, dtype=np.int64)
    row = np.arange(4, dtype=np.int64)[None, :, None]
    completed = np.zeros((n_edges, 4, lanes), dtype=np.int64)
    for bit, cells in ((1, first), (2, second)):
        inside = (cells & lane_part)[:, None, None]
        completed += ((row & bit) != 0) & ((lane & inside) == inside)
    xor_add = np.array([_rule_lanes(c, points) for c in range(3)], dtype=np.int8)  # completed -> (xor, add)
    tables = xor_add[completed].transpose(0, 1, 3, 2).copy()  # (edge, row, xor/add, lane)
    # an inner edge drawn in a lane is no move there: xor = add = 0 (its child is NOT_A_MOVE)
    edge = np.arange(n_edges, dtype=np.int64)[:, None]
    drawn = (edge < group_bits) & ((lane >> edge) & 1 == 1)  # shape (edge, lane)
    tables *= ~drawn[:, None, None, :]
    start = np.full((2, lanes), NOT_A_MOVE, dtype=np.int8)
    start[1, lanes - 1] = terminal
    outer = np.int64(~lane_part)
    constants = first & outer, second & outer, tables.reshape(-1), start.reshape(-1)
    for array in constants:
        array.flags.writeable = False
    return constants


@compiled(inline="always")
def _row(base, first_outer, second_outer, edge):  # pragma: no cover - compiled
    return np.int64((base & first_outer[edge]) == first_outer[edge]) | (
        np.int64((base & second_outer[edge]) == second_outer[edge]) << 1
    )


@compiled(nogil=True)
def _solve_block(
    values, high, low_bits, full, first_outer, second_outer, lane_tables, start_lanes, like
):  # pragma: no cover - compiled
    lanes: int = lane_count(like)  # type: ignore[call-arg]  # an intrinsic: typingctx is numba's, not ours
    group_bits = trailing_zeros(lanes)
    lane_part = lanes - 1
    row_size = 2 * lanes
    inner_rows = np.empty(max(group_bits, 1), dtype=np.int64)
    block = np.int64(high) << low_bits
    for group in range((np.int64(1) << (low_bits - group_bits)) - 1, -1, -1):
        base = block + group * lanes
        # Outer edges: the children of the group are the lanes of one other group.
        outer = load_lanes(start_lanes, lanes * np.int64(base + lane_part == full), like)
        free = full & ~base & ~lane_part
        while free:
            bit = free & -free
            free ^= bit
            edge = trailing_zeros(bit)
            at = (4 * edge + _row(base, first_outer, second_outer, edge)) * row_size
            child = load_lanes(values, base | bit, like)
            outer = lanes_max(
                outer, move_values(child, load_lanes(lane_tables, at, like), load_lanes(lane_tables, at + lanes, like))
            )
        # Inner edges: a lane's children are lanes of this group with one more inner bit.
        # Each round recomputes every lane from the previous round's lanes; after round r
        # the lanes with at least group_bits - r inner bits are final (the lane with all
        # of them has no inner move: it is final from the start).
        for k in range(group_bits):
            inner_rows[k] = (4 * k + _row(base, first_outer, second_outer, k)) * row_size
        v = outer
        for _ in range(group_bits):
            v = lanes_max(outer, _best_inner_move(v, lane_tables, inner_rows))
        store_lanes(values, base, v)


@compiled(parallel=True)
def _solve_blocks(
    values, highs, low_bits, full, first_outer, second_outer, lane_tables, start_lanes, like
):  # pragma: no cover - compiled
    for i in prange(highs.shape[0]):
        _solve_block(values, highs[i], low_bits, full, first_outer, second_outer, lane_tables, start_lanes, like)


def _layers(high_bits: int) -> list[np.ndarray]:
    """Block indices grouped by their number of set high bits, most bits first."""
    highs = np.arange(1 << high_bits, dtype=np.int64)
    counts = np.zeros_like(highs)
    for i in range(high_bits):
        counts += highs >> i & 1
    return [highs[counts == k] for k in range(high_bits, -1, -1)]


def _check_size(board: CellBoard, limit: int = MAX_TABLE_EDGES) -> None:
    if board.n_edges > limit:
        raise ValueError(f"the {board.label} has {board.n_edges} edges: this table is built only up to {limit} edges")


def solve_table(
    board: CellBoard,
    low_bits: int | None = None,
    progress: bool = False,
    out: np.ndarray | None = None,
    group_bits: int | None = None,
    rule: str = "score",
) -> np.ndarray:
    """The value of every position of a cell board (at most `MAX_TABLE_EDGES` edges), by retrograde analysis.

    Parameters
    ----------
    low_bits : int, optional
        Block size exponent, ``1 <= low_bits <= n_edges``.
    progress : bool, default False
        Show a tqdm progress bar counted in blocks.
    out : numpy.ndarray of int8, shape (2**n_edges,), optional
        A writeable contiguous array to fill instead of allocating a new one.
    group_bits : int, optional
        Group size exponent, ``0 <= group_bits <= min(low_bits, MAX_GROUP_BITS)``.
    rule : {"score", "control"}, default "score"
        `RULES`: the cell game, or Nimstring on the same board.

    Returns
    -------
    numpy.ndarray of int8, shape (2**n_edges,)
        ``values[p]``: the net score for the player to move of the cells still to be
        completed from ``p`` under optimal play; under ``rule="control"`` +1 if the player to
        move wins Nimstring, -1 if not.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> int(solve_table(board(3))[0])
    -3
    >>> from triangles_core.games.boxes import boxes_board
    >>> solve_table(boxes_board(1, 1))[[0b0000, 0b0001, 0b0011, 0b0111, 0b1111]].tolist()
    [-1, 1, -1, 1, 0]
    >>> solve_table(boxes_board(1, 1), rule="control")[[0b0000, 0b0001, 0b0011, 0b0111, 0b1111]].tolist()
    [1, -1, 1, -1, -1]
    """
    _check_size(board)
    if rule not in RULES:
        raise ValueError(f"rule must be one of {sorted(RULES)}, got {rule!r}")
    n = board.n_edges
    if low_bits is None:
        low_bits = min(n, DEFAULT_LOW_BITS)
    if not 1 <= low_bits <= n:
        raise ValueError(f"low_bits must be in 1..{n}, got {low_bits!r}")
    if group_bits is None:
        group_bits = min(low_bits, DEFAULT_GROUP_BITS)
    if not 0 <= group_bits <= min(low_bits, MAX_GROUP_BITS):
        raise ValueError(f"group_bits must be in 0..{min(low_bits, MAX_GROUP_BITS)}, got {group_bits!r}")
    values = np.empty(1 << n, dtype=np.int8) if out is None else out
    if (
        values.shape != (1 << n,)
        or values.dtype != np.int8
        or not values.flags.c_contiguous
        or not values.flags.writeable
    ):  # the vector stores would ignore the flags
        raise ValueError(f"out must be a writeable contiguous int8 array of shape ({1 << n},)")
    first, second = cell_tables(board)
    tables = _lane_tables(first.tobytes(), second.tobytes(), n, group_bits, rule)
    like = LaneWidth(1 << group_bits)
    full = np.int64((1 << n) - 1)
    # blocks per call: a few per core, and the progress bar keeps moving; small blocks are
    # batched so that a call does at least about a million positions
    step = max(8, 1 << max(0, 20 - low_bits))
    bar = progress_bar(1 << (n - low_bits), board.label, unit="block") if progress else None
    try:
        for layer in _layers(n - low_bits):
            for start in range(0, len(layer), step):
                highs = layer[start : start + step]
                if len(highs) == 1:  # no parallel region for a single block (small boards)
                    _solve_block(values, highs[0], low_bits, full, *tables, like)
                else:
                    _solve_blocks(values, highs, low_bits, full, *tables, like)
                if bar is not None:
                    bar.update(len(highs))
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


def move_value_table(board: CellBoard, values: np.ndarray) -> np.ndarray:
    """The value of every legal move of every position (at most `MAX_MOVE_TABLE_EDGES` edges), for its mover.

    ``table[p, e]`` is the value of drawing edge ``e + 1`` in ``p``, or `NOT_A_MOVE` where it is drawn.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> b = board(2)
    >>> table = move_value_table(b, solve_table(b))
    >>> table.shape, int(table[0].max())
    ((512, 9), -2)
    """
    _check_size(board, MAX_MOVE_TABLE_EDGES)
    check_values(board, values)
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
    """How many cells (0, 1 or 2) drawing edge ``e + 1`` completes in position ``p``, as ``table[p, e]``.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> int(claims_table(board(1))[0b011, 2])
    1
    """
    _check_size(board, MAX_MOVE_TABLE_EDGES)
    first, second = cell_tables(board)
    table = np.empty((1 << board.n_edges, board.n_edges), dtype=np.int8)
    _claims_table(1 << board.n_edges, board.n_edges, first, second, table)
    return table


@compiled(parallel=True)
def _derive(values, positions, start, size, n_edges, first, second, points, terminal):  # pragma: no cover - compiled
    # Positions ``positions[k]``, or ``start + k`` where none are given.  Edge by edge: each
    # pass streams through values[p | bit] in order (2-4x faster on side 4 than by position).
    listed = positions.shape[0] > 0
    best = np.full(size, NOT_A_MOVE, dtype=np.int8)
    for e in range(n_edges):
        bit = np.int64(1) << e
        for k in prange(size):
            p = positions[k] if listed else start + k
            if not p & bit:
                candidate = rule_value(values, p, bit, e, first, second, points)
                if candidate > best[k]:
                    best[k] = candidate
    for k in prange(size):
        if best[k] == NOT_A_MOVE:  # the full board: no move
            best[k] = terminal
    return best


def derived_values(
    board: CellBoard, values: np.ndarray, positions: np.ndarray | range, rule: str = "score"
) -> np.ndarray:
    """The value the recurrence gives each of ``positions`` (an array, or a range of step 1) from its children.

    ``values`` is checked; ``rule`` is the `RULES` rule of the table.

    Examples
    --------
    >>> from triangles_core import solve
    >>> s = solve(2)
    >>> derived_values(s.board, s.values, np.array([0, 5], dtype=np.int64)).tolist() == s.values[[0, 5]].tolist()
    True
    >>> bool((derived_values(s.board, s.values, range(512)) == s.values).all())
    True
    """
    check_values(board, values)
    span = positions if isinstance(positions, range) else None
    given = np.asarray([] if span else positions)
    if given.ndim != 1 or (given.size and given.dtype.kind not in "iu"):
        raise InvalidPositionError(f"positions must be a 1-d array of bitmasks, got {given.dtype} {given.shape}")
    positions = given.astype(np.int64)
    low, high = (span[0], span[-1]) if span else (positions.min(), positions.max()) if positions.size else (0, 0)
    if low < 0 or high >> board.n_edges or (span and span.step != 1):
        raise InvalidPositionError(f"positions of the {board.label} are 0..{(1 << board.n_edges) - 1}")
    first, second = cell_tables(board)
    start, size = (span.start, len(span)) if span else (0, positions.size)
    return _derive(values, positions, start, size, board.n_edges, first, second, *RULES[rule])


SPOT_CHECK_POSITIONS = 1 << 16
"""Positions of a table read from the cache that `recurrence_problem` checks (a few milliseconds)."""


def recurrence_problem(
    board: CellBoard,
    values: np.ndarray,
    samples: int = SPOT_CHECK_POSITIONS,
    seed: int | None = None,
    rule: str = "score",
) -> str | None:
    """Spot-check a value table (checked) against the recurrence of ``rule``: None if it holds, else what is wrong.

    Examples
    --------
    >>> from triangles_core import solve
    >>> table = solve(3).values.copy()
    >>> recurrence_problem(solve(3).board, table) is None
    True
    >>> table[0] = 5                                  # only the empty board is wrong
    >>> recurrence_problem(solve(3).board, table).startswith("disagrees with the recurrence at 1 of ")
    True
    """
    rng = np.random.default_rng(seed)
    fixed = np.array([0, board.full, *(1 << e for e in range(board.n_edges))], dtype=np.int64)
    positions = np.unique(np.concatenate([fixed, rng.integers(0, 1 << board.n_edges, size=samples, dtype=np.int64)]))
    bad = int(np.count_nonzero(derived_values(board, values, positions, rule) != values[positions]))
    return None if bad == 0 else f"disagrees with the recurrence at {bad:,} of {positions.size:,} sampled positions"
