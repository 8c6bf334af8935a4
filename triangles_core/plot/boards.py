"""Matplotlib drawings of positions of any cell board (`triangles_core.games.cells.CellBoard`):
drawn and undrawn edges, claimed cells in their owner's colour, legal moves coloured by value
(`triangles_core.plot.palette.value_norm`)."""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

import matplotlib.pyplot as plt
import matplotlib.transforms
import numpy as np
from matplotlib.cm import ScalarMappable
from matplotlib.colors import BoundaryNorm, ListedColormap
from matplotlib.layout_engine import ConstrainedLayoutEngine
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.patheffects import Normal, Stroke

from ..engine.game import Step
from ..engine.solutions import SolvedCellGame
from ..games.cells import CellBoard, Position
from .export import svg_bytes
from .palette import CLASS_COLOURS, OWNER_COLOURS, value_colormap, value_norm

__all__ = [
    "LABEL_POINTS",
    "MAX_WIDTH",
    "TITLE_POINTS",
    "DrawnPosition",
    "add_value_colorbar",
    "cell_owners",
    "draw_edge_classes",
    "draw_position",
    "draw_principal_variation",
    "owner_handles",
    "position_figure",
    "position_svg",
    "show_position",
]

LABEL_POINTS = 9
"""Font size of board labels, keys and colour bars, in points (a 4.5 in figure on a phone: at least 8 pt)."""

TITLE_POINTS = 10
"""Font size of board titles, in points."""

MAX_WIDTH = 4.5
"""The widest figure, in inches, that the figure functions of this module make (phone width)."""

_BAR_INCHES = 1.0
"""Height added below a board for its colour bar."""

_SHOWN_VALUES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
"""Axes -> the move values `draw_position` labelled on it (the entries of its colour bar)."""


def _extent(board: CellBoard, pad: float = 0.3) -> tuple[float, float, float, float]:
    xs = [x for x, _ in board.dot_coordinates]
    ys = [y for _, y in board.dot_coordinates]
    return min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad


def _board_size(board: CellBoard, scale: float = 0.9, max_width: float | None = None) -> tuple[float, float]:
    # scale: inches per unit of dot spacing; 0.9 fits a value label, 1.5 an ``edge: value`` one;
    # max_width caps the width (phone standard), shrinking the scale to fit
    x0, x1, y0, y1 = _extent(board)
    if max_width is not None:
        scale = min(scale, (max_width - 0.5) / (x1 - x0))
    return 0.3 + scale * (x1 - x0), 0.6 + scale * (y1 - y0)


def _segment(board: CellBoard, edge: int) -> tuple[list[float], list[float]]:
    """The xs and ys of the ends of ``edge`` (1-based), for ``ax.plot``."""
    (x0, y0), (x1, y1) = (board.dot_coordinates[d - 1] for d in board.edges[edge - 1])
    return [x0, x1], [y0, y1]


def _fill_cells(ax, board: CellBoard, cells: Iterable[int], **style) -> None:
    """Fill each cell of ``cells`` (indices into ``board.cells``) with ``ax.fill(**style)``, below the edges."""
    xy = board.dot_coordinates
    for k in cells:
        dots = board.cell_dots(k)
        ax.fill([xy[d - 1][0] for d in dots], [xy[d - 1][1] for d in dots], zorder=0, linewidth=0, **style)


def _edge_label(ax, x: float, y: float, text: str, edgecolor, **options) -> None:
    """A label in a white box at ``(x, y)`` (on an edge or a cell), above the edges."""
    box = {"boxstyle": "circle,pad=0.15", "facecolor": "white", "edgecolor": edgecolor, "linewidth": 1}
    box.update(options.pop("bbox", {}))
    options.setdefault("zorder", 4)
    ax.text(x, y, text, ha="center", va="center", fontsize=LABEL_POINTS, bbox=box, **options)


def _frame(ax, board: CellBoard, title: str | None) -> None:
    """The dots, on top of everything, and the board's frame: equal aspect, no axes, its title."""
    xy = board.dot_coordinates
    ax.scatter([x for x, _ in xy], [y for _, y in xy], s=30, color="black", zorder=5)
    ax.set_aspect("equal")
    ax.axis("off")
    x0, x1, y0, y1 = _extent(board)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    if title:
        ax.set_title(title, fontsize=TITLE_POINTS)


