"""A judge input read a line at a time, with the case, line and token of each error.

Lines are read only when a dialect needs the next token, so each case is answered as soon
as it is complete and memory holds a line at a time.  Tokens are separated by ASCII white
space and integers read as C's ``scanf("%d")`` reads them (SPEC, "Bad input").
"""

from __future__ import annotations

import codecs
import io
import re
from collections import deque
from typing import Callable, Iterator, NamedTuple, Protocol

__all__ = ["ByteStream", "JudgeInputError", "Reader", "Token", "lines"]

MAX_DIGITS = 30
"""An integer with more significant digits is out of range for every dialect (never converted)."""

_WORD = re.compile(r"[^ \t\n\r\f\v]+")
_INTEGER = re.compile(r"([+-]?)0*([0-9]+)")


class ByteStream(Protocol):
    """A binary input: anything with ``read`` (``read1`` is used where there is one)."""

    def read(self, size: int, /) -> bytes: ...


class JudgeInputError(ValueError):
    """Malformed judge input: ``case`` (None before the first), ``line``, ``token`` (None at the end of input)."""

    def __init__(self, message: str, case: int | None, line: int, token: str | None) -> None:
        self.message, self.case, self.line, self.token = message, case, line, token
        where = f"case {case}, " if case is not None else ""
        what = "end of input" if token is None else f"token {token!r}"
        super().__init__(f"{where}line {line}, {what}: {message}")


MAX_LINE = 1 << 20
"""The longest line a judge input may have (characters)."""


class Token(NamedTuple):
    """A whitespace-separated token and its 1-based line."""

    text: str
    line: int


def lines(source: str | ByteStream, before_read: Callable[[], object] | None = None) -> Iterator[str]:
    """The lines of a judge input (without ``\\n``), read 64 KiB at a time as they are asked for."""
    stream = io.BytesIO(source.encode()) if isinstance(source, str) else source
    read = getattr(stream, "read1", None) or stream.read
    decoder = codecs.getincrementaldecoder("utf-8-sig")(errors="replace")
    pieces: list[str] = []  # of the line read so far
    number, length = 1, 0  # the line being read, and its length so far
    while True:
        if before_read is not None:
            before_read()
        data = read(1 << 16)
        *ended, rest = decoder.decode(data, not data).split("\n")
        for end in ended:
            yield "".join([*pieces, end])
            pieces, number, length = [], number + 1, 0
        pieces.append(rest)
        length += len(rest)
        if length > MAX_LINE:  # no judge input has such a line; memory stays bounded
            raise JudgeInputError(f"a line longer than {MAX_LINE:,} characters", None, number, rest[:20])
        if not data:
            if any(pieces):
                yield "".join(pieces)
            return


class Reader:
    """The tokens of an input's ``lines`` with their line numbers, and the errors and notes that name them.

    ``warn`` receives the one note a dialect gives per input (an edge listed twice).

    Examples
    --------
    >>> r = Reader(lines("2\\n 5 x"), print)
    >>> r.integer(None, "a count", 0), r.peek(), r.peek(1)
    (2, Token(text='5', line=2), Token(text='x', line=2))
    """

    def __init__(self, lines: Iterator[str], warn: Callable[[str], object]) -> None:
        self._lines, self._warn, self._warned = lines, warn, False
        self._ahead: deque[Token] = deque()
        self.line = 0
        """The number of lines read so far."""
        self.last = Token("", 0)
        """The token read last."""

    def peek(self, ahead: int = 0) -> Token | None:
        """The next token, or the one ``ahead`` tokens after it, without reading it; None past the end."""
        while len(self._ahead) <= ahead:
            text = next(self._lines, None)
            if text is None:
                return None
            self.line += 1
            self._ahead.extend(Token(word, self.line) for word in _WORD.findall(text))
        return self._ahead[ahead]

    def peek_on_line(self, line: int) -> Token | None:
        """The next token if it is on ``line`` (read whole already), else None; reads nothing."""
        return self._ahead[0] if self._ahead and self._ahead[0].line == line else None

    def at_end(self) -> bool:
        """True when every token has been read (reads lines until a token or the end is seen)."""
        return self.peek() is None

    def error(self, message: str, case: int | None, token: Token | None = None) -> JudgeInputError:
        """The error at ``token``, by default the token read last."""
        token = token or self.last
        return JudgeInputError(message, case, token.line, token.text)

    def integer(self, case: int | None, expected: str, low: int, high: int | None = None) -> int:
        """The next token as a decimal integer in ``low..high`` (``0007`` is 7, as for ``scanf``)."""
        if self.peek() is None:
            raise JudgeInputError(f"input ended, expected {expected}", case, max(1, self.line), None)
        self.last = self._ahead.popleft()
        match = _INTEGER.fullmatch(self.last.text)
        if match is None:
            raise self.error(f"not an integer, expected {expected}", case)
        value = int(match[1] + match[2]) if len(match[2]) <= MAX_DIGITS else None
        if value is None or value < low or (high is not None and value > high):
            bounds = f"{low}..{high}" if high is not None else f">= {low}"
            wanted = expected if bounds in expected else f"{expected} ({bounds})"
            raise self.error(f"out of range, expected {wanted}", case)
        return value

    def mask(self, case: int, count: int, expected: str, low: int, high: int, item: str, meaning: str) -> int:
        """Read ``count`` integers ``low..high`` as a bitmask (bit ``v - low``).

        A value listed twice is no error (``meaning`` says why); the first one of an input is
        noted through ``warn`` (SPEC, "Bad input").
        """
        mask = 0
        for _ in range(count):
            value = self.integer(case, expected, low, high)
            if mask >> (value - low) & 1 and not self._warned:
                self._warned = True
                self._warn(
                    f"case {case}, line {self.last.line}: {item} {value} is listed twice; {meaning} "
                    "(said once for the whole input)"
                )
            mask |= 1 << (value - low)
        return mask

    def expect_end(self, case: int | None) -> None:
        """Raise `JudgeInputError` at the next token if there is one (reads to the end of input)."""
        token = self.peek()
        if token is not None:
            raise self.error("unexpected token after the last case", case, token)
