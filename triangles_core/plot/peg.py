"""Drawings of Peg Game for Two (NAQ 2018 J): holes, pegs, jumps and lines."""

from __future__ import annotations

from typing import Sequence

from matplotlib.lines import Line2D

from ..games.peg import Jump, PegBoard
from .palette import CLASS_COLOURS, OUTCOME_COLOURS

__all__ = ["draw_peg_position"]


def draw_peg_position(ax, board: PegBoard, position: Sequence[int] | None = None, *, jump: Jump | None = None,
                      lines: bool = False, hole_numbers: bool = False, hole_labels: bool = False,
                      circled: Sequence[int] = (), title: str | None = None) -> None:
    """Draw a peg board on a matplotlib axes.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    board : PegBoard
        The board.
    position : sequence of int, optional
        Peg values (0 = empty); pegs are drawn as discs labelled with their value.
        Without it every hole is drawn empty.
    jump : Jump, optional
        A jump to draw as an arrow (the jumped peg is ringed in red).
    lines : bool, default False
        Draw the jump lines (every straight line of 3 or more holes), one colour per
        direction, with a legend.
    hole_numbers : bool, default False
        Label each hole with its number instead of the peg value.
    hole_labels : bool, default False
        Write each hole's number small beside it (with peg values inside the pegs).
    circled : sequence of int, optional
        Holes to circle in the winning colour (for example the best starting holes).
    title : str, optional
        Axes title.
    """
    xy = board.xy
    if lines:
        directions = {(0, 1): "rows", (1, 0): "down-left", (1, 1): "down-right"}
        colours = dict(zip(directions, CLASS_COLOURS))
        for line in board.lines:
            (r0, c0), (r1, c1) = board.coordinates[line[0] - 1], board.coordinates[line[1] - 1]
            colour = colours[(r1 - r0, c1 - c0)]
            ax.plot([xy[line[0] - 1][0], xy[line[-1] - 1][0]], [xy[line[0] - 1][1], xy[line[-1] - 1][1]],
                    color=colour, linewidth=2, alpha=0.7, zorder=1)
        ax.legend(handles=[Line2D([], [], color=colours[d], linewidth=2, label=name) for d, name in directions.items()],
                  title="jump lines", title_fontsize=8, loc="upper left", fontsize=8, frameon=False)
    size = 330 if hole_labels else 520  # smaller pegs leave room for the hole numbers
    for k, (x, y) in enumerate(xy, start=1):
        value = position[k - 1] if position is not None else 0
        ringed = jump is not None and k == jump.over
        if value:
            ax.scatter([x], [y], s=size, color="#f0d9a8", edgecolors="red" if ringed else "#6b4f1d",
                       linewidths=2.5 if ringed else 1, zorder=3)
        else:
            ax.scatter([x], [y], s=size, color="white", edgecolors="#555555", linewidths=1, zorder=3)
        label = str(k) if hole_numbers else (str(value) if value else "")
        if label:
            ax.text(x, y, label, ha="center", va="center", fontsize=9, zorder=4)
        if hole_labels:
            ax.text(x, y - 0.3, str(k), ha="center", va="top", fontsize=6.5, color="#555555", zorder=6)
    for hole in circled:
        x, y = xy[hole - 1]
        ax.scatter([x], [y], s=800, facecolors="none", edgecolors=OUTCOME_COLOURS["win"], linewidths=3, zorder=5)
    if jump is not None:
        (x0, y0), (x1, y1) = xy[jump.start - 1], xy[jump.land - 1]
        ax.annotate("", xy=(x1, y1), xytext=(x0, y0), zorder=5,
                    arrowprops=dict(arrowstyle="-|>", color="red", linewidth=2.5, shrinkA=4, shrinkB=4,
                                    connectionstyle="arc3,rad=0.3"))
    ax.set_aspect("equal")
    ax.axis("off")
    pad = 0.6
    ax.set_xlim(-board.rows / 2 - pad + 0.5, board.rows / 2 + pad - 0.5)
    ax.set_ylim(-(board.rows - 1) * 0.866 - pad, pad)
    if title:
        ax.set_title(title, fontsize=10)
