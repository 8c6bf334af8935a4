"""The kernel's value tables against the independent C baseline (benchmarks/baseline_solver.c).

The C program is a plain bottom-up implementation of the recurrence that shares no code
with the compiled kernel; its input, the cells of the board, is derived from the dots'
coordinates (`benchmarks/_baseline.py`, `cells_from_coordinates`), not from the package's
``board.cells``, and the test below asserts that it is byte for byte the input the
committed check was run with (computed then from ``board.cells``), so that
``data/checks/table_checks.json`` stays valid.  On small boards the test runs it and
compares whole tables;
on side 4 and 3x4 boxes (minutes of C) it compares the sha256 of the package's table with
the C sha256 that ``scripts/check_tables.py`` measured and committed in
``data/checks/table_checks.json``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import triangles_core as tc
from triangles_core.games.boxes import boxes_board
from triangles_core.games.triangles import board

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from _baseline import baseline_input, cells_from_coordinates, compiler_path, run_table  # noqa: E402

CHECKS = ROOT / "data" / "checks" / "table_checks.json"


def committed(name: str) -> dict:
    return {record["board"]: record for record in json.loads(CHECKS.read_text())["checks"]}[name]


def table_sha256(values: np.ndarray) -> str:
    digest = hashlib.sha256()
    flat = values.reshape(-1)
    for start in range(0, len(flat), 1 << 24):
        digest.update(flat[start : start + (1 << 24)].tobytes())
    return digest.hexdigest()


def input_from_package_cells(cells) -> str:
    """The C input as the committed check computed it: from ``cells.cells``."""
    n = cells.n_edges
    never = 1 << n
    lines = [f"{n} 1"]
    for e in range(1, n + 1):
        others = [sum(1 << (f - 1) for f in cell if f != e) for cell in cells.cells if e in cell]
        others += [never, never]
        lines.append(f"{others[0]} {others[1]}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "cells",
    [board(side) for side in (1, 2, 3, 4, 5)]
    + [boxes_board(r, c) for r, c in ((1, 1), (1, 3), (2, 2), (2, 3), (3, 3), (3, 4))],
    ids=lambda b: b.key,
)
def test_c_input_from_coordinates_is_the_committed_input(cells):
    derived = cells_from_coordinates(cells)
    assert derived == [tuple(cell) for cell in cells.cells]  # same cells, same order
    assert baseline_input(cells) == input_from_package_cells(cells)  # the input side 4 and 3x4 were checked with


@pytest.mark.parametrize("name, positions", [("side4", 1 << 30), ("boxes3x4", 1 << 31)])
def test_committed_check_agrees(name, positions):
    record = committed(name)
    assert record["positions"] == positions
    assert record["agree"] and record["positions_that_differ"] == 0
    assert record["c_sha256"] == record["package_sha256"]
    assert record["c_empty_board_value"] == record["package_empty_board_value"]


@pytest.mark.side4
def test_side4_table_matches_the_c_baseline():
    values = tc.solve(4).values
    assert table_sha256(values) == committed("side4")["c_sha256"]


@pytest.mark.bigboard
def test_boxes3x4_table_matches_the_c_baseline():
    values = tc.solve_boxes(3, 4).values
    assert table_sha256(values) == committed("boxes3x4")["c_sha256"]


@pytest.mark.skipif(compiler_path() is None, reason="no C compiler (cc or gcc)")
@pytest.mark.parametrize(
    "cells, solve",
    [
        (board(2), lambda: tc.solve(2)),
        (board(3), lambda: tc.solve(3)),
        (boxes_board(1, 3), lambda: tc.solve_boxes(1, 3)),
        (boxes_board(2, 2), lambda: tc.solve_boxes(2, 2)),
        (boxes_board(2, 3), lambda: tc.solve_boxes(2, 3)),
    ],
    ids=["side2", "side3", "boxes1x3", "boxes2x2", "boxes2x3"],
)
def test_c_baseline_whole_table(tmp_path, cells, solve):
    path = tmp_path / "table.int8"
    _, empty, total = run_table(cells, path)
    theirs = np.fromfile(path, dtype=np.int8)
    ours = solve().values
    assert theirs.shape == ours.shape == (1 << cells.n_edges,)
    np.testing.assert_array_equal(theirs, ours)
    assert empty == ours[0] and total == int(ours.sum(dtype=np.int64))
