"""Library entry points refuse bad arguments with the project's message, before compiled code runs.

Each case here was a crash, a garbage answer or an answer that depended on history
(issue "One contract ...", section 3).
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import triangles_core as tc
from triangles_core.analysis.records import RecordError
from triangles_core.analysis.verify import derive_values, verify_table
from triangles_core.engine.symmetry import cycle_lengths, move_classes
from triangles_core.games.triangles import board
from triangles_core.plot import charts as pc

HUGE = 10**5000


@pytest.mark.parametrize(
    "call",
    [
        lambda: tc.solve(HUGE),
        lambda: tc.solve(3).value(HUGE),
        lambda: tc.solve(3).value([HUGE]),
        lambda: tc.solve(3).value(range(10**20)),
        lambda: tc.GameRecord.from_moves(3, [HUGE]),
        lambda: tc.solve([HUGE]),
        lambda: tc.solve(np.array([HUGE], dtype=object)),
        lambda: tc.solve_boxes(1, [HUGE]),
        lambda: tc.parse_record("1\n", [HUGE]),
        lambda: tc.explore(boxes=(HUGE, HUGE, 1)),
        lambda: tc.solve(2).value([[HUGE]]),
        lambda: tc.solve(2).move_value(0, [-HUGE]),
        lambda: tc.solve_number_game().value([[HUGE]]),
        lambda: tc.solve_peg([[HUGE]] + [0] * 14),
        lambda: tc.Jump(HUGE, 2, 3),
        lambda: tc.solve(3).value(np.array(HUGE, dtype=object)),
        lambda: tc.solve(3).value([np.array(HUGE, dtype=object)]),
    ],
    ids=[
        "solve",
        "value-bitmask",
        "value-edge",
        "value-range",
        "record",
        *("nested-" + name for name in ("side", "array", "boxes", "parse", "explore", "value", "move")),
        *("nested-" + name for name in ("number", "peg", "jump")),
        "object-scalar-array",
        "nested-object-scalar-array",
    ],
)
def test_huge_integers_get_the_projects_message(call):
    """At any depth: a huge integer in a list is quoted by its size, not by Python's 4300-digit error."""
    with pytest.raises(ValueError) as raised:
        call()
    assert "4300" not in str(raised.value) and len(str(raised.value)) < 200


@pytest.mark.parametrize("fields", [(3.0, 5, 8), (True, 2, 4), (np.float64(3), 5, 8), (3, [5], 8), (0, 2, 4)])
def test_a_jump_takes_integer_hole_numbers_only(fields):
    """A float equal to a hole number once passed the legality test and crashed in the indexing."""
    with pytest.raises(tc.InvalidPegBoardError, match="a jump's (start|over|land) hole"):
        tc.Jump(*fields)


def test_a_jump_stores_numpy_integers_as_int():
    jump = tc.Jump(np.int64(3), np.int32(5), 8)
    assert jump == tc.Jump(3, 5, 8) and all(type(hole) is int for hole in (jump.start, jump.over, jump.land))


@pytest.mark.parametrize("unordered", [set, frozenset, dict.fromkeys])
def test_a_peg_board_without_hole_order_is_refused(unordered):
    """A set of peg values was read in its iteration order: SPEC sample 3 as a set gave 2562, not 2148."""
    sample = [100, 1, 17, 99, 3, 4, 0, 76, 33, 42, 12, 13, 14, 15, 16]
    assert tc.solve_peg(sample) == 2148
    with pytest.raises(tc.InvalidPegBoardError, match="in hole order"):
        tc.solve_peg(unordered(sample))


def test_a_zero_dimensional_array_is_a_bitmask():
    s = tc.solve(3)
    assert s.value(np.array(5)) == s.value(5)


