"""Matplotlib drawings of cell boards and positions (any geometry).

`draw_position` draws a position of any `triangles_core.games.cells.CellBoard` (the
triangular board, a boxes board) on an axes: drawn and undrawn edges, claimed cells in
their owner's colour, optionally every legal move coloured and labelled by its value.
`position_svg` is what Jupyter shows for a `triangles_core.engine.tables.DrawnPosition`.
"""

from __future__ import annotations

import io
import math
from typing import Mapping

import matplotlib
import matplotlib.pyplot as plt
from matplotlib.colors import TwoSlopeNorm

from ..engine.tables import DrawnPosition, Solution
from ..games.cells import CellBoard, Position
from .export import SVG_HASH_SALT
from .palette import OWNER_COLOURS, value_colormap

__all__ = ["draw_position", "draw_principal_variation", "position_figure", "position_svg"]


def _extent(board: CellBoard, pad: float = 0.3) -> tuple[float, float, float, float]:
    xs = [x for x, _ in board.dot_coordinates]
    ys = [y for _, y in board.dot_coordinates]
    return min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad


def draw_position(ax, board: CellBoard, position: Position = 0, move_values: Mapping[int, int] | None = None,
                  *, owners: Mapping[int, str | None] | None = None, edge_numbers: bool = False,
                  highlight: Mapping[int, str] | None = None, value_limit: int | None = None,
                  title: str | None = None) -> None:
    """Draw a position of a cell board on a matplotlib axes.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    board : CellBoard
        The board (triangular or boxes).
    position : int, default 0
        Bitmask of drawn edges.
    move_values : mapping of int to int, optional
        Value of each legal move (edge number to value for the mover): the undrawn
        edges are coloured on a diverging scale and labelled with the value.
    owners : mapping of int to {"A", "B", None}, optional
        Owner of each complete cell (index into ``board.cells``); unowned ones are grey.
    edge_numbers : bool, default False
        Label every edge with its number (SPEC numbering).
    highlight : mapping of int to str, optional
        Edge number to colour, drawn thick on top (for example the last move).
    value_limit : int, optional
        Colour scale limit for ``move_values``; defaults to the number of cells.
    title : str, optional
        Axes title.
    """
    xy = board.dot_coordinates
    owners = owners or {}
    for k in board.complete_cells(position):
        dots = board.cell_dots(k)
        ax.fill([xy[d - 1][0] for d in dots], [xy[d - 1][1] for d in dots],
                color=OWNER_COLOURS[owners.get(k)], zorder=0, linewidth=0)
    limit = value_limit or board.n_cells
    norm = TwoSlopeNorm(vcenter=0, vmin=-limit, vmax=limit)
    cmap = value_colormap()
    for number, (i, j) in enumerate(board.edges, start=1):
        (x0, y0), (x1, y1) = xy[i - 1], xy[j - 1]
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        drawn = position >> (number - 1) & 1
        if drawn:
            ax.plot([x0, x1], [y0, y1], color="#222222", linewidth=3, solid_capstyle="round", zorder=2)
        elif move_values is not None and number in move_values:
            colour = cmap(norm(move_values[number]))
            ax.plot([x0, x1], [y0, y1], color=colour, linewidth=5, solid_capstyle="round", zorder=1)
            ax.text(mx, my, f"{move_values[number]:+d}", ha="center", va="center", fontsize=9, zorder=4,
                    bbox=dict(boxstyle="round,pad=0.15", facecolor="white", edgecolor=colour, linewidth=1))
        else:
            ax.plot([x0, x1], [y0, y1], color="#bbbbbb", linewidth=1, linestyle=(0, (2, 2)), zorder=1)
        if highlight and number in highlight:
            ax.plot([x0, x1], [y0, y1], color=highlight[number], linewidth=5, solid_capstyle="round", zorder=3)
        if edge_numbers:
            ax.text(mx, my, str(number), ha="center", va="center", fontsize=8, zorder=4,
                    bbox=dict(boxstyle="circle,pad=0.15", facecolor="white", edgecolor="#888888", linewidth=0.5))
    ax.scatter([x for x, _ in xy], [y for _, y in xy], s=30, color="black", zorder=5)
    ax.set_aspect("equal")
    ax.axis("off")
    x0, x1, y0, y1 = _extent(board)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    if title:
        ax.set_title(title, fontsize=10)


def _board_size(board: CellBoard) -> tuple[float, float]:
    x0, x1, y0, y1 = _extent(board)
    scale = 0.9
    return 1.2 + scale * (x1 - x0), 1.0 + scale * (y1 - y0)


def position_figure(solution: Solution, position: Position | list[int] = 0, show_moves: bool = False,
                    title: str | None = None):
    """A figure of one position, optionally with every move coloured by its value.

    Parameters
    ----------
    solution : Solution
        A solved cell board.
    position : int or list of int, default 0
        The position.
    show_moves : bool, default False
        Colour and label every legal move by its value for the mover.
    title : str, optional
        Caption.

    Returns
    -------
    matplotlib.figure.Figure
        Save it with `triangles_core.plot.export.save_figure`.
    """
    p = solution.position(position)
    fig, ax = plt.subplots(figsize=_board_size(solution.board))
    draw_position(ax, solution.board, p, solution.move_values(p) if show_moves else None, title=title)
    return fig


def position_svg(view: DrawnPosition) -> str:
    """A drawn position as SVG text (what Jupyter shows for a `DrawnPosition`).

    Returns
    -------
    str
        A standalone SVG document.
    """
    fig, ax = plt.subplots(figsize=_board_size(view.board))
    draw_position(ax, view.board, view.position, view.move_values, title=view.title)
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": SVG_HASH_SALT}):
        fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    return buffer.getvalue()


def draw_principal_variation(solution: Solution, position: Position = 0, columns: int = 6):
    """Draw a principal variation move by move, one small board per move.

    Each panel shows the position after the move, the move itself highlighted in the
    mover's colour, and every claimed cell filled in its owner's colour (A blue, B
    orange; cells complete before the line started are grey).

    Parameters
    ----------
    solution : Solution
        A solved cell board.
    position : int, default 0
        Starting position (bitmask).
    columns : int, default 6
        Panels per row.

    Returns
    -------
    matplotlib.figure.Figure
        The figure (one panel per move; an empty figure for a full board).
    """
    board = solution.board
    steps = solution.principal_variation(position)
    rows = max(1, math.ceil(len(steps) / columns))
    width, height = _board_size(board)
    panel = 1.9 / max(width, 1.9) * width
    fig, axes = plt.subplots(rows, columns, figsize=(panel * columns, panel * height / width * rows + 0.4 * rows),
                             squeeze=False)
    owners: dict[int, str | None] = {k: None for k in board.complete_cells(solution.position(position))}
    score = {"A": 0, "B": 0}
    p = solution.position(position)
    for ax, step in zip(axes.flat, steps):
        for k in board.completed_by(p, step.move):
            owners[k] = step.player
        p = step.position
        score[step.player] += step.reward
        draw_position(ax, board, p, owners=owners, highlight={step.move: OWNER_COLOURS[step.player]},
                      title=f"{step.ply}. {step.player} draws {step.move}" + (" *" * step.reward)
                      + f"\nA {score['A']} : {score['B']} B")
    for ax in list(axes.flat)[len(steps):]:
        ax.axis("off")
    fig.tight_layout()
    return fig
