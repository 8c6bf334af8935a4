"""Peg Game for Two (NAQ 2018 problem J): the board, the game and an exact solver.

The board is a triangle of holes, ``rows`` holes on a side (5 in the problem, 15 holes),
numbered 1..n row by row from the top (SPEC.md section 2).  A position is a tuple with
one entry per hole: the value of the peg in it, or 0 for an empty hole.  A move (a
`Jump`) takes a peg over an adjacent peg, in a straight line along a row or either
diagonal, into an empty hole; the jumped peg is removed and the mover scores the
product of the two values.  Players alternate (no extra moves); the game ends when the
player to move has no jump.  The value of a position is the mover's future score minus
the opponent's under optimal play, so the answer to the problem is the value of the
starting board.

The jumps are generated from the geometry of the triangle, never typed by hand: hole
``(row, column)`` with ``0 <= column <= row`` has neighbours in the six directions
``(0, +-1)``, ``(+-1, 0)`` and ``+-(1, 1)``.

`PegSolver` is a memoised negamax specialised to this game (tuples and precomputed jump
lists, no per-move objects); it is tested against the generic reference
`triangles_core.game.NegamaxSolver` run on `PegGame`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from .game import Transition

__all__ = [
    "Jump",
    "PegBoard",
    "peg_board",
    "InvalidPegBoardError",
    "PegGame",
    "PegSolver",
    "PegStep",
    "solve_peg",
    "random_start",
    "peg_game_graph",
    "draw_peg_position",
]

PegPosition = tuple[int, ...]
"""Peg values per hole (hole k is index k-1); 0 is an empty hole."""

MAX_PEG_VALUE = 100
"""Largest peg value the judge accepts (NAQ 2018 J: values are 0..100)."""

DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1))
"""The six straight-line directions of the triangular grid, as (row, column) steps."""

LINE_DIRECTIONS = ((0, 1), (1, 0), (1, 1))
"""One direction of each of the three line families: rows and the two diagonals."""


class InvalidPegBoardError(ValueError):
    """A peg board that is not a legal start (wrong size, values, or number of holes)."""


@dataclass(frozen=True, order=True)
class Jump:
    """One move: the peg in hole ``start`` jumps over hole ``over`` into hole ``land``.

    Hole numbers are 1-based, row by row from the top.
    """

    start: int
    over: int
    land: int

    def __str__(self) -> str:
        return f"{self.start}>{self.over}>{self.land}"


class PegBoard:
    """The triangular peg board: holes, their coordinates, lines and jumps.

    Parameters
    ----------
    rows : int
        Holes on a side, ``rows >= 1`` (5 in NAQ 2018 J).

    Attributes
    ----------
    rows : int
        Holes on a side.
    n_holes : int
        ``rows * (rows + 1) // 2`` holes.
    coordinates : tuple of (int, int)
        ``(row, column)`` of hole k at index k-1, ``0 <= column <= row < rows``.
    lines : tuple of tuple of int
        Every maximal straight line of at least 3 holes (rows, then the two diagonal
        families), as hole numbers in order.
    jumps : tuple of Jump
        Every geometrically possible jump, sorted by (start, over, land).

    Examples
    --------
    >>> b = PegBoard(5)
    >>> b.n_holes, len(b.jumps), len(b.lines)
    (15, 36, 9)
    >>> b.jumps[0]
    Jump(start=1, over=2, land=4)
    """

    def __init__(self, rows: int) -> None:
        if rows < 1:
            raise ValueError(f"a peg board needs at least one row, not {rows}")
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
        self.symmetries = self._symmetries(number)
        self._jumps_into = tuple(tuple((j.start - 1, j.over - 1, j) for j in self.jumps if j.land == k)
                                 for k in range(1, self.n_holes + 1))

    def __repr__(self) -> str:
        return f"PegBoard({self.rows})"

    def _symmetries(self, number: dict[tuple[int, int], int]) -> tuple[tuple[int, ...], ...]:
        # Hole (r, c) has "distances" (c, r - c, rows - 1 - r) to the three sides; the six
        # symmetries of the triangle permute them.
        result = []
        for order in ((0, 1, 2), (1, 0, 2), (2, 0, 1), (0, 2, 1), (1, 2, 0), (2, 1, 0)):
            image = []
            for r, c in self.coordinates:
                d = (c, r - c, self.rows - 1 - r)
                a, b, e = (d[i] for i in order)
                image.append(number[(self.rows - 1 - e, a)])
            result.append(tuple(image))
        return tuple(result)

    def apply_symmetry(self, symmetry: int, position: Sequence[int]) -> PegPosition:
        """The image of a position under symmetry ``symmetry`` (index into `symmetries`).

        ``symmetries[i][k - 1]`` is the hole that hole ``k`` goes to; symmetry 0 is the
        identity, the six are the rotations and reflections of the triangle.

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

    def start_position(self, values: Iterable[int], max_value: int = MAX_PEG_VALUE) -> PegPosition:
        """Check a starting board and return it as a position.

        Parameters
        ----------
        values : iterable of int
            Peg value per hole, row by row; 0 marks the hole.
        max_value : int, default 100
            Largest allowed peg value (NAQ 2018 J allows 0..100).

        Returns
        -------
        tuple of int
            The position, length `n_holes`.

        Raises
        ------
        InvalidPegBoardError
            Wrong number of values, a value outside ``0..max_value``, or not exactly
            one 0 (NAQ 2018 J starts with exactly one hole).

        Examples
        --------
        >>> peg_board(2).start_position([0, 4, 5])
        (0, 4, 5)
        """
        position = tuple(int(v) for v in values)
        if len(position) != self.n_holes:
            raise InvalidPegBoardError(f"a board has {self.n_holes} holes, got {len(position)} values")
        for k, v in enumerate(position, start=1):
            if not 0 <= v <= max_value:
                raise InvalidPegBoardError(f"hole {k}: peg value {v} is outside 0..{max_value}")
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
        found = [jump for k, v in enumerate(position) if v == 0
                 for s, o, jump in self._jumps_into[k] if position[s] and position[o]]
        return sorted(found)

    def play(self, position: PegPosition, jump: Jump) -> tuple[PegPosition, int]:
        """Make ``jump``; returns the new position and the mover's score for it.

        Raises
        ------
        ValueError
            If the jump is not legal in ``position``.

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
            raise ValueError(f"{jump} is not legal here: it needs pegs in {jump.start} and {jump.over} "
                             f"and an empty hole {jump.land}")
        after = list(position)
        after[land], after[s], after[o] = position[s], 0, 0
        return tuple(after), position[s] * position[o]


@lru_cache(maxsize=None)
def peg_board(rows: int = 5) -> PegBoard:
    """The (cached) peg board with ``rows`` holes on a side."""
    return PegBoard(rows)


class PegGame:
    """Peg Game for Two (NAQ 2018 J) in the `triangles_core.game.Game` form.

    Positions are tuples of peg values (0 = empty hole), moves are `Jump` objects, the
    reward is the product of the two peg values, the turn always passes, and a position
    with no jump is worth 0.

    Parameters
    ----------
    rows : int, default 5
        Holes on a side.

    Examples
    --------
    >>> from triangles_core.game import negamax
    >>> negamax(PegGame(5), (3, 1, 6, 1, 7, 8, 5, 0, 3, 4, 9, 3, 2, 1, 9))
    21
    """

    def __init__(self, rows: int = 5) -> None:
        self.board = peg_board(rows)

    def moves(self, position: PegPosition) -> list[Jump]:
        """The legal jumps, sorted."""
        return self.board.legal_jumps(position)

    def play(self, position: PegPosition, move: Jump) -> Transition[PegPosition]:
        """Make the jump ``move``."""
        after, reward = self.board.play(position, move)
        return Transition(after, reward, False)

    def terminal_value(self, position: PegPosition) -> int:
        """Nothing more is scored once the mover has no jump."""
        return 0


@dataclass(frozen=True)
class PegStep:
    """One move of a principal variation.

    Attributes
    ----------
    ply : int
        1-based move number.
    player : {"A", "B"}
        ``"A"`` is the side to move in the starting position (Jacquez in NAQ 2018 J).
    jump : Jump
        The move.
    reward : int
        What the mover scores with it (product of the two peg values).
    value : int
        Value of the position before the move, for the player making it.
    position : tuple of int
        The position after the move.
    """

    ply: int
    player: str
    jump: Jump
    reward: int
    value: int
    position: PegPosition


class PegSolver:
    """Exact memoised negamax for the peg game.

    The cache maps positions (value tuples) to values and is valid across boards, so
    one solver can answer many boards.  The worst single 15-hole board visits about
    27 000 positions.

    Parameters
    ----------
    rows : int, default 5
        Holes on a side.

    Attributes
    ----------
    cache : dict
        Solved positions and their values for the side to move.

    Examples
    --------
    >>> s = PegSolver()
    >>> board = (100, 1, 17, 99, 3, 4, 0, 76, 33, 42, 12, 13, 14, 15, 16)
    >>> s.value(board)
    2148
    >>> s.optimal_moves(board)
    [Jump(start=9, over=8, land=7)]
    """

    def __init__(self, rows: int = 5) -> None:
        self.board = peg_board(rows)
        self.cache: dict[PegPosition, int] = {}
        # For each hole (0-based): (start, over) pairs of the jumps landing there.
        self._into = tuple(tuple((s, o) for s, o, _ in into) for into in self.board._jumps_into)
        self._value = self._make_value()

    def _position(self, position: Sequence[int]) -> PegPosition:
        position = tuple(position)
        if len(position) != self.board.n_holes:
            raise InvalidPegBoardError(f"a board has {self.board.n_holes} holes, got {len(position)} values")
        return position

    def _make_value(self):
        """The recursive evaluator, as a closure over the memo and the jump table (fast locals)."""
        cache, into = self.cache, self._into

        def value(p: PegPosition) -> int:
            known = cache.get(p)
            if known is not None:
                return known
            best = None
            for land, v in enumerate(p):
                if v:
                    continue
                for s, o in into[land]:
                    ps, po = p[s], p[o]
                    if ps and po:
                        q = list(p)
                        q[land] = ps
                        q[s] = q[o] = 0
                        score = ps * po - value(tuple(q))
                        if best is None or score > best:
                            best = score
            if best is None:
                best = 0
            cache[p] = best
            return best

        return value

    def value(self, position: Sequence[int]) -> int:
        """The mover's net score under optimal play (the NAQ 2018 J answer for a start).

        Parameters
        ----------
        position : sequence of int
            Peg value per hole (0 = empty), length ``n_holes``.

        Returns
        -------
        int
            Mover's future score minus the opponent's; may be negative.

        Raises
        ------
        InvalidPegBoardError
            If the length is wrong.
        """
        return self._value(self._position(position))

    def move_values(self, position: Sequence[int]) -> dict[Jump, int]:
        """The value of every legal jump for the mover: reward minus the value after it.

        Examples
        --------
        >>> PegSolver(3).move_values((0, 2, 1, 3, 1, 1))
        {Jump(start=4, over=2, land=1): 8, Jump(start=6, over=3, land=1): 0}
        """
        p = self._position(position)
        result = {}
        for jump in self.board.legal_jumps(p):
            after, reward = self.board.play(p, jump)
            result[jump] = reward - self._value(after)
        return result

    def optimal_moves(self, position: Sequence[int]) -> list[Jump]:
        """The jumps achieving the value, sorted (empty when the game is over)."""
        values = self.move_values(position)
        if not values:
            return []
        best = max(values.values())
        return [jump for jump, v in values.items() if v == best]

    def principal_variation(self, position: Sequence[int]) -> list[PegStep]:
        """One optimal line of play to the end (always the first optimal jump).

        Examples
        --------
        >>> [str(step.jump) for step in PegSolver(3).principal_variation((0, 2, 1, 3, 1, 1))]
        ['4>2>1', '6>5>4', '1>3>6']
        """
        p = self._position(position)
        steps = []
        while True:
            moves = self.optimal_moves(p)
            if not moves:
                return steps
            value = self._value(p)
            after, reward = self.board.play(p, moves[0])
            steps.append(PegStep(len(steps) + 1, "AB"[len(steps) % 2], moves[0], reward, value, after))
            p = after


def solve_peg(values: Iterable[int], rows: int = 5) -> int:
    """The first player's net score for a starting board (the NAQ 2018 J answer).

    Parameters
    ----------
    values : iterable of int
        Peg values row by row, 0..100, exactly one 0.
    rows : int, default 5
        Holes on a side.

    Returns
    -------
    int
        First player's total minus the second's under optimal play.

    Raises
    ------
    InvalidPegBoardError
        If the board is not a legal start (see `PegBoard.start_position`).

    Examples
    --------
    >>> solve_peg([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 13, 14])
    19
    """
    return PegSolver(rows).value(peg_board(rows).start_position(values))


def random_start(rng: random.Random, rows: int = 5, low: int = 1, high: int = MAX_PEG_VALUE) -> PegPosition:
    """A random starting board: values uniform in ``low..high`` and one random hole.

    Parameters
    ----------
    rng : random.Random
        Source of randomness (seed it for reproducible boards).

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


