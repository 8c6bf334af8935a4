"""The OpenSpiel layer against OpenSpiel's own rules and the engine (issue 23).

The oracle is a minimax written here over OpenSpiel's states (clone, apply_action, returns): it shares
nothing with the engine but the conversions under test. Native ``dots_and_boxes`` (1x1 to 2x3) and the
registered triangles game (every side-2 position, sampled side-3 ones) are checked against it; the exact
bot, the defects docs/openspiel.md lists (each code block is run) and the MCTS study of notebook 11
(`scripts/mcts_study.py`) follow. Without OpenSpiel every test here is skipped, saying how to enable them.
"""

from __future__ import annotations

import doctest
import random
import re
from pathlib import Path

import pytest

pyspiel = pytest.importorskip(
    "pyspiel",
    reason="OpenSpiel is not installed: pip install 'triangles_core[openspiel]' (or open_spiel) "
    "to run the OpenSpiel tests",
)

import pandas as pd  # noqa: E402

import triangles_core as tc  # noqa: E402
from triangles_core.openspiel import boxes, load, start_state  # noqa: E402
from triangles_core.openspiel.bots import ExactBot, ExactEvaluator, exact_action_values  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def openspiel_minimax(state, memo: dict | None = None) -> float:
    """Player 0's final margin under optimal play, by OpenSpiel's rules alone (margin returns).

    ``memo`` may be shared between calls on one game: its keys determine the rest of the game.
    """
    memo = {} if memo is None else memo

    def value(s) -> float:
        if s.is_terminal():
            return s.returns()[0]
        key = _key(s)
        if key not in memo:
            children = []
            for a in s.legal_actions():
                child = s.clone()
                child.apply_action(a)
                children.append(value(child))
            memo[key] = max(children) if s.current_player() == 0 else min(children)
        return memo[key]

    return value(state)


def _key(state):
    """What determines the rest of a game: lines, owners (hence the margin) and the player to move."""
    if state.get_game().get_type().short_name == "dots_and_boxes":
        return str(state), state.current_player()
    return state.position, state.margin(), state.current_player()


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (2, 3)])
def test_dots_and_boxes_values_and_actions_agree_with_openspiel_rules(rows, cols):
    solution = tc.solve_boxes(rows, cols)
    game = boxes.native_game(rows, cols)
    board = tc.boxes_board(rows, cols)
    rng = random.Random(rows * 10 + cols)
    checked = 0
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            free = len(state.legal_actions())
            if free <= 8:
                position = boxes.state_position(state)
                lines = sorted(boxes.action_to_line(rows, cols, a) for a in state.legal_actions())
                assert lines == board.free_edges(position)
                assert boxes.package_value(state, openspiel_minimax(state)) == solution.value(position)
                values = exact_action_values(solution, state)
                sign = 1 if state.current_player() == 0 else -1
                for action, v in values.items():
                    child = state.clone()
                    child.apply_action(action)
                    # the move's value for its mover, from OpenSpiel: its final margin minus the margin so far
                    assert sign * (openspiel_minimax(child) - boxes.played_margin(state)) == v
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.returns()[0] == boxes.played_margin(state)
    assert checked >= 6


def test_action_conversion_is_a_bijection_onto_spec_lines():
    for rows, cols in [(1, 1), (2, 3), (3, 2), (3, 4)]:
        n = 2 * rows * cols + rows + cols
        lines = [boxes.action_to_line(rows, cols, a) for a in range(n)]
        assert sorted(lines) == list(range(1, n + 1))
        assert [boxes.line_to_action(rows, cols, e) for e in lines] == list(range(n))


@pytest.mark.parametrize("side", [2, 3])
def test_triangles_game_agrees_with_engine_rules_and_values(side):
    """Every side-2 position, 20 sampled side-3 ones."""
    game, board, solution, memo = load(side, utility_margin=True), tc.board(side), tc.solve(side), {}
    rng = random.Random(3)
    sampled = (sum(1 << e for e in rng.sample(range(18), rng.randint(10, 17))) for _ in range(20))
    for position in range(1 << board.n_edges) if side == 2 else sampled:
        state = start_state(game, position)
        assert state.legal_actions() == [e - 1 for e in board.free_edges(position)]
        for action in state.legal_actions():  # each move claims what the engine's rules claim, and passes the turn
            child = state.clone()
            child.apply_action(action)
            claims = board.claims(position, action + 1)
            assert child.margin() == claims
            assert child.is_terminal() or child.current_player() == (0 if claims else 1)
        assert openspiel_minimax(state, memo) == solution.value(position)


