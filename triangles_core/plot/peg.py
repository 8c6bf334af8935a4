"""Drawings of Peg Game for Two (NAQ 2018 J): holes, pegs, jumps and lines."""

from __future__ import annotations

from typing import Collection, Sequence

from matplotlib.lines import Line2D

from ..games.peg import Jump, PegBoard
from .palette import CLASS_COLOURS, OUTCOME_COLOURS

__all__ = ["draw_peg_position"]

_PEG_FILL, _PEG_EDGE, _HOLE_EDGE = "#f0d9a8", "#6b4f1d", "#555555"


def draw_peg_position(
    ax,
    board: PegBoard,
    position: Sequence[int] | None = None,
    *,
    jump: Jump | None = None,
    lines: bool = False,
    hole_numbers: bool = False,
    circled: Collection[int] | None = (),
    title: str | None = None,
    jump_colour: str = "red",
    legend_below: bool = False,
) -> None:
    """Draw a peg board on a matplotlib axes.

    Parameters
    ----------
    position : sequence of int, optional
        Peg values (0 = empty).
    jump : Jump, optional
        A jump to draw as an arrow (the jumped peg ringed in the same colour).
    lines : bool, default False
        Draw the jump lines, one colour per direction, with a key (below the board if ``legend_below``).
    hole_numbers : bool, default False
        Label each hole with its number instead of the peg value.
    circled : collection of int, optional
        Holes to circle in the winning colour.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core.games.peg import peg_board
    >>> fig, ax = plt.subplots()
    >>> draw_peg_position(ax, peg_board(5), hole_numbers=True, title="Hole numbers")
    >>> plt.close(fig)
    """
    if position is not None:
        position = board.position(position)
    xy = board.xy
    if lines:
        directions = {(0, 1): "rows", (1, 0): "down-left", (1, 1): "down-right"}
        colours = dict(zip(directions, CLASS_COLOURS, strict=False))
        for line in board.lines:
            (r0, c0), (r1, c1) = board.coordinates[line[0] - 1], board.coordinates[line[1] - 1]
            (x0, y0), (x1, y1) = xy[line[0] - 1], xy[line[-1] - 1]
            ax.plot([x0, x1], [y0, y1], color=colours[(r1 - r0, c1 - c0)], linewidth=2, alpha=0.7, zorder=1)
        handles = [Line2D([], [], color=colours[d], linewidth=2, label=name) for d, name in directions.items()]
        below = {"bbox_to_anchor": (0.5, 0.02), "ncol": 3, "handlelength": 1.5, "columnspacing": 1.0}
        ax.legend(
            handles=handles,
            title="jump lines",
            title_fontsize=9,
            loc="upper center" if legend_below else "upper left",
            fontsize=9,
            frameon=False,
            **(below if legend_below else {}),
        )
    for k, (x, y) in enumerate(xy, start=1):
        value = position[k - 1] if position is not None else 0
        ringed = jump is not None and k == jump.over
        if value:
            ax.scatter(
                [x],
                [y],
                s=520,
                color=_PEG_FILL,
                edgecolors=jump_colour if ringed else _PEG_EDGE,
                linewidths=3 if ringed else 1,
                zorder=3,
            )
        else:
            ax.scatter([x], [y], s=520, color="white", edgecolors=_HOLE_EDGE, linewidths=1, zorder=3)
        label = str(k) if hole_numbers else (str(value) if value else "")
        if label:
            ax.text(x, y, label, ha="center", va="center", fontsize=9, zorder=4)
    for hole in circled or ():
        x, y = xy[hole - 1]
        ax.scatter([x], [y], s=800, facecolors="none", edgecolors=OUTCOME_COLOURS["win"], linewidths=3, zorder=5)
    if jump is not None:
        ax.annotate(
            "",
            xy=xy[jump.land - 1],
            xytext=xy[jump.start - 1],
            zorder=5,
            arrowprops=dict(
                arrowstyle="-|>", color=jump_colour, linewidth=2.5, shrinkA=4, shrinkB=4, connectionstyle="arc3,rad=0.3"
            ),
        )
    ax.set_aspect("equal")
    ax.axis("off")
    pad = 0.6
    ax.set_xlim(-board.rows / 2 - pad + 0.5, board.rows / 2 + pad - 0.5)
    ax.set_ylim(-(board.rows - 1) * 0.866 - pad, pad)
    if title:
        ax.set_title(title, fontsize=10)
