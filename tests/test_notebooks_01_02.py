"""The numbers of notebooks 01 and 02, checked against the tables they commit, and the functions they call.

The prose of the two notebooks states numbers that no cell prints; each is checked here
against `data/tables`, so that a table that changes makes the prose fail instead of
drifting.  `studies.explain` is checked against the plain definitions on small boards.
"""

import networkx as nx
import pytest

from notebooks import bold_answer, prose, table
from studies import explain
from triangles_core import board, solve
from triangles_core.analysis.chains import components


def percent(x):
    return f"{100 * x:.1f}%"


# notebook 01


def test_01_the_first_player_loses_by_three_and_every_first_move_loses():
    moves = table("side3_first_moves")
    best = moves.value.max()
    assert best == -3 and (moves.value < 0).all()
    assert sorted(moves.loc[moves.value == -5, "edge"]) == [3, 4, 8, 11, 15, 16]
    assert (moves.value == -3).sum() == 12
    answer = bold_answer("01_solving_the_game")
    assert f"loses by {-best}" in answer and f"ends {(9 + best) // 2} triangles to {(9 - best) // 2}" in answer


def test_01_chains_are_odd_loops_even_and_short_chains_are_corners():
    sizes = table("side3_loony_component_sizes")
    chains, loops = sizes[sizes.kind == "chain"], sizes[sizes.kind == "loop"]
    assert (chains["size"] % 2 == 1).all() and 2 not in set(chains["size"])
    assert (loops["size"] % 2 == 0).all()
    ones = chains[chains["size"] == 1]
    assert (ones.corner_components == ones.components).all()
    assert {4, 6, 8} <= set(sizes.loc[sizes.kind == "complex", "size"])  # junctions break the parity


def test_01_control_wins_every_loony_endgame_it_applies_to():
    control = table("side3_loony_endgames_control")
    ruled = control.dropna(subset=["controller_wins"])
    text = prose("01_solving_the_game")
    assert control.positions.sum() == 999 and ruled.positions.sum() == 504
    assert (ruled.controller_wins == ruled.positions).all() and (ruled.count_equals_value == ruled.positions).all()
    assert (ruled.lowest_controller_value > 0).all()
    outside = dict(zip(control.kind, control.positions, strict=True))
    assert outside["junction (rule does not apply)"] == 488 and outside["short chains only (rule vacuous)"] == 7
    assert all(f" {n} " in text for n in ("999", "504", "488", "7"))


def test_01_perfect_play_reaches_one_long_chain_with_b_in_control():
    first = table("side3_perfect_play_first_loony_endgames").set_index("first_loony_endgame")
    patterns = table("side3_perfect_play_endgame_patterns")
    long_share = first.probability["long chain or loop"]
    assert first.optimal_games.sum() == 439_296 and round(first.probability.sum(), 3) == 1
    assert percent(long_share) in bold_answer("01_solving_the_game")
    text = prose("01_solving_the_game")
    assert f"{long_share:.3f}" in text and f"{1 - long_share:.3f}" in text
    chained = patterns[patterns.long_chain_taken_by_B > 0]
    assert (chained.in_control == "B").all() and chained.probability.sum().round(4) == long_share
    assert set(chained.components.str.split(", ").str[0]) == {"3-chain", "5-chain"}
    assert (chained.long_chain_taken_by_B == chained.components.str[0].astype(int)).all()
    assert ((patterns.A_before + patterns.A_after) == 3).all() and ((patterns.B_before + patterns.B_after) == 6).all()
    none = patterns[patterns.components == "1-chain, 1-chain"]
    assert none.B_before.tolist() == [5] and f"{none.probability.sum():.3f}" in text
    junction = patterns[patterns.components.str.contains("junction")]
    assert set(junction.B_after) == {5, 6} and f"{junction.probability.sum():.3f}" in text


# notebook 02


def test_02_optimal_play_uses_one_percent_of_the_positions():
    optimal = table("side3_optimal_play_by_edges_drawn")
    levels = table("side3_symmetry_classes_by_edges_drawn")
    games = table("side3_perfect_play_first_loony_endgames").optimal_games.sum()
    answer = bold_answer("02_state_graph")
    assert optimal.positions.sum() == 2**18 and levels.burnside_classes.sum() == 44_224
    assert f"{optimal.reachable.sum():,} of the {2**18:,} positions" in answer
    assert percent(optimal.reachable.sum() / 2**18) in answer and f"the {games:,} optimal games" in answer


def test_02_critical_positions_split_by_move_kind():
    optimal = table("side3_optimal_play_by_edges_drawn")
    kinds = table("side3_critical_positions_by_move_kind").set_index("optimal_move_kind")
    with_choice = optimal[optimal.edges_drawn <= optimal.edges_drawn.max() - 2]  # two legal moves or more
    answer, text = bold_answer("02_state_graph"), prose("02_state_graph")
    assert percent(with_choice.perfect_play_critical.sum() / len(with_choice)) in answer
    share = kinds.perfect_play_share
    for kind in ("capture", "safe move", "sacrifice"):
        assert percent(share[kind]) in text
    assert f"usually the only capture on offer ({percent(share['capture'])})" in answer
    assert f"{optimal.perfect_play_critical.sum():.1f} critical positions" in text
    assert kinds.perfect_play["declined capture"] == 0 and f"{kinds.positions['declined capture']:,}" in text
    assert kinds.positions.sum() == optimal.critical.sum()
    assert abs(kinds.perfect_play.sum() - optimal.perfect_play_critical.sum()) < 1e-5


