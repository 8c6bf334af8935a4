"""Exact move statistics of every side-4 position, by number of edges drawn.

Every (position, legal move) pair of the side-4 board is examined: 30 * 2**29 =
16,106,127,360 pairs over the 2**30 positions of ``triangles_core.solve(4)`` (the value
table, 1 GiB, solved or loaded from the user cache).  The counting is the package's
``triangles_core.analysis.tables.move_statistics_by_edges_drawn(solution)`` (the compiled
parallel kernel of `triangles_core.analysis.counting`);
this script only runs it and writes the table, because the full pass takes minutes
(159 s on two shared cores when the table was written), longer than notebook 07 should
spend on it.  Notebook 07 reads the table and recomputes a few of its rows (those with at
most 4 or at least 26 edges drawn) from the table it loaded, asserting that they agree.

Run from the repository root::

    .venv/bin/python scripts/side4_move_statistics.py

It writes ``data/tables/side4_move_statistics_by_edges_drawn.csv`` (columns of
``MOVE_STATISTICS_COLUMNS``, one row per number of edges drawn, 0 to 29; all rows
``exhaustive``), with reproducible bytes, and prints the time the pass took.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import triangles_core as tc
from triangles_core.analysis.tables import move_statistics_by_edges_drawn

ROOT = Path(__file__).resolve().parent.parent
NAME = "side4_move_statistics_by_edges_drawn"
COMMAND = ".venv/bin/python scripts/side4_move_statistics.py"


def main() -> int:
    solution = tc.solve(4, progress=True)
    started = time.perf_counter()
    table = move_statistics_by_edges_drawn(solution)
    seconds = time.perf_counter() - started
    assert table["exhaustive"].all() and int(table["moves"].sum()) == 30 * 2**29
    path = tc.save_table(table, NAME, ROOT / "data" / "tables")
    print(f"{int(table['moves'].sum()):,} (position, move) pairs in {seconds:.0f} s; wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
