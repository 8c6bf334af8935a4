"""networkx views of a solved game: the state DAG and its optimal-play subgraph.

Nodes are positions (bitmasks) with attributes ``value`` (for the side to move) and
``edges_drawn``; each arc is one legal move with attributes ``edge`` (1-based),
``claimed`` (triangles completed, 0..2) and ``move_value`` (value of the move for its
mover).  The graph is a DAG whose `networkx.topological_generations` are exactly the
retrograde layers (positions with the same number of drawn edges).

Beyond the two builders, this module folds the graph by symmetry
(`symmetry_quotient_graph`) and answers counting questions about optimal play on the
whole board with numpy (`optimal_game_counts`, `optimal_reach`, `optimal_move_counts`),
because a networkx graph of all 262,144 side-3 positions is too heavy for a notebook
(about 19 s and 0.8 GiB to build).  `count_paths` is the plain networkx version of the
path count, used to cross-check the numpy one.
"""

from __future__ import annotations

from collections import deque

import networkx as nx
import numpy as np

from .board import Position
from .move_table import NOT_A_MOVE, claimed_table, move_value_table, positions_by_level
from .solution import Solution
from .symmetry import canonical_forms, orbit_sizes

__all__ = [
    "state_graph",
    "optimal_subgraph",
    "symmetry_quotient_graph",
    "count_paths",
    "optimal_move_counts",
    "optimal_game_counts",
    "optimal_reach",
    "level_sizes",
    "layered_layout",
    "draw_value_graph",
]


def _build(solution: Solution, root: Position, optimal_only: bool) -> nx.DiGraph:
    b = solution.board
    values = solution.values
    graph = nx.DiGraph()
    graph.add_node(root, value=int(values[root]), edges_drawn=root.bit_count())
    queue = deque([root])
    while queue:
        p = queue.popleft()
        best = int(values[p])
        for edge in b.free_edges(p):
            claimed = len(b.completed_by(p, edge))
            move_value = solution._move_value(p, edge)
            if optimal_only and move_value != best:
                continue
            q = p | 1 << (edge - 1)
            if q not in graph:
                graph.add_node(q, value=int(values[q]), edges_drawn=q.bit_count())
                queue.append(q)
            graph.add_edge(p, q, edge=edge, claimed=claimed, move_value=move_value)
    return graph


def state_graph(solution: Solution, root: Position | list[int] = 0) -> nx.DiGraph:
    """The directed acyclic graph of every position reachable from ``root``.

    Parameters
    ----------
    solution : Solution
        A solved board (gives the node values).
    root : int or list of int, default 0
        Starting position (bitmask or edge numbers); the empty board by default.

    Returns
    -------
    networkx.DiGraph
        ``2**f`` nodes for ``f`` free edges in ``root``, one arc per legal move.

    Examples
    --------
    >>> from triangles_core import solve
    >>> g = state_graph(solve(1))
    >>> g.number_of_nodes(), g.number_of_edges()
    (8, 12)
    """
    return _build(solution, solution.position(root), optimal_only=False)


def optimal_subgraph(solution: Solution, root: Position | list[int] = 0) -> nx.DiGraph:
    """The positions and moves of optimal play from ``root``.

    Only arcs whose move value equals the value of their tail are kept, so every path
    from ``root`` to the full board is an optimal game.

    Returns
    -------
    networkx.DiGraph
        Same node and arc attributes as `state_graph`.

    Examples
    --------
    >>> from triangles_core import solve
    >>> g = optimal_subgraph(solve(1))
    >>> g.number_of_nodes()
    8
    """
    return _build(solution, solution.position(root), optimal_only=True)


