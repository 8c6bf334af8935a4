"""Cached value tables outside the repository: ``.npy`` files with a sha256 sidecar.

The side-4 table is 1 GiB and the 3x4 boxes table 2 GiB, so they are never committed.
They are kept in a user cache directory (``platformdirs.user_cache_dir("triangles_core")``,
or the directory named by the ``TRIANGLES_CORE_CACHE`` environment variable), named after
the board (``side4_values.npy``, ``boxes3x4_values.npy``).  Both files are written
atomically (`triangles_core.common.files.atomic_open`).  A table that is missing its
sidecar, fails its checksum (truncated or corrupted), cannot be parsed, has the wrong
shape or dtype, or is not a regular file (a FIFO, a link to a device) is reported with a
`CorruptCacheWarning` and recomputed; a cache that cannot be used at all (not a
directory, no permission, a name too long) is reported with a `RuntimeWarning` naming
the cause, and the table is still computed and returned.  Temporary files left by a
killed writer are removed by the next run.

Reading and writing hash the bytes as they pass, so a table is read once and no
second copy of it is ever held in memory.

What each check covers, and what it does not:

- The sha256 sidecar proves that the file is the one that was written (not truncated,
  no byte changed since), not that its values are right: whoever can write the file can
  write a matching sidecar.
- The stamp replaces the digest, by design.  Once a file has matched its digest, the
  sidecar's second line records the file's `file_stamp` (device, inode, size, modification
  and change times) together with that digest, and a load (`load_verified` with
  ``memory_map``) that finds the same stamp next to the same digest maps the file
  without reading or hashing it: ``solve(4)`` answers in milliseconds instead of after
  reading 1 GiB.  A file changed in any ordinary way (rewritten, truncated, replaced, its
  times put back with ``os.utime``) gets a new change time, and a digest line changed
  without its stamp line no longer matches it; both are read and checked in full again.
  Not caught: a change that keeps the stamp (bit rot below the file system, a write
  made with the system clock set back), or anyone who rewrites both lines of the
  sidecar.
- The spot check on loading (``cached_table``'s ``check``: for the solvers,
  `triangles_core.engine.retrograde.recurrence_problem`) derives the empty board, the
  full board, every one-edge position and 65,536 positions drawn afresh from their
  children: scattered damage is caught, a few wrong entries among 2**30 usually not.
- The answer check (`triangles_core.engine.table_solution.TableSolution`) derives each
  position a question is about, and each child a move value is read from, from its
  children before answering; a mismatch raises
  `triangles_core.common.errors.DamagedTableError` and removes the cached file
  (`discard_damaged_table`), so the next run computes it again.  It looks one ply deep:
  a table changed consistently (an entry and its parents' entries together) passes it
  and is answered from.
- Only a check of every position (`triangles_core.analysis.verify.verify_solution`,
  ``triangles verify``, about a minute for side 4) proves a cached table;
  ``triangles verify`` removes one that fails it.
"""

from __future__ import annotations

import errno
import hashlib
import math
import os
import stat
import warnings
from pathlib import Path
from tokenize import TokenError
from typing import Callable

import numpy as np

from ..common.checks import check_instance, check_path
from ..common.files import atomic_open, remove_stale_temporaries
from ..games.cells import CellBoard, check_cell_board

__all__ = [
    "CACHE_ENV",
    "PACKAGED",
    "CorruptCacheWarning",
    "cache_dir",
    "cached_table",
    "discard_cached_table",
    "discard_damaged_table",
    "load_verified",
    "open_table",
    "packaged_table",
    "save_with_checksum",
    "table_path",
]

CACHE_ENV = "TRIANGLES_CORE_CACHE"
"""Environment variable naming the cache directory (overrides the platform default)."""

_CHUNK = 1 << 24  # 16 MiB per read/hash step

