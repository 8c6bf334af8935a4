"""Game review: agreement with the triangle-war judge and the plain negamax reference (the CLI: test_cli.py)."""

import matplotlib
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

matplotlib.use("Agg")

import numpy as np  # noqa: E402

from triangles_core import solve, solve_boxes  # noqa: E402
from triangles_core.analysis.records import GameRecord, parse_record, random_record  # noqa: E402
from triangles_core.analysis.review import classify, review_game, summary_table  # noqa: E402
from triangles_core.engine.game import NegamaxSolver  # noqa: E402
from triangles_core.engine.retrograde import NOT_A_MOVE  # noqa: E402
from triangles_core.games.triangles import TriangleGame, board  # noqa: E402
from triangles_core.judge import run_dialect  # noqa: E402
from triangles_core.plot.review import plot_value_history  # noqa: E402

SPEC_GAMES = [  # SPEC section 1, the Triangle War sample; the judge answers B, A, A, B
    "2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n",
    "2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7 8\n",
    "1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n",
    "1 2\n2 5\n3 6\n5 8\n4 7\n6 10\n2 4\n4 5\n4 8\n7 8\n",
]


def judge_input(games):
    parts = [str(len(games))]
    for text in games:
        lines = text.strip().splitlines()
        parts += [str(len(lines))] + lines
    return "\n".join(parts) + "\n"


def test_spec_sample_games_agree_with_the_triangle_war_judge():
    answers = list(run_dialect("triangle-war", judge_input(SPEC_GAMES)))
    assert answers == ["Game 1: B wins.", "Game 2: A wins.", "Game 3: A wins.", "Game 4: B wins."]
    winners = [review_game(parse_record(text)).winner for text in SPEC_GAMES]
    assert winners == ["B", "A", "A", "B"]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 18))
def test_random_partial_games_agree_with_the_triangle_war_judge(seed, moves):
    record = random_record(3, seed, moves=moves)
    text = "\n".join("{} {}".format(*board(3).edges[e - 1]) for e in record.moves)
    answer = next(run_dialect("triangle-war", judge_input([text])))
    assert answer == f"Game 1: {review_game(record).winner} wins."


REFERENCE = NegamaxSolver(TriangleGame(2))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), start=st.integers(0, 2**9 - 1), moves=st.integers(0, 9))
def test_review_matches_the_plain_negamax_reference(seed, start, moves):
    """Every reviewed number recomputed from the reference solver (side 2, any start)."""
    b = board(2)
    record = random_record(2, seed, moves=moves, start=start)
    review = review_game(record)
    position, player, score = record.start, "A", {"A": 0, "B": 0}
    assert review.start_value == REFERENCE.value(position)
    for m, edge in zip(review.moves, record.moves, strict=False):
        sign = 1 if player == "A" else -1
        options = REFERENCE.move_values(position)
        best = max(options.values())
        margin = score["A"] - score["B"]
        assert (m.player, m.edge, m.dots) == (player, edge, b.edges[edge - 1])
        assert m.value_before == margin + sign * best
        assert m.value_after == margin + sign * options[edge]
        assert m.value_lost == best - options[edge] >= 0
        assert m.best_moves == tuple(e for e in sorted(options) if options[e] == best)
        assert m.choices == tuple(sorted({margin + sign * v for v in options.values()}))
        assert (m.lowest, m.highest) == (m.choices[0], m.choices[-1])
        claimed = len(b.completed_by(position, edge))
        score[player] += claimed
        assert (m.claims, m.score_a, m.score_b) == (claimed, score["A"], score["B"])
        position |= 1 << (edge - 1)
        if not claimed:
            player = "B" if player == "A" else "A"
    assert review.to_move == player
    assert review.start_value - review.value_lost["A"] + review.value_lost["B"] == review.end_value
    if review.finished:
        assert review.end_value == score["A"] - score["B"]
        assert review.final_cells == review.score
    a, b_total = review.final_cells
    assert a - b_total == review.end_value
    assert a + b_total == 4 - len(board(2).complete_cells(record.start))


