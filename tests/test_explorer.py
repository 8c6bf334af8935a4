"""The explorer's Python side: the cell board spec, the state it shows, and the anywidget."""

from __future__ import annotations

import base64
import json
import random

import numpy as np
import pytest

import triangles_core as tc
from triangles_core import InvalidPositionError
from triangles_core.explorer import CSS, ESM, board_spec, explorer_state, static_spec

anywidget = pytest.importorskip("anywidget")
from triangles_core.explorer.widget import Explorer  # noqa: E402


def click(widget, **content):
    """What the front end sends when a button or an edge is clicked (a custom message)."""
    widget._handle_custom_msg(content, [])


def test_explore_is_exported_lazily_and_stays_a_function():
    import triangles_core.explorer  # importing the module must not shadow the function

    assert callable(tc.explore) and tc.explore is triangles_core.explorer.explore
    assert "explore" in tc.__all__


@pytest.mark.parametrize("side", [1, 2, 3])
def test_board_spec_is_the_board(side):
    b = tc.board(side)
    spec = board_spec(side)
    assert len(spec["dots"]) == b.n_dots
    assert [tuple(e) for e in spec["edges"]] == list(b.edges)
    assert [tuple(c) for c in spec["cells"]] == list(b.triangles)
    assert all(all(1 <= e <= b.n_edges for e in cell) for cell in spec["cells"])
    # y points down: the top dot has the smallest y, each row is lower than the one above
    ys = [y for _, y in spec["dots"]]
    assert ys[0] == min(ys) == 0 and ys[-1] == max(ys) > 0
    json.dumps(spec)


def test_static_spec_ships_the_whole_value_table():
    spec = static_spec(3)
    values = np.frombuffer(base64.b64decode(spec["values"]), dtype=np.int8)
    assert len(values) == 2**18 and np.array_equal(values, tc.solve(3).values)


def test_state_follows_the_rules(solution3):
    # A draws 1, B draws 2, A draws 3 and claims triangle (1, 2, 3), so A moves again.
    state = explorer_state(solution3, [], [1, 2, 3])
    assert state["moves"] == [1, 2, 3]
    assert state["to_move"] == "A" and state["score"] == [1, 0]
    assert state["owners"] == ["A"] + [""] * 8
    assert state["values"] == solution3.move_values([1, 2, 3])
    assert state["value"] == solution3.value([1, 2, 3])
    assert state["pv"] == [] and not state["show_pv"]


def test_cells_complete_at_the_start_belong_to_nobody(solution3):
    state = explorer_state(solution3, [1, 2, 3], [5, 4])
    assert state["start"] == [1, 2, 3] and state["owners"][0] == "-"
    # A draws 5, then B draws 4: (4, 5, 6) still lacks 6, so nothing is claimed and A moves.
    assert state["score"] == [0, 0] and state["to_move"] == "A"


def test_a_random_game_scores_add_up(solution3):
    rng = random.Random(7)
    moves = rng.sample(range(1, 19), 18)
    state = explorer_state(solution3, [], moves)
    assert sum(state["score"]) == 9 and state["value"] is None and state["values"] == {}
    assert all(owner in "AB" and owner for owner in state["owners"])
    # the score is the claims of the replayed game
    for k in range(19):
        s = explorer_state(solution3, [], moves[:k])
        assert sum(s["score"]) == len(tc.board(3).complete_triangles(tc.board(3).position(moves[:k])))


def test_principal_variation_names_the_real_players(solution3):
    state = explorer_state(solution3, [], [1, 2, 3, 4], show_pv=True)  # B to move
    assert state["to_move"] == "B"
    pv = solution3.principal_variation([1, 2, 3, 4])
    assert [s["edge"] for s in state["pv"]] == [s.edge for s in pv]
    assert state["pv"][0]["player"] == "B"
    assert [s["player"] for s in state["pv"]] == [{"A": "B", "B": "A"}[s.player] for s in pv]
    # the line's claims add up to the position's value for the player to move
    net = sum(s["claims"] * (1 if s["player"] == "B" else -1) for s in state["pv"])
    assert net == state["value"]


