"""Shared fixtures: solved boards and the reference negamax tables (computed once per run)."""

from __future__ import annotations

import types
from pathlib import Path

import numpy as np
import pytest
from hypothesis import settings

from triangles_core import NegamaxSolver, TriangleGame, solve

TESTS = Path(__file__).resolve().parent
TABLES_AT_START = {path.name: path.read_bytes() for path in sorted((TESTS.parent / "data" / "tables").glob("*.csv"))}
"""The committed tables as they were when the test session started."""


SLOW_MODULES = ("tests/test_site.py", "tests/test_reproducibility.py")
"""Test files that are slow as a whole (a real browser; the check after every notebook ran)."""

SLOW_TESTS = (
    # each of these takes a second or more on two cores (and does not start a process); their files are kept as they are
    "tests/test_boxes.py::test_empty_board_values[2-5-",  # a 2**27-position table
    "tests/test_boxes.py::test_cli_accepts_boxes",  # several interpreters
    "tests/test_judge_stream.py::test_memory_stays_bounded_whatever_the_input_size",
    "tests/test_judge_stream.py::test_ctrl_c_while_answering_keeps_whole_answers",
    "tests/test_peg_game.py::test_independent_oracle_random_small_boards",
    "tests/test_peg_game.py::test_value_properties",
    "tests/test_peg_game.py::test_out_of_reach_boards_are_refused",
    "tests/test_graph.py::test_quotient_graph_folds_the_state_graph[3]",
    "tests/test_graph.py::test_optimal_game_count_side3_from_empty_board_two_ways",
    "tests/test_number_game.py::test_independent_oracle_every_reachable_position",
    "tests/test_number_game.py::test_reachable_positions_are_exactly_the_closed_ones",
    "tests/test_solver.py::test_jupyter_draws_a_drawn_position_through_the_plot_layer",
    "tests/test_entry_checks.py::test_validation_does_not_depend_on_what_was_solved_before",
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
    "triangles_core/plot/peg.py::triangles_core.plot.peg.draw_peg_principal_variation",  # doctests drawing a
    "triangles_core/analysis/export.py::triangles_core.analysis.export.export_graph",  # game, writing a graph
    "triangles_core/plot/boards.py::triangles_core.plot.boards.draw_principal_variation",
    "tests/test_judge_stream.py::test_any_chunking_reads_the_same_tokens_and_lines",
    "tests/test_graph_export.py::test_dot_round_trip",
    "tests/test_graph_export.py::test_graphml_round_trip_of_the_state_graph[2-",
    "tests/test_graph_export.py::test_cli_graph",
    "tests/test_graph_export.py::test_help_examples_work",
    "tests/test_peg_game.py::test_game_graph_matches_solver",
    "tests/test_peg_game.py::test_random_boards_through_the_solved_game_interface",
    "tests/test_openspiel.py::test_dots_and_boxes_values_and_actions_agree_with_openspiel_rules[2-3]",
    "tests/test_openspiel.py::test_triangles_game_agrees_with_engine_on_sampled_side3_positions",
    "tests/test_openspiel.py::test_paired_errors_needs_the_same_positions",
    "tests/test_analysis.py::test_mistake_cost_side3_sampled",
    "tests/test_verify.py::test_a_corrupted_value_is_caught",
    "tests/test_graph.py::test_optimal_reach_matches_optimal_subgraph[3-",
    "tests/test_search.py::test_ctrl_c_returns_bounds_and_the_solution_resumes",
    "tests/test_properties.py::test_value_follows_the_recurrence_from_its_children",
)
"""Single slow tests (node id prefixes) in files that do not mark them themselves."""

PROCESS_MODULES = frozenset({"subprocess", "commands"})
"""Modules whose use starts another process: the standard library's, and `tests/commands.py` (``triangles``)."""


