"""Drawings of the Number Game (ZOJ 1039 / POJ 1143): positions as strips of 2..20."""

from __future__ import annotations

from ..games.number import HIGH, LOW

__all__ = ["draw_number_strip"]


def draw_number_strip(ax, rows: list[tuple[str, int, int | None]]) -> None:
    """Draw positions as strips of the numbers 2..20, one row per position.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    rows : list of (label, position, chosen)
        Row label, bitmask of allowed numbers, and the number just chosen (outlined in
        red; None for none).  Allowed numbers are white, forbidden ones grey.
    """
    from matplotlib.patches import Rectangle

    for i, (label, position, chosen) in enumerate(rows):
        y = -i
        for n in range(LOW, HIGH + 1):
            allowed = position >> (n - LOW) & 1
            ax.add_patch(Rectangle((n - 0.45, y - 0.4), 0.9, 0.8, facecolor="white" if allowed else "#9a9a9a",
                                   edgecolor="red" if n == chosen else "#444444",
                                   linewidth=2.5 if n == chosen else 0.8))
            ax.text(n, y, str(n), ha="center", va="center", fontsize=9,
                    color="black" if allowed else "#eeeeee")
        ax.text(LOW - 0.8, y, label, ha="right", va="center", fontsize=9)
    ax.set_xlim(LOW - 7, HIGH + 0.6)
    ax.set_ylim(-len(rows) + 0.4, 0.6)
    ax.set_aspect("equal")
    ax.axis("off")
