"""``scripts/reproduce.py`` refuses what is not a notebook with one line and status 2, as a person runs it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("argument", ["notebooks/08_number_game.ipynb", "notebooks", "README.md"])
def test_a_path_that_is_not_a_notebook_is_refused_in_one_line(argument):
    result = subprocess.run(
        [sys.executable, "scripts/reproduce.py", "--no-site", argument], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert f"{argument}: not a notebook file" in result.stderr.splitlines()[-1]
    assert result.stdout == ""
