"""Game review: replay a recorded game of a cell game against the exact solution.

Values are from player A's point of view and count the whole game: the *value for A* at a
moment is A's cells minus B's at the end under perfect play from then on, counting the
cells already claimed.  An optimal move keeps it; any other move moves it against the
mover by the *value lost* (docs/glossary.md).  With ``R`` cells unclaimed every value is
``R - 2b`` for some ``b``, so a value lost is even (tests/test_review.py).

Grades (`classify`, `CLASSIFICATION_RULE`) use the chess annotation glyphs of S. J.
Edwards, *Portable Game Notation Specification* (1994), section 10: $6 ``?!``
inaccuracy, $2 ``?`` error, $4 ``??`` blunder.  An odd value lost is graded as the next
even one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.solutions import SolvedCellGame
from ..engine.solvers import solve_cells
from ..errors import check_integer
from .records import GameRecord

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = [
    "CLASSIFICATION_RULE",
    "COLUMNS",
    "GameReview",
    "MoveReview",
    "classify",
    "review_game",
    "summary_table",
]

CLASSIFICATION_RULE = (
    "value lost 0: optimal, 2: inaccuracy, 4: error, 6 or more: blunder "
    "(value lost is always even: 2 per cell handed over)"
)
"""How a move is classified by the value it loses (one line, shown by ``triangles review``)."""

COLUMNS = [
    "move",
    "player",
    "edge",
    "dots",
    "claims",
    "score_a",
    "score_b",
    "value_before",
    "value_after",
    "best_moves",
    "value_lost",
    "classification",
]
"""Column order of `GameReview.table` (and of ``triangles review --csv``)."""


def classify(value_lost: int) -> str:
    """The grade of a move by the value it loses, ``>= 0`` (see `CLASSIFICATION_RULE`).

    Examples
    --------
    >>> [classify(v) for v in (0, 2, 4, 6, 8)]
    ['optimal', 'inaccuracy', 'error', 'blunder', 'blunder']
    >>> [classify(v) for v in (1, 3, 5)]  # odd: graded as the next even value
    ['inaccuracy', 'error', 'blunder']
    """
    value_lost = check_integer(value_lost, "value lost", 0)
    cells = (value_lost + 1) // 2  # cells handed over (an odd value rounded up)
    return ("optimal", "inaccuracy", "error")[cells] if cells < 3 else "blunder"


def _result(margin: int) -> str:
    return f"{_winner(margin)} wins by {abs(margin)}" if margin else "draw"


def _winner(margin: int) -> str | None:
    return "A" if margin > 0 else "B" if margin < 0 else None


@dataclass(frozen=True)
class MoveReview:
    """One reviewed move (1-based ``move``): the ``edge`` drawn and its ``dots``, the cells it ``claims``.

    ``score_a`` and ``score_b`` count the cells claimed so far, this move included;
    ``value_before`` and ``value_after`` are values for A (module docstring); ``choices``
    holds every distinct value for A that a legal move reaches, from ``lowest`` to ``highest``.
    """

    move: int
    player: str
    edge: int
    dots: tuple[int, int]
    claims: int
    score_a: int
    score_b: int
    value_before: int
    value_after: int
    best_moves: tuple[int, ...]
    value_lost: int
    classification: str
    lowest: int
    highest: int
    choices: tuple[int, ...] = ()


@dataclass(frozen=True)
class GameReview:
    """A recorded game replayed against the exact solution.

    ``start_value`` is the value for A of the starting position (A to move); ``to_move``
    who moves after the last recorded move, and ``remaining`` the undrawn edges left then.
    """

    record: GameRecord
    moves: tuple[MoveReview, ...]
    start_value: int
    to_move: str
    remaining: int

    @property
    def score(self) -> tuple[int, int]:
        """Cells claimed by A and by B in the recorded moves."""
        return (self.moves[-1].score_a, self.moves[-1].score_b) if self.moves else (0, 0)

    @property
    def end_value(self) -> int:
        """Value for A after the last move: the final score difference with perfect play
        from the end of the record (the actual difference for a finished game)."""
        return self.moves[-1].value_after if self.moves else self.start_value

    @property
    def finished(self) -> bool:
        """True when the record fills the board."""
        return self.remaining == 0

    @property
    def values(self) -> list[int]:
        """The value history: value for A at the start and after each move."""
        return [self.start_value] + [m.value_after for m in self.moves]

    @property
    def result(self) -> str:
        """``"A wins by k"``, ``"B wins by k"`` or ``"draw"``: the game's result, with
        perfect play from the end of the record if it is not finished."""
        return _result(self.end_value)

    @property
    def winner(self) -> str | None:
        """``"A"``, ``"B"`` or None (draw) for `result`."""
        return _winner(self.end_value)

    @property
    def perfect_play_result(self) -> str:
        """The result under perfect play from the starting position."""
        return _result(self.start_value)

    @property
    def final_cells(self) -> tuple[int, int]:
        """Cells of A and B at the end of the game, with perfect play from the end
        of the record (the actual totals for a finished game)."""
        a, b = self.score
        board = self.record.board
        final = self.record.positions()[-1]
        left = board.n_cells - len(board.complete_cells(final))
        future_a = self.end_value - (a - b)
        return a + (left + future_a) // 2, b + (left - future_a) // 2

    @property
    def value_lost(self) -> dict[str, int]:
        """Total value lost by each player, ``{"A": ..., "B": ...}``."""
        lost = {"A": 0, "B": 0}
        for m in self.moves:
            lost[m.player] += m.value_lost
        return lost

    def claim_runs(self) -> list[tuple[str, int, int]]:
        """``(player, cells, first_move)`` of each run of cells claimed by one player in consecutive moves.

        Examples
        --------
        >>> from triangles_core import GameRecord, solve
        >>> line = solve(3).principal_variation([])
        >>> review = review_game(GameRecord.from_moves(3, [step.move for step in line]))
        >>> review.claim_runs()
        [('B', 1, 4), ('A', 2, 8), ('B', 4, 11), ('A', 1, 16), ('B', 1, 18)]
        """
        runs: list[tuple[str, int, int]] = []
        for m in self.moves:
            if not m.claims:
                continue
            previous = self.moves[m.move - 2] if m.move > 1 else None
            if runs and previous is not None and previous.claims and previous.player == m.player:
                player, cells, first = runs[-1]
                runs[-1] = (player, cells + m.claims, first)
            else:
                runs.append((m.player, m.claims, m.move))
        return runs

    @property
    def mistakes(self) -> list[MoveReview]:
        """The mistakes (moves that lose value), in playing order."""
        return [m for m in self.moves if m.value_lost]

    @property
    def decisive_move(self) -> MoveReview | None:
        """The deciding move: the last move that changed the predicted winner.

        Examples
        --------
        >>> from triangles_core.analysis.records import parse_record
        >>> r = review_game(parse_record("1 2\\n2 3\\n1 3\\n2 4\\n2 5\\n4 5"))
        >>> r.values
        [-3, -3, -1, -1, -5, 3, 3]
        >>> r.decisive_move.move  # -5 before, +3 after
        5
        """
        values = self.values
        last = None
        for m, before, after in zip(self.moves, values, values[1:], strict=False):
            if _winner(before) != _winner(after):
                last = m
        return last

    def summary(self) -> dict[str, object]:
        """The headline numbers of the review as a flat dict (one row of `summary_table`)."""
        decisive = self.decisive_move
        lost = self.value_lost
        return {
            "moves": len(self.moves),
            "score_a": self.score[0],
            "score_b": self.score[1],
            "finished": self.finished,
            "result": self.result,
            "perfect_play_result": self.perfect_play_result,
            "lost_a": lost["A"],
            "lost_b": lost["B"],
            "mistakes_a": sum(1 for m in self.mistakes if m.player == "A"),
            "mistakes_b": sum(1 for m in self.mistakes if m.player == "B"),
            "decisive_move": decisive.move if decisive else 0,
            "decisive_player": decisive.player if decisive else "",
            "decisive_edge": decisive.edge if decisive else 0,
            "decisive_dots": "{}-{}".format(*decisive.dots) if decisive else "",
            "decisive_before": decisive.value_before if decisive else self.start_value,
            "decisive_after": decisive.value_after if decisive else self.start_value,
        }

    def table(self) -> "pandas.DataFrame":
        """The review as a DataFrame, one row per move, columns `COLUMNS`."""
        import pandas as pd

        rows = [
            {
                **{name: getattr(m, name) for name in COLUMNS},
                "dots": "{}-{}".format(*m.dots),
                "best_moves": " ".join(map(str, m.best_moves)),
            }
            for m in self.moves
        ]
        frame = pd.DataFrame(rows, columns=COLUMNS)
        integers = [c for c in COLUMNS if c not in ("player", "dots", "best_moves", "classification")]
        return frame.astype({c: "int64" for c in integers})


def review_game(record: GameRecord, solution: SolvedCellGame | None = None) -> GameReview:
    """Replay a game record against the exact solution (the record's board, solved on demand by default).

    Examples
    --------
    >>> from triangles_core.analysis.records import parse_record
    >>> r = review_game(parse_record("1 2\\n2 3\\n1 3\\n2 4\\n2 5\\n4 5"))  # POJ 1085 game 3
    >>> r.score, r.result, r.perfect_play_result
    ((2, 0), 'A wins by 3', 'B wins by 3')
    >>> [(m.move, m.player, m.value_lost, m.classification) for m in r.mistakes]
    [(2, 'B', 2, 'inaccuracy'), (4, 'A', 4, 'error'), (5, 'B', 8, 'blunder')]
    >>> r.start_value - r.value_lost["A"] + r.value_lost["B"] == r.end_value
    True
    """
    if solution is None:
        solution = solve_cells(record.board)
    if solution.board != record.board:
        raise ValueError(f"the record is for the {record.board.label}, the solution for the {solution.board.label}")
    b = solution.board
    steps = solution.replay(record.moves, record.start)
    reviews = []
    margin = 0  # A's cells minus B's before the move
    for step in steps:
        sign = 1 if step.player == "A" else -1
        best, played = step.value, step.move_value
        assert best is not None and played is not None  # a solution's replay values every move
        options = solution.move_values(step.position_before)
        reachable = [margin + sign * v for v in options.values()]
        reviews.append(
            MoveReview(
                move=step.ply,
                player=step.player,
                edge=step.move,
                dots=b.edges[step.move - 1],
                claims=step.reward,
                score_a=step.score[0],
                score_b=step.score[1],
                value_before=margin + sign * best,
                value_after=margin + sign * played,
                best_moves=tuple(e for e, v in options.items() if v == best),
                value_lost=best - played,
                classification=classify(best - played),
                lowest=min(reachable),
                highest=max(reachable),
                choices=tuple(sorted(set(reachable))),
            )
        )
        margin = step.score[0] - step.score[1]
    end = solution.position(steps[-1].position) if steps else record.start
    to_move = steps[-1].next_player if steps else "A"
    return GameReview(record, tuple(reviews), solution.value(record.start), to_move, len(b.free_edges(end)))


def summary_table(reviews: "dict[str, GameReview]") -> "pandas.DataFrame":
    """One row of `GameReview.summary` per named game (column ``game``), in the given order.

    Examples
    --------
    >>> from triangles_core.analysis.records import parse_record
    >>> t = summary_table({"POJ 1085 game 3": review_game(parse_record("1 2\\n2 3\\n1 3\\n2 4\\n2 5\\n4 5"))})
    >>> print(t[["result", "decisive_move", "decisive_player", "decisive_dots"]].to_string(index=False))
         result  decisive_move decisive_player decisive_dots
    A wins by 3              5               B           2-5
    """
    import pandas as pd

    return pd.DataFrame([{"game": name, **review.summary()} for name, review in reviews.items()])
