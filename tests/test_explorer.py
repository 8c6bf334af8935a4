"""The explorer's Python side: the cell board spec, the state it shows, and the anywidget."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import triangles_core as tc
from triangles_core import InvalidPositionError
from triangles_core.explorer import ESM, board_spec, explorer_state, site_boards, site_script

pytest.importorskip("anywidget")


def click(widget, **content):
    """What the front end sends when a button or an edge is clicked (a custom message)."""
    widget._handle_custom_msg(content, [])


def test_state_follows_the_rules(solution3):
    # A draws 1, B draws 2, A draws 3 and claims triangle (1, 2, 3), so A moves again.
    state = explorer_state(solution3, [], [1, 2, 3])
    shown = (state["moves"], state["to_move"], state["score"], state["owners"])
    assert shown == ([1, 2, 3], "A", [1, 0], ["A"] + [""] * 8)
    assert state["values"] == solution3.move_values([1, 2, 3]) and state["value"] == solution3.value([1, 2, 3])
    assert state["pv"] == [] and not state["show_pv"]
    # cells complete at the start belong to nobody; A draws 5, B draws 4: (4, 5, 6) lacks 6, A moves
    state = explorer_state(solution3, [1, 2, 3], [5, 4])
    assert (state["start"], state["owners"][0], state["score"], state["to_move"]) == ([1, 2, 3], "-", [0, 0], "A")
    # a whole random game: the score is the claims of the replayed game
    moves = random.Random(7).sample(range(1, 19), 18)
    state = explorer_state(solution3, [], moves)
    assert state["value"] is None and state["values"] == {} and all(owner in ("A", "B") for owner in state["owners"])
    for k in range(19):
        s = explorer_state(solution3, [], moves[:k])
        assert sum(s["score"]) == len(tc.board(3).complete_cells(tc.board(3).position(moves[:k])))
    for bad in ([1, 1], [19]):
        with pytest.raises(InvalidPositionError):
            explorer_state(solution3, [], bad)


def test_principal_variation_names_the_real_players(solution3):
    state = explorer_state(solution3, [], [1, 2, 3, 4], show_pv=True)  # B to move
    pv = solution3.principal_variation([1, 2, 3, 4])
    assert [(s["edge"], s["player"]) for s in state["pv"]] == [(s.edge, {"A": "B", "B": "A"}[s.player]) for s in pv]
    # the line's claims add up to the position's value for the player to move
    net = sum(s["claims"] * (1 if s["player"] == "B" else -1) for s in state["pv"])
    assert net == state["value"]


def test_widget_traits_after_simulated_clicks(solution3):
    w = tc.explore(3)
    assert w.spec == board_spec(3) and w.values == solution3.move_values([]) and w.value == -3
    for edge in (1, 2, 3):
        click(w, type="play", edge=edge)
    assert w.moves == [1, 2, 3] and w.score == [1, 0] and w.values == solution3.move_values([1, 2, 3])
    click(w, type="play", edge=3)  # an illegal click changes nothing but the message
    assert w.moves == [1, 2, 3] and "already drawn" in w.message
    click(w, type="play", edge=99)
    assert w.moves == [1, 2, 3] and "not on the side-3 board" in w.message
    click(w, type="best")
    assert w.moves == [1, 2, 3, min(solution3.optimal_moves([1, 2, 3]))] and w.message == ""
    click(w, type="undo")
    assert w.moves == [1, 2, 3] and w.values == solution3.move_values([1, 2, 3])
    click(w, type="pv", show=True)
    assert w.show_pv and [s["edge"] for s in w.pv] == [s.edge for s in solution3.principal_variation([1, 2, 3])]
    click(w, type="play", edge=9)
    assert w.show_pv and w.pv[0]["player"] == w.to_move  # the line follows the position
    click(w, type="reset")
    assert w.moves == [] and w.score == [0, 0] and w.value == -3
    click(w, type="pv", show=False)
    click(w, type="undo")  # nothing to undo
    assert w.moves == [] and not w.show_pv and w.pv == []


def test_widget_python_methods_and_a_full_game(solution3):
    w = tc.explore(3, position=[1, 2])
    with pytest.raises(InvalidPositionError):
        w.play(1)
    while w.value is not None:
        w.best_move()
    assert w.values == {} and w.best_move() is None
    # perfect play from the start position: A's margin is the start position's value
    assert w.score[0] - w.score[1] == solution3.value([1, 2])


# ------------------------------------------------------------------- the analysis board
def test_grades_are_those_of_triangles_review():
    from triangles_core.analysis.review import classify
    from triangles_core.explorer import grade_names

    names = grade_names()
    assert board_spec(2)["grades"] == names
    for lost in range(40):  # what the browser reads: names[min(lost, last)]
        assert names[min(lost, len(names) - 1)] == classify(lost)


def test_history_is_the_review_of_the_game(solution3):
    from triangles_core.analysis.records import parse_record
    from triangles_core.analysis.review import review_game

    record = parse_record("1 2\n2 3\n1 3\n2 4\n2 5\n4 5")  # POJ 1085 game 3
    state = explorer_state(solution3, [], record.moves, cursor=2)
    review = review_game(record, solution3)
    assert state["line"] == list(record.moves) and state["moves"] == list(record.moves[:2])
    assert state["values"] == solution3.move_values(record.moves[:2]) and state["start_value"] == review.start_value
    assert [h["value_after"] for h in state["history"]] == review.values[1:]
    assert [(h["ply"], h["player"], h["value_lost"], h["grade"]) for h in state["history"] if h["value_lost"]] == [
        (m.move, m.player, m.value_lost, m.classification) for m in review.mistakes
    ]
    assert state["history"][2]["cells"] == [1] and state["history"][2]["claims"] == 1
    assert state["owners"][0] == ""  # the claim of move 3 is not on the board at cursor 2
    assert explorer_state(solution3, [], record.moves)["owners"][0] == "A"
    with pytest.raises(ValueError):
        explorer_state(solution3, [], [1, 2], cursor=3)


def test_widget_analysis_board_actions(solution3):
    w = tc.explore(3)
    for edge in (4, 5, 9, 11):
        click(w, type="play", edge=edge)
    click(w, type="goto", cursor=1)
    assert w.moves == [4] and w.line == [4, 5, 9, 11] and w.values == solution3.move_values([4])
    click(w, type="redo")
    assert w.moves == [4, 5]
    click(w, type="play", edge=9)  # the next move of the line: the line is kept
    assert w.line == [4, 5, 9, 11] and w.cursor == 3
    click(w, type="play", edge=1)  # another move: it replaces the rest of the line
    assert w.line == [4, 5, 9, 1] and w.cursor == 4
    click(w, type="goto", cursor=99)
    assert "cursor" in w.message and w.cursor == 4
    pv = w.principal_variation()
    click(w, type="line", edges=[s["edge"] for s in pv[:3]])
    assert w.line == [4, 5, 9, 1] + [s["edge"] for s in pv[:3]]
    assert all(h["value_lost"] == 0 for h in w.history[4:])
    click(w, type="new_game")
    assert sorted(w.start) == sorted([4, 5, 9, 1] + [s["edge"] for s in pv[:3]]) and w.line == [] and w.to_move == "A"
    click(w, type="load", text="start: 1 2\n3 e4 5-6\n")
    assert w.start == [1, 2] and w.line == [3, 4, 9] and w.cursor == 3 and w.score == [1, 0]
    click(w, type="load", text="1 2\n2 1\n")
    assert w.message == "line 2, token '2 1': edge 1 (dots 1-2) is already drawn" and w.line == [3, 4, 9]


def test_widget_plays_against_the_solver(solution3):
    w = tc.explore(3)
    click(w, type="opponent", player="B", max_loss=0)
    click(w, type="play", edge=4)
    assert w.line[0] == 4 and len(w.line) >= 2 and w.to_move == "A"
    assert all(h["value_lost"] == 0 for h in w.history if h["player"] == "B")
    assert w.line[1] == min(solution3.optimal_moves([4]))
    w = tc.explore(3)
    w.set_opponent("A", max_loss=4)  # A to move at the start: the solver moves at once
    assert w.to_move == "B"
    while w.value is not None:
        w.best_move()  # B's best moves; A replies each time
    assert all(h["value_lost"] <= 4 for h in w.history if h["player"] == "A")
    with pytest.raises(ValueError):
        w.set_opponent("C")


@pytest.mark.parametrize(
    "make, said",
    [
        (lambda: tc.solve_number_game(), "the explorer shows cell games (Fighting for Triangles, Dots-and-Boxes)"),
        (lambda: tc.solve(5, method="search"), "the explorer needs a value table"),
    ],
)
def test_the_explorer_refuses_a_game_it_cannot_show(make, said):
    game = make()
    for call in (lambda: explorer_state(game), lambda: tc.explore(game)):
        with pytest.raises(ValueError) as raised:
            call()
        assert str(raised.value).startswith(said)


def test_explore_takes_a_side_or_boxes_not_both():
    """As the command line refuses --side with --boxes; the default side is 3 only when neither is given."""
    with pytest.raises(ValueError, match="^explore takes side or boxes, not both$"):
        tc.explore(2, boxes=(2, 2))
    assert repr(tc.explore(boxes=(1, 1))).startswith("Explorer(1x1 boxes board")
    assert repr(tc.explore()) == "Explorer(side-3 board, moves=[])"
    assert explorer_state(np.int64(2))["value"] == explorer_state(2)["value"]  # a side of any integer type


def test_a_refused_line_leaves_the_widget_as_it_was():
    """A4: play_line checks the whole line first; an illegal move anywhere in it changes nothing."""
    w = tc.explore(2)
    w.play(3)
    before = (list(w.line), w.cursor, dict(w.values), list(w.history))
    for line in ([1, 99], [1, 1], [1, 2, 3.0]):
        with pytest.raises(InvalidPositionError, match="is illegal"):
            w.play_line(line)
        assert (list(w.line), w.cursor, dict(w.values), list(w.history)) == before
    w.play_line(iter([1, 2]))  # any iterable, read once
    assert w.line == [3, 1, 2]


def test_site_script_data_never_ends_the_script_element():
    assert "</script" not in ESM.read_text().lower()  # the module is inlined in the page
    boards = site_boards({"</script><!--<script>": 2})
    script = site_script(boards, element_id="</script><script>alert(1)</script>")
    assert script.count("</script") == 1 and script.endswith("</script>") and "<!--" not in script
    assert 'getElementById("\\u003c/script>\\u003cscript>alert(1)\\u003c/script>")' in script
    data = script[script.index("boards: ") + len("boards: ") : script.rindex(" });")]
    assert json.loads(data) == boards  # the escaped data reads back as it was


def test_the_explorer_colours_values_as_the_figures_do(solution3):
    """One value scale: a move's colour on the page is its colour in `draw_position`."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_hex

    from triangles_core.plot.boards import draw_position

    spec, values = board_spec(3), solution3.move_values([1, 2])
    fig, ax = plt.subplots()
    draw_position(ax, solution3.board, solution3.position([1, 2]), values)
    fills = [to_hex(line.get_color()) for line in ax.lines if line.get_linewidth() == 5.5]  # one per legal move
    plt.close(fig)
    assert fills == [spec["value_colours"][values[edge] + 9] for edge in sorted(values)]
    assert len(spec["value_colours"]) == 19 and spec["value_colours"][9] == "#f6f7f7"  # -9 .. 9, white at 0
