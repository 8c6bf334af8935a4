"""Contest judge dialects: strict token reading with error positions, exact output.

Each dialect is a function ``dialect(reader, warn)`` that reads cases from a
`TokenReader` and yields output lines (without the newline) one case at a time, so
that every answer before a bad case is already written when the error is raised.
``warn`` is called with a one-line note for things that are accepted but worth saying
(a duplicate edge in a position).

Dialects (SPEC.md): ``gym`` (Codeforces Gym 100015F), ``uestc`` (UESTC 2016 training,
problem B), ``triangle-war`` (POJ 1085 / UVa 751), ``peg`` (NAQ 2018 J), ``zoj1039``
and ``poj1143`` (Number Game).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Callable, Iterator

from ..common.text import quote_token, split_lines

__all__ = ["DIALECTS", "DuplicateNote", "JudgeInputError", "TokenReader", "Token", "run_dialect",
           "dialect_function"]

Warn = Callable[[str], None]
Dialect = Callable[["TokenReader", Warn], Iterator[str]]

DIALECTS: dict[str, str] = {
    "gym": "triangles_core.judge.triangles:gym",
    "uestc": "triangles_core.judge.triangles:uestc",
    "triangle-war": "triangles_core.judge.triangles:triangle_war",
    "peg": "triangles_core.judge.peg:peg",
    "zoj1039": "triangles_core.judge.number:zoj1039",
    "poj1143": "triangles_core.judge.number:poj1143",
}
"""Dialect name to ``module:function`` (imported on first use, so start-up stays fast)."""


class JudgeInputError(ValueError):
    """Malformed judge input.

    Parameters
    ----------
    message : str
        What is wrong.
    case : int or None
        1-based case number (None before the first case, e.g. a bad case count).
    line : int
        1-based input line of the token (the last line at end of input).
    token : str or None
        The offending token, or None at end of input.
    """

    def __init__(self, message: str, case: int | None, line: int, token: str | None) -> None:
        self.message, self.case, self.line, self.token = message, case, line, token
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"case {self.case}, " if self.case is not None else ""
        token = "end of input" if self.token is None else f"token {quote_token(self.token)}"
        return f"{where}line {self.line}, {token}: {self.message}"


MAX_DIGITS = 30
"""Integers with more digits are out of range for every dialect (and never converted)."""

_TOKEN = re.compile(r"[^ \t\n\r\f\v]+")


@dataclass(frozen=True)
class Token:
    """One whitespace-separated token and its 1-based line number."""

    text: str
    line: int


class TokenReader:
    """Whitespace-separated tokens of a judge input, with their line numbers.

    Parameters
    ----------
    text : str
        The whole input.

    Examples
    --------
    >>> r = TokenReader("2\\n 5 x")
    >>> r.integer(None, "count")
    2
    >>> r.peek_line()
    2
    """

    def __init__(self, text: str) -> None:
        # Lines end at \n, \r\n or \r only; tokens are separated by ASCII white space
        # (as C's scanf sees them), so a no-break space is part of a token.
        self.texts: list[str] = []
        self.lines: list[int] = []
        lines = split_lines(text)
        for number, line in enumerate(lines, start=1):
            words = _TOKEN.findall(line)
            self.texts += words
            self.lines += [number] * len(words)
        self.last_line = max(1, len(lines) - (lines[-1] == ""))
        self.index = 0

    def at_end(self) -> bool:
        """True when every token has been read."""
        return self.index >= len(self.texts)

    def peek_line(self) -> int:
        """Line number of the next token (the last line at end of input)."""
        return self.lines[self.index] if not self.at_end() else self.last_line

    def next(self, case: int | None, expected: str) -> Token:
        """The next token; raises `JudgeInputError` naming ``expected`` at end of input."""
        if self.at_end():
            raise JudgeInputError(f"input ended, expected {expected}", case, self.last_line, None)
        token = Token(self.texts[self.index], self.lines[self.index])
        self.index += 1
        return token

    def integer(self, case: int | None, expected: str, low: int | None = None, high: int | None = None) -> int:
        """The next token as an integer in ``low..high`` (either bound optional).

        Raises
        ------
        JudgeInputError
            At end of input, for a token that is not a decimal integer, or out of range.
        """
        token = self.next(case, expected)
        text = token.text
        digits = text[1:] if text[:1] in "+-" else text
        if not (digits.isascii() and digits.isdigit()):
            raise JudgeInputError(f"not an integer, expected {expected}", case, token.line, text)
        value = int(text) if len(digits) <= MAX_DIGITS else None
        if value is None or (low is not None and value < low) or (high is not None and value > high):
            bounds = f"{low}..{high}" if high is not None else f">= {low}" if low is not None else f"<= {high}"
            wanted = expected if bounds in expected else f"{expected} ({bounds})"
            raise JudgeInputError(f"out of range, expected {wanted}", case, token.line, text)
        return value

    def expect_end(self, case: int | None) -> None:
        """Raise `JudgeInputError` if any token is left."""
        if not self.at_end():
            raise JudgeInputError("unexpected token after the last case", case, self.lines[self.index],
                                  self.texts[self.index])


class DuplicateNote:
    """Says once per input that an item was listed twice in one position.

    Parameters
    ----------
    warn : callable
        Receives the note.
    item : str
        What is listed, for example ``"edge"``.
    meaning : str
        Why it does not matter, for example ``"a drawn edge is drawn"``.
    """

    def __init__(self, warn: Warn, item: str, meaning: str) -> None:
        self.warn, self.item, self.meaning, self.said = warn, item, meaning, False

    def __call__(self, case: int, line: int, value: int) -> None:
        if not self.said:
            self.said = True
            self.warn(f"case {case}, line {line}: {self.item} {value} is listed twice; {self.meaning} "
                      "(said once for the whole input)")


def dialect_function(name: str) -> Dialect:
    """The function implementing a dialect.

    Raises
    ------
    KeyError
        If ``name`` is not a dialect.
    """
    module, function = DIALECTS[name].split(":")
    return getattr(importlib.import_module(module), function)


def run_dialect(name: str, text: str, warn: Warn | None = None) -> Iterator[str]:
    """Answer a whole judge input in one dialect, line by line.

    Parameters
    ----------
    name : str
        A key of `DIALECTS`.
    text : str
        The judge input.
    warn : callable, optional
        Receives one-line notes (duplicate edges); ignored by default.

    Yields
    ------
    str
        Output lines without the newline.

    Raises
    ------
    JudgeInputError
        On malformed input, after every earlier answer has been yielded.

    Examples
    --------
    >>> list(run_dialect("gym", "6\\n1 2 3 4 5 6\\n5\\n4 5 6 7 8\\n0\\n"))
    ['Andy wins', 'Ralph wins']
    """
    return dialect_function(name)(TokenReader(text), warn or (lambda message: None))
