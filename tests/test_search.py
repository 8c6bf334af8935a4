"""The search solver (`triangles_core.engine.search`) against the value tables.

Exhaustive on the small boards (every position), sampled on side 4 and 3x4 boxes (slow,
each table loaded once), and the contract, options, interruption and argument checks.
The value tables come from the retrograde kernel (`solve_table`), an independent
algorithm (a full backward sweep sharing only the move rule with the search).
"""

from __future__ import annotations

import _thread
import signal
import threading

import numpy as np
import pytest

from triangles_core.engine.retrograde import solve_table
from triangles_core.engine.search import (
    SearchInterrupted,
    SearchSolution,
    _symmetry_tables,
    interchangeable_groups,
    solve_search,
)
from triangles_core.engine.search_kernel import canonical_keys, subgame_value
from triangles_core.games.boxes import boxes_board
from triangles_core.games.triangles import board

SMALL = {
    "side1": board(1),
    "side2": board(2),
    "side3": board(3),
    "boxes1x1": boxes_board(1, 1),
    "boxes1x2": boxes_board(1, 2),
    "boxes1x3": boxes_board(1, 3),
    "boxes2x2": boxes_board(2, 2),
    "boxes2x3": boxes_board(2, 3),
}


@pytest.fixture(scope="module")
def tables():
    return {key: solve_table(b) for key, b in SMALL.items()}


NO_RULES = dict(
    safe_captures=False, double_dealing=False, long_chains=False, loony_bound=False, interchangeable_edges=False
)


@pytest.mark.parametrize("key", sorted(SMALL))
@pytest.mark.parametrize(
    "max_memory, oracle_edges, move_order, options",
    [
        (1 << 16, 0, "edge", NO_RULES),
        (1 << 16, 0, "edge", dict(NO_RULES, loony_bound=True)),
        (1 << 22, 8, "centre", NO_RULES),
        (1 << 20, 6, "centre", {}),
        (1 << 16, 0, "edge", {}),
        (1 << 20, 0, "centre", dict(long_chains=False, interchangeable_edges=False)),
    ],
)
def test_every_position_of_the_small_boards(tables, key, max_memory, oracle_edges, move_order, options):
    b = SMALL[key]
    solution = SearchSolution(b, max_memory=max_memory, oracle_edges=oracle_edges, move_order=move_order, **options)
    values = solution.values_of(np.arange(1 << b.n_edges))
    np.testing.assert_array_equal(values, tables[key])


@pytest.mark.parametrize("key", [*sorted(SMALL), "boxes3x3"])
def test_keys_with_interchangeable_edges_keep_the_value(tables, key):
    """Every position has the value of its transposition-table key (the smallest image under the
    board's symmetries, normalised on the outer edges of corner cells), on every position."""
    b = SMALL.get(key) or boxes_board(3, 3)
    values = tables[key] if key in tables else solve_table(b)
    symtab, _, _ = _symmetry_tables(b)
    groups = interchangeable_groups(b)
    positions = np.arange(1 << b.n_edges, dtype=np.int64)
    keys = canonical_keys(positions, symtab, groups)
    np.testing.assert_array_equal(values[keys], values)
    assert len(np.unique(keys)) < len(np.unique(canonical_keys(positions, symtab, groups[:0]))) or key == "side1"


@pytest.mark.parametrize("key", sorted(SMALL))
def test_free_capture_rule_on_every_position(tables, key):
    """The pruning rule: an edge that completes every cell it lies in is taken at once.

    ``value(p) == claims(e) + value(p + e)`` wherever ``e`` is such an edge, read from
    the tables on every position of the board.
    """
    b = SMALL[key]
    values = tables[key].astype(np.int64)
    positions = np.arange(1 << b.n_edges, dtype=np.int64)
    checked = 0
    for e in range(b.n_edges):
        claims = np.zeros_like(positions)
        for k in b.edge_cells[e]:
            others = b.cell_masks[k] & ~(1 << e)
            claims += (positions & others) == others
        free = (positions >> e & 1) == 0
        rule = free & (claims == len(b.edge_cells[e])) & (claims > 0)
        p = positions[rule]
        np.testing.assert_array_equal(values[p], claims[rule] + values[p | 1 << e])
        checked += p.size
    assert checked > 0


