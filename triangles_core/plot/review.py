"""The value history of a reviewed game, like a chess engine's evaluation graph, and the
distributions of many reviewed games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ..analysis.review import GameReview
from .palette import CLASSIFICATION_COLOURS, OWNER_COLOURS

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["plot_shares", "plot_value_history"]


def plot_value_history(review: GameReview, ax=None, title: str | None = None, legend: bool = True):
    """Plot the value for A after each move, like an engine's evaluation graph.

    The black line is the value for A at the start (move 0) and after each move.  At
    each move a vertical bar in the mover's colour (A blue, B orange) carries one tick
    for each distinct value for A that a legal move of the mover reached: the choices
    are discrete, so they are drawn as ticks, not as a band.  The mover's optimal
    choice is the top tick for A and the bottom tick for B.  The dotted line is the
    value under perfect play from the start; the mistakes are circled in the colour of
    their grade and labelled with their player and dot pair (``B:2-5``, the Triangle
    War notation of the records), B's above the point and A's below.  The y ticks are
    the values of the parity that the value for A has in this game (every value for A
    of one game has the same parity, `triangles_core.analysis.review`).

    Parameters
    ----------
    review : GameReview
        The reviewed game.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure of size 7 x 3.2 inches by default.
    title : str, optional
        Axes title.
    legend : bool, default True
        Draw the legend below the axes (turn it off to draw one legend for a grid of
        plots from ``ax.get_legend_handles_labels()``).

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from triangles_core.analysis.records import parse_record
    >>> from triangles_core.analysis.review import review_game
    >>> ax = plot_value_history(review_game(parse_record("1 2\\n2 3\\n1 3")))
    >>> sorted(set(ax.get_legend_handles_labels()[1]))[:2]
    ["A's choices (value for A of each legal move)", "B's choices (value for A of each legal move)"]
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.2))
    values = review.values
    x = list(range(len(values)))
    extremes = values + [v for m in review.moves for v in (m.lowest, m.highest)]
    top, bottom = max(max(extremes), 1), min(min(extremes), -1)
    ax.axhline(0, color="#888888", linewidth=0.8)
    for player in "AB":
        moved = [m for m in review.moves if m.player == player]
        if not moved:
            continue
        colour = OWNER_COLOURS[player]
        ax.vlines([m.move for m in moved], [m.lowest for m in moved], [m.highest for m in moved], color=colour,
                  linewidth=1.2, alpha=0.6, zorder=1)
        ticks = [(m.move, v) for m in moved for v in (m.choices or (m.lowest, m.highest))]
        ax.scatter([t[0] for t in ticks], [t[1] for t in ticks], marker="_", s=70, linewidths=1.6, color=colour,
                   zorder=2, label=f"{player}'s choices (value for A of each legal move)")
    ax.axhline(review.start_value, color="#555555", linestyle=":", linewidth=1,
               label=f"perfect play from the start ({review.start_value:+d})")
    ax.plot(x, values, color="black", marker="o", markersize=3, linewidth=1.5, label="value for A", zorder=3)
    for kind, colour in CLASSIFICATION_COLOURS.items():
        marked = [m for m in review.moves if m.classification == kind]
        if marked:
            ax.scatter([m.move for m in marked], [m.value_after for m in marked], s=60, color=colour,
                       zorder=5, label=kind, edgecolor="black", linewidth=0.5)
            for m in marked:
                above = m.player == "B"
                ax.annotate(f"{m.player}:{m.dots[0]}-{m.dots[1]}", (m.move, m.value_after), textcoords="offset points",
                            xytext=(0, 8 if above else -8), ha="center", va="bottom" if above else "top", fontsize=8,
                            zorder=6, bbox={"boxstyle": "round,pad=0.1", "facecolor": "white", "edgecolor": "none",
                                            "alpha": 0.8})
    ax.set_xlim(-0.5, max(len(values) - 0.5, 1))
    ax.set_ylim(bottom - 2.5, top + 2.5)
    parity = review.start_value % 2
    ax.set_yticks([v for v in range(bottom - 2, top + 3) if v % 2 == parity])
    ax.set_xticks(x)
    ax.tick_params(labelsize=8)
    ax.set_xlabel("move", fontsize=9)
    ax.set_ylabel("value for A\n(> 0: A ahead)", fontsize=9)
    if legend:
        ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=2, frameon=False)
    if title:
        ax.set_title(title, fontsize=9)
    return ax


def plot_shares(ax, table: "pandas.DataFrame", x: str, *, group: str | None = None,
                colours: Mapping[str, str] | None = None, colour: str = "#666666", xlabel: str | None = None,
                title: str | None = None, bars: bool = True, dodge: bool = True, width: float = 0.8):
    """Shares of a sample with their confidence intervals, one mark per value of ``x``.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    table : pandas.DataFrame
        Columns ``x``, ``share``, ``low`` and ``high`` (the interval), and ``group`` if given.
    x : str
        The column of the values on the x axis (integers).
    group : str, optional
        A column splitting the rows into series drawn side by side (for instance
        ``"player"``), coloured by ``colours``.
    colours : mapping of str to str, optional
        Colour of each group (`OWNER_COLOURS` for players by default).
    colour : str, default "#666666"
        Colour of the marks without ``group``.
    xlabel, title : str, optional
        Axis label and title.
    bars : bool, default True
        Bars with error bars; False: points with error bars (for many values).
    dodge : bool, default True
        Draw the groups side by side at each value of ``x``; False: all at ``x`` (for
        groups that never share a value, such as the winner of each margin).
    width : float, default 0.8
        Width taken by the marks of one value of ``x``, in units of ``x``.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt, pandas as pd
    >>> t = pd.DataFrame({"k": [1, 2], "share": [0.25, 0.75], "low": [0.1, 0.6], "high": [0.4, 0.9]})
    >>> ax = plot_shares(plt.subplots()[1], t, "k")
    >>> ax.get_ylabel()
    'share of games (95% CI)'
    """
    groups = [(None, table)] if group is None else list(table.groupby(group, sort=True))
    colours = dict(OWNER_COLOURS if colours is None else colours)
    series = len(groups) if dodge else 1
    width = width / series
    for index, (name, rows) in enumerate(groups):
        offset = (index - (len(groups) - 1) / 2) * width if dodge else 0.0
        positions = rows[x].to_numpy() + offset
        error = [rows["share"] - rows["low"], rows["high"] - rows["share"]]
        c = colour if name is None else colours.get(name, colour)
        label = None if name is None else str(name)
        if bars:
            ax.bar(positions, rows["share"], width=width * 0.9, color=c, label=label)
            ax.errorbar(positions, rows["share"], yerr=error, fmt="none", ecolor="black", elinewidth=0.8, capsize=2)
        else:
            ax.errorbar(positions, rows["share"], yerr=error, fmt="o", markersize=3, color=c, elinewidth=0.8,
                        capsize=0, label=label)
    ax.set_ylim(bottom=0)
    ax.set_ylabel("share of games (95% CI)", fontsize=9)
    if xlabel:
        ax.set_xlabel(xlabel, fontsize=9)
    if title:
        ax.set_title(title, fontsize=9)
    ax.tick_params(labelsize=8)
    return ax
