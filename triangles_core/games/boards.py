"""Naming a cell board: a side, a ``(rows, cols)`` pair of boxes, or a board itself."""

from __future__ import annotations

from .boxes import boxes_board
from .cells import CellBoard
from .triangles import board as triangle_board

__all__ = ["cell_board"]


def cell_board(board: CellBoard | int | tuple[int, int]) -> CellBoard:
    """The cell board that ``board`` names.

    Parameters
    ----------
    board : CellBoard, int or (int, int)
        A board, the side of a triangular board, or ``(rows, cols)`` of a boxes board.

    Returns
    -------
    CellBoard

    Raises
    ------
    ValueError
        If the side or the numbers of rows and columns are not positive integers.

    Examples
    --------
    >>> cell_board(3), cell_board((2, 3))
    (Board(3), BoxesBoard(2, 3))
    """
    if isinstance(board, CellBoard):
        return board
    if isinstance(board, tuple) and len(board) == 2:
        return boxes_board(*board)
    return triangle_board(board)  # type: ignore[arg-type]
