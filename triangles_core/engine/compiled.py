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

from numba import njit

__all__ = ["compiled"]


def compiled(**options):
    """``numba.njit(cache=True, **options)``, or without the disk cache when none can be written.

    Parameters
    ----------
    **options
        Passed to ``numba.njit`` (``parallel``, ``nogil``, ``inline``).

    Returns
    -------
    callable
        The decorator.
    """
    def decorate(function):
        try:
            return njit(cache=True, **options)(function)
        except RuntimeError as error:
            if "cannot cache" not in str(error):
                raise
            return njit(cache=False, **options)(function)

    return decorate
