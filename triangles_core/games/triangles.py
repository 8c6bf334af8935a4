"""The triangular board of side ``n``: Fighting for Triangles (Gym 100015F, POJ 1085).

The board of side ``n`` has ``(n + 1)(n + 2) / 2`` dots, ``3n(n + 1) / 2`` unit edges
and ``n**2`` unit triangles (``n(n + 1) / 2`` pointing up, ``n(n - 1) / 2`` pointing
down).  Edges are numbered from 1 as in SPEC section 1: row by row from the top, each
upward unit triangle contributes its left slant, its right slant and its base, in that
order.  Dots are numbered from 1 row by row, left to right (the Triangle War numbering
of POJ 1085).  The cells are the unit triangles, upward ones first.
"""

from __future__ import annotations

import functools
import itertools
import math

from ..errors import check_integer
from .cells import CellBoard, CellGame, Position

__all__ = ["Board", "TriangleBoard", "TriangleGame", "board", "MAX_SIDE"]

MAX_SIDE = 64
"""The largest side whose geometry is built (a value table stops at side 4)."""


def _dot_number(row: int, column: int) -> int:
    return row * (row + 1) // 2 + column + 1


class TriangleBoard(CellBoard):
    """The triangular board of side ``n`` with the SPEC edge numbering.

    Parameters
    ----------
    side : int
        Number of unit edges along each side of the big triangle, ``1..MAX_SIDE``.

    Examples
    --------
    >>> b = TriangleBoard(3)
    >>> b.n_dots, b.n_edges, b.n_cells
    (10, 18, 9)
    >>> b.edge_dots(5)
    (2, 5)
    >>> b.cells[6]
    (3, 5, 7)
    """

    cell_name = "triangle"
    cell_plural = "triangles"

    def __init__(self, side: int) -> None:
        side = check_integer(side, "board side", 1, MAX_SIDE)
        self.side = side
        rows = [(r, c) for r in range(side + 1) for c in range(r + 1)]
        h = math.sqrt(3) / 2
        coordinates = [(c - r / 2, -r * h) for r, c in rows]
        edges = []
        for r in range(side):
            for c in range(r + 1):
                apex, left, right = _dot_number(r, c), _dot_number(r + 1, c), _dot_number(r + 1, c + 1)
                edges += [(apex, left), (apex, right), (left, right)]
        number = {dots: k for k, dots in enumerate(edges, start=1)}
        up = [tuple(range(3 * t + 1, 3 * t + 4)) for t in range(side * (side + 1) // 2)]
        down = []
        for r in range(1, side):
            for c in range(r):
                a, b, below = _dot_number(r, c), _dot_number(r, c + 1), _dot_number(r + 1, c + 1)
                down.append(tuple(sorted(number[min(p, q), max(p, q)] for p, q in ((a, b), (a, below), (b, below)))))
        # The 6 symmetries permute the barycentric coordinates (n - r, r - c, c) of the dots.
        index: dict[tuple[int, ...], int] = {(side - r, r - c, c): k for k, (r, c) in enumerate(rows, start=1)}
        symmetries = []
        for perm in itertools.permutations(range(3)):
            symmetries.append(tuple(index[tuple(coords[p] for p in perm)] for coords in index))
        super().__init__(f"side{side}", f"side-{side} board", coordinates, edges, up + down, symmetries)

    def __repr__(self) -> str:
        return f"Board({self.side})"

    @property
    def dot_rows(self) -> tuple[tuple[int, int], ...]:
        """``(row, column)`` of each dot, indexed by dot number minus one."""
        return tuple((r, c) for r in range(self.side + 1) for c in range(r + 1))

    def text_art(self, position: Position) -> str:
        """The position as text art for a terminal.

        Examples
        --------
        >>> print(board(1).text_art(0b111))
          o
         /*\\
        o---o
        """
        n = self.side
        lines = [[" "] * (4 * n + 1) for _ in range(2 * n + 1)]
        rows = self.dot_rows

        def col(r: int, c: int) -> int:
            return 2 * (n - r) + 4 * c

        for r, c in rows:
            lines[2 * r][col(r, c)] = "o"
        for number, (i, j) in enumerate(self.edges, start=1):
            if not position >> (number - 1) & 1:
                continue
            (ri, ci), (rj, cj) = rows[i - 1], rows[j - 1]
            if ri == rj:
                for k in range(1, 4):
                    lines[2 * ri][col(ri, ci) + k] = "-"
            elif cj == ci:
                lines[2 * ri + 1][col(ri, ci) - 1] = "/"
            else:
                lines[2 * ri + 1][col(ri, ci) + 1] = "\\"
        for k in self.complete_cells(position):
            cell_rows = [rows[d - 1] for d in self.cell_dots(k)]
            top = min(r for r, _ in cell_rows)
            lines[2 * top + 1][sum(col(r, c) for r, c in cell_rows) // 3] = "*"
        return "\n".join("".join(line).rstrip() for line in lines)


Board = TriangleBoard
"""The triangular board (the name used since the first release)."""


@functools.cache
def board(side: int) -> TriangleBoard:
    """The shared `TriangleBoard` of a given side, 1..64 (cached: the same object for every call).

    Examples
    --------
    >>> board(2).n_edges
    9
    >>> board(3) is board(3)
    True
    """
    return TriangleBoard(side)


class TriangleGame(CellGame):
    """Fighting for Triangles (Gym 100015F, POJ 1085) on the side-``n`` board, as a `CellGame`.

    Examples
    --------
    >>> TriangleGame(3).play(0b11, 3)
    Transition(position=7, reward=1, again=True)
    """

    def __init__(self, side: int) -> None:
        super().__init__(board(side))
