"""Every notebook runs, and re-running it changes no byte of the committed tables.

This is the suite's one execution of the notebooks.  Each is executed as
``scripts/reproduce.py`` executes it (nbclient, in the notebook's folder, saved in place),
in one copy of what the notebooks read (notebooks/, data/, scripts/, docs/, tests/data/)
in a temporary folder, so the working tree is never written; the copy's tables after each
notebook are compared with the committed ones.

The notebooks run one after another in a background thread that `start` begins as soon as
the tests are collected (tests/conftest.py), so that their kernels use the second core
while the other tests run; these tests come last and wait for them.  One notebook alone:
``pytest tests/test_reproducibility.py -k 03_outcomes``.
"""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
import threading
from concurrent.futures import Future
from pathlib import Path

import pytest

import triangles_core as tc

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
RUNS: dict[str, Future] = {}
"""Each notebook's execution, by file name: its result is the copy's tables just after it."""


def _tables(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.glob("*.csv"))}


def start(names: list[str]) -> None:
    """Execute the notebooks ``names`` one after another in a background thread (see the module docstring).

    The two large tables are solved (or loaded from the cache) here first, so that a
    notebook and a test never solve the same one at once: each takes gigabytes.
    """
    runs = {name: Future() for name in names if name not in RUNS}
    if not runs:
        return
    RUNS.update(runs)
    tc.solve(4), tc.solve_boxes(3, 4)
    spec = importlib.util.spec_from_file_location("reproduce", ROOT / "scripts" / "reproduce.py")
    reproduce = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reproduce)
    copy = Path(tempfile.mkdtemp(prefix="triangles-notebooks-"))
    for folder in ("notebooks", "data", "scripts", "docs", "tests/data"):
        shutil.copytree(
            ROOT / folder, copy / folder, ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints")
        )

    def execute_all() -> None:
        for name, run in runs.items():
            try:
                reproduce.execute(copy / "notebooks" / name)
                run.set_result(_tables(copy / "data" / "tables"))
            except BaseException as error:  # the notebook's test reports it
                run.set_exception(error)
        shutil.rmtree(copy, ignore_errors=True)

    threading.Thread(target=execute_all, name="notebooks", daemon=True).start()


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_tables_unchanged_after_executing_the_notebook(notebook):
    start([notebook.name])  # already started, unless this test was collected some other way
    after, committed = RUNS[notebook.name].result(), _tables(ROOT / "data" / "tables")
    assert after.keys() == committed.keys(), "a notebook wrote a table that is not committed"
    changed = [name for name in after if after[name] != committed[name]]
    assert not changed, f"tables changed by re-running {notebook.name}: {changed}"
