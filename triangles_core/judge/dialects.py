"""The six judge dialects (docs/SPEC.md): each reads cases from a `Reader` and yields its output lines.

Fighting for Triangles on the side-3 board: ``gym``, ``uestc``, ``triangle_war``; Peg Game
for Two: ``peg``; the Number Game: ``zoj1039`` and ``poj1143``, which read by line (a
position's numbers fill exactly one line: the line after the count for ZOJ 1039, the count's
own line for POJ 1143).
"""

from __future__ import annotations

from typing import Iterator

from ..engine.solvers import solve, solve_number_game, solve_peg
from ..games.number import HIGH, LOW, N_NUMBERS
from ..games.peg import MAX_PEG_VALUE
from .reader import Reader, Token

__all__ = ["gym", "uestc", "triangle_war", "peg", "zoj1039", "poj1143"]

SIDE = 3
"""The board of Gym 100015F, UESTC problem B and POJ 1085."""

HOLES = 15
"""The holes of the 5-row board of NAQ 2018 J."""


def _edges(reader: Reader, case: int, count: int, n_edges: int) -> int:
    """The position drawn by ``count`` edge numbers."""
    return reader.mask(case, count, f"an edge number 1..{n_edges}", 1, n_edges, "edge", "a drawn edge is drawn")


def gym(reader: Reader) -> Iterator[str]:
    """Codeforces Gym 100015F: cases ``N e1..eN`` until ``N = 0`` or the end of input.

    ``N`` is at most the board's 18 edges.  Yields ``Andy wins``, ``Ralph wins`` or ``Draw``
    per case (Andy moves first).
    """
    solution = solve(SIDE)
    n_edges = solution.board.n_edges
    case = 0
    while not reader.at_end():
        case += 1
        count = reader.integer(case, "the number of drawn edges N", 0, n_edges)
        if count == 0:
            return
        value = solution.value(_edges(reader, case, count, n_edges))
        yield "Andy wins" if value > 0 else "Ralph wins" if value < 0 else "Draw"


def uestc(reader: Reader) -> Iterator[str]:
    """UESTC 2016 training, problem B: one case ``n a1..an``; yields ``WIN!``, ``LOSE!`` or ``Draw``."""
    solution = solve(SIDE)
    n_edges = solution.board.n_edges
    value = solution.value(_edges(reader, 1, reader.integer(1, "the number of drawn edges n", 0, n_edges), n_edges))
    reader.expect_end(1)
    yield "WIN!" if value > 0 else "LOSE!" if value < 0 else "Draw"


def triangle_war(reader: Reader) -> Iterator[str]:
    """POJ 1085 / UVa 751 Triangle War: games given as move histories of dot pairs."""
    solution = solve(SIDE)
    b = solution.board
    dot = f"a dot number 1..{b.n_dots}"
    games = reader.integer(None, "the number of games", 0)
    for case in range(1, games + 1):
        edges: list[int] = []
        for _ in range(reader.integer(case, "the number of moves m", 0, b.n_edges)):
            i = reader.integer(case, dot, 1, b.n_dots)
            first = reader.last
            j = reader.integer(case, dot, 1, b.n_dots)
            pair = Token(f"{first.text} {reader.last.text}", first.line)
            try:
                edge = b.edge_between(i, j)
            except ValueError as error:
                raise reader.error(str(error), case, pair) from None
            if edge in edges:
                raise reader.error(f"dots {i} and {j} (edge {edge}) are already joined", case, pair)
            edges.append(edge)
        steps = solution.replay(edges, 0)
        a, bb = steps[-1].score if steps else (0, 0)
        future = solution.value(steps[-1].position if steps else 0)
        a_margin = a - bb + (future if (steps[-1].next_player if steps else "A") == "A" else -future)
        yield f"Game {case}: {'A' if a_margin > 0 else 'B'} wins."
    reader.expect_end(games or None)


def peg(reader: Reader) -> Iterator[str]:
    """NAQ 2018 J: one board of 15 peg values 0..100 with exactly one 0; yields the first player's net score."""
    values: list[int] = []
    for k in range(1, HOLES + 1):
        values.append(reader.integer(1, f"the peg value of hole {k} of {HOLES}", 0, MAX_PEG_VALUE))
        if values[-1] == 0 and values.count(0) > 1:
            raise reader.error(f"hole {k} is a second hole (0); a board has exactly one", 1)
    if 0 not in values:
        raise reader.error("the board has no hole (0); it needs exactly one", 1)
    reader.expect_end(1)
    yield str(solve_peg(values))


def _numbers(count: int) -> str:
    return f"{count} number" + ("" if count == 1 else "s")


def _position(reader: Reader, case: int, count: int, own_line: bool) -> int:
    """The position of the ``count`` allowed numbers after the count just read."""
    wanted = reader.last.line + (not own_line)
    first = reader.peek() if count else None
    if first is not None and first.line != wanted:
        where = "the count's own line" if own_line else "the line after the count"
        raise reader.error(
            f"the case's {_numbers(count)} must be on line {wanted} ({where}), not on line {first.line}", case, first
        )
    for ahead in range(1, count if first else 0):
        token = reader.peek(ahead)
        if token is not None and token.line != wanted:
            message = f"line {wanted} has {ahead} of the case's {_numbers(count)} (the next is on line {token.line})"
            raise reader.error(message, case, reader.peek(ahead - 1))
    position = reader.mask(case, count, "an allowed number", LOW, HIGH, "number", "an allowed number is allowed")
    try:
        solve_number_game().position(position)  # the game's own check that it can occur
    except ValueError as error:
        raise reader.error(str(error), case) from None
    extra = reader.peek_on_line(wanted) if first else None
    if extra is not None:
        raise reader.error(f"line {wanted} has more than {_numbers(count)}", case, extra)
    return position


def zoj1039(reader: Reader) -> Iterator[str]:
    """ZOJ 1039: a scenario count, then per scenario ``a`` (0..19) and a line of ``a`` allowed numbers."""
    solution = solve_number_game()
    scenarios = reader.integer(None, "the number of scenarios", 0)
    for case in range(1, scenarios + 1):
        count = reader.integer(case, "the number of allowed numbers a", 0, N_NUMBERS)
        moves = solution.winning_moves(_position(reader, case, count, own_line=False))
        yield f"Scenario #{case}:"
        yield f"The winning moves are: {' '.join(map(str, moves))}." if moves else "There is no winning move."
        yield ""
    reader.expect_end(scenarios or None)


def poj1143(reader: Reader) -> Iterator[str]:
    """POJ 1143: cases ``n a1 .. an``, one a line, until a line ``0`` (or the end of input)."""
    solution = solve_number_game()
    case = 0
    while not reader.at_end():
        case += 1
        count = reader.integer(case, "the number of allowed numbers n", 0, N_NUMBERS)
        if count == 0:  # the line that ends the input
            extra = reader.peek_on_line(reader.last.line)
            if extra is not None:
                raise reader.error(f"the 0 that ends the input must be alone on line {extra.line}", None, extra)
            return
        moves = solution.winning_moves(_position(reader, case, count, own_line=True))
        yield f"Test Case #{case}"
        yield f"The winning moves are: {' '.join(map(str, moves))}" if moves else "There's no winning move."
        yield ""
