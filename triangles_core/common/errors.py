"""The error family of the package: bad positions, moves and boards are value errors.

Following python-chess, every invalid-input error is a `ValueError` subclass whose
message quotes the offending input, so callers may catch `ValueError` or the precise class.
"""

from __future__ import annotations

__all__ = ["InvalidPositionError"]


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
