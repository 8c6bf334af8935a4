"""The numbers that notebooks 03 and 04 state, checked against the tables they commit.

The notebooks write most of their prose from computed values; what they type by hand (the
bold answer at the top) is checked here against `data/tables`, together with the
identities the prose relies on.
"""

from __future__ import annotations

import math
import re

import pytest

from notebooks import bold_answer, prose, table


@pytest.fixture(scope="module")
def in_play():
    return table("side3_outcomes_in_play_by_edges_drawn")


@pytest.fixture(scope="module")
def moves():
    return table("side3_moves_by_kind_by_edges_drawn")


def test_03_answer(in_play):
    answer = bold_answer("03_outcomes_by_edges_drawn")
    share = table("side3_outcomes_by_edges_drawn").set_index("edges_drawn").mover_win_share

    def span(values):
        return f"{round(100 * values.min())}–{round(100 * values.max())}%"

    early, late = span(share.loc[2:8]), span(share.loc[9:17])
    assert f"the mover wins the remaining triangles at {early} for k = 2–8 and {late} after" in answer
    perfect = in_play[in_play.policy == "perfect"]
    assert (perfect.mean_value_for_A == -3).all() and (perfect.A_loses == 1).all()
    random = in_play[in_play.policy == "uniformly random"].set_index("edges_drawn").A_wins
    assert f"A loses perfect play by 3 at every k, yet wins {random.loc[18]:.1%} of random games" in answer
    even, odd = random.loc[[2, 4, 6, 8]], random.loc[[3, 5, 7]]  # value for A > 0, by whose turn it mostly is
    text = prose("03_outcomes_by_edges_drawn")
    assert f"would favour A in {span(even)}; at odd k = 3–7, where B is mostly to move, in {span(odd)}" in text
    b_to_move = in_play[in_play.policy == "uniformly random"].set_index("edges_drawn").B_to_move
    assert (b_to_move.loc[[2, 4, 6, 8]] < 0.5).all() and (b_to_move.loc[[3, 5, 7]] > 0.5).all()
    a_to_move = 1 - b_to_move.loc[[2, 4, 6, 8]]
    words = f"A is to move in {round(100 * a_to_move.min())}% to {round(100 * a_to_move.max())}% of them"
    assert words in prose("03_outcomes_by_edges_drawn")


def test_03_in_play_probabilities_and_identities(in_play):
    for columns in (["mover_wins", "draws", "mover_loses"], ["A_wins", "A_draws", "A_loses"]):
        assert (in_play[columns].sum(axis=1) - 1).abs().max() < 1e-5
    assert (in_play.A_draws == 0).all()  # 9 triangles: a finished side-3 game is never drawn
    # random play reaches a uniform set of k edges: its curve is the all-positions curve
    outcomes = table("side3_outcomes_by_edges_drawn").set_index("edges_drawn")
    random = in_play[in_play.policy == "uniformly random"].set_index("edges_drawn")
    assert (random.mover_wins - outcomes.mover_wins / outcomes.positions).abs().max() < 1e-6
    # perfect play: the mover wins the rest exactly when B is to move, except at k = 14 (and the end)
    perfect = in_play[in_play.policy == "perfect"].set_index("edges_drawn")
    assert list(perfect.index[perfect.mover_wins != perfect.B_to_move]) == [14, 18]
    assert round(perfect.mover_wins.iloc[:18].mean(), 3) == 0.524


def test_03_forbidding_the_capture():
    split = table("side3_capture_forbidden_by_edges_drawn")
    t = split.sum()
    won, forbidden = t.mover_wins / t.positions, t.mover_wins_capture_forbidden / t.positions
    assert t.positions == 251_299 and "forbidden to capture, it wins 9%" in bold_answer("03_outcomes_by_edges_drawn")
    text = prose("03_outcomes_by_edges_drawn")
    assert f"the mover wins {forbidden:.1%} of the same positions instead of {won:.1%}" in text
    # forbidding never helps: the best move that completes nothing is worth at most the value
    assert (split.mover_wins_capture_forbidden <= split.mover_wins).all()
    assert (split.mean_value_capture_forbidden < split.mean_value).all()
    assert round(t.mover_wins_without_capture / t.positions_without_capture, 3) == 0.650  # k = 2 to 16


def test_04_answer(moves):
    answer = bold_answer("04_winning_first_moves")
    classes = table("side3_first_move_classes")
    assert classes[classes.value == -3]["size"].sum() == 12 and "12 keep −3" in answer
    assert classes[classes.value == -5]["size"].sum() == 6 and "six hexagon edges give −5" in answer
    assert classes.value.max() < 0 and "No first move wins" in answer
    perfect = moves[moves.policy == "perfect"][["legal", "mistakes", "value_lost", "critical"]].sum()
    assert f"{perfect.mistakes / perfect.legal:.1%} of legal moves are mistakes" in answer
    cost = perfect.value_lost / perfect.mistakes
    assert f"an available mistake would cost {cost:.1f} on average ({cost / 2:.1f} triangles)" in answer
    assert f"a perfect game meets {perfect.critical:.1f} critical positions" in answer


