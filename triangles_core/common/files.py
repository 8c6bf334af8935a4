"""Writing files whole or not at all.

`atomic_open` writes a regular file through a temporary file in the same folder, flushed,
synced and renamed over the target (`os.replace`) only when complete: a full disk, Ctrl-C
or an exception leaves the earlier file as it was and removes the temporary file.  A
target that is not a regular file, or is reached through a symbolic link (``/dev/stdout``,
a pipe, a terminal, a file the shell opened with ``>>``), is a stream: it is opened for
appending and written as it comes, never replaced.
"""

from __future__ import annotations

import glob
import os
import stat
import tempfile
import time
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Iterator

__all__ = ["atomic_open", "make_folder", "remove_stale_temporaries"]


def _is_stream(path: str) -> bool:
    try:
        return os.path.islink(path) or not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:  # no such file yet (or none can be made there: writing it says why)
        return False


@contextmanager
def atomic_open(
    path: str | os.PathLike,
    mode: str = "wb",
    encoding: str | None = None,
    newline: str | None = None,
    replace_special: bool = False,
) -> Iterator[IO]:
    """Open ``path`` for writing so that it is replaced only by a complete file.

    Parameters
    ----------
    path : str or path-like
        The file to write; its folder must exist.
    mode : {"wb", "w"}, default "wb"
        Binary or text.
    encoding, newline : str, optional
        As for `open` in text mode.
    replace_special : bool, default False
        True for the package's own files (its cache): whatever is at ``path`` (a link, a
        FIFO) is replaced by a regular file, never written through.

    Yields
    ------
    file object
        Renamed into place when the ``with`` block ends without an exception, removed otherwise.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as d:
    ...     target = pathlib.Path(d) / "out.txt"
    ...     with atomic_open(target, "w") as handle:
    ...         _ = handle.write("hello\\n")
    ...     print(target.read_text(), end=""); print(sorted(p.name for p in pathlib.Path(d).iterdir()))
    hello
    ['out.txt']
    """
    path = os.fspath(path)
    if not replace_special and _is_stream(path):
        with open(path, mode.replace("w", "a"), encoding=encoding, newline=newline) as handle:
            yield handle
        return
    folder, name = os.path.split(path)
    try:  # a replaced file keeps its mode; a new one gets the mode open() would give it
        permissions = stat.S_IMODE(os.stat(path).st_mode) if not replace_special else None
    except FileNotFoundError:
        permissions = None
    if permissions is None:
        umask = os.umask(0)
        os.umask(umask)
        permissions = 0o666 & ~umask
    handle = tempfile.NamedTemporaryFile(
        mode,
        encoding=encoding,
        newline=newline,
        dir=folder or ".",
        prefix=f".{name[:50]}.",
        suffix=".tmp",
        delete=False,
    )
    try:
        with handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
            os.fchmod(handle.fileno(), permissions)
        os.replace(handle.name, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(handle.name)
        raise


def remove_stale_temporaries(path: str | os.PathLike, older_than: float = 3600.0) -> list[Path]:
    """Remove the temporary files of `atomic_open` for ``path`` that a killed writer left (SIGKILL).

    A temporary file untouched for ``older_than`` seconds is taken to be stale; the
    earlier file at ``path`` was never touched by the killed writer.

    Returns
    -------
    list of pathlib.Path
        The files removed.
    """
    target = Path(path)
    removed = []
    for candidate in target.parent.glob(f".{glob.escape(target.name[:50])}.*.tmp"):
        with suppress(OSError):
            if time.time() - candidate.lstat().st_mtime > older_than:
                candidate.unlink()
                removed.append(candidate)
    return removed


def make_folder(directory: str | os.PathLike, what: str = "directory") -> Path:
    """The folder ``directory``, made with its parents if missing (the folder of a figure or a table).

    Raises
    ------
    ValueError
        If ``directory``, or a folder above it, exists but is not a folder (a file).
    """
    path = Path(directory)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # mkdir's answer for a file (or a broken link) of that name
        raise ValueError(f"{what} {os.fspath(path)!r} exists but is not a folder") from None
    except NotADirectoryError:
        raise ValueError(f"{what} {os.fspath(path)!r}: a folder above it is a file") from None
    return path
