"""Matplotlib drawings of cell boards and positions (any geometry).

`draw_position` draws a position of any `triangles_core.games.cells.CellBoard` (the
triangular board, a boxes board) on an axes: drawn and undrawn edges, claimed cells in
their owner's colour, optionally every legal move coloured and labelled by its value.
`DrawnPosition` (made by `show_position`) is a position that Jupyter draws as SVG
(`position_svg`, through its ``_repr_svg_``).
"""

from __future__ import annotations

import io
import math
import weakref
from dataclasses import dataclass
from typing import Mapping, Sequence

import matplotlib
import matplotlib.pyplot as plt
import matplotlib.transforms
import numpy as np
from matplotlib.cm import ScalarMappable
from matplotlib.colors import BoundaryNorm, ListedColormap, Normalize
from matplotlib.figure import FigureBase
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.patheffects import Normal, Stroke

from ..common.checks import check_instance, check_integer, check_positive_number, described, is_listing
from ..common.limits import MAX_SEARCH_EDGES
from ..engine.game import Step
from ..engine.solutions import SolvedCellGame
from ..games.cells import CellBoard, Position, check_cell_board
from ._checks import check_axes, check_drawing, check_figure, check_flags, check_integers, check_optional, check_texts
from .export import SVG_HASH_SALT
from .palette import CLASS_COLOURS, OWNER_COLOURS, value_colormap

__all__ = [
    "LABEL_POINTS",
    "MAX_COLUMNS",
    "MAX_PANEL_INCHES",
    "MAX_VALUE_LIMIT",
    "MAX_WIDTH",
    "TITLE_POINTS",
    "VALUE_FLOOR",
    "DrawnPosition",
    "ValueNorm",
    "add_value_colorbar",
    "cell_owners",
    "draw_edge_classes",
    "draw_position",
    "draw_principal_variation",
    "owner_handles",
    "position_figure",
    "position_svg",
    "show_position",
    "value_norm",
]


def _extent(board: CellBoard, pad: float = 0.3) -> tuple[float, float, float, float]:
    xs = [x for x, _ in board.dot_coordinates]
    ys = [y for _, y in board.dot_coordinates]
    return min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad


LABEL_POINTS = 9
"""Font size of every label drawn on a board (edge numbers, move values, dot numbers) and of
keys and colour bars, in points at the saved size: a figure at most 4.5 in wide is shown on
a phone at no less than 8 pt."""

TITLE_POINTS = 10
"""Font size of board titles, in points."""

MAX_WIDTH = 4.5
"""The widest figure, in inches, that the figure functions of this module make (phone width)."""

MAX_COLUMNS = 64
"""Most panels per row of `draw_principal_variation` (no line has more moves than a board's 62 edges)."""

MAX_PANEL_INCHES = 20.0
"""Widest panel of `draw_principal_variation`, in inches."""

MAX_VALUE_LIMIT = MAX_SEARCH_EDGES
"""Largest limit of the value colour scale (``value_limit``): no value of a board the engine
solves is larger than its number of cells, fewer than its at most 62 edges."""

VALUE_FLOOR = 0.2
"""Where the value colours start: a value of +-1 is drawn at this fraction of the way from
white to the darkest colour, so that no non-zero value looks white."""


