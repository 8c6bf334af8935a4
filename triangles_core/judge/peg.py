"""Judge dialect of Peg Game for Two: ``peg`` (NAQ 2018 problem J; SPEC section 2)."""

from __future__ import annotations

from typing import Iterator

from ..engine.solvers import solve_peg_game
from ..games.peg import MAX_PEG_VALUE, peg_board
from . import JudgeInputError, TokenReader, Warn

__all__ = ["peg"]

ROWS = 5


def peg(reader: TokenReader, warn: Warn) -> Iterator[str]:
    """NAQ 2018 J: one board of 15 peg values (0..100, exactly one 0), read as tokens.

    Yields the first player's net score under optimal play (it can be negative).

    Raises
    ------
    JudgeInputError
        A non-integer or a value outside 0..100, fewer or more than 15 values, or a
        board without exactly one hole (the second 0, or the last value if there is none).

    Examples
    --------
    >>> from triangles_core.judge import run_dialect
    >>> list(run_dialect("peg", "3\\n1 6\\n1 7 8\\n5 0 3 4\\n9 3 2 1 9\\n"))
    ['21']
    """
    board = peg_board(ROWS)
    values = []
    hole_seen = False
    for k in range(1, board.n_holes + 1):
        value = reader.integer(1, f"the peg value of hole {k} of {board.n_holes}", 0, MAX_PEG_VALUE)
        if value == 0:
            if hole_seen:
                token = reader.last_token
                raise JudgeInputError(
                    f"hole {k} is a second hole (0); a board has exactly one", 1, token.line, token.text
                )
            hole_seen = True
        values.append(value)
    if not hole_seen:
        token = reader.last_token
        raise JudgeInputError("the board has no hole (0); it needs exactly one", 1, token.line, token.text)
    # One board per input: the answer waits for the end of input, since a 16th value is an
    # error and no answer is given then.
    reader.expect_end(1)
    solution = solve_peg_game(values, ROWS)
    yield str(solution.value(solution.start))
