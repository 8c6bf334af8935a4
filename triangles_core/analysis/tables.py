"""pandas tables of a solved cell board, in the project's one vocabulary (docs/glossary.md).

Positions are grouped by ``edges_drawn``, with outcomes for the player to move over the
cells still to be completed (``mover_wins``, ``draws``, ``mover_loses``).  Whole-board
counts run in the compiled kernels of `triangles_core.analysis.counting` and serve every
board; the per-edge tables need at most 24 edges.  Tables have fixed columns and order, so
`save_table` writes the same bytes on every run.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from .._files import atomic_open
from ..engine.retrograde import NOT_A_MOVE
from ..engine.solutions import SolvedCellGame, TableSolution, verdict_of
from ..engine.symmetry import edge_counts, move_classes
from .counting import MOVE_COUNTS, move_statistics, value_histogram

__all__ = [
    "MOVE_STATISTICS_COLUMNS",
    "OUTCOME_COLUMNS",
    "board_summary",
    "first_move_classes",
    "first_moves",
    "move_statistics_by_edges_drawn",
    "outcomes_by_edges_drawn",
    "save_table",
    "value_distribution",
    "winning_move_existence",
]

OUTCOME_COLUMNS = [
    "edges_drawn",
    "positions",
    "mover_wins",
    "draws",
    "mover_loses",
    "mover_win_share",
    "draw_share",
    "mover_loss_share",
]
"""Columns of `outcomes_by_edges_drawn`."""

MOVE_STATISTICS_COLUMNS = [
    "edges_drawn",
    "positions",
    "examined",
    "exhaustive",
    "moves",
    "mistakes",
    "mistake_share",
    "outcome_changing",
    "outcome_changing_share",
    "value_lost",
    "mean_value_lost",
    "mean_mistake_value_lost",
    "max_value_lost",
    "all_moves",
]
"""Columns of `move_statistics_by_edges_drawn`."""


def save_table(frame: pd.DataFrame, name: str, directory: str | Path, *, float_digits: int = 6) -> Path:
    """Write a DataFrame as ``name.csv`` (UTF-8, ``\\n`` line ends, no index, floats rounded), atomically.

    Examples
    --------
    >>> import tempfile, pandas as pd
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = save_table(pd.DataFrame({"k": [1, 2], "share": [1 / 3, 0.5]}), "shares", folder)
    ...     print(path.name, path.read_text(), sep="\\n")
    shares.csv
    k,share
    1,0.333333
    2,0.5
    <BLANKLINE>
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.csv"
    with atomic_open(path, "w", encoding="utf-8", newline="") as handle:
        frame.round(float_digits).to_csv(handle, index=False, lineterminator="\n", float_format=f"%.{float_digits}g")
    return path


def _shares(frame: pd.DataFrame, columns: dict[str, str], total: str) -> pd.DataFrame:
    with np.errstate(invalid="ignore", divide="ignore"):
        for share, count in columns.items():
            frame[share] = (frame[count] / frame[total]).round(6)
    return frame


def outcomes_by_edges_drawn(solution: TableSolution) -> pd.DataFrame:
    """How many positions with ``k`` drawn edges are won, drawn and lost by the mover (columns `OUTCOME_COLUMNS`).

    Examples
    --------
    >>> from triangles_core import solve
    >>> outcomes_by_edges_drawn(solve(1))[OUTCOME_COLUMNS[:5]].values.tolist()
    [[0, 1, 1, 0, 0], [1, 3, 0, 0, 3], [2, 3, 3, 0, 0], [3, 1, 0, 1, 0]]
    """
    b = solution.board
    histogram = value_histogram(b, solution.values)
    middle = b.n_cells
    frame = pd.DataFrame(
        {
            "edges_drawn": np.arange(b.n_edges + 1),
            "positions": histogram.sum(axis=1),
            "mover_wins": histogram[:, middle + 1 :].sum(axis=1),
            "draws": histogram[:, middle],
            "mover_loses": histogram[:, :middle].sum(axis=1),
        }
    )
    return _shares(
        frame, {"mover_win_share": "mover_wins", "draw_share": "draws", "mover_loss_share": "mover_loses"}, "positions"
    )


def value_distribution(solution: TableSolution) -> pd.DataFrame:
    """The number of ``positions`` (> 0) with each (``edges_drawn``, ``value``) pair, and their ``share`` of the level.

    Examples
    --------
    >>> from triangles_core import solve
    >>> value_distribution(solve(1)).values.tolist()
    [[0.0, 1.0, 1.0, 1.0], [1.0, -1.0, 3.0, 1.0], [2.0, 1.0, 3.0, 1.0], [3.0, 0.0, 1.0, 1.0]]
    """
    b = solution.board
    histogram = value_histogram(b, solution.values)
    k, v = np.nonzero(histogram)
    table = pd.DataFrame(
        {"edges_drawn": k.astype(np.int64), "value": (v - b.n_cells).astype(np.int64), "positions": histogram[k, v]}
    )
    totals = table.groupby("edges_drawn")["positions"].transform("sum")
    table["share"] = (table["positions"] / totals).round(6)
    return table.sort_values(["edges_drawn", "value"]).reset_index(drop=True)


