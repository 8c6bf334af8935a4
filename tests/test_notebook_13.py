"""Notebook 13 (does the long chain rule predict the winner?): its helpers and its prose against its tables.

The tables are the committed ones in data/tables (the notebook writes them; re-running it
changes no byte), so these tests execute nothing heavy.
"""

import numpy as np
import pytest

import notebooks
import triangles_core as tc
from notebooks import table
from studies import boxes_stats as bs
from triangles_core.analysis.chains import is_loony_endgame
from triangles_core.analysis.play import wilson_interval

BOARDS = ["2x2 boxes", "2x3 boxes", "3x3 boxes", "3x4 boxes", "side-3 triangles", "side-4 triangles"]


def test_vectorised_loony_is_is_loony_endgame():
    for board in (tc.boxes_board(2, 2), tc.board(2)):
        positions = np.arange(1 << board.n_edges, dtype=np.int64)
        assert bs.loony(board, positions).tolist() == [is_loony_endgame(board, int(p)) for p in positions]


def _perfect_play_by_recursion(solution):
    """First loony endgames of perfect play, by plain recursion over the optimal moves (no level propagation)."""
    board, values, found = solution.board, solution.values, {}
    full = board.cell_masks

    def walk(position, mover, probability):
        if is_loony_endgame(board, position):
            found[position, mover] = found.get((position, mover), 0) + probability
            return
        options = []
        for e in range(board.n_edges):
            if not position >> e & 1:
                child = position | 1 << e
                claims = sum((child & m) == m for m in full) - sum((position & m) == m for m in full)
                options.append((claims + int(values[child]) if claims else -int(values[child]), child, claims))
        best = [o for o in options if o[0] == max(v for v, _, _ in options)]
        for _, child, claims in best:
            walk(child, mover if claims else 1 - mover, probability / len(best))

    walk(0, 0, 1.0)
    return found


def test_perfect_play_endgames_against_recursion():
    for solution in (tc.solve_boxes(2, 2), tc.solve(2)):
        first = {
            (p, m): prob for stage, p, m, prob in bs.perfect_play_endgames(solution) if stage == "first loony endgame"
        }
        expected = _perfect_play_by_recursion(solution)
        assert first.keys() == expected.keys()
        assert all(first[k] == pytest.approx(expected[k]) for k in expected)


def test_exact_perfect_play():
    x = table("long_chain_rule_perfect_play_exact").set_index(["board", "stage"])
    first, simple = (x.xs(stage, level="stage") for stage in ("first loony endgame", "first chains-and-loops endgame"))
    columns = ["applies", "junction", "no_long_chain_or_loop", "one_long_chain", "first_player_in_control"]
    assert first.loc["2x2 boxes", columns].tolist() == [0.4393, 0, 0.5607, 1, 1]
    assert first.loc["2x3 boxes", columns].tolist() == [0.5524, 0.022, 0.4257, 1, 0]
    three = first.loc["3x3 boxes", columns + ["loop_and_no_long_chain"]]
    assert three.tolist() == [0.5154, 0.2142, 0.2703, 0.9982, 0.0015, 0.0018]
    assert first.loc["side-3 triangles", columns].tolist() == [0.6939, 0.0194, 0.2867, 1, 0]
    assert (x["controller_wins_endgame"] == 1).all() and (simple["junction"] == 0).all()
    assert first.loc["3x3 boxes", ["controller_behind", "controller_level"]].tolist() == [0.2767, 0.3495]
    assert round(first.loc["3x3 boxes", "controller_behind"] + first.loc["3x3 boxes", "controller_level"], 4) == 0.6262
    assert (x["recursion_agrees"].str.split(" of ").map(set).map(len) == 1).all()


def test_game_winner():
    w = table("long_chain_rule_game_winner").set_index(["board", "policy"])
    perfect = w.xs("perfect", level="policy")
    small = perfect.loc[["2x2 boxes", "2x3 boxes", "side-3 triangles"]]
    assert (small["controller_wins_game"] == small["rule_applies"]).all()
    assert perfect.loc["3x3 boxes", ["controller_wins_game", "rule_applies"]].tolist() == [1008, 1009]
    side4 = perfect.loc["side-4 triangles", ["controller_wins_game", "controller_loses_game", "rule_applies"]]
    assert side4.tolist() == [809, 335, 1144]
    assert [round(100 * perfect.loc["side-4 triangles", c]) for c in ("win_low", "win_high")] == [68, 73]
    assert perfect.loc["3x4 boxes", ["controller_wins_game", "controller_draws_game"]].tolist() == [0, 1298]
    soft = w.xs("softmax", level="policy")
    share = (soft["controller_wins_game"] / soft["rule_applies"]).mul(100).round()
    assert share.loc[BOARDS].tolist() == [100, 86, 93, 71, 86, 73]
    assert ("side-4 triangles", "random") not in w.index
    assert [round(100 * perfect["named_share"].min()), round(100 * perfect["named_share"].max())] == [0, 69]
    low, high = wilson_interval(w["controller_wins_game"].to_numpy(), w["rule_applies"].to_numpy())
    assert np.allclose(w["win_low"], np.round(low, 4)) and np.allclose(w["win_high"], np.round(high, 4))


