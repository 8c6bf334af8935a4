"""Interactive analysis board: ``explore(side)`` in Jupyter, and the site's explorer page.

One ES module, ``explorer.js`` (with ``explorer.css``), serves both: in Jupyter as an anywidget
(``widget.py``) whose kernel answers (`explorer_state`), and on the site (`site_script`), where it
computes each value table in the browser.  It knows only a cell board spec (`board_spec`).

Examples
--------
>>> spec = board_spec(3)
>>> len(spec["dots"]), spec["edges"][4], spec["cells"][6]
(10, [2, 5], [3, 5, 7])
>>> state = explorer_state(3, start=[], moves=[1, 2, 3])
>>> state["to_move"], state["score"], state["owners"][0]
('A', [1, 0], 'A')
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from ..engine.limits import LARGE_TABLE_EDGES

__all__ = [
    "ESM",
    "CSS",
    "SITE_BOARDS",
    "board_spec",
    "explorer_state",
    "grade_names",
    "site_boards",
    "site_script",
    "explore",
]

ESM = Path(__file__).with_name("explorer.js")
"""The explorer's ES module (anywidget front end and site page)."""
CSS = Path(__file__).with_name("explorer.css")
"""Its style sheet."""


def _board(game):
    """The cell board of a side, ``(rows, cols)`` of boxes, a cell board or a solved cell board."""
    from ..engine.solutions import SolvedCellGame, SolvedGame
    from ..games.boards import cell_board

    if isinstance(game, SolvedCellGame):
        return game.board
    if isinstance(game, SolvedGame):
        raise ValueError(
            f"the explorer shows cell games (Fighting for Triangles, Dots-and-Boxes), got a solved {game.game!r}"
        )
    return cell_board(tuple(game) if isinstance(game, list) else game)  # (rows, cols) as JSON gives it


def _solution(game):
    """The `TableSolution` of ``game`` (`_board`), solved (or loaded) on demand."""
    from ..engine.solutions import SolvedCellGame, TableSolution
    from ..engine.solvers import solve_cells

    if isinstance(game, TableSolution):
        return game
    board = _board(game)
    if isinstance(game, SolvedCellGame):  # solved by search: every position shown would be searched again
        raise ValueError(f"the explorer needs a value table, got {game!r}: solve the board with method='table'")
    return solve_cells(board, progress=board.n_edges >= LARGE_TABLE_EDGES, method="table")


def board_spec(game) -> dict:
    """The cell board spec of a side, ``(rows, cols)`` of boxes, a board or a solved board, for explorer.js."""
    from ..plot.palette import CLASSIFICATION_COLOURS, OWNER_COLOURS, value_colours

    b = _board(game)
    return {
        "title": b.label,
        "cell_name": b.cell_name,
        "dots": [[round(x, 6), round(-y, 6)] for x, y in b.dot_coordinates],
        "edges": [list(edge) for edge in b.edges],
        "cells": [list(cell) for cell in b.cells],
        "grades": grade_names(),
        "colours": {
            "A": OWNER_COLOURS["A"],
            "B": OWNER_COLOURS["B"],
            "-": OWNER_COLOURS[None],
            **CLASSIFICATION_COLOURS,
        },
        "value_colours": value_colours(b.n_cells),
    }


def grade_names() -> list[str]:
    """The grade of each value lost 0, 1, ..., the last one for anything larger.

    Examples
    --------
    >>> grade_names()
    ['optimal', 'inaccuracy', 'inaccuracy', 'error', 'error', 'blunder']
    """
    from ..analysis.review import classify

    names = [classify(lost) for lost in range(64)]
    while names[-2] == names[-1]:
        names.pop()
    return names


SITE_BOARDS: dict[str, int | tuple[int, int]] = {
    "triangles-3": 3,
    "triangles-2": 2,
    "boxes-2x2": (2, 2),
    "boxes-2x3": (2, 3),
    "boxes-3x3": (3, 3),
}
"""The boards of the site's explorer page, the first shown first; the browser computes each table when it is
first shown (3x3 boxes, 16 MiB, in a few seconds: shipped, its gzip would be 3.2 MB)."""


def site_boards(boards: dict | None = None) -> dict[str, dict]:
    """The board specs (`board_spec`) of the site's explorer, by name.

    Parameters
    ----------
    boards : dict, optional
        Name to side or ``(rows, cols)`` (at most 30 edges); `SITE_BOARDS` by default.

    Examples
    --------
    >>> sorted(site_boards({"boxes-2x2": (2, 2)})["boxes-2x2"])[:3]
    ['cell_name', 'cells', 'colours']
    """
    return {name: board_spec(game) for name, game in (SITE_BOARDS if boards is None else boards).items()}