def test_state_rejects_bad_moves(solution3):
    with pytest.raises(InvalidPositionError):
        explorer_state(solution3, [], [1, 1])
    with pytest.raises(InvalidPositionError):
        explorer_state(solution3, [], [19])


def test_widget_traits_after_simulated_clicks(solution3):
    w = tc.explore(3)
    assert isinstance(w, Explorer) and isinstance(w, anywidget.AnyWidget)
    assert w.spec == board_spec(3) and w.moves == [] and w.to_move == "A" and w.score == [0, 0]
    assert w.values == solution3.move_values([]) and w.value == -3
    for edge in (1, 2, 3):
        click(w, type="play", edge=edge)
    assert w.moves == [1, 2, 3] and w.to_move == "A" and w.score == [1, 0] and w.owners[0] == "A"
    assert w.values == solution3.move_values([1, 2, 3]) and w.message == ""

    click(w, type="play", edge=3)  # an illegal click changes nothing but the message
    assert w.moves == [1, 2, 3] and "already drawn" in w.message
    click(w, type="play", edge=99)
    assert w.moves == [1, 2, 3] and "not on the side-3 board" in w.message

    before = w.value
    click(w, type="best")
    assert w.moves[:3] == [1, 2, 3] and w.moves[3] in solution3.optimal_moves([1, 2, 3])
    assert w.moves[3] == min(solution3.optimal_moves([1, 2, 3])) and w.message == ""
    assert solution3.move_value([1, 2, 3], w.moves[3]) == before

    click(w, type="undo")
    assert w.moves == [1, 2, 3] and w.values == solution3.move_values([1, 2, 3])
    click(w, type="pv", show=True)
    assert w.show_pv and [s["edge"] for s in w.pv] == [s.edge for s in solution3.principal_variation([1, 2, 3])]
    click(w, type="play", edge=9)
    assert w.show_pv and w.pv[0]["player"] == w.to_move  # the line follows the position
    click(w, type="reset")
    assert w.moves == [] and w.score == [0, 0] and w.value == -3
    click(w, type="pv", show=False)
    assert not w.show_pv and w.pv == []
    click(w, type="undo")  # nothing to undo
    assert w.moves == []


def test_widget_python_methods_and_a_full_game(solution3):
    w = tc.explore(3, position=[1, 2])
    assert w.start == [1, 2] and 1 not in w.values
    with pytest.raises(InvalidPositionError):
        w.play(1)
    while w.value is not None:
        w.best_move()
    assert w.values == {} and w.best_move() is None
    # perfect play from the start position: A's margin is the start position's value
    assert w.score[0] - w.score[1] == solution3.value([1, 2])


def test_widget_state_is_json_and_carries_the_module():
    w = tc.explore(2)
    state = w.get_state()
    json.dumps({k: v for k, v in state.items() if not k.startswith("_")})
    assert "export default" in ESM.read_text() and "render" in ESM.read_text()
    assert w._esm == ESM.read_text() or str(w._esm).endswith("explorer.js")
    assert ".tce-root" in CSS.read_text()
    assert repr(w) == "Explorer(side-2 board, moves=[])"


@pytest.mark.side4
def test_widget_on_the_side4_board():
    s4 = tc.solve(4)
    w = tc.explore(4)
    assert len(w.spec["edges"]) == 30 and len(w.spec["cells"]) == 16
    assert w.values == s4.move_values([]) and w.value == -2
    click(w, type="play", edge=1)
    click(w, type="pv", show=True)
    assert w.to_move == "B" and w.values == s4.move_values([1])
    assert [step["edge"] for step in w.pv] == [step.edge for step in s4.principal_variation([1])]
