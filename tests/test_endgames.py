"""Simple loony endgames (analysis.endgames; notebook 12's tables, studies.endgames): the closed forms
against a plain recursive oracle and the tables."""

from __future__ import annotations

import itertools

import pytest

from notebooks import table
from studies.endgames import endgame_tables, long_chain_rule_predictions
from triangles_core import solve_cells
from triangles_core.analysis import endgames as eg
from triangles_core.analysis.control import BOARDS, reached_positions


def multisets(total: int, smallest: int, step: int) -> list[tuple[int, ...]]:
    """Every sorted tuple of parts ``smallest, smallest + step, ...`` summing to at most ``total``."""
    found = [()]
    for prefix in found:
        low = prefix[-1] if prefix else smallest
        found.extend(prefix + (c,) for c in range(low, total - sum(prefix) + 1, step))
    return found


CONFIGURATIONS = [
    (chains, loops)
    for chains, loops in itertools.product(multisets(28, 3, 1), multisets(28, 4, 2))
    if (chains or loops) and sum(chains) + sum(loops) <= 28
]


def test_the_closed_forms_are_the_oracle_on_every_configuration_of_at_most_28_cells():
    """The optimal value everywhere, the controlled value where it is at least 2."""
    assert len(CONFIGURATIONS) > 4000
    for chains, loops in CONFIGURATIONS:
        value, cv = -eg.oracle_value(chains, loops), eg.controlled_value(chains, loops)
        assert eg.optimal_value(chains, loops) == value and (cv < 2 or cv == value), (chains, loops)


@pytest.mark.parametrize("name", ["side 2", "side 3", "2x2 boxes", "2x3 boxes"])
def test_one_value_per_configuration_and_the_oracle_agrees_with_the_table(name):
    b = BOARDS[name]()
    frame = endgame_tables(name, b, solve_cells(b).values)
    assert (frame.values_in_table == 1).all()
    assert (frame.oracle_value == frame.value).all()
    simple = frame[frame.simple]
    assert simple.optimal_value_agrees.all()
    assert simple.controlled_value_agrees.all()


@pytest.mark.parametrize("bad", [((2, 3), ()), ((3,), (5,)), ((), ()), ((3,), (2,))])
def test_optimal_value_refuses_what_is_not_a_simple_loony_endgame(bad):
    with pytest.raises(ValueError, match="not a simple loony endgame"):
        eg.optimal_value(*bad)


def test_configuration_refuses_a_junction():
    b = BOARDS["side 3"]()
    with pytest.raises(ValueError, match="junction"):
        eg.configuration(b, 0)


def test_the_rule_with_the_long_chains_formed_names_the_winner_of_the_remaining_cells_on_side3():
    b = BOARDS["side 3"]()
    values = solve_cells(b).values
    frame = long_chain_rule_predictions("side 3", b, reached_positions(b, values), values)
    assert frame.named_win_share.tolist() == [0.0, 1.0]


@pytest.mark.parametrize("name", ["side 2", "side 3", "2x2 boxes", "2x3 boxes"])
def test_simple_loony_endgames_are_the_positions_whose_cells_all_have_degree_0_or_2(name):
    b = BOARDS[name]()
    expected = [
        p
        for p in range(b.full)
        if all((len(cell) - (p & m).bit_count()) in (0, 2) for cell, m in zip(b.cells, b.cell_masks, strict=True))
    ]
    assert eg.simple_loony_endgames(b).tolist() == expected


def test_the_committed_tables_say_what_notebook_12_says():
    by_board = table("endgames_by_board").set_index("board")
    assert (by_board.one_value == by_board.configurations).all()
    assert (by_board.oracle_agrees == by_board.configurations).all()
    assert (by_board.optimal_value_agrees == by_board.simple_configurations).all()
    assert by_board.loc["side 3", ["configurations", "positions", "simple_configurations"]].tolist() == [24, 511, 7]
    configurations = table("endgames_by_configuration")
    simple = configurations[configurations.simple]
    misses = simple[~simple.controlled_value_agrees.astype(bool)]
    assert (misses.controlled_value < 2).all() and len(misses) == 6
    rule = table("long_chain_rule_predictions").set_index(["board", "long_chains"])  # every position, once
    assert rule.index.tolist() == [
        ("side 2", 0),
        ("side 3", 0),
        ("side 3", 1),
        ("side 3", 2),
        ("2x2 boxes", 0),
        ("2x3 boxes", 0),
        ("2x3 boxes", 1),
    ]
    assert (rule.named_wins + rule.named_loses == rule.decided).all()
    assert (rule.named_win_share < rule.mover_win_share).sum() == 6  # the player to move is the better guess
    assert rule.loc[("2x3 boxes", 1), ["named_wins", "mover_wins", "decided"]].tolist() == [338, 250, 442]
