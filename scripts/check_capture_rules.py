"""Check the search's capture rules on every position of a board with a value table.

The search solver (`triangles_core.engine.search`) takes forced captures at once (the
free-captures rule, and rule A: a capture that hands no cell over) and, where a chain
ends (rule B), searches only the captures and the double-dealing moves.  This script
checks both rules against the value table on every position of the board
(`triangles_core.engine.search.check_capture_rules`) and writes the counts to
``data/search/<board>_capture_rules.json`` with the command, the package version and the
machine::

    .venv/bin/python scripts/check_capture_rules.py side4        # 2**30 positions, the 1 GiB table
    .venv/bin/python scripts/check_capture_rules.py boxes3x4     # 2**31 positions, the 2 GiB table

The tables of side 4 and 3x4 boxes are read from the cache (`triangles_core.solve`,
`solve_boxes`), computed and cached first if they are not there (a few minutes).  The
small boards are checked by ``tests/test_capture_rules.py``.  Exit status 1 if a rule
fails anywhere (the file then lists the first counterexamples), 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import sys
import time
from pathlib import Path

from _provenance import cpu_model  # scripts/, beside this file

import triangles_core as tc
from triangles_core._files import atomic_open
from triangles_core.engine.limits import MAX_TABLE_EDGES
from triangles_core.games.boards import standard_board

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "search"


def parse_board(text: str):
    b = standard_board(text)
    if b is None:
        raise argparse.ArgumentTypeError(f"board must be sideN or boxesRxC, got {text!r}")
    if b.n_edges > MAX_TABLE_EDGES:
        raise argparse.ArgumentTypeError(
            f"the {b.label} has {b.n_edges} edges: no value table (at most {MAX_TABLE_EDGES})"
        )
    return b


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board", type=parse_board)
    parser.add_argument("--no-safe-captures", action="store_true", help="check without rule A")
    parser.add_argument("--no-double-dealing", action="store_true", help="check without rules B and C")
    parser.add_argument("--no-long-chains", action="store_true", help="check without rule C")
    args = parser.parse_args(argv)
    from triangles_core.engine.search import check_capture_rules

    b = args.board
    started_utc = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    machine = {
        "system": platform.platform(),
        "cpus": os.cpu_count(),
        "cpu_model": cpu_model(),
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
        "python": platform.python_version(),
    }
    started = time.perf_counter()
    values = tc.solve_cells(b).values  # the cached table for side 4 and 3x4 boxes (computed and cached if absent)
    loaded = time.perf_counter() - started
    counts = check_capture_rules(
        b,
        values,
        safe_captures=not args.no_safe_captures,
        double_dealing=not args.no_double_dealing,
        long_chains=not args.no_long_chains,
        progress=True,
    )
    record = {
        "command": " ".join([".venv/bin/python", "scripts/check_capture_rules.py", *(argv or sys.argv[1:])]),
        "version": tc.__version__,
        "machine": machine,
        "started_utc": started_utc,
        "board": b.key,
        "n_edges": b.n_edges,
        "n_cells": b.n_cells,
        "kind": "capture_rules",
        "rules": {
            "safe_captures": not args.no_safe_captures,
            "double_dealing": not args.no_double_dealing,
            "long_chains": not args.no_long_chains and not args.no_double_dealing,
        },
        **counts,
        "holds": not counts["counterexamples"],
        "table_seconds": round(loaded, 3),
        "check_seconds": round(time.perf_counter() - started - loaded, 3),
        "peak_memory_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
    }
    OUT.mkdir(parents=True, exist_ok=True)
    suffix = "".join(
        name
        for name, off in (
            ("_no_safe", args.no_safe_captures),
            ("_no_dd", args.no_double_dealing),
            ("_no_long", args.no_long_chains),
        )
        if off
    )
    path = OUT / f"{b.key}_capture_rules{suffix}.json"
    with atomic_open(path, "w", encoding="utf-8") as f:
        json.dump(record, f, indent=1)
        f.write("\n")
    print(
        f"wrote {path.relative_to(ROOT)}: {'holds' if record['holds'] else 'FAILS'} on all "
        f"{counts['positions']:,} positions"
    )
    return 0 if record["holds"] else 1


if __name__ == "__main__":
    sys.exit(main())
