"""A search split into work units (`triangles_core.engine.units`) equals the value tables, and resumes."""

from __future__ import annotations

import json

import numpy as np
import pytest

from triangles_core import solve, solve_boxes
from triangles_core.engine.units import InlineExecutor, frontier, local_executor, needed_units, solve_units, tree_bounds
from triangles_core.games.boxes import boxes_board
from triangles_core.games.triangles import board

SMALL = 1 << 20  # table bytes of each worker's search


def check_against_table(b, table, tmp_path, executor, depth, first_moves=True, max_memory=SMALL, **more):
    options = dict(depth=depth, executor=executor, first_moves=first_moves, max_memory=max_memory, **more)
    run = solve_units(b, tmp_path / "run", **options)
    assert run.value == table.value([])
    bounds = run.bounds
    for e in b.free_edges(0) if first_moves else ():  # every first move's value, exact
        assert bounds[e] == (table.move_value([], e),) * 2
    return run


CASES = [
    pytest.param(lambda: board(2), lambda: solve(2), id="side2"),
    pytest.param(lambda: board(3), lambda: solve(3), id="side3"),
    pytest.param(lambda: boxes_board(2, 2), lambda: solve_boxes(2, 2), id="boxes2x2"),
    pytest.param(lambda: boxes_board(2, 3), lambda: solve_boxes(2, 3), id="boxes2x3"),
]


@pytest.mark.parametrize("make_board, make_table", CASES)
@pytest.mark.parametrize("depth", [1, 3])
def test_units_equal_the_table_in_process(make_board, make_table, depth, tmp_path):
    check_against_table(make_board(), make_table(), tmp_path, InlineExecutor(), depth)


@pytest.mark.parametrize("first_moves", [False, True])
def test_only_the_needed_units_are_solved(first_moves, tmp_path):
    b = boxes_board(2, 3)
    run = check_against_table(b, solve_boxes(2, 3), tmp_path, InlineExecutor(), 3, first_moves, recheck=0)
    assert (run.computed, len(run.units)) == (66, 183)  # the others cannot change a value asked for (notebook 10)


@pytest.mark.parametrize("first_moves", [False, True])
def test_needed_units_run_out_only_when_the_bounds_are_exact(first_moves):
    b, table = board(3), solve(3)
    units = frontier(b, 0, 2)
    rng = np.random.default_rng(7)
    for _ in range(40):
        known = {p: int(table.values[p]) for p in units if rng.random() < rng.random()}
        needed = needed_units(b, 0, 2, known, first_moves)
        assert needed <= set(units) - set(known)
        bounds = tree_bounds(b, 0, 2, known)
        exact = all(lo == hi for e, (lo, hi) in bounds.items() if first_moves or e == 0)
        assert exact == (not needed)
        truth = tree_bounds(b, 0, 2, {p: int(table.values[p]) for p in units})
        assert all(lo <= truth[e][0] <= hi for e, (lo, hi) in bounds.items())


def test_units_equal_the_table_on_two_processes(tmp_path):
    with local_executor(2) as pool:
        check_against_table(boxes_board(2, 3), solve_boxes(2, 3), tmp_path, pool, 2)


def test_a_stopped_run_resumes_without_recomputing(tmp_path):
    b, folder = boxes_board(2, 3), tmp_path / "run"
    first = solve_units(b, folder, depth=2, max_units=5, max_memory=SMALL)
    assert first.computed == 5 and first.value is None
    lower, upper = first.bounds[0]
    assert lower <= solve_boxes(2, 3).value([]) <= upper
    with (folder / "units.jsonl").open("a") as log:  # a line cut off in mid-write by a crash
        log.write('{"position": 12, "val')
    second = solve_units(b, folder, depth=2, first_moves=True, max_memory=SMALL)
    assert second.value == solve_boxes(2, 3).value([])
    assert second.computed == len(second.units) - 5
    lines = (folder / "units.jsonl").read_text().splitlines()
    positions = [json.loads(line)["position"] for line in lines]
    assert sorted(positions) == sorted(second.units)  # each unit computed once
    assert solve_units(b, folder, depth=2, first_moves=True).computed == 0


def test_the_run_ends_when_the_value_is_proved(tmp_path):
    # 3x3 boxes two edges deep: the root's value is proved before every first move's
    run = solve_units(boxes_board(3, 3), tmp_path, depth=2, max_memory=1 << 24)
    assert run.value == -3 and len(run.done) < len(run.units)  # -3: the 3x3 table (data/search)


