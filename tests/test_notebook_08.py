"""The numbers that notebook 08 states, checked against the tables it commits.

The bold answer at the top and the figures typed in the prose are checked here against
`data/tables`, together with the identities the prose relies on.
"""

from __future__ import annotations

import pandas as pd
import pytest

import notebooks
from triangles_core.analysis.play import wilson_interval


def table(name: str) -> pd.DataFrame:
    return notebooks.table(f"game_review_{name}", keep_default_na=False)


@pytest.fixture(scope="module")
def by_move():
    return table("random_by_move")


@pytest.fixture(scope="module")
def totals(by_move):
    return by_move.groupby("player")[["probability", "value_lost_per_game", "winner_changes"]].sum()


def test_the_answer_is_bold_short_and_its_numbers_are_the_tables():
    answer = notebooks.bold_answer("08_game_review", "Answer: ")
    assert "changed 2, 3, 1 and 4 times" in answer and "7.1 times" in answer and "47.4%" in answer
    assert "none of the first three moves accounts for it" in answer


def test_sample_games_winner_changes_and_the_identity():
    summary = table("sample_summary")
    assert summary["winner_changes"].tolist() == [2, 3, 1, 4]
    assert summary["result"].tolist() == ["B wins by 5", "A wins by 3", "A wins by 3", "B wins by 7"]
    margin = summary["result"].str.extract(r"(\w) wins by (\d)")
    end_value = margin[1].astype(int) * margin[0].map({"A": 1, "B": -1})
    assert (end_value == -3 - summary["lost_a"] + summary["lost_b"]).all()  # the identity, on every game
    # the deciding move is a mistake of the loser in every game: a definition, stated as such
    assert (summary["decisive_player"] == margin[0].map({"A": "B", "B": "A"})).all()
    moves = table("sample_moves")
    assert (moves["value_lost"] % 2 == 0).all()
    game4 = moves[(moves["game"] == "game 4") & (moves["move"] == 7)].iloc[0]
    assert (game4["player"], game4["dots"], game4["value_before"], game4["value_after"]) == ("A", "2-4", 3, -7)
    assert game4["best_moves"] == "14 15 16 18"  # the four moves that keep +3
    taken = moves[(moves["game"] == "game 4") & moves["move"].between(8, 10)]
    assert (taken["player"] == "B").all() and taken["claims"].sum() == 3  # B takes the chain of 3


def test_random_play_exact(by_move, totals):
    results = table("random_results")
    assert results["margin_for_a"].tolist() == list(range(-9, 10, 2))
    assert results["probability"].sum() == pytest.approx(1, abs=1e-5)
    assert results["probability"].between(0.087, 0.1242).all()
    assert round(results.loc[results["margin_for_a"] > 0, "probability"].sum(), 4) == 0.4735
    first_two = by_move.set_index(["move", "player"]).loc[[(1, "A"), (2, "B")], "value_lost"].tolist()
    assert first_two == pytest.approx([2 / 3, 4.0], abs=1e-6)  # over all 18 x 17 first two moves
    assert totals["probability"].round(2).tolist() == [9.17, 8.83]
    assert totals["value_lost_per_game"].round(1).tolist() == [36.8, 39.5]
    assert (totals["value_lost_per_game"] / 2).round().tolist() == [18, 20]
    assert totals["winner_changes"].round(2).tolist() == [3.31, 3.78]
    assert round(totals["winner_changes"].sum(), 1) == 7.1
    assert totals["probability"].sum() == pytest.approx(18, abs=1e-4)


def test_no_single_early_move_accounts_for_random_a(by_move, totals):
    single = table("random_single_perfect_move").set_index("perfect_move")
    assert single.loc[0, "a_wins"] == pytest.approx(0.473514, abs=1e-6)
    assert single["a_wins"].mul(100).round(1).tolist() == [47.4, 47.8, 46.3, 48.4]
    assert round((single.loc[0, "a_wins"] - single.loc[2, "a_wins"]) * 100, 1) == 1.0
    assert round((single.loc[3, "a_wins"] - single.loc[0, "a_wins"]) * 100, 1) == 1.1
    shifts = (single["mean_margin_for_a"] - single.loc[0, "mean_margin_for_a"]).abs().round(2)
    assert shifts.loc[[2, 3]].tolist() == [0.12, 0.21]
    # the identity in expectation: mean margin = -3 - E[lost by A] + E[lost by B]
    assert (single["mean_margin_for_a"] - (-3 - single["lost_a"] + single["lost_b"])).abs().max() < 1e-3
    assert round(single.loc[3, "value_lost_when_random"], 2) == 3.95
    assert round(single.loc[0, "lost_b"] - single.loc[2, "lost_b"], 2) == 2.36
    assert round(single.loc[0, "lost_a"] - single.loc[2, "lost_a"], 2) == 2.24
    assert round(single.loc[0, "a_wins"] - single.loc[1, "a_wins"], 3) == -0.004
    difference = by_move.pivot(index="move", columns="player", values="value_lost_per_game").fillna(0)
    difference = difference["B"] - difference["A"]
    assert all(difference.loc[m] * (-1) ** m > 0 for m in range(1, 10))  # alternates over moves 1-9
    assert difference.loc[10:].abs().max() < 1
    assert round(totals.loc["B", "value_lost_per_game"] - totals.loc["A", "value_lost_per_game"], 2) == 2.67


def test_sampled_games_cover_the_exact_values(totals):
    counts = table("random_winner_changes")
    games = counts["games"].sum()
    assert games == 5000
    mean = (counts["winner_changes"] * counts["games"]).sum() / games
    sd = ((counts["games"] * (counts["winner_changes"] - mean) ** 2).sum() / (games - 1)) ** 0.5
    assert abs(mean - totals["winner_changes"].sum()) < 1.96 * sd / games**0.5
    cumulative = counts["share"].cumsum()
    assert counts["winner_changes"][cumulative.searchsorted([0.25, 0.75])].tolist() == [6, 9]
    assert counts.loc[counts["winner_changes"] <= 2, "games"].sum() == 75
    low, high = wilson_interval(2371, 5000)  # A's wins among the sampled games, printed by the notebook
    assert low < 0.473514 < high
