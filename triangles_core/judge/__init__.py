"""Contest judge dialects: each judge's exact output, and one-line errors naming case, line and token.

Dialects (docs/SPEC.md): ``gym`` (Codeforces Gym 100015F), ``uestc`` (UESTC 2016 training,
problem B), ``triangle-war`` (POJ 1085 / UVa 751), ``peg`` (NAQ 2018 J), ``zoj1039`` and
``poj1143`` (Number Game).  A dialect is a function ``dialect(reader)`` that reads cases
from a `Reader` and yields its output lines case by case, so every answer before a bad
case is given before the `JudgeInputError`.
"""

from __future__ import annotations

from typing import Callable, Iterator

from .reader import ByteStream, JudgeInputError, Reader, Token, lines

__all__ = ["DIALECTS", "ByteStream", "JudgeInputError", "Reader", "Token", "lines", "run_dialect"]

DIALECTS = ("gym", "uestc", "triangle-war", "peg", "zoj1039", "poj1143")
"""The dialects; each is the function of its name (``-`` as ``_``) in `triangles_core.judge.dialects`."""


def run_dialect(
    name: str,
    source: str | ByteStream,
    warn: Callable[[str], object] | None = None,
    before_read: Callable[[], object] | None = None,
) -> Iterator[str]:
    """Answer a judge input in dialect ``name`` (a key of `DIALECTS`), line by line, as each case is read.

    Examples
    --------
    >>> list(run_dialect("gym", "6\\n1 2 3 4 5 6\\n5\\n4 5 6 7 8\\n0\\n"))
    ['Andy wins', 'Ralph wins']
    >>> run_dialect("GYM", "")
    Traceback (most recent call last):
    ...
    ValueError: unknown dialect 'GYM': the dialects are gym, peg, poj1143, triangle-war, uestc, zoj1039
    """
    if not (isinstance(name, str) and name in DIALECTS):
        raise ValueError(f"unknown dialect {name!r}: the dialects are {', '.join(sorted(DIALECTS))}")
    from . import dialects  # the solvers are imported with the first dialect

    dialect = getattr(dialects, name.replace("-", "_"))
    return dialect(Reader(lines(source, before_read), warn or (lambda message: None)))
