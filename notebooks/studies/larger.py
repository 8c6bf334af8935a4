"""Exact figures for comparing board sizes (notebook 07): whole levels and perfect play.

`level_positions` is `triangles_core.analysis.counting.positions_with_edges_drawn`;
`perfect_play_by_edges_drawn` gives exactly what `play_games` and `play_statistics`
estimate by sampling, for boards of at most 24 edges (it reads the whole move table).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pandas as pd

from triangles_core.analysis.counting import positions_with_edges_drawn as level_positions
from triangles_core.analysis.outcomes import position_reach, reached_losses
from triangles_core.analysis.play import mean_interval, mistakes_per_game, play_statistics
from triangles_core.analysis.tables import board_summary, move_statistics_by_edges_drawn, outcomes_by_edges_drawn
from triangles_core.engine.solutions import TableSolution

__all__ = [
    "PLAY_COLUMNS",
    "board_comparison",
    "compare_with_all_positions",
    "empty_board_table",
    "final_scores",
    "level_positions",
    "outcomes_table",
    "per_game_averages",
    "perfect_play_by_edges_drawn",
    "play_table",
    "sampled_play_table",
    "table_sha256",
    "value_lost_table",
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


def table_sha256(values: np.ndarray, chunk: int = 2**24) -> str:
    """The sha256 of a value table's bytes, hashed ``chunk`` bytes at a time.

    The digest `scripts/check_tables.py` records for the package's table and the C program's
    (``data/checks/table_checks.json``): equal digests mean the table in memory is the one
    the C program reproduced byte for byte.

    Examples
    --------
    >>> import hashlib
    >>> from triangles_core import solve
    >>> values = solve(2).values
    >>> table_sha256(values, chunk=100) == hashlib.sha256(values.tobytes()).hexdigest()
    True
    """
    digest = hashlib.sha256()
    for start in range(0, len(values), chunk):
        digest.update(values[start : start + chunk].tobytes())
    return digest.hexdigest()


def empty_board_table(solutions: Mapping[int, TableSolution]) -> pd.DataFrame:
    """One row per side: edges, triangles, positions, and the empty board's value and verdict.

    Examples
    --------
    >>> from triangles_core import solve
    >>> empty_board_table({2: solve(2)}).to_dict("records")
    [{'side': 2, 'edges': 9, 'triangles': 4, 'positions': 512, 'empty_board_value': -2, 'verdict': 'loss'}]
    """
    return pd.DataFrame(
        [
            {
                "side": side,
                "edges": s.board.n_edges,
                "triangles": s.board.n_cells,
                "positions": len(s.values),
                "empty_board_value": s.value([]),
                "verdict": s.verdict([]),
            }
            for side, s in solutions.items()
        ]
    )


def final_scores(sizes: pd.DataFrame) -> pd.DataFrame:
    """`empty_board_table` with the final score under perfect play and the second player's margin.

    ``a`` and ``b`` are the first and second player's triangles, ``(triangles ± value) / 2``;
    ``b_margin_share`` is B's net margin over the number of triangles.
    """
    value, cells = sizes["empty_board_value"], sizes["triangles"]
    margin = (-value / cells).round(3)
    return sizes.assign(a=(cells + value) // 2, b=(cells - value) // 2, b_margin_share=margin)


def value_lost_table(solutions: Mapping[int, TableSolution], side4_table: Path) -> pd.DataFrame:
    """`move_statistics_by_edges_drawn` of every side, plus ``value_lost_per_triangle``.

    Side 4 (16,106,127,360 pairs) is read from ``side4_table``, the table
    ``scripts/side4_move_statistics.py`` wrote with the same function.
    """
    tables = []
    for side, s in solutions.items():
        table = pd.read_csv(side4_table) if side == 4 else move_statistics_by_edges_drawn(s)
        table["value_lost_per_triangle"] = (table["mean_value_lost"] / s.board.n_cells).round(6)
        tables.append(table.assign(side=side))
    moves = pd.concat(tables, ignore_index=True)
    return moves[["side"] + [c for c in moves.columns if c != "side"]]


def outcomes_table(solutions: Mapping[int, TableSolution]) -> pd.DataFrame:
    """`outcomes_by_edges_drawn` of every side in one table, ``side`` first."""
    tables = [outcomes_by_edges_drawn(s).assign(side=side) for side, s in solutions.items()]
    outcomes = pd.concat(tables, ignore_index=True)
    return outcomes[["side"] + [c for c in outcomes.columns if c != "side"]]


def play_table(
    solutions: Mapping[int, TableSolution], games4: pd.DataFrame | None, games: int, sizes: pd.DataFrame
) -> pd.DataFrame:
    """Positions reached in perfect play, by side and edges drawn, in the columns `PLAY_COLUMNS`.

    Sides 2 and 3 exact (`perfect_play_by_edges_drawn`); side 4 from ``games4``, the
    `play_games` record of ``games`` sampled games (`sampled_play_table`), where given.
    """
    play = [
        perfect_play_by_edges_drawn(solutions[side]).assign(side=side, exact=True, games=np.nan)
        for side in solutions
        if 2 <= side <= 3
    ]
    if games4 is not None:
        sampled = sampled_play_table(play_statistics(games4))
        play.append(sampled.assign(side=4, exact=False, games=games))
    table = pd.concat(play, ignore_index=True).reindex(columns=PLAY_COLUMNS)
    triangles = table["side"].map(sizes.set_index("side")["triangles"])
    for end in ("", "_low", "_high"):
        table[f"value_lost_per_triangle{end}"] = (table[f"random_move_value_lost{end}"] / triangles).round(6)
    return table


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