def test_04_the_offer_accounts_for_part_of_the_cheaper_declines():
    offer = table("side3_declined_captures_by_offer").pivot(index="triangles_on_offer", columns="where")
    reached = offer.declines["perfect play"]
    assert list(reached.index[reached > 0]) == [1, 2]  # perfect play never declines with more on offer
    mix = reached / reached.sum()
    priced = (mix * offer.mean_value_lost["all positions"]).sum()
    all_cost = (offer.declines["all positions"] * offer.mean_value_lost["all positions"]).sum() / offer.declines[
        "all positions"
    ].sum()
    assert (round(all_cost, 1), round(priced, 1), round(all_cost - priced, 1)) == (10.6, 7.7, 2.9)
    assert "the offer's size accounts for 2.9 of the fall from 10.6 to 4.5" in " ".join(
        prose("04_winning_first_moves").split()
    )
    same = offer.mean_value_lost.loc[[1, 2]]
    assert (same["perfect play"] < same["all positions"]).all()


def test_04_every_decline_that_keeps_the_value_is_double_dealing():
    """The split of notebook 04's table, recomputed (the shared move kinds are unchanged)."""
    import numpy as np

    from triangles_core import solve
    from triangles_core.analysis import outcomes as oc

    s = solve(3)
    kinds = oc.move_kinds(s.board)
    dealing = oc.double_dealing(s.board, kinds)
    lost = s.values.astype(int)[:, None] - s.move_table.astype(int)
    declined = kinds == 1
    assert (dealing <= declined).all() and dealing.sum() == 239_616
    assert int((declined & (lost == 0)).sum()) == int((dealing & (lost == 0)).sum()) == 1_872
    assert not np.any(declined & ~dealing & (lost == 0))


def test_04_identities_and_counts(moves):
    outcomes = table("side3_outcomes_by_edges_drawn").set_index("edges_drawn")
    existence = table("side3_winning_moves_by_edges_drawn").set_index("edges_drawn")
    # "a winning move exists" is notebook 03's "the mover wins": the same positions
    assert (existence.with_winning_move == outcomes.mover_wins.loc[existence.index]).all()
    every = moves[moves.policy == "all positions"]
    assert every.legal.sum() == sum(math.comb(18, k) * (18 - k) for k in range(18)) == 2_359_296
    assert every.mistakes.sum() == 1_541_373
    # critical = one optimal move among two or more: the table's unique optimal moves less the 18 forced positions
    assert every.critical.sum() == existence.unique_optimal_move.sum() - existence.positions.loc[17] == 31_353
    for policy, frame in moves[moves.policy != "all positions"].groupby("policy"):
        played = frame.groupby("edges_drawn").played.sum()
        assert (played - 1).abs().max() < 1e-5, policy  # one move played per level
    assert moves[moves.policy == "perfect"].played_mistakes.max() == 0


def test_04_mechanism_split(moves):
    def cost(frame):
        t = frame.groupby("kind")[["mistakes", "value_lost"]].sum()
        return t.value_lost / t.mistakes, t.mistakes / t.mistakes.sum()

    cost_all, _ = cost(moves[moves.policy == "all positions"])
    cost_perfect, mix_perfect = cost(moves[moves.policy == "perfect"])
    mixed = (mix_perfect * cost_all).sum()
    every = moves[moves.policy == "all positions"][["mistakes", "value_lost"]].sum()
    perfect = moves[moves.policy == "perfect"][["mistakes", "value_lost"]].sum()
    overall, in_perfect = every.value_lost / every.mistakes, perfect.value_lost / perfect.mistakes
    assert 0 < overall - mixed < mixed - in_perfect  # the mix explains less of the fall than the cost within kinds
    assert (cost_perfect.dropna() < cost_all[cost_perfect.dropna().index]).all()


def test_04_the_hexagon_is_the_far_sides_of_the_centre_triangles():
    from triangles_core import board

    b = board(3)
    centre = {e for e in range(1, 19) if 5 in b.edges[e - 1]}  # the six edges at the centre dot
    far = {e for cell in b.cells if len(centre & set(cell)) == 2 for e in set(cell) - centre}
    classes = table("side3_first_move_classes")
    worse = {int(e) for edges in classes[classes.value == -5].edges for e in edges.split()}
    assert far == worse == {3, 4, 8, 11, 15, 16}


def test_04_names_the_symmetry_classes_by_their_geometry():
    """The prose of notebook 04 names each class of first moves; check each name against the board."""
    from triangles_core import board

    b, edges = board(3), range(1, 19)
    corners = {d for d in range(1, b.n_dots + 1) if sum(d in edge for edge in b.edges) == 2}
    assert corners == {1, 7, 10}
    rim = {e for e in edges if len(b.edge_cells[e - 1]) == 1}
    corner_edges = {e for e in edges if set(b.edges[e - 1]) & corners}
    in_corner_triangle = {e for e in edges if any(set(b.cell_dots(k)) & corners for k in b.edge_cells[e - 1])}
    names = {
        "the corner edges": corner_edges,
        "the inner sides of the corner triangles": in_corner_triangle - rim - corner_edges,
        "the middle edges of the sides": rim - corner_edges,
        "the six edges at the centre dot v5": {e for e in edges if 5 in b.edges[e - 1]},
    }
    found = dict(re.findall(r"\*\*edges ([\d, ]+)\*\*: (the [a-z0-9 ]+?)[,;.]", prose("04_winning_first_moves")))
    assert len(found) == 4
    classes = {tuple(sorted({s[e - 1] for s in b.symmetries})) for e in edges}
    for edges_text, name in found.items():
        named = tuple(int(e) for e in edges_text.split(","))
        assert named in classes and names[name] == set(named), name
