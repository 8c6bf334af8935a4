"""Value tables kept on disk: ``.npy`` files, checked cheaply on load and recomputed if wrong.

The side-4 (1 GiB) and 3x4 boxes (2 GiB) tables live in the user cache folder
(``platformdirs.user_cache_dir("triangles_core")``, or ``TRIANGLES_CORE_CACHE``), named
after the board (``side4_values.npy``); the side-3 table ships with the package, so that
the judges answer without numba.  A table is written whole or not at all
(`triangles_core._files.atomic_open`), mapped read-only, and used only after a shape and
dtype check and, for a cached table, the spot check of the recurrence
(`triangles_core.engine.retrograde.recurrence_problem`); on any failure it is recomputed
and saved again, with one warning.  ``triangles verify`` proves a table position by position.
"""

from __future__ import annotations

import os
import warnings
import zlib
from pathlib import Path
from typing import Callable

import numpy as np

from .._files import atomic_open
from ..games.cells import CellBoard

__all__ = ["CACHE_ENV", "PACKAGED", "cache_dir", "cached_table", "discard_cached_table", "open_table", "table_path"]

CACHE_ENV = "TRIANGLES_CORE_CACHE"
"""Environment variable naming the cache folder (overrides the platform default)."""

PACKAGED = Path(__file__).resolve().parent / "data"
"""Tables shipped with the package (``side3_values.npy``); a test checks it equals the kernel's table."""

Check = Callable[[np.ndarray], "str | None"]


def cache_dir() -> Path:
    """The folder of cached tables: ``$TRIANGLES_CORE_CACHE`` if set, else the user cache folder."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("triangles_core"))


def table_path(board: CellBoard) -> Path:
    """Where a board's table is cached.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> table_path(board(4)).name
    'side4_values.npy'
    """
    return cache_dir() / f"{board.key}_values.npy"


def open_table(path: str | os.PathLike) -> np.ndarray:
    """A ``.npy`` table mapped read-only."""
    with open(path, "rb") as handle:
        if handle.read(6) != b"\x93NUMPY":  # the magic string of the format
            raise ValueError("not a .npy file (numpy.save format)")
    try:
        return np.load(path, mmap_mode="r", allow_pickle=False)
    except OSError:
        raise
    except Exception as error:  # numpy's header parser raises ValueError, TokenError, TypeError, EOFError
        raise ValueError(f"an unreadable .npy file ({type(error).__name__}: {' '.join(str(error).split())})") from None


def _load(path: Path, board: CellBoard, check: Check | None) -> np.ndarray | None:
    """The table at ``path`` if it passes its checks; None if absent; None and one warning if it fails."""
    if not path.exists():
        return None
    expected = (1 << board.n_edges,)
    try:
        if not path.is_file():  # a FIFO or a device would block or never end
            raise ValueError("not a regular file")
        values = open_table(path)
        if values.shape != expected or values.dtype != np.int8:
            problem: str | None = f"is {values.dtype} of shape {values.shape}, not int8 of shape {expected}"
        else:
            problem = check(values) if check is not None else None
    except (OSError, ValueError) as error:
        problem = f"cannot be read ({error})"
    if problem is None:
        return values
    warnings.warn(f"the {board.label} table {path} {problem}; recomputing it", RuntimeWarning, stacklevel=3)
    return None


PACKAGED_CRC32 = {"side3": 0x6A1C351F}
"""The CRC-32 of each shipped table's values (`zlib.crc32`), checked on every load: microseconds."""


def _packaged_check(board: CellBoard) -> Check:
    def check(values: np.ndarray) -> str | None:
        crc = zlib.crc32(np.ascontiguousarray(values).data)
        return None if crc == PACKAGED_CRC32.get(board.key) else f"has CRC-32 {crc:#010x}, not the shipped table's"

    return check


def packaged_table(board: CellBoard) -> np.ndarray | None:
    """The board's table shipped with the package (shape, dtype and CRC-32 checked), or None."""
    return _load(PACKAGED / f"{board.key}_values.npy", board, _packaged_check(board))


def cached_table(board: CellBoard, compute: Callable[[], np.ndarray], check: Check | None = None) -> np.ndarray:
    """A board's table from the cache (`table_path`), or computed by ``compute`` and saved there.

    ``check`` is given a loaded table of the right shape and dtype and returns None if sound,
    else what is wrong.  One RuntimeWarning line when a cached table fails its checks (it is
    recomputed and replaced) or the computed table cannot be saved (it is still returned).
    """
    path = table_path(board)
    values = _load(path, board, check)
    if values is not None:
        return values
    values = compute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_open(path, replace_special=True) as handle:  # the package's own file: whatever is there is replaced
            np.save(handle, values, allow_pickle=False)
    except OSError as error:
        warnings.warn(f"could not cache the {board.label} table in {path}: {error}", RuntimeWarning, stacklevel=2)
    return values


def discard_cached_table(board: CellBoard) -> Path | None:
    """Remove a board's cached table (found wrong by ``triangles verify``); the path removed, or None."""
    path = table_path(board)
    try:
        path.unlink()
    except FileNotFoundError:
        return None
    return path
