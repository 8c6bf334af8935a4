"""Games between random players, exactly: what each move number costs each player.

The games of a policy are followed exactly, as in
`triangles_core.analysis.outcomes.reach_probabilities` (move ``k`` is played with ``k -
1`` edges drawn).  The statistics use the review's terms (`triangles_core.analysis.review`):
*value for A*, the *predicted winner* (its sign) and *value lost*.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import pandas as pd

from triangles_core.analysis.counting import positions_by_edges_drawn
from triangles_core.analysis.play import wilson_interval
from triangles_core.engine.retrograde import NOT_A_MOVE
from triangles_core.engine.solutions import TableSolution

__all__ = ["final_margins", "moves_by_number", "winner_change_counts", "winner_changes"]


def final_margins(solution: TableSolution, reach: np.ndarray) -> pd.DataFrame:
    """The distribution of A's final margin (A's cells minus B's) over the games.

    Returns
    -------
    pandas.DataFrame
        Columns ``margin_for_a`` and ``probability`` (rounded to 6 decimals), the
        margins of probability 0 left out.
    """
    n = solution.board.n_cells
    p = reach[(1 << solution.board.n_edges) - 1].sum(axis=0)
    table = pd.DataFrame({"margin_for_a": np.arange(-n, n + 1), "probability": p})
    return table[table["probability"] > 0].round(6).reset_index(drop=True)


def moves_by_number(solution: TableSolution, weights: np.ndarray, reach: np.ndarray) -> pd.DataFrame:
    """What each move number costs each player, over all games of the policy, exactly.

    Returns
    -------
    pandas.DataFrame
        One row per ``move`` (1-based) and ``player``: the ``probability`` that the player
        makes it, the mean ``value_lost`` given that they do, ``value_lost_per_game`` (times
        the probability) and ``winner_changes`` (probability that the move changes the
        predicted winner).  Rounded to 6 decimals.
    """
    n = solution.board.n_cells
    values = solution.values.astype(np.int64)
    lost = np.where(solution.move_table != NOT_A_MOVE, values[:, None] - solution.move_table, 0)
    margin = np.arange(-n, n + 1)
    rows = []
    for k, level in enumerate(positions_by_edges_drawn(solution.board)[:-1]):
        r, v, w, x = reach[level], values[level], weights[level], lost[level]
        for t, player in enumerate("AB"):
            if (p := r[:, t].sum()) == 0:
                continue
            before = margin[None, :] + (v if t == 0 else -v)[:, None]  # value for A, by position and margin
            after = before[:, :, None] + (x if t == 1 else -x)[:, None, :]
            changes = np.sign(after) != np.sign(before)[:, :, None]
            expected = r[:, t].sum(axis=1) @ (w * x).sum(axis=1)
            row = {"move": k + 1, "player": player, "probability": p, "value_lost": expected / p}
            row |= {"value_lost_per_game": expected, "winner_changes": np.einsum("pm,pe,pme->", r[:, t], w, changes)}
            rows.append(row)
    return pd.DataFrame(rows).round(6)


def winner_changes(values: Iterable[int]) -> int:
    """How many times a sequence of values for A changes sign (the predicted winner changes).

    Examples
    --------
    >>> winner_changes([-3, -5, -1, 3, 3, -5, 0])   # a draw is a change too
    3
    """
    signs = np.sign(np.fromiter(values, dtype=np.int64))
    return int((signs[1:] != signs[:-1]).sum())


def winner_change_counts(histories: Sequence[Sequence[int]]) -> pd.DataFrame:
    """How many of the games have each number of changes of the predicted winner.

    Parameters
    ----------
    histories : sequence of sequences of int
        The value for A after each move of each game (`GameReview.values`).

    Returns
    -------
    pandas.DataFrame
        ``winner_changes``, ``games``, ``share`` of the games and its Wilson 95% interval
        (``low``, ``high``; Wilson 1927), one row per count that occurs, rounded to 6 places.

    Examples
    --------
    >>> winner_change_counts([[-3, 3, -3], [-3, -1], [-3, 1]])[["winner_changes", "games"]].values.tolist()
    [[0, 1], [1, 1], [2, 1]]
    """
    changes = pd.Series([winner_changes(values) for values in histories]).value_counts().sort_index()
    low, high = wilson_interval(changes.to_numpy(), len(histories))
    table = {"winner_changes": changes.index, "games": changes, "share": changes / len(histories)}
    return pd.DataFrame({**table, "low": low, "high": high}).round(6).reset_index(drop=True)
