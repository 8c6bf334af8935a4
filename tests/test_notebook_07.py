"""Notebook 07 (larger boards): its exact helpers against plain oracles, and its prose against its tables.

The tables are the committed ones in data/tables (the notebook writes them; re-running it
changes no byte), so these tests execute nothing heavy.
"""

import json
import math

import numpy as np
import pandas as pd
import pytest

import notebooks
import triangles_core as tc
from notebooks import DATA, table
from studies import larger
from studies.larger import perfect_play_by_edges_drawn
from triangles_core.engine.game import NegamaxSolver


def _perfect_play_by_enumeration(side):
    """The reach probability of every position under perfect play, level by level, by plain negamax."""
    game = tc.TriangleGame(side)
    reference, reach, rows = NegamaxSolver(game), {game.position([]): 1.0}, []
    for _ in range(game.board.n_edges):
        following, mistakes, lost = {}, 0.0, 0.0
        for position, weight in reach.items():
            values = reference.move_values(position)
            best = max(values.values())
            optimal = [move for move, value in values.items() if value == best]
            mistakes += weight * sum(value < best for value in values.values()) / len(values)
            lost += weight * sum(best - value for value in values.values()) / len(values)
            for move in optimal:
                child = game.play(position, move).position
                following[child] = following.get(child, 0.0) + weight / len(optimal)
        rows.append((len(reach), mistakes, lost))
        reach = following
    return rows


@pytest.mark.parametrize("side", [1, 2])
def test_perfect_play_matches_an_enumeration_by_the_reference_negamax(side):
    exact = perfect_play_by_edges_drawn(tc.solve(side))
    expected = _perfect_play_by_enumeration(side)
    assert exact["positions"].tolist() == [row[0] for row in expected]
    assert np.allclose(exact["mistake_share"], [row[1] for row in expected], atol=1e-6)
    assert np.allclose(exact["random_move_value_lost"], [row[2] for row in expected], atol=1e-6)
    shares = exact[["mover_win_share", "draw_share", "mover_loss_share"]].sum(axis=1)
    assert np.allclose(shares, 1.0)


def test_the_empty_board_values_and_scores():
    sizes = table("larger_boards_empty_board").set_index("side")
    assert sizes["empty_board_value"].tolist() == [1, -2, -3, -2]
    assert sizes.loc[4, ["edges", "triangles", "positions"]].tolist() == [30, 16, 2**30]
    b = (sizes["triangles"] - sizes["empty_board_value"]) // 2
    a = (sizes["triangles"] + sizes["empty_board_value"]) // 2
    assert list(zip(b.loc[[2, 3, 4]], a.loc[[2, 3, 4]], strict=True)) == [(3, 1), (6, 3), (9, 7)]
    assert (-sizes["empty_board_value"] / sizes["triangles"]).round(3).loc[[2, 3, 4]].tolist() == [0.5, 0.333, 0.125]


def test_the_independent_check_agrees():
    """The C program's check that notebooks 07, 08 and 09 cite: the side-4 and 3x4 tables, byte for byte."""
    checks = pd.DataFrame(json.loads((DATA / "checks" / "table_checks.json").read_text())["checks"]).set_index("board")
    assert checks["agree"].all() and (checks["positions_that_differ"] == 0).all()
    assert (checks["c_sha256"] == checks["package_sha256"]).all()
    assert checks["positions"].to_dict() == {"side4": 2**30, "boxes3x4": 2**31}
    assert checks.loc["boxes3x4", "c_empty_board_value"] == 0


def test_the_side4_first_moves():
    classes = table("side4_first_move_classes")
    assert classes["size"].sum() == 30 and len(classes) == 6
    assert classes.loc[classes["optimal"], "size"].sum() == 18
    assert sorted(classes["value"], reverse=True) == [-2, -2, -2, -2, -4, -4]


