"""Reproducible figure files: PNG and SVG with pinned metadata, written atomically."""

from __future__ import annotations

from pathlib import Path

import matplotlib

from ..common.files import atomic_open

__all__ = ["SVG_HASH_SALT", "save_figure"]

SVG_HASH_SALT = "triangles_core"
"""Fixed ``svg.hashsalt``, so that SVG element ids are the same on every run."""


def save_figure(fig, name: str, directory: str | Path, dpi: int = 100) -> list[Path]:
    """Save a figure as ``name.png`` and ``name.svg`` with reproducible bytes.

    No software or date stamp is written and the SVG hash salt is fixed, so that
    re-running a notebook reproduces the same bytes on the same library versions.  Each
    file is written to a temporary name and renamed into place.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure.
    name : str
        File stem, for example ``"side3_first_moves"``.
    directory : str or pathlib.Path
        Target directory (created if missing), usually ``data/figures``.
    dpi : int, default 100
        Resolution of the PNG.

    Returns
    -------
    list of pathlib.Path
        The two files written.
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    png, svg = directory / f"{name}.png", directory / f"{name}.svg"
    with atomic_open(png) as handle:
        fig.savefig(handle, format="png", dpi=dpi, bbox_inches="tight", metadata={"Software": None})
    with matplotlib.rc_context({"svg.hashsalt": SVG_HASH_SALT}), atomic_open(svg) as handle:
        fig.savefig(handle, format="svg", bbox_inches="tight", metadata={"Date": None})
    return [png, svg]
