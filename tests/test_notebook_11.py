"""Notebook 11 (how good is MCTS?): its new helpers against plain oracles, and its prose against its tables.

The tables are the committed ones in data/tables, written by the notebook from the runs of
scripts/mcts_study.py committed in data/openspiel (re-running it changes no byte), so
these tests execute nothing heavy.
"""

from functools import cache

import nbformat
import pandas as pd
import pytest

import notebooks
import triangles_core as tc
from notebooks import DATA, ROOT
from triangles_core.openspiel import boxes
from triangles_core.openspiel.bots import exact_action_values

BOARDS = ["side3", "boxes2x2", "boxes2x3", "boxes3x3", "boxes3x4"]


def table(name, index=None):
    frame = notebooks.table(name)
    return frame.set_index(index) if index else frame


def percent(series):
    """Whole percents, in the series' order."""
    return [round(100 * v) for v in series]


def _random_play_mean(board, position, memo):
    # the mover's mean net future score when both players move uniformly at random, by plain recursion
    if position in memo:
        return memo[position]
    free = [e for e in range(board.n_edges) if not position >> e & 1]
    total = 0.0
    for e in free:
        after = position | 1 << e
        claims = sum(m & after == m and m & position != m for m in board.cell_masks)
        rest = _random_play_mean(board, after, memo) if free[1:] else 0.0
        total += claims + rest if claims else -rest
    memo[position] = total / len(free) if free else 0.0
    return memo[position]


def test_first_move_playouts_match_a_plain_recursion(study):
    solution = tc.solve_boxes(2, 2)
    board, memo = solution.board, {}
    got = study.first_move_playouts(solution)
    for e, row in got.iterrows():
        after = 1 << e
        claims = sum(m & after == m for m in board.cell_masks)
        rest = _random_play_mean(board, after, memo)
        assert row["random_play_mean"] == pytest.approx(claims + rest if claims else -rest, abs=5e-5)
        assert -1 <= row["random_play_win_minus_loss"] <= 1


def test_removed_share_counts_errors_of_the_same_rows(study):
    rollouts = pd.DataFrame({"position": [1, 1, 2, 3], "value_lost": [2, 2, 4, 0]})
    exact = rollouts.assign(value_lost=[0, 2, 0, 0])
    share, low, high = study.removed_share(exact, rollouts)
    assert share == pytest.approx(2 / 3) and low <= share <= high
    with pytest.raises(ValueError, match="same rows"):
        study.removed_share(exact.iloc[::-1], rollouts)


def test_the_bold_answer_is_short_and_says_what_the_tables_say(study):
    bold = notebooks.bold_answer("11_how_good_is_mcts")
    assert bold.startswith("Not within 10^4 simulations per move (10^5 on subsets; 3,000 on side 3).")
    _, main = _choices()
    top = main[main.simulations == main.groupby("board")["simulations"].transform("max")]
    empty = (top.board == "boxes2x2") & (top.position == 0)
    rates = study.error_summary(top[~empty], ["board"]).set_index("board")
    low, high = percent([rates.error_rate.min(), rates.error_rate.max()])
    ends = percent([rates.error_low.min(), rates.error_high.max()])
    assert (low, high, *ends) == (20, 31, 16, 40)
    assert (
        f"at {low}–{high}% of other sampled positions where it can (one per game" in bold
        and f"95% intervals {ends[0]}–{ends[1]}%" in bold
    )
    assert (
        (top[empty].value_lost > 0).all()
        and "at the empty 2x2 board, whose openings" in bold
        and "in every search from 3,000 simulations" in bold
    )
    more = table("11_mcts_100k_simulations")
    assert set(more.simulations) == {10000, 100000} and (more[more.simulations == 100000].error_low > 0.08).all()
    prose = notebooks.prose("11_how_good_is_mcts")
    assert "20–35%" not in prose and "none measurably" not in prose
    control = table("11_mcts_exact_evaluator", ["board", "simulations"])
    side3 = control.loc[("side3", 100)]
    assert round(100 * side3["removed_share"]) == 42 and side3["removed_low"] > 0
    assert (control.loc[[("boxes3x3", 100), ("boxes3x3", 1000)], "removed_low"] < 0).all()  # intervals include 0
    assert "42% on side 3 (19–61%) and on 3x3 22% (−6% to 45%), 30% (−5% to 56%) at 1,000" in prose


