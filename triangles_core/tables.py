"""Deterministic CSV export of pandas tables into ``data/tables``."""

from __future__ import annotations

from pathlib import Path

__all__ = ["save_table"]


def save_table(frame, name: str, directory: str | Path, *, float_digits: int = 6) -> Path:
    """Write a DataFrame as ``name.csv`` with reproducible bytes.

    Parameters
    ----------
    frame : pandas.DataFrame
        The table; its column order and row order are written as they are, so sort it
        before saving.
    name : str
        File stem, for example ``"side3_first_moves"``.
    directory : str or pathlib.Path
        Target directory (created if missing), usually ``data/tables``.
    float_digits : int, default 6
        Floats are rounded to this many decimals on purpose.

    Returns
    -------
    pathlib.Path
        The file written (UTF-8, ``\\n`` line ends, no index column).
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.csv"
    frame.round(float_digits).to_csv(path, index=False, lineterminator="\n", float_format=f"%.{float_digits}g")
    return path
