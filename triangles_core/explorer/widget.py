"""The Jupyter side of the explorer: an anywidget whose values come from the kernel.

The page sends actions (``{"type": "play", "edge": 5}``, ...), also methods from Python; the widget
sends back the whole state (`explorer_state`), never a table."""

from __future__ import annotations

import random
from typing import Any, Iterable

import anywidget
import traitlets

from ..analysis.records import RecordError, parse_record
from ..engine.game import replay
from ..errors import InvalidPositionError
from . import CSS, ESM, board_spec, explorer_state

__all__ = ["Explorer"]


class Explorer(anywidget.AnyWidget):
    """An analysis board: every legal move labelled with its exact value, the game reviewed.

    Parameters
    ----------
    position : iterable of int, or int
        Edges drawn before the game starts.
    seed : int, optional
        Seed of the solver's random choice among moves losing at most ``max_loss``.

    Attributes
    ----------
    line, cursor, moves, values, value, to_move, score, owners, history, start_value, show_pv, pv
        As `explorer_state` computes them.
    opponent : dict
        ``{"player": "" | "A" | "B", "max_loss": int}`` (`set_opponent`).
    message : str
        The last action's complaint, if any.
    """

    _esm = ESM
    _css = CSS

    spec = traitlets.Dict().tag(sync=True)
    start = traitlets.List(traitlets.Int()).tag(sync=True)
    line = traitlets.List(traitlets.Int()).tag(sync=True)
    cursor = traitlets.Int(0).tag(sync=True)
    moves = traitlets.List(traitlets.Int()).tag(sync=True)
    values = traitlets.Dict(default_value=dict[int, int]()).tag(sync=True)  # move value by edge
    value = traitlets.Int(allow_none=True).tag(sync=True)
    to_move = traitlets.Unicode("A").tag(sync=True)
    score = traitlets.List(traitlets.Int(), default_value=[0, 0]).tag(sync=True)
    owners = traitlets.List(traitlets.Unicode()).tag(sync=True)
    show_pv = traitlets.Bool(False).tag(sync=True)
    pv: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    history: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    start_value = traitlets.Int(allow_none=True).tag(sync=True)
    opponent: traitlets.Dict[str, Any] = traitlets.Dict({"player": "", "max_loss": 0}).tag(sync=True)
    loading = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)

    def __init__(self, solution, position: Iterable[int] | int = (), *, seed: int | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self._solution = solution
        self._random = random.Random(seed)
        self.spec = board_spec(solution)
        self._update(position, [], 0, False)
        self.on_msg(self._on_action)

    def _update(self, start, line, cursor, show_pv) -> None:
        state = explorer_state(self._solution, start, line, show_pv, cursor=cursor)
        with self.hold_sync():
            for name, value in state.items():
                setattr(self, name, value)
            self.message = ""

    def _reply(self) -> None:
        """The solver's moves while it is its turn (a move that claims a cell moves again)."""
        while self.opponent.get("player") and self.value is not None and self.to_move == self.opponent["player"]:
            max_loss = self.opponent.get("max_loss", 0)
            edges = sorted(self.values)
            good = [e for e in edges if self.value - self.values[e] <= max_loss]
            edge = min(e for e in good if self.values[e] == self.value) if not max_loss else self._random.choice(good)
            self._advance(edge)

    def _advance(self, edge: int) -> None:
        line = (
            self.line
            if self.cursor < len(self.line) and self.line[self.cursor] == edge
            else [*self.line[: self.cursor], edge]
        )
        self._update(self.start, line, self.cursor + 1, self.show_pv)

    def play(self, edge: int) -> None:
        """Draw ``edge`` (raises `InvalidPositionError` if it is off the board or drawn)."""
        self._solution.game.check_move(self._solution.board.position([*self.start, *self.moves]), edge)
        self._advance(edge)
        self._reply()

    def play_line(self, edges: Iterable[int]) -> None:
        """Play several moves in turn (a best-line chip: the line up to that step)."""
        here = self._solution.board.position([*self.start, *self.moves])
        checked = [step.move for step in replay(self._solution.game, edges, here)]  # raises before any change
        for edge in checked:
            self._advance(edge)
        self._reply()

    def best_move(self) -> int | None:
        """Play the lowest-numbered optimal move and return it (None on a full board)."""
        best = next((e for e, v in sorted(self.values.items()) if v == self.value), None)
        if best is not None:
            self.play(best)
        return best

    def goto(self, cursor: int) -> None:
        """Show the position after ``cursor`` moves of the game (0: the start)."""
        self._update(self.start, self.line, cursor, self.show_pv)

    def undo(self) -> None:
        """One move back (nothing happens at the start); the move stays in the line."""
        self.goto(max(0, self.cursor - 1))

    def redo(self) -> None:
        """One move forward along the line."""
        self.goto(min(len(self.line), self.cursor + 1))

    def reset(self) -> None:
        """Back to the starting position."""
        self.goto(0)

    def new_game(self) -> None:
        """A new game from the position on the board (A moves first from it)."""
        self._update([*self.start, *self.moves], [], 0, self.show_pv)
        self._reply()

    def load(self, text: str) -> None:
        """Replay a game record (the syntax of `parse_record` and ``triangles review``)."""
        record = parse_record(text, self._solution.board)
        start = self._solution.board.drawn_edges(record.start)
        self._update(start, list(record.moves), len(record.moves), self.show_pv)

    def set_opponent(self, player: str = "B", max_loss: int = 0) -> None:
        """Let the solver play ``player`` ("" for nobody), losing at most ``max_loss`` per move."""
        if player not in ("", "A", "B"):
            raise ValueError(f"the solver plays 'A', 'B' or '' (nobody), got {player!r}")
        self.opponent = {"player": player, "max_loss": max_loss}
        self._reply()

    def principal_variation(self, show: bool = True) -> list[dict]:
        """Show (or hide) the principal variation from the current position; return it."""
        self._update(self.start, self.line, self.cursor, show)
        return self.pv

    def _on_action(self, _widget, content, _buffers) -> None:
        get = content.get
        actions = {
            "play": lambda: self.play(get("edge")),
            "line": lambda: self.play_line(get("edges") or []),
            "best": self.best_move,
            "undo": self.undo,
            "redo": self.redo,
            "goto": lambda: self.goto(get("cursor")),
            "reset": self.reset,
            "pv": lambda: self.principal_variation(bool(get("show", True))),
            "new_game": self.new_game,
            "load": lambda: self.load(get("text", "")),
            "opponent": lambda: self.set_opponent(get("player") or "", int(get("max_loss") or 0)),
        }
        try:
            actions.get(get("type"), lambda: None)()
        except (InvalidPositionError, RecordError, ValueError) as error:
            self.message = str(error)

    def __repr__(self) -> str:
        return f"Explorer({self.spec.get('title', 'board')}, moves={self.moves})"
