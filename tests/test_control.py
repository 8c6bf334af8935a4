"""Nimstring (analysis.control, the retrograde kernel's "control" rule) against an independent oracle.

Also the chain structure of the triangular board (bipartite cell graph), and the committed
tables of data/tables/control_*.csv against a recomputation.
"""

from __future__ import annotations

import functools
import random

import numpy as np
import pandas as pd
import pytest

import notebooks
from triangles_core import solve_cells
from triangles_core.analysis.chains import cell_degrees, components
from triangles_core.analysis.control import (
    BOARDS,
    LOONY,
    NIM_HEAPS,
    agreement_by_edges_drawn,
    control_table,
    nim_values,
)
from triangles_core.engine.retrograde import (
    MAX_GROUP_BITS,
    recurrence_problem,
    solve_table,
)
from triangles_core.games.triangles import board

ORACLE_BOARDS = ["side 1", "side 2", "1x1 boxes", "1x2 boxes", "1x3 boxes", "2x2 boxes"]


def oracle(b):
    """Nimstring plus a Nim heap, by plain recursion: deliberately independent of the package.

    Written from the rules alone (Winning Ways ch. 16): a move draws an undrawn edge (edge
    numbers of ``b.cells``, the only thing taken from the package) or takes any number of
    counters from the heap; a drawn edge that completes a cell obliges the same player to
    move again; the player who cannot move loses.  ``wins(drawn, heap)`` is True when the
    player to move wins; ``heap = 0`` is Nimstring itself.
    """
    cells = [frozenset(cell) for cell in b.cells]
    edges = range(1, b.n_edges + 1)

    @functools.lru_cache(maxsize=None)
    def wins(drawn: frozenset, heap: int) -> bool:
        for smaller in range(heap):
            if not wins(drawn, smaller):
                return True
        for e in edges:
            if e in drawn:
                continue
            after = drawn | {e}
            completes = any(e in cell and cell <= after for cell in cells)
            if wins(after, heap) if completes else not wins(after, heap):
                return True
        return False

    return wins


def as_edges(position: int) -> frozenset:
    return frozenset(e + 1 for e in range(position.bit_length()) if position >> e & 1)


@pytest.mark.parametrize("name", ORACLE_BOARDS)
def test_control_table_and_nim_values_match_the_oracle_on_every_position(name):
    b = BOARDS[name]()
    wins = oracle(b)
    control, nimbers = control_table(b), nim_values(b)
    for p in range(1 << b.n_edges):
        edges = as_edges(p)
        assert control[p] == (1 if wins(edges, 0) else -1), p
        lost = [n for n in range(NIM_HEAPS) if not wins(edges, n)]
        assert len(lost) <= 1, (p, lost)  # Winning Ways: one nim-value, or loony
        assert nimbers[p] == (lost[0] if lost else LOONY), p


@pytest.mark.parametrize("name", ["side 3", "2x3 boxes"])
def test_nim_value_zero_is_a_nimstring_loss(name):
    """The heap kernel (scalar rule) and the retrograde kernel (vector rule) agree: the mover loses iff value 0."""
    b = BOARDS[name]()
    np.testing.assert_array_equal(nim_values(b) != 0, control_table(b) > 0)


def test_every_block_and_group_size_gives_the_oracle_table():
    b = board(2)
    wins = oracle(b)
    expected = np.array([1 if wins(as_edges(p), 0) else -1 for p in range(1 << b.n_edges)], dtype=np.int8)
    for low_bits in range(1, b.n_edges + 1):
        for group_bits in range(0, min(low_bits, MAX_GROUP_BITS) + 1):
            got = solve_table(b, low_bits=low_bits, group_bits=group_bits, rule="control")
            np.testing.assert_array_equal(got, expected, err_msg=f"{low_bits=} {group_bits=}")


def test_the_spot_check_knows_the_rule():
    b = board(3)
    table = control_table(b).copy()
    assert recurrence_problem(b, table, rule="control") is None
    assert recurrence_problem(b, table) is not None  # a Nimstring table is no score table
    table[0] = -table[0]
    assert recurrence_problem(b, table, rule="control") is not None
    with pytest.raises(ValueError, match="rule must be one of"):
        solve_table(b, rule="nimstring")


# --------------------------------------------------------------------------------------
# The committed tables.
# --------------------------------------------------------------------------------------


def test_empty_board_table_and_the_control_paradox():
    """From the empty board the Nimstring winner loses the cell game on 1x1, 1x3, 2x2, 2x3, 3x3, sides 1-2."""
    empty = notebooks.table("control_empty_boards", keep_default_na=False).set_index("board")
    assert list(empty.index) == list(BOARDS)
    for name in ["side 1", "side 2", "side 3", "1x1 boxes", "1x2 boxes", "2x2 boxes", "1x3 boxes", "2x3 boxes"]:
        b = BOARDS[name]()
        control, value = int(control_table(b)[0]), int(solve_cells(b).values[0])
        row = empty.loc[name]
        assert row.control_winner == ("first" if control > 0 else "second")
        assert row.value == value
        assert row.nim_value == str(nim_values(b)[0])
    opposite = ["side 1", "side 2", "1x1 boxes", "1x3 boxes", "2x2 boxes", "2x3 boxes", "3x3 boxes"]
    assert (empty.loc[opposite, "control_winner_wins_game"] == "False").all()
    assert empty.loc["side 3", "control_winner_wins_game"] == "True"


def test_agreement_table_matches_a_recomputation():
    table = notebooks.table("control_agreement_by_edges_drawn")
    for name in ["side 3", "2x3 boxes"]:
        b = BOARDS[name]()
        values, control = solve_cells(b).values, control_table(b)
        fresh = agreement_by_edges_drawn(name, b, values, control)
        pd.testing.assert_frame_equal(table[table.board == name].reset_index(drop=True), fresh, check_dtype=False)
        assert fresh.agree.sum() == np.count_nonzero((values != 0) & ((control > 0) == (values > 0)))
    sizes = table.groupby("board", sort=False).positions.sum()
    assert all(sizes[name] == (1 << BOARDS[name]().n_edges) - 1 for name in BOARDS)  # the full board has no move
    assert (table.agree + table.disagree + table.draws == table.positions).all()
    assert (table.mover_wins + table.draws + table.mover_loses == table.positions).all()


# --------------------------------------------------------------------------------------
# The chain structure of the triangular board.
# --------------------------------------------------------------------------------------


def chain_structure_holds(b, p) -> bool:
    """Isolated chains (every cell of degree 2, both ends on the border) have odd length, loops even.

    A 1-chain is a corner triangle (at least two border edges), so no 2-chain and at most three
    1-chains occur.
    """
    degrees = cell_degrees(b, p)
    border = {e + 1 for e, cells in enumerate(b.edge_cells) if len(cells) == 1}
    isolated = [c for c in components(b, p) if c.kind != "complex" and all(degrees[k] == 2 for k in c.cells)]
    for c in isolated:
        if c.kind == "loop" and c.size % 2:
            return False
        if c.kind == "chain" and (c.size % 2 == 0 or c.size == 1 and len(border & set(b.cells[c.cells[0]])) < 2):
            return False
    return True


@pytest.mark.parametrize("side", [1, 2, pytest.param(3, marks=pytest.mark.slow)])
def test_chain_structure_on_every_position(side):
    b = board(side)
    assert all(chain_structure_holds(b, p) for p in range(1 << b.n_edges))


def test_chain_structure_on_side4_positions():
    b, rng = board(4), random.Random(4)
    assert all(chain_structure_holds(b, rng.getrandbits(b.n_edges)) for _ in range(5_000))
