"""Strict streaming token reading for the judge dialects, with error positions.

`TokenReader` reads whitespace-separated tokens from a text or a binary stream only as far
as a case needs (so answers can be given as soon as their case is complete and memory stays
bounded whatever the input size), and reads integers as C's ``scanf("%d")`` does.  A token
longer than `MAX_KEPT` characters is kept as its beginning (`CutToken`), with its full
length and its integer reading.  `JudgeInputError` names the case, line and token of a
malformed input.  The dialects and their registry are in `triangles_core.judge`.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from typing import Callable, Protocol

from ..common.checks import described, parse_decimal
from ..common.text import quote_token, split_lines

__all__ = [
    "CHUNK",
    "MAX_DIGITS",
    "MAX_KEPT",
    "WHITESPACE",
    "ByteStream",
    "JudgeInputError",
    "Token",
    "TokenReader",
    "join_tokens",
]


class ByteStream(Protocol):
    """A binary input as `TokenReader` reads it: a binary file, or anything with ``read``.

    ``read1`` is used instead where the stream has one (it returns what a pipe or a
    terminal has, without waiting for more).
    """

    def read(self, size: int, /) -> bytes:
        """At most ``size`` bytes; ``b""`` at the end of the input."""
        ...


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
        if self.token is None:
            token = "end of input"
        elif isinstance(self.token, _Cut):  # only its beginning is kept: say its full length
            token = f"token {quote_token(self.token, self.token.length, self.token.unfinished)}"
        else:
            token = f"token {quote_token(self.token)}"
        return f"{where}line {self.line}, {token}: {self.message}"


MAX_DIGITS = 30
"""Integers with more significant digits (leading zeros aside) are out of range for every
dialect (and never converted)."""

MAX_KEPT = 1024
"""Of a token longer than this, only the beginning is kept (with its length and what it reads
as an integer), so that a huge token cannot exhaust memory."""

CHUNK = 1 << 16
"""Input is read and scanned this many bytes (characters for a `str`) at a time."""

WHITESPACE = " \t\n\r\f\v"
"""What separates tokens: ASCII white space only, as C's scanf sees it."""

_TOKEN = re.compile(r"[^ \t\n\r\f\v]+")


@dataclass(frozen=True)
class Token:
    """One whitespace-separated token and its 1-based line number.

    ``text`` is the whole token, or for a token longer than `MAX_KEPT` characters its
    beginning (see `quote_token`); ``length`` is always the full length.
    """

    text: str
    line: int

    @property
    def length(self) -> int:
        """The token's length in characters."""
        return self.text.length if isinstance(self.text, _Cut) else len(self.text)


def join_tokens(*tokens: Token) -> str:
    """Tokens as one text for an error message (a dot pair ``'1 4'``), keeping cut tokens' full length."""
    text = " ".join(token.text for token in tokens)
    length = sum(token.length for token in tokens) + len(tokens) - 1
    if length == len(text):
        return text
    cut = _Cut(text[:MAX_KEPT])
    cut.length, cut.integer = length, "?"
    return cut


class _Cut(str):
    """The first `MAX_KEPT` characters of a longer token.

    ``length`` is the token's full length; ``integer`` an equivalent short text for reading
    it as an integer (its sign and at most ``MAX_DIGITS + 1`` significant digits), or
    ``"?"`` if it is not a decimal integer.  ``unfinished`` is true when the reader stopped
    reading the token before its end (see `_LongToken.hopeless`): ``length`` is then a lower
    bound.
    """

    length: int
    integer: str
    unfinished: bool = False


class _LongToken:
    """A token being read that is too long to keep: its beginning, length and integer reading."""

    def __init__(self, text: str) -> None:
        self.head = text[:MAX_KEPT]
        self.sign = text[0] if text[0] in "+-" else ""
        self.length = len(self.sign)
        self.numeric = True
        self.significant = ""
        self.add(text[len(self.sign) :])

    def add(self, text: str) -> None:
        """The token continues with ``text``."""
        self.length += len(text)
        if not self.numeric:
            return
        if not (text.isascii() and text.isdigit()):
            self.numeric = False
        elif len(self.significant) <= MAX_DIGITS:  # beyond that it is out of range anyway
            digits = text if self.significant else text.lstrip("0")
            self.significant = (self.significant + digits)[: MAX_DIGITS + 1]

    @property
    def hopeless(self) -> bool:
        """True when no continuation can make this token an integer in range for any dialect.

        Such a token is an error whatever follows, so the reader ends it at once instead of
        reading on (an endless token, such as ``/dev/zero``, is reported at once).
        """
        return not self.numeric or len(self.significant) > MAX_DIGITS

    def token(self, unfinished: bool = False) -> _Cut:
        """The token as the reader keeps it (``unfinished``: read only this far)."""
        cut = _Cut(self.head)
        cut.length = self.length
        cut.integer = self.sign + (self.significant or "0") if self.numeric else "?"
        cut.unfinished = unfinished
        return cut


