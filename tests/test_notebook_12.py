"""Notebook 12 (does the player who wins the game of control win the game?): its prose against its tables.

The tables are the committed ones in data/tables (the notebook writes them; re-running it
changes no byte); the phases of the disagreements are recomputed here on the four small
boards, as the notebook computes them.
"""

import pandas as pd
import pytest

import notebooks
import triangles_core as tc
from notebooks import table
from triangles_core.analysis import control


@pytest.fixture(scope="module")
def prose():
    return notebooks.prose("12_the_game_of_control")


def percent(share):
    return f"{round(100 * share)}%"


def test_the_bold_answer_is_the_tables(prose):
    answer = notebooks.bold_answer("12_the_game_of_control", "Position by position")
    t = table("control_agreement_by_board").set_index("board")
    assert len(t) == 13
    share = t["agree_share"]
    assert share["side 1"] == share["1x1 boxes"] == 0
    assert "of decided positions, 0% agree on one-cell boards (an identity)" in answer
    ones = share[["1x2 boxes", "1x3 boxes", "1x4 boxes"]]
    assert f"{round(100 * ones.min())}–{percent(ones.max())} on 1xn boxes" in answer
    assert f"{percent(share['2x2 boxes'])} on 2x2 against {percent(share['side 2'])} on side 2" in answer
    assert f"{round(100 * share['2x3 boxes'])}–{percent(share['2x4 boxes'])} on 2x3 and 2x4" in answer
    largest = share[["3x3 boxes", "3x4 boxes", "side 3", "side 4"]]
    assert f"{round(100 * largest.min())}–{percent(largest.max())} on larger boards" in answer
    empty = table("control_empty_boards").set_index("board")["control_winner_wins_game"].astype(str)
    assert list(empty[empty == "True"].index) == ["side 3", "side 4"] and "yes only on sides 3 and 4" in answer
    assert empty["3x4 boxes"] == "draw"
    losing = empty[empty == "False"].index
    assert {"side 1", "side 2"} < set(losing) and len(losing) - 2 == 6
    assert list(empty[empty == "draw"].index) == ["1x2 boxes", "1x4 boxes", "3x4 boxes"]


def test_the_first_move_columns_cannot_tell(prose):
    empty = table("control_empty_boards").set_index("board")
    some = empty[(empty.control_first_moves > 0) & (empty.control_first_moves < empty.edges)]
    assert list(some.index) == ["side 2", "3x3 boxes"]  # elsewhere all first moves or none win Nimstring
    for name, words in [("side 2", "all 9 worth −2 on side 2"), ("3x3 boxes", "all 24 worth −3 on 3x3")]:
        b = control.BOARDS[name]()
        values = tc.solve_cells(b).values
        first = {-int(values[1 << e]) for e in range(b.n_edges)}
        assert first == {int(values[0])} and words in prose  # every first move is optimal


def test_agreement_by_board_as_the_prose_reads_it(prose):
    t = table("control_agreement_by_board").set_index("board")
    sides = ", ".join(f"side {k} {percent(t.loc[f'side {k}', 'agree_share'])}" for k in range(1, 5))
    assert f"({sides})" in prose
    reached = ", ".join(percent(t.loc[f"side {k}", "reached_agree_share"]) for k in range(1, 5))
    assert f"({reached})" in prose
    assert f"3x3 at {percent(t.loc['3x3 boxes', 'reached_agree_share'])}" in prose
    assert f"3x4 at {percent(t.loc['3x4 boxes', 'reached_agree_share'])}" in prose
    assert f"3x3 at {percent(t.loc['3x3 boxes', 'agree_share'])}" in prose


