"""What the notebooks' tests share: the committed tables of data/tables and the notebooks' text."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"


def table(name: str, **options) -> pd.DataFrame:
    """The committed table ``data/tables/NAME.csv`` (``options`` go to `pandas.read_csv`)."""
    return pd.read_csv(DATA / "tables" / f"{name}.csv", **options)


def sources(stem: str) -> list[str]:
    """The source of every cell of ``notebooks/STEM.ipynb``."""
    return [cell.source for cell in nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4).cells]


def prose(stem: str) -> str:
    """The markdown of a notebook on one line, every run of white space one space (numbers are checked in it)."""
    cells = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4).cells
    return " ".join(" ".join(c.source.split()) for c in cells if c.cell_type == "markdown")


def bold_answer(stem: str, start: str = "") -> str:
    """The first bold passage of the first cell that begins with ``start``, on one line, less an "Answer: " label.

    It is the notebook's answer, which has at most 50 words.
    """
    answer = " ".join(re.search(rf"\*\*({start}.+?)\*\*", sources(stem)[0], re.S).group(1).split())
    answer = answer.removeprefix("Answer: ")
    assert len(answer.split()) <= 50, answer
    return answer
