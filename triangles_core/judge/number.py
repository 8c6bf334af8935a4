"""Judge dialects of the Number Game: ``zoj1039`` and ``poj1143`` (SPEC section 3)."""

from __future__ import annotations

from typing import Iterator

from ..engine.solutions import SolvedGame
from ..engine.solvers import solve_number_game
from ..games.number import HIGH, LOW, N_NUMBERS, InvalidNumberPositionError
from . import DuplicateNote, JudgeInputError, TokenReader, Warn

__all__ = ["zoj1039", "poj1143", "read_position", "read_line_position"]


def read_position(reader: TokenReader, case: int, count: int, solution: SolvedGame, duplicate: DuplicateNote) -> int:
    """Read ``count`` allowed numbers and return the position, checking it can occur.

    Raises
    ------
    JudgeInputError
        A token that is not a number 2..20, or a position whose forbidden numbers are not
        closed under addition (named at its last number, or at the count when empty).
    """
    position = 0
    for _ in range(count):
        number = reader.integer(case, "an allowed number", LOW, HIGH)
        bit = 1 << (number - LOW)
        if position & bit:
            duplicate(case, reader.last_token.line, number)
        position |= bit
    try:
        solution.position(position)  # the game's own check: the position must be able to occur
    except InvalidNumberPositionError as error:
        last = reader.last_token
        raise JudgeInputError(str(error), case, last.line, last.text) from None
    return position


def _numbers(count: int) -> str:
    return f"{count} number" + ("" if count == 1 else "s")


def read_line_position(
    reader: TokenReader, case: int, count: int, solution: SolvedGame, duplicate: DuplicateNote, line: int | None
) -> int:
    """Read a position whose ``count`` numbers must fill exactly one line.

    Called just after reading the count.  ``line`` is the line the numbers must be on (the
    count's own line for POJ 1143), or None for "the line after the count" (ZOJ 1039).  A
    count that does not match its line is an error naming the first token off the line, or
    the first extra token.  The check for an extra token reads no further than the end of
    the line, so a complete line is answered at once.
    """
    if not count:
        return read_position(reader, case, count, solution, duplicate)
    first = reader.peek()
    if first is None:  # the input ended: read_position says so
        return read_position(reader, case, count, solution, duplicate)
    wanted = line if line is not None else reader.last_token.line + 1
    if first.line != wanted:
        where = "the count's own line" if line is not None else "the line after the count"
        raise JudgeInputError(
            f"the case's {_numbers(count)} must be on line {wanted} ({where}), not on line {first.line}",
            case,
            first.line,
            first.text,
        )
    last = first
    for ahead in range(1, count):
        token = reader.peek(ahead)
        if token is None:
            break
        if token.line != first.line:  # named at the line's last number
            raise JudgeInputError(
                f"line {first.line} has {ahead} of the case's {_numbers(count)} (the next is on line {token.line})",
                case,
                last.line,
                last.text,
            )
        last = token
    position = read_position(reader, case, count, solution, duplicate)
    extra = reader.peek_on_line(first.line)
    if extra is not None:
        raise JudgeInputError(f"line {first.line} has more than {_numbers(count)}", case, extra.line, extra.text)
    return position


def zoj1039(reader: TokenReader, warn: Warn) -> Iterator[str]:
    """ZOJ 1039: a scenario count, then per scenario ``a`` (0..19) and ``a`` allowed numbers.

    Yields ``Scenario #i:``, then ``The winning moves are: w1 ... wk.`` or
    ``There is no winning move.``, then an empty line.

    Examples
    --------
    >>> from triangles_core.judge import run_dialect
    >>> list(run_dialect("zoj1039", "2\\n1\\n2\\n2\\n2 3\\n"))
    ['Scenario #1:', 'The winning moves are: 2.', '', 'Scenario #2:', 'There is no winning move.', '']
    """
    solution = solve_number_game()
    duplicate = DuplicateNote(warn, "number", "an allowed number is allowed")
    scenarios = reader.integer(None, "the number of scenarios", 0)
    for case in range(1, scenarios + 1):
        count = reader.integer(case, "the number of allowed numbers a", 0, N_NUMBERS)
        moves = solution.winning_moves(read_line_position(reader, case, count, solution, duplicate, None))
        yield f"Scenario #{case}:"
        yield f"The winning moves are: {' '.join(map(str, moves))}." if moves else "There is no winning move."
        yield ""
    reader.expect_end(scenarios or None)


def poj1143(reader: TokenReader, warn: Warn) -> Iterator[str]:
    """POJ 1143: cases ``n a1 .. an`` until a line ``0`` (or end of input).

    Yields ``Test Case #k``, then ``The winning moves are: w1 ... wk`` or
    ``There's no winning move.``, then an empty line.

    Examples
    --------
    >>> from triangles_core.judge import run_dialect
    >>> list(run_dialect("poj1143", "2 2 5\\n0\\n"))
    ['Test Case #1', 'The winning moves are: 2', '']
    """
    solution = solve_number_game()
    duplicate = DuplicateNote(warn, "number", "an allowed number is allowed")
    case = 0
    while not reader.at_end():
        case += 1
        count = reader.integer(case, "the number of allowed numbers n", 0, N_NUMBERS)
        line = reader.last_token.line
        if count == 0:  # not a case: the line that ends the input
            extra = reader.peek_on_line(line)
            if extra is not None:
                raise JudgeInputError(
                    f"the 0 that ends the input must be alone on line {line}", None, extra.line, extra.text
                )
            return
        moves = solution.winning_moves(read_line_position(reader, case, count, solution, duplicate, line))
        yield f"Test Case #{case}"
        yield f"The winning moves are: {' '.join(map(str, moves))}" if moves else "There's no winning move."
        yield ""