def test_the_2x2_rate_without_the_empty_board(study):
    _, main = _choices()
    rest = main[(main.board == "boxes2x2") & (main.simulations == 10000) & (main.position != 0)]
    row = study.error_summary(rest, ["board"]).iloc[0]
    assert percent(row[["error_rate", "error_low", "error_high"]]) == [27, 22, 31]
    assert "without it the 2x2 rate is 27% (22–31%)" in notebooks.prose("11_how_good_is_mcts")


def test_code_cells_are_short():
    cells = nbformat.read(ROOT / "notebooks" / "11_how_good_is_mcts.ipynb", as_version=4).cells
    code = [c.source.splitlines() for c in cells if c.cell_type == "code"]
    assert all(len(lines) <= 15 and max(map(len, lines)) <= 106 for lines in code)  # at most about 100 characters


def test_error_rates_by_simulations_as_the_prose_says():
    summary = table("11_mcts_error_rates")
    first = summary[summary.simulations == 10].set_index("board").loc[BOARDS]
    top = summary.loc[summary.groupby("board")["simulations"].idxmax()].set_index("board").loc[BOARDS]
    assert first["positions"].tolist() == [100, 500, 500, 500, 300]
    assert top["distinct_positions"].tolist() == [86, 392, 485, 486, 289]
    assert percent(first["error_rate"]) == [59, 49, 54, 54, 62]  # BOARDS' order
    assert top["simulations"].tolist() == [3000, 10000, 10000, 10000, 10000]
    answer = (100 * top[["error_rate", "error_low", "error_high"]]).round().astype(int).values.tolist()
    assert answer == [[29, 20, 40], [35, 23, 50], [20, 16, 24], [26, 22, 30], [31, 25, 37]]
    assert percent(top["random_move_error"]) == [69, 58, 60, 62, 69]
    assert (top["error_rate"] < top["random_move_error"]).all()
    assert top["mean_value_lost"].round(2).tolist() == [1.26, 0.78, 0.48, 0.82, 1.03]
    assert percent(top["verdict_lost_rate"]) == [19, 26, 11, 8, 25]
    changed = top["verdict_lost_rate"] / top["error_rate"]
    assert changed["boxes3x3"] < 1 / 3 and (changed.drop("boxes3x3") > 0.5).all()
    two = summary[summary.board == "boxes2x2"].set_index("simulations")
    assert percent(two.loc[[300, 10000], "error_rate"]) == [33, 35]


@cache
def _choices():
    choices = pd.read_csv(DATA / "openspiel" / "mcts_choices.csv")
    main = choices[choices.evaluator == "random"]
    return choices, main[(main.board != "boxes3x3") | (main.implementation == "cpp")]


def test_the_empty_2x2_board_as_the_prose_says():
    choices, main = _choices()
    two = main[main.board == "boxes2x2"]
    empty = two[two.position == 0].groupby("simulations")["value_lost"]
    assert empty.size().eq(59).all()
    shares = empty.apply(lambda s: (s > 0).mean())
    assert shares.index.tolist() == [10, 30, 100, 300, 1000, 3000, 10000]
    assert percent(shares) == [36, 46, 64, 83, 88, 100, 100]
    rest = two[two.position != 0].groupby("simulations")["value_lost"].apply(lambda s: (s > 0).mean())
    assert round(100 * rest[300], 1) == 26.1 and round(100 * rest[10000], 1) == 26.8
    solution = tc.solve_boxes(2, 2)
    values = exact_action_values(solution, boxes.native_game(2, 2).new_initial_state())
    centre = {a for a, v in values.items() if v == 0}
    assert centre == {2, 3, 7, 10} and {v for a, v in values.items() if a not in centre} == {2}
    extra = pd.read_csv(DATA / "openspiel" / "mcts_extra.csv")
    searches = extra[(extra.board == "boxes2x2") & (extra.position == 0)]
    assert searches.groupby(["utility_margin", "simulations"]).size().to_dict() == {
        (m, n): k for m in (False, True) for n, k in ((10000, 10), (100000, 3), (400000, 3))
    }
    assert searches["action"].isin(centre).all() and (searches["value_lost"] == 2).all()
    exact_empty = choices[(choices.evaluator == "exact") & (choices.board == "boxes2x2") & (choices.position == 0)]
    assert exact_empty.groupby("simulations").size().eq(20).all() and not exact_empty["action"].isin(centre).any()


