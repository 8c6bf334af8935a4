"""The retrograde solver against the reference negamax, position by position."""

import numpy as np
import pytest

from triangles_core import InvalidPositionError, board, solve

# Number of positions per edge count is C(n_edges, k): the "perft" of this game.
EMPTY_BOARD_VALUES = {1: 1, 2: -2, 3: -3}


@pytest.mark.parametrize("side", [1, 2, 3])
def test_every_position_agrees_with_the_reference_negamax(side, reference_values):
    values = solve(side).values
    assert values.dtype == np.int8 and values.shape == (1 << board(side).n_edges,)
    np.testing.assert_array_equal(values.astype(np.int64), reference_values(side))


@pytest.mark.parametrize("side", [1, 2, 3])
def test_empty_board_values(side):
    assert solve(side).value([]) == EMPTY_BOARD_VALUES[side]


def test_spec_gym_samples(solution3):
    assert solution3.verdict([1, 2, 3, 4, 5, 6]) == "win"
    assert solution3.verdict([4, 5, 6, 7, 8]) == "loss"


def test_move_queries_are_consistent(solution3):
    p = [1, 2, 3, 4, 5]
    moves = solution3.move_values(p)
    assert list(moves) == solution3.board.free_edges(solution3.position(p))
    assert max(moves.values()) == solution3.value(p)
    assert solution3.optimal_moves(p) == [e for e, v in moves.items() if v == solution3.value(p)]
    assert sorted(solution3.winning_moves(p) + solution3.drawing_moves(p) + solution3.losing_moves(p)) == list(moves)
    assert solution3.move_value(p, 6) == moves[6]


def test_move_value_rejects_drawn_and_unknown_edges(solution3):
    with pytest.raises(InvalidPositionError, match="already drawn"):
        solution3.move_value([1], 1)
    with pytest.raises(InvalidPositionError, match="19"):
        solution3.move_value([1], 19)


@pytest.mark.parametrize("position", [[], [1, 2, 3, 4, 5, 6], [4, 5, 6, 7, 8], list(range(1, 18))])
def test_principal_variation_reaches_the_value(position, solution3):
    pv = solution3.principal_variation(position)
    b = solution3.board
    assert len(pv) == b.n_edges - len(set(position))
    margin = sum(step.reward * (1 if step.player == "A" else -1) for step in pv)
    assert margin == solution3.value(position)
    assert pv == [] or pv[0].value == solution3.value(position)
    # the turn passes exactly after moves that claim nothing
    for before, after in zip(pv, pv[1:], strict=False):
        assert (after.player == before.player) == before.again == bool(before.claims)


def test_full_board_has_no_moves(solution3):
    full = solution3.board.full
    assert solution3.value(full) == 0
    assert solution3.move_values(full) == {} and solution3.principal_variation(full) == []


def test_side_out_of_range():
    # side 5 (45 edges) has no value table, only the search (issue 21); side 6 has neither
    with pytest.raises(ValueError, match="side-5 board has 45 edges, more than a value table holds"):
        solve(5, method="table")
    with pytest.raises(ValueError, match="side-6 board has 63 edges: the search handles at most 62"):
        solve(6)


def test_drawn_position_renders_svg(solution3):
    import triangles_core as tc

    view = tc.show_position(solution3, [1, 2, 3], show_moves=True)
    assert view.move_values == solution3.move_values([1, 2, 3])
    svg = view._repr_svg_()
    assert svg.lstrip().startswith("<?xml") and "</svg>" in svg


def test_jupyter_draws_a_drawn_position_through_the_plot_layer():
    """IPython shows a DrawnPosition as SVG through its own _repr_svg_ (no formatter registered)."""
    import subprocess
    import sys

    code = (
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "shell = InteractiveShell.instance()\n"
        "import triangles_core as tc\n"
        "data, _ = shell.display_formatter.format(tc.show_position(tc.solve(2), [1], show_moves=True))\n"
        "print('image/svg+xml' in data and '</svg>' in data['image/svg+xml'])\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.stdout.strip().endswith("True"), result.stderr


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


def test_max_memory_the_process_cannot_allocate_is_one_line():
    """C6 of the fourth adversarial pass: under ``ulimit -v`` the table is refused in one line, not a MemoryError."""
    import subprocess
    import sys

    code = (
        "import resource, triangles_core as tc\n"
        "resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))\n"
        "try:\n"
        "    tc.solve(2, method='search', max_memory=4 << 30)\n"
        "except ValueError as error:\n"
        "    print(error)\n"
    )
    from triangles_core.engine.search import physical_memory

    if (physical_memory() or 0) < 4 << 30:
        pytest.skip("the machine has less than 4 GiB: max_memory is refused by the physical-memory check first")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.stdout.startswith("max_memory 4,294,967,296 bytes cannot be allocated by this process"), result
