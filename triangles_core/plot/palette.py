"""The one palette of the package's figures: players (A blue, B orange), outcomes for the player to move
(win blue, draw grey, loss red), categories (a qualitative set), and the one value scale (`value_norm` on
`value_colormap`: red losing, white 0, blue winning; the explorer's colours are `value_colours`)."""

from __future__ import annotations

import matplotlib
import numpy as np
from matplotlib.colors import Normalize, to_hex

__all__ = [
    "CLASS_COLOURS",
    "CLASSIFICATION_COLOURS",
    "COMPONENT_COLOURS",
    "OUTCOME_COLOURS",
    "OWNER_COLOURS",
    "VALUE_FLOOR",
    "ValueNorm",
    "board_colour",
    "value_colormap",
    "value_colours",
    "value_norm",
]

OWNER_COLOURS = {"A": "#4c72b0", "B": "#dd8452", None: "#c8c8c8"}
"""Fill colours of complete cells: claimed by A, by B, or by nobody."""

OUTCOME_COLOURS = {"win": "#2166ac", "draw": "#bdbdbd", "loss": "#b2182b"}
"""Colours of the outcomes for the player to move (the two ends of the value colour map)."""

CLASS_COLOURS = ("#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666")
"""Colours of categories such as symmetry classes (ColorBrewer Dark2)."""

CLASSIFICATION_COLOURS = {"inaccuracy": "#e6b800", "error": "#9b59b6", "blunder": "#c0392b"}
"""Markers of mistakes in a game review, by how much value they lose (none is a player's colour)."""

COMPONENT_COLOURS = {"long chain": "#d73027", "short chain": "#fee08b", "loop": "#7b3294", "complex": "#a6d96a"}
"""Fill colours of unclaimed cells by their component (`triangles_core.analysis.chains`), none near a player's."""

VALUE_FLOOR = 0.2
"""A value of +-1 is drawn this fraction of the way from white to the darkest colour (no non-zero value looks white)."""


def value_colormap():
    """The diverging colour map of values (ColorBrewer RdBu: red losing, blue winning)."""
    return matplotlib.colormaps["RdBu"]


class ValueNorm(Normalize):
    """The scale of `value_norm`: ``v`` rounded to ``0.5 + 0.5 sign(v) (VALUE_FLOOR + (1 - VALUE_FLOOR) |v| / lim)``."""

    def __init__(self, limit: int):
        self.limit = max(limit, 1)
        super().__init__(vmin=-self.limit, vmax=self.limit, clip=True)

    def __call__(self, value, clip=None):
        scalar = np.ndim(value) == 0
        v = np.rint(np.clip(np.ma.getdata(np.asarray(value, dtype=float)), -self.limit, self.limit))
        out = 0.5 + 0.5 * np.sign(v) * (VALUE_FLOOR + (1 - VALUE_FLOOR) * np.abs(v) / self.limit)
        return float(out) if scalar else np.ma.masked_array(out)

    def inverse(self, value):
        t = (np.asarray(value, dtype=float) - 0.5) * 2
        magnitude = np.clip((np.abs(t) - VALUE_FLOOR) / (1 - VALUE_FLOOR), 0, 1) * self.limit
        return np.sign(t) * magnitude


def value_norm(limit: int) -> ValueNorm:
    """The colour scale of values: one colour per integer of ``-limit .. +limit``, white at 0.

    Examples
    --------
    >>> norm = value_norm(9)
    >>> [round(float(norm(v)), 3) for v in (-9, -3, -1, 0, 1, 3, 9)]
    [0.0, 0.267, 0.356, 0.5, 0.644, 0.733, 1.0]
    >>> norm(2.6) == norm(3)        # one colour per integer
    True
    """
    return ValueNorm(limit)


def value_colours(limit: int) -> list[str]:
    """The colour of each value ``-limit .. +limit`` on the scale of `value_norm`, as ``#rrggbb``.

    Examples
    --------
    >>> value_colours(1)
    ['#67001f', '#f6f7f7', '#053061']
    """
    norm, cmap = value_norm(limit), value_colormap()
    return [to_hex(cmap(norm(v))) for v in range(-norm.limit, norm.limit + 1)]


_BOARD_ORDER = ("side1", "side2", "side3", "side4", "boxes2x2", "boxes3x3", "boxes3x4")


def board_colour(key: str) -> str:
    """The colour (of `CLASS_COLOURS`) of the board ``key`` in every chart that compares boards.

    Examples
    --------
    >>> board_colour("side3") == CLASS_COLOURS[2]
    True
    """
    index = _BOARD_ORDER.index(key) if key in _BOARD_ORDER else len(_BOARD_ORDER) + sum(map(ord, key))
    return CLASS_COLOURS[index % len(CLASS_COLOURS)]
