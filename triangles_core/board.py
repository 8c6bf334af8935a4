"""Geometry of the triangular board of side ``n``.

The board of side ``n`` has ``(n + 1)(n + 2) / 2`` dots, ``3n(n + 1) / 2`` unit edges
and ``n**2`` unit triangles (``n(n + 1) / 2`` pointing up, ``n(n - 1) / 2`` pointing
down).  Edges are numbered from 1 as in SPEC section 1 (Gym 100015F, POJ 1085): row by
row from the top, each upward unit triangle contributes its left slant, its right slant
and its base, in that order.  Dots are numbered from 1 row by row, left to right.

A *position* is a set of drawn edges stored as a plain ``int`` bitmask: bit ``i`` set
means edge ``i + 1`` is drawn.
"""

from __future__ import annotations

import itertools
import math
import numbers
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Iterable, Sequence

__all__ = [
    "Board",
    "InvalidPositionError",
    "Position",
    "board",
    "popcount",
]

Position = int
"""A set of drawn edges as a bitmask: bit ``i`` set means edge ``i + 1`` is drawn."""


class InvalidPositionError(ValueError):
    """A position, edge or dot that does not exist on the board.

    The message quotes the offending input.
    """


def popcount(mask: int) -> int:
    """Number of set bits of a non-negative integer."""
    return int(mask).bit_count()


