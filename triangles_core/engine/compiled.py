"""The one numba decorator of the package: compiled code, cached on disk when it can be.

`compiled` is ``numba.njit`` with ``cache=True``, so that a new process loads the machine
code instead of compiling it (about a second saved per kernel).  Numba looks for a
writable cache folder next to the source or in the user's cache directory; in a read-only
installation with a home folder that cannot be written there is none, and
``njit(cache=True)`` fails at import with "cannot cache function ...: no locator
available".  The package must still run, so the kernel is then compiled without a disk
cache (each process compiles it once).
"""

from __future__ import annotations

import os
from typing import Callable, cast

from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros as _numba_trailing_zeros

__all__ = ["CompilerDisabledError", "compiled", "require_compiler", "trailing_zeros"]

trailing_zeros = cast("Callable[[int], int]", _numba_trailing_zeros)
"""The number of trailing zero bits of an integer: numba's intrinsic, for compiled code only.

Typed as compiled code calls it, with the integer alone: numba's own annotation lists the
typing context that numba supplies itself, ``(typingctx, src)``, which a type checker
reads as a missing argument at every call.
"""


def compiled(**options):
    """``numba.njit(cache=True, **options)``, or without the disk cache when none can be written.

    Parameters
    ----------
    **options
        Passed to ``numba.njit`` (``parallel``, ``nogil``, ``inline``).
    """

    def decorate(function):
        try:
            dispatcher = njit(cache=True, **options)(function)
        except RuntimeError as error:
            if "cannot cache" not in str(error):
                raise
            return njit(cache=False, **options)(function)
        _tolerate_damaged_cache(dispatcher)
        return dispatcher

    return decorate


def _tolerate_damaged_cache(dispatcher) -> None:
    """Make a damaged on-disk cache a cache miss: compile afresh and write a new cache."""
    cache = getattr(dispatcher, "_cache", None)
    load, save = getattr(cache, "load_overload", None), getattr(cache, "save_overload", None)
    if cache is None or load is None or save is None:
        return

    def discard_index() -> None:
        index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
        if index:
            try:
                os.unlink(index)
            except OSError:
                pass

    def load_overload(signature, target_context):
        try:
            return load(signature, target_context)
        except Exception:  # any failure to read the cache: compile instead
            discard_index()
            return None

    def save_overload(signature, result):
        try:
            save(signature, result)
        except Exception:  # a cache that cannot be written costs a compilation next time, nothing more
            discard_index()

    cache.load_overload, cache.save_overload = load_overload, save_overload


class CompilerDisabledError(RuntimeError):
    """A kernel that only runs compiled was asked for while numba's compiler is switched off."""


def require_compiler(what: str) -> None:
    """Raise `CompilerDisabledError` if ``NUMBA_DISABLE_JIT`` is set.

    Parameters
    ----------
    what : str
        What needs the compiler, for the message.

    Raises
    ------
    CompilerDisabledError
        With one line saying what to do.
    """
    from numba.core import config

    if config.DISABLE_JIT:  # type: ignore[attr-defined]  # set at import from NUMBA_DISABLE_JIT, not declared
        raise CompilerDisabledError(
            f"{what} needs numba's compiler, which NUMBA_DISABLE_JIT=1 turns off; unset NUMBA_DISABLE_JIT to run it"
        )
