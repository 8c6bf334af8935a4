"""Reading text input: lines as editors count them, and tokens quoted for messages."""

from __future__ import annotations

import re

from .checks import MAX_EXCERPT

__all__ = ["quote_token", "split_lines"]

_LINE_BREAK = re.compile(r"\r\n|\n|\r")


def quote_token(token: str, length: int | None = None, at_least: bool = False) -> str:
    """A token quoted for an error message, cut short after `MAX_EXCERPT` characters.

    Parameters
    ----------
    token : str
        The token, or the beginning of it that a reader kept.
    length : int, optional
        The token's full length when ``token`` is only its beginning (``len(token)`` by
        default).
    at_least : bool, default False
        The reader gave up before the token's end: ``length`` is a lower bound.

    Examples
    --------
    >>> quote_token("19")
    "'19'"
    >>> quote_token("7" * 50, 5000)
    "'7777777777777777777777777777777777777777'... (5000 characters)"
    """
    length = len(token) if length is None else length
    if length > MAX_EXCERPT:
        return f"{token[:MAX_EXCERPT]!r}... ({'at least ' if at_least else ''}{length} characters)"
    return repr(token)


def split_lines(text: str) -> list[str]:
    """The lines of an input, broken at ``\\n``, ``\\r\\n`` or ``\\r`` only (as editors count them).

    Examples
    --------
    >>> split_lines("1\\r\\n2\\r3")
    ['1', '2', '3']
    """
    return _LINE_BREAK.split(text)
