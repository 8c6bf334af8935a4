"""The arguments every drawing takes (an axes, a figure, switches, optional mappings), checked at entry.

Thin uses of the shared checks (`triangles_core.common.checks`) with the classes of
matplotlib, so that each drawing function refuses a wrong argument in one line naming it,
before anything is drawn, instead of failing inside matplotlib.
"""

from __future__ import annotations

from typing import Any, Mapping

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..common.checks import check_flag, check_instance, check_positive_number
from ..games.cells import Position, check_cell_board

__all__ = [
    "MAX_POINTS",
    "check_axes",
    "check_drawing",
    "check_figure",
    "check_flags",
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
