"""Matplotlib drawings of cell boards and positions (any geometry).

`draw_position` draws a position of any `triangles_core.games.cells.CellBoard` (the
triangular board, a boxes board) on an axes: drawn and undrawn edges, claimed cells in
their owner's colour, optionally every legal move coloured and labelled by its value.
`position_svg` is what Jupyter shows for a `triangles_core.engine.tables.DrawnPosition`.
"""

from __future__ import annotations

import io
import math
from typing import Mapping, Sequence

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.cm import ScalarMappable
from matplotlib.colors import FuncNorm
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.patheffects import Normal, Stroke

from ..engine.solved import Step
from ..engine.tables import DrawnPosition, Solution
from ..games.cells import CellBoard, Position
from .export import SVG_HASH_SALT
from .palette import CLASS_COLOURS, OWNER_COLOURS, value_colormap

__all__ = ["add_value_colorbar", "cell_owners", "draw_edge_classes", "draw_position", "draw_principal_variation",
           "owner_handles", "position_figure", "position_svg", "value_norm"]


def _extent(board: CellBoard, pad: float = 0.3) -> tuple[float, float, float, float]:
    xs = [x for x, _ in board.dot_coordinates]
    ys = [y for _, y in board.dot_coordinates]
    return min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad


def _signed_sqrt(x):
    return np.sign(x) * np.sqrt(np.abs(x))


def _signed_square(y):
    return np.sign(y) * np.square(y)


def value_norm(limit: int) -> FuncNorm:
    """The colour scale of values: ``-limit .. +limit``, white at 0, on a square-root scale.

    The square root keeps small values visibly coloured on a board-wide scale: on side 4
    (limit 16) a value of -2 is a third of the way to the darkest red, not an eighth.

    Examples
    --------
    >>> norm = value_norm(16)
    >>> [round(float(norm(v)), 3) for v in (-16, -4, 0, 4, 16)]
    [0.0, 0.25, 0.5, 0.75, 1.0]
    """
    limit = max(int(limit), 1)
    return FuncNorm((_signed_sqrt, _signed_square), vmin=-limit, vmax=limit)


def _value_limit(board: CellBoard, value_limit: int | None) -> int:
    # one scale per board (its number of cells bounds every value), so that figures of
    # the same board can be compared colour for colour
    return board.n_cells if value_limit is None else value_limit


