"""State graphs of any solved game, and questions about a solved cell board, with networkx or numpy.

`state_graph` builds the graph of any `SolvedGame`: nodes are positions (attribute
``value`` plus the game's ``describe``), arcs are legal moves (``move``, ``reward``,
``again``, ``move_value``); `optimal_subgraph` keeps the moves of optimal play.  For a
cell board, questions about the whole board are answered with numpy
(`optimal_game_counts`, `optimal_play_by_edges_drawn`): a networkx graph of the
262,144 side-3 positions takes about 19 s and 0.8 GiB.  `count_paths` is the networkx
cross-check of the numpy path count.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import networkx as nx
import numpy as np
import pandas as pd

from ..engine.game import move_value
from ..engine.retrograde import NOT_A_MOVE, claims_table
from ..engine.solutions import SolvedCellGame, SolvedGame, TableSolution
from ..engine.symmetry import burnside_class_counts, canonical_forms, edge_counts, orbit_class_counts, orbit_sizes
from ..games.cells import CellBoard, Position
from .counting import positions_by_edges_drawn
from .outcomes import MOVE_KINDS, position_reach

__all__ = [
    "MAX_GRAPH_POSITIONS",
    "check_graph_size",
    "count_paths",
    "critical_range",
    "level_sizes",
    "optimal_game_counts",
    "optimal_play_by_edges_drawn",
    "optimal_subgraph",
    "state_graph",
    "state_graph_levels",
    "symmetry_quotient_graph",
]

MAX_GRAPH_POSITIONS = 1_000_000
"""A state graph stops (ValueError) beyond this many positions (about 1 GiB in networkx)."""


def state_graph(
    solution: SolvedGame, root: Any = None, *, optimal_only: bool = False, max_positions: int = MAX_GRAPH_POSITIONS
) -> nx.DiGraph:
    """The directed acyclic graph of the positions reachable from ``root`` (attributes: module docstring).

    ``optimal_only`` keeps only the moves whose value is their position's; graphs of more than
    ``max_positions`` positions are refused.

    Examples
    --------
    >>> from triangles_core import solve, solve_number_game
    >>> g = state_graph(solve(1))
    >>> g.number_of_nodes(), g.number_of_edges(), g.nodes[0]
    (8, 12, {'value': 1, 'edges_drawn': 0})
    >>> state_graph(solve_number_game(), [2, 3, 4, 5, 6]).number_of_nodes()
    15
    """
    game = solution.game
    root = solution.start if root is None else solution.position(root)
    if not optimal_only and isinstance(solution, SolvedCellGame):
        check_graph_size(solution.board, root, max_positions)
    values: dict[Any, int] = {}

    def value_of(p: Any) -> int:  # positions met here are the game's own: valued once each
        if p not in values:
            values[p] = solution.value(p)
        return values[p]

    graph = nx.DiGraph()
    graph.add_node(root, value=value_of(root), **game.describe(root))
    queue = deque([root])
    while queue:
        p = queue.popleft()
        best = value_of(p)
        for move in game.moves(p):
            transition = game.play(p, move)
            q = transition.position
            value = move_value(transition, value_of(q))
            if optimal_only and value != best:
                continue
            if q not in graph:
                if graph.number_of_nodes() >= max_positions:
                    raise ValueError(f"the state graph has more than {max_positions:,} positions")
                graph.add_node(q, value=values[q], **game.describe(q))
                queue.append(q)
            graph.add_edge(p, q, move=move, reward=transition.reward, again=transition.again, move_value=value)
    return graph


def check_graph_size(board: CellBoard, root: Position | list[int], max_positions: int = MAX_GRAPH_POSITIONS) -> None:
    """Refuse, before anything is solved or built, a full state graph above ``max_positions``.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> check_graph_size(board(4), 0, 100_000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the state graph from this position has 2**30 positions, more than the 100,000 allowed; ...
    """
    free = board.n_edges - board.position(root).bit_count()
    if 2**free > max_positions:
        raise ValueError(
            f"the state graph from this position has 2**{free} positions, more than the "
            f"{max_positions:,} allowed; draw some edges first or use the optimal-play subgraph"
        )


def optimal_subgraph(solution: SolvedGame, root: Any = None, *, max_positions: int = MAX_GRAPH_POSITIONS) -> nx.DiGraph:
    """The positions and moves of optimal play from ``root`` (`state_graph` with ``optimal_only``).

    Examples
    --------
    >>> from triangles_core import solve
    >>> optimal_subgraph(solve(1)).number_of_nodes()
    8
    """
    return state_graph(solution, root, optimal_only=True, max_positions=max_positions)


def symmetry_quotient_graph(solution: TableSolution) -> nx.DiGraph:
    """The state graph of the whole board (at most 24 edges) folded by the board's symmetries.

    Nodes carry ``value``, ``edges_drawn`` and ``class_size``; an arc, the number of ``moves``
    into the class and the smallest one's ``move``, ``claims`` and ``move_value``.

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
    table = solution.move_table
    claims = claims_table(b)
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
    arc_claims = claims[unique[:, 0], first_edges]
    graph.add_edges_from(
        (int(t), int(h), {"moves": int(m), "move": int(e) + 1, "claims": int(c), "move_value": int(v)})
        for (t, h), m, e, c, v in zip(unique.tolist(), multiplicity, first_edges, arc_claims, move_values, strict=False)
    )
    return graph


def count_paths(graph: nx.DiGraph, source, weight: str | None = None) -> int:
    """Number of maximal paths from ``source`` in a DAG; ``weight`` names an arc multiplicity.

    Examples
    --------
    >>> count_paths(nx.DiGraph([(0, 1), (0, 2), (1, 3), (2, 3)]), 0)
    2
    """
    paths: dict = {}
    for node in reversed(list(nx.topological_sort(graph.subgraph(nx.descendants(graph, source) | {source})))):
        successors = graph.succ[node].items()
        paths[node] = sum(paths[child] * int(data.get(weight, 1)) for child, data in successors) if successors else 1
    return paths[source]


def optimal_game_counts(solution: TableSolution) -> np.ndarray:
    """``counts[p]``: the number of distinct optimal games from every position ``p``.

    Examples
    --------
    >>> from triangles_core import solve
    >>> int(optimal_game_counts(solve(1))[0])
    6
    """
    b = solution.board
    table = solution.move_table
    values = solution.values
    counts = np.zeros(values.size, dtype=np.int64)
    counts[b.full] = 1
    levels = positions_by_edges_drawn(b)
    for k in range(b.n_edges - 1, -1, -1):
        level = levels[k]
        optimal = table[level] == values[level][:, None]
        total = np.zeros(level.size, dtype=np.int64)
        for e in range(b.n_edges):
            rows = np.flatnonzero(optimal[:, e])
            total[rows] += counts[level[rows] | (1 << e)]
        counts[level] = total
    return counts


def critical_range(solution: TableSolution, kinds: np.ndarray, names: tuple[str, ...] = MOVE_KINDS) -> pd.DataFrame:
    """The fewest and most critical positions of each kind that one optimal game meets.

    A position is critical when it has at least two legal moves and exactly one optimal
    move (docs/glossary.md); its kind is the kind of that move (``kinds`` from
    `outcomes.move_kinds`, whose codes ``names`` names). Over every optimal game from the
    empty board, the same level sweep as `optimal_game_counts`, with min and max for the sum.

    Returns
    -------
    pandas.DataFrame
        One row per kind: ``kind``, ``fewest`` and ``most`` per optimal game.

    Examples
    --------
    >>> from triangles_core import solve
    >>> from triangles_core.analysis.outcomes import move_kinds
    >>> s = solve(1)
    >>> critical_range(s, move_kinds(s.board))["most"].tolist()  # every move of side 1 is optimal
    [0, 0, 0, 0]
    """
    b, table, values = solution.board, solution.move_table, solution.values
    levels = positions_by_edges_drawn(b)
    fewest = np.zeros((values.size, len(names)), dtype=np.int64)
    most = np.zeros((values.size, len(names)), dtype=np.int64)
    for k in range(b.n_edges - 1, -1, -1):
        level = levels[k]
        optimal = table[level] == values[level][:, None]
        low = np.full((level.size, len(names)), np.iinfo(np.int64).max)
        high = np.zeros((level.size, len(names)), dtype=np.int64)
        for e in range(b.n_edges):
            rows = np.flatnonzero(optimal[:, e])
            child = level[rows] | (1 << e)
            low[rows] = np.minimum(low[rows], fewest[child])
            high[rows] = np.maximum(high[rows], most[child])
        critical = (optimal.sum(axis=1) == 1) & (k <= b.n_edges - 2)
        rows = np.flatnonzero(critical)
        kind = kinds[level[rows], optimal[rows].argmax(axis=1)]
        low[rows, kind] += 1
        high[rows, kind] += 1
        fewest[level], most[level] = low, high
    return pd.DataFrame({"kind": list(names), "fewest": fewest[0], "most": most[0]})


def level_sizes(graph: nx.DiGraph, weight: str | None = None) -> list[int]:
    """Number of nodes (or sum of the node attribute ``weight``) in each `networkx.topological_generations` layer.

    Examples
    --------
    >>> from triangles_core import solve, state_graph
    >>> level_sizes(state_graph(solve(1)))
    [1, 3, 3, 1]
    """
    return [
        len(layer) if weight is None else sum(int(graph.nodes[v][weight]) for v in layer)
        for layer in nx.topological_generations(graph)
    ]


def state_graph_levels(board: CellBoard) -> pd.DataFrame:
    """Size of each level ``k = 0..n_edges`` of the full state graph and of its symmetry quotient.

    ``arcs_out`` counts the moves from the level; ``symmetry_classes`` are counted from the
    canonical forms of all positions, ``burnside_classes`` by Burnside's lemma.

    Examples
    --------
    >>> from triangles_core import board
    >>> state_graph_levels(board(1)).values.tolist()
    [[0, 1, 3, 1, 1], [1, 3, 6, 1, 1], [2, 3, 3, 1, 1], [3, 1, 0, 1, 1]]
    """
    k = np.arange(board.n_edges + 1)
    positions = np.bincount(edge_counts(board).astype(np.int64), minlength=board.n_edges + 1)
    return pd.DataFrame(
        {
            "edges_drawn": k,
            "positions": positions,
            "arcs_out": positions * (board.n_edges - k),
            "symmetry_classes": orbit_class_counts(board),
            "burnside_classes": burnside_class_counts(board),
        }
    )


def optimal_play_by_edges_drawn(solution: TableSolution) -> pd.DataFrame:
    """Optimal play from the empty board, level by level: positions ``reachable`` by it, ``critical``
    ones (at least two legal moves, exactly one optimal; docs/glossary.md) and ``critical_reachable``.

    Examples
    --------
    >>> from triangles_core import solve
    >>> optimal_play_by_edges_drawn(solve(1))["reachable"].tolist()
    [1, 3, 3, 1]
    """
    b = solution.board
    k = edge_counts(b).astype(np.int64)
    reach = position_reach(solution, "perfect") > 0
    optimal_moves = (solution.move_table == solution.values[:, None]).sum(axis=1)
    critical = (optimal_moves == 1) & (k <= b.n_edges - 2)
    length = b.n_edges + 1
    return pd.DataFrame(
        {
            "edges_drawn": np.arange(length),
            "positions": np.bincount(k, minlength=length),
            "reachable": np.bincount(k[reach], minlength=length),
            "critical": np.bincount(k[critical], minlength=length),
            "critical_reachable": np.bincount(k[critical & reach], minlength=length),
        }
    )