def starts_a_process(function, seen: set | None = None) -> bool:
    """Whether a test's code names `PROCESS_MODULES`, itself or through a helper defined under tests/.

    A new interpreter costs 0.5 to 4 s here (numba, pandas and networkx are imported and the
    compiled kernel loaded), so every test of a command run as a user runs it is slow.  Read
    from the code objects, nested functions and lambdas included; a helper is followed when it is
    a module-level function of a test file (``triangles_here``, ``run_python``).
    """
    seen = set() if seen is None else seen
    if function in seen:
        return False
    seen.add(function)
    codes = [function.__code__]
    while codes:
        code = codes.pop()
        codes.extend(constant for constant in code.co_consts if isinstance(constant, types.CodeType))
        for name in code.co_names:
            target = function.__globals__.get(name)
            if name in PROCESS_MODULES and (target is None or isinstance(target, types.ModuleType)):
                return True
            if isinstance(target, types.ModuleType) and target.__name__ in PROCESS_MODULES:
                return True
            if (
                isinstance(target, types.FunctionType)
                and Path(target.__code__.co_filename).parent == TESTS
                and starts_a_process(target, seen)
            ):
                return True
    return False


FAST = False
"""True when the run leaves out the slow tests (``-m "not slow"``): set before any test module is imported."""


def examples(full: int) -> int:
    """Hypothesis examples for a costly property test: ``full`` in the full run, a fifth in the fast loop.

    ``@settings(max_examples=examples(25))``; property tests without their own
    ``max_examples`` get 10 in the fast loop (the ``fast`` profile) and hypothesis's 100
    in the full run.
    """
    return max(3, full // 5) if FAST else full


def pytest_collection_modifyitems(session, config, items):
    """Mark the slow tests, and run the reproducibility check last, after nbmake has executed every notebook.

    ``slow``: every notebook (executed by nbmake), every test that needs the side-4 or
    3x4-boxes table, every test that starts another process (`starts_a_process`: the
    commands, signals and streams), the browser tests, the reproducibility check and `SLOW_TESTS`;
    ``pytest -m "not slow"`` is the everyday loop, the full run is what CI does.
    """
    for item in items:
        if (
            item.nodeid.split("::")[0].endswith(".ipynb")
            or item.get_closest_marker("side4")
            or item.get_closest_marker("bigboard")
            or item.nodeid.startswith(SLOW_MODULES + SLOW_TESTS)
            or (isinstance(item, pytest.Function) and starts_a_process(item.function))
        ):
            item.add_marker(pytest.mark.slow)
    last = [item for item in items if item.nodeid.startswith("tests/test_reproducibility.py")]
    items[:] = [item for item in items if item not in last] + last


EXECUTED_NOTEBOOKS: set[str] = set()
"""Names of the notebooks that nbmake executed in this session, without an error."""


class _NotebookRecorder:
    """Records the notebooks nbmake executed.  Registered as a plugin (`pytest_configure`): a
    hook in this conftest would only hear of the items under tests/, not notebooks/."""

    @staticmethod
    def pytest_runtest_logreport(report):
        path = report.nodeid.split("::")[0]
        if path.endswith(".ipynb") and report.when == "call" and report.passed:
            EXECUTED_NOTEBOOKS.add(Path(path).name)


@pytest.fixture(autouse=True)
def _no_large_table_in_the_fast_loop(request, monkeypatch):
    """In the fast loop, a test that reaches a large table (side 4, 3x4 boxes) fails at once.

    Such a test must be marked ``side4`` or ``bigboard`` (and so ``slow``): unmarked, it would
    silently solve and cache a 1 GiB table in the everyday loop, as the README's Python
    examples once did.
    """
    if not FAST:
        return
    from triangles_core.common.limits import LARGE_TABLE_EDGES
    from triangles_core.engine import cache as store

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


class _NotebookCollector:
    """nbmake's collection of notebooks, without its advertisement at the end of every run."""

    def __init__(self, plugin) -> None:
        self.pytest_collect_file = plugin.pytest_collect_file


def pytest_configure(config):
    global FAST
    FAST = "not slow" in (config.getoption("markexpr") or "")
    config.pluginmanager.register(_NotebookRecorder(), "notebook-recorder")
    settings.register_profile("fast", max_examples=10)
    if FAST:
        settings.load_profile("fast")
    plugin = config.pluginmanager.get_plugin("nbmake")
    if plugin is not None and hasattr(plugin, "pytest_terminal_summary"):
        config.pluginmanager.unregister(plugin)
        config.pluginmanager.register(_NotebookCollector(plugin), "nbmake-collector")
