"""Re-running the analysis changes no byte of the committed tables.

The tables under data/tables are read when the test session starts (conftest).  In the
full run nbmake executes every notebook in place during the session (writing its tables
again) and this test, moved to the very end of the run, compares the bytes.  A notebook
that this session did not execute (the test run alone, or with ``-k``) is executed here,
as a person reproduces it: ``scripts/reproduce.py --no-site`` in a copy of the
repository's notebooks/, data/ and scripts/ in a temporary folder, and the tables it
writes there are compared with the committed ones.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXECUTED_NOTEBOOKS, TABLES_AT_START

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _tables(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.glob("*.csv"))}


def _execute_in_a_copy(notebook: Path, copy: Path) -> Path:
    """Run ``scripts/reproduce.py --no-site`` on the notebook in a copy of the repository; its data/tables."""
    for folder in ("notebooks", "data", "scripts", "docs", "tests/data"):  # what notebooks read
        shutil.copytree(
            ROOT / folder, copy / folder, ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints")
        )
    result = subprocess.run(
        [sys.executable, str(copy / "scripts" / "reproduce.py"), "--no-site", str(copy / "notebooks" / notebook.name)],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert result.returncode == 0, f"{notebook.name} failed:\n{result.stderr[-4000:]}"
    return copy / "data" / "tables"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_tables_unchanged_after_executing_the_notebook(notebook, tmp_path):
    if notebook.name in EXECUTED_NOTEBOOKS:  # nbmake executed it in place: every table is as it was
        after = _tables(ROOT / "data" / "tables")
    else:
        after = _tables(_execute_in_a_copy(notebook, tmp_path))
    assert after.keys() == TABLES_AT_START.keys(), "a notebook wrote a table that is not committed"
    changed = [name for name in after if after[name] != TABLES_AT_START[name]]
    assert not changed, f"tables changed by re-running the notebooks: {changed}"
