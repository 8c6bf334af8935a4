"""Invariants of the solution (hypothesis): symmetry, bounds, and the negamax recurrence."""

from hypothesis import given, settings
from hypothesis import strategies as st

from triangles_core import solve

SOLUTION = solve(3)
BOARD = SOLUTION.board
positions = st.integers(0, BOARD.full)


@given(positions)
def test_value_is_bounded_by_the_triangles_left(p):
    left = BOARD.n_cells - len(BOARD.complete_cells(p))
    assert abs(SOLUTION.value(p)) <= left  # its parity: test_review.py


@settings(max_examples=300)
@given(positions)
def test_value_follows_the_recurrence_from_its_children(p):
    if p == BOARD.full:
        assert SOLUTION.value(p) == 0
        return
    best = None
    for edge in BOARD.free_edges(p):
        claimed = len(BOARD.completed_by(p, edge))
        child = SOLUTION.value(p | 1 << (edge - 1))
        v = claimed + child if claimed else -child
        best = v if best is None else max(best, v)
    assert SOLUTION.value(p) == best


@given(positions, st.sampled_from(BOARD.symmetries))
def test_symmetry_maps_move_values(p, symmetry):
    image = BOARD.apply_symmetry(symmetry, p)
    moves = SOLUTION.move_values(p)
    assert {symmetry[e - 1]: v for e, v in moves.items()} == SOLUTION.move_values(image)
    assert SOLUTION.value(image) == SOLUTION.value(p)
