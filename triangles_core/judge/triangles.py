"""Judge dialects of Fighting for Triangles: gym, uestc and triangle-war (SPEC section 1)."""

from __future__ import annotations

from typing import Iterator

from ..common.errors import InvalidPositionError
from ..engine.solutions import SolvedCellGame
from ..engine.solvers import solve
from . import DuplicateNote, JudgeInputError, TokenReader, Warn, join_tokens

__all__ = ["gym", "uestc", "triangle_war", "read_edge_list"]

SIDE = 3


def read_edge_list(
    reader: TokenReader, case: int, count: int, solution: SolvedCellGame, duplicate: DuplicateNote
) -> int:
    """Read ``count`` edge numbers and return the position they draw."""
    n_edges = solution.board.n_edges
    expected = f"an edge number 1..{n_edges}"
    position = 0
    for _ in range(count):
        edge = reader.integer(case, expected, 1, n_edges)
        bit = 1 << (edge - 1)
        if position & bit:
            duplicate(case, reader.last_token.line, edge)
        position |= bit
    return position


def gym(reader: TokenReader, warn: Warn) -> Iterator[str]:
    """Codeforces Gym 100015F: cases ``N e1..eN`` until ``N = 0`` or end of input.

    ``N`` is at most the board's 18 edges (a count above it is out of range, as the
    number of moves of `triangle_war` is), even though a drawn edge may be listed twice.

    Yields ``Andy wins``, ``Ralph wins`` or ``Draw`` per case (Andy moves first).
    """
    solution = solve(SIDE)
    duplicate = DuplicateNote(warn, "edge", "a drawn edge is drawn")
    case = 0
    while not reader.at_end():
        case += 1
        count = reader.integer(case, "the number of drawn edges N", 0, solution.board.n_edges)
        if count == 0:
            return
        value = solution.value(read_edge_list(reader, case, count, solution, duplicate))
        yield "Andy wins" if value > 0 else "Ralph wins" if value < 0 else "Draw"


def uestc(reader: TokenReader, warn: Warn) -> Iterator[str]:
    """UESTC 2016 training, problem B: one case ``n a1..an`` (``n`` at most 18, as in `gym`).

    Yields ``WIN!``, ``LOSE!`` or ``Draw`` for the first player.
    """
    solution = solve(SIDE)
    count = reader.integer(1, "the number of drawn edges n", 0, solution.board.n_edges)
    duplicate = DuplicateNote(warn, "edge", "a drawn edge is drawn")
    value = solution.value(read_edge_list(reader, 1, count, solution, duplicate))
    # One case per input, as in `peg`: the answer waits for the end of input, since a token
    # after the case is an error (the count may be wrong) and no answer is given then.
    reader.expect_end(1)
    yield "WIN!" if value > 0 else "LOSE!" if value < 0 else "Draw"


def triangle_war(reader: TokenReader, warn: Warn) -> Iterator[str]:
    """POJ 1085 / UVa 751 Triangle War: games given as move histories of dot pairs.

    Triangles completed by the given moves count for whoever drew them, and earn that
    player the next move; the rest of the game is played optimally.  Yields
    ``Game k: A wins.`` or ``Game k: B wins.``.
    """
    solution = solve(SIDE)
    b = solution.board
    games = reader.integer(None, "the number of games", 0)
    for case in range(1, games + 1):
        moves = reader.integer(case, "the number of moves m", 0, b.n_edges)
        edges: list[int] = []
        for _ in range(moves):
            i = reader.integer(case, f"a dot number 1..{b.n_dots}", 1, b.n_dots)
            first = reader.last_token
            j = reader.integer(case, f"a dot number 1..{b.n_dots}", 1, b.n_dots)
            line, pair = first.line, join_tokens(first, reader.last_token)
            try:
                edge = b.edge_between(i, j)
            except InvalidPositionError as error:
                raise JudgeInputError(str(error), case, line, pair) from None
            if edge in edges:  # reported where it is read, before the rest of the game
                raise JudgeInputError(f"dots {i} and {j} (edge {edge}) are already joined", case, line, pair)
            edges.append(edge)
        steps = solution.replay(edges, 0)
        a, bb = steps[-1].score if steps else (0, 0)
        future = solution.value(steps[-1].position) if steps else solution.value(0)
        player = steps[-1].next_player if steps else "A"
        a_margin = a - bb + (future if player == "A" else -future)
        yield f"Game {case}: {'A' if a_margin > 0 else 'B'} wins."
    reader.expect_end(games or None)
