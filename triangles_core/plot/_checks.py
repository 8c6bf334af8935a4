"""The arguments every drawing takes (an axes, a figure, switches, optional mappings), checked at entry.

Thin uses of the shared checks (`triangles_core.common.checks`) with the classes of
matplotlib, so that each drawing function refuses a wrong argument in one line naming it,
before anything is drawn, instead of failing inside matplotlib.
"""

from __future__ import annotations

import math
import numbers
from typing import Any, Mapping

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..common.checks import (
    check_flag,
    check_instance,
    check_integer,
    check_positive_number,
    described,
    is_bool,
    is_listing,
    is_ordered_listing,
)
from ..games.cells import Position, check_cell_board

__all__ = [
    "MAX_POINTS",
    "check_axes",
    "check_drawing",
    "check_figure",
    "check_flags",
    "check_integers",
    "check_limits",
    "check_optional",
    "check_points",
    "check_texts",
]

MAX_POINTS = 100.0
"""Largest font size a drawing takes, in points (a figure of this package is at most a few inches wide)."""


def check_axes(ax: object, caller: str, what: str = "ax") -> Axes:
    """``ax`` if it is a matplotlib axes; else ``"{caller} needs a matplotlib Axes as {what} ..., got ..."``."""
    return check_instance(ax, Axes, f"{caller} needs a matplotlib Axes as {what} (fig, ax = plt.subplots())")


def check_figure(fig: object, caller: str, kind: type = Figure) -> Any:
    """``fig`` if it is a matplotlib figure (``kind``: ``FigureBase`` to accept a subfigure too); else raise."""
    needed = "Figure" if kind is Figure else "Figure or SubFigure"
    return check_instance(fig, kind, f"{caller} needs a matplotlib {needed} as fig (fig, ax = plt.subplots())")


def check_optional(value: object, kind: Any, caller: str, what: str, described_kind: str) -> Any:
    """``value`` if it is None or an instance of ``kind``; else ``"{caller} needs {what} as {described_kind} ..."``."""
    if value is None:
        return None
    return check_instance(value, kind, f"{caller} needs {what} as {described_kind} or None")


def check_flags(**flags: object) -> None:
    """Each switch must be True or False (`check_flag`), named by its keyword."""
    for what, value in flags.items():
        check_flag(value, what)


def check_texts(**texts: object) -> None:
    """Each text (a title, an axis label) must be a str or None (no text), named by its keyword.

    Anything else would be drawn as its ``str()`` (``'<object object at 0x...>'``), or fail
    inside matplotlib (Python refuses ``str()`` of an integer of more than 4300 digits).
    """
    for what, value in texts.items():
        if value is not None:
            check_instance(value, str, f"{what} must be a str or None")


def check_points(**sizes: object) -> None:
    """Each font size must be a number of points in ``(0, MAX_POINTS]`` (`check_positive_number`)."""
    for what, value in sizes.items():
        check_positive_number(value, what, MAX_POINTS)


def check_integers(
    values: object,
    what: str,
    item: str,
    low: int | None = None,
    high: int | None = None,
    *,
    ordered: bool = False,
    optional: bool = True,
) -> list[int] | None:
    """``values`` as a list of ints in ``low..high`` (`check_integer`), or None for None: ticks, holes to mark.

    Any listing (`is_listing`: a list, a tuple, a range, a set, a 1-d array) is taken;
    with ``ordered`` (values that pair up row by row with another list), only an ordered
    one (`is_ordered_listing`: no set or mapping); without ``optional``, None is refused
    too.  A string, a single number or a 0-d array is refused in one line naming
    ``what``, and an item that is not an integer in range in one line naming ``item``
    (``"circled hole"``).
    """
    if values is None and optional:
        return None
    if not is_listing(values) or (ordered and not is_ordered_listing(values)):
        kind = "an ordered list" if ordered else "a list"
        raise ValueError(f"{what} must be {kind} of integers{' or None' if optional else ''}, got {described(values)}")
    return [check_integer(value, item, low, high) for value in values]


def check_limits(limits: object, what: str, bound: float) -> tuple[float, float] | None:
    """``limits`` as a pair of different floats in ``[-bound, bound]`` (axis limits), or None for None; else raise.

    A real number is a Python or numpy integer or float (a ``bool``, a string, a 0-d
    array, nan, the infinities and an integer beyond a float's range are not); the
    bound keeps the ticks a drawing places at every integer between the limits few.
    """
    if limits is None:
        return None
    refusal = (
        f"{what} must be a pair of different numbers (low, high) in -{bound:g}..{bound:g} or None, "
        f"got {described(limits)}"
    )
    if getattr(limits, "ndim", None) == 1:  # a 1-d array, as numpy gives limits
        limits = list(limits)  # type: ignore[call-overload]  # why: an ndarray
    if not isinstance(limits, (tuple, list)) or len(limits) != 2:
        raise ValueError(refusal)
    pair = []
    for value in limits:
        if is_bool(value) or not isinstance(value, numbers.Real):
            raise ValueError(refusal)
        try:
            number = float(value)
        except OverflowError:  # an integer beyond a float's range
            raise ValueError(refusal) from None
        if not math.isfinite(number) or abs(number) > bound:
            raise ValueError(refusal)
        pair.append(number)
    if pair[0] == pair[1]:
        raise ValueError(refusal)
    return pair[0], pair[1]


def check_drawing(ax: object, board: object, position: Any, caller: str, **mappings: object) -> Position:
    """The arguments of a drawing of a cell-board position (an axes, a board, optional mappings); the position.

    ``position`` is checked and normalised by the board (`CellBoard.position`); each
    keyword is a mapping argument (``owners``, ``move_values``) that may be None.
    """
    check_axes(ax, caller)
    checked = check_cell_board(board, caller).position(position)
    for what, mapping in mappings.items():
        check_optional(mapping, Mapping, caller, what, "a mapping (a dict)")
    return checked
