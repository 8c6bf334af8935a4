"""Positions reached in play: games sampled under a policy, and statistics of what they reach.

Each game gives one position at every ``edges_drawn``, an independent sample of size
``games`` (95% confidence intervals).  Policies, each move chosen among the legal moves:
``"random"`` uniformly; ``"perfect"`` uniformly among the optimal moves; ``"softmax"``
with probability proportional to ``exp(move_value / temperature)``.  Runs are
reproducible to the byte for a given seed.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..engine.compiled import compiled
from ..engine.retrograde import cell_tables, claims, move_value
from ..engine.solutions import TableSolution

__all__ = [
    "MAX_MOVES",
    "PLAY_COLUMNS",
    "POLICIES",
    "mean_interval",
    "mistakes_per_game",
    "play_games",
    "play_statistics",
    "wilson_interval",
]

POLICIES = ("random", "perfect", "softmax")
"""The policies `play_games` knows (see the module docstring)."""

PLAY_COLUMNS = [
    "game",
    "ply",
    "edges_drawn",
    "position",
    "player",
    "value",
    "move",
    "move_value",
    "value_lost",
    "claims",
    "moves",
    "optimal_moves",
    "mistakes",
    "value_lost_total",
]
"""Columns of `play_games`: one row per move played (see its Returns section)."""

_Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution (two-sided 95% intervals)."""

MAX_MOVES = 1 << 22
"""`play_games` refuses to record more moves than this (games x moves per game; a few hundred MiB)."""


@compiled()
def _play(values, n_edges, first, second, start, policy, temperature, uniforms, out):  # pragma: no cover
    games, plies = uniforms.shape
    move_values = np.empty(n_edges, dtype=np.int64)
    weights = np.empty(n_edges, dtype=np.float64)
    for g in range(games):
        p = np.int64(start)
        player_a = True
        for ply in range(plies):
            best = np.int64(-1000)
            n_moves = 0
            for e in range(n_edges):
                bit = np.int64(1) << e
                if p & bit:
                    move_values[e] = -1000
                    continue
                v = np.int64(move_value(values, p, bit, e, first, second))
                move_values[e] = v
                n_moves += 1
                if v > best:
                    best = v
            n_optimal = 0
            mistakes = 0
            lost_total = 0
            total = 0.0
            for e in range(n_edges):
                v = move_values[e]
                if v == -1000:
                    weights[e] = 0.0
                    continue
                lost_total += best - v
                if v == best:
                    n_optimal += 1
                else:
                    mistakes += 1
                if policy == 0:
                    w = 1.0
                elif policy == 1:
                    w = 1.0 if v == best else 0.0
                else:
                    w = math.exp((v - best) / temperature)
                weights[e] = w
                total += w
            target = uniforms[g, ply] * total
            chosen = -1
            acc = 0.0
            for e in range(n_edges):
                if weights[e] > 0.0:
                    chosen = e
                    acc += weights[e]
                    if acc > target:
                        break
            bit = np.int64(1) << chosen
            completed = claims(p, chosen, first, second)
            row = g * plies + ply
            out[row, 0] = g
            out[row, 1] = ply + 1
            out[row, 2] = n_edges - plies + ply
            out[row, 3] = p
            out[row, 4] = 0 if player_a else 1
            out[row, 5] = values[p]
            out[row, 6] = chosen + 1
            out[row, 7] = move_values[chosen]
            out[row, 8] = best - move_values[chosen]
            out[row, 9] = completed
            out[row, 10] = n_moves
            out[row, 11] = n_optimal
            out[row, 12] = mistakes
            out[row, 13] = lost_total
            p |= bit
            if completed == 0:
                player_a = not player_a


def play_games(
    solution: TableSolution,
    policy: str = "random",
    games: int = 1000,
    seed: int = 0,
    *,
    temperature: float = 1.0,
    start: int | list[int] = 0,
) -> pd.DataFrame:
    """Play ``games`` games from ``start`` (A to move) with both players under ``policy``, and record every move.

    Parameters
    ----------
    policy : {"random", "perfect", "softmax"}, default "random"
        How both players choose their moves (module docstring; ``temperature`` for softmax).
    seed : int, default 0
        Seed of the ``numpy.random.default_rng`` that draws the choices.

    Returns
    -------
    pandas.DataFrame
        One row per move (`PLAY_COLUMNS`): the position before the move, its value for the
        mover, the move played, its value and value lost, and counts over all legal moves.

    Examples
    --------
    >>> from triangles_core import solve
    >>> games = play_games(solve(2), "perfect", games=3, seed=1)
    >>> len(games), int(games["value_lost"].max())
    (27, 0)
    >>> games.groupby("game")["value"].first().tolist()   # the empty side-2 board is worth -2
    [-2, -2, -2]
    """
    if policy == "softmax" and not temperature > 0:  # the kernel divides by it
        raise ValueError(f"temperature must be positive, got {temperature!r}")
    board = solution.board
    values = solution.values  # checked when the TableSolution was made
    p0 = board.position(start)
    plies = board.n_edges - p0.bit_count()
    if games * plies > MAX_MOVES:
        raise ValueError(
            f"{games:,} games of {plies} moves are {games * plies:,} rows, more than the {MAX_MOVES:,} "
            "recorded at most; play fewer games"
        )
    uniforms = np.random.default_rng(seed).random((games, plies))
    out = np.zeros((games * plies, len(PLAY_COLUMNS)), dtype=np.int64)
    first, second = cell_tables(board)
    if plies:
        _play(
            values,
            board.n_edges,
            first,
            second,
            p0,
            POLICIES.index(policy),
            temperature if policy == "softmax" else 1.0,
            uniforms,
            out,
        )
    frame = pd.DataFrame(out, columns=PLAY_COLUMNS)
    frame["player"] = np.where(out[:, 4] == 0, "A", "B")
    frame.attrs["board"] = board.key
    return frame


