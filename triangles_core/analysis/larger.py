"""Exact figures for comparing board sizes (notebook 07): whole levels and perfect play.

`level_positions` is `triangles_core.analysis.counting.positions_with_edges_drawn`;
`perfect_play_by_edges_drawn` gives exactly what `play_games` and `play_statistics`
estimate by sampling, for boards of at most 24 edges (it reads the whole move table).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..engine.solutions import TableSolution
from .counting import positions_with_edges_drawn as level_positions
from .outcomes import cell_degrees_array, position_reach, reached_losses
from .play import mean_interval, mistakes_per_game, wilson_interval
from .tables import board_summary

__all__ = [
    "PLAY_COLUMNS",
    "board_comparison",
    "capture_and_parity",
    "compare_with_all_positions",
    "level_positions",
    "per_game_averages",
    "perfect_play_by_edges_drawn",
    "sampled_play_table",
]


def perfect_play_by_edges_drawn(solution: TableSolution) -> pd.DataFrame:
    """Exact statistics of the positions reached in perfect play (`outcomes.position_reach`), by edges drawn.

    Returns
    -------
    pandas.DataFrame
        One row per ``edges_drawn``: ``positions`` reached, and the expectations over them
        of the outcome shares, ``mistake_share`` and ``random_move_value_lost``.

    Examples
    --------
    >>> from triangles_core import solve
    >>> table = perfect_play_by_edges_drawn(solve(1))
    >>> table["mistake_share"].tolist(), table["positions"].tolist()
    ([0.0, 0.0, 0.0], [1, 3, 3])
    """
    rows = []
    for k, (level, weight, value, lost) in enumerate(reached_losses(solution, position_reach(solution, "perfect"))):
        n_legal = solution.board.n_edges - k
        rows.append(
            {
                "edges_drawn": k,
                "positions": len(level),
                "mover_win_share": weight[value > 0].sum(),
                "draw_share": weight[value == 0].sum(),
                "mover_loss_share": weight[value < 0].sum(),
                "mistake_share": (weight * (lost > 0).sum(axis=1) / n_legal).sum(),
                "random_move_value_lost": (weight * lost.sum(axis=1) / n_legal).sum(),
            }
        )
    return pd.DataFrame(rows).round(6)


def _share(hits, trials, exact: bool, name: str) -> dict:
    """A share with its Wilson 95% interval (sampled rows only; exact rows get none)."""
    value = hits / trials if trials else np.nan
    low, high = wilson_interval(hits, trials) if trials and not exact else (np.nan, np.nan)
    return {name: round(value, 6), f"{name}_low": round(float(low), 6), f"{name}_high": round(float(high), 6)}


def capture_and_parity(solution: TableSolution, examined: dict[int, np.ndarray]) -> pd.DataFrame:
    """A cell to take, the parity of the cells left, and the mover's outcome, by edges drawn.

    Parameters
    ----------
    examined : dict of int to numpy.ndarray
        For each number of edges drawn, the positions examined (all, or a uniform sample).

    Returns
    -------
    pandas.DataFrame
        One row per level: ``capturable_share``, the mover's win share with and without a
        capturable cell, ``even_cells_left_share`` and ``draw_share_even_cells_left``;
        sampled rows carry Wilson 95% bounds (``_low``/``_high``).
    """
    board, rows = solution.board, []
    for k, positions in sorted(examined.items()):
        v = solution.values[positions].astype(np.int64)
        degrees = cell_degrees_array(board, positions)
        left, capturable = (degrees > 0).sum(axis=1), (degrees == 1).any(axis=1)
        if ((v - left) % 2).any():
            raise ArithmeticError(f"a value without the parity of the cells left at {k} edges drawn")
        exact, even = len(positions) == math.comb(board.n_edges, k), left % 2 == 0
        rows.append(
            {
                "edges_drawn": k,
                "examined": len(positions),
                "exhaustive": exact,
                **_share(capturable.sum(), len(v), exact, "capturable_share"),
                **_share((v[capturable] > 0).sum(), capturable.sum(), exact, "win_share_capturable"),
                **_share((v[~capturable] > 0).sum(), (~capturable).sum(), exact, "win_share_not_capturable"),
                **_share(even.sum(), len(v), exact, "even_cells_left_share"),
                **_share((v[even] == 0).sum(), even.sum(), exact, "draw_share_even_cells_left"),
            }
        )
    return pd.DataFrame(rows)


def board_comparison(outcomes: pd.DataFrame, moves: pd.DataFrame, sizes: pd.DataFrame) -> pd.DataFrame:
    """One row per side: `board_summary` with its ratios taken from the exact sums, plus two columns.

    ``draw_share_unfinished`` is the share of draws among the positions with a move left
    (a finished board is a draw of the remaining cells by definition);
    ``value_lost_per_mistake_per_triangle`` is the mean value lost by a mistake over the
    number of triangles.  ``outcomes``, ``moves`` and ``sizes`` have a ``side`` column.
    """
    summary = board_summary(outcomes, moves, by="side").merge(sizes[["side", "empty_board_value"]], on="side")
    totals = moves.groupby("side")[["moves", "mistakes", "outcome_changing", "value_lost"]].sum()
    ratios = {
        "mistake_share": ("mistakes", "moves"),
        "outcome_changing_share": ("outcome_changing", "moves"),
        "mean_value_lost": ("value_lost", "moves"),
        "mean_mistake_value_lost": ("value_lost", "mistakes"),
    }
    for column, (top, bottom) in ratios.items():
        summary[column] = (totals[top] / totals[bottom].where(totals[bottom] > 0)).round(6).loc[summary["side"]].values
    edges = sizes.set_index("side")["edges"]
    unfinished = outcomes[outcomes["edges_drawn"] < outcomes["side"].map(edges)].groupby("side")[["draws", "positions"]]
    unfinished = unfinished.sum()
    summary["draw_share_unfinished"] = (
        (unfinished["draws"] / unfinished["positions"]).round(6).loc[summary["side"]].values
    )
    triangles = sizes.set_index("side")["triangles"].loc[summary["side"]].values
    summary["value_lost_per_mistake_per_triangle"] = (summary["mean_mistake_value_lost"] / triangles).round(6)
    return summary


PLAY_COLUMNS = [
    *("side", "exact", "games", "edges_drawn", "positions", "mover_win_share", "draw_share", "mover_loss_share"),
    *(
        f"{name}{end}"
        for name in ("mistake_share", "random_move_value_lost", "value_lost_per_triangle")
        for end in ("", "_low", "_high")
    ),
]
"""Columns of the notebook's table of positions reached in perfect play (exact and sampled rows)."""


