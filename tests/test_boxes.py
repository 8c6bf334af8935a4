"""Dots-and-Boxes on the same engine: geometry, every position against the reference, published values."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from triangles_core import (
    BoxesBoard,
    boxes_board,
    parse_record,
    review_game,
    solve_boxes,
    verify_solution,
)
from triangles_core.analysis.graph import level_sizes, symmetry_quotient_graph
from triangles_core.engine.symmetry import burnside_class_counts, orbit_class_counts


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 2), (2, 1), (2, 2), (1, 3), (2, 3), (3, 3), (3, 4), (4, 3)])
def test_geometry_counts_and_numbering(rows, cols):
    b = BoxesBoard(rows, cols)
    assert b.n_dots == (rows + 1) * (cols + 1) and b.n_cells == rows * cols
    assert b.n_edges == 2 * rows * cols + rows + cols == len(set(b.edges))
    # every line joins two grid neighbours, every box is four lines around a unit square
    for i, j in b.edges:
        (x0, y0), (x1, y1) = b.dot_coordinates[i - 1], b.dot_coordinates[j - 1]
        assert abs(x0 - x1) + abs(y0 - y1) == 1
    for k, cell in enumerate(b.cells):
        assert len(cell) == 4 and len(b.cell_dots(k)) == 4
    # rim lines are in one box, inner lines in two
    counts = [len(c) for c in b.edge_cells]
    assert counts.count(1) == 2 * (rows + cols) and set(counts) <= {1, 2}


def test_spec_figure_of_the_3x3_board():
    b = boxes_board(3, 3)
    assert b.edges[:7] == ((1, 2), (2, 3), (3, 4), (1, 5), (2, 6), (3, 7), (4, 8))
    assert b.cells[0] == (1, 4, 5, 8) and b.cells[4] == (9, 12, 13, 16) and b.cells[8] == (17, 20, 21, 24)
    assert boxes_board(1, 1).cells == ((1, 2, 3, 4),)


def test_published_value_of_the_3x3_board():
    """David Wilson's retrograde analysis: the empty 3x3 board is worth -3 for the first player."""
    solution = solve_boxes(3, 3)
    assert solution.values.shape == (1 << 24,) and solution.values.dtype == np.int8
    assert solution.value([]) == -3 and solution.verdict([]) == "loss"
    assert verify_solution(solution).passed


@pytest.mark.parametrize("rows, cols, value", [(1, 1, -1), (1, 2, 0), (2, 2, 2), (2, 4, 2), (2, 5, -2)])
def test_empty_board_values(rows, cols, value):
    """1x1 to 2x2 are checked position by position in test_solver.py; 2x4 and 2x5 pin the kernel's values."""
    solution = solve_boxes(rows, cols)
    assert solution.value([]) == value
    if solution.board.n_edges > 12:
        assert verify_solution(solution).passed


def test_symmetric_positions_have_equal_values_and_the_quotient_folds():
    s = solve_boxes(2, 2)
    b = s.board
    rng = np.random.default_rng(4)
    for p in rng.integers(0, 1 << b.n_edges, 300).tolist():
        assert len({s.value(q) for q in b.symmetric_positions(p)}) == 1
    q = symmetry_quotient_graph(s)
    assert nx.is_directed_acyclic_graph(q)
    assert level_sizes(q) == burnside_class_counts(b).tolist() == orbit_class_counts(b).tolist()
    assert sum(size for _, size in q.nodes(data="class_size")) == 1 << b.n_edges


def test_review_of_a_boxes_game():
    review = review_game(parse_record("1\n2\n3\n4", board=(1, 1)))
    assert [m.player for m in review.moves] == ["A", "B", "A", "B"] and review.score == (0, 1)
    assert review.result == "B wins by 1" and review.finished
