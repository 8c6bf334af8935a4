"""Drawings of small state graphs, one column per level, nodes coloured by value."""

from __future__ import annotations

import networkx as nx

from .boards import value_norm
from .palette import value_colormap

__all__ = ["draw_value_graph", "layered_layout"]


def layered_layout(graph: nx.DiGraph, level: str = "edges_drawn") -> dict:
    """Deterministic drawing positions for a small position DAG, one column per level.

    Columns are the values of a node attribute (``edges_drawn`` by default).  Within a
    column the nodes are ordered by the mean rank of their predecessors (the barycentre
    heuristic, which keeps arcs short and crossings few), ties broken by node, and spread
    evenly around 0.  No randomness is involved, so the same graph always gets the same
    layout.

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
    for key in sorted(levels):
        def order(node):
            parents = [rank[u] for u in graph.pred[node] if u in rank]
            return (sum(parents) / len(parents) if parents else 0.0, node)
        ordered = sorted(levels[key], key=order)
        for i, node in enumerate(ordered):
            rank[node] = i - (len(ordered) - 1) / 2
            layout[node] = (key, rank[node] / max(widest - 1, 1))
    return {node: layout[node] for node in sorted(layout)}


def draw_value_graph(ax, graph: nx.DiGraph, *, value_limit: int | None = None, labels: bool = False,
                     colorbar: bool = True, title: str | None = None) -> dict:
    """Draw a small position graph, one column per number of drawn edges, nodes coloured by value.

    Uses `layered_layout` (no randomness).  The x axis shows the levels (edges drawn);
    with ``labels`` each node carries its value for the player to move.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    graph : networkx.DiGraph
        Nodes with ``value`` and ``edges_drawn`` attributes (an optimal-play subgraph).
    value_limit : int, optional
        Colour scale limit; defaults to the largest absolute value in the graph (at
        least 1).
    labels : bool, default False
        Write each node's value on it.
    colorbar : bool, default True
        Add a colour bar of the value for the player to move.
    title : str, optional
        Axes title.

    Returns
    -------
    dict
        Node to ``(x, y)`` position used.
    """
    from matplotlib.cm import ScalarMappable

    layout = layered_layout(graph)
    nodes = sorted(graph.nodes)
    values = [graph.nodes[v]["value"] for v in nodes]
    norm = value_norm(value_limit or max(1, max(abs(v) for v in values)))
    cmap = value_colormap()
    nx.draw_networkx_edges(graph, layout, ax=ax, edge_color="#aaaaaa", arrows=False, width=0.8)
    nx.draw_networkx_nodes(graph, layout, nodelist=nodes, node_color=[cmap(norm(v)) for v in values],
                           node_size=260 if labels else 80, ax=ax, edgecolors="#333333", linewidths=0.6)
    if labels:
        nx.draw_networkx_labels(graph, layout, {v: f"{graph.nodes[v]['value']:+d}" for v in nodes},
                                font_size=7, ax=ax)
    levels = sorted({x for x, _ in layout.values()})
    ax.set_xticks(levels)
    ax.tick_params(axis="x", which="both", bottom=True, labelbottom=True, labelsize=8)  # networkx hides them
    ax.tick_params(axis="y", left=False, labelleft=False)
    ax.set_xlabel("edges drawn")
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    if colorbar:
        mappable = ScalarMappable(norm=norm, cmap=cmap)
        bar = ax.figure.colorbar(mappable, ax=ax, shrink=0.8, pad=0.01)
        bar.set_label("value for the player to move", fontsize=9)
    if title:
        ax.set_title(title, fontsize=10)
    return layout