def peg_game_graph(position: Sequence[int], solver: PegSolver | None = None):
    """The directed acyclic graph of every position reachable from ``position``.

    Parameters
    ----------
    position : sequence of int
        The root position.
    solver : PegSolver, optional
        Gives node values (a fresh one is used if omitted).

    Returns
    -------
    networkx.DiGraph
        Nodes are positions with attributes ``value`` (for the mover) and ``pegs``;
        arcs are jumps with attributes ``jump``, ``reward`` and ``move_value``.

    Examples
    --------
    >>> g = peg_game_graph((0, 2, 1, 3, 1, 1))
    >>> g.number_of_nodes(), g.number_of_edges()
    (6, 6)
    """
    import networkx as nx

    solver = solver or PegSolver(peg_board_rows(len(position)))
    root = solver._position(position)
    graph = nx.DiGraph()
    graph.add_node(root, value=solver._value(root), pegs=sum(1 for v in root if v))
    stack = [root]
    while stack:
        p = stack.pop()
        for jump in solver.board.legal_jumps(p):
            q, reward = solver.board.play(p, jump)
            if q not in graph:
                graph.add_node(q, value=solver._value(q), pegs=sum(1 for v in q if v))
                stack.append(q)
            graph.add_edge(p, q, jump=jump, reward=reward, move_value=reward - solver._value(q))
    return graph


