"""The one numba decorator of the package: compiled code, cached on disk.

`compiled` is ``numba.njit`` with ``cache=True``, so that a new process loads the machine
code instead of compiling it (about a second saved per kernel).
"""

from __future__ import annotations

from typing import Callable, cast

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros as _numba_trailing_zeros

__all__ = ["compiled", "popcount", "trailing_zeros"]

trailing_zeros = cast("Callable[[int], int]", _numba_trailing_zeros)
"""The number of trailing zero bits of an integer: numba's intrinsic, for compiled code only.

Typed as compiled code calls it, with the integer alone (numba supplies its typing context).
"""


def compiled(**options):
    """``numba.njit(cache=True, **options)`` (``parallel``, ``nogil``, ``inline``, ...)."""
    return njit(cache=True, **options)


@compiled(inline="always")
def popcount(x):  # pragma: no cover - compiled
    """The number of set bits of a non-negative int64, in compiled code."""
    x = np.uint64(x)
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))
