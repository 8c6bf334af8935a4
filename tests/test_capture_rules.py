"""The search's capture rules, checked against the value tables on every position.

`triangles_core.engine.search.check_capture_rules` runs the compiled rules of the search
(`forced_claims`, `searched_moves`) on every position of a board and compares with the
value table (built by the retrograde kernel, which shares only the move rule with the
search): wherever a capture is forced, the position's value is that capture's move
value; wherever moves are left out, the best kept move is worth the position's value.
Here on the small boards of test_search.py and 3x3 boxes; side 4 and 3x4 boxes are checked by
``scripts/check_capture_rules.py`` (results committed under ``data/search/``).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from test_search import SMALL

from triangles_core.engine.retrograde import solve_table
from triangles_core.engine.search import RULE_CHECK_FIELDS, check_capture_rules
from triangles_core.games.boxes import boxes_board

ROOT = Path(__file__).resolve().parent.parent

BOARDS = {**SMALL, "boxes3x3": boxes_board(3, 3)}

RULES = {"A": dict(double_dealing=False), "A+B": dict(long_chains=False), "A+B+C": {}, "B+C": dict(safe_captures=False)}


@pytest.fixture(scope="module")
def tables():
    return {key: solve_table(b) for key, b in BOARDS.items()}


@pytest.mark.parametrize("rules", sorted(RULES))
@pytest.mark.parametrize("key", sorted(BOARDS))
def test_rules_hold_on_every_position(tables, key, rules):
    b = BOARDS[key]
    counts = check_capture_rules(b, tables[key], **RULES[rules])
    assert counts["counterexamples"] == []
    assert counts["positions"] == 2**b.n_edges
    failures = [f for f in RULE_CHECK_FIELDS if "failures" in f]
    assert all(counts[f] == 0 for f in failures), counts
    if key in ("side3", "boxes2x3", "boxes3x3"):  # boards where every rule applies somewhere
        assert counts["free_captures"] > 0
        assert (counts["safe_captures"] > 0) == ("A" in rules)
        assert (counts["double_dealing_positions"] > 0) == ("B" in rules)


def test_counts_of_3x3_boxes(tables):
    """What the rules do on every position of 3x3 boxes (2**24 positions): the numbers of the report."""
    counts = check_capture_rules(BOARDS["boxes3x3"], tables["boxes3x3"])
    assert counts["safe_captures"] == 12_582_912
    assert counts["double_dealing_positions"] > 1_000_000
    assert counts["double_dealing_moves_left_out"] > 10 * counts["double_dealing_positions"] // 2


def test_the_first_capture_alone_is_not_enough(tables):
    """Why rule B keeps every capture: on side 3, at position 72665, the capture of edge 3 and
    its double-dealing move (edge 2) are worth 2 at best, while capturing with edge 6 or 11
    (the other chain) is worth 4, the position's value.  Keeping only the first chain end
    found (Barker and Korf's rule, read literally) fails at 83 positions of side 3 and
    1,087 of 3x3 boxes."""
    b, values = BOARDS["side3"], tables["side3"]
    p = 72665

    def move_value(e: int) -> int:
        c = b.claims(p, e)
        child = int(values[p | 1 << (e - 1)])
        return c + child if c else -child

    assert b.claims(p, 3) == 1 and b.claims(p, 2) == 0
    assert max(move_value(3), move_value(2)) == 2
    assert move_value(6) == move_value(11) == values[p] == 4


def test_a_wrong_table_is_caught(tables):
    """The check can fail: one value changed where the safe-capture rule applies is reported."""
    b = BOARDS["boxes2x2"]
    values = tables["boxes2x2"].copy()
    values[0b1101] += 2  # edges 1, 3, 4 drawn: edge 6 is a safe capture there
    assert b.claims(0b1101, 6) == 1
    counts = check_capture_rules(b, values)
    assert counts["counterexamples"] and counts["safe_capture_failures"] + counts["double_dealing_failures"] > 0


def test_a_table_of_the_wrong_type_or_length_is_refused(tables):
    b = BOARDS["side2"]
    with pytest.raises(ValueError, match="int8 value table"):
        check_capture_rules(b, tables["side2"].astype(np.int16))
    with pytest.raises(ValueError, match="int8 value table"):
        check_capture_rules(b, tables["side3"])


@pytest.mark.parametrize("key, edges", [("side4", 30), ("boxes3x4", 31)])
def test_the_committed_checks_of_side_4_and_3x4_boxes(key, edges):
    """The exhaustive checks of the large boards (``scripts/check_capture_rules.py``) hold and cover every position."""
    record = json.loads((ROOT / "data" / "search" / f"{key}_capture_rules.json").read_text())
    assert record["holds"] and record["counterexamples"] == []
    assert record["rules"] == {"safe_captures": True, "double_dealing": True, "long_chains": True}
    assert record["positions"] == 2**edges and record["n_edges"] == edges
    assert record["safe_captures"] > 0 and record["double_dealing_positions"] > 0
    assert record["safe_capture_failures"] == record["double_dealing_failures"] == 0
    assert record["double_dealing_failures_with_forced_capture"] == 0


@pytest.mark.parametrize("key", sorted(BOARDS))
def test_the_loony_bound_holds_on_every_position(tables, key):
    """The search's loony bound is proved; here it is also checked: value >= 0 wherever `loony` says so."""
    from numba import njit

    from triangles_core.engine.search_kernel import loony

    @njit
    def loony_positions(n_edges, first, second, n_cells_of):
        full = (np.int64(1) << n_edges) - 1
        return np.array([loony(np.int64(p), full, first, second, n_cells_of) for p in range(1 << n_edges)])

    b = BOARDS[key]
    first, second = (np.array(m, dtype=np.int64) for m in b.other_edge_masks)
    n_cells_of = np.array([len(c) for c in b.edge_cells], dtype=np.int64)
    found = loony_positions(b.n_edges, first, second, n_cells_of)
    assert (tables[key][found] >= 0).all()
    if key in ("side3", "boxes3x3"):
        assert found.sum() > 1000
