"""Naming a cell board: a side, a ``(rows, cols)`` pair of boxes, or a board itself."""

from __future__ import annotations

import re

from .boxes import boxes_board
from .cells import CellBoard
from .triangles import board as triangle_board

__all__ = ["cell_board", "standard_board"]


def cell_board(board: CellBoard | int | tuple[int, int]) -> CellBoard:
    """The cell board that ``board`` names: a board, the side of a triangular board, or ``(rows, cols)`` of boxes.

    Examples
    --------
    >>> cell_board(3), cell_board((2, 3))
    (Board(3), BoxesBoard(2, 3))
    """
    if isinstance(board, CellBoard):
        return board
    if isinstance(board, tuple) and len(board) == 2:
        return boxes_board(*board)
    return triangle_board(board)


def standard_board(key: str) -> CellBoard | None:
    """The package's own board with this key (``"side3"``, ``"boxes3x4"``), or None.

    Examples
    --------
    >>> standard_board("side3"), standard_board("boxes2x3"), standard_board("mine")
    (Board(3), BoxesBoard(2, 3), None)
    """
    triangles = re.fullmatch(r"side([1-9][0-9]?)", key)
    if triangles:
        return triangle_board(int(triangles.group(1)))
    boxes = re.fullmatch(r"boxes([1-9][0-9]?)x([1-9][0-9]?)", key)
    if boxes:
        return boxes_board(int(boxes.group(1)), int(boxes.group(2)))
    return None