def _constrained(fig) -> bool:
    return isinstance(fig.get_layout_engine(), ConstrainedLayoutEngine)


def draw_position(
    ax,
    board: CellBoard,
    position: Position = 0,
    move_values: Mapping[int, int] | None = None,
    *,
    owners: Mapping[int, str | None] | None = None,
    edge_numbers: bool = False,
    dot_numbers: bool = False,
    highlight: Mapping[int, str] | None = None,
    value_limit: int | None = None,
    colorbar: bool = False,
    title: str | None = None,
):
    """Draw a position of a cell board on a matplotlib axes.

    Parameters
    ----------
    position : int, default 0
        Bitmask of drawn edges.
    move_values : mapping of int to int, optional
        Value of each legal move: undrawn edges are coloured and labelled by it.
    owners : mapping of int to {"A", "B", None}, optional
        Owner of each complete cell (index into ``board.cells``).
    edge_numbers, dot_numbers : bool, default False
        Label every edge (SPEC numbering) or dot (POJ 1085 numbering) with its number.
    colorbar : bool, default False
        Add a colour bar of move values below the axes (`add_value_colorbar`).

    Returns
    -------
    matplotlib.cm.ScalarMappable or None
        The value scale of ``move_values``, or None without them.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core import board, solve
    >>> fig, ax = plt.subplots()
    >>> scale = draw_position(ax, board(2), 0b111, solve(2).move_values(0b111))
    >>> scale.norm.vmin, scale.norm.vmax  # the side-2 board has 4 cells
    (-4.0, 4.0)
    >>> plt.close(fig)
    """
    position = board.position(position)
    owners = owners or {}
    for k in board.complete_cells(position):
        _fill_cells(ax, board, [k], color=OWNER_COLOURS[owners.get(k)])
    norm = value_norm(board.n_cells if value_limit is None else value_limit)
    cmap = value_colormap()
    values = move_values or {}
    best = max(values.values()) if values else None
    if values:
        _SHOWN_VALUES.setdefault(ax, set()).update(int(v) for v in values.values())
    for number in range(1, board.n_edges + 1):
        xs, ys = _segment(board, number)
        mx, my = sum(xs) / 2, sum(ys) / 2
        drawn = position >> (number - 1) & 1
        label = str(number) if edge_numbers else None
        valued = not drawn and number in values
        if drawn:
            ax.plot(xs, ys, color="#222222", linewidth=3, solid_capstyle="round", zorder=2)
        elif valued:
            value = values[number]
            colour = cmap(norm(value))
            optimal = value == best
            outline = "black" if optimal else "#8c8c8c"
            ax.plot(xs, ys, color=outline, linewidth=9 if optimal else 7, solid_capstyle="round", zorder=1)
            ax.plot(xs, ys, color=colour, linewidth=5.5, solid_capstyle="round", zorder=1)
            shown_value = f"{value:+d}" if value else "0"
            box = {
                "boxstyle": "round,pad=0.12",
                "edgecolor": "black" if optimal else colour,
                "linewidth": 1.6 if optimal else 1,
            }
            text = f"{number}: {shown_value}" if edge_numbers else shown_value
            _edge_label(ax, mx, my, text, None, fontweight="bold" if optimal else "normal", bbox=box)
            label = None
        else:
            ax.plot(xs, ys, color="#bbbbbb", linewidth=1, linestyle=(0, (2, 2)), zorder=1)
        if highlight and number in highlight:
            if valued:  # keep the value colour
                ax.plot(xs, ys, color=highlight[number], linewidth=17, linestyle=(0, (1, 0.6)), zorder=0.5)
            else:
                ax.plot(xs, ys, color="black", linewidth=7, solid_capstyle="round", zorder=3)
                ax.plot(xs, ys, color=highlight[number], linewidth=4.5, solid_capstyle="round", zorder=3)
        if label is not None:
            _edge_label(ax, mx, my, label, "#888888", bbox={"linewidth": 0.5})
    _frame(ax, board, title)
    if dot_numbers:
        xy = board.dot_coordinates
        centre_x = sum(x for x, _ in xy) / len(xy)
        centre_y = sum(y for _, y in xy) / len(xy)
        for d, (x, y) in enumerate(xy, start=1):
            dx, dy = x - centre_x, y - centre_y
            if dx * dx + dy * dy < 0.09:  # a dot near the middle: label it above and to the right
                dx, dy = 0.6, 0.8
            scale = 0.17 / (dx * dx + dy * dy) ** 0.5
            box = {"boxstyle": "round,pad=0.05", "edgecolor": "none", "alpha": 0.8}
            _edge_label(ax, x + dx * scale, y + dy * scale, f"v{d}", None, color="#555555", zorder=5, bbox=box)
    if move_values is None:
        return None
    mappable = ScalarMappable(norm=norm, cmap=cmap)
    if colorbar:
        fig = ax.figure
        if len(fig.axes) == 1 and not _constrained(fig):
            # a one-board figure sized for the board alone: grow it so that the bar below does not shrink the board
            fig.set_size_inches(fig.get_figwidth(), fig.get_figheight() + _BAR_INCHES)
        add_value_colorbar(fig, mappable, ax)
    return mappable


