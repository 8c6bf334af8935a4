"""The Number Game (ZOJ 1039 / POJ 1143, Mid-Central European Regional 2000): the rules.

Players alternately choose a number from 2..20 that is still allowed; a player who
cannot choose loses.  The forbidden numbers are the additive closure of the chosen ones
(SPEC section 3): choosing ``x`` forbids every ``a*x + f`` with ``a >= 1`` and ``f``
already forbidden or 0.  So a position is fully described by the set of still-allowed
numbers, stored as a bitmask: bit ``k`` stands for the number ``k + 2`` (19 bits, the
full start is ``FULL``).  A position can occur exactly when its forbidden set (the
complement in 2..20) is additively closed; every such set is reachable from the start
(choose its minimal generators in increasing order).
"""

from __future__ import annotations

from typing import Iterable

from ..errors import InvalidPositionError, check_integer
from .cells import as_bitmask, iter_position
from .transition import Transition

__all__ = [
    "FULL",
    "HIGH",
    "InvalidNumberPositionError",
    "LOW",
    "N_NUMBERS",
    "NumberGame",
    "allowed_numbers",
    "choose",
    "closure_witness",
    "is_valid_position",
    "position_mask",
]

LOW, HIGH = 2, 20
"""The numbers that can ever be chosen (rule R3 caps them at 20)."""

N_NUMBERS = HIGH - LOW + 1
"""19 numbers, one bit each."""

FULL = (1 << N_NUMBERS) - 1
"""The starting position: every number 2..20 allowed."""


class InvalidNumberPositionError(InvalidPositionError):
    """A number outside 2..20, or a position that cannot occur in the game.

    Examples
    --------
    >>> NumberGame().position([21])
    Traceback (most recent call last):
    ...
    triangles_core.games.number.InvalidNumberPositionError: number 21 is out of range (2..20)
    """


def _check_number(number: object) -> int:
    return check_integer(number, "number", LOW, HIGH, InvalidNumberPositionError)


def _check_mask(position: object) -> int:
    """A position given as a bitmask: an integer in 0..FULL (19 bits)."""
    return check_integer(position, "position", 0, FULL, InvalidNumberPositionError)


def position_mask(numbers: Iterable[int]) -> int:
    """The bitmask of a list of allowed numbers (duplicates are harmless).

    Examples
    --------
    >>> bin(position_mask([2, 3, 20]))
    '0b1000000000000000011'
    """
    mask = 0
    for n in iter_position(numbers, "numbers", InvalidNumberPositionError):
        mask |= 1 << (_check_number(n) - LOW)
    return mask


def allowed_numbers(position: int) -> list[int]:
    """The allowed numbers of a position, ascending.

    Examples
    --------
    >>> allowed_numbers(0b1011)
    [2, 3, 5]
    """
    position = _check_mask(position)
    return [n for n in range(LOW, HIGH + 1) if position >> (n - LOW) & 1]


def _choose(position: int, number: int) -> int:
    # Adding `number` shifts a number's bit `number` places up, so the closure of the
    # forbidden set under "+ number" is reached by shifting and or-ing until it is stable.
    forbidden = (~position & FULL) | 1 << (number - LOW)
    while True:
        grown = forbidden | (forbidden << number) & FULL
        if grown == forbidden:
            return ~forbidden & FULL
        forbidden = grown


def choose(position: int, number: int) -> int:
    """The position after choosing ``number`` (the additive-closure rule of SPEC section 3).

    Positions are bitmasks of the numbers still allowed.

    Examples
    --------
    The example of the problem statement: 4, then 3 leaves 2 and 5; then 2 leaves nothing.

    >>> p = choose(choose(FULL, 4), 3)
    >>> allowed_numbers(p)
    [2, 5]
    >>> choose(p, 2)
    0
    """
    position, number = _check_mask(position), _check_number(number)
    if not position >> (number - LOW) & 1:
        raise InvalidNumberPositionError(f"{number} is not allowed in this position")
    return _choose(position, number)


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
    return 0 <= position <= FULL and closure_witness(position) is None


def closure_witness(position: int) -> tuple[int, int] | None:
    """Two forbidden numbers whose sum is allowed (why a position cannot occur), or None.

    Examples
    --------
    >>> closure_witness(position_mask([6]))
    (2, 4)
    """
    position = _check_mask(position)
    forbidden = [n for n in range(LOW, HIGH + 1) if not position >> (n - LOW) & 1]
    return next(
        ((a, b) for a in forbidden for b in forbidden if a <= b and a + b <= HIGH and position >> (a + b - LOW) & 1),
        None,
    )


class NumberGame:
    """The Number Game in the `triangles_core.engine.game.Game` form.

    Positions are bitmasks of allowed numbers, moves are the allowed numbers, no move
    scores and the turn always passes; a player with no number to choose has lost, so
    a terminal position is worth -1 and every value is +1 or -1.

    Examples
    --------
    >>> from triangles_core.engine.game import negamax
    >>> negamax(NumberGame(), position_mask([2, 3]))
    -1
    """

    start: int = FULL
    """The full start: every number 2..20 allowed."""

    def __repr__(self) -> str:
        return "NumberGame()"

    def moves(self, position: int) -> list[int]:
        """The allowed numbers, ascending."""
        return allowed_numbers(position)

    def play(self, position: int, move: int) -> Transition:
        """Choose the number ``move`` (it must be allowed; not checked here)."""
        return Transition(_choose(position, move), 0, False)

    def terminal_value(self, position: int) -> int:
        """The player who cannot choose loses."""
        return -1

    def position(self, position: int | Iterable[int]) -> int:
        """Check and normalise a position: a bitmask, or the list of allowed numbers.

        Examples
        --------
        >>> NumberGame().position([2, 5]) == position_mask([2, 5])
        True
        >>> NumberGame().position([6])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        triangles_core.games.number.InvalidNumberPositionError: allowed numbers [6] cannot occur: 2 and 4 are ...
        """
        mask = as_bitmask(position, "numbers", InvalidNumberPositionError)
        if mask is None:
            mask = position_mask(position)  # type: ignore[arg-type]  # why: not an integer, so a list
        if not 0 <= mask <= FULL:
            raise InvalidNumberPositionError(f"bitmask {mask} is out of range (0..{FULL})")
        witness = closure_witness(mask)
        if witness is not None:
            a, b = witness
            raise InvalidNumberPositionError(
                f"allowed numbers {allowed_numbers(mask)} cannot occur: {a} and {b} are "
                f"forbidden, so {a + b} = {a} + {b} is too"
            )
        return mask

    def check_move(self, position: int, move: object) -> int:
        """``move`` if it is an allowed number in ``position``, else raise."""
        number = _check_number(move)
        if not position >> (number - LOW) & 1:
            raise InvalidNumberPositionError(f"{number} is not allowed in this position")
        return number

    def describe(self, position: int) -> dict[str, object]:
        """Node attributes of a position in a state graph: ``remaining`` (allowed numbers)."""
        return {"remaining": int(position).bit_count()}
