"""The value history of a reviewed game, like a chess engine's evaluation graph."""

from __future__ import annotations

from ..analysis.review import GameReview
from .palette import CLASSIFICATION_COLOURS, OWNER_COLOURS

__all__ = ["plot_value_history"]


def plot_value_history(review: GameReview, ax=None, title: str | None = None, legend: bool = True):
    """Plot the value for A after each move, like an engine's evaluation graph.

    The line is the value for A at the start (move 0) and after each move; the grey
    band at each move spans the values for A that the mover's legal moves reached (the
    mover's optimal choice is the band's edge on the mover's side: the top for A, the
    bottom for B); the dotted line is the value under perfect play from the start; and
    the mistakes are marked in colour by classification and labelled with
    their player and dot pair (``B:2-5``, the Triangle War notation of the records).

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
    """
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.2))
    values = review.values
    x = list(range(len(values)))
    limit = max(3, max(abs(v) for v in values + [m.lowest for m in review.moves] + [m.highest for m in review.moves]))
    limit += 1
    ax.axhspan(0, limit, color=OWNER_COLOURS["A"], alpha=0.07, linewidth=0)
    ax.axhspan(-limit, 0, color=OWNER_COLOURS["B"], alpha=0.07, linewidth=0)
    ax.axhline(0, color="#888888", linewidth=0.8)
    if review.moves:
        moves = [m.move for m in review.moves]
        ax.fill_between(moves, [m.lowest for m in review.moves], [m.highest for m in review.moves],
                        color="#999999", alpha=0.25, linewidth=0, label="range of the mover's choices")
    ax.axhline(review.start_value, color="#555555", linestyle=":", linewidth=1,
               label=f"perfect play from the start ({review.start_value:+d})")
    ax.plot(x, values, color="black", marker="o", markersize=3, linewidth=1.5, label="value for A")
    for kind, colour in CLASSIFICATION_COLOURS.items():
        marked = [m for m in review.moves if m.classification == kind]
        if marked:
            ax.scatter([m.move for m in marked], [m.value_after for m in marked], s=60, color=colour,
                       zorder=5, label=kind, edgecolor="black", linewidth=0.5)
            for m in marked:
                ax.annotate(f"{m.player}:{m.dots[0]}-{m.dots[1]}", (m.move, m.value_after), textcoords="offset points",
                            xytext=(0, 7 if m.player == "B" else -12), ha="center", fontsize=7)
    ax.set_xlim(-0.5, max(len(values) - 0.5, 1))
    ax.set_ylim(-limit, limit)
    ax.set_xlabel("move")
    ax.set_ylabel("value for A")
    ax.text(0.005, 0.98, "A ahead", transform=ax.transAxes, va="top", fontsize=7, color=OWNER_COLOURS["A"])
    ax.text(0.005, 0.02, "B ahead", transform=ax.transAxes, va="bottom", fontsize=7, color=OWNER_COLOURS["B"])
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    if legend:
        ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=3, frameon=False)
    if title:
        ax.set_title(title, fontsize=10)
    return ax
