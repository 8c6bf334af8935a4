"""A cell game solved into a value table, and the questions it answers.

`TableSolution` holds the value of every position of a cell board
(`triangles_core.games.cells`) as an ``int8`` array indexed by the position's bitmask,
and answers every query of the solved-game interface
(`triangles_core.engine.solved.SolvedGame`) from it; code that reads the whole table
(``values``, ``move_table``, ``board``) takes a `TableSolution`.  ``Solution`` is its
former name and stays an alias.  (A position drawn in
Jupyter is the plotting layer's `triangles_core.plot.boards.show_position`.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable

import numpy as np

from ..common.checks import check_instance
from ..common.errors import DamagedTableError
from ..games.cells import CellBoard, CellGame, Position, check_cell_board
from ..games.triangles import TriangleBoard
from .solved import ValueFunctionSolution

__all__ = ["Solution", "TableSolution", "check_table_solution", "check_values"]


def check_values(board: CellBoard, values: np.ndarray) -> np.ndarray:
    """``values`` as an array if it is a value table of ``board`` (int8, one entry per position), else raise.

    Every compiled kernel that reads a table is called through this check, so that a
    wrong table is refused with a message instead of being read out of bounds.

    Raises
    ------
    ValueError
        For anything but a numpy int8 array of shape ``(2**board.n_edges,)``.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> check_values(board(3), np.zeros(16, np.int8))
    Traceback (most recent call last):
    ...
    ValueError: a side-3 board table must be an int8 array of shape (262144,), got int8 of shape (16,)
    """
    check_cell_board(board)
    expected = 1 << board.n_edges
    if not isinstance(values, np.ndarray) or values.dtype != np.int8 or values.shape != (expected,):
        shape = getattr(values, "shape", None)
        dtype = getattr(values, "dtype", type(values).__name__)
        raise ValueError(
            f"a {board.label} table must be an int8 array of shape ({expected},), got {dtype} of shape {shape}"
        )
    return values


@dataclass(frozen=True, eq=False)
class TableSolution(ValueFunctionSolution):
    """The value of every position of one cell board: a strong solution, as a table.

    Parameters
    ----------
    board : CellBoard
        The board that was solved (the triangular board of side n, or a boxes board).
    values : numpy.ndarray of int8, shape (2**board.n_edges,)
        ``values[p]``: net score for the player to move in position ``p``, counting only
        cells completed from now on, under optimal play by both.

    Raises
    ------
    ValueError
        If ``values`` is not an int8 array of one entry per position (`check_values`).

    Examples
    --------
    >>> from triangles_core import solve
    >>> s = solve(3)
    >>> s.value([])
    -3
    >>> s.verdict([1, 2, 3, 4, 5, 6])
    'win'
    >>> s.move_values([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])
    {17: -1, 18: -1}
    """

    board: CellBoard
    values: np.ndarray = field(repr=False)

    def __post_init__(self) -> None:
        check_values(self.board, self.values)

    @cached_property
    def game(self) -> CellGame:  # type: ignore[override]  # why: the base's plain attribute, computed once here
        """The game in the `triangles_core.engine.game.Game` form."""
        return CellGame(self.board)

    @property
    def side(self) -> int:
        """The side of a triangular board.

        Raises
        ------
        AttributeError
            For a board that has no side (Dots-and-Boxes).
        """
        if not isinstance(self.board, TriangleBoard):
            raise AttributeError(f"the {self.board.label} has no side: it is not a triangular board")
        return self.board.side

    def _value_of(self, position: Position) -> int:
        return int(self.values[position])

    def _derived(self, position: Position) -> int:
        """The value the recurrence gives ``position`` from its children's entries (0 for the full board)."""
        children = self._move_values(position)
        return max(children.values()) if children else self.game.terminal_value(position)

    def _answer(self, position: Position) -> int:
        """``values[position]``, checked against the recurrence at that position before it is given out.

        The value must be the best move value there (the terminal value 0 when the board
        is full).  Every answer about a position (``value``, ``verdict``,
        ``optimal_moves``, each step of ``principal_variation``) passes this check, and
        so does the child entry behind every move value (``move_value``,
        ``move_values``, ``winning_moves`` and the others), so a table damaged or forged
        where it is asked is never the source of an answer.
        What it does not cover: the check looks one ply deep, so a table changed
        consistently (a child's entry and every parent's entry changed together) agrees
        with itself there and is answered from; only a check of every position
        (`triangles_core.analysis.verify.verify_solution`, ``triangles verify``) proves
        a table.

        Raises
        ------
        DamagedTableError
            (a `ValueError`) if the stored value disagrees with its children.  When the
            table is the board's cached file (`triangles_core.engine.store`), that file
            and its sidecar are removed first, as ``triangles verify`` does, and the
            message says so: the next run computes the table again.
        """
        value = int(self.values[position])
        best = self._derived(position)
        if value != best:
            raise self._damage(position, value, best)
        return value

    def _answered_move_values(self, p: Position) -> dict:
        """The move values of ``p``, after every child's entry passed the check `_answer` makes.

        All children are derived from their own children in one compiled call
        (`triangles_core.engine.retrograde.derived_values`), so that ``move_values`` costs
        about what it did unchecked; the first child that disagrees raises.
        """
        from .retrograde import derived_values

        children = np.array([p | 1 << (e - 1) for e in self.board.free_edges(p)], dtype=np.int64)
        derived = derived_values(self.board, self.values, children)
        for child, value, best in zip(children.tolist(), self.values[children].tolist(), derived.tolist(), strict=True):
            if value != best:
                raise self._damage(child, value, best)
        return self._move_values(p)

    def _damage(self, position: Position, value: int, best: int) -> DamagedTableError:
        """The error for a proven mismatch, after removing the cached file it came from (if it did)."""
        from .store import discard_damaged_table

        def still_wrong(disk: np.ndarray) -> bool:  # the file on disk holds the same damage
            return int(disk[position]) != TableSolution(self.board, disk)._derived(position)

        source = discard_damaged_table(self.board, self.values, still_wrong)
        head = f"the {self.board.label} table is damaged: position {position} holds {value}, its moves give {best}"
        if source is None:
            return DamagedTableError(f"{head} (verify_solution or 'triangles verify' checks every position)")
        return DamagedTableError(f"{head}; the cached table {source} is removed, so the next run computes it again")

    def position(self, position: Iterable[int] | int) -> Position:
        """Normalise a position given as edge numbers or a bitmask (`CellBoard.position`)."""
        return self.board.position(position)

    @cached_property
    def move_table(self) -> np.ndarray:
        """The value of every move of every position (computed once per solution).

        See `triangles_core.engine.retrograde.move_value_table`: shape
        ``(2**n_edges, n_edges)``, `NOT_A_MOVE` for a drawn edge.  Boards of at most 24
        edges.
        """
        from .retrograde import move_value_table

        table = move_value_table(self.board, self.values)
        table.flags.writeable = False
        return table


Solution = TableSolution
"""Former name of `TableSolution` (the notebooks and the README use it)."""


def check_table_solution(solution: object, caller: str) -> TableSolution:
    """``solution`` if it is a `TableSolution`; otherwise raise, naming the caller and what came.

    The functions that read the whole value table (``values``, ``move_table``) call it
    first, so that a search (`triangles_core.engine.search.SearchSolution`, which has
    no value table), a string or None is refused in one line before anything is
    computed (`triangles_core.common.checks.check_instance`).

    Raises
    ------
    ValueError
        ``"{caller} needs a table solution (...), got ..."``.

    Examples
    --------
    >>> check_table_solution("x", "value_distribution")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: value_distribution needs a table solution (solve(side) or ...), got 'x'
    """
    return check_instance(
        solution,
        TableSolution,
        f"{caller} needs a table solution (solve(side) or solve_boxes(rows, cols) with at most 31 edges)",
    )