def sampled_play_table(statistics: pd.DataFrame) -> pd.DataFrame:
    """`play_statistics` output in the columns of `perfect_play_by_edges_drawn`, with 95% bounds.

    ``positions`` is left empty: a sample counts games, not distinct positions.
    """
    n = statistics["positions"]
    return pd.DataFrame(
        {
            "edges_drawn": statistics["edges_drawn"],
            "positions": np.nan,
            "mover_win_share": statistics["mover_win_share"],
            "draw_share": (statistics["draws"] / n).round(6),
            "mover_loss_share": (statistics["mover_loses"] / n).round(6),
            "mistake_share": statistics["mistake_share"],
            "mistake_share_low": statistics["mistake_low"],
            "mistake_share_high": statistics["mistake_high"],
            "random_move_value_lost": statistics["random_move_value_lost"],
            "random_move_value_lost_low": statistics["random_move_low"],
            "random_move_value_lost_high": statistics["random_move_high"],
        }
    )


def compare_with_all_positions(play: pd.DataFrame, moves: pd.DataFrame, column: str) -> dict[int, dict]:
    """Per side, the levels where perfect play's ``column`` is above and below that of all positions.

    Exact rows compare the two exact values; sampled rows count a level only where the
    95% interval (``column_low``, ``column_high``) lies wholly above or below.
    """
    result = {}
    for side, rows in play.groupby("side"):
        rows = rows.set_index("edges_drawn")
        every = moves[moves["side"] == side].set_index("edges_drawn")[column].loc[rows.index]
        low = rows[column].where(rows["exact"], rows[f"{column}_low"])
        high = rows[column].where(rows["exact"], rows[f"{column}_high"])
        result[int(side)] = {
            "above": [int(k) for k in rows.index[low > every]],
            "below": [int(k) for k in rows.index[high < every]],
        }
    return result


def per_game_averages(play: pd.DataFrame, moves: pd.DataFrame, games: pd.DataFrame | None = None) -> pd.DataFrame:
    """Per side: the share of mistakes and the value lost by a random move, over a game's legal moves.

    The collection's one definition (notebooks 04, 07 and 09): a game's share of mistakes is
    the mistakes among all the legal moves of the positions it passes, divided by their
    number, and its value lost by a random move is the mean over those legal moves.  A
    game passes one position with ``n_edges - k`` legal moves at each level ``k``, so the
    levels are weighted by ``n_edges - k``.  ``"random"`` rows pool the levels of all
    positions (exact: random play reaches a uniform edge set at each level); ``"perfect"``
    rows pool the exact rows of ``play``, or, for a side with sampled rows, take the mean
    over the ``games`` (the `play_games` record) with a normal 95% interval over games.
    """

    def pooled(levels: pd.DataFrame, column: str) -> float:
        legal = levels["edges_drawn"].max() + 1 - levels["edges_drawn"]
        return float((levels[column] * legal).sum() / legal.sum())

    rows = []
    for side, reached in play.groupby("side"):
        every = moves[(moves["side"] == side) & (moves["moves"] > 0)]
        rows.append(
            {
                "side": side,
                "play": "random",
                "exact": True,
                "mistake_share": pooled(every, "mistake_share"),
                "mean_value_lost": pooled(every, "mean_value_lost"),
            }
        )
        if reached["exact"].all():
            rows.append(
                {
                    "side": side,
                    "play": "perfect",
                    "exact": True,
                    "mistake_share": pooled(reached, "mistake_share"),
                    "mean_value_lost": pooled(reached, "random_move_value_lost"),
                }
            )
            continue
        if games is None:
            raise ValueError(f"side {side!r} has sampled rows: pass the games they come from")
        per_game = mistakes_per_game(games)
        row = {"side": side, "play": "perfect", "exact": False}
        for name, column in (("mistake_share", "mistake_share"), ("mean_value_lost", "value_lost_per_move")):
            low, high = mean_interval(per_game[column].mean(), per_game[column].std(ddof=1), len(per_game))
            row.update({name: per_game[column].mean(), f"{name}_low": float(low), f"{name}_high": float(high)})
        rows.append(row)
    columns = ["side", "play", "exact"]
    columns += [f"{name}{end}" for name in ("mistake_share", "mean_value_lost") for end in ("", "_low", "_high")]
    return pd.DataFrame(rows).reindex(columns=columns).round(6)