def test_random_rollouts_rank_the_2x2_first_moves_backwards():
    moves = table("11_mcts_2x2_first_moves")
    centre = moves[moves.centre_dot]
    assert sorted(centre["action"]) == [2, 3, 7, 10] and set(centre["value"]) == {0}
    assert set(centre["random_play_mean"]) == {0.2921}
    others = moves[~moves.centre_dot]
    assert set(others["value"]) == {2} and set(others["random_play_mean"]) == {-0.1304}
    # win/loss returns estimate P(win) - P(loss): backwards too
    assert set(centre["random_play_win_minus_loss"]) == {0.0896} and set(others["random_play_win_minus_loss"]) == {
        -0.045
    }
    assert "which ranks them backwards too: +0.090 against −0.045." in notebooks.prose("11_how_good_is_mcts")


def test_mcts_solver_changes_nothing_at_the_empty_2x2_board():
    solver = table("11_mcts_solver_empty_2x2")
    assert solver.groupby(["solve", "simulations"]).size().to_dict() == {
        (s, n): k for s in (False, True) for n, k in ((10000, 5), (100000, 3))
    }
    assert solver["action"].isin([2, 3, 7, 10]).all() and (solver["value_lost"] == 2).all()
    assert (solver["root_children_proved"] == 0).all()
    deep = solver[solver.simulations == 100000].groupby("solve")[["nodes_with_outcome", "nodes"]].mean()
    assert 6000 < deep.loc[True, "nodes_with_outcome"] < 7000 and 2000 < deep.loc[False, "nodes_with_outcome"] < 2500
    assert (deep["nodes"] > 90_000).all() and (deep["nodes"] < 110_000).all()


def test_phases_and_thirds_as_the_prose_says():
    phases = table("11_mcts_errors_by_phase", ["board", "phase"])
    capture = phases.xs("capture available", level="phase").loc[BOARDS]
    safe = phases.xs("safe moves remain", level="phase").loc[BOARDS]
    assert capture[["errors", "positions"]].values.tolist() == [[2, 58], [0, 221], [1, 277], [18, 278], [26, 185]]
    assert percent(safe["error_rate"]) == [66, 68, 42, 49, 59]  # BOARDS' order
    assert percent(safe["random_move_error"]) == [69, 50, 48, 52, 63]
    inside = (safe["error_low"] <= safe["random_move_error"]) & (safe["random_move_error"] <= safe["error_high"])
    assert inside.tolist() == [True, False, True, True, True]
    assert round(100 * safe.loc["boxes2x2", "error_low"]) == 53 and int(safe.loc["boxes2x2", "errors"]) == 177
    assert phases.xs("loony endgame", level="phase").loc[BOARDS, "positions"].tolist() == [1, 18, 17, 13, 6]
    stages = table("11_mcts_errors_by_edges_drawn").groupby(["board", "stage"])[["errors", "positions"]].sum()
    last = stages.xs("last third", level="stage").loc[BOARDS]
    assert last["errors"].tolist() == [0, 0, 0, 0, 5] and int(last.loc["boxes3x4", "positions"]) == 87
    rate = (stages["errors"] / stages["positions"]).unstack("stage")
    assert (rate["first third"] > rate["middle third"]).all()


