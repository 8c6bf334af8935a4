"""The one numba decorator of the package: compiled code, cached on disk.

`compiled` is ``numba.njit`` with ``cache=True``, so that a new process loads the machine
code instead of compiling it (about a second saved per kernel).
"""

from __future__ import annotations

from typing import Callable, cast

from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros as _numba_trailing_zeros

__all__ = ["compiled", "trailing_zeros"]

trailing_zeros = cast("Callable[[int], int]", _numba_trailing_zeros)
"""The number of trailing zero bits of an integer: numba's intrinsic, for compiled code only.

Typed as compiled code calls it, with the integer alone (numba supplies its typing context).
"""


def compiled(**options):
    """``numba.njit(cache=True, **options)`` (``parallel``, ``nogil``, ``inline``, ...)."""
    return njit(cache=True, **options)
