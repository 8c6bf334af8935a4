"""What the full side-3 state graph costs in networkx (cited by notebook 02).

Builds `triangles_core.state_graph(solve(3))`, all 262,144 positions and 2,359,296 moves,
and prints the build time, the growth of the process's peak memory, the bytes per arc,
and the time of `networkx.topological_generations` on it.  The baseline measured in the
same run is the numpy count that notebook 02 uses instead
(`triangles_core.analysis.graph.state_graph_levels`), so the figure is a ratio.

Usage::

    .venv/bin/python benchmarks/bench_graphs.py
"""

from __future__ import annotations

import resource
import time

import networkx as nx

from triangles_core import board, solve, state_graph
from triangles_core.analysis.graph import state_graph_levels


def peak_rss_mib() -> float:
    """Peak resident memory of this process in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    solution = solve(3)
    start = time.perf_counter()
    levels = state_graph_levels(board(3))
    counted = time.perf_counter() - start
    before = peak_rss_mib()
    start = time.perf_counter()
    graph = state_graph(solution)
    built = time.perf_counter() - start
    growth = peak_rss_mib() - before
    start = time.perf_counter()
    generations = [len(layer) for layer in nx.topological_generations(graph)]
    ordered = time.perf_counter() - start
    assert generations == levels["positions"].tolist()
    arcs = graph.number_of_edges()
    print(f"side-3 state graph: {graph.number_of_nodes():,} positions, {arcs:,} arcs")
    print(
        f"  networkx build:          {built:7.1f} s   peak memory +{growth:,.0f} MiB "
        f"({growth * 2**20 / arcs:.0f} bytes per arc)"
    )
    print(f"  topological_generations: {ordered:7.1f} s")
    print(f"  numpy count (baseline):  {counted:7.3f} s   ratio build / count = {built / counted:,.0f}x")


if __name__ == "__main__":
    main()