def move_statistics_by_edges_drawn(solution: TableSolution) -> pd.DataFrame:
    """Mistakes and the value they lose, by number of drawn edges ``k = 0..n_edges - 1`` (`MOVE_STATISTICS_COLUMNS`).

    ``mean_value_lost`` is the expected value lost by a uniformly random move, ``all_moves``
    the row's weight in a whole-board average; every position is examined (``exhaustive``).

    Examples
    --------
    >>> from triangles_core import solve
    >>> move_statistics_by_edges_drawn(solve(2))["max_value_lost"].tolist()
    [0, 2, 4, 6, 6, 8, 6, 4, 0]
    """
    n = solution.board.n_edges
    stats = pd.DataFrame(move_statistics(solution.board, solution.values)[:n], columns=MOVE_COUNTS)
    frame = stats.assign(
        edges_drawn=np.arange(n),
        examined=stats["positions"],
        exhaustive=True,
        all_moves=stats["moves"],
    )
    frame = _shares(
        frame,
        {"mistake_share": "mistakes", "outcome_changing_share": "outcome_changing", "mean_value_lost": "value_lost"},
        "moves",
    )
    frame = _shares(frame, {"mean_mistake_value_lost": "value_lost"}, "mistakes")
    frame.loc[frame["mistakes"] == 0, "mean_mistake_value_lost"] = np.nan
    return frame[MOVE_STATISTICS_COLUMNS]


def board_summary(outcomes: pd.DataFrame, moves: pd.DataFrame, by: str = "board") -> pd.DataFrame:
    """One row per board (column ``by``) of `outcomes_by_edges_drawn` and `move_statistics_by_edges_drawn` rows.

    The outcome shares are over all positions; the move statistics are weighted by ``all_moves``.
    """
    order = list(dict.fromkeys(outcomes[by]))
    summary = outcomes.groupby(by, sort=False)[["positions", "mover_wins", "draws", "mover_loses"]].sum()
    for share, count in (
        ("mover_win_share", "mover_wins"),
        ("draw_share", "draws"),
        ("mover_loss_share", "mover_loses"),
    ):
        summary[share] = summary[count] / summary["positions"]
    weight = moves["all_moves"] / moves.groupby(by, sort=False)["all_moves"].transform("sum")
    shares = ["mistake_share", "outcome_changing_share", "mean_value_lost"]
    summary = summary.join(moves[shares].mul(weight, axis=0).groupby(moves[by], sort=False).sum())
    summary["exhaustive"] = moves.groupby(by, sort=False)["exhaustive"].all()
    mistakes = summary["mistake_share"]
    summary["mean_mistake_value_lost"] = summary["mean_value_lost"] / mistakes.where(mistakes > 0)
    columns = ["positions", "mover_win_share", "draw_share", "mover_loss_share", "exhaustive", *shares]
    return summary.loc[order, [*columns, "mean_mistake_value_lost"]].reset_index()


def first_moves(solution: SolvedCellGame, position: int | list[int] = 0) -> pd.DataFrame:
    """Every legal ``edge`` of a position: ``dots``, ``claims``, ``value``, ``symmetry_class``, ``optimal``, outcome.

    The symmetry class is the smallest equivalent edge under the symmetries fixing the position.

    Examples
    --------
    >>> from triangles_core import solve
    >>> table = first_moves(solve(3))
    >>> len(table), sorted(set(table["symmetry_class"]))
    (18, [1, 3, 4, 5])
    """
    b = solution.board
    p = solution.position(position)
    values = solution.move_values(p)
    classes = move_classes(b, p)
    best = solution.value(p)
    rows = [
        (e, "{}-{}".format(*b.edges[e - 1]), b.claims(p, e), v, classes[e], v == best, verdict_of(v))
        for e, v in values.items()
    ]
    return pd.DataFrame(rows, columns=["edge", "dots", "claims", "value", "symmetry_class", "optimal", "outcome"])


def first_move_classes(solution: SolvedCellGame, position: int | list[int] = 0) -> pd.DataFrame:
    """The legal moves of a position grouped by ``symmetry_class``: its ``edges``, ``size``, ``value`` and ``optimal``.

    Examples
    --------
    >>> from triangles_core import solve
    >>> first_move_classes(solve(3))["size"].tolist()
    [6, 3, 3, 6]
    """
    moves = first_moves(solution, position)
    grouped = moves.groupby("symmetry_class", sort=True)
    assert (grouped["value"].nunique() == 1).all(), "symmetric moves have different values"
    return pd.DataFrame(
        {
            "symmetry_class": list(grouped.groups),
            "edges": [" ".join(map(str, g["edge"])) for _, g in grouped],
            "size": grouped.size().tolist(),
            "value": grouped["value"].first().tolist(),
            "optimal": grouped["optimal"].first().tolist(),
        }
    )


def winning_move_existence(solution: TableSolution) -> pd.DataFrame:
    """By ``k = 0..n_edges - 1``: positions ``with_winning_move`` (value > 0), with a ``unique_winning_move``,
    with a ``unique_optimal_move`` (critical positions), and with ``all_moves_optimal``.

    Examples
    --------
    >>> from triangles_core import solve
    >>> winning_move_existence(solve(1))["with_winning_move"].tolist()
    [1, 0, 3]
    """
    b = solution.board
    table = solution.move_table
    values = solution.values
    k = edge_counts(b).astype(np.int64)
    legal = table != NOT_A_MOVE
    winning = ((table > 0) & legal).sum(axis=1)
    optimal = ((table == values[:, None]) & legal).sum(axis=1)
    length = b.n_edges + 1
    frame = pd.DataFrame(
        {
            "edges_drawn": np.arange(length),
            "positions": np.bincount(k, minlength=length),
            "with_winning_move": np.bincount(k[winning > 0], minlength=length),
            "unique_winning_move": np.bincount(k[winning == 1], minlength=length),
            "unique_optimal_move": np.bincount(k[optimal == 1], minlength=length),
            "all_moves_optimal": np.bincount(k[optimal == legal.sum(axis=1)], minlength=length),
        }
    ).iloc[:-1]
    with np.errstate(invalid="ignore", divide="ignore"):
        frame.insert(3, "winning_share", (frame["with_winning_move"] / frame["positions"]).round(6))
    return frame.reset_index(drop=True)
