"""Reading text input: lines as editors count them, and tokens quoted for messages."""

from __future__ import annotations

import re

from .checks import MAX_EXCERPT

__all__ = ["quote_token", "split_lines"]

_LINE_BREAK = re.compile(r"\r\n|\n|\r")


def quote_token(token: str) -> str:
    """A token quoted for an error message, cut short after `MAX_EXCERPT` characters.

    A reader may keep only the beginning of a very long token, as a `str` with a
    ``length`` attribute: the length stated is then the token's full length (or, with an
    ``unfinished`` attribute set, the length read before the reader gave up on it).

    Examples
    --------
    >>> quote_token("19")
    "'19'"
    """
    length = getattr(token, "length", len(token))
    if length > MAX_EXCERPT:
        at_least = "at least " if getattr(token, "unfinished", False) else ""
        return f"{token[:MAX_EXCERPT]!r}... ({at_least}{length} characters)"
    return repr(token)


def split_lines(text: str) -> list[str]:
    """The lines of an input, broken at ``\\n``, ``\\r\\n`` or ``\\r`` only (as editors count them).

    Examples
    --------
    >>> split_lines("1\\r\\n2\\r3")
    ['1', '2', '3']
    """
    return _LINE_BREAK.split(text)
