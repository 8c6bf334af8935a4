"""``scripts/reproduce.py`` refuses what is not a notebook with one line and status 2."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("reproduce", ROOT / "scripts" / "reproduce.py")
reproduce = importlib.util.module_from_spec(spec)
spec.loader.exec_module(reproduce)


@pytest.mark.parametrize("argument", ["notebooks/08_number_game.ipynb", "notebooks", "README.md"])
def test_a_path_that_is_not_a_notebook_is_refused_in_one_line(argument, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    with pytest.raises(SystemExit) as stop:
        reproduce.main(["--no-site", argument])
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and f"{argument}: not a notebook file" in err.splitlines()[-1]