class ValueNorm(Normalize):
    """The discrete colour scale of values: one colour per integer in ``-limit .. +limit``.

    A value is rounded to the nearest integer and mapped to the colour-map position
    ``0.5 + 0.5 * sign(v) * (VALUE_FLOOR + (1 - VALUE_FLOOR) * |v| / limit)``: 0 is the
    white middle of the diverging map, every non-zero integer its own step, equally
    spaced, so that two different values never share a colour and a colour bar of them
    has evenly spaced labels.  The scale depends only on ``limit`` (the board's number of
    cells), so one value has one colour in every figure of a board.  ``limit`` is an
    integer in ``0..MAX_VALUE_LIMIT`` (ValueError otherwise; 0 gives the scale of 1).
    """

    def __init__(self, limit: int):
        self.limit = max(check_integer(limit, "value limit", 0, MAX_VALUE_LIMIT), 1)
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

    Discrete (`ValueNorm`): values are integers, each gets its own colour, equally spaced
    from the lightest tint (+-1) to the darkest (+-limit).  Figures of one board use its
    number of cells as the limit, so that they share one scale.

    Examples
    --------
    >>> norm = value_norm(9)
    >>> [round(float(norm(v)), 3) for v in (-9, -3, -1, 0, 1, 3, 9)]
    [0.0, 0.267, 0.356, 0.5, 0.644, 0.733, 1.0]
    >>> norm(2.6) == norm(3)        # one colour per integer
    True
    """
    return ValueNorm(limit)


_SHOWN_VALUES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
"""Axes -> the move values `draw_position` labelled on it (the entries of its colour bar)."""


def _value_limit(board: CellBoard, value_limit: int | None) -> int:
    # one scale per board (its number of cells bounds every value), so that figures of
    # the same board can be compared colour for colour
    return board.n_cells if value_limit is None else value_limit


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
        Colour scale limit for ``move_values``, in ``0..MAX_VALUE_LIMIT``; by default the
        board's number of cells, which bounds every value, so that all figures of one
        board share one scale.
    colorbar : bool, default False
        Add a colour bar of move values below the axes, with the optimal-move key
        (`add_value_colorbar`).  A figure holding only this axes, without constrained
        layout, is made taller by the bar's height so that the board keeps its size.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.cm.ScalarMappable or None
        The value scale of ``move_values`` (for a shared colour bar, see
        `add_value_colorbar`), or None without ``move_values``.

    Raises
    ------
    ValueError
        Before anything is drawn, naming the argument: ``ax`` is not a matplotlib axes,
        ``board`` not a cell board, ``position`` not one of its positions, a mapping
        argument not a mapping (or a move value not an integer, or its edge not on the
        board; or an ``owners`` key not a cell index, or its owner not ``"A"``, ``"B"``
        or None), a switch not True or False, ``value_limit`` not an integer in
        ``0..MAX_VALUE_LIMIT``, or ``title`` neither a str nor None.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core import board, solve
    >>> fig, ax = plt.subplots()
    >>> scale = draw_position(ax, board(2), 0b111, solve(2).move_values(0b111))
    >>> scale.norm.vmin, scale.norm.vmax  # the side-2 board has 4 cells
    (-4.0, 4.0)
    >>> plt.close(fig)
    """
    position = check_drawing(
        ax, board, position, "draw_position", move_values=move_values, owners=owners, highlight=highlight
    )
    check_flags(edge_numbers=edge_numbers, dot_numbers=dot_numbers, colorbar=colorbar)
    check_texts(title=title)
    if value_limit is not None:
        value_limit = check_integer(value_limit, "value_limit", 0, MAX_VALUE_LIMIT)
    for edge, value in (move_values or {}).items():
        board.check_edge(edge)
        check_integer(value, f"the move value of edge {edge}")
    for cell, owner in (owners or {}).items():
        check_integer(cell, "owners: cell index", 0, board.n_cells - 1)
        if not (owner is None or (isinstance(owner, str) and owner in ("A", "B"))):
            raise ValueError(f"the owner of cell {int(cell)} must be 'A', 'B' or None, got {described(owner)}")
    xy = board.dot_coordinates
    owners = owners or {}
    for k in board.complete_cells(position):
        dots = board.cell_dots(k)
        ax.fill(
            [xy[d - 1][0] for d in dots],
            [xy[d - 1][1] for d in dots],
            color=OWNER_COLOURS[owners.get(k)],
            zorder=0,
            linewidth=0,
        )
    norm = value_norm(_value_limit(board, value_limit))
    cmap = value_colormap()
    best = max(move_values.values()) if move_values else None
    if move_values:
        _SHOWN_VALUES.setdefault(ax, set()).update(int(v) for v in move_values.values())
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
            ax.plot(
                [x0, x1],
                [y0, y1],
                color="black" if optimal else "#8c8c8c",
                linewidth=9 if optimal else 7,
                solid_capstyle="round",
                zorder=1,
            )
            ax.plot([x0, x1], [y0, y1], color=colour, linewidth=5.5, solid_capstyle="round", zorder=1)
            shown_value = f"{value:+d}" if value else "0"
            text = f"{number}: {shown_value}" if edge_numbers else shown_value
            ax.text(
                mx,
                my,
                text,
                ha="center",
                va="center",
                fontsize=LABEL_POINTS,
                zorder=4,
                fontweight="bold" if optimal else "normal",
                bbox=dict(
                    boxstyle="round,pad=0.12",
                    facecolor="white",
                    edgecolor="black" if optimal else colour,
                    linewidth=1.6 if optimal else 1,
                ),
            )
            label = None
        else:
            ax.plot([x0, x1], [y0, y1], color="#bbbbbb", linewidth=1, linestyle=(0, (2, 2)), zorder=1)
        if highlight and number in highlight:
            if not drawn and move_values is not None and number in move_values:  # keep the value colour
                ax.plot([x0, x1], [y0, y1], color=highlight[number], linewidth=17, linestyle=(0, (1, 0.6)), zorder=0.5)
            else:
                ax.plot([x0, x1], [y0, y1], color="black", linewidth=7, solid_capstyle="round", zorder=3)
                ax.plot([x0, x1], [y0, y1], color=highlight[number], linewidth=4.5, solid_capstyle="round", zorder=3)
        if label is not None:
            ax.text(
                mx,
                my,
                label,
                ha="center",
                va="center",
                fontsize=LABEL_POINTS,
                zorder=4,
                bbox=dict(boxstyle="circle,pad=0.15", facecolor="white", edgecolor="#888888", linewidth=0.5),
            )
    ax.scatter([x for x, _ in xy], [y for _, y in xy], s=30, color="black", zorder=5)
    if dot_numbers:
        centre_x = sum(x for x, _ in xy) / len(xy)
        centre_y = sum(y for _, y in xy) / len(xy)
        for d, (x, y) in enumerate(xy, start=1):
            dx, dy = x - centre_x, y - centre_y
            if dx * dx + dy * dy < 0.09:  # a dot near the middle: label it above and to the right
                dx, dy = 0.6, 0.8
            scale = 0.17 / (dx * dx + dy * dy) ** 0.5
            ax.text(
                x + dx * scale,
                y + dy * scale,
                f"v{d}",
                ha="center",
                va="center",
                fontsize=LABEL_POINTS,
                color="#555555",
                zorder=5,
                bbox=dict(boxstyle="round,pad=0.05", facecolor="white", edgecolor="none", alpha=0.8),
            )
    ax.set_aspect("equal")
    ax.axis("off")
    x0, x1, y0, y1 = _extent(board)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    if title:
        ax.set_title(title, fontsize=TITLE_POINTS)
    if move_values is None:
        return None
    mappable = ScalarMappable(norm=norm, cmap=cmap)
    if colorbar:
        fig = ax.figure
        engine = fig.get_layout_engine()
        if len(fig.axes) == 1 and not (engine is not None and type(engine).__name__ == "ConstrainedLayoutEngine"):
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
    location: str = "bottom",
    contiguous: bool = False,
):
    """A colour bar of the values shown, one labelled colour per value, for one or more axes.

    The bar is discrete: one swatch per value that occurs in the figure (by default the
    move values `draw_position` labelled on ``axes``), in the colour that value has on the
    board's scale, labelled with the integer.  Values of the positions of a cell board
    have the parity of its unclaimed cells, so the labels often step by 2.  By default the
    bar lies below the boards, horizontal, so that a figure keeps its width (phone
    standard: keys below the plot, text at `LABEL_POINTS`).

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure.
    mappable : matplotlib.cm.ScalarMappable
        From `draw_position` (its norm and colour map give the colours).
    axes : matplotlib.axes.Axes or list of them
        The boards the bar belongs to.
    label : str, optional
        The bar's label.
    values : iterable of int, optional
        The values to list, each in ``-MAX_VALUE_LIMIT..MAX_VALUE_LIMIT``; by default
        those drawn on ``axes`` (every integer of the scale if none was recorded).
    optimal_key : bool, default True
        Add the key to the optimal moves (bold, outlined) to the label.
    location : {"bottom", "right"}, default "bottom"
        Where the bar goes: below the axes (horizontal) or beside them (vertical).
    contiguous : bool, default False
        List every integer from the lowest value to the highest, so that equal steps of
        the bar are equal steps of value (for values of both parities, such as the nodes
        of a position graph); by default only the values that occur.

    Returns
    -------
    matplotlib.colorbar.Colorbar

    Raises
    ------
    ValueError
        If ``fig`` is not a matplotlib figure (or subfigure), ``mappable`` not a
        ``ScalarMappable``, ``axes`` not an axes or a list of them, ``values`` not a
        list of integers in that range, ``label`` not a str, a switch not True or False, or ``location``
        neither ``"bottom"`` nor ``"right"``.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core.engine.solvers import solve
    >>> s = solve(3)
    >>> fig, ax = plt.subplots()
    >>> bar = add_value_colorbar(fig, draw_position(ax, s.board, 0, s.move_values(0)), ax)
    >>> [t.get_text() for t in bar.ax.get_xticklabels()]
    ['-5', '-3']
    >>> plt.close(fig)
    """
    check_figure(fig, "add_value_colorbar", FigureBase)
    check_instance(
        mappable, ScalarMappable, "add_value_colorbar needs mappable as the ScalarMappable that draw_position returns"
    )
    axes_list = list(np.ravel(axes)) if isinstance(axes, (list, tuple, np.ndarray)) else [axes]
    for a in axes_list:
        check_axes(a, "add_value_colorbar", "axes")
    check_flags(optimal_key=optimal_key, contiguous=contiguous)
    check_instance(label, str, "add_value_colorbar needs label as a str")
    if location not in ("bottom", "right"):
        raise ValueError(f"location must be 'bottom' or 'right', got {location!r}")
    if values is None:
        values = set().union(*(_SHOWN_VALUES.get(a, set()) for a in axes_list))
    shown = sorted(
        set(check_integers(values, "values", "a value of the colour bar", -MAX_VALUE_LIMIT, MAX_VALUE_LIMIT) or [])
    )
    if shown and contiguous:
        shown = list(range(shown[0], shown[-1] + 1))
    if not shown:
        limit = int(round(mappable.norm.vmax))
        shown = list(range(-limit, limit + 1))
    colours = [mappable.cmap(mappable.norm(v)) for v in shown]
    n = len(shown)
    swatches = ScalarMappable(norm=BoundaryNorm(np.arange(n + 1), n), cmap=ListedColormap(colours))
    names = [f"{v:+d}" if v else "0" for v in shown]
    text = label + ("\n(bold, outlined: optimal moves)" if optimal_key else "")
    if location == "bottom":
        # absolute sizes: swatches about 0.4 in long, the bar 0.22 in thick, whatever the width of the boards
        span = matplotlib.transforms.Bbox.union([a.get_position() for a in axes_list]).width * fig.get_figwidth()
        length = min(0.9 * span, 0.2 + 0.4 * n)
        bar = fig.colorbar(
            swatches,
            ax=axes,
            location="bottom",
            shrink=length / span,
            pad=0.03,
            aspect=length / 0.22,
            ticks=np.arange(n) + 0.5,
        )
        bar.ax.set_xticklabels(names)
    else:
        bar = fig.colorbar(
            swatches,
            ax=axes,
            shrink=min(0.75, 0.12 + 0.09 * n),
            pad=0.02,
            aspect=max(4, 2.5 * n),
            ticks=np.arange(n) + 0.5,
        )
        bar.ax.set_yticklabels(names)
    bar.ax.tick_params(labelsize=LABEL_POINTS, length=0)
    bar.outline.set_linewidth(0.5)
    bar.set_label(text, fontsize=LABEL_POINTS)
    return bar