def test_the_disagreements_of_perfect_play_by_phase(prose):
    rows = []
    for name in ["side 2", "side 3", "2x2 boxes", "2x3 boxes"]:
        b = control.BOARDS[name]()
        rows.append(control.reached_by_phase(name, b, tc.solve_cells(b).values, control.control_table(b)))
    phases = pd.concat(rows).groupby("board").sum(numeric_only=True)
    capture = pd.concat(rows).set_index(["board", "phase"]).loc[("side 3", "capture available"), "disagree"]
    side3 = phases.loc["side 3"]
    assert f"({capture} of {side3.disagree})" in prose and "97.8% of all its positions" in prose
    assert f"all of them in {side3.disagree_takes_all} of side 3's {side3.disagree} disagreeing" in prose
    assert f"against {side3.agree_takes_all} of its {side3.agree:,} agreeing" in prose
    assert f"decides the other {side3.disagree - side3.disagree_takes_all} side-3" in prose
    assert f"in {side3.disagree_takes_all} of the {side3.disagree} positions of perfect play" in prose
    small = [phases.loc[n] for n in ["2x2 boxes", "2x3 boxes"]]
    assert " and ".join(f"{r.disagree_takes_all} of {r.disagree:,}" for r in small) + " disagreements" in prose
    finished = phases.agree_takes_all + phases.disagree_takes_all
    where = phases.disagree_takes_all / finished
    elsewhere = (phases.disagree - phases.disagree_takes_all) / (phases.agree + phases.disagree - finished)
    assert f"{where['side 3']:.1%} of the positions where the winner takes every remaining cell" in prose
    assert f"against {elsewhere['side 3']:.1%} of the others" in prose
    assert (
        "(2x2: {:.0%} against {:.0%}; 2x3: {:.0%} against {:.0%})".format(
            where["2x2 boxes"], elsewhere["2x2 boxes"], where["2x3 boxes"], elsewhere["2x3 boxes"]
        )
        in prose
    )
    assert f"close ({where['side 2']:.0%} and {elsewhere['side 2']:.0%})" in prose
    assert (where[["2x2 boxes", "2x3 boxes"]] < elsewhere[["2x2 boxes", "2x3 boxes"]]).all()
    safe = pd.concat(rows).set_index(["board", "phase"]).xs("safe moves remain", level="phase")["disagree"]
    pairs = zip(["2x2 boxes", "2x3 boxes"], small, strict=True)
    assert " and ".join(f"{safe[n]:,} of {r.disagree:,}" for n, r in pairs) in prose


def test_the_rule_before_the_endgame_as_the_prose_reads_it(prose):
    t = table("long_chain_rule_predictions").set_index(["board", "long_chains"])
    named, mover = t["named_win_share"], t["mover_win_share"]
    assert (t.decided < t.positions + 1).all()
    assert f"in {percent(named['side 3', 0])} of side 3's decided positions" in prose
    assert f"(naming the player to move: {percent(mover['side 3', 0])})" in prose
    assert f"{percent(named['side 3', 1])} with one ({percent(mover['side 3', 1])})" in prose
    assert t.loc[("side 3", 2), ["decided", "named_wins", "mover_wins"]].tolist() == [24, 0, 24]
    assert f"in {percent(named['2x2 boxes', 0])} and {percent(named['2x3 boxes', 0])} " in prose
    assert f"({percent(mover['2x2 boxes', 0])} and {percent(mover['2x3 boxes', 0])})" in prose
    assert f"({percent(named['2x3 boxes', 1])} against {percent(mover['2x3 boxes', 1])})" in prose
    beats = t.index[named > mover].tolist()
    assert beats == [("2x3 boxes", 1)] and "except on 2x3 once a long chain has formed" in prose


def test_the_two_stages_of_the_rule_in_perfect_play(prose):
    x = table("long_chain_rule_perfect_play_exact").set_index(["board", "stage"])["applies"]
    simple = [
        percent(x["side-3 triangles", "first chains-and-loops endgame"]),
        percent(x["2x3 boxes", "first chains-and-loops endgame"]),
    ]
    first = [percent(x["side-3 triangles", "first loony endgame"]), percent(x["2x3 boxes", "first loony endgame"])]
    assert f"in {simple[0]} and {simple[1]} of games" in prose and f"in {first[0]} and {first[1]} (notebook 13" in prose
