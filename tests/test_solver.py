"""The retrograde solver (triangles and boxes) against the reference negamax, position by position."""

import numpy as np
import pytest
from test_kernel import negamax_table

from triangles_core import board, solve, solve_boxes

# Number of positions per edge count is C(n_edges, k): the "perft" of this game.
EMPTY_BOARD_VALUES = {1: 1, 2: -2, 3: -3}


@pytest.mark.parametrize("name", ["1", "2", "3", "1x1", "1x2", "2x1", "2x2", "1x3"])
def test_every_position_agrees_with_the_reference_negamax(name, reference_values):
    if "x" not in name:
        values, expected = solve(int(name)).values, reference_values(int(name))
    else:
        solution = solve_boxes(*map(int, name.split("x")))
        values, expected = solution.values, negamax_table(solution.game).astype(np.int64)
    assert values.dtype == np.int8 and values.shape == expected.shape
    np.testing.assert_array_equal(values.astype(np.int64), expected)


@pytest.mark.parametrize("side", [1, 2, 3])
def test_empty_board_values(side):
    assert solve(side).value([]) == EMPTY_BOARD_VALUES[side]


def test_full_board_has_no_moves(solution3):
    full = solution3.board.full
    assert solution3.value(full) == 0
    assert solution3.move_values(full) == {} and solution3.principal_variation(full) == []


def test_drawn_position_renders_svg(solution3):
    import triangles_core as tc

    view = tc.show_position(solution3, [1, 2, 3], show_moves=True)
    assert view.move_values == solution3.move_values([1, 2, 3])
    svg = view._repr_svg_()
    assert svg.lstrip().startswith("<?xml") and "</svg>" in svg


def test_search_options_are_taken_by_the_search():
    assert solve(2, method="search", max_memory=1 << 20, threads=2).value([]) == solve(2).value([])
    assert solve(2, threads=1).value([]) == -2  # the default is no option given


def test_max_memory_beyond_the_machine_is_refused_before_allocating():
    """C8: a transposition table larger than the physical memory is refused in one line, not a MemoryError."""
    from triangles_core.engine.search import MAX_MAX_MEMORY, SearchSolution, physical_memory

    machine = physical_memory()
    if machine is None or machine >= MAX_MAX_MEMORY:
        pytest.skip("the system does not say its physical memory, or has more than 1 TiB")
    for call in (
        lambda: SearchSolution(board(2), max_memory=machine + 1),
        lambda: solve(2, method="search", max_memory=1 << 40),
    ):
        with pytest.raises(ValueError, match=r"^max_memory [0-9,]+ bytes is more than this machine's physical memory"):
            call()