def test_a_zero_dimensional_array_is_a_scalar_in_every_game():
    """C2: a 0-d integer array is the integer it holds (a bitmask, a move); where a list is needed, one line."""
    number = tc.solve_number_game()
    assert number.value(np.array(5)) == number.value(5) and number.winning_moves(np.array(5)) == [2]
    assert [step.move for step in tc.solve(3).replay([np.array(6), np.int64(1)])] == [6, 1]
    assert tc.GameRecord.from_moves(3, [np.array(6)]).moves == (6,)
    assert tc.board(np.array(3)) is tc.board(3)
    peg = tc.solve_peg_game([3, 1, 6, 1, 7, 8, 5, 0, 3, 4, 9, 3, 2, 1, 9])
    for call, message in [
        (lambda: tc.solve(3).replay(np.array(6)), "the moves must be a sequence of moves, in playing order, got array"),
        (lambda: number.replay(np.array(6)), "the moves must be a sequence of moves, in playing order, got array"),
        (lambda: tc.solve_peg_game(np.array(3)), "a peg board is a list of 15 peg values in hole order, got array"),
        (lambda: tc.solve_peg(np.array(3)), "a peg board is a list of 15 peg values in hole order, got array"),
        (lambda: peg.value(np.array(3)), "a peg board is a list of 15 peg values in hole order, got array"),
        (lambda: tc.GameRecord.from_moves(3, np.array(6)), "moves must be a list of edge numbers, in playing order"),
        (lambda: tc.solve(3).value(np.array(2.5)), "neither a bitmask nor a list of edges"),
        (lambda: number.value(np.array(2.5)), "neither a bitmask nor a list of numbers"),
    ]:
        with pytest.raises(ValueError, match=message) as raised:
            call()
        assert "\n" not in str(raised.value)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"key": None}, "a board's key must be a string, got None"),
        ({"key": 3}, "a board's key must be a string, got 3"),
        ({"key": "a/b"}, "must not contain a path separator"),
        ({"label": None}, "a board's label must be a non-empty string, got None"),
        ({"dot_coordinates": None}, "dot_coordinates must be a list, got None"),
        ({"dot_coordinates": 5}, "dot_coordinates must be a list, got 5"),
        ({"dot_coordinates": [(0, 0, 0), (1, 0, 0), (0.5, 0.8, 0)]}, r"the coordinates of dot 1 must be 2 values"),
        ({"dot_coordinates": [(0, "a"), (1, 0), (0.5, 0.8)]}, "the y coordinate of dot 1 must be a number, got 'a'"),
        ({"dot_coordinates": [(0, float("nan")), (1, 0), (0.5, 0.8)]}, "the y coordinate of dot 1 must be finite"),
        ({"dot_coordinates": range(10**20)}, "dot_coordinates lists more than 10,000 items"),
        ({"edges": None}, "edges must be a list, got None"),
        ({"edges": [(1, 2), (1, 3), 7]}, "the dots of edge 3 must be a list, got 7"),
        ({"edges": [(1, 2), (1, 3), (2, 3, 1)]}, "the dots of edge 3 must be 2 values"),
        ({"cells": None}, "cells must be a list, got None"),
        ({"cells": [5]}, "the edges of cell 0 must be a list, got 5"),
        ({"dot_symmetries": None}, "dot_symmetries must be a list, got None"),
        ({"dot_symmetries": [None]}, "symmetry 0 must be a list, got None"),
    ],
)
def test_a_cell_board_checks_its_arguments_in_one_line(change, message):
    """C4: every argument of CellBoard is checked (type and length) before it is used."""
    args = {
        "key": "one",
        "label": "one-triangle board",
        "dot_coordinates": [(0, 0), (1, 0), (0.5, 0.8)],
        "edges": [(1, 2), (1, 3), (2, 3)],
        "cells": [(1, 2, 3)],
        "dot_symmetries": [(1, 2, 3)],
    }
    assert tc.solve_cells(tc.CellBoard(**args)).value([]) == 1
    with pytest.raises(ValueError, match=message) as raised:
        tc.CellBoard(**{**args, **change})
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize(
    "args, message",
    [
        (("x", 0, (1,), (0,)), "GameRecord needs a cell board .*, got 'x'"),
        ((board(3), 0, (1, 2), (0,)), "GameRecord needs one record line per move: 2 moves, 1 lines"),
        ((board(3), 0, (1,), (0, 0)), "GameRecord needs one record line per move: 1 moves, more than 1 lines"),
        ((board(3), 0, (1, 1), (0, 0)), "line 2, token '1': edge 1 .* is already drawn"),
        ((board(3), 1, (1,), (4,)), "line 4, token '1': edge 1 .* is already drawn"),
        ((board(3), 0, (19,), (0,)), "edge 19 is not on the side-3 board"),
        ((board(3), 0, (1.0,), (0,)), "a move must be an edge number, got 1.0"),
        ((board(3), 0, 5, (0,)), "GameRecord needs moves as a tuple of integers, got 5"),
        ((board(3), 0, (1,), None), "GameRecord needs lines as a tuple of integers, got None"),
        ((board(3), 0, (1,), (-1,)), r"a record line -1 is out of range \(>= 0\)"),
        ((board(3), 0, range(10**20), ()), "GameRecord has more moves than the 18 edges of the side-3 board"),
        ((board(3), 2**18, (), ()), "bitmask 262144 is out of range"),
    ],
)
def test_a_game_record_checks_its_arguments_when_built_directly(args, message):
    """C5, A5: a GameRecord built by hand is checked as a parsed one is, so review_game never fails inside."""
    with pytest.raises(ValueError, match=message) as raised:
        tc.GameRecord(*args)
    assert "\n" not in str(raised.value)
    record = tc.GameRecord(board(3), [2], [1, 3], [5, 6])  # lists and an edge list are normalised
    assert (record.start, record.moves, record.lines) == (2, (1, 3), (5, 6)) and hash(record)
    assert tc.review_game(record, tc.solve(3)).summary()["moves"] == 2


