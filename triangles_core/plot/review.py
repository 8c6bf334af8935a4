"""The value history of a reviewed game, like a chess engine's evaluation graph."""

from __future__ import annotations

import matplotlib.pyplot as plt

from ..analysis.review import GameReview
from .palette import CLASSIFICATION_COLOURS, OWNER_COLOURS

__all__ = ["plot_value_history"]


def _segment_hits_box(p, q, box, samples: int = 24) -> bool:
    return any(
        box[0] <= p[0] + (q[0] - p[0]) * k / samples <= box[2]
        and box[1] <= p[1] + (q[1] - p[1]) * k / samples <= box[3]
        for k in range(samples + 1)
    )


def _place_mistake_labels(ax, review: GameReview, marked, font_size: float) -> None:
    """Write ``player:dots`` above or below each mistake, at the first candidate place that no line,
    choice bar, point or earlier label crosses (in the axes' final limits and size)."""
    fig = ax.figure
    extent = ax.get_position()  # figure fraction
    width_pt, height_pt = extent.width * fig.get_figwidth() * 72, extent.height * fig.get_figheight() * 72
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    per_pt_x, per_pt_y = (x1 - x0) / width_pt, (y1 - y0) / height_pt
    values = review.values
    segments = [((i, values[i]), (i + 1, values[i + 1])) for i in range(len(values) - 1)]
    levels = [0, review.start_value]  # the zero line and the perfect-play line
    bars = [(m.move, m.lowest, m.highest) for m in review.moves]
    points = [(i, v) for i, v in enumerate(values)]
    placed: list[tuple[float, float, float, float]] = []
    for m in sorted(marked, key=lambda m: m.move):
        text = f"{m.player}:{m.dots[0]}-{m.dots[1]}"
        w = (0.62 * font_size * len(text) + 4) * per_pt_x
        h = (1.25 * font_size + 3) * per_pt_y
        gap_y = 7 * per_pt_y
        x, y = m.move, m.value_after
        first = 1 if m.player == "B" else -1  # B's above the point, A's below, where there is room
        # directly above or below the marker (never beside it, where it would read as the label
        # of a neighbouring move), nearest first, in steps of half a label height
        candidates = [(0, side * (gap_y + h / 2 + k * h / 2)) for k in range(9) for side in (first, -first)]
        best, best_hits = None, None
        for dx, dy in candidates:
            cx, cy = x + dx, y + dy
            box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if box[0] < x0 or box[2] > x1 or box[1] < y0 or box[3] > y1:
                continue
            hits = sum(box[1] <= level <= box[3] for level in levels)
            hits += sum(box[0] <= bx <= box[2] and box[1] <= hi and lo <= box[3] for bx, lo, hi in bars)
            hits += sum(_segment_hits_box(a, b, box) for a, b in segments)
            hits += sum(
                box[0] - 3 * per_pt_x <= px <= box[2] + 3 * per_pt_x
                and box[1] - 3 * per_pt_y <= py <= box[3] + 3 * per_pt_y
                for px, py in points
            )
            hits += 10 * sum(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in placed)
            if best_hits is None or hits < best_hits:
                best, best_hits = (cx, cy, box), hits
            if hits == 0:
                break
        if best is None:  # no candidate inside the axes: above the point
            cy = y + first * (gap_y + h / 2)
            best = (x, cy, (x - w / 2, cy - h / 2, x + w / 2, cy + h / 2))
        cx, cy, box = best
        placed.append(box)
        ax.text(
            cx,
            cy,
            text,
            ha="center",
            va="center",
            fontsize=font_size,
            zorder=6,
            bbox={"boxstyle": "round,pad=0.1", "facecolor": "white", "edgecolor": "none", "alpha": 0.85},
        )


def plot_value_history(
    review: GameReview,
    ax=None,
    title: str | None = None,
    legend: bool = True,
    *,
    xlim: tuple[float, float] | None = None,
    ylim: tuple[float, float] | None = None,
    font_size: float = 9,
    ylabel: str | None = "value for A\n(> 0: A wins with perfect play)",
    mistake_labels: bool = True,
):
    """Plot the value for A after each move, like an engine's evaluation graph.

    Parameters
    ----------
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new 4.4 x 3.2 in figure by default.
    legend : bool, default True
        Draw the legend below the axes.
    xlim, ylim : (float, float), optional
        Axis limits, to give several games one scale.
    ylabel : str or None, optional
        The label of the value axis; None leaves it out (several panels sharing one label).
    mistake_labels : bool, default True
        Write ``player:dots`` by each mistake; False leaves the circles unlabelled (small panels).

    Examples
    --------
    >>> from triangles_core.analysis.records import parse_record
    >>> from triangles_core.analysis.review import review_game
    >>> ax = plot_value_history(review_game(parse_record("1 2\\n2 3\\n1 3")))
    >>> sorted(set(ax.get_legend_handles_labels()[1]))[:2]
    ["A's choices (value for A of each legal move)", "B's choices (value for A of each legal move)"]
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(4.4, 3.2))
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
        ax.vlines(
            [m.move for m in moved],
            [m.lowest for m in moved],
            [m.highest for m in moved],
            color=colour,
            linewidth=1.2,
            alpha=0.6,
            zorder=1,
        )
        ax.scatter(
            *zip(*[(m.move, v) for m in moved for v in (m.choices or (m.lowest, m.highest))], strict=True),
            marker="_",
            s=70,
            linewidths=1.6,
            color=colour,
            zorder=2,
            label=f"{player}'s choices (value for A of each legal move)",
        )
    ax.axhline(
        review.start_value,
        color="#555555",
        linestyle=":",
        linewidth=1,
        label=f"perfect play from the start ({review.start_value:+d})",
    )
    ax.plot(x, values, color="black", marker="o", markersize=3, linewidth=1.5, label="value for A", zorder=3)
    marked = []
    for kind, colour in CLASSIFICATION_COLOURS.items():
        moves = [m for m in review.moves if m.classification == kind]
        if moves:
            ax.scatter(
                [m.move for m in moves],
                [m.value_after for m in moves],
                s=60,
                color=colour,
                zorder=5,
                label=kind,
                edgecolor="black",
                linewidth=0.5,
            )
            marked += moves
    ax.set_xlim(*(xlim or (-0.5, max(len(values) - 0.5, 1))))
    ax.set_ylim(*(ylim or (bottom - 2.5, top + 2.5)))
    parity = review.start_value % 2
    low, high = ax.get_ylim()
    ax.set_yticks([v for v in range(int(low) - 1, int(high) + 2) if v % 2 == parity and low <= v <= high])
    ax.set_xticks([k for k in range(int(ax.get_xlim()[1]) + 1) if k >= ax.get_xlim()[0]])
    ax.tick_params(labelsize=font_size)
    ax.set_xlabel("move", fontsize=font_size)
    if ylabel is not None:
        ax.set_ylabel(ylabel, fontsize=font_size)
    if title:
        ax.set_title(title, fontsize=font_size)
    if mistake_labels:
        _place_mistake_labels(ax, review, marked, font_size)
    if legend:
        ax.legend(fontsize=font_size, loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=1, frameon=False)
    return ax
