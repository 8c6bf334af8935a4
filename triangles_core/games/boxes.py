"""The R x C Dots-and-Boxes board: the cell game on a grid of squares.

Lines are numbered from 1 row by row from the top (docs/SPEC.md section 4): for each row
of dots, its horizontal lines left to right, then the vertical lines going down from it.
Dots and boxes are numbered row by row.  The 1 x 1 board::

    o-1-o
    2   3
    o-4-o
"""

from __future__ import annotations

import functools

from ..errors import check_integer
from .cells import CellBoard, CellGame, Position

__all__ = ["BoxesBoard", "BoxesGame", "boxes_board", "MAX_BOXES"]

MAX_BOXES = 64
"""The largest number of rows or columns whose geometry is built."""


class BoxesBoard(CellBoard):
    """The Dots-and-Boxes board of ``rows x cols`` boxes.

    Parameters
    ----------
    rows, cols : int
        Boxes down and across, each ``1..MAX_BOXES``.

    Examples
    --------
    >>> b = BoxesBoard(3, 3)
    >>> b.n_dots, b.n_edges, b.n_cells, len(b.symmetries)
    (16, 24, 9, 8)
    >>> b.cells[0], b.edge_dots(1), b.edge_dots(4)
    ((1, 4, 5, 8), (1, 2), (1, 5))
    >>> len(BoxesBoard(2, 3).symmetries)
    4
    """

    cell_name = "box"
    cell_plural = "boxes"
    edge_name = "line"

    def __init__(self, rows: int, cols: int) -> None:
        rows = check_integer(rows, "boxes rows", 1, MAX_BOXES)
        cols = check_integer(cols, "boxes columns", 1, MAX_BOXES)
        self.rows, self.cols = rows, cols

        def dot(r: int, c: int) -> int:
            return r * (cols + 1) + c + 1

        def horizontal(r: int, c: int) -> int:
            return r * (2 * cols + 1) + c + 1

        def vertical(r: int, c: int) -> int:
            return r * (2 * cols + 1) + cols + c + 1

        grid = [(r, c) for r in range(rows + 1) for c in range(cols + 1)]
        edges = []
        for r in range(rows + 1):
            edges += [(dot(r, c), dot(r, c + 1)) for c in range(cols)]
            if r < rows:
                edges += [(dot(r, c), dot(r + 1, c)) for c in range(cols + 1)]
        cells = [
            tuple(sorted((horizontal(r, c), horizontal(r + 1, c), vertical(r, c), vertical(r, c + 1))))
            for r in range(rows)
            for c in range(cols)
        ]
        maps = [
            lambda r, c: (r, c),
            lambda r, c: (rows - r, c),
            lambda r, c: (r, cols - c),
            lambda r, c: (rows - r, cols - c),
        ]
        if rows == cols:
            maps += [
                lambda r, c: (c, r),
                lambda r, c: (cols - c, rows - r),
                lambda r, c: (c, rows - r),
                lambda r, c: (cols - c, r),
            ]
        symmetries = [tuple(dot(*f(r, c)) for r, c in grid) for f in maps]
        super().__init__(
            f"boxes{rows}x{cols}", f"{rows}x{cols} boxes board", [(c, -r) for r, c in grid], edges, cells, symmetries
        )

    def __repr__(self) -> str:
        return f"BoxesBoard({self.rows}, {self.cols})"

    def text_art(self, position: Position) -> str:
        """The position as text art: dots ``o``, drawn lines ``---`` and ``|``, ``*`` in a complete box.

        Examples
        --------
        >>> b = boxes_board(1, 2)
        >>> print(b.text_art(b.position([1, 2, 3, 4, 6])))
        o---o---o
        | * |
        o---o   o
        """
        lines = [[" "] * (4 * self.cols + 1) for _ in range(2 * self.rows + 1)]
        for x, y in self.dot_coordinates:
            lines[-2 * int(y)][4 * int(x)] = "o"
        for number, (i, j) in enumerate(self.edges, start=1):
            if position >> (number - 1) & 1:
                (x0, y0), (_, y1) = self.dot_coordinates[i - 1], self.dot_coordinates[j - 1]
                if y0 == y1:
                    for k in range(1, 4):
                        lines[-2 * int(y0)][4 * int(x0) + k] = "-"
                else:
                    lines[-2 * int(y0) + 1][4 * int(x0)] = "|"
        for k in self.complete_cells(position):
            x, y = self.cell_centre(k)
            lines[int(round(-2 * y))][int(round(4 * x))] = "*"
        return "\n".join("".join(line).rstrip() for line in lines)


@functools.cache
def boxes_board(rows: int, cols: int) -> BoxesBoard:
    """The shared `BoxesBoard` of ``rows x cols`` boxes, each 1..64 (cached).

    Examples
    --------
    >>> boxes_board(3, 4).n_edges
    31
    >>> boxes_board(2, 2).n_cells
    4
    """
    return BoxesBoard(rows, cols)


class BoxesGame(CellGame):
    """Dots-and-Boxes on ``rows x cols`` boxes, as a `CellGame`.

    Examples
    --------
    >>> from triangles_core.engine.game import negamax
    >>> negamax(BoxesGame(1, 1), 0)   # the second player draws the fourth line
    -1
    """

    def __init__(self, rows: int, cols: int) -> None:
        super().__init__(boxes_board(rows, cols))
