"""Build and run the compiled C baseline (benchmarks/baseline_solver.c) for a cell board.

The C program is a second, plain implementation of the move-value recurrence
(docs/architecture.md): one bottom-up loop over all positions, single-threaded.  What it
shares with the package is the board geometry only: its input is computed here from
``board.cells`` (the edges of each cell, `triangles_core.games`), not from the kernel's
own tables (`triangles_core.engine.retrograde.cell_tables`), so that comparing its value
table with the kernel's is an independent check of the kernel (`scripts/check_tables.py`).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from triangles_core.games.cells import CellBoard
from triangles_core.games.triangles import board

HERE = Path(__file__).resolve().parent
BUILD = HERE / "build"
SOURCE = HERE / "baseline_solver.c"


def compiler_path() -> str | None:
    """The C compiler used (``cc``, else ``gcc``), or None if there is none."""
    return shutil.which("cc") or shutil.which("gcc")


def compiled_baseline() -> Path | None:
    """Compile the baseline with ``cc -O2`` once; None if no C compiler is available."""
    compiler = compiler_path()
    if compiler is None:
        return None
    BUILD.mkdir(exist_ok=True)
    binary = BUILD / "baseline_solver"
    if not binary.exists() or binary.stat().st_mtime < SOURCE.stat().st_mtime:
        subprocess.run([compiler, "-O2", "-o", str(binary), str(SOURCE)], check=True)
    return binary


def baseline_input(cells: CellBoard, repeats: int = 1) -> str:
    """The C program's standard input for a board: ``n_edges repeats``, then per edge the
    masks of the other edges of its first and second cell (``1 << n_edges`` for none).

    Computed from ``cells.cells`` (1-based edge numbers of each cell) alone.
    """
    n = cells.n_edges
    never = 1 << n
    lines = [f"{n} {repeats}"]
    for e in range(1, n + 1):
        others = [sum(1 << (f - 1) for f in cell if f != e) for cell in cells.cells if e in cell]
        if len(others) > 2:
            raise ValueError(f"edge {e} lies in {len(others)} cells; the C baseline handles at most 2")
        others += [never, never]
        lines.append(f"{others[0]} {others[1]}")
    return "\n".join(lines) + "\n"


def run_table(cells: CellBoard, table: Path | None = None, repeats: int = 1) -> tuple[float, int, int] | None:
    """Run the C baseline on any cell board (up to 40 edges; 2**n_edges bytes of memory).

    Returns best time in seconds over ``repeats``, the empty-board value and the sum of
    all values, or None without a C compiler.  With ``table``, the program also writes
    its whole value table there (2**n_edges raw int8 values, the package's layout).
    """
    binary = compiled_baseline()
    if binary is None:
        return None
    command = [str(binary)] + ([str(table)] if table is not None else [])
    out = subprocess.run(command, input=baseline_input(cells, repeats), capture_output=True, text=True,
                         check=True).stdout.split()
    return float(out[0]), int(out[1]), int(out[2])


def run_baseline(side: int, repeats: int = 1) -> tuple[float, int, int] | None:
    """Best time in seconds over ``repeats``, empty-board value and sum of all values."""
    return run_table(board(side), repeats=repeats)
