"""Contest judge dialects: strict token reading with error positions, exact output.

The tokenizer (`TokenReader`, `JudgeInputError`) is `triangles_core.judge.tokens`; this
module is the registry of dialects and the runner.  Each dialect is a function
``dialect(reader, warn)`` that reads cases from a
`TokenReader` and yields output lines (without the newline) one case at a time, so
that every answer before a bad case is already written when the error is raised.  The
reader reads its input only as far as the current case needs, so each answer can be
given as soon as its case is complete (interactive use) and memory stays bounded
whatever the input size.
``warn`` is called with a one-line note for things that are accepted but worth saying
(a duplicate edge in a position).

Dialects (SPEC.md): ``gym`` (Codeforces Gym 100015F), ``uestc`` (UESTC 2016 training,
problem B), ``triangle-war`` (POJ 1085 / UVa 751), ``peg`` (NAQ 2018 J), ``zoj1039``
and ``poj1143`` (Number Game).
"""

from __future__ import annotations

import importlib
from typing import Callable, Iterator

from ..common.checks import described
from .tokens import MAX_DIGITS, MAX_KEPT, ByteStream, JudgeInputError, Token, TokenReader, join_tokens

__all__ = [
    "DIALECTS",
    "MAX_DIGITS",
    "MAX_KEPT",
    "ByteStream",
    "DuplicateNote",
    "JudgeInputError",
    "TokenReader",
    "Token",
    "run_dialect",
    "dialect_function",
    "join_tokens",
]

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
            self.warn(
                f"case {case}, line {line}: {self.item} {value} is listed twice; {self.meaning} "
                "(said once for the whole input)"
            )


def dialect_function(name: str) -> Dialect:
    """The function implementing a dialect.

    Parameters
    ----------
    name : str
        A key of `DIALECTS`, exactly (lower case).

    Returns
    -------
    callable
        ``dialect(reader, warn)``, yielding the output lines.

    Raises
    ------
    ValueError
        If ``name`` is not a dialect (a wrong name, a wrong case, not a str); the message
        lists the dialects.

    Examples
    --------
    >>> dialect_function("gym").__name__
    'gym'
    >>> dialect_function("GYM")
    Traceback (most recent call last):
    ...
    ValueError: unknown dialect 'GYM': the dialects are gym, peg, poj1143, triangle-war, uestc, zoj1039
    """
    if not (isinstance(name, str) and name in DIALECTS):
        raise ValueError(f"unknown dialect {described(name)}: the dialects are {', '.join(sorted(DIALECTS))}")
    module, function = DIALECTS[name].split(":")
    return getattr(importlib.import_module(module), function)


def run_dialect(
    name: str, source: str | ByteStream, warn: Warn | None = None, before_read: Callable[[], object] | None = None
) -> Iterator[str]:
    """Answer a judge input in one dialect, line by line, reading it case by case.

    Parameters
    ----------
    name : str
        A key of `DIALECTS`.
    source : str or ByteStream
        The judge input: the whole text, or a binary stream read as needed (see `TokenReader`).
    warn : callable, optional
        Receives one-line notes (duplicate edges); ignored by default.
    before_read : callable, optional
        Called before each read from a stream (see `TokenReader`), for example to flush
        the answers written so far before the reader may wait for more input.

    Yields
    ------
    str
        Output lines without the newline, each case's as soon as the case has been read.

    Raises
    ------
    ValueError
        At once, before anything is read: ``name`` is not a dialect (`dialect_function`),
        ``source`` neither a str nor a stream with ``read1`` or ``read``, or ``warn`` or
        ``before_read`` neither None nor callable.
    JudgeInputError
        On malformed input, after every earlier answer has been yielded.

    Examples
    --------
    >>> list(run_dialect("gym", "6\\n1 2 3 4 5 6\\n5\\n4 5 6 7 8\\n0\\n"))
    ['Andy wins', 'Ralph wins']
    >>> import io
    >>> list(run_dialect("gym", io.BytesIO(b"\\xef\\xbb\\xbf5 4 5 6 7 8\\r\\n0\\r\\n")))
    ['Ralph wins']
    """
    dialect = dialect_function(name)
    if not (isinstance(source, str) or any(callable(getattr(source, read, None)) for read in ("read1", "read"))):
        raise ValueError(
            f"run_dialect needs source as the input text (a str) or a binary stream, got {described(source)}"
        )
    for what, function in (("warn", warn), ("before_read", before_read)):
        if function is not None and not callable(function):
            raise ValueError(f"run_dialect needs {what} as a function or None, got {described(function)}")
    return dialect(TokenReader(source, before_read), warn or (lambda message: None))