def test_the_control_as_the_prose_says():
    control = table("11_mcts_exact_evaluator", ["board", "simulations"])
    boards = ["boxes2x2"] * 3 + ["boxes3x3"] * 3 + ["side3"] * 2
    assert control.index.tolist() == list(zip(boards, [10, 100, 1000, 10, 100, 1000, 10, 100], strict=True))
    assert percent(control["error_rate"]) == [1, 6, 2, 6, 29, 21, 4, 26]
    shares = (100 * control[["removed_share", "removed_low", "removed_high"]]).round().astype(int).values.tolist()
    assert shares[:4] == [[98, 93, 100], [83, 56, 96], [95, 78, 100], [88, 77, 96]]
    assert shares[4:] == [[22, -6, 45], [30, -5, 56], [93, 85, 98], [42, 19, 61]]
    prose = notebooks.prose("11_how_good_is_mcts")
    assert "98% (93–100%), 88% (77–96%) and 93% (85–98%) at 10 simulations on 2x2, 3x3 and side 3" in prose
    assert "and 83% (56–96%) and 95% (78–100%) on 2x2 at 100 and 1,000" in prose
    imp = table("11_mcts_cpp_vs_python", ["implementation", "simulations"])
    assert imp.index.tolist() == [("cpp", 100), ("cpp", 1000), ("python", 100), ("python", 1000)]
    assert percent(imp["error_rate"]) == [41, 31, 40, 30]
    paired = table("11_mcts_paired_comparisons")
    counts = paired[["first_only", "second_only"]].values.tolist()
    assert counts == [[71, 66], [55, 50], [1, 6], [0, 23], [1, 23], [8, 1], [4, 4], [10, 4], [57, 61], [40, 97]]
    p = paired["p_value"].tolist()
    assert (round(p[0], 2), round(p[1], 2)) == (0.73, 0.70) and p[2] > 0.1 and max(p[3:5]) < 0.001
    assert [round(100 * s) for s in paired["same_move"][:2]] == [25, 36]
    assert (round(p[5], 2), p[6], round(p[7], 2)) == (0.04, 1.0, 0.18) and p[8] > 0.5 and p[9] < 0.001


def test_the_root_estimates_as_the_prose_says():
    roots = table("11_mcts_root_estimates", "simulations")
    assert roots.loc[10, ["positions_with_unvisited_moves", "of_which_chosen_mean_exact"]].tolist() == [70, 70]
    assert roots.loc[10, ["errors", "errors_no_optimal_visited"]].tolist() == [6, 6]
    at_100 = roots.loc[100]
    assert at_100[["errors", "errors_no_optimal_visited", "errors_chosen_more_overestimated"]].tolist() == [29, 0, 29]
    assert at_100[["mean_chosen_bias_at_errors", "mean_optimal_bias_at_errors"]].round(2).tolist() == [2.79, -2.84]


def test_more_simulations_and_other_settings_as_the_prose_says():
    more = table("11_mcts_100k_simulations", ["board", "simulations"])
    boards = ["boxes2x2", "boxes2x3", "boxes3x3"]
    assert percent(more.xs(100000, level="simulations").loc[boards, "error_rate"]) == [37, 21, 17]
    assert percent(more.xs(10000, level="simulations").loc[boards, "error_rate"]) == [44, 21, 27]
    assert (more.xs(100000, level="simulations")["error_low"] > 0.08).all()
    top = more.xs(100000, level="simulations").loc[boards]
    shown = [
        f"{round(100 * r.error_rate)}% ({round(100 * r.error_low)}–{round(100 * r.error_high)}%)"
        for r in top.itertuples()
    ]
    assert shown == ["37% (14–58%)", "21% (13–30%)", "17% (8–28%)"]
    assert "at 37% (14–58%), 21% (13–30%) and 17% (8–28%) of the 2x2, 2x3 and 3x3 rows" in notebooks.prose(
        "11_how_good_is_mcts"
    )
    returns = table("11_mcts_exploration_and_returns", ["utility_margin", "uct_c"])
    assert {k: round(100 * v, 1) for k, v in returns["error_rate"].items()} == {
        (True, 2.0): 30.6,
        (True, 18.0): 31.4,
        (False, 2.0): 42.0,
    }
    assert returns.loc[(False, 2.0), "mean_value_lost"] > returns.loc[(True, 2.0), "mean_value_lost"]
