"""The error family of the package: bad positions, moves and boards are value errors.

Following python-chess, every invalid-input error is a `ValueError` subclass whose
message quotes the offending input, so callers may catch `ValueError` or the precise class.
"""

from __future__ import annotations

__all__ = ["DamagedTableError", "InvalidPositionError"]


class InvalidPositionError(ValueError):
    """A position, move, edge, dot or board that does not exist in the game.

    The message quotes the offending input.  The sibling games raise subclasses
    (`triangles_core.games.peg.InvalidPegBoardError`,
    `triangles_core.games.number.InvalidNumberPositionError`).

    Examples
    --------
    >>> issubclass(InvalidPositionError, ValueError)
    True
    """


class DamagedTableError(ValueError):
    """A value table that contradicts the negamax recurrence where an answer was asked.

    Raised by `triangles_core.engine.table_solution.TableSolution` when the stored value
    of a position is not the best of its move values (docs/SPEC.md section 1): the table
    is proven wrong there, so nothing is answered from it.  When the table is the cached
    file (`triangles_core.engine.store`), that file is removed first and the message says
    so; the next process that solves the board computes it again.  Not an
    `InvalidPositionError`: the question was sound, the table was not.

    Examples
    --------
    >>> issubclass(DamagedTableError, ValueError)
    True
    """