def symmetry_quotient_graph(solution: Solution) -> nx.DiGraph:
    """The state graph of the whole board folded by the 6 symmetries of the triangle.

    One node per symmetry class, labelled by its canonical form (smallest bitmask).  An
    arc joins a class to each class one move away; since symmetric positions have
    symmetric moves, the arcs out of a class do not depend on the representative.

    Parameters
    ----------
    solution : Solution
        A solved board of side 1 to 3.

    Returns
    -------
    networkx.DiGraph
        Node attributes ``value``, ``edges_drawn`` and ``class_size`` (number of
        positions in the class: 1, 2, 3 or 6).  Arc attributes ``moves`` (how many moves
        of the representative lead into the target class), ``edge`` (the smallest such
        edge), ``claimed`` and ``move_value`` (shared by those moves).  The sum of
        ``class_size`` over nodes is ``2**n_edges``.

    Raises
    ------
    ValueError
        If the board is larger than side 3.

    Examples
    --------
    >>> from triangles_core import solve
    >>> q = symmetry_quotient_graph(solve(2))
    >>> sum(size for _, size in q.nodes(data="class_size"))
    512
    """
    b = solution.board
    canonical = canonical_forms(b)
    sizes = orbit_sizes(b)
    representatives = np.flatnonzero(canonical == np.arange(canonical.size))
    table = move_value_table(solution)
    claimed = claimed_table(b)
    values = solution.values
    graph = nx.DiGraph()
    for p in representatives.tolist():
        graph.add_node(p, value=int(values[p]), edges_drawn=p.bit_count(), class_size=int(sizes[p]))
    tails, edges = np.nonzero(table[representatives] != NOT_A_MOVE)
    tails = representatives[tails]
    heads = canonical[tails | (np.int64(1) << edges)]
    # group the moves of each representative by target class; np.unique sorts by tail
    # then head, and keeps the first (smallest) edge of each group
    pairs = np.stack([tails, heads], axis=1)
    unique, first, multiplicity = np.unique(pairs, axis=0, return_index=True, return_counts=True)
    first_edges = edges[first]
    move_values = table[unique[:, 0], first_edges]
    claims = claimed[unique[:, 0], first_edges]
    graph.add_edges_from(
        (int(t), int(h), {"moves": int(m), "edge": int(e) + 1, "claimed": int(c), "move_value": int(v)})
        for (t, h), m, e, c, v in zip(unique.tolist(), multiplicity, first_edges, claims, move_values)
    )
    return graph


def count_paths(graph: nx.DiGraph, source, weight: str | None = None) -> int:
    """Number of paths from ``source`` to the sinks of a DAG (dynamic programming).

    Parameters
    ----------
    graph : networkx.DiGraph
        A directed acyclic graph.
    source : node
        Where the paths start.
    weight : str, optional
        An arc attribute giving the multiplicity of the arc (for example ``"moves"``
        in `symmetry_quotient_graph`); each arc counts once if omitted.

    Returns
    -------
    int
        Number of maximal paths from ``source`` (exact Python integer).

    Examples
    --------
    >>> import networkx as nx
    >>> count_paths(nx.DiGraph([(0, 1), (0, 2), (1, 3), (2, 3)]), 0)
    2
    """
    below = nx.descendants(graph, source) | {source}
    paths: dict = {}
    for node in reversed(list(nx.topological_sort(graph.subgraph(below)))):
        successors = graph.succ[node]
        if not successors:
            paths[node] = 1
        else:
            paths[node] = sum(
                paths[child] * (1 if weight is None else int(data[weight]))
                for child, data in successors.items()
            )
    return paths[source]


def optimal_move_counts(solution: Solution) -> np.ndarray:
    """The number of optimal moves of every position.

    Returns
    -------
    numpy.ndarray of int8, shape (2**n_edges,)
        Moves whose value equals the position's value; 0 for the full board.  A
        position with exactly one optimal move is *critical*: every other move loses
        something.

    Examples
    --------
    >>> from triangles_core import solve
    >>> s = solve(3)
    >>> int(optimal_move_counts(s)[0]) == len(s.optimal_moves(0))
    True
    """
    table = move_value_table(solution)
    optimal = table == solution.values[:, None]
    return optimal.sum(axis=1).astype(np.int8)


def optimal_game_counts(solution: Solution) -> np.ndarray:
    """The number of distinct optimal games from every position.

    A game is a sequence of moves to the full board; it is optimal when every move keeps
    the value of the position it is played in (a path of `optimal_subgraph`).  The count
    is filled level by level from the full board down, like the retrograde analysis.

    Returns
    -------
    numpy.ndarray of int64, shape (2**n_edges,)
        ``counts[p]``: optimal games from ``p``; 1 for the full board.  Exact for up to
        20 edges (``20! < 2**63``); side 3 has 18.

    Raises
    ------
    ValueError
        If the board is larger than side 3.

    Examples
    --------
    >>> from triangles_core import solve
    >>> int(optimal_game_counts(solve(1))[0])
    6
    """
    b = solution.board
    table = move_value_table(solution)
    values = solution.values
    counts = np.zeros(values.size, dtype=np.int64)
    counts[b.full] = 1
    levels = positions_by_level(b)
    for k in range(b.n_edges - 1, -1, -1):
        level = levels[k]
        optimal = table[level] == values[level][:, None]
        total = np.zeros(level.size, dtype=np.int64)
        for e in range(b.n_edges):
            rows = np.flatnonzero(optimal[:, e])
            total[rows] += counts[level[rows] | (1 << e)]
        counts[level] = total
    return counts