def site_script(boards: dict[str, dict] | None = None, element_id: str = "explorer") -> str:
    """The ``<script type="module">`` of the site's explorer page: explorer.js inlined, then mounted.

    Parameters
    ----------
    boards : dict of str to dict, optional
        `site_boards` by default.
    element_id : str, default "explorer"
        The id of the element the explorer fills.
    """
    data = json.dumps(site_boards() if boards is None else boards, separators=(",", ":"))
    mount = f"mountPage(document.getElementById({json.dumps(element_id)}), {{ boards: {data} }});"
    mount = mount.replace("<", "\\u003c")  # no '</script' nor '<!--' in the data (JavaScript reads it back as '<')
    note = "// The site page: no kernel, tables computed in the browser."
    return f'<script type="module">\n{ESM.read_text(encoding="utf-8").strip()}\n{note}\n{mount}\n</script>'


_HISTORY_FIELDS = "player edge claims score_a score_b value_before value_after value_lost lowest highest".split()
"""The `MoveReview` fields of a move of ``history``, besides ``ply``, ``dots``, ``cells``, ``grade``, ``best_moves``."""


def explorer_state(
    game, start: Iterable[int] | int = (), moves: Iterable[int] = (), show_pv: bool = False, cursor: int | None = None
) -> dict:
    """What the explorer shows of a game ``moves`` from ``start``: the widget's derived traits.

    Parameters
    ----------
    game : int, (int, int) or Solution
        A side or ``(rows, cols)`` of boxes (solved on demand), or a solved board.
    start : iterable of int, or int
        Edges drawn before the game (their complete cells belong to nobody).
    show_pv : bool, default False
        Also compute the principal variation.
    cursor : int, optional
        How many of the moves are on the board (default: all of them).

    Returns
    -------
    dict
        ``line``, ``cursor``, ``moves``, ``values`` (legal edge to its value), ``value``,
        ``to_move``, ``score``, ``owners`` (per cell ``"A"``, ``"B"``, ``"-"`` or ``""``),
        ``pv``, ``history`` (one dict per move: the `MoveReview` fields and ``grade``),
        ``start_value`` and the inputs.
    """
    from ..analysis.records import GameRecord
    from ..analysis.review import review_game
    from ..engine.game import replay

    solution = _solution(game)
    b = solution.board
    start_position = b.position(start)
    start_edges = b.drawn_edges(start_position)
    owners = ["" for _ in b.cells]
    for k in b.complete_cells(start_position):
        owners[k] = "-"
    steps = replay(solution.game, moves, start_position)  # the engine's one replay (checks every move)
    line = [step.move for step in steps]
    cursor = len(line) if cursor is None else cursor
    if not 0 <= cursor <= len(line):
        raise ValueError(f"cursor {cursor!r} is not a number of moves of the line (0..{len(line)})")
    cells_claimed = [[k + 1 for k in b.completed_by(step.position_before, step.move)] for step in steps]
    for step, cells in zip(steps[:cursor], cells_claimed[:cursor], strict=True):
        for k in cells:
            owners[k - 1] = step.player
    p = steps[cursor - 1].position if cursor else start_position
    player = steps[cursor - 1].next_player if cursor else "A"
    score = list(steps[cursor - 1].score) if cursor else [0, 0]
    review = review_game(GameRecord.from_moves(b, line, start_position), solution)
    history = [
        {name: getattr(m, name) for name in _HISTORY_FIELDS}
        | {"ply": m.move, "dots": list(m.dots), "cells": cells_claimed[m.move - 1], "grade": m.classification}
        | {"best_moves": list(m.best_moves)}
        for m in review.moves
    ]
    names = {"A": player, "B": "B" if player == "A" else "A"}  # principal_variation calls the player to move "A"
    pv = [
        {"ply": step.ply, "player": names[step.player], "edge": step.move, "claims": step.reward}
        for step in (solution.principal_variation(p) if show_pv else [])
    ]
    return {
        "start": start_edges,
        "line": line,
        "cursor": cursor,
        "moves": line[:cursor],
        "values": solution.move_values(p),
        "value": None if p == b.full else solution.value(p),
        "to_move": player,
        "score": score,
        "owners": owners,
        "show_pv": show_pv,
        "pv": pv,
        "history": history,
        "start_value": review.start_value,
    }


def explore(side: int | None = None, position: Iterable[int] | int = (), *, boxes: tuple[int, int] | None = None):
    """An interactive explorer of a board in Jupyter (an anywidget).

    Parameters
    ----------
    side : int, optional
        Side of the triangular board, 1 to 4 (3 by default).
    position : iterable of int, or int
        Edges drawn before the game starts.
    boxes : (int, int), optional
        ``(rows, cols)``: explore Dots-and-Boxes instead (not together with ``side``).

    Examples
    --------
    >>> explorer = explore(boxes=(2, 2))          # doctest: +SKIP
    >>> explorer.play(1); explorer.best_move()    # doctest: +SKIP
    """
    if boxes is not None and side is not None:
        raise ValueError("explore takes side or boxes, not both")
    from .widget import Explorer

    return Explorer(_solution(tuple(boxes) if boxes is not None else 3 if side is None else side), position)
