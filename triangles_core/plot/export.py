"""Reproducible figure files (PNG and SVG, written atomically), and figures shown in Jupyter with alternative text."""

from __future__ import annotations

import base64
import html
import io
import os
import stat
from pathlib import Path

import matplotlib

from .._files import atomic_open

__all__ = ["DPI", "SVG_HASH_SALT", "png_bytes", "save_figure", "show_figure", "svg_bytes"]

DPI = 150
"""Resolution of every PNG the package writes or shows."""

SVG_HASH_SALT = "triangles_core"
"""Fixed ``svg.hashsalt``, so that SVG element ids are the same on every run."""


def png_bytes(fig, dpi: int = DPI) -> bytes:
    """A figure as PNG bytes, cropped to what is drawn, with no software stamp (the same bytes on every run)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight", metadata={"Software": None})
    return buffer.getvalue()


def svg_bytes(fig) -> bytes:
    """A figure as SVG bytes, cropped to what is drawn, with no date and fixed element ids (`SVG_HASH_SALT`)."""
    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": SVG_HASH_SALT}):
        fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    return buffer.getvalue()


def save_figure(fig, name: str, directory: str | Path, dpi: int = DPI) -> list[Path]:
    """Save a figure as ``name.png`` and ``name.svg`` in ``directory`` (created if missing) with reproducible bytes.

    Examples
    --------
    >>> import tempfile
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(2, 1))
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     first = [path.read_bytes() for path in save_figure(fig, "empty", folder)]
    ...     again = save_figure(fig, "empty", folder)
    ...     print([path.name for path in again], first == [path.read_bytes() for path in again])
    ['empty.png', 'empty.svg'] True
    >>> plt.close(fig)
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    png, svg = directory / f"{name}.png", directory / f"{name}.svg"
    picture, drawing = png_bytes(fig, dpi), svg_bytes(fig)
    # Both temporaries complete (flushed and synced) before either is renamed: a full disk
    # fails here, inside both blocks, so both temporaries are removed and the old pair kept.
    with atomic_open(png) as png_handle, atomic_open(svg) as svg_handle:
        for handle, data in ((png_handle, picture), (svg_handle, drawing)):
            handle.write(data)
            handle.flush()
            if stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # not a stream a link may lead to
                os.fsync(handle.fileno())
    return [png, svg]


def show_figure(fig, alt: str, dpi: int = DPI) -> None:
    """Show a figure in Jupyter as a PNG with alternative text ``alt``, and close it.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(2, 1))
    >>> show_figure(fig, "An empty axes.")  # the PNG inlined in src # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
    {'text/html': '<img src=... alt="An empty axes."
     style="max-width: 100%; width: 200px">', 'text/plain': '[figure: An empty axes.]'}
    >>> plt.fignum_exists(fig.number)
    False
    """
    import matplotlib.pyplot as plt
    from IPython.display import display

    data = base64.b64encode(png_bytes(fig, dpi)).decode("ascii")
    width = int(round(fig.get_size_inches()[0] * 100))
    markup = (
        f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt, quote=True)}" '
        f'style="max-width: 100%; width: {width}px">'
    )
    plt.close(fig)
    display({"text/html": markup, "text/plain": f"[figure: {alt}]"}, raw=True)