def add_value_colorbar(
    fig,
    mappable,
    axes,
    label: str = "value of the move for its mover",
    *,
    values=None,
    optimal_key: bool = True,
    contiguous: bool = False,
):
    """A colour bar of the values shown, one labelled colour per value, below one or more axes.

    Parameters
    ----------
    mappable : matplotlib.cm.ScalarMappable
        From `draw_position`.
    values : iterable of int, optional
        The values to list (default: those `draw_position` labelled on ``axes``).
    optimal_key : bool, default True
        Add the key to the optimal moves (bold, outlined) to the label.
    contiguous : bool, default False
        List every integer from the lowest value to the highest.

    Returns
    -------
    matplotlib.colorbar.Colorbar

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core.engine.solvers import solve
    >>> s = solve(3)
    >>> fig, ax = plt.subplots()
    >>> bar = add_value_colorbar(fig, draw_position(ax, s.board, 0, s.move_values(0)), ax)
    >>> [t.get_text() for t in bar.ax.get_xticklabels()]
    ['-5', '-3']
    >>> plt.close(fig)
    """
    axes_list = list(np.ravel(axes))
    if values is None:
        values = set().union(*(_SHOWN_VALUES.get(a, set()) for a in axes_list))
    shown = sorted({int(v) for v in values})
    if shown and contiguous:
        shown = list(range(shown[0], shown[-1] + 1))
    if not shown:
        limit = int(round(mappable.norm.vmax))
        shown = list(range(-limit, limit + 1))
    n = len(shown)
    colours = ListedColormap([mappable.cmap(mappable.norm(v)) for v in shown])
    swatches = ScalarMappable(norm=BoundaryNorm(np.arange(n + 1), n), cmap=colours)
    names = [f"{v:+d}" if v else "0" for v in shown]
    # absolute sizes: swatches about 0.4 in long, the bar 0.22 in thick, whatever the width of the boards
    span = matplotlib.transforms.Bbox.union([a.get_position() for a in axes_list]).width * fig.get_figwidth()
    length = min(0.9 * span, 0.2 + 0.4 * n)
    ticks = np.arange(n) + 0.5
    bar = fig.colorbar(
        swatches, ax=axes, location="bottom", shrink=length / span, pad=0.03, aspect=length / 0.22, ticks=ticks
    )
    bar.ax.set_xticklabels(names)
    bar.ax.tick_params(labelsize=LABEL_POINTS, length=0)
    bar.outline.set_linewidth(0.5)
    bar.set_label(label + ("\n(bold, outlined: optimal moves)" if optimal_key else ""), fontsize=LABEL_POINTS)
    return bar