PACKAGED = Path(__file__).resolve().parent / "data"
"""Value tables shipped with the package (``side3_values.npy``: 256 KiB, with its sha256).

The side-3 table is package data so that the judges answer without importing numba or
loading compiled code (`packaged_table`).  A test checks that it is byte for byte the
table the kernel computes; regenerate it with
``save_with_checksum(PACKAGED / "side3_values.npy", solve_table(board(3)))``.
"""
_MAX_SIDECAR = 4096
_HEADER_ERRORS = (ValueError, OSError, SyntaxError, TokenError, RecursionError, MemoryError, OverflowError, TypeError)
"""What numpy's ``.npy`` header parser raises on a forged or garbled header."""


class CorruptCacheWarning(UserWarning):
    """A cached table was missing its sidecar, truncated, corrupted, of the wrong shape
    or dtype, or not a regular file, and is recomputed."""


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


def table_path(board: CellBoard) -> Path:
    """Where a board's value table is cached: ``cache_dir() / f"{board.key}_values.npy"``.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> table_path(board(4)).name
    'side4_values.npy'
    """
    return cache_dir() / f"{check_cell_board(board, 'table_path').key}_values.npy"


def _describe(error: OSError, path: Path) -> str:
    """The real cause of an ``OSError`` on ``path``, in words."""
    if error.errno in (errno.EEXIST, errno.ENOTDIR):
        for parent in [path, *path.parents]:
            try:
                if parent != path and parent.is_symlink() and not parent.exists():
                    return f"{parent} is a link to {os.readlink(parent)}, which does not exist"
                if parent.exists() and not parent.is_dir() and parent != path:
                    return f"{parent} is not a directory"
            except OSError:
                continue
        return f"a part of {path} is not a directory"
    if error.errno == errno.ENAMETOOLONG:
        return "the file name is too long"
    if error.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if error.errno == errno.ENOSPC:
        return "no space left on the device"
    if error.errno == errno.EROFS:
        return "read-only file system"
    return error.strerror or str(error)


def _sidecar(path: Path) -> Path:
    """The checksum file of a saved table: ``path + ".sha256"``."""
    return path.with_name(path.name + ".sha256")


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

    Raises
    ------
    OSError
        If the directory or the files cannot be written.

    Examples
    --------
    >>> import tempfile, numpy as np
    >>> with tempfile.TemporaryDirectory() as d:
    ...     digest = save_with_checksum(Path(d) / "t.npy", np.arange(4, dtype=np.int8))
    ...     digest == hashlib.sha256((Path(d) / "t.npy").read_bytes()).hexdigest()
    True
    """
    path = Path(check_path(path))
    check_instance(array, np.ndarray, "save_with_checksum needs a numpy array")
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_open(path, replace_special=True) as handle:
        writer = _HashingWriter(handle)
        np.save(writer, np.ascontiguousarray(array), allow_pickle=False)
    digest = writer.digest.hexdigest()
    _write_sidecar(path, digest)
    return digest


def file_stamp(path: Path) -> str:
    """What identifies one written version of a file: device, inode, size, modification and change times.

    The change time (``st_ctime_ns``) is set by the system on every write and on every
    change of the file's times, so a file rewritten in place and given back its old
    modification time (``os.utime``) no longer matches and is checked in full again.
    """
    status = os.stat(path)
    return f"{status.st_dev}:{status.st_ino}:{status.st_size}:{status.st_mtime_ns}:{status.st_ctime_ns}"


_STAMP_PREFIX = "# verified "
"""The sidecar's second line: the `file_stamp` of the table file when its checksum last matched, and that digest."""


def _verified_line(path: Path, digest: str) -> str:
    """What the sidecar's stamp line holds after ``path`` matched ``digest``: its `file_stamp`, then the digest.

    The digest is part of the line so that a stamp is only worth something next to the
    digest it was written with: a sidecar whose digest line was changed since (by hand,
    or by a tool that knows only the ``sha256sum`` line) no longer matches, and the
    file is read and checked in full.
    """
    return f"{file_stamp(path)} {digest}"


def _write_sidecar(path: Path, digest: str) -> None:
    """Write ``digest`` (``sha256sum`` format) and the table's current `file_stamp` with it to the sidecar."""
    with atomic_open(_sidecar(path), replace_special=True) as handle:
        handle.write(f"{digest}  {path.name}\n{_STAMP_PREFIX}{_verified_line(path, digest)}\n".encode())


