"""Write state graphs as GraphML (Gephi, yEd, networkx) or DOT (Graphviz).

The graphs come from `triangles_core.graph`: `state_graph` (every position reachable
from a root) and `optimal_subgraph` (only the moves of optimal play).  Nodes are
positions (bitmasks; GraphML stores the id as text) with the attributes ``value`` (for
the side to move), ``edges_drawn`` and, added here, ``drawn`` (the drawn edges as
space-separated numbers) and ``label`` (the same, or ``"empty"``).  Arcs carry ``edge``,
``claimed`` and ``move_value``.  DOT needs the optional package pydot.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from .board import Board, Position
from .graph import optimal_subgraph, state_graph
from .solution import Solution

__all__ = ["FORMATS", "labelled", "write_graph", "read_graphml", "export_state_graph", "export_optimal_subgraph"]

FORMATS = {".graphml": "graphml", ".dot": "dot", ".gv": "dot"}
"""File suffix to format."""


def labelled(graph: nx.DiGraph, b: Board) -> nx.DiGraph:
    """A copy of a state graph with the ``drawn`` and ``label`` node attributes added.

    Examples
    --------
    >>> from triangles_core import solve
    >>> g = labelled(state_graph(solve(1)), solve(1).board)
    >>> g.nodes[0]["label"], g.nodes[3]["label"]
    ('empty', '1 2')
    """
    result = graph.copy()
    for node, attributes in result.nodes(data=True):
        drawn = " ".join(map(str, b.drawn_edges(node)))
        attributes["drawn"] = drawn
        attributes["label"] = drawn or "empty"
    return result


def _format(path: Path, format: str | None) -> str:
    if format is not None:
        if format not in set(FORMATS.values()):
            raise ValueError(f"unknown graph format {format!r} (use graphml or dot)")
        return format
    try:
        return FORMATS[path.suffix.lower()]
    except KeyError:
        raise ValueError(f"cannot tell the format of {str(path)!r}: name it .graphml, .dot or .gv") from None


def write_graph(graph: nx.DiGraph, path: str | Path, format: str | None = None) -> Path:
    """Write a graph as GraphML or DOT.

    Parameters
    ----------
    graph : networkx.DiGraph
        Any graph (usually from `labelled`).
    path : str or pathlib.Path
        Target file; its parent directory is created if missing.
    format : {"graphml", "dot"}, optional
        By default taken from the suffix: ``.graphml``, or ``.dot`` / ``.gv``.

    Returns
    -------
    pathlib.Path
        The file written.

    Raises
    ------
    ValueError
        For an unknown format or suffix.
    RuntimeError
        For DOT when pydot is not installed.
    """
    path = Path(path)
    kind = _format(path, format)
    if kind == "dot":
        try:
            import pydot  # noqa: F401
        except ImportError:
            raise RuntimeError("DOT export needs the pydot package (pip install pydot); "
                               "GraphML works without it") from None
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "graphml":
        nx.write_graphml(graph, path)
    else:
        nx.nx_pydot.write_dot(graph, path)
    return path


def read_graphml(path: str | Path) -> nx.DiGraph:
    """Read a graph written by `write_graph` as GraphML, with integer node ids."""
    return nx.read_graphml(path, node_type=int)


def export_state_graph(solution: Solution, path: str | Path, root: Position | list[int] = 0,
                       format: str | None = None) -> Path:
    """Write the state graph reachable from ``root`` (`state_graph`).

    The graph of a side-2 board has 512 positions and 2304 moves; side 3 has 262144
    positions, too many for most viewers, so use a root with few free edges there.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from triangles_core import solve
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = export_state_graph(solve(2), pathlib.Path(tmp) / "side2.graphml")
    ...     read_graphml(path).number_of_nodes()
    512
    """
    return write_graph(labelled(state_graph(solution, root), solution.board), path, format)


def export_optimal_subgraph(solution: Solution, path: str | Path, root: Position | list[int] = 0,
                            format: str | None = None) -> Path:
    """Write the optimal-play subgraph from ``root`` (`optimal_subgraph`)."""
    return write_graph(labelled(optimal_subgraph(solution, root), solution.board), path, format)
