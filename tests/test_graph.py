"""Symmetry classes, the quotient graph and optimal-play counts, checked by brute force."""

from __future__ import annotations

import random
from math import comb

import networkx as nx
import numpy as np
import pytest

from triangles_core import board, solve, solve_boxes, solve_number_game, solve_peg_game
from triangles_core.analysis.graph import (
    count_paths,
    critical_range,
    level_sizes,
    optimal_game_counts,
    optimal_subgraph,
    state_graph,
    symmetry_quotient_graph,
)
from triangles_core.analysis.outcomes import move_kinds, position_reach
from triangles_core.engine.solutions import TableSolution
from triangles_core.engine.symmetry import (
    burnside_class_counts,
    canonical_forms,
    cycle_lengths,
    move_classes,
    orbit_class_counts,
    orbit_sizes,
)


def sample_positions(side: int, count: int, seed: int = 3) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(1 << board(side).n_edges) for _ in range(count)]


def brute_force_classes(side: int) -> list[int]:
    """Classes per level from Board.canonical, one Python call per position."""
    b = board(side)
    counts = [0] * (b.n_edges + 1)
    for p in {b.canonical(p) for p in range(1 << b.n_edges)}:
        counts[p.bit_count()] += 1
    return counts


def enumerate_optimal_games(solution, position: int) -> int:
    """Count optimal games by walking every line of optimal moves (no memo)."""
    if position == solution.board.full:
        return 1
    return sum(enumerate_optimal_games(solution, position | 1 << (e - 1)) for e in solution.optimal_moves(position))


@pytest.mark.parametrize("side", [1, 2])
def test_burnside_matches_brute_force_orbits(side):
    assert burnside_class_counts(board(side)).tolist() == brute_force_classes(side)


def test_burnside_matches_canonical_forms_side3():
    b = board(3)
    assert burnside_class_counts(b).tolist() == orbit_class_counts(b).tolist()
    assert len(np.unique(canonical_forms(b))) == 44224


def test_burnside_side4_is_symmetric_and_bounded():
    b = board(4)
    counts = burnside_class_counts(b)
    assert counts.tolist() == counts[::-1].tolist()
    assert all(comb(b.n_edges, k) / 6 <= c <= comb(b.n_edges, k) for k, c in enumerate(counts))


def test_cycle_lengths_add_up():
    for side in (1, 2, 3, 4):
        b = board(side)
        for s in b.symmetries:
            assert sum(cycle_lengths(s)) == b.n_edges
        assert cycle_lengths(b.symmetries[0]) == [1] * b.n_edges


@pytest.mark.parametrize("side", [2, 3])
def test_canonical_forms_and_orbit_sizes_match_board(side):
    b = board(side)
    canonical, sizes = canonical_forms(b), orbit_sizes(b)
    positions = range(1 << b.n_edges) if side == 2 else sample_positions(side, 500)
    for p in positions:
        assert canonical[p] == b.canonical(p)
        assert sizes[p] == len(set(b.symmetric_positions(p)))


def test_edge_classes_follow_stabiliser():
    b = board(3)
    classes = move_classes(b)
    assert sorted(set(classes.values())) == [1, 3, 4, 5]
    position = b.position([1, 2, 3])  # only the symmetry fixing the top corner survives
    classes = move_classes(b, position)
    assert set(classes) == set(b.free_edges(position))
    stabiliser = [s for s in b.symmetries if b.apply_symmetry(s, position) == position]
    assert len(stabiliser) == 2
    for e, c in classes.items():
        assert c == min(s[e - 1] for s in stabiliser)


@pytest.mark.parametrize("side", [2, 3])
def test_quotient_graph_folds_the_state_graph(side):
    s = solve(side)
    b = s.board
    q = symmetry_quotient_graph(s)
    assert q.number_of_nodes() == int(burnside_class_counts(b).sum())
    assert nx.is_directed_acyclic_graph(q)
    assert level_sizes(q) == burnside_class_counts(b).tolist()
    assert level_sizes(q, weight="class_size") == [comb(b.n_edges, k) for k in range(b.n_edges + 1)]
    # every representative's moves, grouped by target class, give its out-arcs
    rng = random.Random(side)
    for p in rng.sample(sorted(q.nodes), min(200, q.number_of_nodes())):
        assert q.nodes[p]["value"] == s.value(p)
        groups: dict[int, list[int]] = {}
        for e in b.free_edges(p):
            groups.setdefault(b.canonical(p | 1 << (e - 1)), []).append(e)
        assert set(q.succ[p]) == set(groups)
        for target, edges in groups.items():
            arc = q.edges[p, target]
            assert arc["moves"] == len(edges) and arc["move"] == min(edges)
            assert arc["move_value"] == s.move_value(p, arc["move"])
            assert {s.move_value(p, e) for e in edges} == {arc["move_value"]}
            assert arc["claims"] == len(b.completed_by(p, arc["move"]))