def draw_position(ax, board: CellBoard, position: Position = 0, move_values: Mapping[int, int] | None = None,
                  *, owners: Mapping[int, str | None] | None = None, edge_numbers: bool = False,
                  dot_numbers: bool = False, highlight: Mapping[int, str] | None = None,
                  value_limit: int | None = None, colorbar: bool = False, title: str | None = None):
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
        edges are coloured on the diverging value scale (red losing, white 0, blue
        winning) and labelled with the value; the optimal moves (the highest value) are
        drawn with a black outline and a bold label, the others with a thin grey one, so
        that every move shows whatever its colour.
    owners : mapping of int to {"A", "B", None}, optional
        Owner of each complete cell (index into ``board.cells``); unowned ones are grey.
    edge_numbers : bool, default False
        Label every edge with its number (SPEC numbering); with ``move_values`` the
        label of a legal move reads ``edge: value``.
    dot_numbers : bool, default False
        Label every dot with its number (the Triangle War notation of POJ 1085).
    highlight : mapping of int to str, optional
        Edge number to colour.  A drawn edge is drawn thick in that colour, with a black
        border so that it shows on a cell of the same colour (the last move of a
        principal variation); an edge that carries a move value keeps its value colour
        and gets a dashed outline in that colour (a move played from this position).
    value_limit : int, optional
        Colour scale limit for ``move_values``; by default the board's number of cells,
        which bounds every value, so that all figures of one board share one scale.
    colorbar : bool, default False
        Add a colour bar of move values beside the axes, with the optimal-move key.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.cm.ScalarMappable or None
        The value scale of ``move_values`` (for a shared colour bar, see
        `add_value_colorbar`), or None without ``move_values``.
    """
    xy = board.dot_coordinates
    owners = owners or {}
    for k in board.complete_cells(position):
        dots = board.cell_dots(k)
        ax.fill([xy[d - 1][0] for d in dots], [xy[d - 1][1] for d in dots],
                color=OWNER_COLOURS[owners.get(k)], zorder=0, linewidth=0)
    norm = value_norm(_value_limit(board, value_limit))
    cmap = value_colormap()
    best = max(move_values.values()) if move_values else None
    for number, (i, j) in enumerate(board.edges, start=1):
        (x0, y0), (x1, y1) = xy[i - 1], xy[j - 1]
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        drawn = position >> (number - 1) & 1
        label = str(number) if edge_numbers else None
        if drawn:
            ax.plot([x0, x1], [y0, y1], color="#222222", linewidth=3, solid_capstyle="round", zorder=2)
        elif move_values is not None and number in move_values:
            value = move_values[number]
            colour = cmap(norm(value))
            optimal = value == best
            ax.plot([x0, x1], [y0, y1], color="black" if optimal else "#8c8c8c", linewidth=9 if optimal else 7,
                    solid_capstyle="round", zorder=1)
            ax.plot([x0, x1], [y0, y1], color=colour, linewidth=5.5, solid_capstyle="round", zorder=1)
            text = f"{number}: {value:+d}" if edge_numbers else f"{value:+d}"
            ax.text(mx, my, text, ha="center", va="center", fontsize=9, zorder=4,
                    fontweight="bold" if optimal else "normal",
                    bbox=dict(boxstyle="round,pad=0.2", facecolor="white", edgecolor="black" if optimal else colour,
                              linewidth=1.6 if optimal else 1))
            label = None
        else:
            ax.plot([x0, x1], [y0, y1], color="#bbbbbb", linewidth=1, linestyle=(0, (2, 2)), zorder=1)
        if highlight and number in highlight:
            if not drawn and move_values is not None and number in move_values:  # keep the value colour
                ax.plot([x0, x1], [y0, y1], color=highlight[number], linewidth=17, linestyle=(0, (1, 0.6)),
                        zorder=0.5)
            else:
                ax.plot([x0, x1], [y0, y1], color="black", linewidth=7, solid_capstyle="round", zorder=3)
                ax.plot([x0, x1], [y0, y1], color=highlight[number], linewidth=4.5, solid_capstyle="round",
                        zorder=3)
        if label is not None:
            ax.text(mx, my, label, ha="center", va="center", fontsize=8, zorder=4,
                    bbox=dict(boxstyle="circle,pad=0.15", facecolor="white", edgecolor="#888888", linewidth=0.5))
    ax.scatter([x for x, _ in xy], [y for _, y in xy], s=30, color="black", zorder=5)
    if dot_numbers:
        centre_x = sum(x for x, _ in xy) / len(xy)
        centre_y = sum(y for _, y in xy) / len(xy)
        for d, (x, y) in enumerate(xy, start=1):
            dx, dy = x - centre_x, y - centre_y
            if dx * dx + dy * dy < 0.09:  # a dot near the middle: label it above and to the right
                dx, dy = 0.6, 0.8
            scale = 0.17 / (dx * dx + dy * dy) ** 0.5
            ax.text(x + dx * scale, y + dy * scale, f"v{d}", ha="center", va="center", fontsize=8,
                    color="#555555", zorder=5, bbox=dict(boxstyle="round,pad=0.05", facecolor="white",
                                                          edgecolor="none", alpha=0.8))
    ax.set_aspect("equal")
    ax.axis("off")
    x0, x1, y0, y1 = _extent(board)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    if title:
        ax.set_title(title, fontsize=10)
    if move_values is None:
        return None
    mappable = ScalarMappable(norm=norm, cmap=cmap)
    if colorbar:
        add_value_colorbar(ax.figure, mappable, ax)
    return mappable


def add_value_colorbar(fig, mappable, axes, label: str = "value of the move for its mover"):
    """A colour bar of move values for one or more board axes, with the key to optimal moves.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure.
    mappable : matplotlib.cm.ScalarMappable
        From `draw_position`.
    axes : matplotlib.axes.Axes or list of them
        The boards the bar belongs to.
    label : str, optional
        The bar's label.

    Returns
    -------
    matplotlib.colorbar.Colorbar
    """
    limit = int(round(mappable.norm.vmax))
    bar = fig.colorbar(mappable, ax=axes, shrink=0.75, pad=0.02, ticks=_integer_ticks(limit))
    bar.set_label(label + "\n(bold, outlined: optimal moves)", fontsize=9)
    bar.ax.tick_params(labelsize=8)
    return bar


def _integer_ticks(limit: int) -> list[int]:
    step = max(1, (2 * limit) // 8)
    ticks = list(range(0, limit + 1, step))
    return sorted({-t for t in ticks} | set(ticks))


def _board_size(board: CellBoard, scale: float = 0.9) -> tuple[float, float]:
    # scale: inches per unit of dot spacing; 0.9 fits a value label, 1.5 an ``edge: value`` one
    x0, x1, y0, y1 = _extent(board)
    return 1.2 + scale * (x1 - x0), 1.0 + scale * (y1 - y0)


def position_figure(solution: Solution, position: Position | list[int] = 0, show_moves: bool = False,
                    title: str | None = None, edge_numbers: bool = False):
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
    edge_numbers : bool, default False
        Label every edge with its number (a legal move then reads ``edge: value``).

    Returns
    -------
    matplotlib.figure.Figure
        Save it with `triangles_core.plot.export.save_figure`.
    """
    p = solution.position(position)
    width, height = _board_size(solution.board, 1.5 if show_moves and edge_numbers else 0.9)
    fig, ax = plt.subplots(figsize=(width + (1.6 if show_moves else 0), height))
    draw_position(ax, solution.board, p, solution.move_values(p) if show_moves else None, colorbar=show_moves,
                  edge_numbers=edge_numbers, title=title)
    return fig