def test_rule_by_board():
    t = table("long_chain_rule_by_board").set_index(["board", "policy"])
    outcome = ["controller_wins", "draw", "controller_loses", "rule_applies"]
    failing = t.index[(t["draw"] + t["controller_loses"]) > 0]
    assert set(failing) == {
        ("3x3 boxes", "softmax"),
        ("3x4 boxes", "perfect"),
        ("3x4 boxes", "softmax"),
        ("side-4 triangles", "perfect"),
        ("side-4 triangles", "softmax"),
    }
    assert set(t.index[t["controller_loses"] > 0]) == {("3x4 boxes", "perfect"), ("3x4 boxes", "softmax")}
    assert t.loc[("3x3 boxes", "softmax"), outcome].tolist() == [1003, 9, 0, 1012]
    assert t.loc[("side-4 triangles", "perfect"), outcome].tolist() == [1139, 5, 0, 1144]
    assert t.loc[("side-4 triangles", "softmax"), outcome].tolist() == [1192, 19, 0, 1211]
    assert t.loc[("3x4 boxes", "perfect"), outcome].tolist() == [1094, 117, 87, 1298]
    share = t.loc[("3x4 boxes", "perfect"), ["controller_win_share", "controller_win_low", "controller_win_high"]]
    assert [round(100 * x, 1) for x in share] == [84.3, 82.2, 86.2]
    assert t.xs("random", level="policy")["loony_endgames"].tolist() == [573, 248, 83, 35, 97, 11]
    applies = t.xs("perfect", level="policy")["applies_share"]
    assert (t.xs("perfect", level="policy")["loony_endgames"] == 2000).all()
    assert [round(100 * applies.min()), round(100 * applies.max())] == [44, 69]
    assert [round(100 * (1 - applies.max())), round(100 * (1 - applies.min()))] == [31, 56]


def test_rule_by_lines_drawn():
    lines = table("long_chain_rule_by_edges_drawn")
    plotted = lines[lines["policy"].isin(["perfect", "softmax"]) & (lines["rule_applies"] >= 20)]
    lowest = plotted.groupby("board")["controller_win_share"].min()
    assert round(100 * lowest["3x4 boxes"]) == 31 and round(100 * lowest["side-4 triangles"]) == 89


def test_first_chains_and_loops_endgames():
    s = table("long_chain_rule_first_chains_and_loops_sampled").set_index(["board", "stage"])
    simple = s.xs("first chains-and-loops endgame", level="stage")
    assert (simple["reached"] == 2000).all() and (simple["recursion_agrees"] == 2000).all()
    assert simple["rule_applies"].tolist() == [1661, 1934]
    assert simple["controller_wins_endgame"].tolist() == [1342, 1927]
    first = s.xs("first loony endgame", level="stage")
    assert round(100 * first.loc["side-4 triangles", "controller_wins_share"], 1) == 99.6


def test_perfect_play_by_board():
    e = table("long_chain_rule_perfect_play").set_index("board")
    assert e["empty_board_value"].tolist() == [2, -2, -3, 0, -3, -2] and (e["games"] == 2000).all()
    assert e["double_crosses_before_odd"].tolist() == [0, 0, 3, 214, 0, 641]
    assert (e["dots_rule_agrees"] == e["rule_applies"] - e["double_crosses_before_odd"]).all()
    assert (e["dots_and_double_crosses_agree"] == e["rule_applies"]).all()  # the identity V + D0 + L
    assert e.loc["3x4 boxes", ["first_player_in_control", "second_player_in_control"]].tolist() == [333, 965]
    assert e.loc["side-4 triangles", "first_player_in_control"] == 335
    assert e.loc["3x3 boxes", ["rule_applies", "second_player_in_control"]].tolist() == [1009, 1008]


