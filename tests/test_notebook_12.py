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
    agree = table("control_agreement_by_board").set_index("board")["agree_share"]
    big = ["side 3", "side 4", "2x4 boxes", "3x3 boxes", "3x4 boxes"]  # 8 cells or more (9, 16, 8, 9, 12)
    larger, smaller = agree[big], agree.drop(big)
    assert len(agree) == 13 and f"{round(100 * larger.min())}–{percent(larger.max())} of decided positions" in answer
    assert f"({round(100 * smaller.min())}–{percent(smaller.max())} on smaller)" in answer
    empty = table("control_empty_boards").set_index("board")["control_winner_wins_game"].astype(str)
    assert list(empty[empty == "True"].index) == ["side 3", "side 4"]
    losing = empty[empty == "False"].index
    assert {"side 1", "side 2"} < set(losing) and len(losing) - 2 == 6 and "six boxes boards" in answer
    assert list(empty[empty == "draw"].index) == ["1x2 boxes", "1x4 boxes", "3x4 boxes"]


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
    for name in ["side 3", "2x2 boxes", "2x3 boxes"]:
        b = control.BOARDS[name]()
        rows.append(control.reached_by_phase(name, b, tc.solve_cells(b).values, control.control_table(b)))
    phases = pd.concat(rows).pivot(index="board", columns="phase", values="disagree")
    side3 = phases.loc["side 3"]
    assert f"{side3['capture available']} of the {side3.sum()} disagreeing positions" in prose
    assert f"other {side3['loony endgame']} are loony endgames" in prose
    for name in ["2x2 boxes", "2x3 boxes"]:
        row = phases.loc[name]
        assert f"{row['safe moves remain']:,} of {row.sum():,}" in prose
