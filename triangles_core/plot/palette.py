"""The one palette of the package's figures.

- Players: A blue, B orange (claimed cells, moves in a principal variation, the sides of
  a value-history plot).
- Outcomes for the player to move: win blue, draw grey, loss red.
- Move and position values: one diverging colour map, red (losing) through white (0) to
  blue (winning), centred on 0.
- Shares (0 to 1): one sequential colour map.
- Symmetry classes and other categories: a qualitative set.
"""

from __future__ import annotations

import matplotlib.pyplot as plt

from ..common.checks import check_instance

__all__ = [
    "CLASS_COLOURS",
    "CLASSIFICATION_COLOURS",
    "COMPONENT_COLOURS",
    "NEUTRAL",
    "OUTCOME_COLOURS",
    "OWNER_COLOURS",
    "SHARE_COLORMAP",
    "board_colour",
    "value_colormap",
]

OWNER_COLOURS = {"A": "#4c72b0", "B": "#dd8452", None: "#c8c8c8"}
"""Fill colours of complete cells: claimed by A, by B, or by nobody."""

OUTCOME_COLOURS = {"win": "#2166ac", "draw": "#bdbdbd", "loss": "#b2182b"}
"""Colours of the outcomes for the player to move (the two ends of the value colour map)."""

SHARE_COLORMAP = "viridis"
"""The sequential colour map of shares."""

CLASS_COLOURS = ("#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666")
"""Colours of categories such as symmetry classes (ColorBrewer Dark2)."""

CLASSIFICATION_COLOURS = {"inaccuracy": "#e6b800", "error": "#9b59b6", "blunder": "#c0392b"}
"""Markers of mistakes in a game review, by how much value they lose (none is a player's colour)."""

NEUTRAL = "#bbbbbb"
"""Undrawn edges, empty holes and other background marks."""


def value_colormap():
    """The diverging colormap used for values (red: losing, blue: winning)."""
    return plt.get_cmap("RdBu")


_BOARD_ORDER = ("side1", "side2", "side3", "side4", "boxes2x2", "boxes3x3", "boxes3x4")


def board_colour(key: str) -> str:
    """The colour of one board in every chart that compares boards (the same in every notebook).

    Parameters
    ----------
    key : str
        The board's `key` (``"side3"``, ``"boxes3x3"``).

    Returns
    -------
    str
        A colour of `CLASS_COLOURS`.

    Raises
    ------
    ValueError
        If ``key`` is not a str.

    Examples
    --------
    >>> board_colour("side3") == CLASS_COLOURS[2]
    True
    """
    check_instance(key, str, "board_colour needs key as a board key (a str such as 'side3')")
    index = _BOARD_ORDER.index(key) if key in _BOARD_ORDER else len(_BOARD_ORDER) + sum(map(ord, key))
    return CLASS_COLOURS[index % len(CLASS_COLOURS)]


COMPONENT_COLOURS = {"long chain": "#d73027", "short chain": "#fee08b", "loop": "#7b3294", "complex": "#a6d96a"}
"""Fill colours of the unclaimed cells by the component they belong to (`triangles_core.analysis.chains`); none is
close to a player's colour."""
