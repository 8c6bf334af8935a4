"""Library entry points refuse what would give a wrong answer or crash compiled code.

DESIGN.md guarantee 2: an edge out of range, an illegal move, a board too big, a
position that cannot occur, a table of the wrong length.  Everything else is left to
Python's default behaviour.  The bad positions and illegal moves of test_contract.py (every
solved game) are not repeated here; peg and Number Game refusals with their messages are in
test_peg_game.py and test_number_game.py.
"""

from __future__ import annotations

import numpy as np
import pytest

import triangles_core as tc
from triangles_core.analysis.records import RecordError
from triangles_core.engine.retrograde import derived_values, move_value_table
from triangles_core.engine.solutions import TableSolution
from triangles_core.games.number import InvalidNumberPositionError, NumberGame, choose
from triangles_core.games.peg import InvalidPegBoardError, Jump, PegGame, peg_board
from triangles_core.games.triangles import board


@pytest.mark.parametrize(
    "call",
    [
        lambda: tc.solve(3).value([19]),
        lambda: tc.solve(3).value(1 << 18),
        lambda: tc.solve(3).value([1.0]),
        lambda: board(3).edge_dots(19),
        lambda: tc.boxes_board(2, 2).position([13]),
        lambda: derived_values(board(2), tc.solve(2).values, np.array([512])),
        lambda: derived_values(board(2), tc.solve(2).values, np.array([0.5, 3.7])),
        lambda: derived_values(board(2), tc.solve(2).values, np.zeros((2, 2), dtype=np.int64)),
    ],
    ids=[
        "edge-19",
        "mask-high",
        "float-edge",
        "edge_dots",
        "boxes",
        "derived-values",
        "derived-values-float",
        "derived-values-2d",
    ],
)
def test_an_edge_out_of_range_is_refused(call):
    with pytest.raises(tc.InvalidPositionError):
        call()


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: tc.GameRecord.from_moves(3, [4, 4]), RecordError),
        (lambda: tc.GameRecord.from_moves(3, [1.5]), RecordError),
        (lambda: tc.parse_record("1 2\n2 1"), RecordError),
        (lambda: PegGame(3).check_move((0, 2, 1, 3, 1, 1), Jump(1, 2, 4)), InvalidPegBoardError),
        (lambda: peg_board(2).play((0, 4, 5), Jump(3, 2, 1)), ValueError),
        (lambda: choose(choose(NumberGame.start, 4), 8), InvalidNumberPositionError),
    ],
    ids=["record", "record-float", "record-text", "peg-check", "peg-play", "number"],
)
def test_an_illegal_move_is_refused(call, error):
    with pytest.raises(error):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: tc.solve(5, method="table"),
        lambda: tc.solve(7),
        lambda: board(65),
        lambda: tc.boxes_board(1, 65),
        lambda: peg_board(65),
        lambda: board(True),
        lambda: board(0),
    ],
    ids=["side5-table", "side7", "side65", "boxes65", "peg65", "side-True", "side0"],
)
def test_a_board_too_big_is_refused(call):
    with pytest.raises(ValueError):
        call()


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: NumberGame().position(1 << 19), InvalidNumberPositionError),
        (lambda: tc.solve_number_game().value(True), InvalidNumberPositionError),
        (lambda: tc.solve_number_game().value([2.0]), InvalidNumberPositionError),
        (lambda: tc.solve_number_game().value(2**100), InvalidNumberPositionError),
        (lambda: tc.solve_peg([0] + [1] * 13 + [2.5]), InvalidPegBoardError),
        (lambda: tc.solve_peg([0] + [1] * 13 + ["7"]), InvalidPegBoardError),
        (lambda: tc.solve_peg([0] + [1] * 13 + [3.0]), InvalidPegBoardError),
    ],
    ids="number-mask number-bool number-float number-huge peg-float peg-text peg-float-3".split(),
)
def test_a_position_that_cannot_occur_is_refused(call, error):
    with pytest.raises(error):
        call()


@pytest.mark.parametrize("values", [np.zeros(16, np.int8), np.zeros(1 << 18, np.int16), [0] * (1 << 18)])
def test_a_table_of_the_wrong_length_or_type_is_refused(values):
    with pytest.raises(ValueError, match="table must be an int8 array"):
        TableSolution(board(3), values)
    with pytest.raises(ValueError, match="table must be an int8 array"):
        derived_values(board(4), values, np.arange(16))
    with pytest.raises(ValueError, match="table must be an int8 array"):
        move_value_table(board(3), values)


def test_a_board_that_borrows_a_key_is_solved_for_itself():
    fake = tc.CellBoard("side3", "borrowed-key board", [(0, 0), (1, 0)], [(1, 2)], [], [(1, 2)])
    assert fake != board(3)
    assert tc.solve_cells(fake).value(0) == 0
    assert tc.solve(3).value(0) == -3