def _board_size(board: CellBoard, scale: float = 0.9, max_width: float | None = None) -> tuple[float, float]:
    # scale: inches per unit of dot spacing; 0.9 fits a value label, 1.5 an ``edge: value`` one;
    # max_width caps the width (phone standard), shrinking the scale to fit
    x0, x1, y0, y1 = _extent(board)
    if max_width is not None:
        scale = min(scale, (max_width - 0.5) / (x1 - x0))
    return 0.3 + scale * (x1 - x0), 0.6 + scale * (y1 - y0)


_BAR_INCHES = 1.0
"""Height added below a board for the colour bar of its move values (`add_value_colorbar`)."""


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
    solution : SolvedCellGame
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
        At most `MAX_WIDTH` inches wide, the colour bar (with ``show_moves``) below the
        board.  Save it with `triangles_core.plot.export.save_figure`.

    Raises
    ------
    ValueError
        If ``solution`` is not a solved cell board, ``position`` not one of its
        positions, a switch not True or False, or ``title`` neither a str nor None.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core.engine.solvers import solve
    >>> fig = position_figure(solve(3), 0, show_moves=True, edge_numbers=True)
    >>> bool(fig.get_size_inches()[0] <= MAX_WIDTH)
    True
    >>> plt.close(fig)
    """
    check_instance(solution, SolvedCellGame, "position_figure needs a solved cell board (solve, solve_boxes)")
    check_flags(show_moves=show_moves, edge_numbers=edge_numbers)
    check_texts(title=title)
    p = solution.position(position)
    width, height = _board_size(solution.board, 1.5 if show_moves and edge_numbers else 0.9, MAX_WIDTH)
    fig, ax = plt.subplots(figsize=(width, height + (_BAR_INCHES if show_moves else 0)), layout="constrained")
    draw_position(
        ax,
        solution.board,
        p,
        solution.move_values(p) if show_moves else None,
        colorbar=show_moves,
        edge_numbers=edge_numbers,
        title=title,
    )
    return fig


@dataclass(frozen=True)
class DrawnPosition:
    """A position of a cell board to be drawn, with the value of each legal move.

    In Jupyter it draws itself as SVG (``_repr_svg_``, `position_svg`).  Make one with
    `show_position`; save a figure of it with `position_figure` and
    `triangles_core.plot.export.save_figure`.

    Parameters
    ----------
    board : CellBoard
        The board.
    position : int
        The position bitmask (edge numbers are taken too, and kept as the bitmask).
    move_values : dict of int to int, optional
        If given, every legal move is drawn coloured and labelled by its value.
    title : str, optional
        A caption drawn above the board.

    Raises
    ------
    ValueError
        If ``board`` is not a cell board, ``position`` not one of its positions,
        ``move_values`` not a mapping, or ``title`` neither a str nor None.

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
        object.__setattr__(self, "position", check_cell_board(self.board, "DrawnPosition").position(self.position))
        check_optional(self.move_values, Mapping, "DrawnPosition", "move_values", "a mapping (a dict)")
        check_texts(title=self.title)

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
    solution : SolvedCellGame
        A solved cell board (`triangles_core.solve`, `solve_boxes`).
    position : iterable of int, or int, default 0
        The position (empty board by default).
    show_moves : bool, default False
        Colour and label every legal move by its value.
    title : str, optional
        Caption.

    Returns
    -------
    DrawnPosition
        The board, the position as a bitmask and, with ``show_moves``, the value of
        every legal move.

    Raises
    ------
    ValueError
        If ``solution`` is not a solved cell board, the position not one of the board's,
        ``show_moves`` not True or False, or ``title`` neither a str nor None.

    Examples
    --------
    >>> from triangles_core.engine.solvers import solve
    >>> view = show_position(solve(2), [1], show_moves=True)
    >>> view, view.move_values[2]
    (DrawnPosition(board=Board(2), position=1), 0)
    """
    check_instance(solution, SolvedCellGame, "show_position draws a solved cell board (solve, solve_boxes)")
    check_flags(show_moves=show_moves)
    check_texts(title=title)
    p = solution.position(position)
    return DrawnPosition(solution.board, p, solution.move_values(p) if show_moves else None, title)


def position_svg(view: DrawnPosition) -> str:
    """A drawn position as SVG text (what Jupyter shows for a `DrawnPosition`).

    Returns
    -------
    str
        A standalone SVG document.

    Raises
    ------
    ValueError
        If ``view`` is not a `DrawnPosition`.

    Examples
    --------
    >>> from triangles_core import board
    >>> position_svg(DrawnPosition(board(1), 0)).startswith("<?xml")
    True
    """
    check_instance(view, DrawnPosition, "position_svg needs a DrawnPosition (show_position)")
    width, height = _board_size(view.board, max_width=MAX_WIDTH)
    fig, ax = plt.subplots(figsize=(width, height + (_BAR_INCHES if view.move_values else 0)), layout="constrained")
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

    Raises
    ------
    ValueError
        If ``board`` is not a cell board, ``position`` not one of its positions, or a
        step not a `triangles_core.engine.game.Step`.

    Examples
    --------
    >>> from triangles_core.engine.solvers import solve
    >>> s = solve(1)
    >>> cell_owners(s.board, 0, s.principal_variation(0))
    {0: 'A'}
    """
    position = check_cell_board(board, "cell_owners").position(position)
    steps = [
        check_instance(step, Step, "cell_owners needs steps as the Step objects of a principal variation")
        for step in steps
    ]
    owners: dict[int, str | None] = {k: None for k in board.complete_cells(position)}
    for step in steps:
        for k in board.completed_by(step.position_before, step.move):
            owners[k] = step.player
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
    cell = check_cell_board(board, "owner_handles").cell_name
    return [
        Patch(color=OWNER_COLOURS["A"], label=f"{cell} claimed by A (moves first)"),
        Patch(color=OWNER_COLOURS["B"], label=f"{cell} claimed by B"),
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

    Each panel shows the position after the move, the move itself highlighted in the
    mover's colour, and every claimed cell filled in its owner's colour (A blue, B
    orange; cells complete before the line started are grey); its title gives the move
    number, the mover, the edge, a ``*`` per cell claimed and the score so far.

    Parameters
    ----------
    solution : SolvedCellGame
        A solved cell board.
    position : int, default 0
        Starting position (bitmask).
    columns : int, default 2
        Panels per row (2 panels of the default width make a figure 4.3 in wide, legible
        at phone width with 10 pt titles).
    plies : sequence of int, optional
        The move numbers (1-based) to draw, for example ``range(9, 16)`` for a stretch of
        the line; by default every move.  Scores in the titles count the whole line.
    panel_inches : float, default 2.15
        Width of one panel in inches (the figure is ``columns * panel_inches`` wide).
        The key lies below the panels.

    Returns
    -------
    matplotlib.figure.Figure
        The figure (one panel per move drawn; an empty figure for a full board).

    Raises
    ------
    ValueError
        If ``solution`` is not a solved cell board, ``position`` not one of its
        positions, ``columns`` not an integer in ``1..MAX_COLUMNS``, ``panel_inches``
        not a number in ``(0, MAX_PANEL_INCHES]``, or ``plies`` names a move the line
        does not have.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core.engine.solvers import solve
    >>> fig = draw_principal_variation(solve(2), 0, plies=[1, 2])
    >>> [ax.get_title().splitlines()[0] for ax in fig.axes if ax.get_title()]
    ['1. A draws 1', '2. B draws 4']
    >>> plt.close(fig)
    """
    check_instance(solution, SolvedCellGame, "draw_principal_variation needs a solved cell board (solve, solve_boxes)")
    columns = check_integer(columns, "columns", 1, MAX_COLUMNS)
    panel = check_positive_number(panel_inches, "panel_inches", MAX_PANEL_INCHES)
    board = solution.board
    steps = solution.principal_variation(position)
    if plies is not None and not is_listing(plies):
        raise ValueError(
            f"draw_principal_variation needs plies as move numbers (range(9, 16)) or None, got {described(plies)}"
        )
    chosen = (
        list(range(1, len(steps) + 1)) if plies is None else [check_integer(k, "ply", 1, len(steps)) for k in plies]
    )
    rows = max(1, math.ceil(len(chosen) / columns))
    width, height = _board_size(board)
    fig, axes = plt.subplots(
        rows,
        columns,
        figsize=(panel * columns, (panel * height / width + 0.2) * rows + 1.2),
        squeeze=False,
        layout="constrained",
    )
    start = solution.position(position)
    for ax, ply in zip(axes.flat, chosen, strict=False):
        step = steps[ply - 1]
        owners = cell_owners(board, start, steps[:ply])
        draw_position(
            ax,
            board,
            step.position,
            owners=owners,
            highlight={step.move: OWNER_COLOURS[step.player]},
            title=f"{step.ply}. {step.player} draws {step.move}"
            + (" *" * step.reward)
            + f"\nA {step.score[0]} : {step.score[1]} B",
        )
    for ax in list(axes.flat)[len(chosen) :]:
        ax.axis("off")
    cell = board.cell_name
    fig.legend(
        handles=[
            *owner_handles(board),
            Line2D([], [], color="#222222", linewidth=3, label=f"{board.edge_name} drawn before"),
            Line2D(
                [],
                [],
                color=OWNER_COLOURS["A"],
                linewidth=4.5,
                path_effects=[Stroke(linewidth=7, foreground="black"), Normal()],
                label="the move, in its player's colour",
            ),
            Line2D(
                [],
                [],
                linestyle="none",
                marker="$*$",
                color="black",
                markersize=9,
                label=f"in a title: one {cell} claimed by the move",
            ),
        ],
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

    Raises
    ------
    ValueError
        If ``ax`` is not a matplotlib axes, ``board`` not a cell board, ``classes`` not
        a mapping, an edge not on the board, ``edge_numbers`` not True or False, or
        ``title`` neither a str nor None.

    Notes
    -----
    The legend lies below the board (phone standard); edge numbers are `LABEL_POINTS`.
    """
    check_axes(ax, "draw_edge_classes")
    check_cell_board(board, "draw_edge_classes")
    check_instance(classes, Mapping, "draw_edge_classes needs classes as a mapping of name to edge numbers")
    check_flags(edge_numbers=edge_numbers)
    check_texts(title=title)
    for name, edges in classes.items():
        if not is_listing(edges):
            raise ValueError(
                f"draw_edge_classes needs the edges of class {described(name)} as a list, got {described(edges)}"
            )
        for edge in edges:
            board.check_edge(edge)
    xy = board.dot_coordinates
    handles = []
    for (name, edges), colour in zip(classes.items(), CLASS_COLOURS, strict=False):
        for edge in edges:
            i, j = board.edges[edge - 1]
            (x0, y0), (x1, y1) = xy[i - 1], xy[j - 1]
            ax.plot([x0, x1], [y0, y1], color=colour, linewidth=6, solid_capstyle="round", zorder=1)
            if edge_numbers:
                mx, my = board.edge_midpoint(edge)
                ax.text(
                    mx,
                    my,
                    str(edge),
                    ha="center",
                    va="center",
                    fontsize=LABEL_POINTS,
                    zorder=4,
                    bbox=dict(boxstyle="circle,pad=0.15", facecolor="white", edgecolor=colour, linewidth=1),
                )
        handles.append(Line2D([], [], color=colour, linewidth=6, label=name))
    ax.scatter([x for x, _ in xy], [y for _, y in xy], s=30, color="black", zorder=5)
    ax.set_aspect("equal")
    ax.axis("off")
    x0, x1, y0, y1 = _extent(board)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), frameon=False, fontsize=LABEL_POINTS)
    if title:
        ax.set_title(title, fontsize=TITLE_POINTS)
