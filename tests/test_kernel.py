"""The vectorised retrograde kernel: its move-value rule, group and block sizes, boxes boards.

Sides 1..3 and the small boxes boards with the default sizes against the reference
negamax are in test_solver.py; here the vector form of
the rule is checked against the scalar one on every input, every block and group size
against the reference negamax (the one test of the sizes), and random positions of the
larger boxes boards against the reference negamax.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from numba import njit
from test_side4 import random_position

from triangles_core.engine.game import NegamaxSolver, deep_recursion
from triangles_core.engine.lanes import LaneWidth, lane_count, load_lanes, store_lanes
from triangles_core.engine.retrograde import MAX_GROUP_BITS, _rule_lanes, move_values, rule_value, solve_table
from triangles_core.games.boxes import BoxesGame, boxes_board
from triangles_core.games.triangles import TriangleGame, board


@njit
def _vector_rule(children, xor, add, like):
    out = np.empty_like(children)
    lanes = lane_count(like)
    for start in range(0, children.shape[0], lanes):
        moves = move_values(
            load_lanes(children, start, like), load_lanes(xor, start, like), load_lanes(add, start, like)
        )
        store_lanes(out, start, moves)
    return out


@pytest.mark.parametrize("points", [1, 0], ids=["score", "control"])
@pytest.mark.parametrize("completed", [0, 1, 2])
def test_vector_rule_is_the_scalar_rule(completed, points):
    """`move_values` with the constants of `_rule_lanes` is `rule_value`, child by child, for the score rule
    (one point per cell) and the control rule of Nimstring (no points)."""
    children = np.arange(-96, 96, dtype=np.int8)  # 192 children: 6 vectors of 32 lanes
    xor, add = (np.full_like(children, c) for c in _rule_lanes(completed, points=points))
    vector = _vector_rule(children, xor, add, LaneWidth(32))
    # one edge (bit 0) whose cells are complete (mask 0) or never complete (bit 5)
    first = np.array([0 if completed >= 1 else 1 << 5], dtype=np.int64)
    second = np.array([0 if completed >= 2 else 1 << 5], dtype=np.int64)
    values = np.zeros(2, dtype=np.int8)
    for child, got in zip(children.tolist(), vector.tolist(), strict=True):
        values[1] = child
        assert got == rule_value(values, np.int64(0), np.int64(1), 0, first, second, points)


def negamax_table(game) -> np.ndarray:
    solver = NegamaxSolver(game)
    return np.array([solver.value(p) for p in range(1 << game.board.n_edges)], dtype=np.int8)


@pytest.mark.parametrize("game, every", [(TriangleGame(2), True), (BoxesGame(2, 2), False)], ids=["side2", "boxes2x2"])
def test_every_block_and_group_size_gives_thenegamax_table(game, every):
    """Blocks of 2**1 positions up to one block for the whole table, each with every group size it admits.

    Every block size on side 2; on 2x2 boxes (other cells, the same blocks) the smallest,
    a middle one and the whole table.
    """
    expected = negamax_table(game)
    n = game.board.n_edges
    for low_bits in range(1, n + 1) if every else sorted({1, n // 2, n}):
        for group_bits in range(0, min(low_bits, MAX_GROUP_BITS) + 1):
            np.testing.assert_array_equal(
                solve_table(game.board, low_bits=low_bits, group_bits=group_bits),
                expected,
                err_msg=f"{low_bits=} {group_bits=}",
            )


@pytest.mark.parametrize("rows, cols", [(2, 3), pytest.param(3, 3, marks=pytest.mark.slow)])
def test_boxes_random_positions_match_negamax(rows, cols):
    """1,000 random positions with 0 to 11 free lines agree with the reference negamax."""
    b = boxes_board(rows, cols)
    values = solve_table(b)
    solver = NegamaxSolver(BoxesGame(rows, cols))
    rng = random.Random(rows * 10 + cols)
    for _ in range(1000):
        position = random_position(rng, b.n_edges, rng.randint(0, min(b.n_edges, 11)))
        assert values[position] == solver.value(position), bin(position)
    assert np.abs(values).max() <= b.n_cells


def _read_only(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


@pytest.mark.parametrize(
    "board_, options, said",
    [
        (board(5), {}, "up to 31 edges"),
        (board(3), dict(low_bits=0), "low_bits"),
        (board(3), dict(low_bits=19), "low_bits"),
        (board(3), dict(low_bits=-1), "low_bits"),
        (board(3), dict(low_bits=3, group_bits=4), "group_bits"),
        (board(3), dict(low_bits=18, group_bits=7), "group_bits"),
        (board(3), dict(low_bits=18, group_bits=-1), "group_bits"),
        (board(3), dict(low_bits=6, group_bits=7), "group_bits"),
        (board(3), dict(out=np.zeros(1 << 17, dtype=np.int8)), "out"),  # the wrong length
        (board(3), dict(out=np.zeros(1 << 18, dtype=np.int16)), "out"),  # the wrong type
        (board(3), dict(out=np.zeros(1 << 19, dtype=np.int8)[::2]), "out"),  # not contiguous
        (board(3), dict(out=_read_only(np.zeros(1 << 18, dtype=np.int8))), "out"),
    ],
)
def test_what_would_crash_the_kernel_is_refused(board_, options, said):
    """Compiled code would read or write out of bounds: a board too big, block and group sizes out of range, and
    an output array of the wrong length, type or layout are refused before it runs."""
    with pytest.raises(ValueError, match=said):
        solve_table(board_, **options)


def test_a_given_output_array_is_filled_with_the_table(solution3):
    out = np.full(1 << 18, 99, dtype=np.int8)
    assert solve_table(board(3), low_bits=10, out=out) is out
    np.testing.assert_array_equal(out, solution3.values)


@pytest.mark.bigboard
def test_boxes_3x4_31_lines_random_positions_match_negamax():
    """The largest board the kernel takes: 3x4 Dots-and-Boxes, 31 lines, a 2 GiB table."""
    b = boxes_board(3, 4)
    assert b.n_edges == 31
    values = solve_table(b)
    solver = NegamaxSolver(BoxesGame(3, 4))
    rng = random.Random(34)
    assert values[b.full] == 0
    with deep_recursion():
        for _ in range(500):
            position = random_position(rng, b.n_edges, rng.randint(0, 12))
            assert values[position] == solver.value(position), bin(position)
