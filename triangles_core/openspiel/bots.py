"""Exact play in OpenSpiel: a perfect `pyspiel.Bot` and an exact MCTS evaluator.

Both read a solution of the package (`triangles_core.solve`, `solve_boxes`, `solve_cells`:
any board the engine solves) and work on states of the registered
``python_fighting_for_triangles`` game and of OpenSpiel's native ``dots_and_boxes``.
`exact_action_values` gives the value of every legal action of a state, in the
package's sense (net score for the mover from now on), so any OpenSpiel move can be
graded.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from . import boxes
from .triangles import GAME_NAME

__all__ = ["ExactBot", "ExactEvaluator", "exact_action_values", "state_board_position"]


def _kind(game: pyspiel.Game) -> str:
    name = game.get_type().short_name
    if name not in (GAME_NAME, "dots_and_boxes"):
        raise ValueError(f"a {GAME_NAME} or dots_and_boxes game is needed, got {name!r}")
    return name


def state_board_position(state: pyspiel.State) -> tuple[int, int, int]:
    """``(position, player-0 margin so far, sign s)`` of a state of either game.

    ``s`` is +1 when player 0 is to move, else -1 (the sign that turns the package's value
    into player 0's margin from now on).
    """
    game = state.get_game()
    s = 1 if state.current_player() == 0 else -1
    if _kind(game) == GAME_NAME:
        return state.position, state.margin(), s
    return boxes.state_position(state), boxes.played_margin(state), s


def _action_to_edge(game: pyspiel.Game, action: int) -> int:
    if _kind(game) == GAME_NAME:
        return int(action) + 1
    params = game.get_parameters()
    return boxes.action_to_line(int(params["num_rows"]), int(params["num_cols"]), int(action))


def _check_solution(solution, game: pyspiel.Game) -> None:
    edges, n = getattr(getattr(solution, "board", None), "n_edges", "?"), game.num_distinct_actions()
    if edges != n:
        raise ValueError(f"the solution's board has {edges} edges but the game has {n} actions: solve the same board")


def exact_action_values(solution, state: pyspiel.State) -> dict[int, int]:
    """The value of every legal action of a non-terminal ``state`` for its mover (the package's move values).

    Examples
    --------
    >>> import triangles_core as tc
    >>> s = boxes.native_game(1, 1).new_initial_state()
    >>> exact_action_values(tc.solve_boxes(1, 1), s)
    {0: -1, 1: -1, 2: -1, 3: -1}
    """
    game = state.get_game()
    _check_solution(solution, game)
    position, _, _ = state_board_position(state)
    values = solution.move_values(position)
    return {a: int(values[_action_to_edge(game, a)]) for a in state.legal_actions()}


class ExactBot(pyspiel.Bot):
    """Optimal play: a move that keeps the value, the lowest optimal action or, with ``seed``, uniformly at random.

    Examples
    --------
    >>> import triangles_core as tc
    >>> from triangles_core.openspiel import load
    >>> game = load(2)
    >>> bot, state = ExactBot(tc.solve(2), game), game.new_initial_state()
    >>> while not state.is_terminal(): state.apply_action(bot.step(state))
    >>> state.margin()        # perfect play on the side-2 board: the first player loses by 2
    -2
    """

    def __init__(self, solution, game: pyspiel.Game, seed: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        _kind(game)
        _check_solution(solution, game)
        self.solution = solution
        self._rng = None if seed is None else np.random.default_rng(seed)

    def step(self, state: pyspiel.State) -> int:
        """An optimal action of ``state``."""
        if state.is_terminal():
            raise ValueError("the game is over: a terminal state has no action to choose")
        values = exact_action_values(self.solution, state)
        best = max(values.values())
        optimal = [a for a, v in values.items() if v == best]
        return optimal[0] if self._rng is None else optimal[int(self._rng.integers(len(optimal)))]

    def restart_at(self, state: pyspiel.State) -> None:
        """Nothing to forget: every move is read from the solution."""

    def inform_action(self, state: pyspiel.State, player_id: int, action: int) -> None:
        """Nothing to track."""


class ExactEvaluator:
    """An MCTS leaf evaluator that returns the exact result of optimal play from the leaf.

    For OpenSpiel's Python ``MCTSBot``: ``evaluate`` gives player 0's final margin ``m + s
    value`` (its sign when the returns are win/loss), ``prior`` is uniform.

    Examples
    --------
    >>> import triangles_core as tc
    >>> s = boxes.native_game(1, 1).new_initial_state()
    >>> ExactEvaluator(tc.solve_boxes(1, 1)).evaluate(s).tolist()
    [-1.0, 1.0]
    """

    def __init__(self, solution) -> None:
        self.solution = solution  # checked against each state's game (`_check_solution`)

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        """Both players' returns under optimal play from ``state``."""
        _check_solution(self.solution, state.get_game())
        if state.is_terminal():
            return np.array(state.returns(), dtype=float)
        position, margin, s = state_board_position(state)
        x = margin + s * self.solution.value(position)
        if not state.get_game().get_parameters().get("utility_margin", False):
            x = float(np.sign(x))
        return np.array([x, -x], dtype=float)

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        """Uniform over the legal actions (as OpenSpiel's random-rollout evaluator)."""
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]
