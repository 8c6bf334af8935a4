"""Writing files whole or not at all (`atomic_open`), and the one progress bar (`progress_bar`)."""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
import tempfile
from contextlib import contextmanager, suppress
from typing import IO, Iterator

__all__ = ["atomic_open", "progress_bar"]


_DESCRIPTOR = re.compile(r"/dev/(?:stdin|stdout|stderr|fd/\d+)|/proc/[^/]+/(?:task/\d+/)?fd/\d+")
"""The names of a descriptor the shell opened: ``/dev/stdout``, ``/dev/fd/1``, ``/proc/self/fd/1``."""


def _is_stream(path: str) -> bool:
    """A descriptor the shell opened (`_DESCRIPTOR`, reached directly or through links), or
    anything but a regular file (a pipe, a terminal, a device)."""
    for _ in range(40):  # the system's own limit on links in a row
        if _DESCRIPTOR.fullmatch(os.path.abspath(path)):
            return True
        if not os.path.islink(path):
            break
        path = os.path.join(os.path.dirname(path), os.readlink(path))
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:  # not there yet (or not reachable: writing it says why)
        return False


@contextmanager
def atomic_open(
    path: str | os.PathLike,
    mode: str = "wb",
    encoding: str | None = None,
    newline: str | None = None,
    replace_special: bool = False,
) -> Iterator[IO]:
    """Open ``path`` (its folder must exist) for writing so that it is replaced only by a complete file.

    The bytes go to a temporary file in the same folder, flushed, synced and renamed over
    ``path`` (`os.replace`) when the ``with`` block ends, removed on any exception; a
    replaced file keeps its mode; a link to a regular file keeps pointing at its new
    content.  A stream (``/dev/stdout``, a FIFO, a file the shell opened with ``>>``:
    `_is_stream`) is opened for appending and written as it comes.
    ``mode`` ("wb" or "w"), ``encoding`` and ``newline`` are `open`'s.  With
    ``replace_special`` (the package's own files, its cache) whatever is at ``path``, a
    link or a FIFO, is replaced by a new regular file, never written through.

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
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):  # as the system resolves it: `realpath` would fold "file/.." or "missing/.."
        os.stat(folder)  # the system's own error (no such folder, a loop of links), naming it
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), folder)
    if not os.path.basename(path):  # "folder/": a folder, not a file
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    if not replace_special:
        path = os.path.realpath(path)  # through a link to the file it names
    folder, name = os.path.split(path)
    try:
        permissions = stat.S_IMODE(os.stat(path).st_mode) if not replace_special else None
    except FileNotFoundError:
        permissions = None
    if permissions is None:  # what open() would give a new file
        umask = os.umask(0)
        os.umask(umask)
        permissions = 0o666 & ~umask
    handle = tempfile.NamedTemporaryFile(
        mode,
        encoding=encoding,
        newline=newline,
        dir=os.path.realpath(folder or "."),  # as the system resolves 'link/..' (tempfile folds it away)
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


def _in_jupyter() -> bool:
    """Whether this process is a Jupyter kernel (where stderr is not a terminal, yet is shown)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return type(shell).__name__ == "ZMQInteractiveShell"


def progress_bar(total: int, description: str, unit: str = "it", unit_scale: bool = False):
    """A tqdm progress bar: a widget in Jupyter, text on a terminal, nothing in a pipe or a log.

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
