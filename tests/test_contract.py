"""One conformance test of the solved-game contract, run over every game.

As OpenSpiel runs one API test over all of its games, every solution of this package
(`triangles_core.engine.solutions.SolvedGame`) is checked here the same way: every method of
the protocol on sampled positions, against each other and against the plain memoised
negamax (`triangles_core.engine.game.NegamaxSolver`, the reference oracle); replays
against principal variations and against the rules-only `replay`; the verdict; the
winning, drawing and losing partition; and the errors on illegal input.

To put a new solver under the contract, add a factory to `SOLVERS` (a name and a function
returning a fresh solution); `BAD_POSITIONS` and `ILLEGAL_MOVES` are per game class.
"""

from __future__ import annotations

import random
from typing import Callable

import pytest

import triangles_core as tc
from triangles_core.engine.game import IllegalMoveError, NegamaxSolver, Step, deep_recursion, replay
from triangles_core.engine.solutions import SolvedCellGame, SolvedGame, verdict_of
from triangles_core.games.cells import CellGame
from triangles_core.games.number import NumberGame, allowed_numbers
from triangles_core.games.peg import Jump, PegGame

PEG_START = (3, 1, 6, 1, 7, 8, 5, 0, 3, 4, 9, 3, 2, 1, 9)  # NAQ 2018 J, sample 1

SOLVERS: dict[str, Callable[[], SolvedGame]] = {
    "triangles side 2": lambda: tc.solve(2),
    "triangles side 3": lambda: tc.solve(3),
    "boxes 1x1": lambda: tc.solve_boxes(1, 1),
    "boxes 1x2": lambda: tc.solve_boxes(1, 2),
    "boxes 2x2": lambda: tc.solve_boxes(2, 2),
    "boxes 2x3": lambda: tc.solve_boxes(2, 3),
    "peg 5 rows": lambda: tc.solve_peg_game(PEG_START),
    "peg 3 rows": lambda: tc.solve_peg_game([0, 2, 1, 3, 1, 1], rows=3),
    "number game": tc.solve_number_game,
    "search triangles side 3": lambda: tc.solve(3, method="search"),
    "search boxes 2x3": lambda: tc.solve_boxes(2, 3, method="search"),
}
"""Every solver under the contract; the search solver joins with one line here."""

BAD_POSITIONS = {
    CellGame: ["x", -1, [0], [1, 1000], 2.5, None],
    PegGame: [(1, 2), "x", None, (-1,) * 15],
    NumberGame: [[1], [21], [6], -1, "x", None],
}
"""Inputs that no game of the class accepts as a position (each must raise ValueError)."""

ILLEGAL_MOVES = {
    CellGame: [0, -3, "1", 10**6, None],
    PegGame: [Jump(1, 1, 1), (1, 2, 4), None],
    NumberGame: [1, 21, "2", None],
}
"""Moves that are illegal in every position of the class's games."""

AS_USERS_WRITE = {
    CellGame: lambda game, p: game.board.drawn_edges(p),
    PegGame: lambda game, p: list(p),
    NumberGame: lambda game, p: allowed_numbers(p),
}
"""A position as a person writes it (edge list, list of peg values, allowed numbers)."""

SAMPLES = 40
"""Positions checked per game (random playouts from the start, plus random bitmasks for cell games)."""


def _kind(game) -> type:
    return next(kind for kind in BAD_POSITIONS if isinstance(game, kind))


@pytest.fixture(scope="module", params=list(SOLVERS))
def case(request):
    solution = SOLVERS[request.param]()
    oracle = NegamaxSolver(solution.game)
    return request.param, solution, oracle


def _samples(solution: SolvedGame, seed: int) -> list:
    """Positions reached by random playouts from the start (each position once), then
    random bitmasks for a cell game; always the start itself."""
    rng = random.Random(seed)
    game = solution.game
    found = [solution.start]
    while len(found) < SAMPLES:
        p = solution.start
        for _ in range(rng.randrange(40)):
            moves = list(game.moves(p))
            if not moves:
                break
            p = game.play(p, rng.choice(moves)).position
        if p not in found:
            found.append(p)
        if isinstance(game, CellGame) and len(found) < SAMPLES:
            found.append(rng.getrandbits(game.board.n_edges))
        if isinstance(game, (PegGame, NumberGame)) and len(found) >= 3 and rng.random() < 0.05:
            break  # a small game has few positions: stop once playouts repeat
    return list(dict.fromkeys(found))


def _oracle_value(oracle: NegamaxSolver, p) -> int:
    with deep_recursion():
        return oracle.value(p)


def test_is_a_solved_game(case):
    name, solution, _ = case
    assert isinstance(solution, SolvedGame)
    assert isinstance(solution, SolvedCellGame) == isinstance(solution.game, CellGame)
    assert solution.position(solution.start) == solution.start