@pytest.mark.parametrize("values", [np.zeros(16, np.int8), np.zeros(1 << 18, np.int16), [0] * (1 << 18)])
def test_a_table_of_the_wrong_length_or_type_is_refused(values):
    with pytest.raises(ValueError, match="table must be an int8 array"):
        tc.TableSolution(board(3), values)
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
    code = (
        "import triangles_core as tc\n"
        "for first in (False, True):\n"
        "    if first: tc.solve_boxes(2, 2); tc.solve(1)\n"
        "    for args in ((2.0, 2.0), (True, 1)):\n"
        "        try: tc.solve_boxes(*args); print('accepted')\n"
        "        except ValueError: print('refused')\n"
        "    for side in (1.0, True):\n"
        "        try: tc.solve(side); print('accepted')\n"
        "        except ValueError: print('refused')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["refused"] * 8


def test_a_cached_table_read_from_disk_is_not_the_answer_to_use_cache_false(tmp_path, monkeypatch):
    from triangles_core.engine import solvers

    monkeypatch.setenv("TRIANGLES_CORE_CACHE", str(tmp_path))

    assert solvers.solve(2, use_cache=False).value(0) == -2
    s = tc.solve(3)
    with pytest.raises(ValueError):
        s.values.flags.writeable = True  # a view of a read-only table cannot be made writable
    assert tc.solve(3).value([]) == -3


@pytest.mark.parametrize(
    "call",
    [
        lambda: tc.review_game("1 2"),
        lambda: tc.review_game(tc.GameRecord.from_moves(3, [1]), "x"),
        lambda: tc.parse_record(b"1 2"),
        lambda: tc.parse_record("start: 1 1", warn=5),
        lambda: tc.GameRecord.from_moves(3, None),
        lambda: __import__("triangles_core.analysis.review", fromlist=["x"]).classify(2.5),
        lambda: __import__("triangles_core.analysis.review", fromlist=["x"]).classify(True),
    ],
    ids=[
        "review-str",
        "review-solution-str",
        "parse-bytes",
        "parse-warn",
        "from_moves-None",
        "classify-float",
        "classify-bool",
    ],
)
def test_wrong_types_are_refused_with_the_projects_message(call):
    with pytest.raises(ValueError):
        call()


@pytest.mark.parametrize(
    "args",
    [
        ([(0, 0), (1, 0), (2, 0)], [(1, 2), (1, 3), (2, 3)], [(1, 1, 2)], [(1, 2, 3)]),  # an edge twice in a cell
        ([(0, 0), (1, 0)], [(1.5, 2)], [], [(1, 2)]),  # a dot that is no integer
        ([(0, 0), (1, 0), (2, 0)], [(1, 2), (1, 3), (2, 3)], [(1, 2, 3)], []),  # no symmetry
        ([(0, 0), (1, 0), (2, 0)], [(1, 2), (1, 3), (2, 3)], [(1, 2, 3)], [(1, 2)]),  # a short symmetry
        ([(0, 0)], [], [], [(1,)]),  # no edge
    ],
)
def test_a_malformed_cell_board_is_refused(args):
    with pytest.raises(ValueError):
        tc.CellBoard("f", "f", *args)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: tc.value_distribution("x"), "value_distribution needs a table solution .*, got 'x'$"),
        (
            lambda: tc.outcomes_by_edges_drawn(tc.solve(3), clean_only="no"),
            "clean_only must be True or False, got 'no'",
        ),
        (lambda: tc.first_moves(None), "first_moves needs a solved cell board .*, got None"),
        (lambda: tc.verify_solution("x"), "verify_solution needs a table solution .*, got 'x'$"),
        (
            lambda: tc.verify_solution(tc.solve(3, method="search")),
            "verify_solution needs a table solution .*, got .*SearchSolution",
        ),
        (lambda: tc.negamax(tc.TriangleGame(2), [1.0]), "edge must be an integer, got 1.0"),
        (lambda: tc.solve(3).value([1.0]), "edge must be an integer, got 1.0"),
        (
            lambda: tc.solve(3).value([1] * 100_001),
            "lists 100001 edges, more than the 65,536 read at most "
            r"\(the side-3 board has 18 edges\)",
        ),
        (
            lambda: __import__("triangles_core.analysis.counting", fromlist=["x"]).clean_positions("side3"),
            "clean_positions needs a cell board",
        ),
        (
            lambda: __import__("triangles_core.analysis.counting", fromlist=["x"]).positions_with_edges_drawn(4, 5),
            r"drawn 5 is out of range \(0..4\)",
        ),
        (
            lambda: __import__("triangles_core.analysis.graph", fromlist=["x"]).count_paths(
                tc.state_graph(tc.solve(1)), 99
            ),
            "source 99 is not a node of the graph",
        ),
        (
            lambda: __import__("triangles_core.analysis.graph", fromlist=["x"]).level_sizes(
                tc.state_graph(tc.solve(1)), "w"
            ),
            "weight 'w': some node of the graph has no such attribute",
        ),
        (
            lambda: __import__("triangles_core.analysis.export", fromlist=["x"]).read_graphml(True),
            "path must be a file name or a path, got True",
        ),
        (
            lambda: __import__("triangles_core.analysis.chains", fromlist=["x"]).controller(2.5, 1, 1),
            "free_edges must be an integer",
        ),
        (
            lambda: __import__("triangles_core.analysis.records", fromlist=["x"]).format_record("1 2"),
            "format_record needs a GameRecord",
        ),
        (
            lambda: __import__("triangles_core.analysis.review", fromlist=["x"]).summary_table(None),
            "summary_table needs a dict",
        ),
    ],
    ids=[
        "value_distribution",
        "clean_only",
        "first_moves",
        "verify-str",
        "verify-search",
        "negamax-float-edge",
        "value-float-edge",
        "value-long-list",
        "clean_positions",
        "drawn",
        "count_paths",
        "level_sizes",
        "read_graphml-True",
        "controller",
        "format_record",
        "summary_table",
    ],
)
def test_entry_points_check_their_arguments_first(call, message):
    """Findings C: a wrong argument is refused with one message naming it, never an AttributeError from inside."""
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize(
    "name, said",
    [
        ("../../etc/x", "path separator"),
        ("sub/x", "path separator"),
        ("", "it is empty"),
        (".hidden", "starts with '.'"),
        (None, "must be a string"),
    ],
)
def test_save_table_writes_only_inside_its_folder(tmp_path, name, said):
    import pandas as pd

    folder = tmp_path / "tables"
    with pytest.raises(ValueError, match=said):
        tc.save_table(pd.DataFrame({"k": [1]}), name, folder)
    assert list(tmp_path.iterdir()) == [] and not (tmp_path.parent / "etc").exists()  # nothing written anywhere


