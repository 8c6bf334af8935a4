"""Whole-table statistics (triangles_core.size_analysis) against plain numpy recounts."""

from __future__ import annotations

import math

import numpy as np
import pytest

from triangles_core import board, solve
from triangles_core.size_analysis import (first_move_classes, first_move_table, move_statistics,
                                          move_statistics_table, outcome_counts, outcome_table,
                                          positions_with_drawn_edges, size_summary_table)


def recount(side: int):
    """Per position: drawn edges, and per (position, move): cost and outcome change, in numpy."""
    s = solve(side)
    b = s.board
    values = s.values.astype(np.int64)
    positions = np.arange(len(values), dtype=np.int64)
    drawn = np.bitwise_count(positions)
    moves = np.zeros((b.n_edges + 1, 4), dtype=np.int64)
    for edge in range(1, b.n_edges + 1):
        bit = 1 << (edge - 1)
        legal = positions[(positions & bit) == 0]
        claimed = np.zeros(len(legal), dtype=np.int64)
        for k in b.edge_triangles[edge - 1]:
            others = b.triangle_masks[k] & ~bit
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
    outcomes = np.zeros((b.n_edges + 1, 3), dtype=np.int64)
    np.add.at(outcomes, (drawn, np.sign(values) + 1), 1)
    return outcomes, moves


@pytest.mark.parametrize("side", [1, 2, 3])
def test_outcome_counts_match_recount(side):
    s = solve(side)
    counts = outcome_counts(s.board, s.values)
    outcomes, _ = recount(side)
    np.testing.assert_array_equal(counts.losses, outcomes[:, 0])
    np.testing.assert_array_equal(counts.draws, outcomes[:, 1])
    np.testing.assert_array_equal(counts.wins, outcomes[:, 2])
    n = s.board.n_edges
    assert counts.positions.tolist() == [math.comb(n, k) for k in range(n + 1)]


@pytest.mark.parametrize("side", [1, 2, 3])
def test_move_statistics_match_recount(side):
    s = solve(side)
    stats = move_statistics(s.board, s.values)
    _, moves = recount(side)
    np.testing.assert_array_equal(stats.moves, moves[:, 0])
    np.testing.assert_array_equal(stats.mistakes, moves[:, 1])
    np.testing.assert_array_equal(stats.total_cost, moves[:, 2])
    np.testing.assert_array_equal(stats.outcome_changing, moves[:, 3])
    np.testing.assert_array_equal(stats.moves, stats.all_moves)
    assert stats.exhaustive.all()


def test_enough_samples_means_every_position():
    s = solve(3)
    exact = move_statistics(s.board, s.values)
    listed = move_statistics(s.board, s.values, samples=math.comb(18, 9))
    for field in ("moves", "mistakes", "total_cost", "outcome_changing", "examined", "exhaustive"):
        np.testing.assert_array_equal(getattr(listed, field), getattr(exact, field))


def test_sampled_statistics_are_close_and_deterministic():
    s = solve(3)
    exact = move_statistics_table(s)
    sampled = move_statistics_table(s, samples=4000, seed=3)
    again = move_statistics_table(s, samples=4000, seed=3)
    assert sampled.equals(again)
    assert (sampled["exhaustive"] == (sampled["positions"] <= 4000)).all()
    exhaustive = sampled["exhaustive"]
    assert sampled[exhaustive].drop(columns="examined").equals(exact[exhaustive].drop(columns="examined"))
    np.testing.assert_allclose(sampled["mean_move_cost"], exact["mean_move_cost"], atol=0.3)
    summary = size_summary_table(outcome_table(s), sampled)
    exact_summary = size_summary_table(outcome_table(s), exact)
    assert abs(summary["mean_move_cost"][0] - exact_summary["mean_move_cost"][0]) < 0.05
    assert not summary["exhaustive"][0] and exact_summary["exhaustive"][0]


@pytest.mark.parametrize("drawn", [0, 1, 2, 5, 9])
def test_positions_with_drawn_edges(drawn):
    every = positions_with_drawn_edges(9, drawn)
    assert len(every) == math.comb(9, drawn) == len(set(every.tolist()))
    assert (np.bitwise_count(every) == drawn).all()
    if math.comb(9, drawn) > 50:
        sample = positions_with_drawn_edges(9, drawn, samples=50, rng=np.random.default_rng(1))
        assert len(sample) == 50 and (np.bitwise_count(sample) == drawn).all()
        assert set(sample.tolist()) <= set(every.tolist())
        assert (np.diff(sample) >= 0).all()


def test_summary_of_small_boards():
    outcomes = [outcome_table(solve(side)) for side in (1, 2)]
    moves = [move_statistics_table(solve(side)) for side in (1, 2)]
    import pandas as pd

    summary = size_summary_table(pd.concat(outcomes), pd.concat(moves))
    assert summary["side"].tolist() == [1, 2]
    assert summary["positions"].tolist() == [8, 512]
    assert summary["draw_share"][0] == 1 / 8  # only the full side-1 board is level
    assert summary["mistake_share"][0] == 0 and summary["mean_mistake_cost"][0] == 0
    total = moves[1]
    assert summary["mean_move_cost"][1] == pytest.approx(total["total_cost"].sum() / total["moves"].sum())


def test_wrong_table_is_rejected():
    with pytest.raises(ValueError, match="int8"):
        outcome_counts(board(2), np.zeros(8, dtype=np.int8))
    with pytest.raises(ValueError, match="int8"):
        move_statistics(board(2), np.zeros(512, dtype=np.int16))
    with pytest.raises(ValueError, match="samples"):
        move_statistics(board(2), solve(2).values, samples=0)


@pytest.mark.parametrize("side", [1, 2, 3, 4, 5])
def test_first_move_classes_partition_the_edges(side):
    b = board(side)
    classes = first_move_classes(b)
    edges = [e for orbit in classes for e in orbit]
    assert sorted(edges) == list(range(1, b.n_edges + 1))
    assert all(len(orbit) in (1, 2, 3, 6) for orbit in classes)
    for orbit in classes:
        for symmetry in b.symmetries:
            assert sorted(symmetry[e - 1] for e in orbit) == list(orbit)


def test_first_move_table_side3():
    s = solve(3)
    table = first_move_table(s)
    values = s.move_values(0)
    for row in table.itertuples():
        assert all(values[int(e)] == row.value for e in row.edges.split())
    assert table["class_size"].sum() == 18
    assert table["value"].iloc[0] == s.value([]) == -3
    assert table["value"].is_monotonic_decreasing
