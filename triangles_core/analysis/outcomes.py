"""Exact distributions over play, and the kind of every move.

On a board whose move table fits in memory, the distributions that
`triangles_core.analysis.play` samples are computed exactly: the probability that a game
passes each position (with each player to move and score so far) is propagated level by
level, the forward (Chapman-Kolmogorov) propagation of a finite Markov chain.

Move kinds (Berlekamp 2000, ch. 1-2): a *capture* completes a cell; a *declined capture*
completes nothing although a cell could be completed; a *sacrifice* completes nothing and
leaves a cell the opponent can complete; a *safe move* does none of these.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import numpy as np
import pandas as pd

from ..engine.retrograde import NOT_A_MOVE, claims_table
from ..engine.solutions import TableSolution
from .counting import positions_by_edges_drawn

__all__ = [
    "MOVE_KINDS",
    "captures_on_offer_when_critical",
    "cell_degrees_array",
    "double_dealing",
    "move_kinds",
    "moves_by_kind",
    "policy_weights",
    "position_reach",
    "reach_probabilities",
    "reached_losses",
    "reached_outcomes",
]

MOVE_KINDS = ("capture", "declined capture", "sacrifice", "safe move")
"""The kinds of `move_kinds`, in the order of their codes 0-3 (module docstring)."""


def cell_degrees_array(board, positions: np.ndarray) -> np.ndarray:
    """`analysis.chains.cell_degrees` of many positions (an int64 array): one row per position."""
    cells = zip(board.cells, board.cell_masks, strict=True)
    return np.stack([len(c) - np.bitwise_count(positions & m) for c, m in cells], axis=1)


def move_kinds(board) -> np.ndarray:
    """The kind of every move of every position of a cell board.

    Returns
    -------
    numpy.ndarray of int8, shape (2**n_edges, n_edges)
        The index in `MOVE_KINDS` of drawing edge ``e + 1`` in position ``p``; -1 where
        the edge is drawn.

    Examples
    --------
    >>> from triangles_core import board
    >>> kinds = move_kinds(board(1))
    >>> kinds[0b011].tolist()  # two sides drawn: drawing the third captures
    [-1, -1, 0]
    >>> [MOVE_KINDS[k] for k in kinds[0b001, 1:]]  # one side drawn: either other side offers the triangle
    ['sacrifice', 'sacrifice']
    """
    positions = np.arange(1 << board.n_edges, dtype=np.int64)
    degrees = cell_degrees_array(board, positions)
    can_capture = (degrees == 1).any(axis=1)
    kinds = np.full((positions.size, board.n_edges), -1, dtype=np.int8)
    for e, cells in enumerate(board.edge_cells):
        free = (positions >> e) & 1 == 0
        captures = np.any([degrees[:, c] == 1 for c in cells], axis=0)
        offers = np.any([degrees[:, c] == 2 for c in cells], axis=0)
        kind = np.select([captures, can_capture, offers], [0, 1, 2], 3)
        kinds[free, e] = kind[free]
    return kinds


def double_dealing(board, kinds: np.ndarray) -> np.ndarray:
    """Which declined captures are double-dealing moves (Berlekamp 2000, ch. 3; Winning Ways ch. 16).

    The double-dealing move declines the last cells of a chain or loop offered: it
    completes nothing, although a capture is on offer, and leaves the opponent a
    *double-cross*, one undrawn edge that completes two cells at once. Here a declined
    capture (`move_kinds` code 1) is double-dealing when after it some undrawn edge
    completes two cells that no such edge completed before it.

    Returns
    -------
    numpy.ndarray of bool, shape (2**n_edges, n_edges)

    Examples
    --------
    >>> from triangles_core import board
    >>> b = board(2)
    >>> bool(double_dealing(b, move_kinds(b)).any())
    True
    """
    positions = np.arange(1 << board.n_edges, dtype=np.int64)
    degrees = cell_degrees_array(board, positions)
    crosses = np.zeros(positions.size, dtype=np.int64)  # bit e: edge e + 1 completes two cells
    for e, cells in enumerate(board.edge_cells):
        if len(cells) == 2:
            both = ((positions >> e) & 1 == 0) & (degrees[:, cells[0]] == 1) & (degrees[:, cells[1]] == 1)
            crosses |= both.astype(np.int64) << e
    dealing = np.zeros(kinds.shape, dtype=bool)
    for e in range(board.n_edges):
        after = crosses[positions | (1 << e)]
        dealing[:, e] = (kinds[:, e] == 1) & (after & ~crosses != 0)
    return dealing


def policy_weights(
    solution: TableSolution, policy: str = "random", temperature: float = 1.0, perfect_moves: Iterable[int] = ()
) -> np.ndarray:
    """The probability of every move of every position under a policy of `analysis.play`.

    Parameters
    ----------
    solution : TableSolution
        At most 24 edges.
    policy : {"random", "perfect", "softmax"}
    temperature : float
        For ``"softmax"`` only.
    perfect_moves : iterable of int
        Move numbers (1 is the first move) at which the mover plays ``"perfect"`` instead.

    Returns
    -------
    numpy.ndarray of float64, shape (2**n_edges, n_edges)
        Each row with a legal move sums to 1; 0 for drawn edges.
    """
    weights = _row_weights(solution.move_table, policy, temperature)
    levels = positions_by_edges_drawn(solution.board)
    for k in perfect_moves:
        level = levels[k - 1]
        weights[level] = _row_weights(solution.move_table[level], "perfect", 1.0)
    total = weights.sum(axis=1, keepdims=True)
    return np.divide(weights, total, out=np.zeros_like(weights), where=total > 0)


def _row_weights(move_rows: np.ndarray, policy: str, temperature: float) -> np.ndarray:
    """Unnormalised weights of the moves of some positions (rows of a move table) under a policy."""
    moves = move_rows.astype(np.float64)
    legal = move_rows != NOT_A_MOVE
    best = np.where(legal, moves, -np.inf).max(axis=1, keepdims=True)
    if policy == "random":
        return legal.astype(np.float64)
    if policy == "perfect":
        return (legal & (moves == best)).astype(np.float64)
    if policy == "softmax":
        return np.where(legal, np.exp((moves - np.where(np.isfinite(best), best, 0)) / temperature), 0.0)
    raise ValueError(f"policy must be 'random', 'perfect' or 'softmax', got {policy!r}")


def position_reach(solution: TableSolution, policy: str = "random", temperature: float = 1.0) -> np.ndarray:
    """Exact probability that a game from the empty board passes each position, position only.

    The same forward propagation as `reach_probabilities`, without the player to move and
    the score (the policies depend on the position alone), so it needs one float per
    position: 128 MiB for 3x3 boxes where `reach_probabilities` needs 5 GiB.

    Parameters
    ----------
    solution : TableSolution
        A solved cell board of at most 24 edges.
    policy, temperature
        As in `policy_weights`.

    Returns
    -------
    numpy.ndarray of float64, shape (2**n_edges,)
        Over the positions with ``k`` edges drawn it sums to 1.

    Examples
    --------
    >>> from triangles_core import solve
    >>> s = solve(2)
    >>> full = reach_probabilities(s, policy_weights(s, "perfect")).sum(axis=(1, 2))
    >>> bool(np.allclose(position_reach(s, "perfect"), full))
    True
    """
    n = solution.board.n_edges
    reach = np.zeros(1 << n)
    reach[0] = 1.0
    for level in positions_by_edges_drawn(solution.board)[:-1]:
        src = level[reach[level] > 0]
        weights = _row_weights(solution.move_table[src], policy, temperature)
        weights *= (reach[src] / weights.sum(axis=1))[:, None]
        for e in range(n):
            sel = weights[:, e] > 0
            reach[src[sel] | (1 << e)] += weights[sel, e]  # one edge: distinct sources, distinct targets
    return reach


def reached_losses(solution: TableSolution, reach: np.ndarray) -> Iterator[tuple[np.ndarray, ...]]:
    """Level by level (edges drawn, the last level left out), the positions `position_reach` reaches.

    Yields ``(positions, reach, values, lost)``: ``lost[i, e]`` is the value that drawing
    edge ``e + 1`` loses in ``positions[i]``, 0 where it is drawn.
    """
    values = solution.values.astype(np.int64)
    for level in positions_by_edges_drawn(solution.board)[:-1]:
        level = level[reach[level] > 0]
        table = solution.move_table[level].astype(np.int64)
        yield level, reach[level], values[level], np.where(table != NOT_A_MOVE, values[level, None] - table, 0)


def reach_probabilities(solution: TableSolution, weights: np.ndarray) -> np.ndarray:
    """Exact probability that a game from the empty board passes each position, under `policy_weights`.

    Returns
    -------
    numpy.ndarray of float64, shape (2**n_edges, 2, 2 * n_cells + 1)
        ``reach[p, t, n_cells + m]``: position ``p``, A (``t = 0``) or B to move, A's cells
        minus B's ``m``.  Each level sums to 1.

    Examples
    --------
    >>> from triangles_core import solve
    >>> s = solve(1)
    >>> reach = reach_probabilities(s, policy_weights(s, "random"))
    >>> reach[0b111].sum(axis=0).tolist()  # A draws the first and third edges: A's final margin is +1
    [0.0, 0.0, 1.0]
    """
    board = solution.board
    n = board.n_cells
    claims = claims_table(board)
    reach = np.zeros((1 << board.n_edges, 2, 2 * n + 1))
    reach[0, 0, n] = 1.0
    for level in positions_by_edges_drawn(board)[:-1]:
        for e in range(board.n_edges):
            src = level[(level >> e) & 1 == 0]
            dst, w, c = src | (1 << e), weights[src, e], claims[src, e]
            for k in np.unique(c):
                sel = c == k
                part = reach[src[sel]] * w[sel, None, None]
                if k == 0:
                    reach[dst[sel]] += part[:, ::-1]  # the turn passes
                else:
                    reach[dst[sel], 0, k:] += part[:, 0, : 2 * n + 1 - k]  # A claims k
                    reach[dst[sel], 1, : 2 * n + 1 - k] += part[:, 1, k:]  # B claims k
    return reach


def reached_outcomes(solution: TableSolution, reach: np.ndarray) -> pd.DataFrame:
    """Outcomes of the positions a policy's games reach (`reach_probabilities`), by edges drawn, exactly.

    Returns
    -------
    pandas.DataFrame
        One row per ``edges_drawn``: the probabilities that the position reached is won,
        drawn, lost by its mover, ``B_to_move``, and for the whole game ``A_wins``,
        ``A_draws``, ``A_loses`` and ``mean_value_for_A`` (6 decimals).
    """
    board, n = solution.board, solution.board.n_cells
    values = solution.values.astype(np.int64)
    margin = np.arange(-n, n + 1)
    rows = []
    for k, level in enumerate(positions_by_edges_drawn(board)):
        r, v = reach[level], values[level]
        mover = r.sum(axis=(1, 2))
        for_a = np.stack([margin[None, :] + v[:, None], margin[None, :] - v[:, None]], axis=1)
        rows.append(
            {
                "edges_drawn": k,
                "mover_wins": mover[v > 0].sum(),
                "draws": mover[v == 0].sum(),
                "mover_loses": mover[v < 0].sum(),
                "B_to_move": r[:, 1].sum(),
                "A_wins": r[for_a > 0].sum(),
                "A_draws": r[for_a == 0].sum(),
                "A_loses": r[for_a < 0].sum(),
                "mean_value_for_A": (r * for_a).sum(),
            }
        )
    return pd.DataFrame(rows).round(6)


def moves_by_kind(
    solution: TableSolution,
    kinds: np.ndarray,
    weights: np.ndarray | None = None,
    reach: np.ndarray | None = None,
    names: Sequence[str] = MOVE_KINDS,
) -> pd.DataFrame:
    """Moves, mistakes and critical positions by edges drawn and move kind (`move_kinds`).

    Without ``weights`` and ``reach`` every position counts once; with them (a policy) the
    columns are expectations per game, and ``played``, ``played_mistakes`` and
    ``played_value_lost`` describe the move played (6 decimals). ``names`` names the kind
    codes of ``kinds`` (a finer split than `MOVE_KINDS` may add codes).
    """
    values = solution.values.astype(np.int64)
    rows = []
    for k, level in enumerate(positions_by_edges_drawn(solution.board)[:-1]):
        moves = solution.move_table[level]
        at, edge = np.nonzero(moves != NOT_A_MOVE)  # every legal move of the level
        lost = values[level][at] - moves[at, edge]
        optimal_moves = np.bincount(at, weights=lost == 0, minlength=level.size)
        critical = (optimal_moves == 1) & (np.bincount(at, minlength=level.size) >= 2)
        p = np.ones(level.size) if reach is None else reach[level].sum(axis=(1, 2))
        q = p[at]

        def by_kind(w, kind=kinds[level][at, edge]):
            return np.bincount(kind, weights=w, minlength=len(names))

        columns = {
            "legal": by_kind(q),
            "mistakes": by_kind(q * (lost > 0)),
            "value_lost": by_kind(q * lost),
            "critical": by_kind(q * (critical[at] & (lost == 0))),
        }
        if weights is not None:
            played = weights[level][at, edge] * q
            columns |= {
                "played": by_kind(played),
                "played_mistakes": by_kind(played * (lost > 0)),
                "played_value_lost": by_kind(played * lost),
            }
        rows.append(pd.DataFrame({"edges_drawn": k, "kind": list(names), **columns}))
    table = pd.concat(rows, ignore_index=True).round(6)
    if reach is None:
        counts = ["legal", "mistakes", "value_lost", "critical"]
        table[counts] = table[counts].astype(np.int64)
    return table


def captures_on_offer_when_critical(
    solution: TableSolution, kinds: np.ndarray, reach: np.ndarray | None = None
) -> pd.DataFrame:
    """How many captures are on offer at the critical positions whose one optimal move is a capture.

    A position is critical when it has at least two legal moves and exactly one optimal
    move (`moves_by_kind`); where that move is a ``capture`` (`move_kinds`), the capture
    is "the obvious move" only if it is the one capture on offer. This counts, by the
    number of legal captures, those positions: each once, and with ``reach``
    (`reach_probabilities` or `position_reach`) the expected number met per game.

    Returns
    -------
    pandas.DataFrame
        One row per ``captures_on_offer`` (1, 2, ...): ``positions`` and, with ``reach``,
        ``per_game`` (6 decimals).

    Examples
    --------
    >>> from triangles_core import solve
    >>> s = solve(2)
    >>> int(captures_on_offer_when_critical(s, move_kinds(s.board)).captures_on_offer.min())
    1
    """
    moves = solution.move_table.astype(np.int64)
    legal = solution.move_table != NOT_A_MOVE
    optimal = legal & (moves == solution.values.astype(np.int64)[:, None])
    critical = (optimal.sum(axis=1) == 1) & (legal.sum(axis=1) >= 2)
    at = critical & ((kinds == 0) & optimal).any(axis=1)
    offered = (kinds[at] == 0).sum(axis=1)
    counts = np.arange(1, offered.max() + 1)
    table = pd.DataFrame({"captures_on_offer": counts, "positions": np.bincount(offered)[1:]})
    if reach is not None:
        p = reach.reshape(reach.shape[0], -1).sum(axis=1)[at]
        table["per_game"] = np.bincount(offered, weights=p)[1:].round(6)
    return table
