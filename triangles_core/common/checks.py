"""The one integer check of the library's entry points.

`check_integer` refuses, at the domain boundary and quoting the input, an integer
argument that would crash compiled code or give a wrong answer (an edge, a board size,
a peg value, a number of the Number Game).  Everything else is left to Python's default
behaviour.
"""

from __future__ import annotations

import operator

__all__ = ["check_integer", "excerpt"]

MAX_EXCERPT = 40
"""Characters of an input's ``repr`` that a message quotes."""


def excerpt(value: object, limit: int = MAX_EXCERPT) -> str:
    """``repr(value)`` on one line, cut short after ``limit`` characters (with the full length said).

    Examples
    --------
    >>> excerpt(19)
    '19'
    >>> excerpt("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (102 characters)"
    """
    text = " ".join(repr(value).split())
    return text if len(text) <= limit else f"{text[: limit - 1]}... ({len(text)} characters)"


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
        number = operator.index(value)  # type: ignore[arg-type]  # why: refused below if it has no __index__
    except TypeError:
        raise error(f"{what} must be an integer, got {value!r}") from None
    if (low is not None and number < low) or (high is not None and number > high):
        bounds = f"{'' if low is None else low}..{'' if high is None else high}"
        raise error(f"{what} {number} is out of range ({bounds})")
    return number