@pytest.mark.parametrize("root, depth", [(-1, 1), (1 << 12, 1), (True, 1), (0, -1), (0, 13)])
def test_a_root_or_depth_out_of_range_is_refused(tmp_path, root, depth):
    with pytest.raises(ValueError):
        solve_units(boxes_board(2, 2), tmp_path, root=root, depth=depth, max_memory=SMALL)


@pytest.mark.parametrize("value", ["99", "0.5", "true", '"2"', "null", "1"])
def test_a_record_that_cannot_be_a_units_value_is_refused(tmp_path, value):
    """A unit's value is an integer of the parity of its cells left, at most their number (1 is odd: 4 are left)."""
    solve_units(boxes_board(2, 2), tmp_path, max_memory=SMALL)
    log = tmp_path / "units.jsonl"
    first, *rest = log.read_text().splitlines()
    record = json.loads(first)
    log.write_text("\n".join([first.replace(f'"value": {record["value"]}', f'"value": {value}'), *rest]) + "\n")
    with pytest.raises(ValueError, match="line 1 is not a unit of this run"):
        solve_units(boxes_board(2, 2), tmp_path, max_memory=SMALL)


@pytest.mark.parametrize(
    "line, message",
    [("", "line 2 is not a unit"), ("\0\0\xff", "line 2 is not a unit"), (None, "line 2 gives unit")],
)
def test_a_line_that_is_not_a_record_or_contradicts_one_is_refused_by_its_number(tmp_path, line, message):
    solve_units(boxes_board(2, 2), tmp_path, max_memory=SMALL)
    log = tmp_path / "units.jsonl"
    first, *rest = log.read_text().splitlines()
    if line is None:  # the first unit again, with another value of the right parity
        record = json.loads(first)
        line = json.dumps({**record, "value": record["value"] - 2 if record["value"] > -4 else record["value"] + 2})
    log.write_text("\n".join([first, line, *rest]) + "\n", encoding="latin-1")
    with pytest.raises(ValueError, match=message):
        solve_units(boxes_board(2, 2), tmp_path, max_memory=SMALL)


def test_a_folder_of_another_run_is_refused(tmp_path):
    solve_units(board(2), tmp_path, max_memory=SMALL)
    with pytest.raises(ValueError, match="holds another run"):
        solve_units(board(2), tmp_path, depth=2, max_memory=SMALL)


@pytest.mark.slow  # a local cluster starts processes (about 15 s)
def test_dask_cluster_of_two_workers(tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster:
        with distributed.Client(cluster) as client:
            check_against_table(boxes_board(2, 3), solve_boxes(2, 3), tmp_path, client.get_executor(), 2)


@pytest.mark.slow
@pytest.mark.side4
@pytest.mark.parametrize("executor", ["local", "dask"])
@pytest.mark.parametrize(
    "make_board, make_table, first_moves",
    [
        pytest.param(lambda: boxes_board(3, 3), lambda: solve_boxes(3, 3), True, id="boxes3x3"),
        pytest.param(lambda: board(4), lambda: solve(4), True, id="side4"),
        pytest.param(lambda: boxes_board(3, 4), lambda: solve_boxes(3, 4), False, id="boxes3x4-value"),
    ],
)
def test_units_equal_the_big_tables(make_board, make_table, first_moves, executor, tmp_path):
    """Units equal the tables on 3x3, side 4 (every first move) and 3x4 (the value), by both executors."""
    args = (make_board(), make_table(), tmp_path)
    if executor == "local":
        with local_executor(2) as pool:
            check_against_table(*args, pool, 2, first_moves, max_memory=1 << 26)
        return
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster:
        with distributed.Client(cluster) as client:
            check_against_table(*args, client.get_executor(), 2, first_moves, max_memory=1 << 26)


def test_the_command_resumes_a_run(tmp_path, monkeypatch):
    import importlib
    import sys
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "scripts"))
    script = importlib.import_module("solve_search")
    command = ["empty", "boxes2x3", "--resume", str(tmp_path), "--depth", "2", "--max-memory", str(SMALL)]
    assert script.main([*command, "--first-moves"]) == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert (summary["value"], summary["units_done"], summary["status"]) == (-2, 41, "solved")
    assert script.main(command) == 0  # nothing left to do
    assert json.loads((tmp_path / "summary.json").read_text())["units_done_this_session"] == 0
    sys.modules.pop("solve_search")


def test_units_come_first_move_by_first_move():
    """The units below the first move with the fewest units come first, so its value is proved first."""
    b = boxes_board(2, 3)
    units = frontier(b, 0, 3)
    assert len(units) == len(set(units)) == len({b.canonical(p) for p in units})
    below = min((frontier(b, 1 << (e - 1), 2) for e in b.free_edges(0)), key=len)
    assert len(below) < len(units) and set(units[: len(below)]) == set(below)
