"""Reproducible figure files (PNG and SVG with pinned metadata, written atomically), and
figures shown in Jupyter with alternative text."""

from __future__ import annotations

import base64
import html
import io
import math
import os
import stat
from pathlib import Path

import matplotlib

from ..common.checks import check_file_stem, check_instance, check_integer, check_path
from ..common.files import atomic_open, make_folder
from ._checks import check_figure

__all__ = ["DPI", "MAX_DPI", "MAX_PIXELS", "MIN_DPI", "SVG_HASH_SALT", "png_bytes", "save_figure", "show_figure"]

DPI = 150
"""Resolution of every PNG the package writes or shows."""

SVG_HASH_SALT = "triangles_core"
"""Fixed ``svg.hashsalt``, so that SVG element ids are the same on every run."""

MIN_DPI = 20
"""Lowest resolution taken: FreeType refuses to render a glyph less than about half a pixel
high, which a 9 pt label reaches below 4 dpi and a 2 pt one below 20."""

MAX_DPI = 1200
"""Highest resolution taken (print quality; the package's figures are at most a few inches)."""

MAX_PIXELS = 2**26
"""Largest raster a PNG may need (width times height at the dpi), for the whole figure and
for the area saved with ``bbox_inches="tight"`` (which grows to include an artist placed
outside the figure): 64 Mpx, 256 MiB of RGBA; and at most 2**16 - 1 pixels a side,
matplotlib's Agg limit."""


def _check_dpi(fig, dpi: object) -> int:
    """``dpi`` as an int in ``MIN_DPI..MAX_DPI`` for which the rasters of ``fig`` stay within `MAX_PIXELS`.

    Two rasters are drawn: the whole figure (where ``bbox_inches="tight"`` measures its
    artists) and the tight area saved, which an artist placed outside the figure makes
    larger than the figure; both are bounded before anything is rendered.
    """
    dpi = check_integer(dpi, "dpi", MIN_DPI, MAX_DPI)
    _check_raster("a figure", fig.get_size_inches(), dpi)  # first: measuring draws the figure
    tight = fig.get_tightbbox()  # inches, from the figure's renderer, as savefig measures it
    pad = matplotlib.rcParams["savefig.pad_inches"]
    pad = float(pad) if isinstance(pad, (int, float)) else 0.0
    _check_raster("the area drawn (bbox_inches='tight')", (tight.width + 2 * pad, tight.height + 2 * pad), dpi)
    return dpi


def _check_raster(what: str, inches, dpi: int) -> None:
    """Raise if ``what``, of ``inches`` (width, height), needs a raster beyond `MAX_PIXELS` at ``dpi``."""
    width, height = (float(side) for side in inches)
    pixels = width * dpi, height * dpi
    if not all(math.isfinite(p) for p in pixels) or max(pixels) >= 2**16 or pixels[0] * pixels[1] > MAX_PIXELS:
        raise ValueError(
            f"dpi {dpi} would make a raster of {pixels[0]:,.0f} x {pixels[1]:,.0f} pixels for {what} of "
            f"{width:g} x {height:g} in (at most {MAX_PIXELS:,} pixels, 65,535 a side): lower dpi, "
            "or keep every artist inside the figure"
        )


def png_bytes(fig, dpi: int = DPI) -> bytes:
    """A figure as PNG bytes, with no software stamp (the same bytes on every run).

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure.
    dpi : int, default `DPI`
        Resolution, an integer in ``MIN_DPI..MAX_DPI`` (20 to 1200): below 20 FreeType
        cannot render small labels; the raster (figure size times dpi, and the area
        drawn with ``bbox_inches="tight"`` times dpi) must stay within `MAX_PIXELS`.

    Returns
    -------
    bytes
        The PNG file.

    Raises
    ------
    ValueError
        If ``fig`` is not a matplotlib figure, ``dpi`` not an integer in 20..1200, or
        the raster larger than `MAX_PIXELS` (an artist far outside the figure makes the
        area drawn that large), before the PNG is rendered.
    """
    check_figure(fig, "png_bytes")
    return _png(fig, _check_dpi(fig, dpi))


