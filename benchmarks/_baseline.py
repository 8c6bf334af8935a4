"""Build and run the compiled C baseline (benchmarks/baseline_solver.c) for a board side."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from triangles_core.engine.retrograde import cell_tables
from triangles_core.games.triangles import board

HERE = Path(__file__).resolve().parent
BUILD = HERE / "build"


def compiled_baseline() -> Path | None:
    """Compile the baseline with ``cc -O2`` once; None if no C compiler is available."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    BUILD.mkdir(exist_ok=True)
    binary = BUILD / "baseline_solver"
    source = HERE / "baseline_solver.c"
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], check=True)
    return binary


def run_baseline(side: int, repeats: int = 1) -> tuple[float, int, int] | None:
    """Best time in seconds over ``repeats``, empty-board value and sum of all values."""
    binary = compiled_baseline()
    if binary is None:
        return None
    b = board(side)
    first, second = cell_tables(b)
    text = f"{b.n_edges} {repeats}\n" + "\n".join(f"{f} {s}" for f, s in zip(first, second)) + "\n"
    out = subprocess.run([str(binary)], input=text, capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), int(out[1]), int(out[2])