@pytest.mark.parametrize("side", [1, 2, 3])
def test_registered_game_passes_openspiel_random_simulation_test(side):
    for margin in (False, True):
        game = pyspiel.load_game(f"python_fighting_for_triangles(side={side},utility_margin={str(margin).lower()})")
        pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


def test_registered_game_loads_by_name_and_reports_its_size():
    game = pyspiel.load_game("python_fighting_for_triangles(side=3)")
    assert (game.num_distinct_actions(), game.max_game_length(), game.num_players()) == (18, 18, 2)
    state = game.new_initial_state()
    state.apply_action(0)
    # the observation includes the player to move (unlike dots_and_boxes, docs/openspiel.md)
    assert state.observation_tensor(0)[-2:] == [0.0, 1.0]
    assert "player 1 to move" in state.observation_string(0)
    # a start state built at a position has its drawn edges in the observation
    assert start_state(game, [1, 2]).observation_tensor(0)[:3] == [1.0, 1.0, 0.0]


def test_exact_bot_plays_optimally():
    """Against itself on side 3 it plays a perfect game; on 2x2 boxes it never does worse than the value."""
    game, solution = pyspiel.load_game("python_fighting_for_triangles(side=3)"), tc.solve(3)
    bots = [ExactBot(solution, game), ExactBot(solution, game, seed=5)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert state.margin() == solution.value([]) == -3 and state.returns() == [-1.0, 1.0]
    solution, game, rng = tc.solve_boxes(2, 2), boxes.native_game(2, 2), random.Random(0)
    for g in range(10):
        bot, state = ExactBot(solution, game, seed=g), game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bot.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions()))
        assert boxes.played_margin(state) >= solution.value(0)


def test_exact_evaluator_gives_the_final_margin_of_optimal_play():
    solution = tc.solve_boxes(2, 3)
    game = boxes.native_game(2, 3)
    state = boxes.native_state(game, [1, 2, 3, 4, 5])
    s = 1 if state.current_player() == 0 else -1
    expected = boxes.played_margin(state) + s * solution.value([1, 2, 3, 4, 5])
    assert ExactEvaluator(solution).evaluate(state).tolist() == [expected, -expected]


