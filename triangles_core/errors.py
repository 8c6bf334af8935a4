"""The error family of the package (`ValueError` subclasses quoting the input, as python-chess's), and
`check_integer`, which refuses at the domain boundary an integer that would crash compiled code or answer wrongly."""

from __future__ import annotations

import operator

__all__ = ["InvalidPositionError", "check_integer"]


class InvalidPositionError(ValueError):
    """A position, move, edge, dot or board that does not exist in the game (the message quotes it).

    The sibling games raise subclasses (`triangles_core.games.peg.InvalidPegBoardError`,
    `triangles_core.games.number.InvalidNumberPositionError`).
    """


def check_integer(
    value: object, what: str, low: int | None = None, high: int | None = None, error: type[ValueError] = ValueError
) -> int:
    """``value`` as an ``int`` if it is an integer in ``low..high`` (inclusive); otherwise raise ``error``.

    Examples
    --------
    >>> check_integer(3, "board side", 1, 4)
    3
    >>> check_integer(2.0, "board side", 1, 4)
    Traceback (most recent call last):
    ...
    ValueError: board side must be an integer, got 2.0
    >>> check_integer(9, "board side", 1, 4)
    Traceback (most recent call last):
    ...
    ValueError: board side 9 is out of range (1..4)
    """
    try:
        if isinstance(value, bool):  # True is 1 to Python, but never a board side or an edge
            raise TypeError
        number = operator.index(value)  # type: ignore[arg-type]  # why: refused below if it has no __index__
    except TypeError:
        raise error(f"{what} must be an integer, got {value!r}") from None
    if (low is not None and number < low) or (high is not None and number > high):
        bounds = f"{'' if low is None else low}..{'' if high is None else high}"
        raise error(f"{what} {number} is out of range ({bounds})")
    return number
