"""The Jupyter side of the explorer: an anywidget whose values come from the kernel.

The browser sends actions as custom messages (``{"type": "play", "edge": 5}``,
``"best"``, ``"undo"``, ``"reset"``, ``{"type": "pv", "show": true}``); the widget
applies them and sends back the whole state as traits (`explorer_state`). The same
actions are methods for use from Python.
"""

from __future__ import annotations

from typing import Iterable

import anywidget
import traitlets

from ..common.errors import InvalidPositionError
from . import CSS, ESM, board_spec, explorer_state

__all__ = ["Explorer"]


class Explorer(anywidget.AnyWidget):
    """A board to play on, every legal move labelled with its exact value.

    Parameters
    ----------
    solution : Solution
        The solved board (values, move values and principal variations come from it).
    position : iterable of int, or int
        Edges drawn before the game starts.

    Attributes
    ----------
    moves : list of int
        Edges played since the start, in order (A moves first).
    values : dict of int to int
        Each legal move's value for the player to move.
    value : int or None
        The position's value for the player to move (None when the board is full).
    to_move : {"A", "B"}
    score : list of int
        ``[A, B]``: cells claimed since the start.
    owners : list of str
        Per cell: ``"A"``, ``"B"``, ``"-"`` (complete at the start) or ``""``.
    show_pv, pv
        Whether the principal variation is shown, and its steps.
    message : str
        The last action's complaint, if any (an illegal click).
    """

    _esm = ESM
    _css = CSS

    spec = traitlets.Dict().tag(sync=True)
    start = traitlets.List(traitlets.Int()).tag(sync=True)
    moves = traitlets.List(traitlets.Int()).tag(sync=True)
    values = traitlets.Dict().tag(sync=True)
    value = traitlets.Int(allow_none=True).tag(sync=True)
    to_move = traitlets.Unicode("A").tag(sync=True)
    score = traitlets.List(traitlets.Int(), default_value=[0, 0]).tag(sync=True)
    owners = traitlets.List(traitlets.Unicode()).tag(sync=True)
    show_pv = traitlets.Bool(False).tag(sync=True)
    pv = traitlets.List().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)

    def __init__(self, solution, position: Iterable[int] | int = (), **kwargs) -> None:
        super().__init__(**kwargs)
        self._solution = solution
        self.spec = board_spec(solution)
        self._update(position, [], False)
        self.on_msg(self._on_action)

    def _update(self, start, moves, show_pv, message: str = "") -> None:
        state = explorer_state(self._solution, start, moves, show_pv)
        with self.hold_sync():
            for name, value in state.items():
                setattr(self, name, value)
            self.message = message

    # ------------------------------------------------------------------ actions
    def play(self, edge: int) -> None:
        """Draw ``edge`` (raises `InvalidPositionError` if it is off the board or drawn)."""
        self._update(self.start, [*self.moves, edge], self.show_pv)

    def best_move(self) -> int | None:
        """Play the lowest-numbered optimal move and return it (None on a full board)."""
        best = next((e for e, v in self.values.items() if v == self.value), None)
        if best is not None:
            self.play(best)
        return best

    def undo(self) -> None:
        """Take back the last move (nothing happens at the start)."""
        self._update(self.start, self.moves[:-1], self.show_pv)

    def reset(self) -> None:
        """Back to the starting position."""
        self._update(self.start, [], self.show_pv)

    def principal_variation(self, show: bool = True) -> list[dict]:
        """Show (or hide) the principal variation from the current position; return it."""
        self._update(self.start, self.moves, show)
        return self.pv

    def _on_action(self, _widget, content, _buffers) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        try:
            if kind == "play":
                self.play(content.get("edge"))
            elif kind == "best":
                self.best_move()
            elif kind == "undo":
                self.undo()
            elif kind == "reset":
                self.reset()
            elif kind == "pv":
                self.principal_variation(bool(content.get("show", True)))
        except InvalidPositionError as error:
            self.message = str(error)

    def __repr__(self) -> str:
        return f"Explorer({self.spec.get('title', 'board')}, moves={self.moves})"
