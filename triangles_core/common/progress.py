"""The one progress-bar helper of the package (tqdm)."""

from __future__ import annotations

__all__ = ["progress_bar"]


def progress_bar(total: int, description: str, unit: str = "it", unit_scale: bool = False):
    """A tqdm progress bar: a widget in Jupyter, text on a terminal.

    `tqdm.auto` picks the notebook widget inside a Jupyter kernel; without ipywidgets
    installed it would warn and fall back, so in that case the text bar (which Jupyter
    also shows) is used directly.

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
    """
    try:
        import ipywidgets  # noqa: F401
        from tqdm.auto import tqdm
    except ImportError:
        from tqdm import tqdm
    return tqdm(total=total, unit=unit, unit_scale=unit_scale, desc=description)
