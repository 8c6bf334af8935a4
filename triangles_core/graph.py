"""networkx views of a solved game: the state DAG and its optimal-play subgraph.

Nodes are positions (bitmasks) with attributes ``value`` (for the side to move) and
``edges_drawn``; each arc is one legal move with attributes ``edge`` (1-based),
``claimed`` (triangles completed, 0..2) and ``move_value`` (value of the move for its
mover).  The graph is a DAG whose `networkx.topological_generations` are exactly the
retrograde layers (positions with the same number of drawn edges).
"""

from __future__ import annotations

from collections import deque

import networkx as nx

from .board import Position
from .solution import Solution

__all__ = ["state_graph", "optimal_subgraph"]


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