class TokenReader:
    """Whitespace-separated tokens of a judge input, with their line numbers, read as needed.

    The input is read and scanned one chunk at a time (`CHUNK`), only when a token is
    needed that has not been read yet, so memory stays bounded whatever the input size and
    each case can be answered as soon as it is complete.  Lines end at ``\\n``, ``\\r\\n``
    or ``\\r`` (also when a chunk ends between ``\\r`` and ``\\n``); tokens are separated by
    ASCII white space, so a no-break space is part of a token.

    Parameters
    ----------
    source : str or ByteStream
        The whole input as text, or a binary stream (read with ``read1`` when it has one,
        so that a pipe or terminal is read as far as it has data, without waiting for more;
        decoded as UTF-8 with a leading byte-order mark dropped and bad bytes replaced).
    before_read : callable, optional
        Called before each read from a stream, that is just before the reader may have
        to wait for input (for example: flush the answers written so far).

    Examples
    --------
    >>> r = TokenReader("2\\n 5 x")
    >>> r.integer(None, "count")
    2
    >>> r.peek_line()
    2
    >>> r.peek_on_line(2), r.peek_on_line(1)
    (Token(text='5', line=2), None)
    """

    def __init__(self, source: str | ByteStream, before_read: Callable[[], object] | None = None) -> None:
        self._read: Callable[[int], bytes] | None = None  # None for a str source
        self._decoder = codecs.getincrementaldecoder("utf-8-sig")(errors="replace")  # of a stream source
        if before_read is not None and not callable(before_read):
            raise ValueError(f"TokenReader needs before_read as a function or None, got {described(before_read)}")
        if isinstance(source, str):
            self._text = source
        elif not any(callable(getattr(source, name, None)) for name in ("read1", "read")):
            raise ValueError(f"TokenReader needs source as a str or a binary stream, got {described(source)}")
        else:
            self._text = ""
            self._read = getattr(source, "read1", None) or source.read
        self._before_read = before_read
        self._offset = 0  # of the next chunk of a str source
        self._words: list[str] = []  # tokens scanned: the last one read, then those not read yet
        self._word_lines: list[int] = []
        self._pos = 0  # index of the next token in _words
        self._line = 1  # line of the end of the input scanned so far
        self._ended_with_break = False  # the input scanned so far ends with a line break
        self._cr = False  # ... and that break is a \r (a \n next is part of it)
        self._partial: list[str] | _LongToken | None = None  # a token that may go on in the next chunk
        self._partial_line = 0
        self._partial_length = 0
        self._skipping = False  # the rest of a hopeless long token is being skipped
        self._eof = False

    # Reading and scanning the input

    def _fill(self) -> None:
        """Read and scan the next chunk of input, or note the end of input."""
        if self._pos > 1:  # forget the tokens read, except the last one (`last_token`)
            del self._words[: self._pos - 1]
            del self._word_lines[: self._pos - 1]
            self._pos = 1
        if self._read is None:
            text = self._text[self._offset : self._offset + CHUNK]
            self._offset += len(text)
            end = not text
        else:
            if self._before_read is not None:
                self._before_read()
            data = self._read(CHUNK)
            end = not data
            text = self._decoder.decode(data, end)
        self._scan(text)
        if end:
            if self._partial is not None:
                self._end_partial(self._partial)
            self._eof = True
            self._text = ""

    def _scan(self, text: str) -> None:
        """Split a chunk of input into tokens and line breaks."""
        if not text:
            return
        if self._cr:
            self._cr = False
            if text[0] == "\n":  # the \n of a \r\n cut between two chunks: already counted
                text = text[1:]
                if not text:
                    return
        if self._skipping:  # the rest of a token already reported as hopeless
            match = _TOKEN.match(text)
            if match and match.end() == len(text):
                return
            text = text[match.end() :] if match else text
            self._skipping = False
        if self._partial is not None:
            match = _TOKEN.match(text)
            if match:
                self._extend_partial(self._partial, match.group())
                if match.end() == len(text):
                    return
                text = text[match.end() :]
                self._skipping = False  # the token (if cut short) ends here
            if self._partial is not None:
                self._end_partial(self._partial)
        last = text[-1]
        self._cr = last == "\r"
        self._ended_with_break = last in "\r\n"
        words, lines, line = self._words, self._word_lines, self._line
        for piece in split_lines(text):
            if piece:
                found = _TOKEN.findall(piece)
                words += found
                lines += [line] * len(found)
            line += 1
        self._line = line - 1
        if last not in WHITESPACE:  # the last token may go on in the next chunk
            self._partial = [words.pop()]
            self._partial_line = lines.pop()
            self._partial_length = len(self._partial[0])

    def _extend_partial(self, partial: list[str] | _LongToken, text: str) -> None:
        if isinstance(partial, _LongToken):
            partial.add(text)
        else:
            partial.append(text)
            self._partial_length += len(text)
            if self._partial_length <= MAX_KEPT:
                return
            partial = self._partial = _LongToken("".join(partial))
        if partial.hopeless:  # an error whatever follows: end it now, skip the rest
            self._words.append(partial.token(unfinished=True))
            self._word_lines.append(self._partial_line)
            self._partial = None
            self._skipping = True

    def _end_partial(self, partial: list[str] | _LongToken) -> None:
        self._words.append(partial.token() if isinstance(partial, _LongToken) else "".join(partial))
        self._word_lines.append(self._partial_line)
        self._partial = None

    # Reading tokens

    @property
    def last_line(self) -> int:
        """The number of the last line (meaningful at the end of input)."""
        return max(1, self._line - self._ended_with_break)

    def at_end(self) -> bool:
        """True when every token has been read (reads input until a token or the end is seen)."""
        while self._pos >= len(self._words):
            if self._eof:
                return True
            self._fill()
        return False

    def peek(self, ahead: int = 0) -> Token | None:
        """The next token (or the one ``ahead`` tokens after it) without reading it; None past the end."""
        while len(self._words) - self._pos <= ahead and not self._eof:
            self._fill()
        index = self._pos + ahead
        return Token(self._words[index], self._word_lines[index]) if index < len(self._words) else None

    def peek_on_line(self, line: int) -> Token | None:
        """The next token if it is on ``line``, else None, without reading input past the end of that line.

        This is what a check "nothing more on this line" needs: it can answer as soon as the
        line is complete, not only when the next token arrives.
        """
        while self._pos >= len(self._words):
            if self._eof or self._line > line:
                return None
            self._fill()
        return Token(self._words[self._pos], line) if self._word_lines[self._pos] == line else None

    def peek_line(self) -> int:
        """Line number of the next token (the last line at end of input)."""
        return self.last_line if self.at_end() else self._word_lines[self._pos]

    @property
    def last_token(self) -> Token:
        """The token read last.

        Raises
        ------
        LookupError
            Before the first token is read (a dialect asks for it only after reading one).
        """
        if not self._pos:
            raise LookupError("no token has been read yet")
        return Token(self._words[self._pos - 1], self._word_lines[self._pos - 1])

    def next(self, case: int | None, expected: str) -> Token:
        """The next token; raises `JudgeInputError` naming ``expected`` at end of input."""
        if self.at_end():
            raise JudgeInputError(f"input ended, expected {expected}", case, self.last_line, None)
        self._pos += 1
        return Token(self._words[self._pos - 1], self._word_lines[self._pos - 1])

    def integer(self, case: int | None, expected: str, low: int | None = None, high: int | None = None) -> int:
        """The next token as an integer in ``low..high`` (either bound optional).

        A decimal integer with an optional sign; any number of leading zeros is allowed, as
        C's ``scanf("%d")`` reads them (``0007`` is 7).  The token read is `last_token`.

        Raises
        ------
        JudgeInputError
            At end of input, for a token that is not a decimal integer, or out of range.
        """
        if self._pos >= len(self._words) and self.at_end():
            raise JudgeInputError(f"input ended, expected {expected}", case, self.last_line, None)
        text = self._words[self._pos]
        self._pos += 1
        if len(text) <= MAX_DIGITS and text.isdigit() and text.isascii():  # the usual case
            value: int | None = int(text)
        else:
            try:
                value = parse_decimal(text.integer if isinstance(text, _Cut) else text, MAX_DIGITS, signed=True)
            except ValueError:
                raise JudgeInputError(
                    f"not an integer, expected {expected}", case, self._word_lines[self._pos - 1], text
                ) from None
        if value is None or (low is not None and value < low) or (high is not None and value > high):
            bounds = f"{low}..{high}" if high is not None else f">= {low}" if low is not None else f"<= {high}"
            wanted = expected if bounds in expected else f"{expected} ({bounds})"
            raise JudgeInputError(f"out of range, expected {wanted}", case, self._word_lines[self._pos - 1], text)
        return value

    def expect_end(self, case: int | None) -> None:
        """Raise `JudgeInputError` if any token is left (reads to the end of input)."""
        token = self.peek()
        if token is not None:
            raise JudgeInputError("unexpected token after the last case", case, token.line, token.text)
