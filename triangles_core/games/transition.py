"""`Transition`: the result of playing one move, shared by every game."""

from __future__ import annotations

from typing import Hashable, NamedTuple

__all__ = ["Transition"]


class Transition(NamedTuple):
    """The result of playing one move.

    Attributes
    ----------
    reward : int
        What the mover scores with this move (cells claimed, peg product, ...).
    again : bool
        True if the same player moves next (a cell was completed).

    Examples
    --------
    >>> Transition(7, 1, True)
    Transition(position=7, reward=1, again=True)
    """

    position: Hashable
    reward: int
    again: bool
