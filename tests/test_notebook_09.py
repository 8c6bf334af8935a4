"""Notebook 09 (Dots-and-Boxes: who wins, and which first lines keep it?): its prose against its tables.

The tables are the committed ones in data/tables (the notebook writes them; re-running it
changes no byte). The few facts not in a table are recomputed on the small boards.
"""

import pandas as pd

import notebooks
import triangles_core as tc
from notebooks import table


def test_the_small_boards_of_the_prose():
    """Their values (every position against the reference negamax: test_boxes.py) and 2x2's first moves."""
    assert tc.solve_boxes(1, 1).value([]) == -1
    two = tc.solve_boxes(2, 2)
    assert two.value([]) == 2
    assert two.winning_moves([]) == [1, 2, 3, 5, 8, 10, 11, 12] and two.drawing_moves([]) == [4, 6, 7, 9]


def test_empty_boards():
    empty = table("boxes_empty_boards").set_index("board")["value"]
    assert empty["3x3 boxes"] == -3
    single_row = table("boxes_empty_boards").query("board.str.startswith('1x')")
    assert (single_row["value"] == -(single_row["cells"] % 2)).all()
    assert empty[["2x2 boxes", "2x4 boxes"]].tolist() == [2, 2]
    assert empty[["2x3 boxes", "2x5 boxes"]].tolist() == [-2, -2]
    assert (empty[["side-2 triangles", "side-3 triangles", "3x3 boxes"]] < 0).all()
    assert set(empty[empty > 0].index) == {"2x2 boxes", "2x4 boxes", "side-1 triangles"}
    assert set(empty[empty == 0].index) == {f"1x{c} boxes" for c in (2, 4, 6, 8)}


def test_3x3_one_and_two_lines():
    boxes = tc.solve_boxes(3, 3)
    assert {int(boxes.values[1 << e]) for e in range(24)} == {3}
    two_lines = pd.Series([int(boxes.values[(1 << e) | (1 << f)]) for e in range(24) for f in range(e + 1, 24)])
    assert two_lines.value_counts().to_dict() == {-3: 210, -1: 66}
    pv = boxes.principal_variation([])
    assert [i for i, step in enumerate(pv, 1) if step.reward] == [7, 9, 10, 14, 16, 17, 21, 23, 24]
    assert pv[5].player == "B" and "".join(step.player for step in pv if step.reward) == "ABB" * 3
    assert sum(step.reward for step in pv if step.player == "B") == 6


def test_first_moves_of_3x3():
    """Side 3's first moves are notebook 04's (test_notebooks_03_04.py)."""
    from triangles_core.analysis.tables import first_move_classes

    boxes = first_move_classes(tc.solve_boxes(3, 3))
    assert (boxes["value"] == -3).all() and boxes["size"].sum() == 24 and len(boxes) == 4


def test_3x4_first_lines():
    classes = table("boxes3x4_first_moves")
    assert classes.loc[classes["optimal"], "edges"].tolist() == ["7 25", "16"]
    assert set(classes.loc[classes["optimal"], "value"]) == {0}
    assert set(classes.loc[~classes["optimal"], "value"]) == {-2}
    assert classes["size"].sum() == 31


def test_triangle_side_of_the_comparison():
    side3 = table("side3_outcomes_by_edges_drawn").set_index("edges_drawn")
    assert round(side3.loc[2, "mover_win_share"], 2) == 0.59


def test_where_a_random_move_costs_most():
    from triangles_core.analysis.tables import move_statistics_by_edges_drawn

    moves = {
        "triangles": move_statistics_by_edges_drawn(tc.solve(3)),
        "boxes": move_statistics_by_edges_drawn(tc.solve_boxes(3, 3)),
    }
    peaks = {name: t.loc[t["mean_value_lost"].idxmax()] for name, t in moves.items()}
    assert (peaks["triangles"]["edges_drawn"], round(peaks["triangles"]["mean_value_lost"], 1)) == (7, 8.0)
    assert (peaks["boxes"]["edges_drawn"], round(peaks["boxes"]["mean_value_lost"], 1)) == (14, 7.4)
    assert all(round(t["mistake_share"].max(), 2) == 0.87 for t in moves.values())
    assert all(t["mean_value_lost"].iloc[-1] == 0 for t in moves.values())


def test_the_answer_is_bold_short_and_its_numbers_are_the_tables():
    answer = notebooks.bold_answer("09_dots_and_boxes", "The second player")
    empty = table("boxes_empty_boards").set_index("board")["value"]
    boxes = empty[empty.index.str.endswith("boxes")]
    assert len(boxes) + 1 == 14  # and 3x4, below
    assert "Of the 14 boxes boards solved" in answer and "wins only 2x2 and 2x4, by 2" in answer
    assert set(boxes[boxes > 0].index) == {"2x2 boxes", "2x4 boxes"} and set(boxes[boxes > 0]) == {2}
    assert "wins 3x3 by 3 whatever the first line" in answer and empty["3x3 boxes"] == -3
    classes = table("boxes3x4_first_moves")
    assert classes.loc[classes["optimal"], "size"].sum() == 3 and classes.loc[~classes["optimal"], "size"].sum() == 28
    assert "only the 3 first lines on its middle vertical line keep (the other 28 lose 2)" in answer