def test_the_cost_of_a_mistake_over_all_positions():
    s = table("larger_boards_summary").set_index("side")
    assert s["exhaustive"].all()
    assert s["mean_value_lost"].round(1).tolist() == [0.0, 2.2, 6.8, 13.5]
    triangles = table("larger_boards_empty_board").set_index("side")["triangles"]
    assert (s["mean_value_lost"] / triangles).round(2).loc[[2, 3, 4]].tolist() == [0.55, 0.76, 0.84]
    assert s["mean_mistake_value_lost"].round(1).loc[[2, 3, 4]].tolist() == [4.0, 10.4, 21.0]
    assert s["value_lost_per_mistake_per_triangle"].round(2).loc[[2, 3, 4]].tolist() == [1.01, 1.16, 1.32]
    assert s["mistake_share"].round(2).loc[[3, 4]].tolist() == [0.65, 0.64]
    changing = s["outcome_changing_share"] / s["mistake_share"]
    assert (round(changing[3], 2), round(changing[4], 3)) == (0.88, 0.975)
    assert round(s.loc[4, "outcome_changing_share"], 2) == 0.62
    assert s.loc[1, "draw_share_unfinished"] == 0 and s.loc[1, "draw_share"] == 0.125  # the finished board
    assert s["draw_share_unfinished"].round(4).loc[[2, 3, 4]].tolist() == [0.0587, 0.0171, 0.0036]
    assert sum(math.comb(30, k) * (30 - k) for k in range(30)) == 16_106_127_360


def test_perfect_play_against_all_positions():
    play = table("larger_boards_play_by_edges_drawn")
    moves = table("larger_boards_value_lost_by_edges_drawn")
    assert play.loc[play["side"] < 4, "exact"].all() and not play.loc[play["side"] == 4, "exact"].any()
    levels = larger.compare_with_all_positions(play, moves, "mistake_share")
    assert levels[3] == {"above": [1, 3, 5, 6, 8, 11, 12, 13, 15, 16], "below": [2, 4, 7, 9, 10, 14]}
    assert levels[4] == {"above": list(range(9, 29)), "below": list(range(1, 9))}
    per_game = table("larger_boards_play_summary").set_index(["side", "play"])
    triangles = {3: 9, 4: 16}
    figures = {
        (side, play): (
            round(per_game.loc[(side, play), "mistake_share"], 2),
            round(per_game.loc[(side, play), "mean_value_lost"] / triangles[side], 2),
        )
        for side in (3, 4)
        for play in ("random", "perfect")
    }
    assert figures == {
        (3, "random"): (0.66, 0.54),
        (3, "perfect"): (0.69, 0.32),
        (4, "random"): (0.71, 0.52),
        (4, "perfect"): (0.77, 0.24),
    }
    side4 = per_game.loc[(4, "perfect")]
    assert side4["mistake_share_high"] - side4["mistake_share_low"] < 0.004
    assert (side4["mean_value_lost_high"] - side4["mean_value_lost_low"]) / 16 < 0.004


def test_the_answer_is_bold_short_and_its_numbers_are_the_tables():
    answer = notebooks.bold_answer("07_larger_boards", "The margin shrinks")
    sizes = table("larger_boards_empty_board").set_index("side")
    margins = [f"{100 * m:g}%" for m in (-sizes["empty_board_value"] / sizes["triangles"]).round(3).loc[[2, 3, 4]]]
    assert margins == ["50%", "33.3%", "12.5%"]
    assert "as a share of the board: the second player wins sides 2, 3 and 4 by a net 50%, 33% and 12.5%." in answer
    s = table("larger_boards_summary").set_index("side").loc[[2, 3, 4]]
    handed = (s["mean_mistake_value_lost"] / 2).round(1).tolist()
    share = (100 * s["value_lost_per_mistake_per_triangle"] / 2).round().astype(int).tolist()
    prose = notebooks.prose("07_larger_boards")
    assert f"it hands over {handed[0]}, {handed[1]} and {handed[2]} triangles" in prose  # over all positions
    assert f"over all positions it was {share[0]}%, {share[1]}% and {share[2]}%" in prose
    per_game = table("larger_boards_play_summary").set_index(["side", "play"])
    per_mistake = per_game["mean_value_lost"] / per_game["mistake_share"] / 2  # triangles handed over
    board = sizes["triangles"].reindex(per_mistake.index.get_level_values("side")).to_numpy()
    in_play = [f"{per_mistake.loc[(n, 'perfect')]:.1f}" for n in (2, 3, 4)]
    assert f"more triangles as the board grows ({in_play[0]}, {in_play[1]}, {in_play[2]})" in answer
    shares = (100 * per_mistake / board).round().astype(int)
    perfect, random = ([f"{shares.loc[(n, p)]}%" for n in (2, 3, 4)] for p in ("perfect", "random"))
    assert f"a falling share ({', '.join(perfect)})" in answer
    assert f"falls too ({random[0]}, {random[1]}, {random[2]})" in prose and random == sorted(random, reverse=True)


def test_the_side5_size():
    assert 2**45 / 2**40 == 32
    assert "a table of 32 TiB at one byte each" in notebooks.prose("07_larger_boards")
