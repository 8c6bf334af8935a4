"""Chains, loops and control (analysis.chains), checked on every position of the small boards.

The classification is compared with an oracle written on networkx from the strings-and-coins
definition (it shares only the board geometry with analysis.chains), and the long chain
rule's prediction of control with the exact values.
"""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from triangles_core import solve, solve_boxes
from triangles_core.analysis.chains import (
    analyse_endgame,
    capturable_cells,
    components,
    controller,
    first_loony_endgames,
    is_loony_endgame,
    loony_moves,
    safe_moves,
)
from triangles_core.analysis.play import play_games
from triangles_core.games.boxes import boxes_board
from triangles_core.games.triangles import board

SMALL = {"side2": lambda: solve(2), "boxes1x3": lambda: solve_boxes(1, 3), "boxes2x2": lambda: solve_boxes(2, 2)}


def oracle_components(b, p):
    """Strings and coins on networkx: the kind and size of each component of unclaimed cells.

    Independent of analysis.chains: a multigraph of coins (unclaimed cells) and one ground
    node per border string, built from the board's cells and edges.
    """
    graph = nx.MultiGraph()
    unclaimed = [k for k, cell in enumerate(b.cells) if any(not p >> (e - 1) & 1 for e in cell)]
    graph.add_nodes_from(unclaimed)
    for e in range(1, b.n_edges + 1):
        if p >> (e - 1) & 1:
            continue
        ends = [k for k, cell in enumerate(b.cells) if e in cell]
        graph.add_edge(*ends) if len(ends) == 2 else graph.add_edge(ends[0], ("ground", e))
    found = []
    coins = graph.subgraph(unclaimed)
    for part in nx.connected_components(coins):
        if any(graph.degree(k) > 2 for k in part):
            found.append(("complex", len(part)))
        elif coins.subgraph(part).number_of_edges() == len(part):
            found.append(("loop", len(part)))
        else:
            found.append(("chain", len(part)))
    return sorted(found)


@pytest.mark.parametrize("b", [board(1), board(2), boxes_board(1, 3), boxes_board(2, 2)], ids=str)
def test_components_agree_with_a_networkx_oracle_on_every_position(b):
    for p in range(1 << b.n_edges):
        assert sorted((c.kind, c.size) for c in components(b, p)) == oracle_components(b, p), p


@settings(max_examples=300, deadline=None)
@given(st.integers(0, board(3).full))
def test_components_agree_with_the_oracle_on_side3(p):
    assert sorted((c.kind, c.size) for c in components(board(3), p)) == oracle_components(board(3), p)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, boxes_board(3, 3).full))
def test_components_cover_the_free_edges_and_unclaimed_cells(p):
    b = boxes_board(3, 3)
    parts = components(b, p)
    cells = [k for c in parts for k in c.cells]
    assert len(cells) == len(set(cells)) == sum(any(not p >> (e - 1) & 1 for e in cell) for cell in b.cells)
    assert sorted({e for c in parts for e in c.edges}) == [e for e in range(1, b.n_edges + 1) if not p >> (e - 1) & 1]
    for c in parts:
        if c.kind == "loop" or (c.kind == "chain" and not capturable_cells(b, p)):
            strings = c.size + (c.kind == "chain")
            assert len(c.edges) == strings or any(k in capturable_cells(b, p) for k in c.cells)


@pytest.mark.parametrize("b", [board(2), pytest.param(board(3), marks=pytest.mark.slow), boxes_board(2, 2)], ids=str)
def test_safe_moves_complete_nothing_and_offer_nothing_new(b):
    for p in range(0, 1 << b.n_edges, 7):
        for e in range(1, b.n_edges + 1):
            if p >> (e - 1) & 1:
                continue
            q = p | 1 << (e - 1)
            safe = not b.completed_by(p, e) and set(capturable_cells(b, q)) <= set(capturable_cells(b, p))
            assert (e in safe_moves(b, p)) == safe


@pytest.mark.parametrize("name", [*SMALL, pytest.param("side3", marks=pytest.mark.slow), "boxes2x3"])
def test_the_controller_wins_every_simple_loony_endgame_with_a_long_chain_or_loop(name):
    """Over every position: where the rule applies, the player it names ends ahead (exact values)."""
    s = {**SMALL, "side3": lambda: solve(3), "boxes2x3": lambda: solve_boxes(2, 3)}[name]()
    b, applied = s.board, 0
    for p in range(1 << b.n_edges):
        if not is_loony_endgame(b, p):
            continue
        a = analyse_endgame(b, p)
        if a.chains_and_loops and a.long_chains + a.loops:
            value = int(s.values[p])
            assert (value if a.mover_in_control else -value) > 0, p
            applied += 1
    assert applied > 0


def test_control_is_the_parity_of_the_short_chains():
    for short in range(4):
        for long_ in range(1, 3):
            free, cells = 2 * short + 4 * long_, short + 3 * long_  # 1-chains and 3-chains, all to the ground
            assert controller(free, cells, long_) == (short % 2 == 1)


BOARDS = [board(n) for n in range(1, 6)] + [boxes_board(r, c) for r in (1, 2, 3) for c in (1, 3, 4)]


@pytest.mark.parametrize("b", BOARDS, ids=str)
def test_euler_edges_minus_cells_is_dots_minus_one(b):
    assert b.n_edges - b.n_cells == b.n_dots - 1


def test_loony_moves_of_a_two_chain_are_its_end_strings():
    b = boxes_board(1, 2)  # lines 1 2 | 3 4 5 | 6 7: draw the horizontals
    assert loony_moves(b, b.position([1, 2, 6, 7])) == [3, 5]


def test_first_loony_endgames_of_perfect_side3_play_have_one_long_chain():
    s = solve(3)
    ends = first_loony_endgames(s.board, play_games(s, "perfect", games=300, seed=3))
    applied = ends[ends["rule_applies"]]
    assert len(applied) > 100
    assert set(applied["long_chains"]) == {1} and set(applied["rule"]) == {"controller wins"}


@pytest.mark.parametrize("position", [-1, 2**100, [19]])
def test_every_chain_function_checks_its_position(position):
    from triangles_core.analysis import chains

    for function in (
        chains.cell_degrees,
        chains.capturable_cells,
        chains.safe_moves,
        chains.is_loony_endgame,
        chains.components,
        chains.loony_moves,
        chains.analyse_endgame,
    ):
        with pytest.raises(ValueError):
            function(board(3), position)


def test_first_loony_endgames_refuses_games_of_another_board():
    s = solve(3)
    games = play_games(s, "random", games=5, seed=0)
    with pytest.raises(ValueError, match="played on the board"):
        first_loony_endgames(board(4), games)
