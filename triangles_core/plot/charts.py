"""Charts of the analysis tables (matplotlib), so that notebook cells stay short.

Each function draws one table from `triangles_core.analysis.tables` on a given axes and
returns nothing but what a caller may need for a colour bar.  Save figures with
`triangles_core.plot.export.save_figure`.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

import numpy as np
import pandas as pd
from matplotlib.colors import PowerNorm
from matplotlib.patches import Patch
from matplotlib.ticker import MultipleLocator

from .palette import CLASS_COLOURS, OUTCOME_COLOURS, SHARE_COLORMAP

__all__ = [
    "bars_by_edges_drawn",
    "boards_by_fraction_drawn",
    "edge_heatmap",
    "exact_and_sampled_by_edges_drawn",
    "lines_by_edges_drawn",
    "outcome_bars",
    "outcome_legend",
    "value_heatmap",
]

_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
_STYLES = ("-", "--", ":", "-.", "-", "--", ":", "-.")
_OUTCOMES = {
    "mover_wins": ("win", "player to move wins"),
    "draws": ("draw", "draw"),
    "mover_loses": ("loss", "player to move loses"),
}


def outcome_bars(
    ax,
    outcomes: pd.DataFrame,
    *,
    shares: bool = True,
    title: str | None = None,
    xlabel: str = "edges drawn",
    tick_fontsize: float = 9,
    tick_step: int | None = None,
) -> None:
    """Stacked bars of wins, draws and losses of the player to move, by edges drawn.

    Parameters
    ----------
    outcomes : pandas.DataFrame
        A table from `triangles_core.analysis.tables.outcomes_by_edges_drawn`.
    shares : bool, default True
        Plot shares of the positions with that ``k`` (else raw counts).
    xlabel : str, default "edges drawn"
        X-axis label ("lines drawn" for Dots-and-Boxes).
    tick_fontsize : float, default 9
        Size of the x tick labels (9 or more for a figure read at phone width).
    tick_step : int, optional
        Label every ``tick_step``-th number of edges drawn.
    """
    table = outcomes[outcomes["positions"] > 0]
    bottom = np.zeros(len(table))
    for column, (outcome, label) in _OUTCOMES.items():
        heights = table[column] / table["positions"] if shares else table[column]
        ax.bar(table["edges_drawn"], heights, bottom=bottom, color=OUTCOME_COLOURS[outcome], label=label, width=0.85)
        bottom = bottom + np.asarray(heights, dtype=float)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of positions" if shares else "positions")
    step = tick_step or (1 if len(table) <= 20 else 2 if len(table) <= 40 else 5)
    ax.set_xticks(table["edges_drawn"][::step])
    ax.tick_params(axis="x", labelsize=tick_fontsize)
    if shares:
        ax.set_ylim(0, 1)
    if title:
        ax.set_title(title, fontsize=10)


def outcome_legend(fig, ncol: int = 3) -> None:
    """One legend of the three outcomes below a figure of `outcome_bars` panels.

    Parameters
    ----------
    ncol : int, default 3
        Columns of the legend, in ``1..3`` (one per outcome at most).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig = plt.figure()
    >>> outcome_legend(fig, ncol=2)
    >>> [t.get_text() for t in fig.legends[0].get_texts()]
    ['player to move wins', 'draw', 'player to move loses']
    >>> plt.close(fig)
    """
    handles = [Patch(color=OUTCOME_COLOURS[outcome], label=label) for outcome, label in _OUTCOMES.values()]
    fig.legend(handles=handles, loc="lower center", ncol=ncol, frameon=False, fontsize=9, bbox_to_anchor=(0.5, -0.02))


def value_heatmap(
    ax, distribution: pd.DataFrame, *, value_limit: int, n_edges: int, title: str | None = None, xticks=None
):
    """Heatmap of the share of positions with each value, for each number of edges drawn.

    Parameters
    ----------
    distribution : pandas.DataFrame
        A table from `triangles_core.analysis.tables.value_distribution`.
    value_limit : int
        Values ``-value_limit .. value_limit`` are shown (the number of triangles), at
        the board's number of cells.
    n_edges : int
        Rows ``0 .. n_edges`` are shown, at most 62 (the largest board the engine solves).
    xticks : sequence of int, optional
        Values to tick, each in ``-value_limit..value_limit`` (for example only the odd ones
        for clean side-3 positions, whose values are all odd).

    Returns
    -------
    matplotlib.image.AxesImage
        The image (for a colour bar).

    Examples
    --------
    >>> import matplotlib.pyplot as plt, pandas as pd
    >>> fig, ax = plt.subplots()
    >>> table = pd.DataFrame({"edges_drawn": [0, 1], "value": [-1, 1], "share": [1.0, 1.0]})
    >>> _ = value_heatmap(ax, table, value_limit=1, n_edges=1, xticks=[-1, 1])
    >>> [float(t) for t in ax.get_xticks()]
    [-1.0, 1.0]
    >>> plt.close(fig)
    """
    grid = distribution.pivot(index="edges_drawn", columns="value", values="share").reindex(
        index=range(n_edges + 1), columns=range(-value_limit, value_limit + 1)
    )
    image = ax.imshow(
        np.ma.masked_invalid(grid.to_numpy(dtype=float)),
        aspect="auto",
        cmap=SHARE_COLORMAP,
        norm=PowerNorm(gamma=0.5, vmin=0, vmax=1),
        origin="lower",
        extent=(-value_limit - 0.5, value_limit + 0.5, -0.5, n_edges + 0.5),
    )
    ax.set_xlabel("value for the player to move")
    ax.set_ylabel("edges drawn")
    step = 3 if value_limit > 6 else 1
    ax.set_xticks(xticks if xticks is not None else range(-value_limit, value_limit + 1, step))
    ax.set_yticks(range(0, n_edges + 1, 3 if n_edges > 9 else 1))
    ax.set_facecolor("#f4f4f4")
    if title:
        ax.set_title(title, fontsize=10)
    return image


def edge_heatmap(
    ax,
    frequencies: pd.DataFrame,
    column: str,
    *,
    rows: str = "edge",
    row_labels: dict | None = None,
    title: str | None = None,
):
    """Heatmap of a share (0 to 1) by row (edge or symmetry class) and edges drawn.

    Parameters
    ----------
    frequencies : pandas.DataFrame
        Columns ``edges_drawn``, ``rows`` and ``column`` (for example from
        `triangles_core.analysis.tables.edge_move_frequencies`, or the same summed over
        the edges of each symmetry class).
    column : str
        The share to colour (sequential colour map, 0 to 1).
    rows : str, default "edge"
        The column giving the rows.

    Returns
    -------
    matplotlib.image.AxesImage
        The image (for a colour bar).
    """
    grid = frequencies.pivot(index=rows, columns="edges_drawn", values=column)
    image = ax.imshow(
        grid.to_numpy(dtype=float),
        aspect="auto",
        cmap=SHARE_COLORMAP,
        vmin=0,
        vmax=1,
        origin="upper",
        interpolation="nearest",
        extent=(grid.columns.min() - 0.5, grid.columns.max() + 0.5, len(grid) - 0.5, -0.5),
    )
    ax.set_xlabel("edges drawn")
    ax.set_yticks(range(len(grid)))
    ax.set_yticklabels([row_labels.get(r, r) if row_labels else r for r in grid.index])
    ax.set_xticks(list(grid.columns)[:: 1 if len(grid.columns) <= 12 else 2])
    ax.tick_params(labelsize=9)
    if title:
        ax.set_title(title, fontsize=10)
    return image


def lines_by_edges_drawn(
    ax,
    table: pd.DataFrame,
    columns: dict[str, str],
    *,
    ylabel: str,
    title: str | None = None,
    ystep: float | None = None,
) -> None:
    """One line per column of a table indexed by ``edges_drawn``.

    Parameters
    ----------
    table : pandas.DataFrame
        Has an ``edges_drawn`` column.
    columns : dict of str to str
        Column name to legend label, plotted in this order.
    ystep : float, optional
        Y ticks at the multiples of this step (2 for a value lost, which is always even in a
        cell game).

    Examples
    --------
    >>> import matplotlib.pyplot as plt, pandas as pd
    >>> fig, ax = plt.subplots()
    >>> lines_by_edges_drawn(ax, pd.DataFrame({"edges_drawn": [0, 1], "lost": [0, 4]}), {"lost": "value lost"},
    ...                      ylabel="value lost", ystep=2)
    >>> [float(t) for t in ax.get_yticks() if 0 <= t <= 4]
    [0.0, 2.0, 4.0]
    >>> plt.close(fig)
    """
    for (column, label), colour, marker, style in zip(columns.items(), CLASS_COLOURS, _MARKERS, _STYLES, strict=False):
        ax.plot(
            table["edges_drawn"], table[column], marker=marker, markersize=4, label=label, color=colour, linestyle=style
        )
    ax.set_xlabel("edges drawn")
    ax.set_ylabel(ylabel)
    ax.set_xticks(list(table["edges_drawn"]))
    ax.tick_params(labelsize=9)
    if ystep:
        ax.yaxis.set_major_locator(MultipleLocator(ystep))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=9)
    if title:
        ax.set_title(title, fontsize=10)


def exact_and_sampled_by_edges_drawn(
    ax,
    exact: pd.DataFrame | None,
    sampled: dict[str, pd.DataFrame],
    column: str,
    *,
    low: str,
    high: str,
    ylabel: str,
    title: str | None = None,
    exact_label: str = "all positions (exact)",
    ystep: float | None = None,
    colours: dict[str, str] | None = None,
    legend: bool = True,
) -> None:
    """A statistic by edges drawn: the exact state-space curve and sampled curves with 95% bands.

    Parameters
    ----------
    exact : pandas.DataFrame or None
        Columns ``edges_drawn`` and ``column``: the exact values (None: no exact curve).
    sampled : dict of str to pandas.DataFrame
        Legend label (the policy) to a table with ``edges_drawn``, ``column``, ``low``
        and ``high``, drawn in this order in the colours of `CLASS_COLOURS`.
    low, high : str
        Columns of the bounds of the 95% confidence interval in the sampled tables.
    exact_label : str, default "all positions (exact)"
        Legend entry of the exact curve.
    ystep : float, optional
        Y ticks at the multiples of this step (by default matplotlib chooses).
    colours : dict of str to str, optional
        Legend label to colour, so that a policy keeps its colour across panels (by
        default the colours of `CLASS_COLOURS` in order).
    legend : bool, default True
        Draw the legend on this axes (False to draw one legend for several axes).

    Examples
    --------
    >>> import matplotlib.pyplot as plt, pandas as pd
    >>> fig, ax = plt.subplots()
    >>> exact = pd.DataFrame({"edges_drawn": [0, 1], "share": [0.5, 0.6]})
    >>> sample = exact.assign(low=[0.4, 0.5], high=[0.6, 0.7])
    >>> exact_and_sampled_by_edges_drawn(ax, exact, {"random play": sample}, "share", low="low", high="high",
    ...                                  ylabel="share")
    >>> [t.get_text() for t in ax.get_legend().get_texts()]
    ['all positions (exact)', 'random play (sampled, 95% CI)']
    >>> plt.close(fig)
    """
    levels = []
    if exact is not None:
        ax.plot(
            exact["edges_drawn"],
            exact[column],
            color="black",
            marker="o",
            markersize=3,
            linewidth=1.6,
            label=exact_label,
            zorder=2,
        )
        levels += list(exact["edges_drawn"])
    colours = colours or dict(zip(sampled, CLASS_COLOURS, strict=False))
    markers = dict(zip(colours, _MARKERS[1:] * 2, strict=False))
    for label, table in sampled.items():
        colour = colours[label]
        ax.fill_between(table["edges_drawn"], table[low], table[high], color=colour, alpha=0.25, linewidth=0)
        ax.plot(
            table["edges_drawn"],
            table[column],
            color=colour,
            linestyle="--",
            marker=markers.get(label, "s"),
            markersize=4.5,
            markerfacecolor="white",
            linewidth=1.2,
            label=f"{label} (sampled, 95% CI)",
            zorder=3,
        )
        levels += list(table["edges_drawn"])
    levels = sorted(set(int(k) for k in levels))
    ax.set_xticks(levels[:: 1 if len(levels) <= 20 else 2])
    ax.set_xlabel("edges drawn")
    ax.set_ylabel(ylabel)
    ax.tick_params(labelsize=9)
    if ystep:
        ax.yaxis.set_major_locator(MultipleLocator(ystep))
    ax.grid(alpha=0.3)
    if legend:
        ax.legend(fontsize=9)
    if title:
        ax.set_title(title, fontsize=10)


def bars_by_edges_drawn(
    ax, table: pd.DataFrame, column: str, *, ylabel: str, title: str | None = None, labels: bool = True
) -> None:
    """One bar per number of edges drawn, optionally labelled with its value.

    Parameters
    ----------
    table : pandas.DataFrame
        Has ``edges_drawn`` and ``column``.
    labels : bool, default True
        Write each bar's value (two decimals) inside its top, so that a reference line
        drawn just above the bars stays clear.
    """
    bars = ax.bar(table["edges_drawn"], table[column], color=CLASS_COLOURS[2], width=0.8)
    if labels:
        ax.bar_label(bars, labels=[f"{v:.2f}" for v in table[column]], fontsize=7, padding=-10, color="white")
    ax.set_xlabel("edges drawn")
    ax.set_ylabel(ylabel)
    ax.set_xticks(list(table["edges_drawn"]))
    ax.tick_params(axis="x", labelsize=8)
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title, fontsize=10)


def boards_by_fraction_drawn(
    ax,
    tables: dict[str, tuple[pd.DataFrame, int]],
    column: str,
    *,
    ylabel: str,
    sampled: AbstractSet[str] = frozenset(),
    colours: dict[str, str] | None = None,
    title: str | None = None,
    xlabel: str = "fraction of the edges drawn",
    band: tuple[str, str] | None = None,
    legend: bool = True,
    styles: dict[str, dict] | None = None,
) -> None:
    """One line per board: a per-``edges_drawn`` column against the fraction of edges drawn.

    Parameters
    ----------
    tables : dict of str to (pandas.DataFrame, int)
        Board label to a table with ``edges_drawn`` and ``column`` (for example from
        `triangles_core.analysis.tables.move_statistics_by_edges_drawn`) and the board's
        number of edges.
    column : str
        The column to plot.
    sampled : set of str, optional
        Boards whose values are estimated from samples: drawn dashed, with hollow
        markers, and "(sampled)" in the legend.
    colours : dict of str to str, optional
        Board label to colour (`triangles_core.plot.palette.board_colour`, so that a board
        has the same colour in every notebook).
    xlabel : str, default "fraction of the edges drawn"
        X-axis label (Dots-and-Boxes calls its edges lines).
    band : (str, str), optional
        Columns of the lower and upper bounds of a confidence interval, shaded around the
        line of every sampled board whose table has them (rows where they are missing, the
        exact ones, get no band).
    legend : bool, default True
        Draw the legend on this axes (False to draw one legend for several axes).
    styles : dict of str to dict, optional
        Board label to keyword arguments of ``Axes.plot`` that replace the defaults for
        that line (for example ``{"linestyle": "none", "marker": "x", "zorder": 3}`` for
        markers only, drawn on top), so that overlapping lines differ in style as well
        as in colour.

    Examples
    --------
    >>> import matplotlib.pyplot as plt, pandas as pd
    >>> fig, ax = plt.subplots()
    >>> exact = pd.DataFrame({"edges_drawn": [0, 1, 2], "share": [0.5, 0.4, 0.0]})
    >>> sample = exact.assign(share_low=[0.45, 0.35, 0.0], share_high=[0.55, 0.45, 0.0])
    >>> boards_by_fraction_drawn(ax, {"side 1": (exact, 3), "side 4": (sample, 3)}, "share", ylabel="share",
    ...                          sampled={"side 4"}, band=("share_low", "share_high"))
    >>> [text.get_text() for text in ax.get_legend().get_texts()]
    ['side 1', 'side 4 (sampled, 95% CI)']
    >>> plt.close(fig)
    """
    colours = colours or dict(zip(tables, CLASS_COLOURS, strict=False))
    for label, (table, n_edges) in tables.items():
        colour = colours[label]
        estimated = label in sampled
        x = table["edges_drawn"] / n_edges
        shaded = estimated and band is not None and set(band) <= set(table.columns)
        if shaded and band is not None:  # (shaded implies a band; said for the type checker)
            ax.fill_between(x, table[band[0]], table[band[1]], color=colour, alpha=0.25, linewidth=0)
        suffix = " (sampled, 95% CI)" if shaded else " (sampled)" if estimated else ""
        style = {
            "marker": "o",
            "markersize": 3.5,
            "color": colour,
            "linestyle": "--" if estimated else "-",
            "markerfacecolor": "white" if estimated else None,
            "label": label + suffix,
        }
        style.update((styles or {}).get(label, {}))
        ax.plot(x, table[column], **style)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_xlim(0, 1)
    ax.grid(alpha=0.3)
    if legend:
        ax.legend(fontsize=8)
    if title:
        ax.set_title(title, fontsize=10)
