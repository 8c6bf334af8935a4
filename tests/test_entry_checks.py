"""Library entry points refuse bad arguments with the project's message, before compiled code runs.

Each case here was a crash, a garbage answer or an answer that depended on history
(issue "One contract ...", section 3).
"""

from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pytest

import triangles_core as tc
from triangles_core.analysis.verify import derive_values, verify_table
from triangles_core.engine import store
from triangles_core.engine.retrograde import recurrence_problem
from triangles_core.engine.store import CorruptCacheWarning, cached_table, save_with_checksum
from triangles_core.games.triangles import board

HUGE = 10**5000


@pytest.mark.parametrize("call", [
    lambda: tc.solve(HUGE),
    lambda: tc.solve(3).value(HUGE),
    lambda: tc.solve(3).value([HUGE]),
    lambda: tc.solve(3).value(range(10**20)),
    lambda: tc.GameRecord.from_moves(3, [HUGE]),
], ids=["solve", "value-bitmask", "value-edge", "value-range", "record"])
def test_huge_integers_get_the_projects_message(call):
    with pytest.raises(ValueError) as raised:
        call()
    assert "4300" not in str(raised.value) and len(str(raised.value)) < 200


def test_a_zero_dimensional_array_is_a_bitmask():
    s = tc.solve(3)
    assert s.value(np.array(5)) == s.value(5)


@pytest.mark.parametrize("values", [np.zeros(16, np.int8), np.zeros(1 << 18, np.int16), [0] * (1 << 18)])
def test_a_table_of_the_wrong_length_or_type_is_refused(values):
    with pytest.raises(ValueError, match="table must be an int8 array"):
        tc.Solution(board(3), values)
    with pytest.raises(ValueError, match="table must be an int8 array"):
        derive_values(board(4), values, 0, 16)


@pytest.mark.parametrize("start, stop", [(-1, 4), (0, 1 << 19), (5, 2), (0.0, 4)])
def test_derive_values_refuses_a_range_outside_the_table(start, stop):
    with pytest.raises(ValueError):
        derive_values(board(3), tc.solve(3).values, start, stop)


@pytest.mark.parametrize("chunk", [0, -1, 2.5])
def test_verify_refuses_a_chunk_that_checks_nothing(chunk):
    with pytest.raises(ValueError, match="chunk"):
        verify_table(board(3), tc.solve(3).values, chunk=chunk)


def test_a_board_that_borrows_a_key_is_solved_for_itself():
    fake = tc.CellBoard("side3", "borrowed-key board", [(0, 0), (1, 0)], [(1, 2)], [], [(1, 2)])
    assert fake != board(3)
    assert tc.solve_cells(fake).value(0) == 0
    assert tc.solve(3).value(0) == -3


def test_validation_does_not_depend_on_what_was_solved_before():
    code = ("import triangles_core as tc\n"
            "for first in (False, True):\n"
            "    if first: tc.solve_boxes(2, 2); tc.solve(1)\n"
            "    for args in ((2.0, 2.0), (True, 1)):\n"
            "        try: tc.solve_boxes(*args); print('accepted')\n"
            "        except ValueError: print('refused')\n"
            "    for side in (1.0, True):\n"
            "        try: tc.solve(side); print('accepted')\n"
            "        except ValueError: print('refused')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["refused"] * 8


def test_a_forged_table_with_a_consistent_checksum_is_caught_and_recomputed(tmp_path, monkeypatch):
    monkeypatch.setenv(store.CACHE_ENV, str(tmp_path))
    b = board(2)
    good = tc.solve(2).values
    forged = good.copy()
    forged[::5] = 0
    save_with_checksum(store.table_path(b), forged)
    with pytest.warns(CorruptCacheWarning, match="disagrees with the recurrence"):
        values = cached_table(b, lambda: good.copy(), lambda t: recurrence_problem(b, t))
    assert (values == good).all()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert (cached_table(b, lambda: pytest.fail("recomputed"), lambda t: recurrence_problem(b, t)) == good).all()


def test_a_cached_table_read_from_disk_is_not_the_answer_to_use_cache_false(tmp_path, monkeypatch):
    monkeypatch.setenv(store.CACHE_ENV, str(tmp_path))
    from triangles_core.engine import solvers

    assert solvers.solve(2, use_cache=False).value(0) == -2
    s = tc.solve(3)
    with pytest.raises(ValueError):
        s.values.flags.writeable = True       # a view of a read-only table cannot be made writable
    assert tc.solve(3).value([]) == -3


@pytest.mark.parametrize("call", [
    lambda: tc.solve_cells("side3"), lambda: tc.Solution(None, np.zeros(2, np.int8)),
    lambda: verify_table(None, np.zeros(2, np.int8)), lambda: tc.review_game("1 2"),
    lambda: tc.review_game(tc.GameRecord.from_moves(3, [1]), "x"), lambda: tc.parse_record(b"1 2"),
    lambda: tc.parse_record("start: 1 1", warn=5), lambda: tc.GameRecord.from_moves(3, None),
    lambda: __import__("triangles_core.analysis.review", fromlist=["x"]).classify(2.5),
    lambda: __import__("triangles_core.analysis.review", fromlist=["x"]).classify(True),
], ids=["solve_cells-str", "Solution-None", "verify-None", "review-str", "review-solution-str", "parse-bytes",
        "parse-warn", "from_moves-None", "classify-float", "classify-bool"])
def test_wrong_types_are_refused_with_the_projects_message(call):
    with pytest.raises(ValueError):
        call()


@pytest.mark.parametrize("args", [
    ([(0, 0), (1, 0), (2, 0)], [(1, 2), (1, 3), (2, 3)], [(1, 1, 2)], [(1, 2, 3)]),     # an edge twice in a cell
    ([(0, 0), (1, 0)], [(1.5, 2)], [], [(1, 2)]),                                        # a dot that is no integer
    ([(0, 0), (1, 0), (2, 0)], [(1, 2), (1, 3), (2, 3)], [(1, 2, 3)], []),               # no symmetry
    ([(0, 0), (1, 0), (2, 0)], [(1, 2), (1, 3), (2, 3)], [(1, 2, 3)], [(1, 2)]),         # a short symmetry
    ([(0, 0)], [], [], [(1,)]),                                                          # no edge
])
def test_a_malformed_cell_board_is_refused(args):
    with pytest.raises(ValueError):
        tc.CellBoard("f", "f", *args)
