"""The `Game` protocol and the reference memoised negamax.

Every game in this package is a finite two-player game of perfect information whose
positions are hashable (a bitmask or a small tuple).  One negamax recurrence covers all
of them (docs/architecture.md)::

    value(p) = terminal_value(p)                       if p has no move
    value(p) = max over moves m of  r + value(q)        if the mover moves again
                                    r - value(q)        otherwise
    where (q, r, again) = play(p, m)

The value is the net score for the player to move.  `move_value` is the Python statement
of the rule inside the max; `negamax` and `NegamaxSolver` are deliberately plain
(recursion plus a dictionary): they solve the sibling games (through
`triangles_core.engine.searched`) and are the independent oracle that the compiled
kernel (`triangles_core.engine.retrograde`) is tested against.
"""

from __future__ import annotations

import sys
from typing import Generic, Hashable, Iterable, Protocol, TypeVar, runtime_checkable

from ..games.transition import Transition

__all__ = ["Game", "NegamaxSolver", "SearchLimitError", "Transition", "move_value", "negamax"]

P = TypeVar("P", bound=Hashable)
M = TypeVar("M")


@runtime_checkable
class Game(Protocol[P, M]):
    """What a game must provide to be solved by `negamax`.

    Positions must be hashable.  ``moves(p)`` is empty exactly when the game is over.
    Games may also define ``position(x)`` (check and normalise a position given by a
    user), ``check_move(p, m)`` and ``describe(p)`` (attributes of a position in a state
    graph); the solved-game interface uses them when present.
    """

    def moves(self, position: P) -> Iterable[M]:
        """The legal moves in ``position`` (empty when the game is over)."""
        ...

    def play(self, position: P, move: M) -> Transition:
        """Play ``move`` in ``position``."""
        ...

    def terminal_value(self, position: P) -> int:
        """The value of a position with no legal move, for the player to move."""
        ...


def move_value(transition: Transition, value_after: int) -> int:
    """The value of a move for its mover, from the value of the position it leads to.

    This is the rule inside the negamax recurrence, stated once in Python (its compiled
    twin is `triangles_core.engine.retrograde.move_value`).

    Parameters
    ----------
    transition : Transition
        What the move does.
    value_after : int
        The value of ``transition.position`` for the player to move there.

    Returns
    -------
    int
        ``reward + value_after`` if the mover moves again, else ``reward - value_after``.

    Examples
    --------
    >>> move_value(Transition(7, 1, True), 2), move_value(Transition(7, 0, False), 2)
    (3, -2)
    """
    if transition.again:
        return transition.reward + value_after
    return transition.reward - value_after


class SearchLimitError(ValueError):
    """A search would visit more positions than its bound allows."""


class NegamaxSolver(Generic[P, M]):
    """Reference memoised negamax for any `Game`.

    Parameters
    ----------
    game : Game
        The game to solve.
    max_positions : int, optional
        Stop with `SearchLimitError` once the memo would hold more positions than this
        (a bound on time and memory); no bound by default.

    Attributes
    ----------
    cache : dict
        Solved positions and their values; it grows as positions are queried.

    Examples
    --------
    >>> from triangles_core.games.triangles import TriangleGame
    >>> NegamaxSolver(TriangleGame(1)).value(0)
    1
    """

    def __init__(self, game: Game[P, M], max_positions: int | None = None) -> None:
        self.game = game
        self.max_positions = max_positions
        self.cache: dict[P, int] = {}

    def value(self, position: P) -> int:
        """The negamax value of ``position`` for the player to move."""
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
        if self.max_positions is not None and len(cache) >= self.max_positions:
            raise SearchLimitError(f"the search needs more than {self.max_positions:,} positions")
        cache[position] = best
        return best

    def move_values(self, position: P) -> dict[M, int]:
        """The value of every legal move for the player to move."""
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
        Net score for the player to move under optimal play by both sides.

    Examples
    --------
    >>> from triangles_core.games.triangles import TriangleGame
    >>> negamax(TriangleGame(2), 0)
    -2
    """
    with deep_recursion():
        return NegamaxSolver(game).value(position)


class deep_recursion:
    """Context manager raising the recursion limit for a deep negamax (restored after)."""

    def __init__(self, limit: int = 10_000) -> None:
        self.limit = limit

    def __enter__(self) -> None:
        self.saved = sys.getrecursionlimit()
        sys.setrecursionlimit(max(self.saved, self.limit))

    def __exit__(self, *exc: object) -> None:
        sys.setrecursionlimit(self.saved)
