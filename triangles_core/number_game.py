"""The Number Game (ZOJ 1039 / POJ 1143, Mid-Central European Regional 2000).

Players alternately choose a number from 2..20 that is still allowed; a player who
cannot choose loses.  The forbidden numbers are the additive closure of the chosen ones
(SPEC.md section 3): choosing ``x`` forbids every ``a*x + f`` with ``a >= 1`` and ``f``
already forbidden or 0.  So a position is fully described by the set of still-allowed
numbers, stored as a bitmask: bit ``k`` stands for the number ``k + 2`` (19 bits, the
full start is ``FULL``).  A position can occur exactly when its forbidden set (the
complement in 2..20) is additively closed; every such set is reachable from the start
(choose its minimal generators in increasing order).

`solve_number_game` is a retrograde (bottom-up) solver over every position reachable
from the full start: each move removes numbers, so a position's successors are smaller
bitmasks and one ascending sweep solves them all.  It is tested against the generic
`triangles_core.game.NegamaxSolver` run on `NumberGame`.  Values are +1 (N-position:
the mover wins) and -1 (P-position: the mover loses).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

import numpy as np
from numba import njit

from .game import Transition

__all__ = [
    "LOW",
    "HIGH",
    "N_NUMBERS",
    "FULL",
    "InvalidNumberPositionError",
    "position_mask",
    "allowed_numbers",
    "choose",
    "additive_closure",
    "is_valid_position",
    "NumberGame",
    "NumberGameSolution",
    "solve_number_game",
    "number_game_graph",
    "draw_number_strip",
]

LOW, HIGH = 2, 20
"""The numbers that can ever be chosen (rule R3 caps them at 20)."""

N_NUMBERS = HIGH - LOW + 1
"""19 numbers, one bit each."""

FULL = (1 << N_NUMBERS) - 1
"""The starting position: every number 2..20 allowed."""


class InvalidNumberPositionError(ValueError):
    """A number outside 2..20, or a position that cannot occur in the game."""


def position_mask(numbers: Iterable[int]) -> int:
    """The bitmask of a list of allowed numbers (duplicates are harmless).

    Raises
    ------
    InvalidNumberPositionError
        If a number is outside 2..20.  The position itself is not checked; see
        `is_valid_position`.

    Examples
    --------
    >>> bin(position_mask([2, 3, 20]))
    '0b1000000000000000011'
    """
    mask = 0
    for n in numbers:
        if not LOW <= n <= HIGH:
            raise InvalidNumberPositionError(f"{n} is not a number of the game ({LOW}..{HIGH})")
        mask |= 1 << (n - LOW)
    return mask


def allowed_numbers(position: int) -> list[int]:
    """The allowed numbers of a position, ascending.

    Examples
    --------
    >>> allowed_numbers(0b1011)
    [2, 3, 5]
    """
    return [n for n in range(LOW, HIGH + 1) if position >> (n - LOW) & 1]


def choose(position: int, number: int) -> int:
    """The position after choosing ``number`` (the additive-closure rule of SPEC section 3).

    The new forbidden set is ``{f + a*number : a >= 0, f forbidden or 0} - {0}``, built in
    one ascending pass: ``n`` becomes forbidden if it was, or if ``n == number``, or if
    ``n - number`` is (newly) forbidden.

    Parameters
    ----------
    position : int
        Bitmask of allowed numbers (a valid position).
    number : int
        An allowed number.

    Returns
    -------
    int
        The bitmask of numbers still allowed.

    Raises
    ------
    InvalidNumberPositionError
        If ``number`` is not allowed in ``position``.

    Examples
    --------
    The example of the problem statement: 4, then 3 leaves 2 and 5; then 2 leaves nothing.

    >>> p = choose(choose(FULL, 4), 3)
    >>> allowed_numbers(p)
    [2, 5]
    >>> choose(p, 2)
    0
    """
    if not (LOW <= number <= HIGH and position >> (number - LOW) & 1):
        raise InvalidNumberPositionError(f"{number} is not allowed in this position")
    return _choose(position, number)


@njit(cache=True)
def _choose(position, number):
    forbidden = ~position & FULL
    for n in range(number, HIGH + 1):
        rest = n - number
        if rest == 0 or (rest >= LOW and forbidden >> (rest - LOW) & 1):
            forbidden |= 1 << (n - LOW)
    return ~forbidden & FULL


def additive_closure(numbers: Iterable[int]) -> set[int]:
    """Every number in 2..20 that is a sum of one or more of ``numbers`` (repeats allowed).

    A brute-force fixpoint (the independent check of `choose`).

    Examples
    --------
    >>> sorted(additive_closure([4, 3]))
    [3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]
    """
    closed = {n for n in numbers if LOW <= n <= HIGH}
    while True:
        sums = {a + b for a in closed for b in closed if a + b <= HIGH} - closed
        if not sums:
            return closed
        closed |= sums


def is_valid_position(position: int) -> bool:
    """True if the position can occur: its forbidden set is additively closed.

    Examples
    --------
    >>> is_valid_position(position_mask([2, 5]))
    True
    >>> is_valid_position(position_mask([2, 3, 4, 5]))   # 6..20 forbidden: closed
    True
    >>> is_valid_position(position_mask([6]))            # 2 and 4 forbidden, but 6 = 2 + 4 allowed
    False
    """
    if not 0 <= position <= FULL:
        return False
    forbidden = [n for n in range(LOW, HIGH + 1) if not position >> (n - LOW) & 1]
    return all(not position >> (a + b - LOW) & 1 for a in forbidden for b in forbidden if a + b <= HIGH)


def _check(position: int) -> int:
    if not is_valid_position(position):
        raise InvalidNumberPositionError(f"allowed numbers {allowed_numbers(position)} cannot occur: "
                                         "the forbidden numbers are not closed under addition")
    return position


class NumberGame:
    """The Number Game in the `triangles_core.game.Game` form.

    Positions are bitmasks of allowed numbers, moves are the allowed numbers, no move
    scores and the turn always passes; a player with no number to choose has lost, so
    a terminal position is worth -1 and every value is +1 or -1.

    Examples
    --------
    >>> from triangles_core.game import negamax
    >>> negamax(NumberGame(), position_mask([2, 3]))
    -1
    """

    def moves(self, position: int) -> list[int]:
        """The allowed numbers, ascending."""
        return allowed_numbers(position)

    def play(self, position: int, move: int) -> Transition[int]:
        """Choose the number ``move``."""
        return Transition(choose(position, move), 0, False)

    def terminal_value(self, position: int) -> int:
        """The player who cannot choose loses."""
        return -1


@njit(cache=True)
def _solve_reachable(start):
    """Values of every position reachable from ``start`` (0 where unreachable)."""
    size = FULL + 1
    reachable = np.zeros(size, dtype=np.bool_)
    reachable[start] = True
    for p in range(start, -1, -1):  # successors are sub-masks, hence smaller
        if reachable[p]:
            for k in range(N_NUMBERS):
                if p >> k & 1:
                    reachable[_choose(p, k + LOW)] = True
    values = np.zeros(size, dtype=np.int8)
    for p in range(start + 1):
        if reachable[p]:
            value = -1
            for k in range(N_NUMBERS):
                if p >> k & 1 and values[_choose(p, k + LOW)] == -1:
                    value = 1
                    break
            values[p] = value
    return values


@dataclass(frozen=True)
class NumberGameSolution:
    """Every position reachable from the full start, solved.

    Attributes
    ----------
    values : numpy.ndarray
        int8 array of shape ``(2**19,)`` indexed by position: +1 for an N-position (the
        mover wins), -1 for a P-position (the mover loses), 0 for a position that is not
        reachable from the start (not additively closed).
    """

    values: np.ndarray

    @property
    def positions(self) -> np.ndarray:
        """The reachable positions, ascending (int64 array)."""
        return np.flatnonzero(self.values).astype(np.int64)

    @property
    def n_positions(self) -> int:
        """How many positions are reachable from the full start (3515)."""
        return int(np.count_nonzero(self.values))

    def value(self, position: int | Iterable[int]) -> int:
        """+1 if the player to move wins, -1 if they lose.

        Parameters
        ----------
        position : int or iterable of int
            A bitmask, or the list of allowed numbers.

        Raises
        ------
        InvalidNumberPositionError
            A number outside 2..20, or a position that cannot occur.
        """
        return int(self.values[self._position(position)])

    def is_p_position(self, position: int | Iterable[int]) -> bool:
        """True if the player to move loses (a P-position)."""
        return self.value(position) == -1

    def move_values(self, position: int | Iterable[int]) -> dict[int, int]:
        """Value of each allowed number for the mover (+1 wins, -1 loses)."""
        p = self._position(position)
        return {n: -int(self.values[_choose(p, n)]) for n in allowed_numbers(p)}

    def winning_moves(self, position: int | Iterable[int]) -> list[int]:
        """The numbers whose choice leaves a P-position, ascending (ZOJ 1039 answer).

        Examples
        --------
        >>> s = solve_number_game()
        >>> s.winning_moves([2, 3, 4, 5, 6])
        [4, 5, 6]
        >>> s.winning_moves([2, 3])
        []
        """
        return [n for n, v in self.move_values(position).items() if v == 1]

    def _position(self, position: int | Iterable[int]) -> int:
        mask = position if isinstance(position, (int, np.integer)) else position_mask(position)
        mask = int(mask)
        if not 0 <= mask <= FULL or self.values[mask] == 0:
            raise InvalidNumberPositionError(f"allowed numbers {allowed_numbers(mask)} cannot occur: "
                                             "the forbidden numbers are not closed under addition")
        return mask


@lru_cache(maxsize=1)
def solve_number_game() -> NumberGameSolution:
    """Solve every position reachable from the full start (retrograde, numba).

    Returns
    -------
    NumberGameSolution
        Cached: the same object on every call.

    Examples
    --------
    >>> s = solve_number_game()
    >>> s.n_positions, s.value([2, 3]), s.winning_moves([2])
    (3515, -1, [2])
    """
    values = _solve_reachable(FULL)
    values.setflags(write=False)
    return NumberGameSolution(values)


def number_game_graph(solution: NumberGameSolution, root: int | Iterable[int] = FULL):
    """The directed acyclic graph of every position reachable from ``root``.

    Returns
    -------
    networkx.DiGraph
        Nodes are positions (bitmasks) with attributes ``value`` (+1/-1), ``p_position``
        (bool) and ``remaining`` (how many numbers are allowed); each arc is one choice,
        with attributes ``number`` and ``winning`` (it leaves a P-position).

    Examples
    --------
    >>> g = number_game_graph(solve_number_game(), [2, 3, 4, 5, 6])
    >>> g.number_of_nodes(), g.number_of_edges()
    (15, 39)
    """
    import networkx as nx

    root = solution._position(root)
    graph = nx.DiGraph()
    stack = [root]
    graph.add_node(root)
    while stack:
        p = stack.pop()
        for n in allowed_numbers(p):
            q = int(_choose(p, n))
            if q not in graph:
                graph.add_node(q)
                stack.append(q)
            graph.add_edge(p, q, number=n, winning=bool(solution.values[q] == -1))
    for p in graph.nodes:
        value = int(solution.values[p])
        graph.nodes[p].update(value=value, p_position=value == -1, remaining=int(p).bit_count())
    return graph


def draw_number_strip(ax, rows: list[tuple[str, int, int | None]]) -> None:
    """Draw positions as strips of the numbers 2..20, one row per position.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    rows : list of (label, position, chosen)
        Row label, bitmask of allowed numbers, and the number just chosen (outlined in
        red; None for none).  Allowed numbers are white, forbidden ones grey.
    """
    from matplotlib.patches import Rectangle

    for i, (label, position, chosen) in enumerate(rows):
        y = -i
        for n in range(LOW, HIGH + 1):
            allowed = position >> (n - LOW) & 1
            ax.add_patch(Rectangle((n - 0.45, y - 0.4), 0.9, 0.8, facecolor="white" if allowed else "#9a9a9a",
                                   edgecolor="red" if n == chosen else "#444444",
                                   linewidth=2.5 if n == chosen else 0.8))
            ax.text(n, y, str(n), ha="center", va="center", fontsize=9,
                    color="black" if allowed else "#eeeeee")
        ax.text(LOW - 0.8, y, label, ha="right", va="center", fontsize=9)
    ax.set_xlim(LOW - 7, HIGH + 0.6)
    ax.set_ylim(-len(rows) + 0.4, 0.6)
    ax.set_aspect("equal")
    ax.axis("off")
