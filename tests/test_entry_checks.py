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


@pytest.mark.parametrize("call, message", [
    (lambda: tc.value_distribution("x"), "value_distribution needs a table solution .*, got 'x'$"),
    (lambda: tc.outcomes_by_edges_drawn(tc.solve(3), clean_only="no"), "clean_only must be True or False, got 'no'"),
    (lambda: tc.first_moves(None), "first_moves needs a solved cell board .*, got None"),
    (lambda: tc.verify_solution("x"), "verify_solution needs a table solution .*, got 'x'$"),
    (lambda: tc.verify_solution(tc.solve(3, method="search")),
     "verify_solution needs a table solution .*, got a SearchSolution"),
    (lambda: tc.negamax(None, 0), "the negamax needs a game .*, got None"),
    (lambda: tc.negamax(tc.TriangleGame(2), [1.0]), "edge must be an integer, got 1.0"),
    (lambda: tc.NegamaxSolver(tc.TriangleGame(2), max_positions=2.5), "max_positions must be an integer"),
    (lambda: tc.solve(3).value([1.0]), "edge must be an integer, got 1.0"),
    (lambda: tc.solve(3).value([1] * 100_001), "lists 100001 edges, more than the 65,536 read at most "
                                               r"\(the side-3 board has 18 edges\)"),
    (lambda: __import__("triangles_core.analysis.counting", fromlist=["x"]).clean_positions("side3"),
     "clean_positions needs a cell board"),
    (lambda: __import__("triangles_core.analysis.counting", fromlist=["x"]).positions_with_edges_drawn(4, 5),
     r"drawn 5 is out of range \(0..4\)"),
    (lambda: __import__("triangles_core.analysis.graph", fromlist=["x"]).count_paths(tc.state_graph(tc.solve(1)), 99),
     "source 99 is not a node of the graph"),
    (lambda: __import__("triangles_core.analysis.graph", fromlist=["x"]).level_sizes(tc.state_graph(tc.solve(1)), "w"),
     "weight 'w': some node of the graph has no such attribute"),
    (lambda: __import__("triangles_core.analysis.export", fromlist=["x"]).read_graphml(True),
     "path must be a file name or a path, got True"),
    (lambda: __import__("triangles_core.analysis.chains", fromlist=["x"]).controller(2.5, 1, 1),
     "free_edges must be an integer"),
    (lambda: __import__("triangles_core.analysis.records", fromlist=["x"]).format_record("1 2"),
     "format_record needs a GameRecord"),
    (lambda: __import__("triangles_core.analysis.review", fromlist=["x"]).summary_table(None),
     "summary_table needs a dict"),
], ids=["value_distribution", "clean_only", "first_moves", "verify-str", "verify-search", "negamax-None",
        "negamax-float-edge", "negamax-limit", "value-float-edge", "value-long-list", "clean_positions", "drawn",
        "count_paths", "level_sizes", "read_graphml-True", "controller", "format_record", "summary_table"])
def test_entry_points_check_their_arguments_first(call, message):
    """Findings C: a wrong argument is refused with one message naming it, never an AttributeError from inside."""
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize("name, said", [("../../etc/x", "path separator"), ("sub/x", "path separator"),
                                        ("", "it is empty"), (".hidden", "starts with '.'"),
                                        (None, "must be a string")])
def test_save_table_writes_only_inside_its_folder(tmp_path, name, said):
    import pandas as pd

    folder = tmp_path / "tables"
    with pytest.raises(ValueError, match=said):
        tc.save_table(pd.DataFrame({"k": [1]}), name, folder)
    assert list(tmp_path.iterdir()) == [] and not (tmp_path.parent / "etc").exists()   # nothing written anywhere


@pytest.mark.parametrize("call, said", [
    (lambda d: tc.save_table("notaframe", "t", d), "save_table needs a pandas DataFrame, got 'notaframe'"),
    (lambda d: tc.save_table(__import__("pandas").DataFrame({"k": [1.5]}), "t", d, float_digits=-1),
     r"float_digits -1 is out of range \(1..17\)"),
    (lambda d: tc.save_table(__import__("pandas").DataFrame({"k": [1.5]}), "t", None), "directory must be a file name"),
])
def test_save_table_checks_the_frame_and_the_digits(tmp_path, call, said):
    with pytest.raises(ValueError, match=said):
        call(tmp_path / "tables")
    assert not (tmp_path / "tables").exists()


@pytest.mark.parametrize("call, message", [
    (lambda: store.table_path("side4"), "table_path needs a cell board"),
    (lambda: store.save_with_checksum(None, np.zeros(2, np.int8)), "path must be a file name or a path, got None"),
    (lambda: store.save_with_checksum("never.npy", "abc"), "save_with_checksum needs a numpy array, got 'abc'"),
    (lambda: store.load_verified(True), "path must be a file name or a path, got True"),
    (lambda: store.cached_table(board(2), 5), "cached_table needs compute"),
    (lambda: tc.CellGame(None), "CellGame needs a cell board"),
    (lambda: __import__("triangles_core.engine.solved", fromlist=["x"]).verdict_of("x"), "must be an integer"),
    (lambda: verify_table(board(2), tc.solve(2).values, progress="yes"), "progress must be True or False"),
], ids=["table_path", "save-path", "save-array", "load-True", "cached-compute", "CellGame", "verdict_of", "progress"])
def test_engine_entry_points_check_their_arguments_first(call, message):
    with pytest.raises(ValueError, match=message):
        call()