def _doc_blocks():
    text = (ROOT / "docs" / "openspiel.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


@pytest.mark.parametrize(
    "block",
    [
        pytest.param(i, marks=[pytest.mark.slow] if "value_iteration(" in text else [])
        for i, text in enumerate(_doc_blocks())
    ],
)
def test_openspiel_defects_in_docs_still_reproduce(block):
    """Each code block of docs/openspiel.md (value iteration on 1x3 boxes takes minutes: marked slow)."""
    exec(compile(_doc_blocks()[block], f"docs/openspiel.md block {block}", "exec"), {})


def test_study_examples(study):
    results = doctest.testmod(study, optionflags=doctest.ELLIPSIS)
    assert results.failed == 0 and results.attempted >= 10


def test_cluster_interval_counts_a_repeated_position_once(study):
    # 40 searches of one position that all err, and 60 distinct positions that never do
    frame = pd.DataFrame(
        {"k": 1, "position": [0] * 40 + list(range(1, 61)), "value_lost": [2] * 40 + [0] * 60, "verdict_lost": False}
    )
    row = study.error_summary(frame, ["k"]).iloc[0]
    assert (row["positions"], row["distinct_positions"], row["error_rate"]) == (100, 61, 0.4)
    from triangles_core.analysis.play import wilson_interval

    naive_low, naive_high = wilson_interval(40, 100)
    assert row["error_low"] < naive_low - 0.1 and row["error_high"] > naive_high
    interval = study.cluster_interval(frame["value_lost"], frame["position"])
    assert interval == study.cluster_interval(frame["value_lost"], frame["position"])  # the same every time


def test_intervals_never_go_below_zero(study):
    frame = pd.DataFrame({"k": 1, "position": range(20), "value_lost": 0, "verdict_lost": False})
    row = study.error_summary(frame, ["k"]).iloc[0]
    assert str(row["error_low"]) == "0.0" and row["error_high"] > 0.1 and str(row["lost_low"]) == "0.0"
    out = study.shortfall_summary(pd.DataFrame({"k": 1, "shortfall": [0] * 19 + [2]}), ["k"]).iloc[0]
    assert out["shortfall_low"] == 0.0 and out["shortfall_high"] > out["mean_shortfall"] == 0.1


def test_sample_rows_match_subsets_row_by_row_not_by_position(study):
    block = {"board": "b", "implementation": "cpp", "evaluator": "random"}
    full = pd.DataFrame(
        {**block, "simulations": 10, "source": ["random"] * 3 + ["perfect"] * 2, "position": [0, 0, 5, 0, 7]}
    )
    subset = pd.DataFrame({**block, "simulations": 99, "source": ["random", "perfect"], "position": [0, 0]})
    key = ["board", "source", "sample_row"]
    merged = study.sample_rows(full).merge(study.sample_rows(subset)[key], on=key)
    assert len(merged) == 2 and merged["position"].tolist() == [0, 0]
    assert len(full.merge(subset[["board", "source", "position"]], on=["board", "source", "position"])) == 3


def test_paired_errors_needs_the_same_positions(study):
    a = pd.DataFrame({"position": [1, 2], "value_lost": [0, 2], "action": [0, 0]})
    with pytest.raises(ValueError, match="same positions"):
        study.paired_errors(a, a.assign(position=[2, 1]))
    both = study.paired_errors(a, a)
    counts = (both["both"], both["first_only"], both["second_only"], both["p_value"], both["same_move"])
    assert counts == (1, 0, 0, 1.0, 1.0)


def test_root_estimates_see_the_move_mcts_choices_records(study):
    solution = tc.solve_boxes(2, 2)
    sample = study.sample_positions(solution, "random", 6, 0)
    recorded = study.mcts_choices(solution, sample, 10, 0, implementation="python", evaluator="exact")
    roots = study.root_estimates(solution, sample, 10, 0)
    assert roots["action"].tolist() == recorded["action"].tolist()
    assert roots["value_lost"].tolist() == recorded["value_lost"].tolist()
    wide = roots[roots.moves >= 10]
    assert (wide["unvisited"] == wide["moves"] - 9).all() and (wide["chosen_bias"] == 0).all()
    for margin, c in ((True, 2.0), (False, 2.0), (True, 8.0)):  # either returns, any constant
        empty = pd.DataFrame({"position": [0, 0]})
        graded = study.mcts_choices(solution, empty, 200, 0, uct_c=c, utility_margin=margin)
        assert graded["value_lost"].isin([0, 2]).all()


def test_an_illegal_action_is_refused_with_its_number():
    state = load(2).new_initial_state()
    state.apply_action(0)
    for action in (0, 9):  # drawn already; not an edge of the side-2 board
        with pytest.raises(ValueError, match=f"action {action} is not legal here"):
            state.apply_action(action)
    assert state.history() == [0]


def test_the_exact_evaluator_and_bot_refuse_another_board_or_an_ended_game():
    with pytest.raises(ValueError, match="solve the same board"):
        ExactBot(tc.solve(2), load(3))
    with pytest.raises(ValueError, match="the solution's board has [?] edges"):
        ExactEvaluator(None).evaluate(load(1).new_initial_state())
    with pytest.raises(ValueError, match="the solution's board has 9 edges but the game has 7 actions"):
        ExactEvaluator(tc.solve(2)).evaluate(boxes.native_game(1, 2).new_initial_state())
    game = load(1)
    state = game.new_initial_state()
    for action in (0, 1, 2):
        state.apply_action(action)
    with pytest.raises(ValueError, match="the game is over"):
        ExactBot(tc.solve(1), game).step(state)
