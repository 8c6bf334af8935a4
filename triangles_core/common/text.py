"""Reading text input: lines as editors count them, and tokens quoted for messages.

Used by the game-record reader (`triangles_core.analysis.records`) and the judge's reader
(`triangles_core.judge`); it belongs with them once they share a layer.
"""

from __future__ import annotations

import re

__all__ = ["quote_token", "split_lines"]

SHOWN = 40
"""Characters of a token that a message quotes; a longer one is cut with its length said."""

_LINE_BREAK = re.compile(r"\r\n|\n|\r")


def quote_token(token: str, length: int | None = None, at_least: bool = False) -> str:
    """A token quoted for an error message, cut after `SHOWN` characters.

    Examples
    --------
    >>> quote_token("19")
    "'19'"
    >>> quote_token("7" * 50, 5000)
    "'7777777777777777777777777777777777777777'... (5000 characters)"
    """
    length = len(token) if length is None else length
    if length > SHOWN:
        return f"{token[:SHOWN]!r}... ({'at least ' if at_least else ''}{length} characters)"
    return repr(token)


def split_lines(text: str) -> list[str]:
    """The lines of an input, broken at ``\\n``, ``\\r\\n`` or ``\\r`` only (as editors count them).

    Examples
    --------
    >>> split_lines("1\\r\\n2\\r3")
    ['1', '2', '3']
    """
    return _LINE_BREAK.split(text)
