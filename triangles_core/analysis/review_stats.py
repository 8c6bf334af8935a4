"""Games between random players, exactly: what each move number costs each player.

`triangles_core.analysis.play` samples games.  On a board whose move table fits in
memory (side 3: ``2**18`` positions) the games of a policy that depends only on the
position can be followed exactly instead: every move draws one edge, so move ``k`` is
played in a position with ``k - 1`` edges drawn, and the probability of each (position,
player to move, A's cells minus B's so far) follows level by level from the empty board.
This is the forward propagation of a finite Markov chain; no sample, no interval.

The statistics are about the game, in the review's terms (`triangles_core.analysis.review`):
the *value for A* is A's cells minus B's so far plus the value of the rest under perfect
play, the *predicted winner* is its sign, and a move's *value lost* is what it gives away
against the best move of its mover.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pandas as pd

from ..engine.retrograde import NOT_A_MOVE, claims_table
from ..engine.solutions import TableSolution
from .counting import positions_by_edges_drawn

__all__ = ["final_margins", "moves_by_number", "policy_weights", "reach_probabilities", "winner_changes"]


def policy_weights(solution: TableSolution, perfect_moves: Iterable[int] = ()) -> np.ndarray:
    """The probability of each move of each position: uniform over the legal moves.

    Parameters
    ----------
    solution : TableSolution
        A solved cell board whose move table fits in memory.
    perfect_moves : iterable of int
        Move numbers (1 is the first move of the game) at which the mover instead draws
        uniformly among the optimal moves.

    Returns
    -------
    numpy.ndarray of float64, shape (2**n_edges, n_edges)
        Rows of positions with a legal move sum to 1; 0 for drawn edges.
    """
    moves = solution.move_table
    legal = moves != NOT_A_MOVE
    weights = legal.astype(np.float64)
    levels = positions_by_edges_drawn(solution.board)
    for k in perfect_moves:
        level = levels[k - 1]
        best = np.where(legal[level], moves[level], np.iinfo(moves.dtype).min).max(axis=1, keepdims=True)
        weights[level] = legal[level] & (moves[level] == best)
    total = weights.sum(axis=1, keepdims=True)
    return np.divide(weights, total, out=np.zeros_like(weights), where=total > 0)


def reach_probabilities(solution: TableSolution, weights: np.ndarray) -> np.ndarray:
    """The probability that a game from the empty board passes each state.

    Parameters
    ----------
    solution : TableSolution
        The solved board.
    weights : numpy.ndarray
        `policy_weights`: the policy both players follow.

    Returns
    -------
    numpy.ndarray of float64, shape (2**n_edges, 2, 2 * n_cells + 1)
        ``reach[p, t, n_cells + m]``: the probability that the game reaches position
        ``p`` with A (``t = 0``) or B (``t = 1``) to move and A's cells minus B's equal
        to ``m``.  It sums to 1 over the positions with ``k`` edges drawn, for each ``k``.

    Examples
    --------
    >>> from triangles_core import solve
    >>> s = solve(1)
    >>> reach = reach_probabilities(s, policy_weights(s))
    >>> reach[0b111].sum(axis=0).tolist()      # A's final margin -1, 0, +1: A draws the third edge
    [0.0, 0.0, 1.0]
    """
    board, n = solution.board, solution.board.n_cells
    claims = claims_table(board)
    reach = np.zeros((1 << board.n_edges, 2, 2 * n + 1))
    reach[0, 0, n] = 1.0
    for level in positions_by_edges_drawn(board)[:-1]:
        for e in range(board.n_edges):
            src = level[(level >> e) & 1 == 0]
            dst, part, c = src | (1 << e), reach[src] * weights[src, e, None, None], claims[src, e]
            for k in np.unique(c):
                s = c == k
                if k == 0:  # the turn passes (each dst once per edge, so += adds every part)
                    reach[dst[s]] += part[s, ::-1]
                else:  # the mover claims k cells and moves again
                    reach[dst[s], 0, k:] += part[s, 0, : 2 * n + 1 - k]
                    reach[dst[s], 1, : 2 * n + 1 - k] += part[s, 1, k:]
    return reach


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