@pytest.mark.parametrize("key", sorted(SMALL))
def test_safe_capture_rule_on_every_position(tables, key):
    """Rule A (``safe_captures``): a capture that leaves its other cell with two or more free
    edges can be taken at once, ``value(p) == 1 + value(p + e)``, at every position of the board
    where it applies; written here again in numpy, apart from the compiled rule that
    ``tests/test_capture_rules.py`` checks (checked, not proved: see `SearchSolution`)."""
    b = SMALL[key]
    values = tables[key].astype(np.int64)
    positions = np.arange(1 << b.n_edges, dtype=np.int64)
    checked = 0
    for e in range(b.n_edges):
        cells = b.edge_cells[e]
        if len(cells) != 2:
            continue
        others = [b.cell_masks[k] & ~(1 << e) for k in cells]
        free = (positions >> e & 1) == 0
        for done, other in ((others[0], others[1]), (others[1], others[0])):
            complete = (positions & done) == done
            open_after = np.zeros_like(positions)
            for bit in range(b.n_edges):
                if other >> bit & 1:
                    open_after += (positions >> bit & 1) == 0
            rule = free & complete & ((positions & other) != other) & (open_after >= 2)
            p = positions[rule]
            np.testing.assert_array_equal(values[p], 1 + values[p | 1 << e])
            checked += p.size
    assert checked > 0 or key.startswith("boxes1x1") or key == "side1"


@pytest.mark.parametrize("key", ["side2", "boxes2x2", "side3"])
def test_endgame_oracle_on_every_position_with_few_free_edges(tables, key):
    b = SMALL[key]
    first, second = (np.array(m, dtype=np.int64) for m in b.other_edge_masks)
    scratch = np.zeros(1 << 12, dtype=np.int8)
    work = [np.zeros(64, dtype=np.int64) for _ in range(3)]
    positions = [p for p in range(1 << b.n_edges) if b.n_edges - int(p).bit_count() <= 12]
    rng = np.random.default_rng(21)
    for p in rng.choice(positions, size=min(len(positions), 3000), replace=False):
        assert subgame_value(np.int64(p), b.n_edges, first, second, scratch, *work) == tables[key][p]


def test_a_solved_position_has_equal_bounds(tables):
    """The search's own query (the rest of the contract: tests/test_contract.py, "search triangles side 3")."""
    s = solve_search(SMALL["side3"], [], max_memory=1 << 20)
    assert s.bounds([]) == (s.value([]), s.value([])) == (tables["side3"][0], -3)


def test_two_threads_give_the_same_values(tables):
    s = SearchSolution(SMALL["boxes2x3"], max_memory=1 << 20, threads=2)
    rng = np.random.default_rng(3)
    for p in rng.integers(0, 1 << 17, size=60):
        assert s.value(int(p)) == tables["boxes2x3"][p]
    assert s.value([]) == tables["boxes2x3"][0]


@pytest.mark.parametrize("threads", [1, 2])
def test_a_table_that_grows_keeps_the_values(tables, monkeypatch, threads):
    """Searches that start on a table of 4 buckets and grow it (moving its entries) as it fills."""
    from triangles_core.engine import search

    monkeypatch.setattr(search, "FIRST_TABLE_BITS", 2)
    s = SearchSolution(SMALL["boxes2x3"], max_memory=1 << 20, threads=threads)
    assert s.table_bytes == 4 * 32
    rng = np.random.default_rng(5)
    for p in [0, *rng.integers(0, 1 << 17, size=40)]:
        assert s.value(int(p)) == tables["boxes2x3"][p]
    assert 4 * 32 < s.table_bytes <= 1 << 20
    big = SearchSolution(boxes_board(3, 3), threads=threads)
    assert big.value([]) == -3  # as the 3x3 value table says (data/search/boxes3x3_table.json)


