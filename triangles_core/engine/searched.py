"""Games solved by the reference negamax: Peg Game for Two and the Number Game.

`NegamaxSolution` solves any `triangles_core.engine.game.Game` from a root position with
the memoised negamax (`NegamaxSolver`) and answers the solved-game interface
(`triangles_core.engine.solved.SolvedGame`) for every position below it; positions
outside the searched part are solved on demand.  `NumberGameSolution` adds what the
Number Game judges need: every position reachable from the full start as an array.
``GameSolution`` is the former name of `NegamaxSolution` and stays an alias.
"""

from __future__ import annotations

from typing import Hashable, Iterable

import numpy as np

from ..games.number import FULL, NumberGame
from .game import Game, NegamaxSolver, deep_recursion
from .solved import ValueFunctionSolution

__all__ = ["GameSolution", "NegamaxSolution", "NumberGameSolution"]


class NegamaxSolution(ValueFunctionSolution):
    """A game solved by memoised negamax from a root position.

    Parameters
    ----------
    game : Game
        The game.
    root : hashable, optional
        A position to solve at once (with everything below it); checked with
        ``game.position`` when the game has it.
    max_positions : int, optional
        Refuse (`triangles_core.engine.game.SearchLimitError`) a search that would
        hold more positions than this.

    Attributes
    ----------
    game : Game
        The game.
    root : hashable or None
        The root position.
    solver : NegamaxSolver
        The memo: ``solver.cache`` maps every solved position to its value.

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


GameSolution = NegamaxSolution
"""Former name of `NegamaxSolution`."""


class NumberGameSolution(NegamaxSolution):
    """The Number Game solved from the full start: all 3,515 reachable positions.

    Positions are bitmasks of allowed numbers or lists of allowed numbers; positions
    that cannot occur are refused (`triangles_core.games.number.InvalidNumberPositionError`).

    Attributes
    ----------
    values : numpy.ndarray of int8, shape (2**19,)
        Indexed by position: +1 for an N-position (the mover wins), -1 for a
        P-position (the mover loses), 0 for a position not reachable from the start.

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
