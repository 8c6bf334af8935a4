"""The generic `Game` protocol and the reference memoised negamax.

Every game in this package is a finite two-player game of perfect information whose
positions are hashable (a bitmask or a small tuple).  One negamax recurrence covers all
of them (DESIGN.md)::

    value(p) = terminal_value(p)                       if p has no move
    value(p) = max over moves m of  r + value(q)        if the mover moves again
                                    r - value(q)        otherwise
    where (q, r, again) = play(p, m)

The value is the net score for the side to move.  `negamax` below is deliberately plain
(recursion plus a dictionary): it is the independent oracle that every fast solver is
tested against.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Generic, Hashable, Iterable, Protocol, TypeVar

from .board import Board, Position, board

__all__ = ["Game", "Transition", "TriangleGame", "negamax", "move_value", "NegamaxSolver"]

P = TypeVar("P", bound=Hashable)
M = TypeVar("M")


@dataclass(frozen=True)
class Transition(Generic[P]):
    """The result of playing one move.

    Attributes
    ----------
    position : hashable
        The position after the move.
    reward : int
        What the mover scores with this move (triangles claimed, peg product, ...).
    again : bool
        True if the same player moves next (a triangle was completed).
    """

    position: P
    reward: int
    again: bool


class Game(Protocol[P, M]):
    """What a game must provide to be solved by `negamax`.

    Positions must be hashable.  ``moves(p)`` is empty exactly when the game is over.
    """

    def moves(self, position: P) -> Iterable[M]:
        """The legal moves in ``position`` (empty when the game is over)."""
        ...

    def play(self, position: P, move: M) -> Transition[P]:
        """Play ``move`` in ``position``."""
        ...

    def terminal_value(self, position: P) -> int:
        """The value of a position with no legal move, for the side to move."""
        ...


def move_value(transition: Transition, value_after: int) -> int:
    """The value of a move for its mover, from the value of the position it leads to.

    Parameters
    ----------
    transition : Transition
        What the move does.
    value_after : int
        The value of ``transition.position`` for the side to move there.

    Returns
    -------
    int
        ``reward + value_after`` if the mover moves again, else ``reward - value_after``.
    """
    if transition.again:
        return transition.reward + value_after
    return transition.reward - value_after


class NegamaxSolver(Generic[P, M]):
    """Reference memoised negamax for any `Game`.

    Parameters
    ----------
    game : Game
        The game to solve.

    Attributes
    ----------
    cache : dict
        Solved positions and their values; it grows as positions are queried.

    Examples
    --------
    >>> from triangles_core.game import NegamaxSolver, TriangleGame
    >>> NegamaxSolver(TriangleGame(1)).value(0)
    1
    """

    def __init__(self, game: Game[P, M]) -> None:
        self.game = game
        self.cache: dict[P, int] = {}

    def value(self, position: P) -> int:
        """The negamax value of ``position`` for the side to move."""
        cache = self.cache
        if position in cache:
            return cache[position]
        game = self.game
        best = None
        for move in game.moves(position):
            transition = game.play(position, move)
            v = move_value(transition, self.value(transition.position))
            if best is None or v > best:
                best = v
        if best is None:
            best = game.terminal_value(position)
        cache[position] = best
        return best

    def move_values(self, position: P) -> dict[M, int]:
        """The value of every legal move for the side to move."""
        result = {}
        for move in self.game.moves(position):
            transition = self.game.play(position, move)
            result[move] = move_value(transition, self.value(transition.position))
        return result


def negamax(game: Game[P, M], position: P) -> int:
    """The value of one position by plain memoised negamax (the reference oracle).

    Parameters
    ----------
    game : Game
        The game.
    position : hashable
        The position to evaluate.

    Returns
    -------
    int
        Net score for the side to move under optimal play by both sides.

    Examples
    --------
    >>> negamax(TriangleGame(2), 0)
    -2
    """
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        return NegamaxSolver(game).value(position)
    finally:
        sys.setrecursionlimit(limit)


class TriangleGame:
    """Fighting for Triangles (Gym 100015F, POJ 1085) in the `Game` form.

    Positions are bitmasks of drawn edges, moves are 1-based edge numbers, the reward
    is the number of triangles the edge completes (0, 1 or 2), the mover moves again
    when it is positive, and a full board is worth 0.

    Parameters
    ----------
    side : int
        Board side ``n >= 1``.

    Examples
    --------
    >>> g = TriangleGame(3)
    >>> g.play(0b11, 3)
    Transition(position=7, reward=1, again=True)
    """

    def __init__(self, side: int) -> None:
        self.board: Board = board(side)

    def moves(self, position: Position) -> list[int]:
        """Undrawn edges, ascending."""
        return self.board.free_edges(position)

    def play(self, position: Position, move: int) -> Transition[Position]:
        """Draw edge ``move``."""
        reward = len(self.board.completed_by(position, move))
        return Transition(position | 1 << (move - 1), reward, reward > 0)

    def terminal_value(self, position: Position) -> int:
        """A full board is worth 0: nothing is left to claim."""
        return 0
