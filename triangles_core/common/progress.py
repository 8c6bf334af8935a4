"""The one progress-bar helper of the package (tqdm)."""

from __future__ import annotations

import sys

__all__ = ["progress_bar"]


def _in_jupyter() -> bool:
    """Whether this process is a Jupyter kernel (where stderr is not a terminal, yet is shown)."""
    return "ipykernel" in sys.modules


def progress_bar(total: int, description: str, unit: str = "it", unit_scale: bool = False):
    """A tqdm progress bar: a widget in Jupyter, text on a terminal, nothing in a pipe or a log.

    Parameters
    ----------
    unit_scale : bool, default False
        Show large counts with SI prefixes (k, M, G).

    Returns
    -------
    tqdm.tqdm
        Call ``update(n)`` and ``close()`` on it.

    Examples
    --------
    >>> bar = progress_bar(10, "demo")  # drawn on stderr if it is a terminal
    >>> bar.update(10); bar.close()
    """
    try:
        import ipywidgets  # noqa: F401
        from tqdm.auto import tqdm
    except ImportError:
        from tqdm import tqdm
    # None: tqdm draws the bar only if its file (stderr) is a terminal
    disable = False if _in_jupyter() else None
    return tqdm(total=total, unit=unit, unit_scale=unit_scale, desc=description, disable=disable)