def _refresh_stamp(path: Path, digest: str) -> None:
    """Record that ``path`` was verified just now, so the next load maps it at once; a warning if it cannot.

    The table itself is sound and is used either way: a read-only cache folder (a shared
    or image-baked cache) only costs the next load its full check again.
    """
    try:
        _write_sidecar(path, digest)
    except OSError as error:
        warnings.warn(
            f"cached table {path} is sound, but its stamp could not be refreshed in {_sidecar(path).name} "
            f"({_describe(error, _sidecar(path))}); it will be checked in full again next time",
            RuntimeWarning,
            stacklevel=4,
        )


def _corrupt(message: str) -> None:
    warnings.warn(message + "; recomputing", CorruptCacheWarning, stacklevel=4)


def _read_npy_verified(path: Path, expected_digest: str) -> np.ndarray | str:
    """Read a ``.npy`` file once, hashing it on the way; the array or what is wrong."""
    with open(path, "rb") as raw:
        size = os.fstat(raw.fileno()).st_size
        handle = _HashingReader(raw)
        try:
            version = np.lib.format.read_magic(handle)
            if version == (1, 0):
                shape, fortran_order, dtype = np.lib.format.read_array_header_1_0(handle)
            else:
                shape, fortran_order, dtype = np.lib.format.read_array_header_2_0(handle)
        except _HEADER_ERRORS as error:
            return f"has an unreadable .npy header ({type(error).__name__})"
        if dtype.hasobject:
            return "holds Python objects"
        if any(type(length) is not int for length in shape):  # a forged header: (True,), (2.5,)
            return "has a shape in its header that is not a tuple of integers"
        if any(length < 0 for length in shape):
            return "has a negative length in the shape of its header"
        nbytes = math.prod(shape) * dtype.itemsize  # Python ints: no overflow on a forged header
        if raw.tell() + nbytes != size:
            return f"is {size} bytes, not the {raw.tell() + nbytes} its header announces (truncated)"
        array = np.empty(shape, dtype=dtype, order="F" if fortran_order else "C")
        view = array.reshape(-1, order="A").view(np.uint8).data
        for start in range(0, nbytes, _CHUNK):
            part = view[start : start + _CHUNK]
            if handle.readinto(part) != len(part):
                return "ended early (truncated)"
        if raw.read(1):
            return "has trailing bytes"
    if handle.digest.hexdigest() != expected_digest:
        return "fails its sha256 check (truncated or corrupted)"
    return array


def _regular(path: Path) -> bool | None:
    """True for a regular file, False for anything else that exists, None if absent.

    Raises
    ------
    OSError
        When the path cannot be examined (permission, a parent that is a file, ...).
    """
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return None
    return stat.S_ISREG(status.st_mode)


def _mapped(path: Path) -> np.ndarray | None:
    """The ``.npy`` file mapped read-only into memory, or None if numpy cannot map it."""
    try:
        return np.load(path, mmap_mode="r", allow_pickle=False)
    except _HEADER_ERRORS:
        return None


