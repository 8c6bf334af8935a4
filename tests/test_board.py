"""Board geometry: the SPEC numbering, counts for any side, and the symmetry group of every cell board."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from triangles_core import Board, InvalidPositionError, board, boxes_board


def test_side3_numbering_matches_the_spec_figure():
    b = board(3)
    assert b.edges[:9] == ((1, 2), (1, 3), (2, 3), (2, 4), (2, 5), (4, 5), (3, 5), (3, 6), (5, 6))
    assert b.edges[9:] == ((4, 7), (4, 8), (7, 8), (5, 8), (5, 9), (8, 9), (6, 9), (6, 10), (9, 10))
    assert b.cells == (
        (1, 2, 3),
        (4, 5, 6),
        (7, 8, 9),
        (10, 11, 12),
        (13, 14, 15),
        (16, 17, 18),
        (3, 5, 7),
        (6, 11, 13),
        (9, 14, 16),
    )


@pytest.mark.parametrize("side", [1, 2, 3, 4, 5, 6])
def test_counts_for_any_side(side):
    b = Board(side)
    assert b.n_dots == (side + 1) * (side + 2) // 2 == len(b.dot_rows)
    assert b.n_edges == 3 * side * (side + 1) // 2 == len(b.edges) == len(set(b.edges))
    assert b.n_cells == side**2 == len(b.cells)
    # every edge is in one triangle (on the rim) or two (inside)
    counts = [len(t) for t in b.edge_cells]
    assert counts.count(1) == 3 * side and set(counts) <= {1, 2}
    # every triangle is three mutually adjacent dots
    for t in b.cells:
        dots = {d for e in t for d in b.edges[e - 1]}
        assert len(dots) == 3


@pytest.mark.parametrize(
    "b, order",
    [(board(side), 6) for side in (1, 2, 3, 4)]
    + [(boxes_board(2, 2), 8), (boxes_board(3, 3), 8), (boxes_board(2, 3), 4)],
    ids=lambda x: getattr(x, "key", x),
)
def test_symmetries_form_a_group_and_keep_cells(b, order):
    group = set(b.symmetries)
    assert len(group) == order and b.symmetries[0] == tuple(range(1, b.n_edges + 1))
    for s, t in itertools.product(b.symmetries, repeat=2):
        assert tuple(s[t[e] - 1] for e in range(b.n_edges)) in group  # closed under composition
    cells = {frozenset(c) for c in b.cells}
    for s in b.symmetries:
        assert {frozenset(s[e - 1] for e in c) for c in b.cells} == cells


@given(st.sets(st.integers(1, 18)))
def test_position_accepts_edge_lists_and_bitmasks(edges):
    b = board(3)
    mask = b.position(sorted(edges))
    assert b.position(mask) == mask
    assert b.drawn_edges(mask) == sorted(edges)
    assert sorted(b.free_edges(mask) + b.drawn_edges(mask)) == list(range(1, 19))


def test_edge_between_and_errors():
    b = board(3)
    assert b.edge_between(10, 9) == 18
    with pytest.raises(InvalidPositionError, match="not joined"):
        b.edge_between(1, 4)
    with pytest.raises(InvalidPositionError, match="dot 11"):
        b.edge_between(1, 11)


def test_text_art_of_the_full_board():
    assert board(2).text_art(board(2).full) == "    o\n   /*\\\n  o---o\n /*\\*/*\\\no---o---o"


def test_a_symmetry_must_map_cells_onto_cells():
    """Four dots, all six edges, one triangle (1, 2, 3): swapping dots 3 and 4 keeps the edges but not the cell,
    and a search keyed by symmetric positions would answer wrong values on such a board."""
    from triangles_core.games.cells import CellBoard

    dots = [(0, 0), (1, 0), (0.5, 1), (0.5, 0.3)]
    edges = [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]
    CellBoard("k4", "K4 board", dots, edges, [(1, 2, 4)], [(1, 2, 3, 4)])
    with pytest.raises(ValueError, match="a symmetry does not map cells onto cells"):
        CellBoard("k4", "K4 board", dots, edges, [(1, 2, 4)], [(1, 2, 3, 4), (1, 2, 4, 3)])
