"""Build and run the compiled C baseline (benchmarks/baseline_solver.c) for a cell board.

The C program is a second, plain implementation of the move-value recurrence
(docs/architecture.md): one bottom-up loop over all positions, single-threaded.  Its input
(for each edge, the other edges of its one or two cells) is derived here from the dots'
coordinates, not from the package's list of cells: `cells_from_coordinates` finds the unit
triangles (three dots pairwise at distance 1) and unit squares (four dots at distance 1
around, sqrt 2 across) among ``board.dot_coordinates`` and names their sides through
``board.edges`` (which two dots each edge number joins: the edge numbering of
docs/SPEC.md, the one thing the check must share with the package to compare tables
position by position).  ``board.cells``, `CellBoard.cell_masks` and the kernel's tables
(`triangles_core.engine.retrograde.cell_tables`) are not read, so that comparing the C
value table with the kernel's is a check of the kernel and of the package's cell geometry
(`scripts/check_tables.py`).  ``tests/test_independent_check.py`` asserts that this input is
byte for byte the one the committed check (``data/checks/table_checks.json``) was run with,
which was computed from ``board.cells``.
"""

from __future__ import annotations

import math
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


def cells_from_coordinates(cells: CellBoard) -> list[tuple[int, ...]]:
    """The cells of a board found from its dots' coordinates alone.

    A cell is a unit triangle (three dots pairwise at distance 1) or a unit square (dots
    ``a, b, c, d`` with ``b - a`` of length 1 and ``c = b + r``, ``d = a + r`` for ``r``
    the quarter turn of ``b - a``) whose sides are all edges of the board; its sides are
    named by ``cells.edges`` (the two dots of each edge number).  ``cells.cells`` is not
    read.  Upward triangles (two dots at the bottom) come before downward ones, then cells
    in reading order of their centres (top to bottom, left to right), each as its sorted
    edge numbers.

    Raises
    ------
    ValueError
        If a side of a unit triangle or square found is not an edge of the board.
    """
    points = cells.dot_coordinates
    edge_of = {pair: e for e, pair in enumerate(cells.edges, start=1)}

    def unit(i: int, j: int) -> bool:
        return math.isclose(math.dist(points[i], points[j]), 1.0, abs_tol=1e-9)

    def dot_at(x: float, y: float) -> int | None:
        for d, (u, v) in enumerate(points):
            if math.isclose(u, x, abs_tol=1e-9) and math.isclose(v, y, abs_tol=1e-9):
                return d
        return None

    n = len(points)
    polygons: set[frozenset[int]] = set()
    for i in range(n):
        for j in range(i + 1, n):
            if not unit(i, j):
                continue
            polygons.update(frozenset((i, j, k)) for k in range(j + 1, n) if unit(i, k) and unit(j, k))
            (xa, ya), (xb, yb) = points[i], points[j]
            for rx, ry in ((-(yb - ya), xb - xa), (yb - ya, -(xb - xa))):  # both quarter turns
                c, d = dot_at(xb + rx, yb + ry), dot_at(xa + rx, ya + ry)
                if c is not None and d is not None:
                    polygons.add(frozenset((i, j, c, d)))
    found = []
    for polygon in polygons:
        dots = sorted(polygon)
        sides = [(a, b) for a in dots for b in dots if a < b and unit(a, b)]
        if any((a + 1, b + 1) not in edge_of for a, b in sides):
            raise ValueError(f"a side of the unit polygon on dots {[d + 1 for d in dots]} is not an edge")
        ys = sorted(points[d][1] for d in dots)
        downward = len(dots) == 3 and math.isclose(ys[1], ys[2], abs_tol=1e-9)  # two dots at the top
        cx = sum(points[d][0] for d in dots) / len(dots)
        cy = sum(points[d][1] for d in dots) / len(dots)
        edges = tuple(sorted(edge_of[(a + 1, b + 1)] for a, b in sides))
        found.append(((downward, -round(cy, 9), round(cx, 9)), edges))
    return [edges for _, edges in sorted(found)]


def baseline_input(cells: CellBoard, repeats: int = 1) -> str:
    """The C program's standard input for a board: ``n_edges repeats``, then per edge the
    masks of the other edges of its first and second cell (``1 << n_edges`` for none).

    The cells come from the dots' coordinates (`cells_from_coordinates`), not from
    ``cells.cells``.
    """
    n = cells.n_edges
    never = 1 << n
    derived = cells_from_coordinates(cells)
    lines = [f"{n} {repeats}"]
    for e in range(1, n + 1):
        others = [sum(1 << (f - 1) for f in cell if f != e) for cell in derived if e in cell]
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
    out = subprocess.run(
        command, input=baseline_input(cells, repeats), capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[0]), int(out[1]), int(out[2])


def run_baseline(side: int, repeats: int = 1) -> tuple[float, int, int] | None:
    """Best time in seconds over ``repeats``, empty-board value and sum of all values."""
    return run_table(board(side), repeats=repeats)