def load_verified(
    path: Path,
    shape: tuple[int, ...] | None = None,
    dtype: np.dtype | type | str | None = None,
    *,
    memory_map: bool = False,
) -> np.ndarray | None:
    """Load a table saved by `save_with_checksum`, or None if it is absent or damaged.

    With ``memory_map``, a file whose checksum matched when it was last read, and that
    has not changed since (the same `file_stamp`: device, inode, size, modification and
    change times, recorded in the sidecar next to the digest it matched), is mapped
    read-only into memory without reading it: the first answer from a cached 1 GiB
    table comes in milliseconds instead of seconds.  The stamp then stands in for the
    digest, which is not recomputed (the module docstring says what that does not
    catch).  A changed file, or a stamp recorded with another digest than the sidecar's,
    is read and checked in full, and its stamp renewed.

    Parameters
    ----------
    path : pathlib.Path
        The ``.npy`` file; its sidecar is ``path + ".sha256"``.
    shape : tuple of int, optional
        Required shape; a table of another shape counts as damaged.
    dtype : numpy dtype-like, optional
        Required dtype; a table of another dtype counts as damaged.
    memory_map : bool, default False
        Map an unchanged, already verified file instead of reading it (see above).

    Returns
    -------
    numpy.ndarray or None
        The verified table (read-only when mapped), or None when there is no usable copy.

    Raises
    ------
    OSError
        When the path cannot even be examined (for example a parent that is a file).

    Warns
    -----
    CorruptCacheWarning
        When the file exists but is unusable: not a regular file, missing or unreadable
        sidecar, checksum mismatch, truncated or unparsable file, wrong shape or dtype.
        A simply absent file is not warned about.

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
    path = Path(check_path(path))
    regular = _regular(path)
    if regular is None:
        return None
    if not regular:
        _corrupt(f"cached table {path} is not a regular file")
        return None
    sidecar = _sidecar(path)
    try:
        if not _regular(sidecar):
            raise OSError("not a regular file")
        with open(sidecar, "rb") as handle:
            text = handle.read(_MAX_SIDECAR).decode("ascii")
        expected = text.split()[0].lower()
        if len(expected) != 64 or any(c not in "0123456789abcdef" for c in expected):
            raise ValueError("no sha256 digest")
    except (OSError, IndexError, UnicodeDecodeError, ValueError):
        _corrupt(f"cached table {path} has no readable checksum in {sidecar.name}")
        return None
    stamps = [line[len(_STAMP_PREFIX) :].strip() for line in text.splitlines() if line.startswith(_STAMP_PREFIX)]
    result: np.ndarray | str
    try:
        fast = _mapped(path) if memory_map and stamps and stamps[0] == _verified_line(path, expected) else None
        if fast is not None:
            result = fast
        else:
            result = _read_npy_verified(path, expected)
            if not isinstance(result, str) and memory_map:
                _refresh_stamp(path, expected)
                mapped = _mapped(path)
                result = result if mapped is None else mapped
    except OSError as error:
        result = f"cannot be read ({_describe(error, path)})"
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


def open_table(path: str | os.PathLike) -> np.ndarray:
    """Open a ``.npy`` value table that a user names (``triangles verify --table``), memory-mapped.

    Unlike `load_verified` there is no checksum to compare: the table is checked by its
    reader (`triangles_core.analysis.verify.verify_table`).  Only a regular file is opened,
    so a FIFO or a device never makes the reader wait or read forever.

    Parameters
    ----------
    path : str or path-like
        The ``.npy`` file (numpy.save format).

    Returns
    -------
    numpy.ndarray
        A read-only memory map of the table.

    Raises
    ------
    ValueError
        When the file is not a regular file, not a ``.npy`` file, or its header cannot be
        parsed; the message says which.
    OSError
        When the file cannot be opened or read.

    Examples
    --------
    >>> import tempfile, numpy as np
    >>> with tempfile.TemporaryDirectory() as d:
    ...     np.save(Path(d) / "t.npy", np.arange(3, dtype=np.int8))
    ...     print(open_table(Path(d) / "t.npy").tolist())
    [0, 1, 2]
    """
    if not _regular(Path(check_path(path))):
        if os.path.lexists(path):
            raise ValueError("not a regular file")
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
    with open(path, "rb") as handle:
        if handle.read(6) != b"\x93NUMPY":
            raise ValueError("not a .npy file (numpy.save format)")
    try:
        with np.errstate(over="ignore"):
            return np.load(path, allow_pickle=False, mmap_mode="r")
    except OSError:
        raise
    except _HEADER_ERRORS as error:
        reason = " ".join(str(error).split())[:80]  # numpy's messages may span lines
        if "mmap length is greater than file size" in reason:
            raise ValueError("a truncated .npy file (shorter than its header announces)") from None
        raise ValueError(f"an unreadable .npy header ({type(error).__name__}: {reason})") from None


def packaged_table(board: CellBoard) -> np.ndarray | None:
    """The board's value table shipped with the package, checksum verified, or None.

    Returns
    -------
    numpy.ndarray of int8 or None
        None when the package has no table for this board (or, with a
        `CorruptCacheWarning`, when the shipped file is damaged).
    """
    path = PACKAGED / f"{check_cell_board(board, 'packaged_table').key}_values.npy"
    return load_verified(path, shape=(1 << board.n_edges,), dtype=np.int8)


def discard_cached_table(board: CellBoard) -> Path | None:
    """Remove a board's cached table and its sidecar (found wrong by a full check); the path removed, or None."""
    path = table_path(board)
    removed = None
    for target in (_sidecar(path), path):
        try:
            os.unlink(target)
            removed = path
        except FileNotFoundError:
            pass
    return removed


