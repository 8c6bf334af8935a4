"""Nodes of the empty board's search with each of its rules and symmetries switched off.

The search (`triangles_core.engine.search.SearchSolution`) is run on the empty board once
with everything on, then once with each switch off: the board's symmetries (the same
board given only its identity), the interchangeable corner edges, rules A to C, the loony bound and the
centre-out move order (edge order instead).  One thread, a fresh process state per run
(a new transposition table), so the nodes are exact and the same on every machine; the
CPU seconds are this machine's.  Prints the rows as CSV, or with ``--write`` writes them
to ``data/search/switches_<board>.csv`` (notebook 10 reads the 3x4 file)::

    nice -n 5 .venv/bin/python scripts/search_switches.py boxes3x3 side4
    nice -n 5 .venv/bin/python scripts/search_switches.py boxes3x4 --write   # about a minute of CPU

Exit status 2 for bad arguments, 130 when interrupted.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pandas as pd

from triangles_core._files import atomic_open
from triangles_core.games.boards import standard_board
from triangles_core.games.cells import CellBoard

OUT = Path(__file__).resolve().parent.parent / "data" / "search"
SWITCHES = {
    "everything on": {},
    "board symmetries off": None,  # the board with its identity alone
    "corner edges not interchangeable": {"interchangeable_edges": False},
    "rules A-C off": {"safe_captures": False, "double_dealing": False, "long_chains": False},
    "loony bound off": {"loony_bound": False},
    "edge order, not centre-out": {"move_order": "edge"},
}


def without_symmetries(b: CellBoard) -> CellBoard:
    """The same board with its identity as its only symmetry."""
    identity = tuple(range(1, len(b.dot_coordinates) + 1))
    return CellBoard(b.key, b.label, b.dot_coordinates, b.edges, b.cells, [identity])


def switches(key: str) -> pd.DataFrame:
    """One row per switch: the empty board's value, nodes, CPU seconds and nodes over everything on."""
    from triangles_core.engine.search import SearchSolution

    SearchSolution(standard_board("side2"), max_memory=1 << 16).value(0)  # compile (or load) the kernel first
    b, rows = standard_board(key), []
    for name, options in SWITCHES.items():
        start = time.process_time()
        s = SearchSolution(b, **options) if options is not None else SearchSolution(without_symmetries(b))
        value = s.value(0)
        rows.append({"board": key, "switch": name, "value": value, "nodes": s.stats.nodes,
                     "cpu_seconds": round(time.process_time() - start, 2)})  # fmt: skip
    table = pd.DataFrame(rows)
    table["nodes_ratio"] = (table["nodes"] / table["nodes"].iloc[0]).round(2)
    return table


def parse_board(text: str) -> str:
    if standard_board(text) is None:
        raise argparse.ArgumentTypeError(f"board must be sideN or boxesRxC, got {text!r}")
    return text


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="+", type=parse_board)
    parser.add_argument("--write", action="store_true", help="write data/search/switches_<board>.csv")
    args = parser.parse_args(argv)
    try:
        for number, key in enumerate(args.boards):
            table = switches(key)
            if args.write:
                with atomic_open(OUT / f"switches_{key}.csv", "w", encoding="utf-8") as f:
                    table.to_csv(f, index=False)
            print(table.to_csv(index=False, header=number == 0), end="")  # one CSV for all the boards
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
