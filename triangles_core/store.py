"""Cached value tables outside the repository: ``.npy`` files with a sha256 sidecar.

The side-4 table is 1 GiB, so it is never committed.  It is kept in a user cache
directory (``platformdirs.user_cache_dir("triangles_core")``, or the directory named by
the ``TRIANGLES_CORE_CACHE`` environment variable).  Both files are written atomically
(temporary file, then rename).  A table that is missing its sidecar, fails its checksum
(truncated or corrupted), cannot be parsed, or has the wrong shape or dtype is reported
with a `CorruptCacheWarning` and recomputed.

Reading and writing hash the bytes as they pass, so the 1 GiB file is read once and
no second copy of the table is ever held in memory.
"""

from __future__ import annotations

import hashlib
import math
import os
import tempfile
import warnings
from pathlib import Path
from typing import Callable

import numpy as np

__all__ = ["cache_dir", "cached_table", "load_verified", "save_with_checksum", "sha256_file",
           "table_path", "CorruptCacheWarning", "CACHE_ENV"]

CACHE_ENV = "TRIANGLES_CORE_CACHE"
"""Environment variable naming the cache directory (overrides the platform default)."""

_CHUNK = 1 << 24  # 16 MiB per read/hash step


class CorruptCacheWarning(UserWarning):
    """A cached table was missing its sidecar, truncated, corrupted or of the wrong
    shape or dtype, and is recomputed."""


def cache_dir() -> Path:
    """The directory for cached tables (created on demand when a table is saved).

    Returns
    -------
    pathlib.Path
        ``$TRIANGLES_CORE_CACHE`` if set and non-empty, else the platform's user cache
        directory for ``triangles_core`` (``~/.cache/triangles_core`` on Linux).
    """
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("triangles_core"))


def table_path(side: int) -> Path:
    """Where the side-``side`` value table is cached: ``cache_dir() / "side{side}_values.npy"``."""
    return cache_dir() / f"side{side}_values.npy"


def sha256_file(path: Path, chunk: int = _CHUNK) -> str:
    """Hex sha256 of a file, read in chunks of ``chunk`` bytes."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while block := handle.read(chunk):
            digest.update(block)
    return digest.hexdigest()


class _HashingWriter:
    """A write-only file wrapper that hashes every byte written through it."""

    def __init__(self, handle) -> None:
        self.handle = handle
        self.digest = hashlib.sha256()

    def write(self, data) -> int:
        self.digest.update(data)
        return self.handle.write(data)


class _HashingReader:
    """A read-only file wrapper that hashes every byte read through it."""

    def __init__(self, handle) -> None:
        self.handle = handle
        self.digest = hashlib.sha256()

    def read(self, size: int = -1) -> bytes:
        data = self.handle.read(size)
        self.digest.update(data)
        return data

    def readinto(self, buffer) -> int:
        count = self.handle.readinto(buffer)
        self.digest.update(memoryview(buffer)[:count])
        return count


def _atomic_write(path: Path, write: Callable[[object], None]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        os.fchmod(fd, 0o644)  # mkstemp makes 0600; a cache file is readable like any other
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

    The checksum is computed while the file is written (no second read, no copy of the
    array).  The table is renamed into place before its sidecar, so a reader never sees a
    new sidecar next to an old table; an interrupted save leaves a mismatch, which the
    next `load_verified` reports and the caller recomputes.

    Parameters
    ----------
    path : pathlib.Path
        Target ``.npy`` file; its directory is created if missing.
    array : numpy.ndarray
        Any array without Python objects.

    Returns
    -------
    str
        The hex digest written to the sidecar (``sha256sum`` format).

    Examples
    --------
    >>> import tempfile, numpy as np
    >>> with tempfile.TemporaryDirectory() as d:
    ...     digest = save_with_checksum(Path(d) / "t.npy", np.arange(4, dtype=np.int8))
    ...     digest == sha256_file(Path(d) / "t.npy")
    True
    """
    path = Path(path)
    digests = []

    def write(handle) -> None:
        writer = _HashingWriter(handle)
        np.save(writer, np.ascontiguousarray(array), allow_pickle=False)
        digests.append(writer.digest.hexdigest())

    _atomic_write(path, write)
    digest = digests[0]
    sidecar = path.with_name(path.name + ".sha256")
    _atomic_write(sidecar, lambda handle: handle.write(f"{digest}  {path.name}\n".encode()))
    return digest


def _corrupt(message: str) -> None:
    warnings.warn(message + "; recomputing", CorruptCacheWarning, stacklevel=4)