def discard_damaged_table(
    board: CellBoard, values: np.ndarray, still_wrong: Callable[[np.ndarray], bool]
) -> Path | None:
    """After an answer proved ``values`` wrong: remove the cached file it was read from, if it was.

    ``values`` is the board's cached table when it is a memory map of `table_path`
    ``(board)`` (what `cached_table` returns).  The file is removed with its sidecar
    (`discard_cached_table`, as ``triangles verify`` does after a failed check) only if
    the file now on disk is still wrong (``still_wrong`` of its map is true): a sound table
    written there since by another process is kept.

    Parameters
    ----------
    board : CellBoard
        The board of the table.
    values : numpy.ndarray
        The table an answer was read from.
    still_wrong : callable
        Given the table on disk (mapped read-only), true when it holds the same damage.

    Returns
    -------
    pathlib.Path or None
        The cache path when ``values`` came from it (the damaged file is gone from there
        now), or None when ``values`` is not the cached file (nothing is removed).
    """
    path = table_path(board)
    filename = getattr(values, "filename", None)  # absolute: numpy makes it so, as a str or a Path
    if not isinstance(values, np.memmap) or filename is None or os.fspath(filename) != os.path.abspath(path):
        return None
    try:
        disk = _mapped(path) if _regular(path) else None
    except OSError:
        return path
    if disk is not None and disk.shape == values.shape and disk.dtype == values.dtype and still_wrong(disk):
        del disk  # unmapped before the file is removed
        discard_cached_table(board)
    return path


def cached_table(
    board: CellBoard, compute: Callable[[], np.ndarray], check: Callable[[np.ndarray], str | None] | None = None
) -> np.ndarray:
    """A board's value table from the cache, computing and saving it if needed.

    Parameters
    ----------
    board : CellBoard
        The board; the table must be ``int8`` of shape ``(2**n_edges,)`` and is kept in
        `table_path` ``(board)``.
    compute : callable
        Returns the table when the cache has no valid copy.
    check : callable, optional
        Called on a table read from the cache: None if it is sound, else what is wrong
        (the table is then treated as corrupt, recomputed and replaced).  A checksum only
        proves that the file is the one written; this proves something about its values.

    Returns
    -------
    numpy.ndarray of int8, shape (2**n_edges,)
        The value table.

    Warns
    -----
    CorruptCacheWarning
        When a cached copy exists but is unusable (it is then recomputed and replaced).
    RuntimeWarning
        When the cache cannot be read or the computed table cannot be written to it
        (the table is still returned); the message names the cause.
    """
    path = table_path(board)
    if not callable(compute) or (check is not None and not callable(check)):
        raise ValueError("cached_table needs compute (and check, if given) to be functions")
    try:
        remove_stale_temporaries(path)
        remove_stale_temporaries(_sidecar(path))
        values = load_verified(path, shape=(1 << board.n_edges,), dtype=np.int8, memory_map=True)
    except OSError as error:
        warnings.warn(
            f"cannot use the cache {path} ({_describe(error, path)}); computing the {board.label} table",
            RuntimeWarning,
            stacklevel=2,
        )
        values = None
    problem = check(values) if values is not None and check is not None else None
    if problem is not None:
        _corrupt(f"the cached {board.label} table {path} {problem}")
        values = None
    if values is None:
        values = compute()
        try:
            save_with_checksum(path, values)
        except OSError as error:  # a read-only or full cache must not lose the computed table
            warnings.warn(
                f"could not cache the {board.label} table in {path} ({_describe(error, path)}); it will "
                "be recomputed next time",
                RuntimeWarning,
                stacklevel=2,
            )
    return values