def optimal_reach(solution: Solution, root: Position | list[int] = 0) -> np.ndarray:
    """Which positions optimal play can reach from ``root``.

    Returns
    -------
    numpy.ndarray of bool, shape (2**n_edges,)
        True exactly for the nodes of ``optimal_subgraph(solution, root)``.

    Examples
    --------
    >>> from triangles_core import solve
    >>> s = solve(2)
    >>> int(optimal_reach(s).sum()) == optimal_subgraph(s).number_of_nodes()
    True
    """
    b = solution.board
    root = solution.position(root)
    table = move_value_table(solution)
    values = solution.values
    reach = np.zeros(values.size, dtype=bool)
    reach[root] = True
    levels = positions_by_level(b)
    for k in range(root.bit_count(), b.n_edges):
        level = levels[k][reach[levels[k]]]
        optimal = table[level] == values[level][:, None]
        for e in range(b.n_edges):
            reach[level[optimal[:, e]] | (1 << e)] = True
    return reach


def level_sizes(graph: nx.DiGraph, weight: str | None = None) -> list[int]:
    """Number of nodes in each `networkx.topological_generations` layer of a DAG.

    Parameters
    ----------
    graph : networkx.DiGraph
        A DAG.
    weight : str, optional
        A node attribute to add up instead of counting nodes (``"class_size"`` turns
        quotient classes back into positions).

    Returns
    -------
    list of int
        One entry per generation, sources first.

    Examples
    --------
    >>> from triangles_core import solve
    >>> level_sizes(state_graph(solve(1)))
    [1, 3, 3, 1]
    """
    return [
        len(layer) if weight is None else sum(int(graph.nodes[v][weight]) for v in layer)
        for layer in nx.topological_generations(graph)
    ]


def layered_layout(graph: nx.DiGraph) -> dict:
    """Deterministic drawing positions for a small position DAG, one column per level.

    Columns are the values of the ``edges_drawn`` node attribute.  Within a column the
    nodes are ordered by the mean rank of their predecessors (the barycentre heuristic,
    which keeps arcs short and crossings few), ties broken by bitmask, and spread evenly
    around 0.  No randomness is involved, so the same graph always gets the same layout.

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
    for node, level in graph.nodes(data="edges_drawn"):
        levels.setdefault(level, []).append(node)
    widest = max(len(nodes) for nodes in levels.values())
    rank: dict = {}
    layout: dict = {}
    for level in sorted(levels):
        def key(node):
            parents = [rank[u] for u in graph.pred[node] if u in rank]
            return (sum(parents) / len(parents) if parents else 0.0, node)
        ordered = sorted(levels[level], key=key)
        for i, node in enumerate(ordered):
            rank[node] = i - (len(ordered) - 1) / 2
            layout[node] = (level, rank[node] / max(widest - 1, 1))
    return {node: layout[node] for node in sorted(layout)}


def draw_value_graph(ax, graph: nx.DiGraph, *, value_limit: int | None = None, labels: bool = False,
                     title: str | None = None) -> dict:
    """Draw a small position graph with nodes coloured by value.

    Uses `layered_layout` (one column per number of drawn edges, no randomness).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    graph : networkx.DiGraph
        Nodes with ``value`` and ``edges_drawn`` attributes (`optimal_subgraph`).
    value_limit : int, optional
        Colour scale limit; defaults to the largest absolute value in the graph (at
        least 1).
    labels : bool, default False
        Write each node's value on it.
    title : str, optional
        Axes title.

    Returns
    -------
    dict
        Node to ``(x, y)`` position used.
    """
    from .plotting import value_colormap

    layout = layered_layout(graph)
    nodes = sorted(graph.nodes)
    values = [graph.nodes[v]["value"] for v in nodes]
    limit = value_limit or max(1, max(abs(v) for v in values))
    nx.draw_networkx_edges(graph, layout, ax=ax, edge_color="#999999", arrows=False, width=0.8)
    nx.draw_networkx_nodes(graph, layout, nodelist=nodes, node_color=values, cmap=value_colormap(),
                           vmin=-limit, vmax=limit, node_size=80, ax=ax, edgecolors="#333333",
                           linewidths=0.5)
    if labels:
        nx.draw_networkx_labels(graph, layout, {v: f"{graph.nodes[v]['value']:+d}" for v in nodes},
                                font_size=6, ax=ax)
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=10)
    return layout
