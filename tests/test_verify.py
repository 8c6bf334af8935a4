"""Self-check of stored solutions: passes on sides 1-3, catches a corrupted value."""

import numpy as np
import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from triangles_core import solve, solve_boxes
from triangles_core.analysis.verify import verify_solution, verify_table
from triangles_core.cli import main
from triangles_core.engine.game import NegamaxSolver
from triangles_core.engine.retrograde import derived_values
from triangles_core.games.triangles import TriangleGame, board


@pytest.mark.parametrize(
    "solution",
    [
        lambda: solve(1),
        lambda: solve(3),
        lambda: solve_boxes(2, 2),
        pytest.param(lambda: solve_boxes(3, 3), marks=pytest.mark.slow),
    ],
)
def test_solutions_pass(solution):
    result = verify_solution(s := solution())
    assert result.passed and result.first_mismatch is None and result.checked == 2**s.board.n_edges
    assert str(result) == f"{s.board.label}: {result.checked} positions checked, every value agrees with the recurrence"


def test_derived_values_equal_the_reference_on_side_2():
    """The check's own recurrence, fed the reference values, reproduces them."""
    reference = NegamaxSolver(TriangleGame(2))
    table = np.array([reference.value(p) for p in range(2**9)], dtype=np.int8)
    assert (derived_values(board(2), table, np.arange(2**9)) == table).all()


@settings(max_examples=examples(25), deadline=None)
@given(side=st.integers(1, 3), seed=st.integers(0, 2**32 - 1), delta=st.sampled_from([-2, -1, 1, 2]))
def test_a_corrupted_value_is_caught(side, seed, delta):
    solution = solve(side)
    table = solution.values.copy()
    position = int(np.random.default_rng(seed).integers(0, len(table)))
    table[position] += delta
    result = verify_table(solution.board, table)
    assert not result.passed
    # the corrupted entry itself fails; its parents may fail too (they read it as a child)
    assert derived_values(solution.board, table, np.array([position]))[0] != table[position]
    first = result.first_mismatch
    assert first.position & position == first.position  # the entry or one of its parents
    assert first.stored == table[first.position]
    assert first.edges == tuple(solution.board.drawn_edges(first.position))
    assert solution.values.flags.writeable is False  # the solution itself is untouched
    assert verify_solution(solution).passed


def test_mismatches_are_counted_across_chunks():
    solution = solve(3)
    table = solution.values.copy()
    full = solution.board.full
    table[full] = 1  # the full board must be worth 0
    whole = verify_table(solution.board, table)
    chunked = verify_table(solution.board, table, chunk=50_000)  # six chunks, the mismatch in the last
    assert chunked == whole and whole.mismatches >= 1
    derived = derived_values(solution.board, table, np.arange(len(table)))
    assert whole.mismatches == int((derived != table).sum())
    assert whole.first_mismatch.position == int(np.flatnonzero(derived != table)[0])
    assert derived[full] == 0 and table[full] == 1


def test_cli_verify_corrupted_table_exits_1(tmp_path, capsys):
    table = solve(2).values.copy()
    table[5] = -table[5] if table[5] else 3
    path = tmp_path / "side2.npy"
    np.save(path, table)
    assert main(["verify", "--side", "2", "--table", str(path)]) == 1
    out = capsys.readouterr().out
    assert "mismatch" in out and "first: position" in out


def test_help_example_works(capsys):
    assert main(["verify", "--help"]) == 0
    lines = capsys.readouterr().out.splitlines()
    example = lines.index("  triangles verify --side 3")
    assert main(["verify", "--side", "3"]) == 0
    assert capsys.readouterr().out == lines[example + 1].strip() + "\n"