@pytest.mark.parametrize(
    "make",
    [
        lambda: solve(2),
        lambda: solve_boxes(1, 2),
        lambda: solve_number_game(),
        lambda: solve_peg_game([0, 2, 1, 3, 1, 1], rows=3),
    ],
)
def test_state_graph_of_any_solved_game_carries_values_and_move_values(make):
    s = make()
    g = state_graph(s)
    root = next(n for n, degree in g.in_degree() if degree == 0)
    assert nx.is_directed_acyclic_graph(g) and g.nodes[root]["value"] == s.value(root)
    for u, v, data in g.edges(data=True):
        assert data["move_value"] == s.move_values(u)[data["move"]]
        assert g.nodes[v]["value"] == s.value(v)
    optimal = optimal_subgraph(s)
    assert all(d["move_value"] == optimal.nodes[u]["value"] for u, _, d in optimal.edges(data=True))
    assert set(optimal.nodes) <= set(g.nodes)


def test_the_full_graph_of_a_large_board_is_refused_at_once():
    """A full graph of a cell board above the bound is refused before any position is valued; other games' graphs
    when the bound is passed."""
    with pytest.raises(ValueError, match="more than 100 positions"):
        state_graph(solve_number_game(), max_positions=100)

    class Unasked(TableSolution):
        def value(self, position):
            raise AssertionError("a position was valued: the graph was being built")

    side3 = Unasked(board(3), solve(3).values)
    with pytest.raises(ValueError, match=r"2\*\*18 positions, more than the 1,000 allowed"):
        state_graph(side3, max_positions=1000)
    assert state_graph(solve(3), [*range(1, 12)], max_positions=1000).number_of_nodes() == 2**7


def late_positions(side: int, free: int, count: int, seed: int = 5) -> list[int]:
    rng = random.Random(seed)
    return [board(side).full & ~sum(1 << e for e in rng.sample(range(board(side).n_edges), free)) for _ in range(count)]


@pytest.mark.parametrize("side, positions", [(2, [0, *sample_positions(2, 30)]), (3, late_positions(3, 7, 20))])
def test_optimal_game_counts_against_enumeration(side, positions):
    s = solve(side)
    counts = optimal_game_counts(s)
    for p in positions:
        expected = enumerate_optimal_games(s, p)
        assert counts[p] == expected
        assert count_paths(optimal_subgraph(s, p), p) == expected


def test_optimal_game_count_side3_from_empty_board_two_ways():
    s = solve(3)
    q = symmetry_quotient_graph(s)
    optimal_arcs = [(u, v) for u, v, value in q.edges(data="move_value") if value == q.nodes[u]["value"]]
    weighted = count_paths(q.edge_subgraph(optimal_arcs), 0, weight="moves")
    assert weighted == int(optimal_game_counts(s)[0]) == 439296


@pytest.mark.parametrize("side", [2, 3])
def test_optimal_reach_matches_optimal_subgraph(side):
    s = solve(side)
    reach = position_reach(s, "perfect") > 0
    assert set(np.flatnonzero(reach).tolist()) == set(optimal_subgraph(s).nodes)


@pytest.mark.parametrize("solution", [solve(2), solve(3), solve_boxes(2, 2)], ids=["side2", "side3", "boxes2x2"])
def test_critical_range_is_the_fewest_and_most_over_every_optimal_game(solution):
    # the set of per-kind counts of every optimal game, by memoised recursion over the table
    kinds, n, memo = move_kinds(solution.board), solution.board.n_edges, {}

    def games(p):
        if p not in memo:
            legal = [e for e in range(n) if not p >> e & 1]
            best = [e for e in legal if solution.move_table[p, e] == solution.values[p]]
            here = [0, 0, 0, 0]
            if len(legal) >= 2 and len(best) == 1:
                here[kinds[p, best[0]]] = 1
            below = set().union(*(games(p | 1 << e) for e in best)) if legal else {(0, 0, 0, 0)}
            memo[p] = {tuple(a + b for a, b in zip(here, t, strict=True)) for t in below}
        return memo[p]

    every = games(0)
    got = critical_range(solution, kinds)
    assert got["fewest"].tolist() == [min(t[i] for t in every) for i in range(4)]
    assert got["most"].tolist() == [max(t[i] for t in every) for i in range(4)]
