"""Cached value tables outside the repository: ``.npy`` files with a sha256 sidecar.

The side-4 table is 1 GiB, so it is never committed.  It is kept in a user cache
directory (``platformdirs.user_cache_dir("triangles_core")``, or the directory named by
the ``TRIANGLES_CORE_CACHE`` environment variable).  Both files are written atomically
(temporary file, then rename); a table whose checksum does not match its sidecar is
reported with a warning and recomputed.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import warnings
from pathlib import Path
from typing import Callable

import numpy as np

__all__ = ["cache_dir", "cached_table", "load_verified", "save_with_checksum", "sha256_file",
           "CorruptCacheWarning"]

CACHE_ENV = "TRIANGLES_CORE_CACHE"


class CorruptCacheWarning(UserWarning):
    """A cached table was missing its sidecar, truncated or corrupted, and is recomputed."""


def cache_dir() -> Path:
    """The directory for cached tables (created on demand).

    Returns
    -------
    pathlib.Path
        ``$TRIANGLES_CORE_CACHE`` if set, else the platform's user cache directory.
    """
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("triangles_core"))


def sha256_file(path: Path, chunk: int = 1 << 24) -> str:
    """Hex sha256 of a file, read in chunks of ``chunk`` bytes."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while block := handle.read(chunk):
            digest.update(block)
    return digest.hexdigest()


def _atomic_write(path: Path, write: Callable[[object], None]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_with_checksum(path: Path, array: np.ndarray) -> str:
    """Save ``array`` as ``.npy`` and its sha256 in ``path + ".sha256"``, atomically.

    Returns
    -------
    str
        The hex digest written to the sidecar.
    """
    path = Path(path)
    _atomic_write(path, lambda handle: np.save(handle, array, allow_pickle=False))
    digest = sha256_file(path)
    sidecar = path.with_name(path.name + ".sha256")
    _atomic_write(sidecar, lambda handle: handle.write(f"{digest}  {path.name}\n".encode()))
    return digest


def load_verified(path: Path) -> np.ndarray | None:
    """Load a table saved by `save_with_checksum`, or None if it is absent or damaged.

    A damaged table (missing sidecar, checksum mismatch, unreadable file) raises a
    `CorruptCacheWarning`; a simply absent one does not.
    """
    path = Path(path)
    if not path.exists():
        return None
    sidecar = path.with_name(path.name + ".sha256")
    try:
        expected = sidecar.read_text().split()[0]
    except (OSError, IndexError):
        warnings.warn(f"cached table {path} has no readable checksum; recomputing", CorruptCacheWarning,
                      stacklevel=3)
        return None
    actual = sha256_file(path)
    if actual != expected:
        warnings.warn(f"cached table {path} fails its sha256 check (truncated or corrupted); recomputing",
                      CorruptCacheWarning, stacklevel=3)
        return None
    try:
        return np.load(path, allow_pickle=False)
    except (OSError, ValueError) as error:
        warnings.warn(f"cached table {path} cannot be read ({error}); recomputing", CorruptCacheWarning,
                      stacklevel=3)
        return None


def cached_table(side: int, compute: Callable[[], np.ndarray]) -> np.ndarray:
    """The side-``side`` value table from the cache, computing and saving it if needed.

    Parameters
    ----------
    side : int
        Board side (names the file ``side{side}_values.npy``).
    compute : callable
        Returns the table when the cache has no valid copy.

    Returns
    -------
    numpy.ndarray of int8
        The value table.
    """
    path = cache_dir() / f"side{side}_values.npy"
    values = load_verified(path)
    if values is None:
        values = compute()
        save_with_checksum(path, values)
    return values
