"""Analysis tables and the move-value table, checked against Solution methods (brute force)."""

from __future__ import annotations

from math import comb

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from triangles_core import board, solve
from triangles_core.analysis.counting import positions_by_edges_drawn
from triangles_core.analysis.graph import optimal_play_by_edges_drawn, state_graph_levels
from triangles_core.analysis.tables import (
    OUTCOME_COLUMNS,
    first_move_classes,
    first_moves,
    move_statistics_by_edges_drawn,
    outcomes_by_edges_drawn,
    value_distribution,
    winning_move_existence,
)
from triangles_core.engine.retrograde import NOT_A_MOVE, claims_table, move_value_table


@pytest.fixture(scope="module")
def side3_table():
    return solve(3).move_table


@given(st.integers(0, 2**18 - 1))
@settings(max_examples=300, deadline=None)
def test_move_value_table_matches_solution_side3(side3_table, p):
    s = solve(3)
    row = side3_table[p]
    expected = s.move_values(p)
    for e in range(18):
        assert row[e] == expected.get(e + 1, NOT_A_MOVE)
    if expected:
        assert row.max() == s.value(p)


def test_move_value_table_matches_solution_side2():
    s = solve(2)
    table = move_value_table(s.board, s.values)
    claimed = claims_table(s.board)
    for p in range(512):
        moves = s.move_values(p)
        assert {e + 1: int(v) for e, v in enumerate(table[p]) if v != NOT_A_MOVE} == moves
        for e in moves:
            assert claimed[p, e - 1] == len(s.board.completed_by(p, e))
    assert not s.move_table.flags.writeable  # a solution's table cannot be changed by its user


def test_levels():
    b = board(3)
    levels = positions_by_edges_drawn(b)
    assert [len(level) for level in levels] == [comb(18, k) for k in range(19)]
    assert all(int(p).bit_count() == k for k, level in enumerate(levels) for p in level[:50])


def test_large_board_is_refused():
    with pytest.raises(ValueError, match="side-4 board"):
        positions_by_edges_drawn(board(4))
    with pytest.raises(ValueError, match="up to 24 edges"):
        move_value_table(board(4), np.zeros(0, dtype=np.int8))


def test_side2_tables_against_brute_force():
    """Every side-2 table counted again position by position from Solution.value and move_values."""
    s = solve(2)
    outcomes = {k: [0, 0, 0, 0] for k in range(10)}
    counts: dict[tuple[int, int], int] = {}
    existence = {k: [0, 0, 0, 0, 0] for k in range(9)}
    losses: dict[int, list[int]] = {k: [] for k in range(9)}
    random_loss: dict[int, list[float]] = {k: [] for k in range(9)}
    for p in range(512):
        k, v, moves = p.bit_count(), s.value(p), s.move_values(p)
        outcomes[k][0] += 1
        outcomes[k][1 if v > 0 else 2 if v == 0 else 3] += 1
        counts[k, v] = counts.get((k, v), 0) + 1
        if moves:
            winning, optimal = sum(mv > 0 for mv in moves.values()), sum(mv == v for mv in moves.values())
            for i, hit in enumerate((True, winning > 0, winning == 1, optimal == 1, optimal == len(moves))):
                existence[k][i] += hit
            losses[k] += [v - mv for mv in moves.values()]
            random_loss[k].append(sum(v - mv for mv in moves.values()) / len(moves))
    table = outcomes_by_edges_drawn(s)
    assert table[OUTCOME_COLUMNS[:5]].values.tolist() == [[k, *outcomes[k]] for k in range(10)]
    got = value_distribution(s)[["edges_drawn", "value", "positions"]].values.tolist()
    assert {(k, v): n for k, v, n in got} == counts
    existence_table = winning_move_existence(s)
    columns = ["positions", "with_winning_move", "unique_winning_move", "unique_optimal_move", "all_moves_optimal"]
    assert existence_table[columns].values.tolist() == [existence[k] for k in range(9)]
    assert (existence_table["with_winning_move"] == table["mover_wins"][:9]).all()
    statistics = move_statistics_by_edges_drawn(s).set_index("edges_drawn")
    for k in range(9):
        row, mistakes = statistics.loc[k], [x for x in losses[k] if x > 0]
        assert (row["moves"], row["mistakes"], row["max_value_lost"]) == (
            len(losses[k]),
            len(mistakes),
            max(losses[k], default=0),
        )
        if mistakes:
            assert row["mean_mistake_value_lost"] == pytest.approx(sum(mistakes) / len(mistakes), abs=1e-6)
        else:
            assert pd.isna(row["mean_mistake_value_lost"])
        if random_loss[k]:  # every position with k edges has the same number of moves
            assert row["mean_value_lost"] == pytest.approx(sum(random_loss[k]) / len(random_loss[k]), abs=1e-6)


