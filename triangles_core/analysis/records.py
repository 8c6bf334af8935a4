"""Plain-text game records of cell games (Fighting for Triangles, Dots-and-Boxes).

The syntax, line by line (SPEC sections 1 and 4):

- everything after ``#`` is a comment; blank lines are ignored;
- ``start: ...`` (optional, once, before the first move) lists the edges drawn before the
  game, as edge numbers or ``i-j`` dot pairs; cells they complete belong to nobody, and a
  duplicate edge there is reported once through ``warn``;
- every other line holds moves: a line of exactly two numbers ``i j`` is the edge joining
  dots ``i`` and ``j`` (the Triangle War notation of POJ 1085 / UVa 751); a token ``i-j``
  is a dot pair; any other number is an edge number (``e7`` forces the edge reading).

Player ``A`` moves first; who moves next follows from the rules.  Bad records raise
`RecordError` naming the line and the token.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Callable, Iterable

from ..errors import InvalidPositionError
from ..games.boards import cell_board
from ..games.cells import CellBoard, Position

__all__ = ["GameRecord", "RecordError", "parse_edge_tokens", "parse_record", "random_record"]


_LINE_BREAK = re.compile(r"\r\n|\n|\r")
"""Lines as editors count them: broken at ``\\n``, ``\\r\\n`` or ``\\r``."""


def _quoted(token: str, shown: int = 40) -> str:
    """``repr(token)``, cut after ``shown`` characters with its length said."""
    return repr(token) if len(token) <= shown else f"{token[:shown]!r}... ({len(token)} characters)"


_PAIR = re.compile(r"^(\d+)-(\d+)$")
_EDGE = re.compile(r"^[eE]?(\d+)$")


class RecordError(ValueError):
    """A game record that cannot be read, naming the 1-based ``line`` (0: not from a record) and the ``token``.

    Examples
    --------
    >>> str(RecordError("edge 19 is not on the board", 3, "19"))
    "line 3, token '19': edge 19 is not on the board"
    >>> str(RecordError("edge 19 is not on the board", 0, "19"))
    'edge 19 is not on the board'
    """

    def __init__(self, message: str, line: int, token: str) -> None:
        self.message, self.line, self.token = message, line, token
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.line == 0:  # no line to point to
            return self.message
        return f"line {self.line}, token {_quoted(self.token)}: {self.message}"


@dataclass(frozen=True)
class GameRecord:
    """The moves of one game (1-based edge numbers) from ``start``, the bitmask of the edges drawn before it.

    ``lines`` holds the record line of each move (0 for records not read from text).

    Examples
    --------
    >>> r = GameRecord.from_moves(3, [4, 6, 5])
    >>> r.moves, r.start
    ((4, 6, 5), 0)
    """

    board: CellBoard
    start: Position
    moves: tuple[int, ...]
    lines: tuple[int, ...]

    def __post_init__(self) -> None:
        start = self.board.position(self.start)
        moves, lines = tuple(self.moves), tuple(self.lines)
        position = start
        for number, (edge, line) in enumerate(zip(moves, lines, strict=True), start=1):
            position = _draw(self.board, position, edge, line or number, repr(edge))
        object.__setattr__(self, "start", start)  # frozen: the checked, normalised values
        object.__setattr__(self, "moves", tuple(int(edge) for edge in moves))
        object.__setattr__(self, "lines", lines)

    @classmethod
    def from_moves(
        cls, board: CellBoard | int | tuple[int, int], moves: Iterable[int], start: Iterable[int] | int = 0
    ) -> "GameRecord":
        """A record from edge numbers in playing order, checked like a parsed record.

        ``board`` is a board, a triangular board's side or ``(rows, cols)`` of boxes; ``start``
        the edges drawn before the game (edge numbers or a bitmask).
        """
        b = cell_board(board)
        moves = tuple(moves)
        return cls(b, b.position(start), moves, (0,) * len(moves))

    def positions(self) -> list[Position]:
        """The position before each move, then the final one (``len(moves) + 1`` entries)."""
        result = [self.start]
        for edge in self.moves:
            result.append(result[-1] | 1 << (edge - 1))
        return result


def _draw(b: CellBoard, position: Position, edge: int, line: int, token: str) -> Position:
    try:
        edge = b.check_edge(edge)
    except InvalidPositionError as error:
        raise RecordError(str(error), line, token) from None
    if position >> (edge - 1) & 1:
        raise RecordError("edge {} (dots {}-{}) is already drawn".format(edge, *b.edges[edge - 1]), line, token)
    return position | 1 << (edge - 1)


def _integer(text: str, line: int, token: str) -> int:
    """A decimal number of a record (leading zeros allowed); more than 9 significant digits
    is out of range on any board."""
    if len(text.lstrip("0")) > 9:
        raise RecordError("number out of range (more than 9 digits)", line, token)
    return int(text)


def _pair_edge(b: CellBoard, i: str, j: str, line: int, token: str) -> int:
    dot_i, dot_j = _integer(i, line, token), _integer(j, line, token)
    try:
        return b.edge_between(dot_i, dot_j)
    except InvalidPositionError as error:
        raise RecordError(str(error), line, token) from None


def parse_edge_tokens(
    board: CellBoard, tokens: list[str], line: int = 0, pair_line: bool = True
) -> list[tuple[int, str]]:
    """The moves written as ``tokens`` (one line of a game record): each edge with the token it was read from.

    ``pair_line`` reads a line of exactly two plain numbers as one dot pair; ``line`` is the
    record line for the errors.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> parse_edge_tokens(board(3), ["2", "4"]), parse_edge_tokens(board(3), ["2", "4"], pair_line=False)
    ([(4, '2 4')], [(2, '2'), (4, '4')])
    >>> parse_edge_tokens(board(3), ["e07", "3-6"])
    [(7, 'e07'), (8, '3-6')]
    >>> parse_edge_tokens(board(3), ["19"], 4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    triangles_core.analysis.records.RecordError: line 4, token '19': edge 19 is not on the side-3 board ...
    """
    b, words = board, tokens
    if pair_line and len(words) == 2 and all(w.isascii() and w.isdigit() for w in words):
        token = " ".join(words)
        return [(_pair_edge(b, words[0], words[1], line, token), token)]
    moves = []
    for word in words:
        pair = _PAIR.match(word) if word.isascii() else None
        if pair:
            moves.append((_pair_edge(b, pair[1], pair[2], line, word), word))
            continue
        single = _EDGE.match(word) if word.isascii() else None
        if single is None:
            raise RecordError("expected an edge number, 'e' and an edge number, or a dot pair 'i-j'", line, word)
        edge = _integer(single[1], line, word)
        if not 1 <= edge <= b.n_edges:
            raise RecordError(str(b.edge_error(edge)), line, word)
        moves.append((edge, word))
    return moves


def parse_record(
    text: str, board: CellBoard | int | tuple[int, int] = 3, warn: Callable[[str], None] | None = None
) -> GameRecord:
    """Read a game record (syntax in the module docstring) on ``board``, as for `GameRecord.from_moves`.

    ``warn`` receives a one-line note, once, if ``start:`` lists an edge twice.

    Examples
    --------
    >>> parse_record("# POJ 1085 sample, game 3\\n1 2\\n2 3\\n1 3\\n").moves
    (1, 3, 2)
    >>> r = parse_record("start: 1 2\\n3 e4 5-6")
    >>> r.board.drawn_edges(r.start), r.moves
    ([1, 2], (3, 4, 9))
    >>> parse_record("1 2\\n2 1")
    Traceback (most recent call last):
    ...
    triangles_core.analysis.records.RecordError: line 2, token '2 1': edge 1 (dots 1-2) is already drawn
    """
    b = cell_board(board)
    start: Position = 0
    position: Position = 0
    moves: list[int] = []
    lines: list[int] = []
    start_seen = False
    duplicate_said = False
    for number, raw in enumerate(_LINE_BREAK.split(text), start=1):
        content = raw.split("#", 1)[0].strip()
        if not content:
            continue
        head, colon, rest = content.partition(":")
        if colon:
            keyword = head.strip()
            if keyword.lower() != "start":
                raise RecordError("unknown keyword (the only one is 'start:')", number, keyword + ":")
            if moves:
                raise RecordError("the starting position must come before the first move", number, "start:")
            if start_seen:
                raise RecordError("the starting position is given twice", number, "start:")
            start_seen = True
            for edge, token in parse_edge_tokens(b, rest.split(), number, pair_line=False):
                bit = 1 << (edge - 1)
                if start & bit and not duplicate_said and warn is not None:
                    warn(
                        f"line {number}, token {token!r}: edge {edge} is listed twice in the starting "
                        "position; a drawn edge is drawn (said once)"
                    )
                    duplicate_said = True
                start |= bit
            position = start
            continue
        for edge, token in parse_edge_tokens(b, content.split(), number):
            position = _draw(b, position, edge, number, token)
            moves.append(edge)
            lines.append(number)
    return GameRecord(b, start, tuple(moves), tuple(lines))


def random_record(
    board: CellBoard | int | tuple[int, int], seed: int, moves: int | None = None, start: Iterable[int] | int = 0
) -> GameRecord:
    """A game between two players who draw uniformly random legal edges (seeded `random.Random`).

    Examples
    --------
    >>> r = random_record(2, seed=1)
    >>> sorted(r.moves) == list(range(1, 10))
    True
    """
    rng = random.Random(seed)
    b = cell_board(board)
    position = b.position(start)
    free = b.free_edges(position)
    count = len(free) if moves is None else min(moves, len(free))
    played = []
    for _ in range(count):
        edge = rng.choice(free)
        free.remove(edge)
        played.append(edge)
    return GameRecord.from_moves(b, played, position)
