"""The one progress-bar helper of the package (tqdm)."""

from __future__ import annotations

import sys

__all__ = ["progress_bar"]


def _in_jupyter() -> bool:
    """Whether this process is a Jupyter kernel (where stderr is not a terminal, yet is shown)."""
    return "ipykernel" in sys.modules


def progress_bar(total: int, description: str, unit: str = "it", unit_scale: bool = False):
    """A tqdm progress bar: a widget in Jupyter, text on a terminal, nothing in a pipe or a log.

    `tqdm.auto` picks the notebook widget inside a Jupyter kernel; without ipywidgets
    installed it would warn and fall back, so in that case the text bar (which Jupyter
    also shows) is used directly.  Outside Jupyter the bar is drawn only when standard
    error is a terminal (tqdm's ``disable=None``): redirected to a file or a pipe, a bar
    would be thousands of ``\\r`` frames (208 KB in 11 minutes of a side-5 search) in
    the log.  The bar object is returned either way; a disabled one ignores ``update``,
    ``set_postfix_str`` and ``close``.

    Parameters
    ----------
    total : int
        Number of steps.
    description : str
        Label shown before the bar.
    unit : str, default "it"
        Name of a step.
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