def test_the_bold_answer_is_the_tables():
    answer = notebooks.bold_answer("13_long_chain_rule", "Perfect play, exact")
    x = (
        table("long_chain_rule_perfect_play_exact")
        .set_index(["board", "stage"])
        .xs("first loony endgame", level="stage")
    )
    applies = x["applies"]
    assert (applies.idxmin(), applies.idxmax()) == ("2x2 boxes", "side-3 triangles")
    assert f"in {round(100 * applies.min())}–{round(100 * applies.max())}% of games;" in answer
    w = table("long_chain_rule_game_winner").set_index(["board", "policy"]).xs("perfect", level="policy")
    exact = w.loc[["2x2 boxes", "2x3 boxes", "side-3 triangles"]]
    assert (
        exact["controller_wins_game"] == exact["rule_applies"]
    ).all() and "controller wins the game (3x3: 0.9985)" in answer
    assert round(1 - x.loc["3x3 boxes", "first_player_in_control"], 4) == 0.9985  # A in control loses the game by 3
    e = table("long_chain_rule_perfect_play").set_index("board").loc["side-4 triangles"]
    a_in_control, applies4 = int(e["first_player_in_control"]), int(e["rule_applies"])
    low, high = wilson_interval(a_in_control, applies4)
    share = [round(100 * v) for v in (a_in_control / applies4, low, high)]
    assert share == [29, 27, 32] and "holds control in 29% (27–32%) of them" in answer
    assert e["empty_board_value"] < 0  # A, the first player, loses side 4
    side4 = w.loc["side-4 triangles"]
    assert side4["controller_wins_game"] == applies4 - a_in_control  # B in control: the identity S + W = -2
    m = table("long_chain_rule_3x4_make_up").set_index(["long_chains", "loops"])
    assert m.loc[(1, 0), "controller_fails"] == 0 and m["controller_fails"].sum() == 204
    one_or_none = m[(m.index.get_level_values("long_chains") < 2) & (m.index.get_level_values("loops") == 0)]
    assert (one_or_none["controller_fails"] == 0).all()  # failures: a loop, or two long chains or more
    assert (
        m.loc[(1, 0), "controller_wins"] == 918
    ) and "loses or draws endgames only with a loop or 2+ long chains" in answer
    text = notebooks.prose("13_long_chain_rule")
    assert "won all 918 endgames with exactly one long chain and no loop" in " ".join(text.split())
    assert w.loc["3x4 boxes", "controller_draws_game"] == w.loc["3x4 boxes", "rule_applies"]


def test_the_3x4_endgame_is_minus_the_controllers_score_and_the_shorthand():
    text = notebooks.prose("13_long_chain_rule")
    t = table("long_chain_rule_by_board").set_index(["board", "policy"]).loc[("3x4 boxes", "perfect")]
    wins, draws, loses, applies = (int(t[c]) for c in ("controller_wins", "draw", "controller_loses", "rule_applies"))
    assert f"exactly the {wins:,} of {applies:,} games it began behind, drew it in the {draws} it began level" in text
    assert f"lost it in the {loses} it began ahead" in text and f"each of the {draws + loses} it did not win" in text
    e = table("long_chain_rule_perfect_play").set_index("board")
    odd = [
        f"{e.loc[b, 'double_crosses_before_odd']:,} of {e.loc[b, 'rule_applies']:,}" for b in ("3x3 boxes", "3x4 boxes")
    ]
    assert f"in {odd[0]} sampled games on 3x3, {odd[1]} on 3x4" in text
    assert "wrong that often" not in text and "never.**" not in text


def test_sampled_shares_in_the_prose_carry_their_intervals():
    text = notebooks.prose("13_long_chain_rule")
    w = table("long_chain_rule_game_winner").set_index(["board", "policy"]).xs("softmax", level="policy")
    share = w["controller_wins_game"] / w["rule_applies"]
    assert ((w["win_high"] - share).abs().max() < 0.03) and ((share - w["win_low"]).abs().max() < 0.03)
    assert "each 95% interval within 3 percentage points of its share" in text
    s = table("long_chain_rule_first_chains_and_loops_sampled").set_index(["board", "stage"])
    side4 = s.loc[("side-4 triangles", "first loony endgame")]
    numbers = [
        round(100 * side4[c], 1) for c in ("controller_wins_share", "controller_wins_low", "controller_wins_high")
    ]
    assert f"{numbers[0]}% ({numbers[1]}–{numbers[2]}%) on side 4" in text
