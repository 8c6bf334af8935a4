"""What notebooks 01 and 02 measure: chains, control and the lines of perfect play.

*Perfect play* chooses uniformly at random among the optimal moves, both players.  Move
kinds, critical positions and the exact reach of a policy are `triangles_core.analysis.outcomes`'s.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import networkx as nx
import pandas as pd

from triangles_core.analysis.chains import analyse_endgame, components, is_loony_endgame
from triangles_core.analysis.graph import optimal_game_counts
from triangles_core.engine.solutions import TableSolution
from triangles_core.games.cells import CellBoard

__all__ = [
    "cell_graph",
    "control_count",
    "describe",
    "first_loony_endgames_exact",
    "loony_component_sizes",
    "optimal_line_to",
    "optimal_lines_exact",
    "value_for_A",
]


def value_for_A(graph: nx.DiGraph, root: int, mover: str = "A") -> nx.DiGraph:
    """A copy of an optimal-play subgraph whose node ``value`` is for A, not for the player to move.

    The player to move at each node follows from the arcs (a move that claims keeps the
    turn); a node reached with two different players to move raises ValueError.

    Examples
    --------
    >>> g = nx.DiGraph([(0, 1)]); g.nodes[0]["value"], g.nodes[1]["value"] = 1, -1
    >>> [v for _, v in value_for_A(g, 0, "B").nodes(data="value")]
    [-1, -1]
    """
    turn = {root: mover}
    for u in nx.topological_sort(graph):
        for v, data in graph[u].items():
            player = turn[u] if data.get("again", data.get("reward", 0) > 0) else "AB".replace(turn[u], "")
            if turn.setdefault(v, player) != player:
                raise ValueError(f"position {v!r} is reached with both players to move")
    out = graph.copy()
    for v, data in out.nodes(data=True):
        data["value"] = data["value"] if turn[v] == "A" else -data["value"]
    return out


def cell_graph(board: CellBoard) -> nx.Graph:
    """The cells as nodes, joined when they share an edge; ``border`` marks a cell with a border edge.

    Examples
    --------
    >>> from triangles_core import board
    >>> nx.is_bipartite(cell_graph(board(3)))
    True
    """
    graph = nx.Graph()
    for k, cell in enumerate(board.cells):
        graph.add_node(k, border=any(len(board.edge_cells[e - 1]) == 1 for e in cell))
    for cells in board.edge_cells:
        if len(cells) == 2:
            graph.add_edge(*cells)
    return graph


def loony_component_sizes(board: CellBoard) -> pd.DataFrame:
    """The components of every loony-endgame position, by kind and size.

    Returns
    -------
    pandas.DataFrame
        ``kind`` (chain, loop, complex), ``size``, ``components`` (over all loony
        endgames), ``positions`` (loony endgames with at least one such component) and
        ``corner_components`` (those whose cells all have two border edges or more).

    Examples
    --------
    >>> from triangles_core import board
    >>> loony_component_sizes(board(1)).values.tolist()   # one edge drawn: a 1-chain, three ways
    [['chain', 1, 3, 3, 3]]
    """
    corners = {k for k, cell in enumerate(board.cells) if sum(len(board.edge_cells[e - 1]) == 1 for e in cell) >= 2}
    rows = []
    for p in range(1 << board.n_edges):
        if is_loony_endgame(board, p):
            rows += [(p, c.kind, c.size, set(c.cells) <= corners) for c in components(board, p)]
    frame = pd.DataFrame(rows, columns=["position", "kind", "size", "corner"])
    out = frame.groupby(["kind", "size"]).agg(
        components=("position", "size"), positions=("position", "nunique"), corner_components=("corner", "sum")
    )
    return out.reset_index()


def control_count(board: CellBoard, position: int, mover_in_control: bool) -> int:
    """What control is worth by Berlekamp's count (net cells for the controller).

    The short chains are handed over alternately, smallest first; every long chain or loop
    but the last is declined (2 cells given per chain, 4 per loop); the last is taken
    whole, a chain if there is one (Berlekamp 2000, ch. "The long chain rule").

    Examples
    --------
    >>> from triangles_core.games.boxes import boxes_board
    >>> b = boxes_board(1, 3)
    >>> control_count(b, b.position([1, 2, 3, 8, 9, 10]), False)   # one 3-chain, taken whole
    3
    """
    parts = components(board, position)
    shorts = sorted(c.size for c in parts if c.kind == "chain" and not c.long)
    net = sum(size if (i % 2 == 1) == mover_in_control else -size for i, size in enumerate(shorts))
    chains = [c.size for c in parts if c.kind == "chain" and c.long]
    loops = [c.size for c in parts if c.kind == "loop"]
    return net + sum(chains) - 4 * len(chains) + sum(loops) - 8 * len(loops) + (4 if chains else 8)


def describe(parts) -> str:
    """Components as text, largest first: ``"3-chain, 1-chain, 1-chain"``."""
    kinds = {"complex": "junction"}
    ordered = sorted(parts, key=lambda c: (-c.size, c.kind))
    return ", ".join(f"{c.size}-{kinds.get(c.kind, c.kind)}" for c in ordered)


def _rule_kind(board: CellBoard, p: int) -> tuple[str, int, int]:
    a = analyse_endgame(board, p)
    kind = "long chain or loop" if a.long_chains + a.loops else "no long chain or loop"
    kind = kind if a.chains_and_loops else "junction"
    return kind, a.long_chains, a.loops


def first_loony_endgames_exact(solution: TableSolution) -> pd.DataFrame:
    """Where perfect play first reaches a loony endgame: each position, its probability and optimal games."""
    board = solution.board
    games_from = optimal_game_counts(solution)
    probability, paths, rows = {0: Fraction(1)}, {0: 1}, []
    for k in range(board.n_edges + 1):
        for p in sorted(q for q in probability if q.bit_count() == k):
            if is_loony_endgame(board, p):
                rows.append((p, *_rule_kind(board, p), float(probability[p]), paths[p] * int(games_from[p])))
                continue
            best = solution.optimal_moves(p)
            for move in best:
                q = p | 1 << (move - 1)
                probability[q] = probability.get(q, 0) + probability[p] / len(best)
                paths[q] = paths.get(q, 0) + paths[p]
    columns = ["position", "first_loony_endgame", "long_chains", "loops", "probability", "optimal_games"]
    return pd.DataFrame(rows, columns=columns)


def optimal_lines_exact(solution: TableSolution) -> pd.DataFrame:
    """Every end state of perfect play, with what happened at its first loony endgame.

    All optimal lines from the empty board, equal states merged.

    Returns
    -------
    pandas.DataFrame
        One row per end state: the first loony endgame's ``edges_drawn``, ``components``,
        ``to_move``, ``in_control``, the scores and double-crosses before it, the long-chain
        cells each player took, the final score and the exact ``probability`` (a Fraction).
    """
    board = solution.board
    states: dict[tuple[Any, ...], Fraction] = {(0, "A", 0, 0, 0, None): Fraction(1)}
    for k in range(board.n_edges):
        following: dict = {}
        for (p, mover, a, b, d, first), pr in states.items():
            if first is None and is_loony_endgame(board, p):
                parts, end = components(board, p), analyse_endgame(board, p)
                control = (
                    "-"
                    if end.mover_in_control is None or not (end.long_chains + end.loops)
                    else (mover if end.mover_in_control else "AB".replace(mover, ""))
                )
                long_cells = frozenset(x for c in parts if c.long for x in c.cells)
                first = (k, describe(parts), mover, control, a, b, d, long_cells, 0, 0)
            best = solution.optimal_moves(p)
            for move in best:
                done = board.completed_by(p, move)
                f = first
                if f is not None:
                    taken = sum(x in f[7] for x in done)
                    f = f[:8] + ((f[8] + taken, f[9]) if mover == "A" else (f[8], f[9] + taken))
                key = (
                    p | 1 << (move - 1),
                    mover if done else "AB".replace(mover, ""),
                    a + len(done) * (mover == "A"),
                    b + len(done) * (mover == "B"),
                    d + (len(done) == 2),
                    f,
                )
                following[key] = following.get(key, 0) + pr / len(best)
        states = following
    names = ["edges_drawn", "components", "to_move", "in_control", "A_before", "B_before", "double_crosses_before"]
    return pd.DataFrame(
        [
            dict(zip(names, f[:7], strict=True))
            | {
                "long_cells": len(f[7]),
                "long_chain_taken_by_A": f[8],
                "long_chain_taken_by_B": f[9],
                "A_final": a,
                "B_final": b,
                "probability": pr,
            }
            for (p, mover, a, b, d, f), pr in states.items()
        ]
    )


def optimal_line_to(solution: TableSolution, position: int) -> list[int]:
    """A perfect-play line from the empty board to ``position`` that meets no loony endgame before it.

    Depth first from the empty board along optimal moves that stay inside ``position``,
    lowest-numbered edge first; ValueError if there is none.

    Examples
    --------
    >>> from triangles_core import solve
    >>> optimal_line_to(solve(1), 0b010)
    [2]
    """
    board, dead = solution.board, set()

    def search(p: int) -> list[int] | None:
        if p == position:
            return []
        if p in dead or is_loony_endgame(board, p):
            return None
        for move in solution.optimal_moves(p):
            q = p | 1 << (move - 1)
            if q & ~position == 0 and (rest := search(q)) is not None:
                return [move, *rest]
        dead.add(p)
        return None

    line = search(0)
    if line is None:
        raise ValueError(f"perfect play does not reach {position!r} outside a loony endgame")
    return line
