"""One interface for a solved game, whatever solved it.

`SolvedGame` is the protocol that every consumer of a solution is written against
(Fighting for Triangles and Dots-and-Boxes solved into value tables, `TableSolution`;
Peg Game for Two and the Number Game solved by the negamax, `NegamaxSolution`): check a
position, the value of a position and of a move, the value of every move, the optimal,
winning, drawing and losing moves, a principal variation and a replay (lists of `Step`)
and the verdict.  `ValueFunctionSolution` implements all of it once from two things a
solution provides: its `Game` (``game``) and the value of a normalised position
(``_value_of``, the one hook a new solver overrides); move values are computed by the
rule `triangles_core.engine.game.move_value` and lines are played by the one loop
`triangles_core.engine.game.play_line`.

``SolvedGameBase`` is the former name of `ValueFunctionSolution` and stays an alias.
"""

from __future__ import annotations

from typing import Any, Hashable, Iterable, Literal, Protocol, runtime_checkable

from ..common.checks import described, is_integer
from ..games.cells import CellBoard, CellGame
from .game import Game, Step, given_moves, move_value, play_line, start_position

__all__ = ["SolvedCellGame", "SolvedGame", "SolvedGameBase", "Step", "ValueFunctionSolution", "Verdict", "verdict_of"]

Verdict = Literal["win", "draw", "loss"]


def verdict_of(value: int) -> Verdict:
    """``"win"``, ``"draw"`` or ``"loss"`` for a value (net score for the player to move).

    Examples
    --------
    >>> [verdict_of(v) for v in (2, 0, -1)]
    ['win', 'draw', 'loss']
    """
    if not is_integer(value):
        raise ValueError(f"a value must be an integer, got {described(value)}")
    return "win" if value > 0 else "loss" if value < 0 else "draw"


@runtime_checkable
class SolvedGame(Protocol):
    """What every solved game answers, with the same names (docs/architecture.md).

    Positions are given as the game accepts them (edge lists or bitmasks for cell
    games, tuples of peg values, lists of allowed numbers or bitmasks) and checked:
    an invalid position or an illegal move is a `ValueError`.  Code that needs more
    than this (the whole value table of a cell board) asks for a `TableSolution`
    in its signature.

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

    Subclasses set ``game`` and define ``_value_of(p)``, the value of a normalised
    position ``p`` for the player to move; everything else follows.
    Positions from users are checked with ``game.position``, moves with
    ``game.check_move``.

    Examples
    --------
    A solution valued by the reference negamax, from the hook alone:

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

    def _answer(self, position: Any) -> int:
        """The value of a position a user asks about (``_value_of`` here; a table checks it first)."""
        return self._value_of(position)

    @property
    def start(self) -> Any:
        """The game's starting position (`Game.start`), where `replay` starts by default."""
        return start_position(self.game)

    def position(self, position: Any) -> Any:
        """Check and normalise a position as the game accepts it (`Game.position`).

        Raises
        ------
        ValueError
            (an `triangles_core.common.errors.InvalidPositionError`) if the position is
            not one of the game's.
        """
        return self.game.position(position)

    def _move_values(self, p: Any) -> dict:
        game = self.game
        return {m: move_value(t, self._value_of(t.position)) for m in game.moves(p) for t in (game.play(p, m),)}

    def _answered_move_values(self, p: Any) -> dict:
        """The move values of ``p`` given out as answers: each comes from its child's `_answer`.

        A table checks every child's entry against that child's own moves first, so a
        move value is never read from an entry that no check has seen.
        """
        game = self.game
        return {m: move_value(t, self._answer(t.position)) for m in game.moves(p) for t in (game.play(p, m),)}

    def value(self, position: Any) -> int:
        """The value of a position for the player to move (net score under optimal play).

        Raises
        ------
        ValueError
            (an `triangles_core.common.errors.InvalidPositionError`) if the position is
            not one of the game's.
        """
        return self._answer(self.position(position))

    def move_value(self, position: Any, move: Any) -> int:
        """The value, for its mover, of one move.

        Raises
        ------
        ValueError
            If the position is invalid or the move is not legal in it.
        """
        p = self.position(position)
        transition = self.game.play(p, self.game.check_move(p, move))
        return move_value(transition, self._answer(transition.position))

    def move_values(self, position: Any) -> dict:
        """The value of every legal move for its mover, in the game's move order.

        Returns
        -------
        dict
            Move to the mover's net score after playing it and playing on optimally.
            Empty when the game is over.
        """
        return self._answered_move_values(self.position(position))

    def optimal_moves(self, position: Any) -> list:
        """The moves that keep the value of the position (game's move order)."""
        p = self.position(position)
        best = self._answer(p)
        return [m for m, v in self._answered_move_values(p).items() if v == best]

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
        """Play ``moves`` from ``start`` and value each one against the solution.

        Parameters
        ----------
        moves : iterable of moves
            In playing order, as the game's ``check_move`` accepts them.
        start : position, optional
            Where the line starts (A moves first there); `start` by default.

        Returns
        -------
        list of Step
            One per move: ``value`` (of the position before the move, for its mover),
            ``move_value``, ``value_lost`` (0 for an optimal move) and the running
            ``score``.

        Raises
        ------
        ValueError
            If ``moves`` is not a list of moves (a string, a number, a 0-d array) or not in playing order (a set).
        triangles_core.engine.game.IllegalMoveError
            (a `ValueError`) naming the 1-based ply and the move, for an illegal move.

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
        """An optimal line of play from ``position`` to the end of the game.

        At each step the first optimal move in the game's move order is taken, so the
        line is deterministic.  The rewards along it add up to the value: A's rewards
        minus B's equals ``value(position)``.

        Parameters
        ----------
        position : position
            Where the line starts (A is the player to move there).
        first_move : move, optional
            Play this move first (optimal or not), then continue optimally: the line
            answers "what happens after this move?".  The rewards then add up to the
            move's value instead.

        Returns
        -------
        list of Step
            One entry per move; empty when the game is over.

        Raises
        ------
        ValueError
            If ``first_move`` is not legal in ``position``.

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
            best = self._answer(q)
            for move in game.moves(q):
                transition = game.play(q, move)
                if move_value(transition, value_of(transition.position)) == best:
                    return move, transition
            return None

        return play_line(game, p, optimal, value_of)


SolvedGameBase = ValueFunctionSolution
"""Former name of `ValueFunctionSolution` (kept: subclasses override ``_value_of``)."""
