"""Solved games: one interface (`SolvedGame`), whatever solved them.

`ValueFunctionSolution` answers every query of `SolvedGame` from a game and the value
of a position (``_value_of``, the one hook a solver overrides): a cell board solved into
a value table (`TableSolution`), any `Game` solved by the memoised negamax
(`NegamaxSolution`, `NumberGameSolution`), or searched
(`triangles_core.engine.search.SearchSolution`).  Move values follow from the rule
`triangles_core.engine.game.move_value`; lines are played by
`triangles_core.engine.game.play_line`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Hashable, Iterable, Literal, Protocol, runtime_checkable

import numpy as np

from ..games.cells import CellBoard, CellGame, Position
from ..games.number import FULL, NumberGame
from .game import Game, NegamaxSolver, Step, deep_recursion, given_moves, move_value, play_line, start_position

__all__ = [
    "NegamaxSolution",
    "NumberGameSolution",
    "SolvedCellGame",
    "SolvedGame",
    "Step",
    "TableSolution",
    "ValueFunctionSolution",
    "Verdict",
    "check_values",
    "verdict_of",
]

Verdict = Literal["win", "draw", "loss"]


def verdict_of(value: int) -> Verdict:
    """``"win"``, ``"draw"`` or ``"loss"`` for a value (net score for the player to move).

    Examples
    --------
    >>> [verdict_of(v) for v in (2, 0, -1)]
    ['win', 'draw', 'loss']
    """
    return "win" if value > 0 else "loss" if value < 0 else "draw"


@runtime_checkable
class SolvedGame(Protocol):
    """What every solved game answers, with the same names (docs/architecture.md).

    Positions are given as the game accepts them and checked: an invalid position or an
    illegal move is a `ValueError`.

    Examples
    --------
    >>> from triangles_core import solve, solve_number_game
    >>> isinstance(solve(2), SolvedGame), isinstance(solve_number_game(), SolvedGame)
    (True, True)
    >>> solve(2).verdict([]), solve_number_game().winning_moves([2, 3, 4, 5, 6])
    ('loss', [4, 5, 6])
    """

    @property
    def game(self) -> Game:
        """The rules (`triangles_core.engine.game.Game`)."""
        ...

    @property
    def start(self) -> Hashable:
        """Where lines start by default (the empty board, the searched root, the full start)."""
        ...

    def position(self, position: Any) -> Hashable:
        """The position checked and normalised (a `ValueError` if it is not one of the game's)."""
        ...

    def value(self, position: Any) -> int:
        """Net score for the player to move under optimal play."""
        ...

    def move_value(self, position: Any, move: Any) -> int:
        """The value of one legal move for its mover."""
        ...

    def move_values(self, position: Any) -> dict:
        """The value of every legal move for its mover, in move order."""
        ...

    def optimal_moves(self, position: Any) -> list:
        """The moves that keep the value of the position."""
        ...

    def winning_moves(self, position: Any) -> list:
        """The moves of value > 0."""
        ...

    def drawing_moves(self, position: Any) -> list:
        """The moves of value 0."""
        ...

    def losing_moves(self, position: Any) -> list:
        """The moves of value < 0."""
        ...

    def principal_variation(self, position: Any, first_move: Any = None) -> list[Step]:
        """An optimal line of play from the position to the end of the game."""
        ...

    def replay(self, moves: Iterable[Any], start: Any = None) -> list[Step]:
        """The moves played from ``start``, each valued (value, move value, value lost)."""
        ...

    def verdict(self, position: Any) -> Verdict:
        """``"win"``, ``"draw"`` or ``"loss"`` for the player to move."""
        ...


@runtime_checkable
class SolvedCellGame(SolvedGame, Protocol):
    """A solved cell game (Fighting for Triangles, Dots-and-Boxes): a `SolvedGame` with its board.

    What reviews, judges and board figures need: the queries of `SolvedGame` and the
    geometry (``board``) to name edges and cells; not the value table.  Positions are
    bitmasks of drawn edges.
    """

    @property
    def board(self) -> CellBoard:
        """The board that was solved."""
        ...

    @property
    def game(self) -> CellGame:
        """The cell game on that board."""
        ...

    def position(self, position: Any) -> int:
        """The position as a bitmask, checked (`CellBoard.position`)."""
        ...


class ValueFunctionSolution:
    """The `SolvedGame` queries, implemented once from a game and a value function.

    Subclasses set ``game`` and define ``_value_of(p)``, the value of a normalised position
    for the player to move; positions and moves from users are checked by the game.

    Examples
    --------
    >>> from triangles_core import TriangleGame, negamax
    >>> class ByNegamax(ValueFunctionSolution):
    ...     def __init__(self, game):
    ...         self.game = game
    ...     def _value_of(self, position):
    ...         return negamax(self.game, position)
    >>> s = ByNegamax(TriangleGame(1))
    >>> s.value([]), s.move_values([]), s.verdict([])
    (1, {1: 1, 2: 1, 3: 1}, 'win')
    """

    game: Game

    def _value_of(self, position: Any) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def start(self) -> Any:
        """The game's starting position (`Game.start`), where `replay` starts by default."""
        return start_position(self.game)

    def position(self, position: Any) -> Any:
        """Check and normalise a position as the game accepts it (`Game.position`)."""
        return self.game.position(position)

    def _move_values(self, p: Any) -> dict:
        game = self.game
        return {m: move_value(t, self._value_of(t.position)) for m in game.moves(p) for t in (game.play(p, m),)}

    def value(self, position: Any) -> int:
        """The value of a position for the player to move (net score under optimal play); checked as by `position`."""
        return self._value_of(self.position(position))

    def move_value(self, position: Any, move: Any) -> int:
        """The value, for its mover, of one move."""
        p = self.position(position)
        transition = self.game.play(p, self.game.check_move(p, move))
        return move_value(transition, self._value_of(transition.position))

    def move_values(self, position: Any) -> dict:
        """Each legal move (in the game's order) to its value for its mover, under optimal play after it."""
        return self._move_values(self.position(position))

    def optimal_moves(self, position: Any) -> list:
        """The moves that keep the value of the position (game's move order)."""
        p = self.position(position)
        best = self._value_of(p)
        return [m for m, v in self._move_values(p).items() if v == best]

    def winning_moves(self, position: Any) -> list:
        """Moves after which the mover ends strictly ahead (move value > 0)."""
        return [m for m, v in self.move_values(position).items() if v > 0]

    def drawing_moves(self, position: Any) -> list:
        """Moves after which optimal play ends level (move value == 0)."""
        return [m for m, v in self.move_values(position).items() if v == 0]

    def losing_moves(self, position: Any) -> list:
        """Moves after which the mover ends strictly behind (move value < 0)."""
        return [m for m, v in self.move_values(position).items() if v < 0]

    def verdict(self, position: Any) -> Verdict:
        """``"win"``, ``"draw"`` or ``"loss"`` for the player to move under optimal play."""
        return verdict_of(self.value(position))

    def replay(self, moves: Iterable[Any], start: Any = None) -> list[Step]:
        """Play ``moves`` from ``start`` (A moves first) and value each one against the solution.

        Returns
        -------
        list of Step
            One per move, with ``value``, ``move_value``, ``value_lost`` and the running ``score``.

        Examples
        --------
        >>> from triangles_core import solve
        >>> [(s.player, s.move, s.value, s.move_value, s.value_lost, s.score) for s in solve(2).replay([1, 2, 3])]
        [('A', 1, -2, -2, 0, (0, 0)), ('B', 2, 2, 0, 2, (0, 0)), ('A', 3, 0, 0, 0, (1, 0))]
        """
        chooser = given_moves(self.game, moves)  # the moves checked first: a sequence in playing order
        p = self.start if start is None else self.position(start)
        return play_line(self.game, p, chooser, self._value_of)

    def principal_variation(self, position: Any, first_move: Any = None) -> list[Step]:
        """An optimal line of play from ``position`` (A to move) to the end of the game.

        ``first_move`` is played first (optimal or not), then the line continues optimally.

        Examples
        --------
        >>> from triangles_core import solve
        >>> line = solve(2).principal_variation([], first_move=5)
        >>> line[0].move, line[-1].score, line[0].value_lost
        (5, (1, 3), 0)
        """
        game, value_of = self.game, self._value_of
        p = self.position(position)
        first = None if first_move is None else game.check_move(p, first_move)

        def optimal(q: Hashable, ply: int):
            if ply == 1 and first is not None:
                return first, game.play(q, first)
            best = self._value_of(q)
            for move in game.moves(q):
                transition = game.play(q, move)
                if move_value(transition, value_of(transition.position)) == best:
                    return move, transition
            return None

        return play_line(game, p, optimal, value_of)


def check_values(board: CellBoard, values: np.ndarray) -> np.ndarray:
    """``values`` as an array if it is a value table of ``board`` (int8, one entry per position), else raise.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> check_values(board(3), np.zeros(16, np.int8))
    Traceback (most recent call last):
    ...
    ValueError: a side-3 board table must be an int8 array of shape (262144,), got int8 of shape (16,)
    """
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

    ``values[p]`` is the net score for the player to move in ``p``, counting only cells
    completed from now on, under optimal play by both.

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

    def _value_of(self, position: Position) -> int:
        return int(self.values[position])

    def position(self, position: Iterable[int] | int) -> Position:
        """Normalise a position given as edge numbers or a bitmask (`CellBoard.position`)."""
        return self.board.position(position)

    @cached_property
    def move_table(self) -> np.ndarray:
        """`triangles_core.engine.retrograde.move_value_table` of the table (computed once; at most 24 edges)."""
        from .retrograde import move_value_table

        table = move_value_table(self.board, self.values)
        table.flags.writeable = False
        return table


class NegamaxSolution(ValueFunctionSolution):
    """A game solved by memoised negamax from a root position.

    ``max_positions`` refuses (`triangles_core.engine.game.SearchLimitError`) a larger
    search; ``solver.cache`` maps every solved position to its value.

    Examples
    --------
    >>> from triangles_core.games.peg import PegGame, Jump
    >>> s = NegamaxSolution(PegGame(3), (0, 2, 1, 3, 1, 1))
    >>> s.value(s.root), s.optimal_moves(s.root)
    (8, [Jump(start=4, over=2, land=1)])
    """

    def __init__(self, game: Game, root: Hashable | None = None, max_positions: int | None = None) -> None:
        self.game = game
        self.solver = NegamaxSolver(game, max_positions)
        self.root = None if root is None else self.position(root)
        if self.root is not None:
            self._value_of(self.root)

    def __repr__(self) -> str:
        return f"<NegamaxSolution of {self.game!r}: {len(self.solver.cache)} positions solved>"

    @property
    def start(self) -> Hashable:
        """The root position if one was solved, else the game's start."""
        return super().start if self.root is None else self.root

    def _value_of(self, position: Hashable) -> int:
        known = self.solver.cache.get(position)
        if known is not None:
            return known
        with deep_recursion():
            return self.solver.value(position)

    @property
    def n_positions(self) -> int:
        """How many positions have been solved so far."""
        return len(self.solver.cache)


class NumberGameSolution(NegamaxSolution):
    """The Number Game solved from the full start: all 3,515 reachable positions.

    Positions that cannot occur are refused (`triangles_core.games.number.InvalidNumberPositionError`).
    ``values`` (int8, indexed by bitmask) is +1 for an N-position, -1 for a P-position, 0 for
    a position not reachable from the start.

    Examples
    --------
    >>> from triangles_core import solve_number_game
    >>> s = solve_number_game()
    >>> s.n_positions, s.value([2, 3]), s.winning_moves([2, 3, 4, 5, 6])
    (3515, -1, [4, 5, 6])
    """

    def __init__(self) -> None:
        super().__init__(NumberGame(), FULL)
        values = np.zeros(FULL + 1, dtype=np.int8)
        cache = self.solver.cache
        values[np.fromiter(cache.keys(), dtype=np.int64, count=len(cache))] = np.fromiter(
            cache.values(), dtype=np.int8, count=len(cache)
        )
        values.flags.writeable = False
        self.values = values

    def __repr__(self) -> str:
        return f"<NumberGameSolution: {self.n_positions} positions>"

    @property
    def positions(self) -> np.ndarray:
        """The positions reachable from the full start, ascending (int64 array)."""
        return np.flatnonzero(self.values).astype(np.int64)

    def is_p_position(self, position: int | Iterable[int]) -> bool:
        """True if the player to move loses (a P-position)."""
        return self.value(position) == -1
