"""The `Game` protocol and the reference memoised negamax.

One negamax recurrence covers every game of the package (docs/architecture.md)::

    value(p) = terminal_value(p)                       if p has no move
    value(p) = max over moves m of  r + value(q)        if the mover moves again
                                    r - value(q)        otherwise
    where (q, r, again) = play(p, m)

The value is the net score for the player to move.  `move_value` states the rule inside
the max; `replay` is the package's one loop that plays a line of moves (each `Step` says
everything about one move); `negamax` and `NegamaxSolver` are deliberately plain: they
solve the sibling games and are the oracle the compiled kernel is tested against.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any, Callable, Generic, Hashable, Iterable, Protocol, TypeVar, cast, runtime_checkable

from ..errors import InvalidPositionError
from ..games.transition import Transition

__all__ = [
    "Game",
    "IllegalMoveError",
    "NegamaxSolver",
    "SearchLimitError",
    "Step",
    "Transition",
    "move_value",
    "negamax",
    "replay",
]

P = TypeVar("P", bound=Hashable)
M = TypeVar("M")


@runtime_checkable
class Game(Protocol[P, M]):
    """What a game must provide to be solved by `negamax`.

    Positions must be hashable; ``moves(p)`` is empty exactly when the game is over.  Besides
    ``moves``, ``play`` and ``terminal_value``, a game checks input (``position``,
    ``check_move``), describes a position (``describe``) and names its start (``start``; None
    when the start is part of the input).

    Examples
    --------
    >>> from triangles_core import PegGame, TriangleGame
    >>> isinstance(TriangleGame(1), Game), isinstance(PegGame(3), Game)
    (True, True)
    >>> game = TriangleGame(1)
    >>> list(game.moves(0)), game.play(0b11, 3)
    ([1, 2, 3], Transition(position=7, reward=1, again=True))
    """

    @property
    def start(self) -> P | None:
        """The standard starting position, or None if the start is part of the input."""
        ...

    def moves(self, position: P) -> Iterable[M]:
        """The legal moves in ``position`` (empty when the game is over)."""
        ...

    def play(self, position: P, move: M) -> Transition:
        """Play ``move`` in ``position``."""
        ...

    def terminal_value(self, position: P) -> int:
        """The value of a position with no legal move, for the player to move."""
        ...

    def position(self, position: Any) -> P:
        """Check and normalise a position given by a user (a `ValueError` if invalid)."""
        ...

    def check_move(self, position: P, move: Any) -> M:
        """``move`` in its normal form if it is legal in ``position``, else a `ValueError`."""
        ...

    def describe(self, position: P) -> dict:
        """Attributes of a position as a node of a state graph."""
        ...


def move_value(transition: Transition, value_after: int) -> int:
    """The value of a move for its mover, from the value of the position it leads to.

    ``reward + value_after`` if the mover moves again, else ``reward - value_after``.

    Examples
    --------
    >>> move_value(Transition(7, 1, True), 2), move_value(Transition(7, 0, False), 2)
    (3, -2)
    """
    if transition.again:
        return transition.reward + value_after
    return transition.reward - value_after


class IllegalMoveError(InvalidPositionError):
    """A move of a replayed line is not legal where it is played (``ply`` is 1-based).

    Examples
    --------
    >>> from triangles_core import TriangleGame
    >>> try:
    ...     replay(TriangleGame(2), [1, 1])
    ... except IllegalMoveError as error:
    ...     print(error.ply, error.move)
    2 1
    """

    def __init__(self, ply: int, move: object, reason: str) -> None:
        super().__init__(f"move {ply} ({move!r}) is illegal: {reason}")
        self.ply = ply
        self.move = move


@dataclass(frozen=True)
class Step:
    """One move of a line of play (a replay or a principal variation), for any game.

    Attributes
    ----------
    ply : int
        1-based move number along the line.
    player : {"A", "B"}
        Who moves: ``"A"`` is the player to move where the line starts.
    move, reward, again
        The move, what it scores for its mover, and whether the same player moves next.
    value, move_value, value_lost : int or None
        The position's value before the move and the move's value, for the mover, and
        ``value - move_value >= 0`` (None for a line replayed without a solution).
    score : (int, int)
        A's total and B's total of rewards along the line, this move included.
    position_before : hashable
        The position the move is played in.

    Examples
    --------
    >>> from triangles_core import TriangleGame
    >>> replay(TriangleGame(1), [1, 2, 3])[-1]  # doctest: +NORMALIZE_WHITESPACE
    Step(ply=3, player='A', move=3, reward=1, again=True, value=None, position=7, score=(1, 0),
         position_before=3, move_value=None, value_lost=None)
    """

    ply: int
    player: str
    move: Any
    reward: int
    again: bool
    value: int | None
    position: Any
    score: tuple[int, int] = (0, 0)
    position_before: Any = None
    move_value: int | None = None
    value_lost: int | None = None

    @property
    def edge(self) -> Any:
        """The move, under its name in cell games (an edge number)."""
        return self.move

    @property
    def claims(self) -> int:
        """Cells the move completes in a cell game (its reward)."""
        return self.reward

    @property
    def next_player(self) -> str:
        """Who moves after this move: the mover again if ``again``, else the other player."""
        return self.player if self.again else "B" if self.player == "A" else "A"


Chooser = Callable[[Hashable, int], "tuple[Any, Transition] | None"]
"""Picks the next move of a line: ``(move, transition)`` in a position, or None to stop."""


def play_line(
    game: "Game", position: Hashable, choose: Chooser, value_of: Callable[[Hashable], int] | None = None
) -> list[Step]:
    """Play the moves that ``choose`` picks from ``position``: the package's one replay loop."""
    steps: list[Step] = []
    mover, score, p = 0, [0, 0], position
    while (chosen := choose(p, len(steps) + 1)) is not None:
        move, transition = chosen
        score[mover] += transition.reward
        value = played = lost = None
        if value_of is not None:
            value = value_of(p)
            played = move_value(transition, value_of(transition.position))
            lost = value - played
        steps.append(
            Step(
                len(steps) + 1,
                "AB"[mover],
                move,
                transition.reward,
                transition.again,
                value,
                transition.position,
                (score[0], score[1]),
                p,
                played,
                lost,
            )
        )
        p = transition.position
        if not transition.again:
            mover = 1 - mover
    return steps


