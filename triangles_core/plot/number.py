"""Drawings of the Number Game (ZOJ 1039 / POJ 1143): positions as strips of 2..20."""

from __future__ import annotations

from ..games.number import HIGH, LOW, allowed_numbers
from .palette import NEUTRAL, OUTCOME_COLOURS

__all__ = ["draw_number_game_graph", "draw_number_strip", "draw_positions_by_remaining"]


def draw_number_strip(ax, rows: list[tuple[str, int, int | None]]) -> None:
    """Draw positions as strips of the numbers 2..20, one row per position.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    rows : list of (label, position, chosen)
        Row label, bitmask of allowed numbers, and the number just chosen (outlined in
        red; None for none).  Allowed numbers are white, forbidden ones grey.
    """
    from matplotlib.patches import Rectangle

    for i, (label, position, chosen) in enumerate(rows):
        y = -i
        for n in range(LOW, HIGH + 1):
            allowed = position >> (n - LOW) & 1
            ax.add_patch(Rectangle((n - 0.45, y - 0.4), 0.9, 0.8, facecolor="white" if allowed else "#9a9a9a",
                                   edgecolor="red" if n == chosen else "#444444",
                                   linewidth=2.5 if n == chosen else 0.8))
            ax.text(n, y, str(n), ha="center", va="center", fontsize=9,
                    color="black" if allowed else "#eeeeee")
        ax.text(LOW - 0.8, y, label, ha="right", va="center", fontsize=9)
    ax.set_xlim(LOW - 7, HIGH + 0.6)
    ax.set_ylim(-len(rows) + 0.4, 0.6)
    ax.set_aspect("equal")
    ax.axis("off")


def draw_number_game_graph(ax, graph, *, title: str | None = None, move_labels: bool = True) -> None:
    """Draw a Number Game state graph by level, P-positions and winning moves marked, with a key.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    graph : networkx.DiGraph
        A state graph of the Number Game (`triangles_core.engine.graphs.state_graph`):
        node attributes ``value`` (+1 or -1) and ``remaining``, arc attribute
        ``move_value``.
    title : str, optional
        Axes title.

    Notes
    -----
    Columns are the number of allowed numbers, from the root on the left to the empty
    position on the right; each node is labelled with its allowed numbers beside it.
    An N-position (the mover wins) is blue, a P-position (the mover loses) red, and the
    winning moves (into a P-position) are the thick black arcs.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core import solve_number_game, state_graph
    >>> fig, ax = plt.subplots()
    >>> draw_number_game_graph(ax, state_graph(solve_number_game(), [2, 3, 5]))
    >>> plt.close(fig)
    """
    import networkx as nx
    from matplotlib.lines import Line2D

    columns: dict[int, list] = {}
    for node, remaining in sorted(graph.nodes(data="remaining"), key=lambda item: (-item[1], item[0])):
        columns.setdefault(remaining, []).append(node)
    layout = {}
    for x, remaining in enumerate(sorted(columns, reverse=True)):
        nodes = columns[remaining]
        for i, node in enumerate(nodes):
            layout[node] = (x, (len(nodes) - 1) / 2 - i)
    winning = [(u, v) for u, v, value in graph.edges(data="move_value") if value == 1]
    others = [(u, v) for u, v, value in graph.edges(data="move_value") if value != 1]
    nx.draw_networkx_edges(graph, layout, edgelist=others, ax=ax, edge_color=NEUTRAL, arrows=True, arrowsize=8,
                           width=0.8, node_size=220)
    nx.draw_networkx_edges(graph, layout, edgelist=winning, ax=ax, edge_color="black",
                           arrows=True, arrowsize=11, width=2.2, node_size=220)
    colours = [OUTCOME_COLOURS["win"] if graph.nodes[p]["value"] == 1 else OUTCOME_COLOURS["loss"]
               for p in graph.nodes]
    nx.draw_networkx_nodes(graph, layout, ax=ax, node_size=220, node_color=colours, edgecolors="black",
                           linewidths=0.6)
    if move_labels:  # the chosen number near the start of each arc, moved along it to avoid other labels
        placed: list[tuple[float, float]] = []
        arcs = sorted(graph.edges(data=True), key=lambda e: (layout[e[0]][0], -layout[e[0]][1], e[2]["move"]))
        for u, v, data in arcs:
            (x0, y0), (x1, y1) = layout[u], layout[v]
            for t in (0.3, 0.22, 0.38, 0.46, 0.15, 0.54, 0.62):
                x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                if all(abs(x - a) > 0.13 or abs(y - b) > 0.2 for a, b in placed):
                    break
            placed.append((x, y))
            win = data["move_value"] == 1
            ax.text(x, y, str(data["move"]), ha="center", va="center",
                    fontsize=8, color="black" if win else "#555555", fontweight="bold" if win else "normal",
                    zorder=4, bbox=dict(boxstyle="round,pad=0.12", facecolor="white",
                                        edgecolor="black" if win else NEUTRAL, linewidth=0.6))
    for node, (x, y) in layout.items():
        label = "{" + ",".join(map(str, allowed_numbers(node))) + "}" if node else "{ }"
        ax.text(x, y - 0.28, label, ha="center", va="top", fontsize=8, zorder=5,
                bbox=dict(boxstyle="round,pad=0.1", facecolor="white", edgecolor="none", alpha=0.85))
    ax.set_xlim(-0.6, len(columns) - 0.4)
    top = max(y for _, y in layout.values()) + 0.5
    ax.set_ylim(min(y for _, y in layout.values()) - 0.8, top + 0.5)
    ax.axis("off")
    for x, remaining in enumerate(sorted(columns, reverse=True)):
        ax.text(x, top + 0.1, str(remaining), ha="center", va="bottom", fontsize=9, color="#555555")
    ax.text(-0.6, top + 0.45, "numbers still allowed:", ha="left", va="bottom", fontsize=9, color="#555555")
    handles = [Line2D([], [], marker="o", linestyle="", markersize=9, markerfacecolor=OUTCOME_COLOURS["win"],
                      markeredgecolor="black", label="N-position: the player to move wins"),
               Line2D([], [], marker="o", linestyle="", markersize=9, markerfacecolor=OUTCOME_COLOURS["loss"],
                      markeredgecolor="black", label="P-position: the player to move loses"),
               Line2D([], [], color="black", linewidth=2.2, label="winning move (into a P-position)"),
               Line2D([], [], color=NEUTRAL, linewidth=1, label="other move")]
    if move_labels:
        handles.append(Line2D([], [], linestyle="", marker="s", markersize=10, markerfacecolor="white",
                              markeredgecolor=NEUTRAL, label="number on an arc: the number chosen"))
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.02), ncol=2, frameon=False, fontsize=9)
    if title:
        ax.set_title(title, fontsize=10)