def test_value_distribution_agrees_with_outcomes():
    s = solve(3)
    distribution = value_distribution(s)
    outcomes = outcomes_by_edges_drawn(s).set_index("edges_drawn")
    wide = distribution.pivot(index="edges_drawn", columns="value", values="positions").fillna(0)
    assert (wide.sum(axis=1) == outcomes["positions"][wide.index]).all()
    positive = wide[[c for c in wide.columns if c > 0]].sum(axis=1)
    assert (positive == outcomes["mover_wins"][wide.index]).all()
    assert np.allclose(distribution.groupby("edges_drawn")["share"].sum(), 1, atol=1e-5)
    assert distribution["value"].abs().max() <= 9


def test_first_moves_side3():
    s = solve(3)
    table = first_moves(s)
    assert table["edge"].tolist() == list(range(1, 19))
    assert dict(zip(table["edge"], table["value"], strict=False)) == s.move_values(0)
    assert table["dots"].tolist()[:3] == ["1-2", "1-3", "2-3"] and (table["claims"] == 0).all()
    assert table.loc[table["optimal"], "edge"].tolist() == s.optimal_moves(0)
    classes = first_move_classes(s)
    assert classes["symmetry_class"].tolist() == [1, 3, 4, 5] and classes["size"].sum() == 18
    assert [tuple(map(int, e.split())) for e in classes["edges"]] == s.board.edge_orbits()
    assert all(s.move_values(0)[int(e)] == row.value for row in classes.itertuples() for e in row.edges.split())
    table = first_moves(s, [1])  # after a move
    assert len(table) == 17 and 1 not in set(table["edge"])
    assert dict(zip(table["edge"], table["value"], strict=False)) == s.move_values([1])


def test_state_graph_levels_side3():
    table = state_graph_levels(board(3))
    assert table["positions"].tolist() == [comb(18, k) for k in range(19)]
    assert table["arcs_out"].sum() == 18 * 2**17
    assert (table["symmetry_classes"] == table["burnside_classes"]).all()  # 44224 classes: test_graph.py


def test_optimal_play_by_edges_drawn_side2_against_networkx():
    from triangles_core.analysis.graph import optimal_subgraph

    s = solve(2)
    table = optimal_play_by_edges_drawn(s)
    g = optimal_subgraph(s)
    reachable = [0] * 10
    critical_reachable = [0] * 10
    for p in g.nodes:
        reachable[p.bit_count()] += 1
        critical_reachable[p.bit_count()] += len(s.optimal_moves(p)) == 1 and p.bit_count() <= 7  # two legal moves
    assert table["reachable"].tolist() == reachable
    assert table["critical_reachable"].tolist() == critical_reachable
    critical = [0] * 10
    for p in range(512):
        critical[p.bit_count()] += len(s.optimal_moves(p)) == 1 and p.bit_count() <= 7
    assert table["critical"].tolist() == critical


def test_charts_draw_every_table():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from triangles_core.plot import charts

    s = solve(2)
    fig, axes = plt.subplots(1, 1, squeeze=False)
    axes = axes[0]
    charts.outcome_bars(axes[0], outcomes_by_edges_drawn(s), title="t")
    assert len(axes[0].patches) == 3 * 10
    plt.close(fig)
