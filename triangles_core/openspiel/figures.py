"""The figures of notebook 11 (matplotlib, the package palette `triangles_core.plot.palette`)."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from ..plot.palette import CLASS_COLOURS, board_colour

__all__ = ["board_colours", "error_rate_figure", "shortfall_figure"]

BOARD_MARKERS = {"side3": "D", "boxes2x2": "o", "boxes2x3": "s", "boxes3x3": "^", "boxes3x4": "v"}
"""A marker per board, so that lines read apart without colour."""
_FREE_FIRST = ("#e7298a", "#d95f02")
"""Free palette colours tried first: hues far from the boards' own."""

BOARD_NAMES = {
    "side3": "side-3 triangles",
    "boxes2x2": "2x2 boxes",
    "boxes2x3": "2x3 boxes",
    "boxes3x3": "3x3 boxes",
    "boxes3x4": "3x4 boxes",
}


def board_colours(keys) -> dict[str, str]:
    """Each board's palette colour (`board_colour`), a free palette colour where two would be alike.

    Boards the palette orders (2x3 boxes is not one of them) keep their colour; 2x3 boxes,
    whose palette colour is a green beside 2x2's, gets the first free colour of
    ``_FREE_FIRST`` (magenta), then of the palette.

    Examples
    --------
    >>> colours = board_colours(["boxes2x3", "boxes3x3"])
    >>> colours["boxes3x3"] == board_colour("boxes3x3") != colours["boxes2x3"]
    True
    """
    keys = list(keys)
    usual = [k for k in keys if k != "boxes2x3"] + [k for k in keys if k == "boxes2x3"]
    colours: dict[str, str] = {}
    for key in usual:
        colour = board_colour(key)
        if key == "boxes2x3" or colour in colours.values():
            colour = next(c for c in (*_FREE_FIRST, *CLASS_COLOURS) if c not in colours.values())
        colours[key] = colour
    return {k: colours[k] for k in keys}


def error_rate_figure(summary: pd.DataFrame):
    """Two panels by simulations (log scale): rate of value-losing moves and mean value lost, 95% bands.

    ``summary`` is `triangles_core.openspiel.study.error_summary` by ``board`` and
    ``simulations`` (its cluster-bootstrap intervals are the bands); each board has its
    own hue and marker (`BOARD_MARKERS`).
    """
    fig, axes = plt.subplots(2, 1, figsize=(4.5, 5.6), sharex=True)
    colours = board_colours(dict.fromkeys(summary["board"]))
    for key, rows in summary.groupby("board", sort=False):
        colour = colours[key]
        x = rows["simulations"].to_numpy()
        for ax, (mid, low, high) in zip(
            axes, (("error_rate", "error_low", "error_high"), ("mean_value_lost", "lost_low", "lost_high")), strict=True
        ):
            ax.plot(
                x,
                rows[mid],
                marker=BOARD_MARKERS.get(key, "o"),
                ms=4,
                color=colour,
                ls="--" if key == "boxes2x3" else "-",
                label=BOARD_NAMES.get(key, key),
            )
            ax.fill_between(x, rows[low], rows[high], color=colour, alpha=0.15, lw=0)
    axes[0].set_ylabel("share of moves\nthat lose value", fontsize=9)
    axes[1].set_ylabel("mean value lost per\nmove (net score)", fontsize=9)
    axes[1].set_xscale("log")
    axes[1].set_xlabel("MCTS simulations per move", fontsize=9)
    axes[0].set_ylim(bottom=0)
    axes[1].set_ylim(bottom=0)
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(
        handles, labels, loc="upper center", ncol=3, fontsize=9, frameon=False, columnspacing=1.0, handlelength=2.2
    )
    for ax in axes:
        ax.tick_params(labelsize=9)
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.5 / fig.get_figheight()))
    return fig


def shortfall_figure(games: pd.DataFrame):
    """Share of games by MCTS's shortfall (perfect-play margin minus its margin), one panel per board.

    ``games`` is `triangles_core.openspiel.study.mcts_games` with ``board`` and
    ``simulations`` columns.  One colour per number of simulations in every panel, one
    legend above the panels, and the number of games in each panel's title.
    """
    keys = list(dict.fromkeys(games["board"]))
    levels = sorted(games["simulations"].unique())
    colours = {n: plt.get_cmap("viridis")(0.85 * i / max(1, len(levels) - 1)) for i, n in enumerate(levels)}
    fig, axes = plt.subplots(len(keys), 1, figsize=(4.5, 1.25 * len(keys) + 0.9), sharex=True)
    axes = np.atleast_1d(axes)
    top = int(games["shortfall"].max())
    for ax, key in zip(axes, keys, strict=True):
        rows = games[games["board"] == key]
        here = sorted(rows["simulations"].unique())
        width = 0.8 / len(levels)
        for n in here:
            i = levels.index(n)
            share = rows[rows["simulations"] == n]["shortfall"].value_counts(normalize=True)
            share = share.reindex(range(top + 1), fill_value=0.0)
            ax.bar(np.arange(top + 1) + (i - (len(levels) - 1) / 2) * width, share.to_numpy(), width, color=colours[n])
        counts = ", ".join(f"{int((rows['simulations'] == n).sum())}" for n in here)
        ax.set_title(f"{BOARD_NAMES.get(key, key)}: n = {counts} games", fontsize=9)
        ax.tick_params(labelsize=9)
        ax.set_ylabel("share", fontsize=9)
    handles = [plt.Rectangle((0, 0), 1, 1, color=colours[n]) for n in levels]
    fig.legend(
        handles,
        [f"{n:,}" for n in levels],
        loc="upper center",
        ncol=len(levels),
        fontsize=9,
        frameon=False,
        handlelength=1.0,
        columnspacing=1.2,
        title="MCTS simulations per move",
        title_fontsize=9,
    )
    axes[-1].set_xlabel("shortfall: perfect-play margin minus MCTS's margin", fontsize=9)
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.5 / fig.get_figheight()))
    return fig
