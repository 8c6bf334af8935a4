"""Check the kernel's side-4 and 3x4 boxes value tables against the independent C baseline.

The package fills its value tables with the compiled retrograde kernel
(`triangles_core.engine.retrograde`).  ``benchmarks/baseline_solver.c`` is a separate,
plain bottom-up implementation of the same recurrence in C (one loop over all positions,
from the full board down, single-threaded) that shares no code with the kernel.  Its input,
for each edge the other edges of its one or two cells, is derived from the dots'
coordinates (`benchmarks/_baseline.py`, ``cells_from_coordinates``: unit triangles are three
dots pairwise at distance 1, unit squares four dots at distance 1 around and sqrt 2 across,
their sides named by ``board.edges``, the edge numbering of docs/SPEC.md); the package's
``board.cells`` is not read.  The committed records (2026-12-02) were run with the input
then computed from ``board.cells``; ``tests/test_independent_check.py`` asserts that the
derived input is byte for byte the same on both boards, so they stay valid.
This script compiles it with ``cc -O2``, runs it on each board with its whole table
written to a temporary file in the system temporary folder, hashes that file and the
package's table (what ``triangles_core.solve(4).values`` and ``solve_boxes(3, 4).values``
return: `triangles_core.engine.retrograde.solve_table`, run afresh here rather than read
from the table cache, and timed) with sha256, compares them byte for byte, and
writes the result to ``data/checks/table_checks.json`` (atomically; one record per board,
a rerun of one board replaces its record).

Run from the repository root (about 16 minutes on two cores, 953 s in the committed run; at most one table of
2**n bytes in memory at a time, 1 GiB for side 4 and 2 GiB for 3x4 boxes, plus the same
on disk in the temporary folder while it is compared)::

    .venv/bin/python scripts/check_tables.py                    # side 4 and 3x4 boxes
    .venv/bin/python scripts/check_tables.py --boards side4     # one of them

The test suite does not rerun the C program on these boards: ``tests/test_independent_check.py``
recomputes the sha256 of the package's tables and compares it with the C sha256
committed here, and runs the C program itself on side 3 and 2x2 boxes.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import hashlib
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from _baseline import SOURCE, compiled_baseline, compiler_path, run_table  # noqa: E402

from triangles_core._files import atomic_open  # noqa: E402
from triangles_core.engine.retrograde import solve_table  # noqa: E402
from triangles_core.games.boxes import boxes_board  # noqa: E402
from triangles_core.games.triangles import board  # noqa: E402

OUTPUT = ROOT / "data" / "checks" / "table_checks.json"
COMMAND = ".venv/bin/python scripts/check_tables.py"
CHUNK = 1 << 24
BOARDS = {
    "side4": lambda: board(4),
    "boxes3x4": lambda: boxes_board(3, 4),
}


def compiler_version() -> str:
    """First line of ``cc --version``."""
    compiler = compiler_path()
    if compiler is None:
        return "none"
    text = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=True).stdout
    return text.splitlines()[0].strip()


def _threads() -> int:
    """Threads the kernel runs on (numba's thread count)."""
    import numba

    return int(numba.get_num_threads())


def compare(table: Path, values: np.ndarray) -> tuple[str, str, int]:
    """sha256 of the file, sha256 of ``values``' bytes, and the number of positions that differ."""
    c_hash, package_hash, differ = hashlib.sha256(), hashlib.sha256(), 0
    flat = values.reshape(-1).view(np.int8)
    with open(table, "rb") as handle:
        offset = 0
        while chunk := handle.read(CHUNK):
            theirs = np.frombuffer(chunk, dtype=np.int8)
            ours = flat[offset : offset + len(theirs)]
            c_hash.update(chunk)
            package_hash.update(ours.tobytes())
            differ += int(np.count_nonzero(theirs != ours)) + abs(len(theirs) - len(ours))
            offset += len(theirs)
    if offset < len(flat):  # the package's table is longer than the C one
        differ += len(flat) - offset
        package_hash.update(flat[offset:].tobytes())
    return c_hash.hexdigest(), package_hash.hexdigest(), differ


def check(name: str) -> dict:
    """Run the C baseline and the package on one board and compare their tables."""
    cells = BOARDS[name]()
    started = time.perf_counter()
    handle, path = tempfile.mkstemp(prefix=f"baseline_{name}_", suffix=".int8", dir=tempfile.gettempdir())
    os.close(handle)
    table = Path(path)
    try:
        print(f"{name}: C baseline on {1 << cells.n_edges:,} positions ...", flush=True)
        c_start = time.perf_counter()
        loop_seconds, c_empty, c_total = run_table(cells, table)
        c_seconds = time.perf_counter() - c_start
        print(f"{name}: C done in {c_seconds:.1f} s; solving with the package's kernel ...", flush=True)
        p_start = time.perf_counter()
        values = solve_table(cells)
        package_seconds = time.perf_counter() - p_start
        c_sha, package_sha, differ = compare(table, values)
        package_empty = int(values[0])
        package_total = int(values.sum(dtype=np.int64))
        del values
        gc.collect()
    finally:
        table.unlink(missing_ok=True)
    record = {
        "board": name,
        "label": cells.label,
        "edges": cells.n_edges,
        "positions": 1 << cells.n_edges,
        "c_sha256": c_sha,
        "package_sha256": package_sha,
        "agree": c_sha == package_sha and differ == 0,
        "positions_that_differ": differ,
        "c_empty_board_value": c_empty,
        "package_empty_board_value": package_empty,
        "c_sum_of_values": c_total,
        "package_sum_of_values": package_total,
        "c_seconds": round(c_seconds, 1),
        "c_loop_seconds": round(loop_seconds, 1),
        "package_seconds": round(package_seconds, 1),
        "package_threads": _threads(),
        "total_seconds": round(time.perf_counter() - started, 1),
        "compiler": compiler_version(),
        "compiler_flags": "-O2",
        "c_source": str(SOURCE.relative_to(ROOT)),
        "c_input": "cells derived from the dot coordinates (benchmarks/_baseline.py, cells_from_coordinates)",
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs",
        "date_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": f"{COMMAND} --boards {name}",
    }
    print(json.dumps(record, indent=2), flush=True)
    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", nargs="+", choices=sorted(BOARDS), default=list(BOARDS))
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    if compiled_baseline() is None:
        print("no C compiler (cc or gcc) found", file=sys.stderr)
        return 2
    records = {}
    if args.output.exists():
        records = {r["board"]: r for r in json.loads(args.output.read_text())["checks"]}
    for name in args.boards:
        records[name] = check(name)
        document = {
            "what": "The package's value tables compared with those of the independent C baseline "
            "(benchmarks/baseline_solver.c), by sha256 and byte for byte; written by scripts/check_tables.py.",
            "checks": [records[key] for key in BOARDS if key in records],
        }
        args.output.parent.mkdir(parents=True, exist_ok=True)
        with atomic_open(args.output, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(json.dumps(document, indent=2) + "\n")
    for who, label in ((resource.RUSAGE_SELF, "this process"), (resource.RUSAGE_CHILDREN, "the C program")):
        print(f"peak memory of {label}: {resource.getrusage(who).ru_maxrss / 2**20:.2f} GiB")
    return 0 if all(records[name]["agree"] for name in args.boards) else 1


if __name__ == "__main__":
    sys.exit(main())
