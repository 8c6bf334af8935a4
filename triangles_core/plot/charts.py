"""Charts of the analysis tables (`triangles_core.analysis.tables`), each on a given axes."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

import numpy as np
import pandas as pd
from matplotlib.patches import Patch

from .palette import CLASS_COLOURS, OUTCOME_COLOURS

__all__ = [
    "bars_by_edges_drawn",
    "boards_by_fraction_drawn",
    "outcome_bars",
    "outcome_legend",
]

_OUTCOMES = {
    "mover_wins": ("win", "player to move wins"),
    "draws": ("draw", "draw"),
    "mover_loses": ("loss", "player to move loses"),
}


def outcome_bars(
    ax,
    outcomes: pd.DataFrame,
    *,
    title: str | None = None,
    xlabel: str = "edges drawn",
    tick_fontsize: float = 9,
    tick_step: int | None = None,
) -> None:
    """Stacked bars of the shares of wins, draws and losses of the player to move, by edges drawn.

    Parameters
    ----------
    outcomes : pandas.DataFrame
        A table from `triangles_core.analysis.tables.outcomes_by_edges_drawn`.
    tick_step : int, optional
        Label every ``tick_step``-th number of edges drawn.
    """
    table = outcomes[outcomes["positions"] > 0]
    bottom = np.zeros(len(table))
    for column, (outcome, label) in _OUTCOMES.items():
        heights = table[column] / table["positions"]
        ax.bar(table["edges_drawn"], heights, bottom=bottom, color=OUTCOME_COLOURS[outcome], label=label, width=0.85)
        bottom = bottom + np.asarray(heights, dtype=float)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of positions")
    step = tick_step or (1 if len(table) <= 20 else 2 if len(table) <= 40 else 5)
    ax.set_xticks(table["edges_drawn"][::step])
    ax.tick_params(axis="x", labelsize=tick_fontsize)
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


def bars_by_edges_drawn(
    ax, table: pd.DataFrame, column: str, *, ylabel: str, title: str | None = None, labels: bool = True
) -> None:
    """One bar per number of edges drawn, optionally labelled with its value.

    Parameters
    ----------
    table : pandas.DataFrame
        Has ``edges_drawn`` and ``column``.
    labels : bool, default True
        Write each bar's value (two decimals) inside its top.
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
        Board label to a table with ``edges_drawn`` and ``column``, and the board's number
        of edges.
    sampled : set of str, optional
        Boards estimated from samples: dashed, hollow markers, "(sampled)" in the legend.
    colours : dict of str to str, optional
        Board label to colour (`triangles_core.plot.palette.board_colour`).
    band : (str, str), optional
        Columns of a confidence interval, shaded around each sampled board's line.
    styles : dict of str to dict, optional
        Board label to ``Axes.plot`` keyword arguments replacing the defaults.

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
