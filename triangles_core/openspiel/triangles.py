"""Fighting for Triangles as a registered OpenSpiel Python game.

``pyspiel.load_game("python_fighting_for_triangles(side=3)")`` is the game of docs/SPEC.md
section 1 on the triangular board of any side: action ``a`` draws SPEC edge ``a + 1``, and
the rules are the package's own (`triangles_core.games.cells.CellBoard.claims`).
Parameters: ``side`` (default 3) and ``utility_margin`` (default ``False``: returns
+1/-1/0; ``True``: player 0's triangles minus player 1's).  Unlike OpenSpiel's
``dots_and_boxes`` (docs/openspiel.md), the observation includes the player to move and
`start_state` builds a state at any edge set with the drawn edges in its observation.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from ..games.triangles import board

__all__ = ["GAME_NAME", "TrianglesGame", "TrianglesState", "load", "start_state"]

GAME_NAME = "python_fighting_for_triangles"
"""The name the game is registered under in ``pyspiel``."""

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python Fighting for Triangles (dots-and-triangles)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"side": 3, "utility_margin": False},
)


class TrianglesGame(pyspiel.Game):
    """Fighting for Triangles on the side-``side`` board, for OpenSpiel.

    Load it by name (``pyspiel.load_game("python_fighting_for_triangles(side=2)")``) once
    `triangles_core.openspiel` is imported.

    Examples
    --------
    >>> import pyspiel, triangles_core.openspiel
    >>> game = pyspiel.load_game("python_fighting_for_triangles(side=2)")
    >>> game.num_distinct_actions(), game.max_game_length(), game.max_utility()
    (9, 9, 1.0)
    """

    def __init__(self, params: dict | None = None) -> None:
        params = dict(params or {})
        side = params.get("side", 3)
        margin = bool(params.get("utility_margin", False))
        self.board = board(side)
        self.utility_margin = margin
        n_cells = self.board.n_cells
        info = pyspiel.GameInfo(
            num_distinct_actions=self.board.n_edges,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-float(n_cells) if margin else -1.0,
            max_utility=float(n_cells) if margin else 1.0,
            utility_sum=0.0,
            max_game_length=self.board.n_edges,
        )
        super().__init__(_GAME_TYPE, info, {"side": side, "utility_margin": margin})

    def new_initial_state(self) -> "TrianglesState":
        """The empty board, player 0 to move."""
        return TrianglesState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "TrianglesObserver":
        """The observer of drawn edges, claimed triangles and the player to move."""
        return TrianglesObserver(self, params)


class TrianglesState(pyspiel.State):
    """A state: the drawn edges (a position bitmask), who claimed what, who moves."""

    def __init__(self, game: TrianglesGame) -> None:
        super().__init__(game)
        self.side = game.board.side
        self.utility_margin = game.utility_margin
        self.position = 0
        self.player = 0
        self.owner = [-1] * game.board.n_cells
        self.scores = [0, 0]

    @property
    def board(self):
        """The board (shared, not copied with the state)."""
        return board(self.side)

    def current_player(self) -> int:
        """The player to move, or ``pyspiel.PlayerId.TERMINAL``."""
        return pyspiel.PlayerId.TERMINAL if self.is_terminal() else self.player

    def _legal_actions(self, player: int) -> list[int]:
        return [e for e in range(self.board.n_edges) if not self.position >> e & 1]

    def _apply_action(self, action: int) -> None:
        n = self.board.n_edges
        if not (isinstance(action, (int, np.integer)) and 0 <= action < n) or self.position >> int(action) & 1:
            raise ValueError(
                f"action {action!r} is not legal here: the legal actions are the undrawn "
                f"edges' numbers minus 1 (0..{n - 1})"
            )
        action = int(action)
        completed = self.board.completed_by(self.position, action + 1)
        self.position |= 1 << action
        for cell in completed:
            self.owner[cell] = self.player
        self.scores[self.player] += len(completed)
        if not completed:
            self.player = 1 - self.player

    def _action_to_string(self, player: int, action: int) -> str:
        return f"e{action + 1}"

    def is_terminal(self) -> bool:
        """True when every edge is drawn."""
        return self.position == self.board.full

    def margin(self) -> int:
        """Triangles claimed so far by player 0 minus those of player 1."""
        return self.scores[0] - self.scores[1]

    def returns(self) -> list[float]:
        """Player 0's and player 1's return (0 until the end)."""
        if not self.is_terminal():
            return [0.0, 0.0]
        m = self.margin()
        r = float(m) if self.utility_margin else float(np.sign(m))
        return [r, -r]

    def __str__(self) -> str:
        mover = "terminal" if self.is_terminal() else f"player {self.player} to move"
        owners = "".join("." if o < 0 else str(o) for o in self.owner)
        return f"{self.board.text_art(self.position)}\nowners {owners}; {mover}"


class TrianglesObserver:
    """Observation tensor and string (OpenSpiel's ``PyObserver`` interface).

    The tensor has one entry per edge (1 if drawn), three per triangle (unclaimed, player
    0's, player 1's) and two for the player to move (both 0 at the end).
    """

    def __init__(self, game: TrianglesGame, params=None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        b = game.board
        self.tensor = np.zeros(b.n_edges + 3 * b.n_cells + 2, np.float32)
        self.dict = {
            "edges": self.tensor[: b.n_edges],
            "cells": self.tensor[b.n_edges : b.n_edges + 3 * b.n_cells].reshape(b.n_cells, 3),
            "player": self.tensor[-2:],
        }

    def set_from(self, state: TrianglesState, player: int) -> None:
        """Fill the tensor from ``state`` (the same for both players: perfect information)."""
        self.tensor.fill(0)
        n = state.board.n_edges
        for e in range(n):
            self.tensor[e] = state.position >> e & 1
        for k, o in enumerate(state.owner):
            self.dict["cells"][k, o + 1] = 1
        if not state.is_terminal():
            self.tensor[-2 + state.player] = 1

    def string_from(self, state: TrianglesState, player: int) -> str:
        """The state as text, the player to move included."""
        return str(state)


def load(side: int = 3, utility_margin: bool = False) -> TrianglesGame:
    """The registered game for a side (``pyspiel.load_game`` with its parameters).

    Examples
    --------
    >>> load(3).num_distinct_actions()
    18
    """
    return pyspiel.load_game(GAME_NAME, {"side": side, "utility_margin": bool(utility_margin)})


def start_state(game: TrianglesGame, edges) -> TrianglesState:
    """A state whose drawn edges are ``edges`` (SPEC numbers or a bitmask): no triangle owned, player 0 to move.

    This is SPEC section 1's starting position; its ``history()`` is empty.  An edge not
    on the board is refused (ValueError).

    Examples
    --------
    >>> s = start_state(load(3), [1, 2])
    >>> s.legal_actions()[:3], s.current_player()
    ([2, 3, 4], 0)
    """
    state = game.new_initial_state()
    state.position = game.board.position(edges)
    return state


pyspiel.register_game(_GAME_TYPE, TrianglesGame)
