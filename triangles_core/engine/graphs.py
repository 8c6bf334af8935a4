"""State graphs of any solved game, as networkx directed acyclic graphs.

`state_graph` is built once, generically, from the game's rules and the solution's
values: nodes are positions, with the attribute ``value`` (for the player to move) plus
whatever the game's ``describe`` gives (``edges_drawn`` for cell games, ``pegs``,
``remaining``); each arc is one legal move, with the attributes ``move``, ``reward``,
``again`` and ``move_value`` (the value of the move for its mover).  With
``optimal_only`` only the moves of optimal play are kept, so every path from the root to
a sink is an optimal game (the optimal-play subgraph).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from .game import move_value
from .solved import SolvedGameBase

__all__ = ["MAX_GRAPH_POSITIONS", "optimal_subgraph", "state_graph"]

MAX_GRAPH_POSITIONS = 1_000_000
"""A state graph stops (ValueError) beyond this many positions (about 1 GiB in networkx)."""


def state_graph(solution: SolvedGameBase, root: Any = None, *, optimal_only: bool = False,
                max_positions: int = MAX_GRAPH_POSITIONS):
    """The directed acyclic graph of the positions reachable from ``root``.

    Parameters
    ----------
    solution : SolvedGame
        A solved game (its ``game`` gives the rules, ``value`` the node values).
    root : position, optional
        Starting position as the game accepts it; the empty board of a cell game, the
        root of a searched game by default.
    optimal_only : bool, default False
        Keep only the moves whose value equals the value of their position.
    max_positions : int, default `MAX_GRAPH_POSITIONS`
        Refuse graphs with more positions than this.

    Returns
    -------
    networkx.DiGraph
        Node and arc attributes as in the module docstring.

    Raises
    ------
    ValueError
        If the graph would have more than ``max_positions`` positions.

    Examples
    --------
    >>> from triangles_core import solve, solve_number_game
    >>> g = state_graph(solve(1))
    >>> g.number_of_nodes(), g.number_of_edges(), g.nodes[0]
    (8, 12, {'value': 1, 'edges_drawn': 0})
    >>> state_graph(solve_number_game(), [2, 3, 4, 5, 6]).number_of_nodes()
    15
    """
    import networkx as nx

    game = solution.game
    if root is None:
        root = getattr(solution, "root", None)
        root = 0 if root is None else root
    root = solution.position(root)
    describe = getattr(game, "describe", None)

    def attributes(p: Any) -> dict:
        return {"value": solution._value_of(p), **(describe(p) if describe is not None else {})}

    graph = nx.DiGraph()
    graph.add_node(root, **attributes(root))
    queue = deque([root])
    while queue:
        p = queue.popleft()
        best = solution._value_of(p)
        for move in game.moves(p):
            transition = game.play(p, move)
            q = transition.position
            value = move_value(transition, solution._value_of(q))
            if optimal_only and value != best:
                continue
            if q not in graph:
                if graph.number_of_nodes() >= max_positions:
                    raise ValueError(f"the state graph has more than {max_positions:,} positions")
                graph.add_node(q, **attributes(q))
                queue.append(q)
            graph.add_edge(p, q, move=move, reward=transition.reward, again=transition.again, move_value=value)
    return graph


def optimal_subgraph(solution: SolvedGameBase, root: Any = None, **options):
    """The positions and moves of optimal play from ``root`` (`state_graph` with ``optimal_only``).

    Examples
    --------
    >>> from triangles_core import solve
    >>> optimal_subgraph(solve(1)).number_of_nodes()
    8
    """
    return state_graph(solution, root, optimal_only=True, **options)