def _read_npy_verified(path: Path, expected_digest: str) -> np.ndarray | str:
    """Read a ``.npy`` file once, hashing it on the way; the array or what is wrong."""
    size = path.stat().st_size
    with open(path, "rb") as raw:
        handle = _HashingReader(raw)
        try:
            version = np.lib.format.read_magic(handle)
            if version == (1, 0):
                shape, fortran_order, dtype = np.lib.format.read_array_header_1_0(handle)
            else:
                shape, fortran_order, dtype = np.lib.format.read_array_header_2_0(handle)
        except (ValueError, OSError, SyntaxError) as error:
            return f"has an unreadable .npy header ({error})"
        if dtype.hasobject:
            return "holds Python objects"
        nbytes = math.prod(shape) * dtype.itemsize  # Python ints: no overflow on a forged header
        if raw.tell() + nbytes != size:
            return f"is {size} bytes, not the {raw.tell() + nbytes} its header announces (truncated)"
        array = np.empty(shape, dtype=dtype, order="F" if fortran_order else "C")
        view = memoryview(array.reshape(-1, order="A").view(np.uint8))
        for start in range(0, nbytes, _CHUNK):
            part = view[start:start + _CHUNK]
            if handle.readinto(part) != len(part):
                return "ended early (truncated)"
        if raw.read(1):
            return "has trailing bytes"
    if handle.digest.hexdigest() != expected_digest:
        return "fails its sha256 check (truncated or corrupted)"
    return array


def load_verified(path: Path, shape: tuple[int, ...] | None = None,
                  dtype: np.dtype | type | str | None = None) -> np.ndarray | None:
    """Load a table saved by `save_with_checksum`, or None if it is absent or damaged.

    Parameters
    ----------
    path : pathlib.Path
        The ``.npy`` file; its sidecar is ``path + ".sha256"``.
    shape : tuple of int, optional
        Required shape; a table of another shape counts as damaged.
    dtype : numpy dtype-like, optional
        Required dtype; a table of another dtype counts as damaged.

    Returns
    -------
    numpy.ndarray or None
        The verified table, or None when there is no usable copy.

    Warns
    -----
    CorruptCacheWarning
        When the file exists but is unusable: missing or unreadable sidecar, checksum
        mismatch, truncated or unparsable file, wrong shape or dtype.  A simply absent
        file is not warned about.

    Examples
    --------
    >>> import tempfile, warnings, numpy as np
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = save_with_checksum(Path(d) / "t.npy", np.arange(3, dtype=np.int8))
    ...     print(load_verified(Path(d) / "t.npy", shape=(3,), dtype=np.int8))
    ...     with warnings.catch_warnings(record=True) as caught:
    ...         warnings.simplefilter("always")
    ...         print(load_verified(Path(d) / "t.npy", shape=(4,)), caught[0].category.__name__)
    [0 1 2]
    None CorruptCacheWarning
    """
    path = Path(path)
    if not path.exists():
        return None
    sidecar = path.with_name(path.name + ".sha256")
    try:
        expected = sidecar.read_text().split()[0]
    except (OSError, IndexError, UnicodeDecodeError):
        _corrupt(f"cached table {path} has no readable checksum")
        return None
    try:
        result = _read_npy_verified(path, expected)
    except OSError as error:
        result = f"cannot be read ({error})"
    if isinstance(result, str):
        _corrupt(f"cached table {path} {result}")
        return None
    if shape is not None and result.shape != tuple(shape):
        _corrupt(f"cached table {path} has shape {result.shape}, expected {tuple(shape)}")
        return None
    if dtype is not None and result.dtype != np.dtype(dtype):
        _corrupt(f"cached table {path} has dtype {result.dtype}, expected {np.dtype(dtype)}")
        return None
    return result


def cached_table(side: int, compute: Callable[[], np.ndarray]) -> np.ndarray:
    """The side-``side`` value table from the cache, computing and saving it if needed.

    Parameters
    ----------
    side : int
        Board side; the table must be ``int8`` of shape ``(2**n_edges,)`` and is kept in
        `table_path` ``(side)``.
    compute : callable
        Returns the table when the cache has no valid copy.

    Returns
    -------
    numpy.ndarray of int8, shape (2**n_edges,)
        The value table.

    Warns
    -----
    CorruptCacheWarning
        When a cached copy exists but is unusable (it is then recomputed and replaced).
    RuntimeWarning
        When the computed table cannot be written to the cache (it is still returned).
    """
    from .board import board

    path = table_path(side)
    values = load_verified(path, shape=(1 << board(side).n_edges,), dtype=np.int8)
    if values is None:
        values = compute()
        try:
            save_with_checksum(path, values)
        except OSError as error:  # a read-only or full cache must not lose the computed table
            warnings.warn(f"could not cache the side-{side} table in {path} ({error}); it will be "
                          f"recomputed next time", RuntimeWarning, stacklevel=2)
    return values