def draw_positions_by_remaining(ax, remaining, n_positions, p_positions, *, title: str | None = None) -> None:
    """Horizontal side-by-side bars of N- and P-positions per number of allowed numbers, counts written.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    remaining : sequence of int
        Numbers still allowed (one bar pair per value).
    n_positions, p_positions : sequence of int
        How many positions with that many allowed numbers are N-positions (the mover
        wins) and P-positions (the mover loses).
    title : str, optional
        Axes title.

    Notes
    -----
    The two bars of a row stand side by side (N above, P below), never stacked or
    overlaid, and every count is written at the end of its bar, so that counts of 1 or 2
    stay readable next to counts of several hundred.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> draw_positions_by_remaining(ax, [0, 1, 2], [0, 2, 2], [1, 0, 1])
    >>> plt.close(fig)
    """
    height = 0.4
    ys = [-r for r in remaining]
    n_bars = ax.barh([y + height / 2 for y in ys], n_positions, height=height, color=OUTCOME_COLOURS["win"],
                     label="N-positions (the player to move wins)")
    p_bars = ax.barh([y - height / 2 for y in ys], p_positions, height=height, color=OUTCOME_COLOURS["loss"],
                     label="P-positions (the player to move loses)")
    for bars in (n_bars, p_bars):
        ax.bar_label(bars, padding=2, fontsize=8)
    ax.set_yticks(ys, [str(r) for r in remaining], fontsize=8)
    ax.set_ylabel("numbers still allowed")
    ax.set_xlabel("positions")
    ax.set_xlim(0, max(max(n_positions), max(p_positions)) * 1.12)
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(frameon=False, fontsize=9, loc="lower right")
    if title:
        ax.set_title(title, fontsize=10)