def peg_board_rows(n_holes: int) -> int:
    """The number of rows of a triangle of ``n_holes`` holes.

    Raises
    ------
    InvalidPegBoardError
        If ``n_holes`` is not a triangular number.

    Examples
    --------
    >>> peg_board_rows(15)
    5
    """
    rows = 0
    while rows * (rows + 1) // 2 < n_holes:
        rows += 1
    if rows * (rows + 1) // 2 != n_holes:
        raise InvalidPegBoardError(f"{n_holes} holes do not make a triangle")
    return rows


def draw_peg_position(ax, board: PegBoard, position: Sequence[int] | None = None, *, jump: Jump | None = None,
                      lines: bool = False, hole_numbers: bool = False, title: str | None = None) -> None:
    """Draw a peg board on a matplotlib axes.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    board : PegBoard
        The board.
    position : sequence of int, optional
        Peg values (0 = empty); pegs are drawn as discs labelled with their value.
        Without it every hole is drawn empty.
    jump : Jump, optional
        A jump to draw as an arrow (the jumped peg is ringed in red).
    lines : bool, default False
        Draw the jump lines (every straight line of 3 or more holes).
    hole_numbers : bool, default False
        Label each hole with its number instead of the peg value.
    title : str, optional
        Axes title.
    """
    xy = board.xy
    if lines:
        colours = {(0, 1): "#4c72b0", (1, 0): "#dd8452", (1, 1): "#55a868"}
        for line in board.lines:
            (r0, c0), (r1, c1) = board.coordinates[line[0] - 1], board.coordinates[line[1] - 1]
            colour = colours[(r1 - r0, c1 - c0)]
            ax.plot([xy[line[0] - 1][0], xy[line[-1] - 1][0]], [xy[line[0] - 1][1], xy[line[-1] - 1][1]],
                    color=colour, linewidth=2, alpha=0.6, zorder=1)
    for k, (x, y) in enumerate(xy, start=1):
        value = position[k - 1] if position is not None else 0
        ringed = jump is not None and k == jump.over
        if value:
            ax.scatter([x], [y], s=520, color="#f0d9a8", edgecolors="red" if ringed else "#6b4f1d",
                       linewidths=2.5 if ringed else 1, zorder=3)
        else:
            ax.scatter([x], [y], s=520, color="white", edgecolors="#555555", linewidths=1, zorder=3)
        label = str(k) if hole_numbers else (str(value) if value else "")
        if label:
            ax.text(x, y, label, ha="center", va="center", fontsize=9, zorder=4)
    if jump is not None:
        (x0, y0), (x1, y1) = xy[jump.start - 1], xy[jump.land - 1]
        ax.annotate("", xy=(x1, y1), xytext=(x0, y0), zorder=5,
                    arrowprops=dict(arrowstyle="-|>", color="red", linewidth=2.5, shrinkA=4, shrinkB=4,
                                    connectionstyle="arc3,rad=0.3"))
    ax.set_aspect("equal")
    ax.axis("off")
    pad = 0.6
    ax.set_xlim(-board.rows / 2 - pad + 0.5, board.rows / 2 + pad - 0.5)
    ax.set_ylim(-(board.rows - 1) * 0.866 - pad, pad)
    if title:
        ax.set_title(title, fontsize=10)

