"""Whole-table counting kernels (triangles_core.analysis.counting) against plain numpy recounts."""

from __future__ import annotations

import math

import numpy as np
import pytest

from triangles_core import board, boxes_board, solve, solve_boxes
from triangles_core.analysis.counting import move_statistics, positions_with_edges_drawn, value_histogram
from triangles_core.analysis.tables import (
    board_summary,
    move_statistics_by_edges_drawn,
    outcomes_by_edges_drawn,
)


def recount(s):
    """Per position: drawn edges, and per (position, move): value lost and outcome change, in numpy."""
    b = s.board
    values = s.values.astype(np.int64)
    positions = np.arange(len(values), dtype=np.int64)
    drawn = np.bitwise_count(positions)
    moves = np.zeros((b.n_edges + 1, 5), dtype=np.int64)
    for edge in range(1, b.n_edges + 1):
        bit = 1 << (edge - 1)
        legal = positions[(positions & bit) == 0]
        claimed = np.zeros(len(legal), dtype=np.int64)
        for k in b.edge_cells[edge - 1]:
            others = b.cell_masks[k] & ~bit
            claimed += (legal & others) == others
        child = values[legal | bit]
        move = np.where(claimed > 0, claimed + child, -child)
        cost = values[legal] - move
        mistake = cost > 0
        changes = mistake & (np.sign(move) < np.sign(values[legal]))
        k = drawn[legal]
        np.add.at(moves, (k, 0), 1)
        np.add.at(moves, (k, 1), mistake)
        np.add.at(moves, (k, 2), np.where(mistake, cost, 0))
        np.add.at(moves, (k, 3), changes)
        np.maximum.at(moves, (k, 4), cost)
    outcomes = np.zeros((b.n_edges + 1, 3), dtype=np.int64)
    np.add.at(outcomes, (drawn, np.sign(values) + 1), 1)
    return outcomes, moves


SOLUTIONS = {
    "side 1": lambda: solve(1),
    "side 2": lambda: solve(2),
    "side 3": lambda: solve(3),
    "1x2 boxes": lambda: solve_boxes(1, 2),
    "2x2 boxes": lambda: solve_boxes(2, 2),
}


@pytest.mark.parametrize("name", SOLUTIONS)
def test_outcome_counts_match_recount(name):
    s = SOLUTIONS[name]()
    histogram = value_histogram(s.board, s.values)
    middle = s.board.n_cells
    outcomes, _ = recount(s)
    np.testing.assert_array_equal(histogram[:, :middle].sum(axis=1), outcomes[:, 0])
    np.testing.assert_array_equal(histogram[:, middle], outcomes[:, 1])
    np.testing.assert_array_equal(histogram[:, middle + 1 :].sum(axis=1), outcomes[:, 2])
    n = s.board.n_edges
    assert histogram.sum(axis=1).tolist() == [math.comb(n, k) for k in range(n + 1)]


@pytest.mark.parametrize("name", SOLUTIONS)
def test_move_statistics_match_recount(name):
    s = SOLUTIONS[name]()
    stats = move_statistics(s.board, s.values)  # moves, mistakes, value lost, outcome changing, max lost, positions
    _, moves = recount(s)
    np.testing.assert_array_equal(stats[:, [0, 1, 2, 3, 4]], moves)
    n = s.board.n_edges
    np.testing.assert_array_equal(stats[:, 0], stats[:, 5] * (n - np.arange(n + 1)))


def test_sampled_positions_with_edges_drawn():  # every position of a level: test_notebook_07.py
    sample = positions_with_edges_drawn(9, 5, samples=50, rng=np.random.default_rng(1))
    assert len(sample) == 50 and (np.bitwise_count(sample) == 5).all() and (np.diff(sample) >= 0).all()


def test_summary_of_small_boards():
    outcomes = [outcomes_by_edges_drawn(solve(side)).assign(side=side) for side in (2, 1)]
    moves = [move_statistics_by_edges_drawn(solve(side)).assign(side=side) for side in (2, 1)]
    import pandas as pd

    summary = board_summary(pd.concat(outcomes), pd.concat(moves), by="side")
    assert summary["side"].tolist() == [2, 1]  # in the order given
    assert summary["positions"].tolist() == [512, 8]
    assert summary["draw_share"][1] == 1 / 8  # only the full side-1 board is level
    assert summary["mistake_share"][1] == 0 and pd.isna(summary["mean_mistake_value_lost"][1])
    total = moves[0]
    assert summary["mean_value_lost"][0] == pytest.approx(total["value_lost"].sum() / total["moves"].sum())


@pytest.mark.parametrize("b", [board(1), board(2), board(3), board(4), board(5), boxes_board(2, 3), boxes_board(3, 3)])
def test_edge_orbits_partition_the_edges(b):
    classes = b.edge_orbits()
    edges = [e for orbit in classes for e in orbit]
    assert sorted(edges) == list(range(1, b.n_edges + 1))
    assert all(len(b.symmetries) % len(orbit) == 0 for orbit in classes)
    for orbit in classes:
        for symmetry in b.symmetries:
            assert sorted(symmetry[e - 1] for e in orbit) == list(orbit)
