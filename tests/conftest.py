"""Shared fixtures: solved boards and the reference negamax tables (computed once per run)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from triangles_core import NegamaxSolver, TriangleGame, solve

TABLES_AT_START = {path.name: path.read_bytes()
                   for path in sorted((Path(__file__).resolve().parent.parent / "data" / "tables").glob("*.csv"))}
"""The committed tables as they were when the test session started."""


SLOW_MODULES = ("tests/test_site.py", "tests/test_reproducibility.py")
"""Test files that are slow as a whole (a real browser; the check after every notebook ran)."""


def pytest_collection_modifyitems(session, config, items):
    """Mark the slow tests, and run the reproducibility check last, after nbmake has executed every notebook.

    ``slow``: every notebook (executed by nbmake), every test that needs the side-4 or
    3x4-boxes table, the browser tests and the reproducibility check; ``pytest -m "not
    slow"`` is the everyday loop, the full run is what CI does.
    """
    for item in items:
        if (item.nodeid.split("::")[0].endswith(".ipynb") or item.get_closest_marker("side4")
                or item.get_closest_marker("bigboard") or item.nodeid.startswith(SLOW_MODULES)):
            item.add_marker(pytest.mark.slow)
    last = [item for item in items if item.nodeid.startswith("tests/test_reproducibility.py")]
    items[:] = [item for item in items if item not in last] + last


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
    plugin = config.pluginmanager.get_plugin("nbmake")
    if plugin is not None and hasattr(plugin, "pytest_terminal_summary"):
        config.pluginmanager.unregister(plugin)
        config.pluginmanager.register(_NotebookCollector(plugin), "nbmake-collector")
