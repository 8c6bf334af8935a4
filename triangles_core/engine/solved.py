"""One interface for a solved game, whatever solved it.

`SolvedGame` is the protocol that every solution of this package implements
(Fighting for Triangles and Dots-and-Boxes solved into value tables, Peg Game for Two
and the Number Game solved by the negamax): the value of a position, the value of every
move, the optimal, winning, drawing and losing moves, a principal variation (a list of
`Step`) and the verdict.  `SolvedGameBase` implements all of it once from two things a
solution provides: its `Game` (``game``) and the value of a normalised position
(``_value_of``); move values are computed by the rule `triangles_core.engine.game.move_value`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable, Literal, Protocol, runtime_checkable

from .game import Game, move_value

__all__ = ["SolvedGame", "SolvedGameBase", "Step", "Verdict", "verdict_of"]

Verdict = Literal["win", "draw", "loss"]


def verdict_of(value: int) -> Verdict:
    """``"win"``, ``"draw"`` or ``"loss"`` for a value (net score for the player to move).

    Examples
    --------
    >>> [verdict_of(v) for v in (2, 0, -1)]
    ['win', 'draw', 'loss']
    """
    return "win" if value > 0 else "loss" if value < 0 else "draw"


@dataclass(frozen=True)
class Step:
    """One move of a principal variation, for any game.

    Attributes
    ----------
    ply : int
        1-based move number along the variation.
    player : {"A", "B"}
        Who makes the move: ``"A"`` is the player to move in the starting position.
    move : object
        The move (an edge number for cell games, a `Jump`, a number).
    reward : int
        What the move scores for its mover (cells claimed, peg product, 0).
    again : bool
        True if the same player moves next.
    value : int
        Value of the position before this move, for the player making it.
    position : hashable
        The position after the move.
    """

    ply: int
    player: str
    move: Any
    reward: int
    again: bool
    value: int
    position: Hashable

    @property
    def edge(self) -> Any:
        """The move, under its name in cell games (an edge number)."""
        return self.move

    @property
    def claims(self) -> int:
        """Cells the move completes in a cell game (its reward)."""
        return self.reward


@runtime_checkable
class SolvedGame(Protocol):
    """What every solved game answers, with the same names (docs/architecture.md).

    Positions are given as the game accepts them (edge lists or bitmasks for cell
    games, tuples of peg values, lists of allowed numbers or bitmasks) and checked.
    """

    game: Game

    def value(self, position: Any) -> int:
        """Net score for the player to move under optimal play."""
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

    def principal_variation(self, position: Any) -> list[Step]:
        """An optimal line of play from the position to the end of the game."""
        ...

    def verdict(self, position: Any) -> Verdict:
        """``"win"``, ``"draw"`` or ``"loss"`` for the player to move."""
        ...


class SolvedGameBase:
    """The `SolvedGame` queries, implemented once from a game and a value function.

    Subclasses set ``game`` and define ``_value_of(p)`` for a normalised position ``p``;
    positions from users are checked with ``game.position`` when the game has it.
    """

    game: Game

    def _value_of(self, position: Hashable) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def position(self, position: Any) -> Hashable:
        """Check and normalise a position as the game accepts it."""
        normalise = getattr(self.game, "position", None)
        return normalise(position) if normalise is not None else position

    def _move_values(self, p: Hashable) -> dict:
        game = self.game
        return {m: move_value(t, self._value_of(t.position)) for m in game.moves(p) for t in (game.play(p, m),)}

    def value(self, position: Any) -> int:
        """The value of a position for the player to move (net score under optimal play).

        Raises
        ------
        ValueError
            (an `triangles_core.common.errors.InvalidPositionError`) if the position is
            not one of the game's.
        """
        return self._value_of(self.position(position))

    def move_value(self, position: Any, move: Any) -> int:
        """The value, for its mover, of one move.

        Raises
        ------
        ValueError
            If the position is invalid or the move is not legal in it.
        """
        p = self.position(position)
        check = getattr(self.game, "check_move", None)
        if check is not None:
            move = check(p, move)
        transition = self.game.play(p, move)
        return move_value(transition, self._value_of(transition.position))

    def move_values(self, position: Any) -> dict:
        """The value of every legal move for its mover, in the game's move order.

        Returns
        -------
        dict
            Move to the mover's net score after playing it and playing on optimally.
            Empty when the game is over.
        """
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
        >>> line[0].move, sum(s.reward * (1 if s.player == "A" else -1) for s in line)
        (5, -2)
        """
        p = self.position(position)
        game = self.game
        player = "A"
        steps: list[Step] = []
        if first_move is not None:
            check = getattr(game, "check_move", None)
            move = check(p, first_move) if check is not None else first_move
            transition = game.play(p, move)
            steps.append(Step(1, player, move, transition.reward, transition.again, self._value_of(p),
                              transition.position))
            p = transition.position
            if not transition.again:
                player = "B"
        while True:
            best = self._value_of(p)
            for move in game.moves(p):
                transition = game.play(p, move)
                if move_value(transition, self._value_of(transition.position)) == best:
                    break
            else:
                return steps
            steps.append(Step(len(steps) + 1, player, move, transition.reward, transition.again, best,
                              transition.position))
            p = transition.position
            if not transition.again:
                player = "B" if player == "A" else "A"
