"""Drawings of small state graphs, one column per level, nodes coloured by value."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import networkx as nx
from matplotlib.cm import ScalarMappable
from matplotlib.lines import Line2D

from .boards import LABEL_POINTS, TITLE_POINTS, _constrained, add_value_colorbar
from .palette import value_colormap, value_norm

if TYPE_CHECKING:
    from matplotlib.typing import LineStyleType

__all__ = ["draw_value_graph", "layered_layout"]


def layered_layout(graph: nx.DiGraph, level: str = "edges_drawn", *, descending: bool = False, tie=None) -> dict:
    """Deterministic drawing positions for a small position DAG, one column per level.

    Returns
    -------
    dict
        Node to ``(x, y)`` with ``x`` the level and ``|y| <= 0.5``.

    Examples
    --------
    >>> g = nx.DiGraph([(0, 1), (0, 2)])
    >>> nx.set_node_attributes(g, {0: 0, 1: 1, 2: 1}, "edges_drawn")
    >>> layered_layout(g)
    {0: (0, 0.0), 1: (1, -0.5), 2: (1, 0.5)}
    """
    levels: dict[int, list] = {}
    for node, value in graph.nodes(data=level):
        levels.setdefault(value, []).append(node)
    widest = max(len(nodes) for nodes in levels.values())
    rank: dict = {}
    layout: dict = {}
    for key in sorted(levels, reverse=descending):

        def order(node):
            parents = [rank[u] for u in graph.pred[node] if u in rank]
            return (sum(parents) / len(parents) if parents else 0.0, node if tie is None else tie(node))

        ordered = sorted(levels[key], key=order)
        for i, node in enumerate(ordered):
            rank[node] = i - (len(ordered) - 1) / 2
            layout[node] = (key, rank[node] / max(widest - 1, 1))
    return {node: layout[node] for node in sorted(layout)}


_ARCS: dict[bool, tuple[str, LineStyleType, float, str]] = {
    True: ("#333333", "solid", 1.1, "move that claims (same player moves again)"),
    False: ("#9a9a9a", (0, (3, 2)), 0.8, "move that passes the turn"),
}
"""An arc whose move claims a cell (True) or passes the turn: colour, line style, width in points, key."""


def draw_value_graph(
    ax,
    graph: nx.DiGraph,
    *,
    value_limit: int | None = None,
    labels: bool = False,
    colorbar: bool = True,
    title: str | None = None,
) -> dict:
    """Draw a small position graph, one column per number of drawn edges, nodes coloured by value, with a key.

    Parameters
    ----------
    graph : networkx.DiGraph
        Nodes with ``value`` and ``edges_drawn`` attributes (an optimal-play subgraph).
    labels : bool, default False
        Write each node's value on it.

    Returns
    -------
    dict
        Node to ``(x, y)`` position used.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> g = nx.DiGraph()
    >>> g.add_node(0, value=1, edges_drawn=0); g.add_node(1, value=-1, edges_drawn=1)
    >>> g.add_edge(0, 1, again=False)
    >>> fig, ax = plt.subplots()
    >>> draw_value_graph(ax, g, labels=True)
    {0: (0, 0.0), 1: (1, 0.0)}
    >>> plt.close(fig)
    """
    layout = layered_layout(graph)
    nodes = sorted(graph.nodes)
    values = [graph.nodes[v]["value"] for v in nodes]
    norm = value_norm(value_limit or max(1, max(abs(v) for v in values)))
    cmap = value_colormap()

    def claims(data) -> bool:
        return bool(data.get("again", data.get("reward", 0) > 0))

    for wanted in (False, True):
        colour, style, width, _ = _ARCS[wanted]
        arcs = [(u, v) for u, v, data in graph.edges(data=True) if claims(data) == wanted]
        if arcs:
            nx.draw_networkx_edges(
                graph, layout, edgelist=arcs, ax=ax, edge_color=colour, arrows=False, width=width, style=style
            )
    nx.draw_networkx_nodes(
        graph,
        layout,
        nodelist=nodes,
        node_color=[cmap(norm(v)) for v in values],
        node_size=330 if labels else 80,
        ax=ax,
        edgecolors="#333333",
        linewidths=0.6,
    )
    if labels:
        nx.draw_networkx_labels(
            graph,
            layout,
            {v: f"{graph.nodes[v]['value']:+d}" if graph.nodes[v]["value"] else "0" for v in nodes},
            font_size=LABEL_POINTS,
            ax=ax,
        )
    levels = sorted({x for x, _ in layout.values()})
    ax.set_xticks(levels)
    # networkx hides the ticks: show them again
    ax.tick_params(axis="x", which="both", bottom=True, labelbottom=True, labelsize=LABEL_POINTS)
    ax.tick_params(axis="y", left=False, labelleft=False)
    ax.set_xlabel("edges drawn", fontsize=LABEL_POINTS)
    ax.spines[["top", "right", "left"]].set_visible(False)
    if colorbar:
        add_value_colorbar(
            ax.figure,
            ScalarMappable(norm=norm, cmap=cmap),
            ax,
            "value for the player to move",
            values=values,
            optimal_key=False,
            contiguous=True,
        )
    constrained = _constrained(ax.figure)
    handles = [Line2D([], [], color=c, linewidth=w + 0.4, linestyle=s, label=k) for c, s, w, k in _ARCS.values()]
    key: dict[str, Any] = {"handles": handles, "ncol": 1, "fontsize": LABEL_POINTS, "frameon": False}
    if constrained:
        ax.figure.legend(loc="outside lower center", **key)
    else:
        ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), **key)
    if title:
        ax.set_title(title, fontsize=TITLE_POINTS, pad=6 if constrained else 40)
    return layout