@pytest.mark.parametrize(
    "call, said",
    [
        (lambda d: tc.save_table("notaframe", "t", d), "save_table needs a pandas DataFrame, got 'notaframe'"),
        (
            lambda d: tc.save_table(__import__("pandas").DataFrame({"k": [1.5]}), "t", d, float_digits=-1),
            r"float_digits -1 is out of range \(1..17\)",
        ),
        (
            lambda d: tc.save_table(__import__("pandas").DataFrame({"k": [1.5]}), "t", None),
            "directory must be a file name",
        ),
    ],
)
def test_save_table_checks_the_frame_and_the_digits(tmp_path, call, said):
    with pytest.raises(ValueError, match=said):
        call(tmp_path / "tables")
    assert not (tmp_path / "tables").exists()


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: tc.CellGame(None), "CellGame needs a cell board"),
        (lambda: verify_table(board(2), tc.solve(2).values, progress="yes"), "progress must be True or False"),
    ],
    ids=["CellGame", "progress"],
)
def test_engine_entry_points_check_their_arguments_first(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# The plot layer: every public drawing function refuses a wrong argument at entry, before anything is drawn


@pytest.fixture
def ax():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots()
    yield axes
    plt.close(fig)


def _plot(module: str):
    return __import__(f"triangles_core.plot.{module}", fromlist=["x"])


def _frame():
    import pandas as pd

    return pd.DataFrame({"edges_drawn": [0, 1], "c": [0.5, 0.25], "l": [0.4, 0.2], "h": [0.6, 0.3]})


def _review():
    return tc.review_game(tc.parse_record("1 2\n2 3\n1 3\n", 2), tc.solve(2))


def _big_figure(ax):
    ax.figure.set_size_inches(40, 40)
    return ax.figure


def _mappable():
    from matplotlib.cm import ScalarMappable

    return ScalarMappable()


@pytest.mark.parametrize(
    "call, message",
    [
        # export
        (lambda ax, d: tc.save_figure("fig", "f", d), r"save_figure needs a matplotlib Figure as fig .*, got 'fig'$"),
        (lambda ax, d: tc.save_figure(ax.figure, "../f", d), "name '../f' is not a file name: .* path separator"),
        (lambda ax, d: tc.save_figure(ax.figure, ".f", d), "name '.f' is not a file name: it starts with '.'"),
        (lambda ax, d: tc.save_figure(ax.figure, "f", None), "directory must be a file name or a path, got None"),
        (lambda ax, d: tc.save_figure(ax.figure, "f", d, dpi=0), r"dpi 0 is out of range \(20..1200\)"),
        (lambda ax, d: tc.save_figure(ax.figure, "f", d, dpi=2), r"dpi 2 is out of range \(20..1200\)"),
        (lambda ax, d: tc.save_figure(ax.figure, "f", d, dpi=2**64), r"dpi 18446744073709551616 is out of range"),
        (lambda ax, d: tc.save_figure(ax.figure, "f", d, dpi=10**5000), r"dpi \(a ~5,001-digit integer\)"),
        (lambda ax, d: tc.show_figure(ax.figure, "An axes.", dpi=1), r"dpi 1 is out of range \(20..1200\)"),
        (lambda ax, d: _plot("export").png_bytes(ax.figure, dpi=5000), r"dpi 5000 is out of range \(20..1200\)"),
        (
            lambda ax, d: tc.save_figure(_big_figure(ax), "f", d, dpi=1200),
            r"dpi 1200 would make a raster of 48,000 x 48,000 pixels .*: lower dpi",
        ),
        (lambda ax, d: tc.save_figure(ax.figure, "f", d, dpi=150.0), "dpi must be an integer, got 150.0"),
        (lambda ax, d: tc.show_figure(None, "An axes."), "show_figure needs a matplotlib Figure as fig .*, got None"),
        (lambda ax, d: tc.show_figure(ax.figure, None), r"show_figure needs alt as a str \(what the figure shows\)"),
        (lambda ax, d: tc.show_figure(ax.figure, "  "), "alt is empty"),
        (lambda ax, d: _plot("export").png_bytes(ax), "png_bytes needs a matplotlib Figure as fig .*, got an Axes"),
        # boards
        (lambda ax, d: tc.draw_position(None, board(2)), r"draw_position needs a matplotlib Axes as ax .*, got None$"),
        (lambda ax, d: tc.draw_position(ax, "side2"), "draw_position needs a cell board"),
        (lambda ax, d: tc.draw_position(ax, board(2), 1 << 9), "bitmask 512 is out of range"),
        (lambda ax, d: tc.draw_position(ax, board(2), 0, [1, 2]), "draw_position needs move_values as a mapping"),
        (lambda ax, d: tc.draw_position(ax, board(2), 0, {1: 2.0}), "the move value of edge 1 must be an integer"),
        (lambda ax, d: tc.draw_position(ax, board(2), 0, {10: 2}), "edge 10 is not on the side-2 board"),
        (lambda ax, d: tc.draw_position(ax, board(2), owners=[0]), "draw_position needs owners as a mapping"),
        (lambda ax, d: tc.draw_position(ax, board(2), edge_numbers="yes"), "edge_numbers must be True or False"),
        (lambda ax, d: tc.draw_position(ax, board(2), value_limit=-1), r"value_limit -1 is out of range \(0..62\)"),
        (lambda ax, d: tc.draw_position(ax, board(2), value_limit=10**5000), "value_limit .* is out of range .0..62."),
        (lambda ax, d: tc.draw_position(ax, board(2), title=object()), "title must be a str or None, got an object"),
        (lambda ax, d: tc.draw_position(ax, board(2), title=10**5000), "title must be a str or None, got .a ~5,001"),
        (lambda ax, d: tc.position_figure(tc.solve(2), 0, title=object()), "title must be a str or None"),
        (lambda ax, d: tc.position_figure(tc.solve(2), 0, title=10**5000), "title must be a str or None"),
        (lambda ax, d: tc.show_position(tc.solve(2), title=3), "title must be a str or None, got 3"),
        (lambda ax, d: tc.DrawnPosition(board(2), 0, title=b"t"), "title must be a str or None, got b't'"),
        (lambda ax, d: _plot("boards").value_norm(10**5000), "value limit .* is out of range .0..62."),
        (lambda ax, d: _plot("boards").draw_edge_classes(ax, board(2), {}, title=1), "title must be a str or None"),
        (
            lambda ax, d: _plot("boards").add_value_colorbar(ax.figure, _mappable(), ax, label=None),
            "add_value_colorbar needs label as a str, got None",
        ),
        (lambda ax, d: _plot("boards").value_norm(2.5), "value limit must be an integer, got 2.5"),
        (
            lambda ax, d: _plot("boards").add_value_colorbar("fig", _mappable(), ax),
            "add_value_colorbar needs a matplotlib Figure or SubFigure",
        ),
        (lambda ax, d: _plot("boards").add_value_colorbar(ax.figure, None, ax), "add_value_colorbar needs mappable"),
        (
            lambda ax, d: _plot("boards").add_value_colorbar(ax.figure, _mappable(), [ax, "x"]),
            "add_value_colorbar needs a matplotlib Axes as axes .*, got 'x'",
        ),
        (
            lambda ax, d: _plot("boards").add_value_colorbar(ax.figure, _mappable(), ax, values=[1.5]),
            "a value of the colour bar must be an integer, got 1.5",
        ),
        (lambda ax, d: tc.position_figure("x"), "position_figure needs a solved cell board"),
        (lambda ax, d: tc.show_position(tc.solve(2), show_moves=1), "show_moves must be True or False, got 1"),
        (lambda ax, d: _plot("boards").position_svg("x"), "position_svg needs a DrawnPosition"),
        (lambda ax, d: tc.DrawnPosition("side2", 0), "DrawnPosition needs a cell board"),
        (lambda ax, d: tc.DrawnPosition(board(2), [10]), "edge 10 is not on the side-2 board"),
        (lambda ax, d: _plot("boards").cell_owners(board(2), 0, [1]), "cell_owners needs steps as the Step objects"),
        (lambda ax, d: _plot("boards").owner_handles("side3"), "owner_handles needs a cell board"),
        (lambda ax, d: tc.draw_principal_variation(tc.solve(2), columns=0), r"columns 0 is out of range \(1..64\)"),
        (lambda ax, d: tc.draw_principal_variation(tc.solve(2), columns=2**64), "columns 18446744073709551616 is out"),
        (
            lambda ax, d: tc.draw_principal_variation(tc.solve(2), panel_inches=None),
            "panel_inches must be a positive finite number at most 20.0, got None",
        ),
        (lambda ax, d: tc.draw_principal_variation(tc.solve(2), panel_inches="2"), "panel_inches must be a positive"),
        (
            lambda ax, d: tc.draw_principal_variation(tc.solve(2), panel_inches=__import__("decimal").Decimal(2)),
            "panel_inches must be a positive finite number at most 20.0, got a Decimal",
        ),
        (
            lambda ax, d: tc.draw_principal_variation(tc.solve(2), plies=np.array(2)),
            "draw_principal_variation needs plies as ",
        ),
        (lambda ax, d: tc.draw_position(ax, board(2), 7, owners={0: "C"}), "owner of cell 0 must be 'A', 'B' or None"),
        (lambda ax, d: tc.draw_position(ax, board(2), 7, owners={0: 1}), "owner of cell 0 must be 'A', 'B' or None"),
        (lambda ax, d: tc.draw_position(ax, board(2), 7, owners={9: "A"}), r"cell index 9 is out of range \(0..3\)"),
        (lambda ax, d: tc.draw_principal_variation(tc.solve(2), plies=[0]), r"ply 0 is out of range \(1..9\)"),
        (lambda ax, d: tc.draw_principal_variation(tc.solve(2), plies=3), "draw_principal_variation needs plies as "),
        (lambda ax, d: _plot("boards").draw_edge_classes(ax, board(2), {"a": [10]}), "edge 10 is not on"),
        # chains, graphs
        (lambda ax, d: _plot("chains").draw_components(ax, board(2), 0, owners=[1]), "draw_components needs owners as"),
        (lambda ax, d: _plot("chains").component_handles(None), "component_handles needs a cell board"),
        (lambda ax, d: _plot("chains").draw_components(ax, board(2), 0, title=[]), "title must be a str or None"),
        (
            lambda ax, d: _plot("graphs").draw_value_graph(ax, tc.state_graph(tc.solve(1)), value_limit=10**5000),
            "value_limit .* is out of range .0..62.",
        ),
        (
            lambda ax, d: _plot("graphs").draw_value_graph(ax, tc.state_graph(tc.solve(1)), title=2.5),
            "title must be a str or None, got 2.5",
        ),
        (
            lambda ax, d: _plot("graphs").draw_value_graph(ax, tc.state_graph(tc.solve(1)), label_size=10**5000),
            r"label_size must be a positive finite number at most 100.0",
        ),
        (
            lambda ax, d: _plot("graphs").layered_layout(__import__("networkx").Graph()),
            "layered_layout needs graph as a networkx DiGraph",
        ),
        (
            lambda ax, d: _plot("graphs").draw_value_graph(ax, __import__("networkx").DiGraph()),
            "draw_value_graph: the graph has no nodes",
        ),
        (
            lambda ax, d: _plot("graphs").draw_value_graph(ax, tc.state_graph(tc.solve(1)), labels="no"),
            "labels must be True or False",
        ),
        # peg, review, number
        (
            lambda ax, d: _plot("peg").draw_peg_position(ax, 5),
            r"draw_peg_position needs a peg board \(peg_board\(5\)\)",
        ),
        (lambda ax, d: _plot("peg").draw_peg_position(ax, tc.peg_board(5), [1] * 3), "a board has 15 holes"),
        (lambda ax, d: _plot("peg").draw_peg_position(ax, tc.peg_board(5), circled=[16]), "circled hole 16 is out of"),
        (lambda ax, d: _plot("peg").draw_peg_position(ax, tc.peg_board(5), jump=(1, 2, 4)), "needs jump as a Jump"),
        (lambda ax, d: _plot("peg").draw_peg_position(ax, tc.peg_board(5), title=5), "title must be a str or None"),
        (
            lambda ax, d: _plot("peg").draw_peg_position(ax, tc.peg_board(5), font_size=float("nan")),
            "font_size must be a positive finite number at most 100.0, got nan",
        ),
        (
            lambda ax, d: _plot("review").plot_shares(ax, _frame(), "edges_drawn", title=object()),
            "title must be a str or None",
        ),
        (
            lambda ax, d: _plot("review").plot_shares(ax, _frame(), "edges_drawn", width=10**5000),
            "width must be a positive finite number",
        ),
        (
            lambda ax, d: _plot("number").draw_number_game_graph(ax, __import__("networkx").DiGraph(), width=0),
            "width must be a positive finite number, got 0",
        ),
        (
            lambda ax, d: _plot("number").draw_positions_by_remaining(ax, [0], [1], [1], title=1),
            "title must be a str or None, got 1",
        ),
        (
            lambda ax, d: _plot("peg").draw_peg_principal_variation(tc.peg_board(5), [0] + [1] * 14, [None]),
            "draw_peg_principal_variation needs steps as the Step objects",
        ),
        (lambda ax, d: _plot("review").plot_value_history("x"), "plot_value_history needs a GameReview"),
        (
            lambda ax, d: _plot("review").plot_shares(ax, _frame(), "y"),
            "plot_shares: x 'y' is not a column of the table",
        ),
        (
            lambda ax, d: _plot("review").plot_shares(ax, {"k": [1]}, "k"),
            "plot_shares needs table as a pandas DataFrame",
        ),
        (
            lambda ax, d: _plot("number").draw_number_strip(ax, [("s", 1 << 19, None)]),
            "position 524288 is out of range",
        ),
        (lambda ax, d: _plot("number").draw_number_strip(ax, [], per_line=0), r"per_line 0 is out of range \(1..19\)"),
        (lambda ax, d: _plot("number").draw_number_strip(ax, None), "rows must be a list of .label, position, chosen."),
        (lambda ax, d: _plot("number").draw_number_strip(ax, [("s", 1)]), "each row must be .label, position, chosen."),
        (lambda ax, d: _plot("number").draw_number_strip(ax, [None]), "each row must be .label, position, chosen."),
        (lambda ax, d: _plot("number").draw_number_strip(ax, [(1, 1, None)]), "a row's label must be a str"),
        (lambda ax, d: _plot("number").draw_number_strip(ax, [("s", 1, 21)]), "chosen number 21 is out of range"),
        (
            lambda ax, d: _plot("number").draw_positions_by_remaining(ax, None, [1], [1]),
            "remaining must be an ordered list of integers, got None",
        ),
        (
            lambda ax, d: _plot("number").draw_positions_by_remaining(ax, {0, 1}, [1, 1], [1, 1]),
            "remaining must be an ordered list of integers, got ",
        ),
        (
            lambda ax, d: _plot("number").draw_positions_by_remaining(ax, [0], ["1"], [1]),
            "a count of N-positions must be an integer, got '1'",
        ),
        (
            lambda ax, d: _plot("number").draw_positions_by_remaining(ax, [0], [1], [-1]),
            "a count of P-positions -1 is out of range",
        ),
        (
            lambda ax, d: _plot("number").draw_positions_by_remaining(ax, [], [], []),
            "and at least one row, got 0, 0, 0",
        ),
        (lambda ax, d: _plot("number").draw_number_game_graph(ax, None), "draw_number_game_graph needs graph as a "),
        (
            lambda ax, d: _plot("number").draw_positions_by_remaining(ax, [0, 1], [1], [1, 2]),
            "must have one entry each per row, and at least one row, got 2, 1, 2",
        ),
        # charts, palette
        (
            lambda ax, d: _plot("charts").outcome_bars(ax, "x"),
            "outcome_bars needs outcomes as a pandas DataFrame, got 'x'",
        ),
        (lambda ax, d: _plot("charts").outcome_bars(ax, _frame(), shares=None), "shares must be True or False"),
        (lambda ax, d: _plot("charts").outcome_legend(None), "outcome_legend needs a matplotlib Figure or SubFigure"),
        (
            lambda ax, d: _plot("charts").value_heatmap(ax, _frame(), value_limit=1.5, n_edges=1),
            "value_limit must be an integer, got 1.5",
        ),
        (
            lambda ax, d: _plot("charts").value_heatmap(ax, _frame(), value_limit=10**5000, n_edges=1),
            "value_limit .* is out of range .0..62.",
        ),
        (
            lambda ax, d: _plot("charts").value_heatmap(ax, _frame(), value_limit=1, n_edges=10**9),
            r"n_edges 1000000000 is out of range \(0..62\)",
        ),
        (
            lambda ax, d: _plot("charts").outcome_bars(ax, _frame(), title=object()),
            "title must be a str or None, got an object",
        ),
        (
            lambda ax, d: _plot("charts").outcome_bars(ax, _frame(), tick_fontsize=10**5000),
            "tick_fontsize must be a positive finite number at most 100.0",
        ),
        (
            lambda ax, d: _plot("charts").lines_by_edges_drawn(ax, _frame(), {"c": "c"}, ylabel="y", ystep=10**5000),
            "ystep must be a positive finite number",
        ),
        (
            lambda ax, d: _plot("charts").bars_by_edges_drawn(ax, _frame(), "c", ylabel=3),
            "ylabel must be a str or None, got 3",
        ),
        (
            lambda ax, d: _plot("charts").edge_heatmap(ax, _frame(), "c", row_labels=[1]),
            "needs row_labels as a mapping",
        ),
        (
            lambda ax, d: _plot("charts").lines_by_edges_drawn(ax, _frame(), ["c"], ylabel="y"),
            "needs columns as a mapping",
        ),
        (
            lambda ax, d: _plot("charts").exact_and_sampled_by_edges_drawn(
                ax, None, _frame(), "c", low="l", high="h", ylabel="y"
            ),
            "needs sampled as a mapping .*, got a DataFrame",
        ),
        (
            lambda ax, d: _plot("charts").bars_by_edges_drawn(ax, _frame(), "c", ylabel="y", labels="no"),
            "labels must be True or False",
        ),
        (
            lambda ax, d: _plot("charts").boards_by_fraction_drawn(ax, {"a": _frame()}, "c", ylabel="y"),
            r"needs tables as a mapping of label to a \(DataFrame, number of edges\) pair, got a DataFrame",
        ),
        (
            lambda ax, d: _plot("charts").boards_by_fraction_drawn(ax, {"a": (_frame(), 0)}, "c", ylabel="y"),
            "number of edges 0 is out of range",
        ),
        # Fifth adversarial pass C2 to C5, and arguments of the same kind (limits, ticks, holes, bounds)
        *[
            (
                lambda ax, d, limits=limits: _plot("review").plot_value_history(_review(), ax, xlim=limits),
                r"xlim must be a pair of different numbers \(low, high\) in -200..200 or None, got ",
            )
            for limits in (5, "ab", (0, 10**400), (0, float("nan")), (1, 1), (True, 2), (0, 1e9), [1, 2, 3])
        ],
        (
            lambda ax, d: _plot("review").plot_value_history(_review(), ax, ylim=np.array(2)),
            "ylim must be a pair of different numbers .* got an ndarray",
        ),
        (lambda ax, d: _plot("peg").draw_peg_position(ax, tc.peg_board(5), circled=3), "circled must be a list of"),
        (lambda ax, d: _plot("peg").draw_peg_position(ax, tc.peg_board(5), circled="12"), "circled must be a list"),
        (
            lambda ax, d: _plot("peg").draw_peg_principal_variation(tc.peg_board(5), [0] + [1] * 14, [], columns=2**64),
            r"columns .* is out of range \(1..64\)",
        ),
        (
            lambda ax, d: _plot("peg").draw_peg_principal_variation(tc.peg_board(5), [0] + [1] * 14, [], panel_size=3),
            r"panel_size must be a pair \(width, height\) of inches, got 3",
        ),
        (
            lambda ax, d: _plot("peg").draw_peg_principal_variation(
                tc.peg_board(5), [0] + [1] * 14, [], panel_size=(2, 1e6)
            ),
            "panel_size: side must be a positive finite number at most 20",
        ),
        *[
            (
                lambda ax, d, ticks=ticks: _plot("charts").value_heatmap(
                    ax, _frame(), value_limit=4, n_edges=1, xticks=ticks
                ),
                said,
            )
            for ticks, said in (
                (5, "xticks must be a list of integers or None, got 5"),
                (["a"], "xtick must be an integer, got 'a'"),
                ([0, 10**400], r"xtick .* is out of range \(-4..4\)"),
            )
        ],
        (
            lambda ax, d: _plot("charts").outcome_bars(ax, _frame(), tick_step=2**64),
            r"tick_step 18446744073709551616 is out of range \(1..62\)",
        ),
        (lambda ax, d: _plot("charts").outcome_legend(ax.figure, ncol=2**64), r"ncol .* is out of range \(1..3\)"),
        (lambda ax, d: _plot("charts").outcome_legend(ax.figure, ncol=np.array(0)), r"ncol 0 is out of range"),
        (
            lambda ax, d: _plot("charts").lines_by_edges_drawn(ax, _frame(), {"c": "c"}, ylabel="y", ystep=1e-300),
            r"ystep 1e-300 would place .* ticks over values spanning 0.25 \(at most 1,000\)",
        ),
        (
            lambda ax, d: _plot("charts").exact_and_sampled_by_edges_drawn(
                ax, None, {"s": _frame()}, "c", low="l", high="h", ylabel="y", ystep=1e-9
            ),
            "ystep 1e-09 would place",
        ),
        (
            lambda ax, d: _plot("charts").boards_by_fraction_drawn(
                ax, {"a": (_frame(), 1)}, "c", ylabel="y", sampled="a"
            ),
            "boards_by_fraction_drawn needs sampled as a set of board labels, got 'a'",
        ),
        (
            lambda ax, d: _plot("charts").boards_by_fraction_drawn(
                ax, {"a": (_frame(), 1)}, "c", ylabel="y", sampled={"a"}, band=("l",)
            ),
            "boards_by_fraction_drawn needs band as a .low, high. pair of column names or None",
        ),
        (
            lambda ax, d: _plot("charts").boards_by_fraction_drawn(ax, {"a": (_frame(), 2**64)}, "c", ylabel="y"),
            r"number of edges .* is out of range \(1..62\)",
        ),
        (
            lambda ax, d: _plot("boards").draw_edge_classes(ax, board(2), {"a": 3}),
            "draw_edge_classes needs the edges of class 'a' as a list, got 3",
        ),
        (
            lambda ax, d: _plot("boards").add_value_colorbar(ax.figure, _mappable(), ax, values=[-(10**9), 10**9]),
            r"a value of the colour bar -1000000000 is out of range \(-62..62\)",
        ),
        (
            lambda ax, d: _plot("boards").add_value_colorbar(ax.figure, _mappable(), ax, values=3),
            "values must be a list",
        ),
        (lambda ax, d: _plot("palette").board_colour(3), "board_colour needs key as a board key"),
    ],
    ids=lambda value: None if callable(value) else value[:40],
)
def test_plot_entry_points_check_their_arguments_first(ax, tmp_path, call, message):
    """Issue 20: a wrong argument of a drawing is one line naming it, and nothing is drawn or written."""
    folder = tmp_path / "figures"
    with pytest.raises(ValueError, match=message) as raised:
        call(ax, folder)
    assert "\n" not in str(raised.value)
    assert not ax.has_data() and not ax.texts and not ax.figure.legends
    assert not folder.exists()


@pytest.mark.parametrize(
    "value",
    [np.eye(3, dtype=np.int8), [np.eye(2)], {"table": np.zeros((2, 2))}],
    ids=["2-d array", "list of arrays", "dict of arrays"],
)
def test_a_value_whose_repr_spans_lines_is_quoted_on_one_line(value):
    """The refusal quotes the argument; a multi-line repr (an array, a DataFrame) must not break the one line."""
    with pytest.raises(ValueError) as raised:
        tc.solve(3).value(value)
    assert "\n" not in str(raised.value)


# Adversarial pass 4: moves that are not a sequence, folders that are files, judge dialect names


@pytest.mark.parametrize(
    "moves",
    [np.array(6), 5, "123", np.int64(3), {9, 1, 5}, frozenset({1}), {1: 2}],
    ids=["0-d array", "int", "str", "np.int64", "set", "frozenset", "dict"],
)
def test_replay_refuses_moves_that_are_not_a_sequence(moves):
    """A set has no playing order (fifth pass A1: {9, 1, 5} was played as 9, 5, 1)."""
    for replay in (lambda: tc.replay(tc.TriangleGame(2), moves), lambda: tc.solve(2).replay(moves)):
        with pytest.raises(ValueError, match="the moves must be a sequence of moves, in playing order, got ") as raised:
            replay()
        assert "\n" not in str(raised.value)
    with pytest.raises(ValueError, match="moves must be a list of edge numbers, in playing order"):
        tc.GameRecord.from_moves(2, moves)


def test_a_line_of_moves_may_be_any_ordered_iterable():
    for moves in ([9, 1, 5], (9, 1, 5), iter([9, 1, 5]), np.array([9, 1, 5]), range(9, 0, -4)):
        played = [step.move for step in tc.solve(2).replay(moves)]
        assert played == ([9, 5, 1] if isinstance(moves, range) else [9, 1, 5])


@pytest.mark.parametrize("save", ["figure", "table"])
@pytest.mark.parametrize("below", [False, True], ids=["the folder", "a folder above it"])
def test_saving_into_a_folder_that_is_a_file_is_refused(tmp_path, save, below):
    """U2: a file where the folder should be is a ValueError saying so, and nothing is written."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import pandas as pd

    afile = tmp_path / "afile"
    afile.write_text("keep")
    folder = afile / "sub" if below else afile
    said = "a folder above it is a file" if below else "exists but is not a folder"
    fig, _ = plt.subplots(figsize=(1, 1))
    try:
        with pytest.raises(ValueError, match=f"^directory '.*afile(/sub)?'(:)? {said}$"):
            if save == "figure":
                tc.save_figure(fig, "p", folder)
            else:
                tc.save_table(pd.DataFrame({"a": [1]}), "t", folder)
    finally:
        plt.close(fig)
    assert afile.read_text() == "keep" and sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


@pytest.mark.parametrize("name", ["nope", "GYM", "Gym ", ["gym"], None, 3])
def test_an_unknown_dialect_is_a_value_error_listing_the_dialects(name):
    from triangles_core import judge

    listing = "the dialects are gym, peg, poj1143, triangle-war, uestc, zoj1039$"
    for call in (lambda: judge.dialect_function(name), lambda: list(judge.run_dialect(name, "1\n"))):
        with pytest.raises(ValueError, match=f"^unknown dialect .*: {listing}"):
            call()


# Fifth adversarial pass: what is rendered is bounded, and the documented options work


@pytest.mark.parametrize("save", ["save_figure", "png_bytes", "show_figure"])
def test_an_artist_far_outside_the_figure_is_refused_before_rendering(tmp_path, save):
    """C1: bbox_inches="tight" grows to include the artist; that area, not the figure, is what is rendered."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(2, 1))
    ax.text(300, 300, "far", transform=ax.transAxes)
    calls = {
        "save_figure": lambda: tc.save_figure(fig, "far", tmp_path / "figures"),
        "png_bytes": lambda: _plot("export").png_bytes(fig),
        "show_figure": lambda: tc.show_figure(fig, "A far text."),
    }
    with pytest.raises(
        ValueError, match=r"would make a raster of .* pixels for the area drawn .bbox_inches='tight'."
    ) as raised:
        calls[save]()
    assert "\n" not in str(raised.value)
    assert not (tmp_path / "figures").exists() and plt.fignum_exists(fig.number)
    ax.texts[0].set_position((0.5, 0.5))  # back inside: saved
    assert [path.name for path in tc.save_figure(fig, "near", tmp_path)] == ["near.png", "near.svg"]
    plt.close(fig)


def test_the_optional_drawing_arguments_take_their_documented_forms(ax):
    """C3 and C5: circled=None circles nothing; a 0-d array is an integer; limits may be a list or an array."""
    _plot("peg").draw_peg_position(ax, tc.peg_board(5), circled=None)
    _plot("peg").draw_peg_position(ax, tc.peg_board(5), circled={2, 3})
    _plot("charts").outcome_bars(ax, tc.outcomes_by_edges_drawn(tc.solve(2)), tick_step=np.array(2))
    assert [int(t) for t in ax.get_xticks()] == [0, 2, 4, 6, 8]
    review_ax = _plot("review").plot_value_history(_review(), xlim=[-0.5, 4.5], ylim=np.array([-5.0, 5.0]))
    assert review_ax.get_xlim() == (-0.5, 4.5) and review_ax.get_ylim() == (-5.0, 5.0)
    review_ax.figure.clf()


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: move_classes(board(3), -1), "bitmask -1 is out of range for the side-3 board"),
        (lambda: move_classes(board(3), 2**20), "bitmask 1048576 is out of range for the side-3 board"),
        (lambda: cycle_lengths((1, 1, 2)), "a permutation of the edges 1..n is needed"),
        (lambda: cycle_lengths((5,)), "a permutation of the edges 1..n is needed"),
    ],
    ids=["move-classes-negative", "move-classes-huge", "cycle-repeat", "cycle-out-of-range"],
)
def test_the_symmetry_helpers_check_their_arguments(call, message):
    """Sixth pass C4: move_classes(b, -1) returned {} and cycle_lengths took what is not a permutation."""
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize(
    "chart",
    [
        lambda ax, t: pc.bars_by_edges_drawn(ax, t, "nope", ylabel="y"),
        lambda ax, t: pc.edge_heatmap(ax, t, "nope"),
        lambda ax, t: pc.lines_by_edges_drawn(ax, t, {"nope": "a"}, ylabel="y"),
        lambda ax, t: pc.lines_by_edges_drawn(ax, t, {("un", "hashable"): "a"}, ylabel="y"),
    ],
    ids=["bars", "heatmap", "lines", "lines-tuple"],
)
def test_a_chart_of_a_column_the_table_lacks_is_one_line(chart):
    """Sixth pass C1: a wrong column name was pandas' KeyError from inside the chart."""
    import matplotlib.pyplot as plt
    import pandas as pd

    fig, ax = plt.subplots()
    try:
        with pytest.raises(ValueError, match=r"has no column .*\(its columns: edges_drawn, edge, value\)$"):
            chart(ax, pd.DataFrame({"edges_drawn": [0, 1], "edge": [1, 2], "value": [0.5, 0.25]}))
    finally:
        plt.close(fig)


@pytest.mark.parametrize(
    "call", [lambda: tc.GameRecord.from_moves(2, {1, 2}), lambda: tc.GameRecord.from_moves(2, [], 1 << 20)]
)
def test_a_record_argument_as_a_whole_is_not_given_a_line(call):
    """A library call has no record line: the message is not prefixed "line 0"."""
    with pytest.raises(RecordError) as raised:
        call()
    assert raised.value.line == 0 and not str(raised.value).startswith("line")
