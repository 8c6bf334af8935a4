"""Every notebook runs, and re-running it changes no byte of the committed tables.

This is the suite's one execution of the notebooks.  Each is executed as
``scripts/reproduce.py`` executes it (nbclient, in the notebook's folder, saved in place),
in one copy of what the notebooks read (notebooks/, data/, scripts/, docs/, tests/data/)
in a temporary folder, so the working tree is never written; after each notebook the
copy's tables are compared with the committed ones.  One notebook alone:
``pytest tests/test_reproducibility.py -k 03_outcomes``.
"""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _tables(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.glob("*.csv"))}


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """A copy of the folders the notebooks read, shared by the notebooks of this run."""
    copy = tmp_path_factory.mktemp("repository")
    for folder in ("notebooks", "data", "scripts", "docs", "tests/data"):
        shutil.copytree(
            ROOT / folder, copy / folder, ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints")
        )
    return copy


@pytest.fixture(scope="module")
def reproduce():
    """``scripts/reproduce.py``, the script a person runs."""
    spec = importlib.util.spec_from_file_location("reproduce", ROOT / "scripts" / "reproduce.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_tables_unchanged_after_executing_the_notebook(notebook, copy, reproduce):
    reproduce.execute(copy / "notebooks" / notebook.name)
    committed, after = _tables(ROOT / "data" / "tables"), _tables(copy / "data" / "tables")
    assert after.keys() == committed.keys(), "a notebook wrote a table that is not committed"
    changed = [name for name in after if after[name] != committed[name]]
    assert not changed, f"tables changed by re-running {notebook.name}: {changed}"