def test_02_the_capture_to_find_is_the_only_one_on_offer_in_perfect_play():
    offer = table("side3_capture_critical_by_captures_on_offer").set_index("captures_on_offer")
    kinds = table("side3_critical_positions_by_move_kind").set_index("optimal_move_kind")
    several = offer.loc[offer.index >= 2]
    assert offer.positions.sum() == kinds.positions["capture"] == 28_128
    assert several.positions.sum() == 4_728 and several.per_game.sum() == 0  # the test could fail, and does not
    assert abs(offer.per_game.sum() - kinds.perfect_play["capture"]) < 1e-5
    text, answer = prose("02_state_graph"), bold_answer("02_state_graph")
    assert f"{several.positions.sum():,} of the {offer.positions.sum():,} capture-critical positions" in text
    assert f"the only capture on offer ({percent(kinds.perfect_play_share['capture'])})" in answer


def test_02_every_optimal_game_meets_exactly_one_critical_sacrifice():
    ranges = table("side3_critical_positions_per_optimal_game").set_index("kind")
    assert ranges.loc["sacrifice", ["fewest", "most"]].tolist() == [1, 1]
    assert ranges.loc["safe move", ["fewest", "most"]].tolist() == [0, 2]
    assert ranges.loc["capture", ["fewest", "most"]].tolist() == [3, 7]
    answer, text = bold_answer("02_state_graph"), prose("02_state_graph")
    assert "every optimal game must find exactly one critical sacrifice, after 3–7 edges" in answer
    assert "Critical safe moves vary from 0 to 2 a game, critical captures from 3 to 7." in text
    perfect = table("side3_critical_positions_by_move_kind").set_index("optimal_move_kind").perfect_play
    assert (ranges["perfect_play"] == perfect.reindex(ranges.index)).all()


def test_captures_on_offer_when_critical_against_the_definition(side2):
    """Each position of side 2 read move by move through the solved-game contract."""
    from triangles_core.analysis import outcomes

    kinds = outcomes.move_kinds(side2.board)
    expected = {}
    for p in range(1 << side2.board.n_edges):
        values = side2.move_values(p)
        best = [e for e, v in values.items() if v == side2.value(p)]
        if len(values) >= 2 and len(best) == 1 and kinds[p, best[0] - 1] == 0:
            n = int((kinds[p] == 0).sum())
            expected[n] = expected.get(n, 0) + 1
    got = outcomes.captures_on_offer_when_critical(side2, kinds)
    assert dict(zip(got.captures_on_offer, got.positions, strict=True)) == expected


def test_02_and_04_count_the_same_critical_positions():
    """One definition of a critical position across the collection (docs/glossary.md)."""
    optimal = table("side3_optimal_play_by_edges_drawn")
    moves = table("side3_moves_by_kind_by_edges_drawn")
    every, perfect = (
        moves[moves.policy == name].groupby("edges_drawn").critical.sum() for name in ("all positions", "perfect")
    )
    assert (every.reindex(optimal.edges_drawn, fill_value=0).to_numpy() == optimal.critical).all()
    assert (
        abs(perfect.reindex(optimal.edges_drawn, fill_value=0).to_numpy() - optimal.perfect_play_critical).max() < 1e-5
    )


# studies.explain, against the plain definitions


@pytest.fixture(scope="module")
def side2():
    return solve(2)


def test_optimal_lines_end_in_the_value_of_the_empty_board(side2):
    lines = explain.optimal_lines_exact(side2)
    assert sum(lines.probability) == 1
    assert ((lines.A_final - lines.B_final) == side2.value(0)).all()


def test_value_for_A_and_the_line_to_a_position():
    s = solve(1)
    assert explain.optimal_line_to(s, 0b010) == [2]
    with pytest.raises(ValueError, match="does not reach"):
        explain.optimal_line_to(s, 0b011)  # one edge drawn is already a loony endgame
    line = nx.DiGraph([(0, 1), (1, 3), (3, 7)])  # three moves that pass the turn: B, A, B to move
    nx.set_node_attributes(line, {0: 1, 1: -1, 3: 1, 7: 0}, "value")
    assert dict(explain.value_for_A(line, 0, "B").nodes(data="value")) == {0: -1, 1: -1, 3: -1, 7: 0}
    with pytest.raises(ValueError, match="both players"):
        explain.value_for_A(nx.DiGraph([(0, 1), (0, 2), (1, 3), (2, 3), (0, 3)]), 0)


@pytest.mark.parametrize("side", range(1, 9))
def test_the_cell_graph_is_bipartite_with_the_border_on_the_up_triangles(side):
    """Cells ``0 .. side(side+1)/2 - 1`` point up, the rest down (`triangles_core.games.triangles`)."""
    graph, up = explain.cell_graph(board(side)), side * (side + 1) // 2
    assert all((u < up) != (v < up) for u, v in graph.edges)  # an inner edge joins an up- and a down-triangle
    assert all(k < up for k, on in graph.nodes(data="border") if on)  # only up-triangles touch the border


def test_01_the_principal_variation_takes_its_run_from_the_junction_component():
    s = solve(3)
    line = s.principal_variation(0)
    before_10 = line[8].position
    parts = {c.kind: set(c.cells) for c in components(s.board, before_10)}
    claimed = {k for step in line[10:14] for k in s.board.completed_by(step.position_before, step.move)}
    assert {step.player for step in line[10:14]} == {"B"} and len(claimed) == 4
    assert claimed <= parts["complex"] and len(parts["complex"]) == 5


def test_02_symmetry_folds_least_at_the_ends():
    levels = table("side3_symmetry_classes_by_edges_drawn").set_index("edges_drawn").positions_per_class
    assert levels[0] == levels[18] == 1 and levels.max() == levels[8] == levels[10] == 5.949 and levels[9] == 5.944
    assert f"at 8 and at 10 edges drawn ({levels.max()}; {levels[9]} at 9)" in prose("02_state_graph")