def position_svg(view: DrawnPosition) -> str:
    """A drawn position as SVG text (what Jupyter shows for a `DrawnPosition`).

    Returns
    -------
    str
        A standalone SVG document.
    """
    width, height = _board_size(view.board)
    fig, ax = plt.subplots(figsize=(width + (1.6 if view.move_values else 0), height))
    draw_position(ax, view.board, view.position, view.move_values, colorbar=bool(view.move_values), title=view.title)
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": SVG_HASH_SALT}):
        fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    return buffer.getvalue()


def cell_owners(board: CellBoard, position: Position, steps: Sequence[Step]) -> dict[int, str | None]:
    """Who claimed each complete cell after a line of play.

    Parameters
    ----------
    board : CellBoard
        The board.
    position : int
        The position the line starts from; its complete cells belong to nobody (None).
    steps : sequence of Step
        The line (from `triangles_core.engine.solved.SolvedGame.principal_variation`).

    Returns
    -------
    dict of int to {"A", "B", None}
        Cell index (into ``board.cells``) to its owner, for every complete cell; the
        ``owners`` argument of `draw_position`.

    Examples
    --------
    >>> from triangles_core.engine.solvers import solve
    >>> s = solve(1)
    >>> cell_owners(s.board, 0, s.principal_variation(0))
    {0: 'A'}
    """
    owners: dict[int, str | None] = {k: None for k in board.complete_cells(position)}
    p = position
    for step in steps:
        for k in board.completed_by(p, step.move):
            owners[k] = step.player
        p = step.position
    return owners


def owner_handles(board: CellBoard) -> list[Patch]:
    """Legend entries for the owners' colours of claimed cells (A blue, B orange).

    Parameters
    ----------
    board : CellBoard
        The board (its `cell_name` names the cells: triangles or boxes).

    Returns
    -------
    list of matplotlib.patches.Patch
        One entry per player, for ``ax.legend(handles=...)`` or ``fig.legend``.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> [h.get_label() for h in owner_handles(board(3))]
    ['triangle claimed by A (moves first)', 'triangle claimed by B']
    """
    cell = board.cell_name
    return [Patch(color=OWNER_COLOURS["A"], label=f"{cell} claimed by A (moves first)"),
            Patch(color=OWNER_COLOURS["B"], label=f"{cell} claimed by B")]


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
    fig, axes = plt.subplots(rows, columns, figsize=(panel * columns, panel * height / width * rows + 0.8 * rows),
                             squeeze=False)
    score = {"A": 0, "B": 0}
    start = solution.position(position)
    for index, (ax, step) in enumerate(zip(axes.flat, steps)):
        owners = cell_owners(board, start, steps[:index + 1])
        p = step.position
        score[step.player] += step.reward
        draw_position(ax, board, p, owners=owners, highlight={step.move: OWNER_COLOURS[step.player]},
                      title=f"{step.ply}. {step.player} draws {step.move}" + (" *" * step.reward)
                      + f"\nA {score['A']} : {score['B']} B")
    for ax in list(axes.flat)[len(steps):]:
        ax.axis("off")
    cell = board.cell_name
    fig.tight_layout(rect=(0, 1.0 / fig.get_figheight(), 1, 1))
    fig.legend(handles=[*owner_handles(board),
                        Line2D([], [], color="#222222", linewidth=3, label=f"{board.edge_name} drawn before"),
                        Line2D([], [], color=OWNER_COLOURS["A"], linewidth=4.5,
                               path_effects=[Stroke(linewidth=7, foreground="black"), Normal()],
                               label="the move, in its player's colour"),
                        Line2D([], [], linestyle="none", marker="$*$", color="black", markersize=9,
                               label=f"in a title: one {cell} claimed by the move")],
               loc="lower center", ncol=3, fontsize=9, frameon=False)
    return fig


def draw_edge_classes(ax, board: CellBoard, classes: Mapping[str, Sequence[int]], *, edge_numbers: bool = True,
                      title: str | None = None) -> None:
    """Draw a board with its edges coloured by class (for example the symmetry classes).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    board : CellBoard
        The board.
    classes : mapping of str to sequence of int
        Class name (shown in the legend) to its edge numbers.
    edge_numbers : bool, default True
        Label every edge with its number.
    title : str, optional
        Axes title.
    """

    xy = board.dot_coordinates
    handles = []
    for (name, edges), colour in zip(classes.items(), CLASS_COLOURS):
        for edge in edges:
            i, j = board.edges[edge - 1]
            (x0, y0), (x1, y1) = xy[i - 1], xy[j - 1]
            ax.plot([x0, x1], [y0, y1], color=colour, linewidth=6, solid_capstyle="round", zorder=1)
            if edge_numbers:
                mx, my = board.edge_midpoint(edge)
                ax.text(mx, my, str(edge), ha="center", va="center", fontsize=8, zorder=4,
                        bbox=dict(boxstyle="circle,pad=0.15", facecolor="white", edgecolor=colour, linewidth=1))
        handles.append(Line2D([], [], color=colour, linewidth=6, label=name))
    ax.scatter([x for x, _ in xy], [y for _, y in xy], s=30, color="black", zorder=5)
    ax.set_aspect("equal")
    ax.axis("off")
    x0, x1, y0, y1 = _extent(board)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False, fontsize=9)
    if title:
        ax.set_title(title, fontsize=10)
