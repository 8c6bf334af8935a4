"""Drawings of the Number Game (ZOJ 1039 / POJ 1143): positions as strips of 2..20."""

from __future__ import annotations

from ..games.number import HIGH, LOW, allowed_numbers
from .palette import NEUTRAL, OUTCOME_COLOURS

__all__ = ["draw_number_game_graph", "draw_number_strip"]


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


def draw_number_game_graph(ax, graph, *, title: str | None = None) -> None:
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
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.02), ncol=2, frameon=False, fontsize=9)
    if title:
        ax.set_title(title, fontsize=10)
