"""Matplotlib drawings of boards and positions, and deterministic figure export.

`save_figure` writes a figure as PNG and SVG into a directory with the metadata pinned
(no software/date stamps, a fixed SVG hash salt), so that re-running a notebook
reproduces the same bytes on the same library versions.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Mapping

import matplotlib
import matplotlib.pyplot as plt
from matplotlib.colors import TwoSlopeNorm

from .board import Board, Position

__all__ = ["draw_position", "draw_principal_variation", "position_svg", "save_figure", "value_colormap",
           "OWNER_COLOURS"]

SVG_HASH_SALT = "triangles_core"
OWNER_COLOURS = {"A": "#4c72b0", "B": "#dd8452", None: "#c8c8c8"}
"""Fill colours of complete triangles: claimed by A, by B, or by nobody."""


def value_colormap():
    """The diverging colormap used for move values (red: losing, blue: winning)."""
    return plt.get_cmap("RdBu")


def draw_position(ax, board: Board, position: Position = 0, move_values: Mapping[int, int] | None = None,
                  *, owners: Mapping[int, str | None] | None = None, edge_numbers: bool = False,
                  highlight: Mapping[int, str] | None = None, value_limit: int | None = None,
                  title: str | None = None) -> None:
    """Draw a position of the triangular board on a matplotlib axes.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    board : Board
        The board.
    position : int, default 0
        Bitmask of drawn edges.
    move_values : mapping of int to int, optional
        Value of each legal move (edge number to value for the mover): the undrawn
        edges are coloured on a diverging scale and labelled with the value.
    owners : mapping of int to {"A", "B", None}, optional
        Owner of each complete triangle (index into ``board.triangles``); unowned ones
        are grey.
    edge_numbers : bool, default False
        Label every edge with its number (SPEC numbering).
    highlight : mapping of int to str, optional
        Edge number to colour, drawn thick on top (for example the last move).
    value_limit : int, optional
        Colour scale limit for ``move_values``; defaults to the number of triangles.
    title : str, optional
        Axes title.
    """
    xy = board.dot_coordinates
    owners = owners or {}
    for k in board.complete_triangles(position):
        dots = sorted({d for e in board.triangles[k] for d in board.edges[e - 1]})
        ax.fill([xy[d - 1][0] for d in dots], [xy[d - 1][1] for d in dots],
                color=OWNER_COLOURS[owners.get(k)], zorder=0, linewidth=0)
    limit = value_limit or board.n_triangles
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
    pad = 0.3
    ax.set_xlim(-board.side / 2 - pad, board.side / 2 + pad)
    ax.set_ylim(-board.side * 0.866 - pad, pad)
    if title:
        ax.set_title(title, fontsize=10)


def position_svg(board: Board, position: Position, move_values: Mapping[int, int] | None = None,
                 title: str | None = None) -> str:
    """A position drawn as SVG text (used by ``_repr_svg_``).

    Returns
    -------
    str
        A standalone SVG document.
    """
    size = 1.2 + 0.9 * board.side
    fig, ax = plt.subplots(figsize=(size, size * 0.95))
    draw_position(ax, board, position, move_values, title=title)
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": SVG_HASH_SALT}):
        fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    return buffer.getvalue()


def save_figure(fig, name: str, directory: str | Path) -> list[Path]:
    """Save a figure as ``name.png`` and ``name.svg`` with reproducible bytes.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure.
    name : str
        File stem, for example ``"side3_first_moves"``.
    directory : str or pathlib.Path
        Target directory (created if missing), usually ``data/figures``.

    Returns
    -------
    list of pathlib.Path
        The two files written.
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    png, svg = directory / f"{name}.png", directory / f"{name}.svg"
    fig.savefig(png, dpi=100, bbox_inches="tight", metadata={"Software": None})
    with matplotlib.rc_context({"svg.hashsalt": SVG_HASH_SALT}):
        fig.savefig(svg, bbox_inches="tight", metadata={"Date": None})
    return [png, svg]


def draw_principal_variation(solution, position: Position = 0, columns: int = 6):
    """Draw a principal variation move by move, one small board per move.

    Each panel shows the position after the move, the move itself highlighted in the
    mover's colour, and every claimed triangle filled in its owner's colour (A blue,
    B orange; triangles complete before the line started are grey).

    Parameters
    ----------
    solution : Solution
        A solved board.
    position : int, default 0
        Starting position (bitmask).
    columns : int, default 6
        Panels per row.

    Returns
    -------
    matplotlib.figure.Figure
        The figure (one panel per move; an empty figure for a full board).
    """
    import math

    steps = solution.principal_variation(position)
    rows = max(1, math.ceil(len(steps) / columns))
    fig, axes = plt.subplots(rows, columns, figsize=(1.9 * columns, 2.0 * rows), squeeze=False)
    owners: dict[int, str | None] = {k: None for k in solution.board.complete_triangles(position)}
    score = {"A": 0, "B": 0}
    p = position
    for ax, step in zip(axes.flat, steps):
        p |= 1 << (step.edge - 1)
        for k in step.claimed:
            owners[k] = step.player
        score[step.player] += len(step.claimed)
        draw_position(ax, solution.board, p, owners=owners, highlight={step.edge: OWNER_COLOURS[step.player]},
                      title=f"{step.ply}. {step.player} draws {step.edge}" + (" *" * len(step.claimed))
                      + f"\nA {score['A']} : {score['B']} B")
    for ax in list(axes.flat)[len(steps):]:
        ax.axis("off")
    fig.tight_layout()
    return fig