def given_moves(game: "Game", moves: Iterable[Any]) -> Chooser:
    """A chooser for `play_line` that plays ``moves`` in order, each checked by ``game.check_move``."""
    try:
        pending = None if isinstance(moves, (str, bytes, AbstractSet, Mapping)) else iter(moves)
    except TypeError:  # a number, a 0-d array
        pending = None
    if pending is None:
        raise ValueError(f"the moves must be a sequence of moves, in playing order, got {moves!r}")

    def choose(p: Hashable, ply: int) -> tuple[Any, Transition] | None:
        for move in pending:
            try:
                checked = game.check_move(p, move)
            except ValueError as error:
                raise IllegalMoveError(ply, move, str(error)) from None
            return checked, game.play(p, checked)
        return None

    return choose


def start_position(game: "Game", start: Any = None) -> Hashable:
    """``start`` checked and normalised by the game, or the game's own start if None."""
    if start is not None:
        return game.position(start)
    if game.start is None:
        raise ValueError(f"{game!r} has no standard starting position: give start")
    return game.start


def replay(game: "Game", moves: Iterable[Any], start: Any = None) -> list[Step]:
    """Play a sequence of moves by the rules from ``start`` (A moves first), keeping score and whose turn it is.

    Returns one `Step` per move, with the running ``score`` and ``value`` None.

    Examples
    --------
    >>> from triangles_core.games.triangles import TriangleGame
    >>> steps = replay(TriangleGame(2), [1, 2, 3, 4])
    >>> [(s.player, s.move, s.reward, s.score) for s in steps]
    [('A', 1, 0, (0, 0)), ('B', 2, 0, (0, 0)), ('A', 3, 1, (1, 0)), ('A', 4, 0, (1, 0))]
    >>> steps[-1].next_player
    'B'
    >>> replay(TriangleGame(2), [1, 1])
    Traceback (most recent call last):
    ...
    triangles_core.engine.game.IllegalMoveError: move 2 (1) is illegal: edge 1 is already drawn in position [1]
    """
    return play_line(game, start_position(game, start), given_moves(game, moves))


class SearchLimitError(ValueError):
    """A search would visit more positions than its bound allows.

    Examples
    --------
    >>> from triangles_core import TriangleGame
    >>> NegamaxSolver(TriangleGame(2), max_positions=10).value(0)
    Traceback (most recent call last):
    ...
    triangles_core.engine.game.SearchLimitError: the search needs more than 10 positions
    """


class NegamaxSolver(Generic[P, M]):
    """Reference memoised negamax for any `Game`.

    ``max_positions`` bounds the memo (`SearchLimitError` beyond it); ``cache`` maps every
    solved position to its value.

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
        """The negamax value of ``position`` for the player to move (`SearchLimitError` past ``max_positions``)."""
        return self._value(self.game.position(position))

    def _value(self, position: P) -> int:
        """`value` of a position already checked (the recursion)."""
        cache = self.cache
        if position in cache:
            return cache[position]
        game = self.game
        best = None
        for move in game.moves(position):
            transition = game.play(position, move)
            # a move of a Game[P, M] leads to a P (a Transition, shared by all games, says Hashable)
            v = move_value(transition, self._value(cast(P, transition.position)))
            if best is None or v > best:
                best = v
        if best is None:
            best = game.terminal_value(position)
        if self.max_positions is not None and len(cache) >= self.max_positions:
            raise SearchLimitError(f"the search needs more than {self.max_positions:,} positions")
        cache[position] = best
        return best

    def move_values(self, position: P) -> dict[M, int]:
        """The value of every legal move for the player to move (``position`` checked as in `value`)."""
        position = self.game.position(position)
        result = {}
        for move in self.game.moves(position):
            transition = self.game.play(position, move)
            result[move] = move_value(transition, self._value(cast(P, transition.position)))
        return result


def negamax(game: Game[P, M], position: P) -> int:
    """The value of one position by plain memoised negamax (the reference oracle): net score for the player to move.

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
