"""Sampled play (analysis.play): what the games reach, checked against the value table."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from triangles_core import solve, solve_boxes
from triangles_core.analysis.play import mean_interval, play_games, play_statistics, wilson_interval


@pytest.fixture(scope="module")
def side3():
    return solve(3)


@pytest.mark.parametrize("policy", ["random", "perfect", "softmax"])
def test_every_game_draws_each_edge_once_and_the_table_agrees(side3, policy):
    games = play_games(side3, policy, games=200, seed=5, temperature=0.7)
    b = side3.board
    for _, rows in games.groupby("game"):
        assert rows["edges_drawn"].tolist() == list(range(b.n_edges))
        assert sorted(rows["move"]) == list(range(1, b.n_edges + 1))
    sample = games.sample(300, random_state=0)
    for row in sample.itertuples():
        values = side3.move_values(int(row.position))
        assert row.value == side3.value(int(row.position)) == max(values.values())
        assert row.move_value == values[row.move]
        assert row.moves == len(values) and row.mistakes == sum(v < row.value for v in values.values())
        assert row.value_lost_total == sum(row.value - v for v in values.values())


def test_the_player_alternates_after_a_move_that_claims_nothing(side3):
    games = play_games(side3, "random", games=50, seed=2)
    for _, rows in games.groupby("game"):
        players, claims = rows["player"].tolist(), rows["claims"].tolist()
        assert players[0] == "A"
        for i in range(1, len(players)):
            assert (players[i] == players[i - 1]) == (claims[i - 1] > 0)


@pytest.mark.parametrize("solution", [lambda: solve(3), lambda: solve_boxes(2, 3)], ids=["side3", "boxes2x3"])
def test_perfect_play_loses_nothing_and_ends_at_the_value(solution):
    s = solution()
    games = play_games(s, "perfect", games=100, seed=9)
    assert (games["value_lost"] == 0).all()
    signed = np.where(games["player"] == "A", 1, -1) * games["claims"]
    margin = games.assign(signed=signed).groupby("game")["signed"].sum()
    assert (margin == s.value(0)).all()


def test_the_same_seed_gives_the_same_games_and_another_seed_others(side3):
    a, b = play_games(side3, "softmax", games=50, seed=4), play_games(side3, "softmax", games=50, seed=4)
    assert a.equals(b)
    assert not a.equals(play_games(side3, "softmax", games=50, seed=5))


def test_statistics_count_one_position_per_game_and_level(side3):
    stats = play_statistics(play_games(side3, "random", games=400, seed=0))
    assert (stats["positions"] == 400).all()
    assert (stats["mover_win_low"] <= stats["mover_win_share"]).all()
    assert (stats["mover_win_share"] <= stats["mover_win_high"]).all()
    assert stats.loc[0, "mistake_share"] == pytest.approx(6 / 18)  # the empty board: 6 of 18 first moves lose value


def test_intervals_contain_the_estimate_stay_in_the_unit_interval_and_take_series():
    low, high = wilson_interval(pd.Series([0.0, 3.0, 10.0]), np.array([10, 10, 10]))
    assert (low >= 0).all() and (high <= 1).all() and low[0] == 0 and high[2] == pytest.approx(1)
    assert (low <= np.array([0, 0.3, 1])).all() and (np.array([0, 0.3, 1]) <= high + 1e-12).all()
    low, high = mean_interval(pd.Series([1.0, 2.0]), pd.Series([0.0, 0.0]), 5)
    assert low.tolist() == high.tolist() == [1.0, 2.0]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"policy": "softmax", "temperature": 0}, "temperature must be positive"),
        ({"policy": "softmax", "temperature": float("nan")}, "temperature must be positive"),
        ({"start": [19]}, "edge 19 is not on the side-3 board"),
    ],
)
def test_bad_arguments_are_refused_before_any_game_is_played(side3, kwargs, message):
    with pytest.raises(ValueError, match=message):
        play_games(side3, **kwargs)


def test_more_moves_than_recorded_at_most_are_refused_before_playing(side3):
    with pytest.raises(ValueError, match="rows, more than"):
        play_games(side3, games=1_000_000)


@pytest.mark.parametrize("args", [(5, 3), (1, 0), (-1, 3)])
def test_wilson_interval_refuses_impossible_counts(args):
    with pytest.raises(ValueError):
        wilson_interval(*args)