def test_classification_rule():
    """Grades by cells handed over: 0 optimal, 2 (a cell) inaccuracy, 4 error, 6 or more blunder; odd as next even."""
    assert [classify(v) for v in range(40)] == ["optimal"] + ["inaccuracy"] * 2 + ["error"] * 2 + ["blunder"] * 35
    with pytest.raises(ValueError):
        classify(-1)


def cells_left(b, positions):
    """Cells not complete in each position (bitmask array), counted from the cell masks."""
    complete = sum(((positions & mask) == mask).astype(int) for mask in b.cell_masks)
    return b.n_cells - complete


@pytest.mark.parametrize("solution", [solve(2), solve(3), solve_boxes(2, 2)], ids=["side2", "side3", "boxes2x2"])
def test_value_lost_is_always_even_in_a_cell_game(solution):
    """The parity of the review module docstring: every value and every move value of a
    position is congruent to its unclaimed cells mod 2, so value lost is even."""
    b = solution.board
    positions = np.arange(2**b.n_edges, dtype=np.int64)
    left = cells_left(b, positions)
    assert ((solution.values.astype(int) - left) % 2 == 0).all()
    table = solution.move_table.astype(int)
    legal = table != NOT_A_MOVE
    assert legal.sum() == 2 ** (b.n_edges - 1) * b.n_edges  # every (position, free edge) pair
    assert (((table - left[:, None]) % 2 == 0) | ~legal).all()
    lost = solution.values.astype(int)[:, None] - table
    assert ((lost % 2 == 0) | ~legal).all() and (lost[legal] >= 0).all()


def test_third_sample_game_in_detail():
    review = review_game(parse_record(SPEC_GAMES[2]))  # values and mistakes: the doctests of review.py
    assert review.score == (2, 0) and review.to_move == "A" and review.remaining == 12
    assert review.result == "A wins by 3" and review.final_cells == (6, 3)
    assert review.perfect_play_result == "B wins by 3"
    assert review.value_lost == {"A": 4, "B": 10}


def test_start_position_triangles_belong_to_nobody():
    record = GameRecord.from_moves(3, [4, 6], start=[1, 2, 3, 5])  # triangle (1,2,3) complete at the start
    review = review_game(record)
    assert review.moves[0].claims == 0 and review.moves[1].claims == 1  # edge 6 completes (4,5,6)
    assert review.moves[1].player == "B" and review.score == (0, 1)
    assert sum(review.final_cells) == 8


def test_empty_record_and_wrong_side():
    review = review_game(parse_record(""))
    assert review.moves == () and review.end_value == review.start_value == -3
    assert review.decisive_move is None and review.table().empty
    with pytest.raises(ValueError, match="the record is for the side-3 board, the solution for the side-2 board"):
        review_game(parse_record("1"), solve(2))


def test_plot_marks_the_mistakes_and_the_movers_choices():
    review = review_game(parse_record(SPEC_GAMES[2]))
    ax = plot_value_history(review, title="game 3")
    b_choices = "B's choices (value for A of each legal move)"
    assert {"value for A", "inaccuracy", "error", "blunder", b_choices} <= set(ax.get_legend_handles_labels()[1])
    line = next(drawn for drawn in ax.get_lines() if drawn.get_label() == "value for A")
    assert list(line.get_ydata()) == review.values
    ticks = {c.get_label(): c.get_offsets().tolist() for c in ax.collections}
    assert ticks[b_choices] == [[m.move, v] for m in review.moves if m.player == "B" for v in m.choices]
    assert all(t % 2 == 1 for t in ax.get_yticks())  # values for A on the empty side-3 board are odd
    matplotlib.pyplot.close(ax.figure)


def test_summary_of_the_sample_games():
    reviews = {f"game {k}": review_game(parse_record(text)) for k, text in enumerate(SPEC_GAMES, start=1)}
    table = summary_table(reviews)
    assert table["result"].tolist() == ["B wins by 5", "A wins by 3", "A wins by 3", "B wins by 7"]
    assert table["decisive_move"].tolist() == [6, 7, 5, 7]
    assert table["decisive_player"].tolist() == ["A", "B", "B", "A"]
    assert (table["perfect_play_result"] == "B wins by 3").all()
    empty = review_game(parse_record("")).summary()
    assert (empty["decisive_move"], empty["decisive_before"]) == (0, -3)
