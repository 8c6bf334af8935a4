"""pandas tables about a solved board: outcomes, values and moves by edge count.

Every table is computed over all ``2**n_edges`` positions at once with numpy (see
`triangles_core.move_table`), grouped by ``edges_drawn``, the number of edges already
drawn (``k``).  Values are for the *player to move* (called the first player in the
tables): a position is won, drawn or lost according to the net score of the triangles
still to be completed under optimal play, which is all a position determines (who owns
the triangles already complete is not part of it).

*Clean* positions are those with no complete triangle, the kind of starting position a
judge gives (SPEC section 2).  Tables are sorted and have a fixed column order so that
`triangles_core.tables.save_table` writes the same bytes on every run.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .board import Board
from .graph import optimal_move_counts, optimal_reach
from .move_table import NOT_A_MOVE, complete_triangle_counts, move_value_table
from .solution import Solution
from .symmetry import burnside_class_counts, edge_classes, edge_counts, orbit_class_counts

__all__ = [
    "OUTCOME_COLUMNS",
    "outcomes_by_edge_count",
    "value_distribution",
    "first_moves",
    "first_move_classes",
    "edge_move_frequencies",
    "winning_move_existence",
    "mistake_cost_by_edge_count",
    "state_graph_levels",
    "optimal_play_by_edge_count",
]

OUTCOME_COLUMNS = ["edges_drawn", "positions", "first_player_wins", "draws", "second_player_wins"]
"""Columns of `outcomes_by_edge_count` (the first player is the player to move)."""


def _selection(solution: Solution, clean_only: bool) -> np.ndarray:
    b = solution.board
    if clean_only:
        return complete_triangle_counts(b) == 0
    return np.ones(solution.values.size, dtype=bool)


def outcomes_by_edge_count(solution: Solution, clean_only: bool = False) -> pd.DataFrame:
    """How many positions with ``k`` drawn edges are won, drawn and lost by the mover.

    Parameters
    ----------
    solution : Solution
        A solved board of side 1 to 3.
    clean_only : bool, default False
        Count only positions with no complete triangle.

    Returns
    -------
    pandas.DataFrame
        Columns `OUTCOME_COLUMNS` plus ``first_player_win_share`` (wins / positions,
        rounded to 6 decimals; NaN where there is no position); one row per
        ``k = 0..n_edges`` in increasing order.  ``first_player_wins`` counts value > 0,
        ``draws`` value == 0, ``second_player_wins`` value < 0.  Without
        ``clean_only`` the ``positions`` column is ``C(n_edges, k)`` and sums to
        ``2**n_edges``.

    Examples
    --------
    >>> from triangles_core import solve
    >>> table = outcomes_by_edge_count(solve(1))
    >>> table[OUTCOME_COLUMNS].values.tolist()
    [[0, 1, 1, 0, 0], [1, 3, 0, 0, 3], [2, 3, 3, 0, 0], [3, 1, 0, 1, 0]]
    """
    b = solution.board
    keep = _selection(solution, clean_only)
    k = edge_counts(b)[keep].astype(np.int64)
    v = solution.values[keep]
    length = b.n_edges + 1
    positions = np.bincount(k, minlength=length)
    frame = pd.DataFrame({
        "edges_drawn": np.arange(length),
        "positions": positions,
        "first_player_wins": np.bincount(k[v > 0], minlength=length),
        "draws": np.bincount(k[v == 0], minlength=length),
        "second_player_wins": np.bincount(k[v < 0], minlength=length),
    })
    with np.errstate(invalid="ignore", divide="ignore"):
        frame["first_player_win_share"] = (frame["first_player_wins"] / frame["positions"]).round(6)
    return frame


def value_distribution(solution: Solution, clean_only: bool = False) -> pd.DataFrame:
    """The number of positions with each (edges drawn, value) pair.

    Parameters
    ----------
    solution : Solution
        A solved board of side 1 to 3.
    clean_only : bool, default False
        Count only positions with no complete triangle.

    Returns
    -------
    pandas.DataFrame
        Tidy table with columns ``edges_drawn``, ``value`` (for the player to move),
        ``positions`` (> 0) and ``share`` (of the positions with that ``k``, 6
        decimals), sorted by ``edges_drawn`` then ``value``.  Pivot it for a heatmap:
        ``table.pivot(index="edges_drawn", columns="value", values="positions")``.

    Examples
    --------
    >>> from triangles_core import solve
    >>> value_distribution(solve(1)).values.tolist()
    [[0.0, 1.0, 1.0, 1.0], [1.0, -1.0, 3.0, 1.0], [2.0, 1.0, 3.0, 1.0], [3.0, 0.0, 1.0, 1.0]]
    """
    b = solution.board
    keep = _selection(solution, clean_only)
    frame = pd.DataFrame({"edges_drawn": edge_counts(b)[keep].astype(np.int64),
                          "value": solution.values[keep].astype(np.int64)})
    table = frame.groupby(["edges_drawn", "value"]).size().rename("positions").reset_index()
    totals = table.groupby("edges_drawn")["positions"].transform("sum")
    table["share"] = (table["positions"] / totals).round(6)
    return table.sort_values(["edges_drawn", "value"]).reset_index(drop=True)


def first_moves(solution: Solution, position: int | list[int] = 0) -> pd.DataFrame:
    """Every legal move of a position with its value and symmetry class.

    Parameters
    ----------
    solution : Solution
        A solved board.
    position : int or list of int, default 0
        The position (empty board by default).

    Returns
    -------
    pandas.DataFrame
        Columns ``edge``, ``value`` (for the mover), ``symmetry_class`` (the smallest
        edge equivalent to this one under the symmetries fixing the position),
        ``optimal`` (bool) and ``outcome`` ("win", "draw" or "loss"), sorted by edge.

    Examples
    --------
    >>> from triangles_core import solve
    >>> table = first_moves(solve(3))
    >>> len(table), sorted(set(table["symmetry_class"]))
    (18, [1, 3, 4, 5])
    """
    p = solution.position(position)
    values = solution.move_values(p)
    classes = edge_classes(solution.board, p)
    best = solution.value(p)
    rows = [(e, v, classes[e], v == best, "win" if v > 0 else "loss" if v < 0 else "draw")
            for e, v in values.items()]
    return pd.DataFrame(rows, columns=["edge", "value", "symmetry_class", "optimal", "outcome"])


def first_move_classes(solution: Solution, position: int | list[int] = 0) -> pd.DataFrame:
    """The legal moves of a position grouped by symmetry class.

    Returns
    -------
    pandas.DataFrame
        One row per class, sorted by ``symmetry_class``: ``symmetry_class``,
        ``edges`` (space-separated edge numbers), ``size``, ``value`` (shared by the
        class) and ``optimal``.

    Examples
    --------
    >>> from triangles_core import solve
    >>> first_move_classes(solve(3))["size"].tolist()
    [6, 3, 3, 6]
    """
    moves = first_moves(solution, position)
    grouped = moves.groupby("symmetry_class", sort=True)
    return pd.DataFrame({
        "symmetry_class": list(grouped.groups),
        "edges": [" ".join(map(str, g["edge"])) for _, g in grouped],
        "size": grouped.size().tolist(),
        "value": grouped["value"].first().tolist(),
        "optimal": grouped["optimal"].first().tolist(),
    })


def edge_move_frequencies(solution: Solution, clean_only: bool = False) -> pd.DataFrame:
    """For each ``k`` and edge: how often drawing the edge is legal, winning, optimal.

    Parameters
    ----------
    solution : Solution
        A solved board of side 1 to 3.
    clean_only : bool, default False
        Count only positions with no complete triangle.

    Returns
    -------
    pandas.DataFrame
        One row per ``(edges_drawn, edge)`` with ``k < n_edges``, sorted: ``legal``
        (positions with ``k`` drawn edges where the edge is free), ``winning`` (where
        its move value is > 0), ``optimal`` (where it keeps the position's value),
        ``winning_share`` and ``optimal_share`` (of ``legal``, 6 decimals).

    Examples
    --------
    >>> from triangles_core import solve
    >>> table = edge_move_frequencies(solve(2))
    >>> int(table.query("edges_drawn == 0")["legal"].sum())
    9
    """
    b = solution.board
    keep = _selection(solution, clean_only)
    table = move_value_table(solution)[keep]
    values = solution.values[keep]
    k = edge_counts(b)[keep].astype(np.int64)
    length = b.n_edges + 1
    rows = []
    for e in range(b.n_edges):
        column = table[:, e]
        legal = column != NOT_A_MOVE
        counts = {
            "legal": np.bincount(k[legal], minlength=length),
            "winning": np.bincount(k[legal & (column > 0)], minlength=length),
            "optimal": np.bincount(k[legal & (column == values)], minlength=length),
        }
        for level in range(b.n_edges):
            rows.append((level, e + 1, *(int(counts[c][level]) for c in ("legal", "winning", "optimal"))))
    frame = pd.DataFrame(rows, columns=["edges_drawn", "edge", "legal", "winning", "optimal"])
    with np.errstate(invalid="ignore", divide="ignore"):
        frame["winning_share"] = (frame["winning"] / frame["legal"]).round(6)
        frame["optimal_share"] = (frame["optimal"] / frame["legal"]).round(6)
    return frame.sort_values(["edges_drawn", "edge"]).reset_index(drop=True)


def winning_move_existence(solution: Solution, clean_only: bool = False) -> pd.DataFrame:
    """By ``k``: positions with a winning move, with exactly one, and critical positions.

    Returns
    -------
    pandas.DataFrame
        One row per ``k = 0..n_edges - 1`` (positions with a move): ``positions``,
        ``with_winning_move`` (the mover is winning: some move has value > 0),
        ``winning_share``, ``unique_winning_move`` (exactly one move wins),
        ``unique_optimal_move`` (exactly one move keeps the value: critical positions)
        and ``all_moves_optimal``.

    Examples
    --------
    >>> from triangles_core import solve
    >>> winning_move_existence(solve(1))["with_winning_move"].tolist()
    [1, 0, 3]
    """
    b = solution.board
    keep = _selection(solution, clean_only)
    table = move_value_table(solution)[keep]
    values = solution.values[keep]
    k = edge_counts(b)[keep].astype(np.int64)
    legal = table != NOT_A_MOVE
    winning = ((table > 0) & legal).sum(axis=1)
    optimal = ((table == values[:, None]) & legal).sum(axis=1)
    length = b.n_edges + 1
    frame = pd.DataFrame({
        "edges_drawn": np.arange(length),
        "positions": np.bincount(k, minlength=length),
        "with_winning_move": np.bincount(k[winning > 0], minlength=length),
        "unique_winning_move": np.bincount(k[winning == 1], minlength=length),
        "unique_optimal_move": np.bincount(k[optimal == 1], minlength=length),
        "all_moves_optimal": np.bincount(k[optimal == legal.sum(axis=1)], minlength=length),
    }).iloc[:-1]
    with np.errstate(invalid="ignore", divide="ignore"):
        frame.insert(3, "winning_share", (frame["with_winning_move"] / frame["positions"]).round(6))
    return frame.reset_index(drop=True)


def mistake_cost_by_edge_count(solution: Solution, clean_only: bool = False) -> pd.DataFrame:
    """How much a non-optimal move costs, by number of drawn edges.

    The loss of a move is the position's value minus the move's value (>= 0); a
    *mistake* is a move with a positive loss.

    Returns
    -------
    pandas.DataFrame
        One row per ``k = 0..n_edges - 1``: ``positions``, ``moves`` (legal moves over
        all those positions), ``mistakes``, ``mistake_share`` (mistakes / moves),
        ``mean_loss`` (average loss of a mistake), ``worst_loss`` (largest loss of
        any move), ``mean_random_move_loss`` (average loss of a move chosen uniformly
        among all legal moves, averaged over positions).  Floats rounded to 6
        decimals.

    Examples
    --------
    >>> from triangles_core import solve
    >>> mistake_cost_by_edge_count(solve(2))["worst_loss"].tolist()
    [0, 2, 4, 6, 6, 8, 6, 4, 0]
    """
    b = solution.board
    keep = _selection(solution, clean_only)
    table = move_value_table(solution)[keep].astype(np.int64)
    values = solution.values[keep].astype(np.int64)
    k = edge_counts(b)[keep].astype(np.int64)
    legal = table != NOT_A_MOVE
    loss = np.where(legal, values[:, None] - table, 0)
    n_moves = legal.sum(axis=1)
    playable = n_moves > 0
    random_loss = np.zeros(values.size)
    random_loss[playable] = loss[playable].sum(axis=1) / n_moves[playable]
    length = b.n_edges + 1
    mistakes = np.bincount(k, weights=(loss > 0).sum(axis=1), minlength=length)
    total_loss = np.bincount(k, weights=loss.sum(axis=1), minlength=length)
    worst = np.zeros(length, dtype=np.int64)
    np.maximum.at(worst, k, loss.max(axis=1))
    positions = np.bincount(k, minlength=length)
    moves = np.bincount(k, weights=n_moves, minlength=length)
    with np.errstate(invalid="ignore", divide="ignore"):
        frame = pd.DataFrame({
            "edges_drawn": np.arange(length),
            "positions": positions,
            "moves": moves.astype(np.int64),
            "mistakes": mistakes.astype(np.int64),
            "mistake_share": np.round(mistakes / moves, 6),
            "mean_loss": np.round(total_loss / mistakes, 6),
            "worst_loss": worst,
            "mean_random_move_loss": np.round(
                np.bincount(k, weights=random_loss, minlength=length) / positions, 6),
        })
    return frame.iloc[:-1].reset_index(drop=True)


def state_graph_levels(b: Board) -> pd.DataFrame:
    """Size of each level of the full state graph and of its symmetry quotient.

    Computed without building the graph: level ``k`` has ``C(n_edges, k)`` positions,
    each with ``n_edges - k`` out-arcs and ``k`` in-arcs.

    Returns
    -------
    pandas.DataFrame
        One row per ``k = 0..n_edges``: ``edges_drawn``, ``positions``, ``arcs_out``
        (moves from this level), ``symmetry_classes`` (counted from the canonical forms
        of all positions) and ``burnside_classes`` (Burnside's lemma).

    Examples
    --------
    >>> from triangles_core import board
    >>> state_graph_levels(board(1)).values.tolist()
    [[0, 1, 3, 1, 1], [1, 3, 6, 1, 1], [2, 3, 3, 1, 1], [3, 1, 0, 1, 1]]
    """
    k = np.arange(b.n_edges + 1)
    positions = np.bincount(edge_counts(b).astype(np.int64), minlength=b.n_edges + 1)
    return pd.DataFrame({
        "edges_drawn": k,
        "positions": positions,
        "arcs_out": positions * (b.n_edges - k),
        "symmetry_classes": orbit_class_counts(b),
        "burnside_classes": burnside_class_counts(b),
    })


def optimal_play_by_edge_count(solution: Solution) -> pd.DataFrame:
    """Optimal play from the empty board, level by level.

    Returns
    -------
    pandas.DataFrame
        One row per ``k = 0..n_edges``: ``positions``, ``reachable`` (positions that
        optimal play from the empty board can reach), ``critical`` (positions with
        exactly one optimal move) and ``critical_reachable`` (both).

    Examples
    --------
    >>> from triangles_core import solve
    >>> optimal_play_by_edge_count(solve(1))["reachable"].tolist()
    [1, 3, 3, 1]
    """
    b = solution.board
    k = edge_counts(b).astype(np.int64)
    reach = optimal_reach(solution)
    critical = optimal_move_counts(solution) == 1
    length = b.n_edges + 1
    return pd.DataFrame({
        "edges_drawn": np.arange(length),
        "positions": np.bincount(k, minlength=length),
        "reachable": np.bincount(k[reach], minlength=length),
        "critical": np.bincount(k[critical], minlength=length),
        "critical_reachable": np.bincount(k[critical & reach], minlength=length),
    })
