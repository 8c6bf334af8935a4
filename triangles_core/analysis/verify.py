"""Self-check of a stored solution: re-derive every value from its children.

A value table is correct exactly when every entry satisfies the negamax recurrence (SPEC
section 1) given its children's entries; by induction on the undrawn edges this proves
the whole table (GAMESMAN's self-check).  It uses the one compiled rule through
`triangles_core.engine.retrograde.derived_values`, in another order than the solver.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._files import progress_bar
from ..engine.retrograde import derived_values
from ..engine.solutions import TableSolution, check_values
from ..errors import check_integer
from ..games.cells import CellBoard

__all__ = ["Mismatch", "Verification", "verify_solution", "verify_table"]

CHUNK = 1 << 22
"""Positions checked per call of the compiled kernel (a progress-bar step for side 4)."""


@dataclass(frozen=True)
class Mismatch:
    """A stored value of ``position`` (with its drawn ``edges``) that the recurrence over its children contradicts."""

    position: int
    edges: tuple[int, ...]
    stored: int
    derived: int

    def __str__(self) -> str:
        drawn = " ".join(map(str, self.edges)) or "none"
        return (
            f"position {self.position} (edges drawn: {drawn}): stored value {self.stored:+d}, "
            f"its children give {self.derived:+d}"
        )


@dataclass(frozen=True)
class Verification:
    """The outcome of a self-check: positions ``checked`` (all), ``mismatches``, and the smallest (or None)."""

    board: CellBoard
    checked: int
    mismatches: int
    first_mismatch: Mismatch | None

    @property
    def passed(self) -> bool:
        """True when every stored value agrees with its children."""
        return self.mismatches == 0

    def __str__(self) -> str:
        head = f"{self.board.label}: {self.checked} positions checked"
        if self.passed:
            return f"{head}, every value agrees with the recurrence"
        plural = "" if self.mismatches == 1 else "es"
        return f"{head}, {self.mismatches} mismatch{plural}; first: {self.first_mismatch}"


def verify_table(b: CellBoard, values: np.ndarray, progress: bool = False, chunk: int = CHUNK) -> Verification:
    """Check every stored value of a table (not modified) against the recurrence, ``chunk`` positions per kernel call.

    Examples
    --------
    >>> from triangles_core import solve
    >>> solution = solve(2)
    >>> print(verify_table(solution.board, solution.values))
    side-2 board: 512 positions checked, every value agrees with the recurrence
    >>> table = solution.values.copy()
    >>> table[0] += 1
    >>> print(verify_table(solution.board, table))  # doctest: +NORMALIZE_WHITESPACE
    side-2 board: 512 positions checked, 1 mismatch; first: position 0 (edges drawn: none):
    stored value -1, its children give -2
    """
    check_values(b, values)
    chunk = check_integer(chunk, "chunk", 1)
    expected = 1 << b.n_edges
    bar = progress_bar(expected, f"verify {b.label}", unit="pos", unit_scale=True) if progress else None
    mismatches, first = 0, None
    try:
        for start in range(0, expected, chunk):
            stop = min(start + chunk, expected)
            derived = derived_values(b, values, range(start, stop))
            bad = np.flatnonzero(derived != values[start:stop])
            if bad.size:
                if first is None:
                    p = start + int(bad[0])
                    first = Mismatch(p, tuple(b.drawn_edges(p)), int(values[p]), int(derived[bad[0]]))
                mismatches += int(bad.size)
            if bar is not None:
                bar.update(stop - start)
    finally:
        if bar is not None:
            bar.close()
    return Verification(b, expected, mismatches, first)


def verify_solution(solution: TableSolution, progress: bool = False) -> Verification:
    """`verify_table` on a solution's table.

    Examples
    --------
    >>> from triangles_core import solve
    >>> verify_solution(solve(3)).passed
    True
    """
    return verify_table(solution.board, solution.values, progress=progress)