def _png(fig, dpi: int) -> bytes:
    """`png_bytes` of a figure and dpi already checked (`_check_dpi` draws the figure to measure it: once is enough)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight", metadata={"Software": None})
    return buffer.getvalue()


def save_figure(fig, name: str, directory: str | Path, dpi: int = DPI) -> list[Path]:
    """Save a figure as ``name.png`` and ``name.svg`` with reproducible bytes.

    No software or date stamp is written and the SVG hash salt is fixed, so that
    re-running a notebook reproduces the same bytes on the same library versions.  Both
    files are written to temporary names and renamed into place only when both are
    complete.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure.
    name : str
        File stem, for example ``"side3_first_moves"``.
    directory : str or pathlib.Path
        Target directory (created if missing), usually ``data/figures``.
    dpi : int, default `DPI`
        Resolution of the PNG, in ``MIN_DPI..MAX_DPI`` (20 to 1200, see `png_bytes`).

    Returns
    -------
    list of pathlib.Path
        The two files written.

    Raises
    ------
    ValueError
        Before anything is written: ``fig`` is not a matplotlib figure, ``name`` is not a
        file stem (`triangles_core.common.checks.check_file_stem`: no path separator, not
        hidden), ``directory`` is not a path or is a file (not a folder), or ``dpi``
        not an integer in 20..1200 (or too large for the figure or the area drawn, `MAX_PIXELS`).
    OSError
        When a file cannot be written (a full disk, a read-only folder); no temporary is
        left, and the old files, if any, are kept.

    Examples
    --------
    >>> import tempfile
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(2, 1))
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     first = [path.read_bytes() for path in save_figure(fig, "empty", folder)]
    ...     again = save_figure(fig, "empty", folder)
    ...     print([path.name for path in again], first == [path.read_bytes() for path in again])
    ['empty.png', 'empty.svg'] True
    >>> plt.close(fig)
    """
    check_figure(fig, "save_figure")
    name = check_file_stem(name, "name")
    directory = Path(check_path(directory, "directory"))
    dpi = _check_dpi(fig, dpi)
    make_folder(directory, "directory")
    png, svg = directory / f"{name}.png", directory / f"{name}.svg"
    picture = _png(fig, dpi)
    drawing = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": SVG_HASH_SALT}):
        fig.savefig(drawing, format="svg", bbox_inches="tight", metadata={"Date": None})
    # Both temporaries complete (flushed and synced) before either is renamed: a full disk
    # fails here, inside both blocks, so both temporaries are removed and the old pair kept.
    with atomic_open(png) as png_handle, atomic_open(svg) as svg_handle:
        for handle, data in ((png_handle, picture), (svg_handle, drawing.getvalue())):
            handle.write(data)
            handle.flush()
            if stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # not a stream a link may lead to
                os.fsync(handle.fileno())
    return [png, svg]


def show_figure(fig, alt: str, dpi: int = DPI) -> None:
    """Show a figure in Jupyter as a PNG with alternative text, and close it.

    The output is an HTML ``<img>`` with an ``alt`` attribute (what screen readers say,
    and what nbconvert and the site need), plus the text itself as the plain-text form.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure (closed afterwards, so that Jupyter does not show it twice).
    alt : str
        What the figure shows, in one or two sentences.
    dpi : int, default `DPI`
        Resolution, in ``MIN_DPI..MAX_DPI`` (20 to 1200, see `png_bytes`).

    Returns
    -------
    None
        The figure is displayed (outside Jupyter: its two forms are printed) and closed.

    Raises
    ------
    ValueError
        If ``fig`` is not a matplotlib figure, ``alt`` not a string that says something,
        or ``dpi`` not an integer in 20..1200 (or too large for the figure or the area
        drawn, `MAX_PIXELS`); the figure is then left open.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
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

    check_figure(fig, "show_figure")
    if not check_instance(alt, str, "show_figure needs alt as a str (what the figure shows)").strip():
        raise ValueError("alt is empty: say in one or two sentences what the figure shows")
    dpi = _check_dpi(fig, dpi)
    data = base64.b64encode(_png(fig, dpi)).decode("ascii")
    width = int(round(fig.get_size_inches()[0] * 100))
    markup = (
        f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt, quote=True)}" '
        f'style="max-width: 100%; width: {width}px">'
    )
    plt.close(fig)
    display({"text/html": markup, "text/plain": f"[figure: {alt}]"}, raw=True)