@dataclass(frozen=True)
class Board:
    """The triangular board of side ``n`` with the SPEC edge numbering.

    Parameters
    ----------
    side : int
        Number of unit edges along each side of the big triangle, ``side >= 1``.

    Attributes
    ----------
    side : int
        The side ``n``.

    Raises
    ------
    ValueError
        If ``side`` is not a positive integer.

    Examples
    --------
    >>> b = Board(3)
    >>> b.n_dots, b.n_edges, b.n_triangles
    (10, 18, 9)
    >>> b.edge_dots(5)
    (2, 5)
    >>> b.triangles[6]
    (3, 5, 7)
    """

    side: int

    def __post_init__(self) -> None:
        if isinstance(self.side, bool) or not isinstance(self.side, int) or self.side < 1:
            raise ValueError(f"board side must be a positive integer, got {self.side!r}")

    # ------------------------------------------------------------------ dots
    @property
    def n_dots(self) -> int:
        """Number of dots, ``(n + 1)(n + 2) / 2``."""
        n = self.side
        return (n + 1) * (n + 2) // 2

    @property
    def n_edges(self) -> int:
        """Number of unit edges, ``3n(n + 1) / 2``."""
        n = self.side
        return 3 * n * (n + 1) // 2

    @property
    def n_triangles(self) -> int:
        """Number of unit triangles, ``n**2``."""
        return self.side**2

    @property
    def full(self) -> Position:
        """The position with every edge drawn."""
        return (1 << self.n_edges) - 1

    def dot_number(self, row: int, column: int) -> int:
        """1-based number of the dot in ``row`` (0 = top) and ``column`` (0 = left)."""
        return row * (row + 1) // 2 + column + 1

    @cached_property
    def dot_rows(self) -> tuple[tuple[int, int], ...]:
        """``(row, column)`` of each dot, indexed by dot number minus one."""
        return tuple((r, c) for r in range(self.side + 1) for c in range(r + 1))

    @cached_property
    def dot_coordinates(self) -> tuple[tuple[float, float], ...]:
        """Drawing coordinates ``(x, y)`` of each dot (unit edge length, y pointing up).

        The top dot is at ``(0, 0)``; indexed by dot number minus one.
        """
        h = math.sqrt(3) / 2
        return tuple((c - r / 2, -r * h) for r, c in self.dot_rows)

    # ----------------------------------------------------------------- edges
    @cached_property
    def edges(self) -> tuple[tuple[int, int], ...]:
        """The two dots ``(i, j)`` with ``i < j`` of each edge, indexed by edge number - 1."""
        result = []
        for r in range(self.side):
            for c in range(r + 1):
                apex = self.dot_number(r, c)
                left = self.dot_number(r + 1, c)
                right = self.dot_number(r + 1, c + 1)
                result += [(apex, left), (apex, right), (left, right)]
        return tuple(result)

    @cached_property
    def _edge_of_dots(self) -> dict[tuple[int, int], int]:
        return {dots: number for number, dots in enumerate(self.edges, start=1)}

    def edge_dots(self, edge: int) -> tuple[int, int]:
        """The two dots joined by an edge.

        Parameters
        ----------
        edge : int
            1-based edge number.

        Returns
        -------
        tuple of int
            The 1-based dot numbers ``(i, j)``, ``i < j``.

        Raises
        ------
        InvalidPositionError
            If ``edge`` is not in ``1..n_edges``.
        """
        self._check_edge(edge)
        return self.edges[edge - 1]

    def edge_between(self, i: int, j: int) -> int:
        """The edge number joining dots ``i`` and ``j`` (in either order).

        Raises
        ------
        InvalidPositionError
            If a dot does not exist or the two dots are not adjacent.

        Examples
        --------
        >>> Board(3).edge_between(5, 2)
        5
        """
        for dot in (i, j):
            if not isinstance(dot, int) or not 1 <= dot <= self.n_dots:
                raise InvalidPositionError(
                    f"dot {dot!r} is not on the side-{self.side} board (dots are 1..{self.n_dots})"
                )
        edge = self._edge_of_dots.get((min(i, j), max(i, j)))
        if edge is None:
            raise InvalidPositionError(f"dots {i} and {j} are not joined by an edge")
        return edge

    def _check_edge(self, edge: object) -> None:
        if isinstance(edge, bool) or not isinstance(edge, numbers.Integral) or not 1 <= edge <= self.n_edges:
            raise InvalidPositionError(
                f"edge {edge!r} is not on the side-{self.side} board (edges are 1..{self.n_edges})"
            )

    # ------------------------------------------------------------- triangles
    @cached_property
    def triangles(self) -> tuple[tuple[int, int, int], ...]:
        """The three edge numbers of each unit triangle.

        Upward triangles first (row by row, left to right), then downward triangles in
        the same order, as SPEC lists them for side 3.
        """
        up = [tuple(range(3 * t + 1, 3 * t + 4)) for t in range(self.side * (self.side + 1) // 2)]
        down = []
        for r in range(1, self.side):
            for c in range(r):
                a, b = self.dot_number(r, c), self.dot_number(r, c + 1)
                below = self.dot_number(r + 1, c + 1)
                down.append(tuple(sorted(self.edge_between(x, y) for x, y in ((a, b), (a, below), (b, below)))))
        return tuple(up) + tuple(down)

    @cached_property
    def triangle_masks(self) -> tuple[int, ...]:
        """Bitmask of the three edges of each unit triangle (same order as `triangles`)."""
        return tuple(sum(1 << (e - 1) for e in t) for t in self.triangles)

    @cached_property
    def edge_triangles(self) -> tuple[tuple[int, ...], ...]:
        """Indices into `triangles` of the one or two triangles containing each edge."""
        return tuple(
            tuple(k for k, t in enumerate(self.triangles) if e in t) for e in range(1, self.n_edges + 1)
        )

    def complete_triangles(self, position: Position) -> tuple[int, ...]:
        """Indices of the unit triangles whose three edges are all drawn."""
        return tuple(k for k, m in enumerate(self.triangle_masks) if position & m == m)

    def completed_by(self, position: Position, edge: int) -> tuple[int, ...]:
        """Indices of the triangles that drawing ``edge`` in ``position`` completes.

        ``edge`` must be undrawn; the result has zero, one or two entries.
        """
        bit = 1 << (edge - 1)
        return tuple(
            k for k in self.edge_triangles[edge - 1] if (position | bit) & self.triangle_masks[k] == self.triangle_masks[k]
        )

    def triangle_centre(self, triangle: int) -> tuple[float, float]:
        """Drawing coordinates of the centroid of a triangle (index into `triangles`)."""
        dots = {d for e in self.triangles[triangle] for d in self.edges[e - 1]}
        xs, ys = zip(*(self.dot_coordinates[d - 1] for d in dots))
        return sum(xs) / 3, sum(ys) / 3

    # ------------------------------------------------------------- positions
    def position(self, edges: Iterable[int] | int) -> Position:
        """Build a position from 1-based edge numbers or check a bitmask.

        Parameters
        ----------
        edges : iterable of int, or int
            Edge numbers in ``1..n_edges`` (duplicates allowed: a drawn edge is drawn),
            or a bitmask in ``0 .. 2**n_edges - 1``.

        Returns
        -------
        int
            The position as a bitmask.

        Raises
        ------
        InvalidPositionError
            If an edge number or the bitmask is out of range, or ``edges`` has the
            wrong type; the message quotes the input.

        Examples
        --------
        >>> Board(3).position([1, 2, 3])
        7
        >>> Board(3).position(7)
        7
        """
        if isinstance(edges, bool):
            raise InvalidPositionError(f"position {edges!r} is neither a bitmask nor a list of edges")
        if isinstance(edges, numbers.Integral):
            edges = int(edges)
            if not 0 <= edges <= self.full:
                raise InvalidPositionError(
                    f"bitmask {edges!r} is out of range for the side-{self.side} board (0..{self.full})"
                )
            return edges
        if isinstance(edges, (str, bytes)):
            raise InvalidPositionError(f"position {edges!r} is neither a bitmask nor a list of edges")
        try:
            items = list(edges)
        except TypeError:
            raise InvalidPositionError(f"position {edges!r} is neither a bitmask nor a list of edges") from None
        mask = 0
        for edge in items:
            self._check_edge(edge)
            mask |= 1 << (int(edge) - 1)
        return mask

    def drawn_edges(self, position: Position) -> list[int]:
        """The 1-based numbers of the drawn edges, ascending."""
        return [e + 1 for e in range(self.n_edges) if position >> e & 1]

    def free_edges(self, position: Position) -> list[int]:
        """The 1-based numbers of the undrawn edges (the legal moves), ascending."""
        return [e + 1 for e in range(self.n_edges) if not position >> e & 1]

    # ------------------------------------------------------------ symmetries
    @cached_property
    def symmetries(self) -> tuple[tuple[int, ...], ...]:
        """The 6 symmetries of the triangle as edge permutations.

        Each symmetry is a tuple ``s`` of length ``n_edges`` with ``s[e - 1]`` the edge
        number that edge ``e`` is sent to.  The identity comes first.  The group is
        generated by permuting the barycentric coordinates of the dots.
        """
        n = self.side
        index = {}
        for number, (r, c) in enumerate(self.dot_rows, start=1):
            index[(n - r, r - c, c)] = number
        result = []
        for perm in itertools.permutations(range(3)):
            dot_map = {}
            for coords, number in index.items():
                image = tuple(coords[p] for p in perm)
                dot_map[number] = index[image]
            result.append(tuple(self.edge_between(dot_map[i], dot_map[j]) for i, j in self.edges))
        return tuple(result)

    def apply_symmetry(self, symmetry: Sequence[int], position: Position) -> Position:
        """Image of a position under an edge permutation from `symmetries`."""
        image = 0
        for e in range(self.n_edges):
            if position >> e & 1:
                image |= 1 << (symmetry[e] - 1)
        return image

    def symmetric_positions(self, position: Position) -> list[Position]:
        """The images of ``position`` under the 6 symmetries (identity first)."""
        return [self.apply_symmetry(s, position) for s in self.symmetries]

    def canonical(self, position: Position) -> Position:
        """The smallest bitmask among the symmetric images: one label per symmetry class."""
        return min(self.symmetric_positions(position))

    def text_art(self, position: Position) -> str:
        """The position as text art for a terminal.

        Dots are ``o``, drawn edges ``/``, ``\\`` and ``---``, undrawn edges blank, and
        each complete triangle has a ``*`` in its middle.
        """
        return _text_art(self, position)


def _text_art(b: Board, position: Position) -> str:
    n = b.side
    width = 4 * n + 1
    lines = [[" "] * width for _ in range(2 * n + 1)]
    def col(r: int, c: int) -> int:
        return 2 * (n - r) + 4 * c
    for r in range(n + 1):
        for c in range(r + 1):
            lines[2 * r][col(r, c)] = "o"
    for number, (i, j) in enumerate(b.edges, start=1):
        if not position >> (number - 1) & 1:
            continue
        (ri, ci), (rj, cj) = b.dot_rows[i - 1], b.dot_rows[j - 1]
        if ri == rj:
            x = col(ri, ci)
            for k in range(1, 4):
                lines[2 * ri][x + k] = "-"
        elif cj == ci:
            lines[2 * ri + 1][col(ri, ci) - 1] = "/"
        else:
            lines[2 * ri + 1][col(ri, ci) + 1] = "\\"
    for k in b.complete_triangles(position):
        dots = sorted({d for e in b.triangles[k] for d in b.edges[e - 1]})
        rows = [b.dot_rows[d - 1] for d in dots]
        top = min(r for r, _ in rows)
        xs = [col(r, c) for r, c in rows]
        lines[2 * top + 1][sum(xs) // 3] = "*"
    return "\n".join("".join(line).rstrip() for line in lines)


@lru_cache(maxsize=None)
def board(side: int) -> Board:
    """The shared `Board` of a given side (cached).

    Examples
    --------
    >>> board(2).n_edges
    9
    """
    return Board(side)
