"""Cell games: "draw an edge; complete a cell, claim it and move again".

Fighting for Triangles (Gym 100015F, POJ 1085) and Dots-and-Boxes are this one game on two
geometries.  A `CellBoard` is given by its dots, edges (numbered from 1) and cells (sets of
edges, every edge in at most two cells) and its symmetries; everything else is derived
here once.  A *position* is an ``int`` bitmask: bit ``i`` set means edge ``i + 1`` is
drawn.  `CellGame` is the game in the `triangles_core.engine.game.Game` form.
"""

from __future__ import annotations

from functools import cached_property
from operator import index
from typing import Any, Iterable, Iterator, Sequence

from ..errors import InvalidPositionError, check_integer
from .transition import Transition

__all__ = ["CellBoard", "CellGame", "Position"]

Position = int
"""A set of drawn edges as a bitmask: bit ``i`` set means edge ``i + 1`` is drawn."""


class CellBoard:
    """A board of dots, edges and cells: the geometry of a cell game.

    Parameters
    ----------
    key, label : str
        Short identifier for file names (``"side3"``) and how messages name the board
        (``"side-3 board"``).
    dot_coordinates : sequence of (float, float)
        Drawing coordinates of each dot (dot ``d`` at index ``d - 1``; y points up).
    edges : sequence of (int, int)
        The two dots of each edge, ``i < j`` (edge ``e`` at index ``e - 1``).
    cells : sequence of sequence of int
        The edge numbers of each cell.
    dot_symmetries : sequence of sequence of int
        The symmetries as dot permutations (``s[d - 1]`` is the image of dot ``d``), the
        identity first.

    Examples
    --------
    >>> b = CellBoard("one", "one-triangle board", [(0, 0), (1, 0), (0.5, 0.8)],
    ...               [(1, 2), (1, 3), (2, 3)], [(1, 2, 3)], [(1, 2, 3)])
    >>> b.n_edges, b.n_cells, b.completed_by(0b011, 3)
    (3, 1, (0,))
    """

    cell_name = "cell"
    """What a cell is called in text ("triangle", "box")."""
    cell_plural = "cells"
    """The plural of `cell_name`."""
    edge_name = "edge"
    """What an edge is called in text ("edge"; "line" in Dots-and-Boxes)."""

    def __init__(
        self,
        key: str,
        label: str,
        dot_coordinates: Sequence[tuple[float, float]],
        edges: Sequence[tuple[int, int]],
        cells: Sequence[Sequence[int]],
        dot_symmetries: Sequence[Sequence[int]],
    ) -> None:
        self.key = key  # tables are stored under it
        self.label = label
        self.dot_coordinates: tuple[tuple[float, float], ...] = tuple((float(x), float(y)) for x, y in dot_coordinates)
        self.edges: tuple[tuple[int, int], ...] = tuple((index(i), index(j)) for i, j in edges)
        self.cells: tuple[tuple[int, ...], ...] = tuple(tuple(map(index, cell)) for cell in cells)
        n_dots = len(self.dot_coordinates)
        if not self.edges:
            raise ValueError("a board needs at least one edge")
        for number, (i, j) in enumerate(self.edges, start=1):
            if not 1 <= i < j <= n_dots:
                raise ValueError(f"edge {number} joins dots {i} and {j}: need 1 <= i < j <= {n_dots}")
        if len(set(self.edges)) != len(self.edges):
            raise ValueError("two edges join the same two dots")
        for k, cell in enumerate(self.cells):
            if any(not 1 <= e <= len(self.edges) for e in cell):
                raise ValueError(f"cell {k} has an edge outside 1..{len(self.edges)}: {cell!r}")
            if len(set(cell)) != len(cell) or len(cell) < 3:
                raise ValueError(f"cell {k} must list 3 or more different edges, got {cell!r}")
        if any(len(cells_of) > 2 for cells_of in self.edge_cells):
            raise ValueError("an edge lies in more than two cells")
        dot_symmetries = [tuple(map(index, s)) for s in dot_symmetries]
        if not dot_symmetries or dot_symmetries[0] != tuple(range(1, n_dots + 1)):
            raise ValueError("the symmetries must start with the identity")
        if any(len(s) != n_dots or len(set(s)) != n_dots for s in dot_symmetries):
            raise ValueError(f"each symmetry must be a permutation of the {n_dots} dots")
        self.symmetries: tuple[tuple[int, ...], ...] = tuple(self._edge_permutation(s) for s in dot_symmetries)
        """The board's symmetries as edge permutations: ``s[e - 1]`` is the image of edge ``e``."""
        cell_sets = {frozenset(cell) for cell in self.cells}
        for symmetry in self.symmetries:
            if any(frozenset(symmetry[e - 1] for e in cell) not in cell_sets for cell in self.cells):
                raise ValueError("a symmetry does not map cells onto cells")

    def _edge_permutation(self, dot_map: Sequence[int]) -> tuple[int, ...]:
        try:
            ends = ((dot_map[i - 1], dot_map[j - 1]) for i, j in self.edges)
            image = tuple(self._edge_of_dots[min(a, b), max(a, b)] for a, b in ends)
        except KeyError:
            raise ValueError("a symmetry does not map edges onto edges") from None
        return image

    # ----------------------------------------------------------------- identity
    def __repr__(self) -> str:
        return f"<CellBoard {self.label}>"

    @property
    def title(self) -> str:
        """The board's short name at the start of a sentence (``"Side-3"``, ``"3x3 boxes"``)."""
        name = self.label.removesuffix(" board")
        return name[:1].upper() + name[1:]

    @cached_property
    def geometry(self) -> tuple:
        """What makes two boards the same game: the numbers of dots, the edges and the cells."""
        return (self.n_dots, self.edges, self.cells)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, CellBoard)
            and type(self) is type(other)
            and self.key == other.key
            and self.geometry == other.geometry
        )

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.key, self.geometry))

    # ------------------------------------------------------------------- sizes
    @property
    def n_dots(self) -> int:
        """Number of dots."""
        return len(self.dot_coordinates)

    @property
    def n_edges(self) -> int:
        """Number of edges (the moves of the empty board)."""
        return len(self.edges)

    @property
    def n_cells(self) -> int:
        """Number of cells (what the players claim)."""
        return len(self.cells)

    @property
    def full(self) -> Position:
        """The position with every edge drawn."""
        return (1 << self.n_edges) - 1

    # ------------------------------------------------------------------- edges
    @cached_property
    def _edge_of_dots(self) -> dict[tuple[int, int], int]:
        return {dots: number for number, dots in enumerate(self.edges, start=1)}

    def edge_error(self, edge: object) -> InvalidPositionError:
        """The error for an edge that is not on this board (the one wording everywhere).

        Examples
        --------
        >>> from triangles_core.games.triangles import board
        >>> print(board(3).edge_error(19))
        edge 19 is not on the side-3 board (edges are 1..18)
        """
        return InvalidPositionError(f"edge {edge!r} is not on the {self.label} (edges are 1..{self.n_edges})")

    def check_edge(self, edge: object) -> int:
        """``edge`` as an ``int`` if it is an edge number of this board, else raise.

        Examples
        --------
        >>> from triangles_core.games.triangles import board
        >>> board(3).check_edge(1.0)
        Traceback (most recent call last):
        ...
        triangles_core.errors.InvalidPositionError: edge must be an integer, got 1.0
        """
        number = check_integer(edge, "edge", error=InvalidPositionError)
        if not 1 <= number <= self.n_edges:
            raise self.edge_error(edge)
        return number

    def edge_dots(self, edge: int) -> tuple[int, int]:
        """The two dots ``(i, j)``, ``i < j``, joined by an edge (`check_edge`)."""
        return self.edges[self.check_edge(edge) - 1]

    def edge_between(self, i: int, j: int) -> int:
        """The edge number joining dots ``i`` and ``j`` (in either order)."""
        for dot in (i, j):
            if not 1 <= dot <= self.n_dots:
                raise InvalidPositionError(f"dot {dot!r} is not on the {self.label} (dots are 1..{self.n_dots})")
        edge = self._edge_of_dots.get((min(i, j), max(i, j)))
        if edge is None:
            raise InvalidPositionError(f"dots {i} and {j} are not joined by an edge")
        return edge

    def edge_midpoint(self, edge: int) -> tuple[float, float]:
        """Drawing coordinates of the middle of an edge."""
        i, j = self.edges[edge - 1]
        (x0, y0), (x1, y1) = self.dot_coordinates[i - 1], self.dot_coordinates[j - 1]
        return (x0 + x1) / 2, (y0 + y1) / 2

    # ------------------------------------------------------------------- cells
    @cached_property
    def cell_masks(self) -> tuple[int, ...]:
        """Bitmask of the edges of each cell (same order as `cells`)."""
        return tuple(sum(1 << (e - 1) for e in cell) for cell in self.cells)

    @cached_property
    def edge_cells(self) -> tuple[tuple[int, ...], ...]:
        """Indices into `cells` of the one or two cells containing each edge."""
        return tuple(tuple(k for k, cell in enumerate(self.cells) if e in cell) for e in range(1, self.n_edges + 1))

    @cached_property
    def other_edge_masks(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Per edge, the masks of the other edges of its first and second cell."""
        never = 1 << self.n_edges
        first, second = [], []
        for e, cells in enumerate(self.edge_cells):
            masks = [self.cell_masks[k] & ~(1 << e) for k in cells] + [never, never]
            first.append(masks[0])
            second.append(masks[1])
        return tuple(first), tuple(second)

    def complete_cells(self, position: Position) -> tuple[int, ...]:
        """Indices of the cells whose edges are all drawn."""
        return tuple(k for k, m in enumerate(self.cell_masks) if position & m == m)

    def completed_by(self, position: Position, edge: int) -> tuple[int, ...]:
        """Indices of the cells that drawing ``edge`` in ``position`` completes (0, 1 or 2)."""
        after = position | 1 << (edge - 1)
        return tuple(k for k in self.edge_cells[edge - 1] if after & self.cell_masks[k] == self.cell_masks[k])

    def claims(self, position: Position, edge: int) -> int:
        """How many cells drawing ``edge`` in ``position`` completes (the mover's reward)."""
        after = position | 1 << (edge - 1)
        return sum(1 for k in self.edge_cells[edge - 1] if after & self.cell_masks[k] == self.cell_masks[k])

    def cell_dots(self, cell: int) -> tuple[int, ...]:
        """The dots of a cell (index into `cells`) in drawing order around it."""
        edges = [self.edges[e - 1] for e in self.cells[cell]]
        order = [edges[0][0], edges[0][1]]
        remaining = edges[1:]
        while remaining:
            for k, (i, j) in enumerate(remaining):
                if order[-1] in (i, j):
                    nxt = j if i == order[-1] else i
                    remaining.pop(k)
                    if nxt != order[0]:
                        order.append(nxt)
                    break
            else:  # pragma: no cover - a cell is a cycle of edges
                break
        return tuple(order)

    def cell_centre(self, cell: int) -> tuple[float, float]:
        """Drawing coordinates of the centroid of a cell's dots."""
        dots = self.cell_dots(cell)
        xs, ys = zip(*(self.dot_coordinates[d - 1] for d in dots), strict=False)
        return sum(xs) / len(xs), sum(ys) / len(ys)

    # --------------------------------------------------------------- positions
    def position(self, edges: Iterable[int] | int) -> Position:
        """Build a position from edge numbers (duplicates allowed), or check a bitmask.

        Examples
        --------
        >>> from triangles_core.games.triangles import board
        >>> board(3).position([1, 2, 3]), board(3).position(7)
        (7, 7)
        """
        mask = as_bitmask(edges, "edges")
        if mask is None:
            mask = 0
            for edge in iter_position(edges, "edges"):
                mask |= 1 << (self.check_edge(edge) - 1)
            return mask
        if not 0 <= mask <= self.full:
            raise InvalidPositionError(f"bitmask {mask!r} is out of range for the {self.label} (0..{self.full})")
        return mask

    def drawn_edges(self, position: Position) -> list[int]:
        """The numbers of the drawn edges, ascending."""
        return [e + 1 for e in range(self.n_edges) if position >> e & 1]

    def free_edges(self, position: Position) -> list[int]:
        """The numbers of the undrawn edges (the legal moves), ascending."""
        return [e + 1 for e in range(self.n_edges) if not position >> e & 1]

    # -------------------------------------------------------------- symmetries
    def apply_symmetry(self, symmetry: Sequence[int], position: Position) -> Position:
        """Image of a position under an edge permutation from `symmetries`."""
        image = 0
        for e in range(self.n_edges):
            if position >> e & 1:
                image |= 1 << (symmetry[e] - 1)
        return image

    def symmetric_positions(self, position: Position) -> list[Position]:
        """The images of ``position`` under every symmetry (identity first)."""
        return [self.apply_symmetry(s, position) for s in self.symmetries]

    def canonical(self, position: Position) -> Position:
        """The smallest bitmask among the symmetric images: one label per symmetry class."""
        return min(self.symmetric_positions(position))

    def edge_orbits(self) -> list[tuple[int, ...]]:
        """The edges grouped into orbits under the board's symmetries, ordered by smallest edge."""
        return sorted({tuple(sorted({s[e] for s in self.symmetries})) for e in range(self.n_edges)})

    # ---------------------------------------------------------------- display
    def text_art(self, position: Position) -> str:  # pragma: no cover - each geometry draws itself
        """The position as text for a terminal (each geometry defines it)."""
        raise NotImplementedError


class CellGame:
    """A cell game in the `triangles_core.engine.game.Game` form.

    Positions are bitmasks of drawn edges, moves are edge numbers (ascending), the
    reward of a move is the number of cells it completes (0, 1 or 2), the mover moves
    again when it is positive, and a full board is worth 0 (SPEC section 1).

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> CellGame(board(3)).play(0b11, 3)
    Transition(position=7, reward=1, again=True)
    """

    start: Position = 0
    """Every cell game starts from the empty board."""

    def __init__(self, board: CellBoard) -> None:
        self.board = board

    def __repr__(self) -> str:
        return f"CellGame({self.board!r})"

    def moves(self, position: Position) -> list[int]:
        """The undrawn edges, ascending."""
        return self.board.free_edges(position)

    def play(self, position: Position, move: int) -> Transition:
        """Draw edge ``move`` (it must be undrawn; not checked here: `check_move`)."""
        reward = self.board.claims(position, move)
        return Transition(position | 1 << (move - 1), reward, reward > 0)

    def terminal_value(self, position: Position) -> int:
        """A full board is worth 0: nothing is left to claim."""
        return 0

    def position(self, position: Iterable[int] | int) -> Position:
        """Check and normalise a position (`CellBoard.position`)."""
        return self.board.position(position)

    def check_move(self, position: Position, move: object) -> int:
        """``move`` as an edge number if it is legal in ``position``, else raise."""
        edge = self.board.check_edge(move)
        if position >> (edge - 1) & 1:
            raise InvalidPositionError(f"edge {edge} is already drawn in position {self.board.drawn_edges(position)}")
        return edge

    def describe(self, position: Position) -> dict[str, int]:
        """Node attributes of a position in a state graph: ``edges_drawn``."""
        return {"edges_drawn": int(position).bit_count()}


def as_bitmask(value: Any, what: str, error: type[ValueError] = InvalidPositionError) -> int | None:
    """``value`` as a bitmask if it is an integer, or None if it is to be read as a list of ``what``.

    A bool is refused: True is 1 to Python, but never a position.
    """
    if isinstance(value, bool):
        raise error(f"a position is a bitmask or a list of {what}, not {value!r}")
    try:
        return index(value)
    except TypeError:
        return None


def iter_position(value: Any, what: str, error: type[ValueError] = InvalidPositionError) -> Iterator[Any]:
    """``iter(value)``, or ``error`` (a `ValueError`, as for any bad position) if it cannot be iterated."""
    try:
        return iter(value)
    except TypeError:
        raise error(f"position {value!r} is not a list of {what}") from None