def position_figure(
    solution: SolvedCellGame,
    position: Position | list[int] = 0,
    show_moves: bool = False,
    title: str | None = None,
    edge_numbers: bool = False,
):
    """A figure of one position, optionally with every move coloured by its value.

    Parameters
    ----------
    show_moves : bool, default False
        Colour and label every legal move by its value for the mover.
    edge_numbers : bool, default False
        Label every edge with its number.

    Returns
    -------
    matplotlib.figure.Figure
        At most `MAX_WIDTH` inches wide.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core.engine.solvers import solve
    >>> fig = position_figure(solve(3), 0, show_moves=True, edge_numbers=True)
    >>> bool(fig.get_size_inches()[0] <= MAX_WIDTH)
    True
    >>> plt.close(fig)
    """
    p = solution.position(position)
    values = solution.move_values(p) if show_moves else None
    return _position_figure(solution.board, p, values, show_moves, title, edge_numbers)


def _position_figure(board, position, values, bar: bool, title, edge_numbers: bool = False):
    """A board at most `MAX_WIDTH` wide, grown by `_BAR_INCHES` for a colour bar (``bar``)."""
    width, height = _board_size(board, 1.5 if values is not None and edge_numbers else 0.9, MAX_WIDTH)
    fig, ax = plt.subplots(figsize=(width, height + (_BAR_INCHES if bar else 0)), layout="constrained")
    draw_position(ax, board, position, values, colorbar=bar, edge_numbers=edge_numbers, title=title)
    return fig


@dataclass(frozen=True)
class DrawnPosition:
    """A position of a cell board, with the value of each legal move, that Jupyter draws as SVG (`position_svg`).

    Examples
    --------
    >>> from triangles_core import board
    >>> view = DrawnPosition(board(2), 0b111)
    >>> view
    DrawnPosition(board=Board(2), position=7)
    >>> view._repr_svg_().startswith("<?xml")
    True
    """

    board: CellBoard
    position: Position
    move_values: dict[int, int] | None = None
    title: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "position", self.board.position(self.position))

    def __repr__(self) -> str:
        return f"DrawnPosition(board={self.board!r}, position={self.position!r})"

    def _repr_svg_(self) -> str:
        return position_svg(self)


def show_position(
    solution: SolvedCellGame, position: Position | list[int] = 0, show_moves: bool = False, title: str | None = None
) -> DrawnPosition:
    """A position that draws itself in Jupyter (as SVG), optionally with its move values.

    Parameters
    ----------
    show_moves : bool, default False
        Colour and label every legal move by its value.

    Examples
    --------
    >>> from triangles_core.engine.solvers import solve
    >>> view = show_position(solve(2), [1], show_moves=True)
    >>> view, view.move_values[2]
    (DrawnPosition(board=Board(2), position=1), 0)
    """
    p = solution.position(position)
    return DrawnPosition(solution.board, p, solution.move_values(p) if show_moves else None, title)


def position_svg(view: DrawnPosition) -> str:
    """A drawn position as a standalone SVG document (what Jupyter shows for a `DrawnPosition`).

    Examples
    --------
    >>> from triangles_core import board
    >>> position_svg(DrawnPosition(board(1), 0)).startswith("<?xml")
    True
    """
    fig = _position_figure(view.board, view.position, view.move_values, bool(view.move_values), view.title)
    svg = svg_bytes(fig).decode()
    plt.close(fig)
    return svg


def cell_owners(board: CellBoard, position: Position, steps: Sequence[Step]) -> dict[int, str | None]:
    """Who claimed each complete cell after a line of play from ``position`` (the ``owners`` of `draw_position`).

    Examples
    --------
    >>> from triangles_core.engine.solvers import solve
    >>> s = solve(1)
    >>> cell_owners(s.board, 0, s.principal_variation(0))
    {0: 'A'}
    """
    owners: dict[int, str | None] = {k: None for k in board.complete_cells(board.position(position))}
    for step in steps:
        for k in board.completed_by(step.position_before, step.move):
            owners[k] = step.player
    return owners


