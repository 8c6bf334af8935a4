"""Games between random players, exactly: what each move number costs each player.

`triangles_core.analysis.play` samples games.  On a board whose move table fits in
memory (side 3: ``2**18`` positions) the games of a policy that depends only on the
position can be followed exactly instead: every move draws one edge, so move ``k`` is
played in a position with ``k - 1`` edges drawn, and the probability of each (position,
player to move, A's cells minus B's so far) follows level by level from the empty board.
This is the forward propagation of a finite Markov chain
(`triangles_core.analysis.outcomes.reach_probabilities`); no sample, no interval.

The statistics are about the game, in the review's terms (`triangles_core.analysis.review`):
the *value for A* is A's cells minus B's so far plus the value of the rest under perfect
play, the *predicted winner* is its sign, and a move's *value lost* is what it gives away
against the best move of its mover.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pandas as pd

from ..engine.retrograde import NOT_A_MOVE
from ..engine.solutions import TableSolution
from .counting import positions_by_edges_drawn

__all__ = ["final_margins", "moves_by_number", "winner_changes"]


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
        One row per ``move`` (1-based) and ``player`` who makes that move in some game:
        ``probability`` that the player makes it; ``value_lost``, the mean value lost by
        the move given that the player makes it; ``value_lost_per_game``, the same
        times the probability (the move's share of the player's expected total); and
        ``winner_changes``, the probability that it is the player's move and it changes
        the predicted winner.  Rounded to 6 decimals.
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
    >>> winner_changes([-3, -5, -1, -3, 3, 3, -5])
    2
    """
    signs = np.sign(np.fromiter(values, dtype=np.int64))
    return int((signs[1:] != signs[:-1]).sum())
