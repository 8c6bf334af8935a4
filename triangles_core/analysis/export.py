"""Write state graphs of cell games as GraphML (Gephi, yEd, networkx) or DOT (Graphviz).

The graphs are those of `triangles_core.analysis.graph`, with two node attributes added:
``drawn`` (the drawn edges, space-separated) and ``label``.  DOT needs the optional
package pydot.  Files are replaced whole or not at all; streams are written as streams.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from .._files import atomic_open
from ..engine.solutions import SolvedCellGame
from ..games.cells import CellBoard, Position
from .graph import state_graph

__all__ = ["FORMATS", "MAX_EXPORT_POSITIONS", "export_graph", "graph_format", "labelled"]

FORMATS = {".graphml": "graphml", ".dot": "dot", ".gv": "dot"}
"""File suffix to format.  (Not GEXF: networkx's writer stamps the date into the file.)"""

MAX_EXPORT_POSITIONS = 100_000
"""The largest graph written (about 40 MB of GraphML; viewers struggle well before)."""


def labelled(graph: nx.DiGraph, b: CellBoard) -> nx.DiGraph:
    """A copy of a state graph with the ``drawn`` and ``label`` node attributes added.

    Examples
    --------
    >>> from triangles_core import solve, state_graph
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


def graph_format(path: str | Path, format: str | None = None) -> str:
    """The format to write ``path`` in (``"dot"`` or ``"graphml"``): ``format`` if given, else from the suffix.

    Examples
    --------
    >>> graph_format("side2.gv"), graph_format("/dev/stdout", "graphml")
    ('dot', 'graphml')
    """
    if format is None and Path(path).suffix.lower() not in FORMATS:
        raise ValueError(
            f"cannot tell the graph format of {str(path)!r} from its name: "
            "name it .graphml, .dot or .gv, or give the format"
        )
    format = format or FORMATS[Path(path).suffix.lower()]
    if format not in ("dot", "graphml"):
        raise ValueError(f"unknown graph format {format!r} (use dot, graphml)")
    return format


def export_graph(
    solution: SolvedCellGame,
    path: str | Path,
    root: Position | list[int] = 0,
    *,
    optimal_only: bool = False,
    format: str | None = None,
    max_positions: int = MAX_EXPORT_POSITIONS,
) -> Path:
    """Write the state graph (or with ``optimal_only`` the optimal-play subgraph) from ``root``, `labelled`.

    ``path`` is a ``.graphml``, ``.dot`` or ``.gv`` file, or a stream such as ``/dev/stdout``
    (then give ``format``); DOT needs pydot (RuntimeError without it).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from triangles_core import solve
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = export_graph(solve(2), pathlib.Path(tmp) / "side2.graphml")
    ...     nx.read_graphml(path).number_of_nodes()
    512
    """
    path = Path(path)
    kind = graph_format(path, format)
    graph = labelled(
        state_graph(solution, root, optimal_only=optimal_only, max_positions=max_positions), solution.board
    )
    if kind == "graphml":
        with atomic_open(path, "wb") as handle:
            nx.write_graphml(graph, handle)
        return path
    try:
        import pydot  # noqa: F401
    except ImportError:
        raise RuntimeError("DOT export needs the pydot package (pip install pydot); GraphML works without it") from None
    with atomic_open(path, "w", encoding="utf-8") as handle:
        nx.nx_pydot.write_dot(graph, handle)
    return path