def test_every_query_agrees_with_the_reference_negamax(case):
    name, solution, oracle = case
    game = solution.game
    written = AS_USERS_WRITE[_kind(game)]
    for p in _samples(solution, seed=1):
        assert solution.position(p) == p == solution.position(written(game, p))
        value = solution.value(p)
        assert value == _oracle_value(oracle, p), (name, p)
        with deep_recursion():
            expected = oracle.move_values(p)
        values = solution.move_values(p)
        assert values == expected and list(values) == list(expected), (name, p)
        assert list(values) == list(game.moves(p))
        for move, v in values.items():
            assert solution.move_value(p, move) == v
        if values:
            assert max(values.values()) == value
        else:
            assert value == game.terminal_value(p)
        assert solution.optimal_moves(p) == [m for m, v in values.items() if v == value]
        assert bool(solution.optimal_moves(p)) == bool(values)
        winning, drawing, losing = solution.winning_moves(p), solution.drawing_moves(p), solution.losing_moves(p)
        assert sorted(winning + drawing + losing, key=list(values).index) == list(values)
        assert all(values[m] > 0 for m in winning) and all(values[m] == 0 for m in drawing)
        assert all(values[m] < 0 for m in losing)
        assert solution.verdict(p) == verdict_of(value) == ("win" if value > 0 else "loss" if value < 0 else "draw")


def _check_line(solution: SolvedGame, start, steps: list[Step]) -> None:
    """The bookkeeping of any valued line: positions chain, turns pass, scores add up."""
    game = solution.game
    p, mover, score = start, "A", [0, 0]
    for ply, step in enumerate(steps, start=1):
        assert step.ply == ply and step.player == mover and step.position_before == p
        transition = game.play(p, step.move)
        assert (step.position, step.reward, step.again) == tuple(transition)
        score["AB".index(mover)] += step.reward
        assert step.score == tuple(score)
        assert step.value == solution.value(p)
        assert step.move_value == solution.move_value(p, step.move)
        assert step.value_lost == step.value - step.move_value >= 0
        p, mover = step.position, step.next_player


def _final_margin(solution: SolvedGame, start, line: list[Step]) -> int:
    """A's total minus B's at the end of a line played to the end of the game, counting
    the terminal value (-1 for the player who cannot move in the Number Game)."""
    end = line[-1].position if line else start
    assert not list(solution.game.moves(end))
    a, b = line[-1].score if line else (0, 0)
    last = solution.game.terminal_value(end)
    return a - b + (last if (line[-1].next_player if line else "A") == "A" else -last)


def test_principal_variation_is_optimal_and_adds_up_to_the_value(case):
    name, solution, _ = case
    for p in _samples(solution, seed=2):
        line = solution.principal_variation(p)
        _check_line(solution, p, line)
        assert all(step.value_lost == 0 for step in line)
        assert _final_margin(solution, p, line) == solution.value(p)
        assert solution.replay([step.move for step in line], p) == line
        for move in list(solution.game.moves(p))[:3]:
            after = solution.principal_variation(p, first_move=move)
            assert after[0].move == move
            _check_line(solution, p, after)
            assert _final_margin(solution, p, after) == solution.move_value(p, move)
            assert all(s.value_lost == 0 for s in after[1:])


def test_replay_matches_the_rules_only_replay(case):
    name, solution, _ = case
    rng = random.Random(3)
    game = solution.game
    for p in _samples(solution, seed=3)[:15]:
        moves, q = [], p
        for _ in range(rng.randrange(12)):
            legal = list(game.moves(q))
            if not legal:
                break
            moves.append(rng.choice(legal))
            q = game.play(q, moves[-1]).position
        valued = solution.replay(moves, p)
        _check_line(solution, p, valued)
        plain = replay(game, moves, p)

        def rules(line):
            return [(s.ply, s.player, s.move, s.reward, s.again, s.position, s.score, s.position_before) for s in line]

        assert rules(plain) == rules(valued)
        assert all(s.value is None and s.move_value is None and s.value_lost is None for s in plain)
    assert solution.replay([]) == [] and replay(game, [], solution.start) == []


def test_errors_on_illegal_input(case):
    name, solution, _ = case
    kind = _kind(solution.game)
    queries = [solution.position, solution.value, solution.move_values, solution.optimal_moves, solution.verdict]
    for bad in BAD_POSITIONS[kind]:
        for query in [*queries, solution.principal_variation]:
            with pytest.raises(ValueError):
                query(bad)
        if bad is not None:  # start=None means the solution's own start
            with pytest.raises(ValueError):
                solution.replay([], bad)
    start = solution.start
    legal = list(solution.game.moves(start))
    for move in ILLEGAL_MOVES[kind]:
        with pytest.raises(ValueError):
            solution.move_value(start, move)
        if move is not None:  # first_move=None: no first move
            with pytest.raises(ValueError):
                solution.principal_variation(start, first_move=move)
        prefix = legal[:1]
        with pytest.raises(IllegalMoveError) as raised:
            solution.replay(prefix + [move], start)
        assert raised.value.ply == len(prefix) + 1 and f"move {len(prefix) + 1} " in str(raised.value)
        assert isinstance(raised.value, ValueError)
    if legal:  # the same move twice: legal once, then not (every game here consumes its move)
        with pytest.raises(IllegalMoveError, match="move 2 "):
            solution.replay([legal[0], legal[0]], start)
    with pytest.raises(ValueError):
        solution.replay(5, start)
