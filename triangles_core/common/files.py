"""Writing files so that no fault leaves a broken or stray file.

Every file the package writes (tables, figures, graph exports, cached value tables, a
review written with ``--csv``) goes through `atomic_open`: the bytes go to a temporary
file in the same folder, which is flushed, synced and renamed over the target only when
complete.  A full disk, Ctrl-C or an exception leaves the earlier file untouched and
removes the temporary one.  A process killed outright (SIGKILL) cannot clean up; its
temporary file carries its process id in the name, so `remove_stale_temporaries` can
tell it from one that a running process is still writing, and the next `atomic_open` of
the same target removes it.  (The ``triangles`` command turns SIGTERM and SIGHUP into an
exception, so a polite kill cleans up at once, as Ctrl-C does.)

Targets that are not regular files (a FIFO, a terminal, a device) are written directly:
they are streams, and renaming over them would replace the device node.  A path that is
the process's own standard output or error (whatever its spelling: ``/dev/stdout``,
``//dev/stdout``, ``/proc/thread-self/fd/1``, a link to one; told by device and inode,
`descriptor_named`) or names one of its descriptors (``/dev/fd/N``, ``/proc/self/fd/N``)
is written through that descriptor as the shell opened it, so that ``--csv /dev/stdout
>> log.txt`` appends to ``log.txt`` as ``>>`` says.  A read-only file is refused, as the
shell's ``>`` would refuse it.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Callable, Iterator

from .checks import excerpt

__all__ = [
    "atomic_open",
    "descriptor_named",
    "make_folder",
    "remove_own_temporaries",
    "remove_stale_temporaries",
    "temporary_prefix",
]

_SUFFIX = ".tmp"
_NAME_BYTES = 200
"""How much of the target's name a temporary name may repeat: the pid, 8 random characters
and the suffix must still fit in the 255 bytes a file name may have."""


def temporary_prefix(path: Path) -> str:
    """The name prefix of the temporary files written for ``path`` (before the pid).

    The target's name; a name longer than 200 bytes is cut to its first 190 and followed
    by a digest of the whole name, so that the temporary name still fits the file-system
    limit and two long names that begin alike still have prefixes of their own.
    """
    name = os.fsencode(path.name)
    if len(name) > _NAME_BYTES:
        name = name[: _NAME_BYTES - 10] + b"~" + hashlib.sha256(name).hexdigest()[:8].encode()
    return f".{os.fsdecode(name)}."


_DESCRIPTOR_PATH = re.compile(r"/(?:dev/fd|proc/self/fd|proc/(?P<pid>[0-9]+)/fd)/(?P<fd>[0-9]{1,9})")
_STANDARD_STREAMS = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}


def descriptor_named(path: str | os.PathLike) -> int | None:
    """The process's own open descriptor that ``path`` names, or None.

    Such a path is the process's own stream: opening it anew would truncate the file behind
    a redirection (``>> log.txt``) and resolving it would replace that file; writing to
    the descriptor keeps what the shell set up (appending, a pipe, a terminal).  Standard
    output and error are told by identity (the same device and inode as descriptor 1 or
    2), so that every spelling of them counts; other descriptors by their names
    ``/dev/stdin``, ``/dev/fd/N``, ``/proc/self/fd/N`` and ``/proc/PID/fd/N`` (this
    process's id).

    Parameters
    ----------
    path : str or path-like
        A file name.

    Returns
    -------
    int or None
        The descriptor, or None if ``path`` is not one of the process's open descriptors.

    Examples
    --------
    >>> descriptor_named("/no/such/file") is None
    True
    """
    name = os.fspath(path)
    try:
        status = os.stat(name)
    except (OSError, ValueError):
        status = None
    if status is not None:
        for number in (1, 2):
            try:
                stream = os.fstat(number)
            except OSError:
                continue  # closed
            if (stream.st_dev, stream.st_ino) == (status.st_dev, status.st_ino):
                return number
    name = os.path.abspath(name)
    name = "/" + name.lstrip("/")  # POSIX keeps a leading '//'; it names the same file here
    if name in _STANDARD_STREAMS:
        number = _STANDARD_STREAMS[name]
    else:
        match = _DESCRIPTOR_PATH.fullmatch(name)
        if match is None or (match["pid"] is not None and int(match["pid"]) != os.getpid()):
            return None
        number = int(match["fd"])
    try:
        os.fstat(number)
    except OSError:
        return None  # not open: let open() say what is wrong
    return number


def make_folder(directory: str | os.PathLike, what: str = "directory") -> Path:
    """The folder ``directory``, made with its parents if missing (the folder of a figure or a table).

    Parameters
    ----------
    directory : str or path-like
        The folder.
    what : str, default "directory"
        The argument's name, for the message.

    Returns
    -------
    pathlib.Path

    Raises
    ------
    ValueError
        If ``directory``, or a folder above it, exists but is not a folder (a file).
    OSError
        When a folder cannot be made (permissions, a full disk).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = (pathlib.Path(d) / "afile").write_text("")
    ...     make_folder(pathlib.Path(d) / "afile")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: directory '...afile' exists but is not a folder
    """
    path = Path(directory)
    quoted = excerpt(os.fspath(path), 200)  # its end is what matters: quote more than a value's usual 40 characters
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # mkdir's answer for a file (or a broken link) of that name
        raise ValueError(f"{what} {quoted} exists but is not a folder") from None
    except NotADirectoryError:
        raise ValueError(f"{what} {quoted}: a folder above it is a file") from None
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


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
        The file to write; its folder must exist.  A symbolic link is followed (the
        file it points to is replaced, the link kept), except with ``replace_special``.
    mode : {"wb", "w"}, default "wb"
        Binary or text.
    encoding, newline : str, optional
        As for `open` in text mode.
    replace_special : bool, default False
        False for an output the user names: a ``path`` that exists but is not a regular
        file (a device, a FIFO, a link to one, ``/dev/stdout``) is written as a stream, a
        read-only file is refused, and a replaced file keeps its mode.  True for files
        the package owns (its cache): whatever is there is replaced by a regular file
        with the default mode (so that an unreadable copy is not rewritten unreadable),
        and a symbolic link there is itself replaced, never written through (a link
        in the cache to a file elsewhere must not have that file overwritten).

    Yields
    ------
    file object
        Write to it; the file is renamed into place when the ``with`` block ends
        without an exception, and removed otherwise.  Temporaries of the same target
        left by writers that were killed are removed first (`remove_stale_temporaries`).

    Raises
    ------
    OSError
        When the folder cannot be written (the target is left as it was).

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
    if mode not in ("wb", "w"):
        raise ValueError(f"mode must be 'wb' or 'w', got {mode!r}")
    descriptor = None if replace_special else descriptor_named(path)
    if descriptor is not None:  # standard output or error, /dev/fd/N: the stream itself, as opened
        with os.fdopen(os.dup(descriptor), mode, encoding=encoding, newline=newline) as handle:
            yield handle
        return
    if replace_special:  # the package's own file: a fresh one with the default mode, in place of anything
        # the folder resolved as the system resolves it ('..' after a link, which abspath and mkstemp
        # would fold first), the file's own name kept: a link there is replaced, not followed
        status, target = None, Path(os.path.realpath(Path(path).parent)) / Path(path).name
    else:
        try:
            status = os.stat(path)  # through links as the kernel follows them (/proc's included)
        except FileNotFoundError:
            status = None
        if status is not None and not stat.S_ISREG(status.st_mode):
            with open(path, mode, encoding=encoding, newline=newline) as handle:  # a stream
                yield handle
            return
        target = Path(os.path.realpath(path))
        if status is not None and not os.access(target, os.W_OK):  # as `>` would: a read-only file stays
            raise PermissionError(errno.EACCES, "the file is read-only", str(target))
    _remove_stale_temporaries_of(target)
    _WRITING.append(target)
    temporary = None
    try:
        fd, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f"{temporary_prefix(target)}{os.getpid()}-", suffix=_SUFFIX
        )
        os.fchmod(fd, stat.S_IMODE(status.st_mode) if status is not None else 0o666 & ~_umask())
        with os.fdopen(fd, mode, encoding=encoding, newline=newline) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        else:  # stopped inside mkstemp, which may have made the file
            _remove_temporaries_of(target, _this_process)
        raise
    finally:
        _WRITING.remove(target)


_WRITING: list[Path] = []
"""The targets `atomic_open` is writing in this process, for `remove_own_temporaries`."""


def remove_own_temporaries() -> None:
    """Remove the temporary files of every write this process has under way.

    For a process about to end at once (a second stop signal while the first is being
    cleaned up), so that it leaves no temporary file behind; the writes are lost, their
    targets keep their earlier content.
    """
    for target in list(_WRITING):
        _remove_temporaries_of(target, _this_process)


def _this_process(pid: int) -> bool:
    return pid == os.getpid()


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it exists, owned by someone else
    return True


def remove_stale_temporaries(path: str | os.PathLike) -> list[Path]:
    """Remove the temporary files that killed writers of ``path`` left behind.

    A temporary file is stale when the process whose id is in its name no longer runs;
    files of running processes (a concurrent writer) are left alone.

    Parameters
    ----------
    path : str or path-like
        The target file whose temporaries to look for.

    Returns
    -------
    list of pathlib.Path
        The files removed.
    """
    return _remove_stale_temporaries_of(Path(os.path.realpath(path)))


def _remove_stale_temporaries_of(target: Path) -> list[Path]:
    """`remove_stale_temporaries` of the file ``target`` exactly (its links not followed)."""
    return _remove_temporaries_of(target, lambda pid: not _pid_alive(pid))


def _remove_temporaries_of(target: Path, writer_is: Callable[[int], bool]) -> list[Path]:
    """Remove the temporaries of the file ``target`` whose writer's pid satisfies ``writer_is``."""
    # exactly the names atomic_open makes: prefix, pid, '-', mkstemp's 8 random characters, suffix
    # (so that the temporary of another target whose name starts like this one is never taken)
    pattern = re.compile(re.escape(temporary_prefix(target)) + r"([0-9]+)-[a-z0-9_]{8}" + re.escape(_SUFFIX))
    removed: list[Path] = []
    try:
        candidates = list(target.parent.iterdir())
    except OSError:
        return removed
    for candidate in candidates:
        match = pattern.fullmatch(candidate.name)
        if match is None or not writer_is(int(match.group(1))):
            continue
        try:
            if candidate.is_file() and not candidate.is_symlink():
                candidate.unlink()
                removed.append(candidate)
        except OSError:
            pass
    return removed
