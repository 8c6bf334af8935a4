"""Shared fixtures: solved boards and the reference negamax tables (computed once per run)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import settings

from triangles_core import NegamaxSolver, TriangleGame, solve

TESTS = Path(__file__).resolve().parent

SLOW_MODULES = ("tests/test_site.py", "tests/test_reproducibility.py")
"""Test files that are slow as a whole (a real browser; every notebook executed)."""

SLOW_TESTS = (
    # each of these takes a second or more on two cores; their files are kept as they are
    "tests/test_boxes.py::test_empty_board_values[2-5-",  # a 2**27-position table
    "tests/test_peg_game.py::test_independent_oracle_random_small_boards",
    "tests/test_peg_game.py::test_value_properties",
    "tests/test_peg_game.py::test_out_of_reach_boards_are_refused",
    "tests/test_graph.py::test_quotient_graph_folds_the_state_graph[3]",
    "tests/test_graph.py::test_optimal_game_count_side3_from_empty_board_two_ways",
    "tests/test_number_game.py::test_independent_oracle_every_reachable_position",
    "tests/test_number_game.py::test_reachable_positions_are_exactly_the_closed_ones",
    "tests/test_cli.py::test_every_judge_help_example_prints_what_it_says",
    "tests/test_boxes.py::test_published_value_of_the_3x3_board",  # a 2**24-position table
    "tests/test_graph.py::test_state_graph_of_any_solved_game_carries_values_and_move_values[<lambda>2]",
    "tests/test_readme.py::test_console_example[triangles graph ",  # the README's two slowest commands
    "tests/test_readme.py::test_console_example[triangles verify --side 3",
    # every side-3 position against the reference negamax (sides 1 and 2 stay in the fast loop)
    "tests/test_solver.py::test_every_position_agrees_with_the_reference_negamax[3]",
    "tests/test_contract.py::test_every_query_agrees_with_the_reference_negamax[triangles side 3",
    "tests/test_contract.py::test_every_query_agrees_with_the_reference_negamax[boxes 2x3",
    "tests/test_contract.py::test_every_query_agrees_with_the_reference_negamax[search triangles side 3",
    "tests/test_contract.py::test_every_query_agrees_with_the_reference_negamax[search boxes 2x3",
    "tests/test_search.py::test_keys_with_interchangeable_edges_keep_the_value[boxes3x3",  # 2**24 keys
    "tests/test_cli.py::test_edges_may_follow_the_options",  # several interpreters
    # the fast loop keeps the smaller boards of each of these
    "tests/test_contract.py::test_principal_variation_is_optimal_and_adds_up_to_the_value[search ",
    "tests/test_capture_rules.py::test_rules_hold_on_every_position[boxes3x3-",
    "tests/test_capture_rules.py::test_counts_of_3x3_boxes",
    "tests/test_kernel.py::test_boxes_random_positions_match_negamax[2-3]",
    "tests/test_chains.py::test_the_controller_wins_every_simple_loony_endgame_with_a_long_chain_or_loop[boxes2x3]",
    "triangles_core/analysis/export.py::triangles_core.analysis.export.export_graph",  # doctests writing a graph or
    "triangles_core/plot/boards.py::triangles_core.plot.boards.draw_principal_variation",  # drawing a game
    "tests/test_graph_export.py::test_dot_round_trip",
    "tests/test_graph_export.py::test_cli_graph",
    "tests/test_graph_export.py::test_help_examples_work",
    "tests/test_peg_game.py::test_game_graph_matches_solver",
    "tests/test_openspiel.py::test_dots_and_boxes_values_and_actions_agree_with_openspiel_rules[2-3]",
    "tests/test_openspiel.py::test_triangles_game_agrees_with_engine_rules_and_values[3]",
    "tests/test_openspiel.py::test_paired_errors_needs_the_same_positions",
    "tests/test_openspiel.py::test_study_examples",
    "tests/test_verify.py::test_a_corrupted_value_is_caught",
    "tests/test_graph.py::test_optimal_reach_matches_optimal_subgraph[3]",
    "tests/test_search.py::test_ctrl_c_returns_bounds_and_the_solution_resumes",
    "tests/test_properties.py::test_value_follows_the_recurrence_from_its_children",
)
"""Single slow tests (node id prefixes) in files that do not mark them themselves."""

FAST = False
"""True when the run leaves out the slow tests (``-m "not slow"``): set before any test module is imported."""


def examples(full: int) -> int:
    """Hypothesis examples for a costly property test: ``full`` in the full run, a fifth in the fast loop (others
    get hypothesis's 100, and 10 in the fast loop)."""
    return max(3, full // 5) if FAST else full


def pytest_collection_modifyitems(session, config, items):
    """Mark the slow tests (side4, bigboard, `SLOW_MODULES`, `SLOW_TESTS`: ``-m "not slow"`` is the everyday loop),
    and put the notebooks' tests last: they wait for the run `pytest_collection_finish` starts."""
    for item in items:
        if (
            item.get_closest_marker("side4")
            or item.get_closest_marker("bigboard")
            or item.nodeid.startswith(SLOW_MODULES + SLOW_TESTS)
        ):
            item.add_marker(pytest.mark.slow)
    notebooks = [item for item in items if item.nodeid.startswith("tests/test_reproducibility.py")]
    items[:] = [item for item in items if item not in notebooks] + notebooks


def pytest_collection_finish(session):
    """Start the notebooks of the run in the background (tests/test_reproducibility.py): their kernels work on
    the second core while the other tests run."""
    notebooks = [item for item in session.items if item.nodeid.startswith("tests/test_reproducibility.py")]
    if notebooks:
        notebooks[0].module.start([item.callspec.params["notebook"].name for item in notebooks])


@pytest.fixture(autouse=True)
def _no_other_process_in_the_fast_loop(monkeypatch):
    """In the fast loop a test that starts another process (0.5 to 4 s each) is skipped when it tries."""
    if FAST:

        def skip(*args, **kwargs):
            pytest.skip("starts another process: left to the full run")

        monkeypatch.setattr(subprocess.Popen, "__init__", skip)


@pytest.fixture(autouse=True)
def _no_large_table_in_the_fast_loop(request, monkeypatch):
    """In the fast loop, a test that reaches a large table (side 4, 3x4 boxes) fails at once: mark it ``side4`` or
    ``bigboard`` (and so ``slow``)."""
    if not FAST:
        return
    from triangles_core.engine import cache as store
    from triangles_core.engine.limits import LARGE_TABLE_EDGES

    real = store.cached_table

    def refuse_large(board, *args, **kwargs):
        if board.n_edges >= LARGE_TABLE_EDGES:
            pytest.fail(f"{request.node.nodeid} needs the {board.label} table: mark it side4 or bigboard")
        return real(board, *args, **kwargs)

    monkeypatch.setattr(store, "cached_table", refuse_large)


@pytest.fixture(scope="module")
def browser():
    """Chromium through Playwright (`tests/browser.py`), one per test module."""
    from browser import launch_browser

    yield from launch_browser()


@pytest.fixture(scope="session")
def study():
    """``scripts/mcts_study.py`` (notebook 11's study of MCTS), imported as the notebook imports it."""
    sys.path.insert(0, str(TESTS.parent / "scripts"))
    try:
        import mcts_study
    finally:
        sys.path.remove(str(TESTS.parent / "scripts"))
    return mcts_study


@pytest.fixture(scope="session")
def solution3():
    return solve(3)


@pytest.fixture(scope="session")
def reference_values():
    """Reference negamax values of every position, keyed by side (1, 2, 3)."""
    cache = {}

    def get(side: int) -> np.ndarray:
        if side not in cache:
            solver = NegamaxSolver(TriangleGame(side))
            n = TriangleGame(side).board.n_edges
            cache[side] = np.array([solver.value(p) for p in range(1 << n)], dtype=np.int64)
        return cache[side]

    return get


def pytest_configure(config):
    global FAST
    FAST = "not slow" in (config.getoption("markexpr") or "")
    settings.register_profile("fast", max_examples=10)
    if FAST:
        settings.load_profile("fast")