def wilson_interval(successes, trials, z: float = _Z95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval of a binomial proportion (95% by default).

    Source: E. B. Wilson, J. Amer. Statist. Assoc. 22 (1927) 209-212.

    Examples
    --------
    >>> low, high = wilson_interval(81, 126)
    >>> round(float(low), 3), round(float(high), 3)
    (0.556, 0.721)
    """
    k, n = np.asarray(successes, dtype=float), np.asarray(trials, dtype=float)
    if not ((n >= 1).all() and (0 <= k).all() and (k <= n).all()):
        raise ValueError("wilson_interval needs 0 <= successes <= trials and trials >= 1")
    share = k / n
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def mean_interval(mean, std, n, z: float = _Z95) -> tuple[np.ndarray, np.ndarray]:
    """Normal-approximation confidence interval of a mean: ``mean -/+ z * std / sqrt(n)``, rounded to 6 decimals.

    Examples
    --------
    >>> [float(x) for x in mean_interval(2.0, 1.0, 100)]
    [1.804004, 2.195996]
    """
    mean, std, n = (np.asarray(x, dtype=float) for x in (mean, std, n))
    half = z * std / np.sqrt(n)
    return np.round(mean - half, 6), np.round(mean + half, 6)


def mistakes_per_game(games: pd.DataFrame) -> pd.DataFrame:
    """Per game of `play_games`: ``mistake_share`` and ``value_lost_per_move`` over all the legal moves it passes.

    The collection's one definition (notebooks 04, 07 and 09).

    Examples
    --------
    >>> from triangles_core import solve
    >>> per_game = mistakes_per_game(play_games(solve(1), "random", games=4, seed=0))
    >>> per_game["mistake_share"].tolist()
    [0.0, 0.0, 0.0, 0.0]
    """
    totals = games.groupby("game")[["mistakes", "value_lost_total", "moves"]].sum()
    return pd.DataFrame(
        {
            "mistake_share": totals["mistakes"] / totals["moves"],
            "value_lost_per_move": totals["value_lost_total"] / totals["moves"],
        }
    )


def play_statistics(games: pd.DataFrame) -> pd.DataFrame:
    """Statistics of the positions reached in sampled games, by edges drawn, with 95% CIs.

    Returns
    -------
    pandas.DataFrame
        One row per ``edges_drawn``: outcome counts and ``mover_win_share`` (Wilson
        interval); ``mistake_share`` and ``random_move_value_lost`` of a uniformly random
        move at the reached positions (normal intervals); ``played_mistake_share`` and
        ``played_value_lost`` of the moves played.  Rounded to 6 decimals.

    Examples
    --------
    >>> from triangles_core import solve
    >>> stats = play_statistics(play_games(solve(2), "perfect", games=50, seed=0))
    >>> stats[["edges_drawn", "positions", "mover_win_share"]].head(2).values.tolist()
    [[0.0, 50.0, 0.0], [1.0, 50.0, 1.0]]
    >>> float(stats["played_mistake_share"].max())
    0.0
    """
    frame = games.assign(
        win=games["value"] > 0,
        draw=games["value"] == 0,
        loss=games["value"] < 0,
        mistake_share=games["mistakes"] / games["moves"],
        random_lost=games["value_lost_total"] / games["moves"],
        played_mistake=games["value_lost"] > 0,
    )
    grouped = frame.groupby("edges_drawn")
    out = pd.DataFrame(
        {
            "positions": grouped.size(),
            "mover_wins": grouped["win"].sum(),
            "draws": grouped["draw"].sum(),
            "mover_loses": grouped["loss"].sum(),
        }
    )
    n = out["positions"].to_numpy()
    out["mover_win_share"] = (out["mover_wins"] / n).round(6)
    low, high = wilson_interval(out["mover_wins"], n)
    out["mover_win_low"], out["mover_win_high"] = low.round(6), high.round(6)
    for name, column in (("mistake", "mistake_share"), ("random_move", "random_lost")):
        mean, std = grouped[column].mean(), grouped[column].std(ddof=1).fillna(0.0)
        key = "mistake_share" if name == "mistake" else "random_move_value_lost"
        out[key] = mean.round(6)
        out[f"{name}_low"], out[f"{name}_high"] = mean_interval(mean, std, n)
    played = grouped["played_mistake"].sum()
    out["played_mistake_share"] = (played / n).round(6)
    low, high = wilson_interval(played, n)
    out["played_mistake_low"], out["played_mistake_high"] = low.round(6), high.round(6)
    out["played_value_lost"] = grouped["value_lost"].mean().round(6)
    return out.reset_index()