def owner_handles(board: CellBoard) -> list[Patch]:
    """Legend entries for the owners' colours of claimed cells (A blue, B orange).

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> [h.get_label() for h in owner_handles(board(3))]
    ['triangle claimed by A (moves first)', 'triangle claimed by B']
    """
    return [
        Patch(color=OWNER_COLOURS["A"], label=f"{board.cell_name} claimed by A (moves first)"),
        Patch(color=OWNER_COLOURS["B"], label=f"{board.cell_name} claimed by B"),
    ]


def draw_principal_variation(
    solution: SolvedCellGame,
    position: Position = 0,
    columns: int = 2,
    *,
    plies: Sequence[int] | None = None,
    panel_inches: float = 2.15,
):
    """Draw a principal variation move by move, one small board per move.

    Parameters
    ----------
    plies : sequence of int, optional
        The move numbers (1-based) to draw.
    panel_inches : float, default 2.15
        Width of one panel.

    Returns
    -------
    matplotlib.figure.Figure
        One panel per move drawn.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core.engine.solvers import solve
    >>> fig = draw_principal_variation(solve(2), 0, plies=[1, 2])
    >>> [ax.get_title().splitlines()[0] for ax in fig.axes if ax.get_title()]
    ['1. A draws 1', '2. B draws 4']
    >>> plt.close(fig)
    """
    board = solution.board
    start = solution.position(position)
    steps = solution.principal_variation(start)
    chosen = list(range(1, len(steps) + 1) if plies is None else plies)
    for ply in chosen:
        if not 1 <= ply <= len(steps):
            raise ValueError(f"ply {ply!r} is not a move of the line (it has {len(steps)})")
    rows = max(1, math.ceil(len(chosen) / columns))
    width, height = _board_size(board)
    fig, axes = plt.subplots(
        rows,
        columns,
        figsize=(panel_inches * columns, (panel_inches * height / width + 0.2) * rows + 1.2),
        squeeze=False,
        layout="constrained",
    )
    for ax, ply in zip(axes.flat, chosen, strict=False):
        step = steps[ply - 1]
        title = f"{step.ply}. {step.player} draws {step.move}" + " *" * step.reward
        draw_position(
            ax,
            board,
            step.position,
            owners=cell_owners(board, start, steps[:ply]),
            highlight={step.move: OWNER_COLOURS[step.player]},
            title=title + f"\nA {step.score[0]} : {step.score[1]} B",
        )
    for ax in list(axes.flat)[len(chosen) :]:
        ax.axis("off")
    move = Line2D(
        [],
        [],
        color=OWNER_COLOURS["A"],
        linewidth=4.5,
        path_effects=[Stroke(linewidth=7, foreground="black"), Normal()],
        label="the move, in its player's colour",
    )
    star = f"in a title: one {board.cell_name} claimed by the move"
    handles = [
        *owner_handles(board),
        Line2D([], [], color="#222222", linewidth=3, label=f"{board.edge_name} drawn before"),
        move,
        Line2D([], [], linestyle="none", marker="$*$", color="black", markersize=9, label=star),
    ]
    fig.legend(
        handles=handles,
        loc="outside lower center",
        ncol=1 if columns <= 3 else 3,
        fontsize=LABEL_POINTS,
        frameon=False,
    )
    return fig


def draw_edge_classes(
    ax, board: CellBoard, classes: Mapping[str, Sequence[int]], *, edge_numbers: bool = True, title: str | None = None
) -> None:
    """Draw a board with its edges coloured by class (for example the symmetry classes).

    Parameters
    ----------
    classes : mapping of str to sequence of int
        Class name (shown in the legend, below the board) to its edge numbers.
    edge_numbers : bool, default True
        Label every edge with its number.
    """
    handles = []
    for (name, edges), colour in zip(classes.items(), CLASS_COLOURS, strict=False):
        for edge in edges:
            xs, ys = _segment(board, edge)
            ax.plot(xs, ys, color=colour, linewidth=6, solid_capstyle="round", zorder=1)
            if edge_numbers:
                _edge_label(ax, *board.edge_midpoint(edge), str(edge), colour)
        handles.append(Line2D([], [], color=colour, linewidth=6, label=name))
    _frame(ax, board, title)
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), frameon=False, fontsize=LABEL_POINTS)
