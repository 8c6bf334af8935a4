"""Peg Game for Two (NAQ 2018 problem J): the board and the rules.

The board is a triangle of holes, ``rows`` holes on a side (5 in the problem, 15 holes),
numbered 1..n row by row from the top (SPEC section 2).  A position is a tuple with one
entry per hole: the value of the peg in it, or 0 for an empty hole.  A move (a `Jump`)
takes a peg over an adjacent peg, in a straight line along a row or either diagonal,
into an empty hole; the jumped peg is removed and the mover scores the product of the
two values.  Players alternate (no extra moves); the game ends when the player to move
has no jump.  The value of a position is the mover's future score minus the opponent's
under optimal play, so the answer to the problem is the value of the starting board.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Iterable, Sequence

from ..errors import InvalidPositionError, check_integer
from .cells import iter_position
from .transition import Transition

__all__ = [
    "DIRECTIONS",
    "InvalidPegBoardError",
    "Jump",
    "MAX_PEG_VALUE",
    "MAX_ROWS",
    "PegBoard",
    "PegGame",
    "PegPosition",
    "peg_board",
    "random_start",
]

PegPosition = tuple[int, ...]
"""Peg values per hole (hole k is index k-1); 0 is an empty hole."""

MAX_PEG_VALUE = 100
"""Largest peg value the judge accepts (NAQ 2018 J: values are 0..100)."""

MAX_ROWS = 64
"""The largest board whose geometry is built (solving stops much earlier: see the engine)."""

DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1))
"""The six straight-line directions of the triangular grid, as (row, column) steps."""

LINE_DIRECTIONS = ((0, 1), (1, 0), (1, 1))
"""One direction of each of the three line families: rows and the two diagonals."""


class InvalidPegBoardError(InvalidPositionError):
    """A peg board that is not a legal position or start (size, values, holes).

    Examples
    --------
    >>> from triangles_core import solve_peg_game
    >>> solve_peg_game([1, 2, 3])
    Traceback (most recent call last):
    ...
    triangles_core.games.peg.InvalidPegBoardError: a board has 15 holes, got 3 values
    """


@dataclass(frozen=True, order=True)
class Jump:
    """One move: the peg in hole ``start`` jumps over hole ``over`` into hole ``land`` (1-based holes).

    Jumps sort by ``(start, over, land)``, the order of `PegGame.moves`.

    Examples
    --------
    >>> jump = Jump(1, 2, 4)
    >>> str(jump), jump < Jump(1, 3, 6)
    ('1>2>4', True)
    >>> peg_board(3).jumps[0] == jump
    True
    """

    start: int
    over: int
    land: int

    def __str__(self) -> str:
        return f"{self.start}>{self.over}>{self.land}"


class PegBoard:
    """The triangular peg board of ``rows`` holes on a side (``1..MAX_ROWS``; 5 in NAQ 2018 J).

    Attributes
    ----------
    coordinates : tuple of (int, int)
        ``(row, column)`` of hole k at index k-1.
    lines : tuple of tuple of int
        Every maximal straight line of at least 3 holes.
    jumps : tuple of Jump
        Every geometrically possible jump, sorted.
    symmetries : tuple of tuple of int
        The 6 symmetries: ``symmetries[i][k - 1]`` is the image of hole ``k``.

    Examples
    --------
    >>> b = PegBoard(5)
    >>> b.n_holes, len(b.jumps), len(b.lines)
    (15, 36, 9)
    >>> b.jumps[0]
    Jump(start=1, over=2, land=4)
    """

    def __init__(self, rows: int) -> None:
        rows = check_integer(rows, "peg board rows", 1, MAX_ROWS, InvalidPegBoardError)  # too big: refused
        self.rows = rows
        self.coordinates = tuple((r, c) for r in range(rows) for c in range(r + 1))
        self.n_holes = len(self.coordinates)
        number = {rc: k for k, rc in enumerate(self.coordinates, start=1)}
        jumps = []
        for k, (r, c) in enumerate(self.coordinates, start=1):
            for dr, dc in DIRECTIONS:
                over, land = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
                if land in number:
                    jumps.append(Jump(k, number[over], number[land]))
        self.jumps = tuple(sorted(jumps))
        self._jump_set = frozenset(self.jumps)
        lines = []
        for dr, dc in LINE_DIRECTIONS:
            for r, c in self.coordinates:
                if (r - dr, c - dc) in number:
                    continue  # not the first hole of its line
                line = []
                while (r, c) in number:
                    line.append(number[(r, c)])
                    r, c = r + dr, c + dc
                if len(line) >= 3:
                    lines.append(tuple(line))
        self.lines = tuple(lines)
        # Hole (r, c) has "distances" (c, r - c, rows - 1 - r) to the three sides; the six
        # symmetries of the triangle permute them.
        symmetries = []
        for order in ((0, 1, 2), (1, 0, 2), (2, 0, 1), (0, 2, 1), (1, 2, 0), (2, 1, 0)):
            image = []
            for r, c in self.coordinates:
                d = (c, r - c, rows - 1 - r)
                a, _, e = (d[i] for i in order)
                image.append(number[(rows - 1 - e, a)])
            symmetries.append(tuple(image))
        self.symmetries = tuple(symmetries)
        # For each hole (0-based): the (start, over, jump) of the jumps landing there.
        self._jumps_into = tuple(
            tuple((j.start - 1, j.over - 1, j) for j in self.jumps if j.land == k) for k in range(1, self.n_holes + 1)
        )

    def __repr__(self) -> str:
        return f"PegBoard({self.rows})"

    def apply_symmetry(self, symmetry: int, position: Sequence[int]) -> PegPosition:
        """The image of a position under symmetry ``symmetry`` (index into `symmetries`).

        Examples
        --------
        >>> b = peg_board(2)
        >>> sorted(b.apply_symmetry(i, (0, 1, 2)) for i in range(6))
        [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
        """
        image = [0] * self.n_holes
        for k, target in enumerate(self.symmetries[symmetry]):
            image[target - 1] = position[k]
        return tuple(image)

    def hole_classes(self) -> list[tuple[int, ...]]:
        """The holes grouped by symmetry (orbits), each sorted, ordered by first hole.

        Examples
        --------
        >>> peg_board(5).hole_classes()
        [(1, 11, 15), (2, 3, 7, 10, 12, 14), (4, 6, 13), (5, 8, 9)]
        """
        return sorted({tuple(sorted({sym[k] for sym in self.symmetries})) for k in range(self.n_holes)})

    @property
    def xy(self) -> tuple[tuple[float, float], ...]:
        """Plot coordinates of the holes (an equilateral triangle, apex at (0, 0))."""
        return tuple((c - r / 2, -r * 0.8660254037844386) for r, c in self.coordinates)

    def position(self, values: Iterable[int], max_value: int = MAX_PEG_VALUE) -> PegPosition:
        """Check a position of this board (peg values row by row, each ``0..max_value``) and return it as a tuple.

        Examples
        --------
        >>> peg_board(2).position([0, 4, 0])
        (0, 4, 0)
        """
        position = tuple(
            check_integer(v, f"hole {k}: peg value", 0, max_value, InvalidPegBoardError)
            for k, v in enumerate(iter_position(values, "peg values", InvalidPegBoardError), start=1)
        )
        if len(position) != self.n_holes:
            raise InvalidPegBoardError(f"a board has {self.n_holes} holes, got {len(position)} values")
        return position

    def start_position(self, values: Iterable[int], max_value: int = MAX_PEG_VALUE) -> PegPosition:
        """Check a starting board (exactly one hole) and return it as a position.

        Examples
        --------
        >>> peg_board(2).start_position([0, 4, 5])
        (0, 4, 5)
        """
        position = self.position(values, max_value)
        holes = position.count(0)
        if holes != 1:
            raise InvalidPegBoardError(f"a starting board has exactly one hole (0), this one has {holes}")
        return position

    def legal_jumps(self, position: PegPosition) -> list[Jump]:
        """The jumps available in ``position``, sorted.

        Examples
        --------
        >>> peg_board(5).legal_jumps((0,) + (1,) * 14)
        [Jump(start=4, over=2, land=1), Jump(start=6, over=3, land=1)]
        """
        found = [
            jump
            for k, v in enumerate(position)
            if v == 0
            for s, o, jump in self._jumps_into[k]
            if position[s] and position[o]
        ]
        found.sort()
        return found

    def play(self, position: PegPosition, jump: Jump) -> tuple[PegPosition, int]:
        """Make ``jump``; returns the new position and the mover's score for it.

        Examples
        --------
        >>> peg_board(2).play((0, 4, 5), Jump(3, 2, 1))
        Traceback (most recent call last):
        ...
        ValueError: 3>2>1 is not a jump of this board
        >>> peg_board(3).play((0, 2, 1, 3, 1, 1), Jump(4, 2, 1))
        ((3, 0, 1, 0, 1, 1), 6)
        """
        if jump not in self._jump_set:
            raise ValueError(f"{jump} is not a jump of this board")
        s, o, land = jump.start - 1, jump.over - 1, jump.land - 1
        if not (position[s] and position[o] and position[land] == 0):
            raise ValueError(
                f"{jump} is not legal here: it needs pegs in {jump.start} and {jump.over} and an empty hole {jump.land}"
            )
        return _jumped(position, s, o, land)


def _jumped(position: PegPosition, s: int, o: int, land: int) -> tuple[PegPosition, int]:
    after = list(position)
    after[land], after[s], after[o] = position[s], 0, 0
    return tuple(after), position[s] * position[o]


@functools.cache
def peg_board(rows: int = 5) -> PegBoard:
    """The (cached) peg board with ``rows`` holes on a side.

    Examples
    --------
    >>> peg_board(3).n_holes, len(peg_board(3).jumps)
    (6, 6)
    """
    return PegBoard(rows)


class PegGame:
    """Peg Game for Two (NAQ 2018 J) in the `triangles_core.engine.game.Game` form.

    Positions are tuples of peg values (0 = empty), moves are `Jump` objects, the reward is
    the product of the two peg values, the turn always passes, and no jump is worth 0.

    Examples
    --------
    >>> from triangles_core.engine.game import negamax
    >>> negamax(PegGame(5), (3, 1, 6, 1, 7, 8, 5, 0, 3, 4, 9, 3, 2, 1, 9))
    21
    """

    start = None
    """No standard start: the peg values are part of each problem's input."""

    def __init__(self, rows: int = 5) -> None:
        self.board = peg_board(rows)

    def __repr__(self) -> str:
        return f"PegGame({self.board.rows})"

    def moves(self, position: PegPosition) -> list[Jump]:
        """The legal jumps, sorted."""
        return self.board.legal_jumps(position)

    def play(self, position: PegPosition, move: Jump) -> Transition:
        """Make the jump ``move`` (it must be legal; not checked here)."""
        after, reward = _jumped(position, move.start - 1, move.over - 1, move.land - 1)
        return Transition(after, reward, False)

    def terminal_value(self, position: PegPosition) -> int:
        """Nothing more is scored once the mover has no jump."""
        return 0

    def position(self, values: Iterable[int]) -> PegPosition:
        """Check and normalise a position (`PegBoard.position`)."""
        return self.board.position(values)

    def check_move(self, position: PegPosition, move: object) -> Jump:
        """``move`` if it is a legal jump in ``position``, else raise `InvalidPegBoardError`."""
        if not isinstance(move, Jump) or move not in self.board.legal_jumps(position):
            raise InvalidPegBoardError(f"{move!r} is not a legal jump in this position")
        return move

    def describe(self, position: PegPosition) -> dict[str, int]:
        """Node attributes of a position in a state graph: ``pegs`` (pegs left)."""
        return {"pegs": sum(1 for v in position if v)}


def random_start(rng: random.Random, rows: int = 5, low: int = 1, high: int = MAX_PEG_VALUE) -> PegPosition:
    """A random starting board: values uniform in ``low..high`` (``low >= 1``, SPEC section 2) and one random hole.

    Examples
    --------
    >>> board = random_start(random.Random(1))
    >>> len(board), board.count(0)
    (15, 1)
    """
    n = peg_board(rows).n_holes
    values = [rng.randint(low, high) for _ in range(n)]
    values[rng.randrange(n)] = 0
    return tuple(values)