def test_first_move_values_one_per_class(tables):
    s = SearchSolution(SMALL["side3"], max_memory=1 << 20)
    values = s.first_move_values()
    assert sorted(values) == [1, 3, 4, 5]
    assert max(values.values()) == -3


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_returns_bounds_and_the_solution_resumes(threads):
    SearchSolution(boxes_board(2, 2), max_memory=1 << 20).value([])  # compile first: Ctrl-C during set-up is plain
    s = SearchSolution(boxes_board(4, 4), max_memory=1 << 20, threads=threads)
    # A process started in the background (CI, `cmd &`) inherits SIGINT ignored, and then
    # `interrupt_main` does nothing: give the test Python's own Ctrl-C handler.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(1.0, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(SearchInterrupted) as caught:
            s.value([])
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    error = caught.value
    assert -16 <= error.lower <= error.upper <= 16 and error.nodes > 0
    assert s.bounds([])[0] >= -16
    assert repr(s).endswith("0 positions solved>")


@pytest.mark.parametrize(
    "bad, message",
    [
        (dict(max_memory=10), "max_memory 10 is out of range"),
        (dict(threads=3), "threads 3 is out of range"),
        (dict(oracle_edges=21), "oracle_edges 21 is out of range"),
        (dict(max_memory=2.0), "max_memory must be an integer"),
        (dict(move_order="random"), "move_order must be one of centre, edge"),
    ],
)
def test_bad_options_are_refused(bad, message):
    with pytest.raises(ValueError, match=message):
        SearchSolution(board(2), **bad)


def test_bad_board_and_positions_are_refused():
    s = SearchSolution(board(2), max_memory=1 << 16)
    with pytest.raises(ValueError, match="out of range"):
        s.value(1 << 9)
    with pytest.raises(ValueError, match="out of range"):
        s.values_of([1 << 9])
    with pytest.raises(ValueError, match="already drawn"):
        s.move_value([1], 1)


@pytest.mark.slow
@pytest.mark.parametrize("which", ["side4", "boxes3x4"])
def test_random_positions_of_side_4_and_3x4_boxes(which):
    """One random position at every number of edges drawn down to 8 (side 4: down to the
    empty board), by both configurations, against the value table (loaded once); the empty
    3x4 board by the default search."""
    from triangles_core import solve, solve_boxes

    table = solve(4) if which == "side4" else solve_boxes(3, 4)
    b = table.board
    s = SearchSolution(b, max_memory=1 << 28)
    checked = SearchSolution(b, max_memory=1 << 26, move_order="edge", **NO_RULES)
    rng = np.random.default_rng(2026)
    for drawn in range(b.n_edges, -1 if which == "side4" else 7, -1):
        edges = rng.choice(b.n_edges, size=drawn, replace=False)
        p = int(sum(1 << int(e) for e in edges))
        assert s.value(p) == table.value(p) == checked.value(p)
    assert s.value([]) == table.value([])


def test_values_of_after_value_are_exact(tables):
    """`value` leaves the stop flag set by the thread that answered; `values_of` must not read it as a stop."""
    s = SearchSolution(SMALL["boxes2x3"], max_memory=1 << 20)
    s.value(5)
    positions = np.arange(0, 1 << 17, 97)
    np.testing.assert_array_equal(s.values_of(positions), tables["boxes2x3"][positions])


def test_a_search_thread_started_after_its_test_was_interrupted_does_not_search(monkeypatch):
    """A Ctrl-C inside `Thread.start` leaves a thread that starts later: it must not search in the next test."""
    b = boxes_board(3, 3)
    values = solve_table(b)
    s = SearchSolution(b, max_memory=1 << 22, threads=2, oracle_edges=0)
    original, delayed = threading.Thread.start, []

    def late_start(thread):
        if delayed:
            return original(thread)
        delayed.append(thread)
        threading.Timer(0.005, original, args=(thread,)).start()
        raise KeyboardInterrupt

    monkeypatch.setattr(threading.Thread, "start", late_start)
    with pytest.raises(SearchInterrupted):
        s.value([])
    monkeypatch.undo()
    positions = np.random.default_rng(8).integers(0, 1 << b.n_edges, size=30)
    assert [s.value(int(p)) for p in [0, *positions]] == [values[p] for p in [0, *positions]]
    delayed[0].join()
