"""Interactive position explorer: ``explore(side)`` in Jupyter, and the site's explorer page.

The front end is one plain ES module, ``explorer.js`` (with ``explorer.css``), shipped
as package data and used unchanged in two places:

* in Jupyter, as an anywidget (`Explorer`, see ``widget.py``): the kernel computes
  every value with the package's solution (`Solution.move_values`,
  `Solution.principal_variation`), so it works for any solved side, side 4 included;
* on the static site (``scripts/build_site.py``), with no kernel: the page ships the
  value table (`static_spec`) and the module computes move values in the browser.

The module only knows a *cell board spec* (`board_spec`): dot coordinates, edges as
1-based dot pairs and cells as lists of 1-based edge numbers, so the triangular boards and
Dots-and-Boxes use it unchanged.  The explorer is the interactive layer: it reads the
engine and the games, and draws in the browser.

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

import base64
from pathlib import Path
from typing import Iterable

from ..common.checks import excerpt
from ..common.limits import LARGE_TABLE_EDGES

__all__ = ["ESM", "CSS", "board_spec", "explorer_state", "static_spec", "explore"]

ESM = Path(__file__).with_name("explorer.js")
"""The explorer's ES module (anywidget front end and site page)."""
CSS = Path(__file__).with_name("explorer.css")
"""Its style sheet."""


def _solution(game):
    """A `Solution` from a side, a ``(rows, cols)`` pair of boxes, a board or a solution."""
    if hasattr(game, "values") and hasattr(game, "board"):
        return game
    from ..engine.solvers import solve_cells
    from ..games.boards import cell_board

    board = cell_board(game)
    return solve_cells(board, progress=board.n_edges >= LARGE_TABLE_EDGES)


def board_spec(game) -> dict:
    """The cell board spec of a board, as the JavaScript module reads it.

    Parameters
    ----------
    game : int, (int, int), CellBoard or Solution
        A side of the triangular board, ``(rows, cols)`` of a boxes board, a board, or
        a solved board.

    Returns
    -------
    dict
        ``title``; ``dots``: ``[x, y]`` per dot with y pointing down (unit edges);
        ``edges``: ``[i, j]`` 1-based dots per edge (edge numbers are positions in the
        list, from 1); ``cells``: the 1-based edges around each cell; ``cell_name``.
    """
    from ..games.boards import cell_board

    b = game.board if hasattr(game, "board") else cell_board(game)
    return {
        "title": b.label,
        "cell_name": b.cell_name,
        "dots": [[round(x, 6), round(-y, 6)] for x, y in b.dot_coordinates],
        "edges": [list(edge) for edge in b.edges],
        "cells": [list(cell) for cell in b.cells],
    }


def static_spec(game) -> dict:
    """`board_spec` plus the whole value table, for the browser (the site's explorer page).

    ``values`` is the ``int8`` table of `Solution.values` (one byte per position,
    indexed by the bitmask of drawn edges), base64-encoded: 256 KiB of table, 342 KiB
    of text for side 3. Only small boards are worth shipping this way.
    """
    import numpy as np

    solution = _solution(game)
    spec = board_spec(solution)
    spec["values"] = base64.b64encode(np.asarray(solution.values, dtype=np.int8).tobytes()).decode("ascii")
    return spec


def explorer_state(game, start: Iterable[int] | int = (), moves: Iterable[int] = (), show_pv: bool = False) -> dict:
    """What the explorer shows after ``moves`` from ``start``: the widget's derived traits.

    The moves are played by the game's own rules (`CellGame.play`) and valued by the
    solution, so the explorer repeats no rule of the game.

    Parameters
    ----------
    game : int, (int, int) or Solution
        A side or ``(rows, cols)`` of boxes (solved on demand), or a solved board.
    start : iterable of int, or int
        Edges drawn before the game (their complete cells belong to nobody).
    moves : iterable of int
        Edges played since, in order; A moves first, and a move that completes a cell
        claims it and moves again.
    show_pv : bool, default False
        Also compute the principal variation from the current position.

    Returns
    -------
    dict
        ``values`` (legal edge to its value for the mover), ``value`` (of the position
        for the player to move; None when the board is full), ``to_move``, ``score``
        (``[A, B]`` cells claimed), ``owners`` (per cell: ``"A"``, ``"B"``, ``"-"``
        complete at the start, ``""`` open), ``pv`` (steps as dicts) and the inputs.

    Raises
    ------
    InvalidPositionError
        If an edge is off the board or drawn twice.
    """
    solution = _solution(game)
    b, cell_game = solution.board, solution.game
    p = b.position(start)
    start_edges = b.drawn_edges(p)
    owners = ["" for _ in b.cells]
    for k in b.complete_cells(p):
        owners[k] = "-"
    player, score, played = "A", [0, 0], []
    for edge in moves:
        edge = cell_game.check_move(p, edge)
        for k in b.completed_by(p, edge):
            owners[k] = player
        transition = cell_game.play(p, edge)
        score[player == "B"] += transition.reward
        p = transition.position
        played.append(edge)
        if not transition.again:
            player = "B" if player == "A" else "A"
    pv = []
    if show_pv:
        other = {"A": "B", "B": "A"}
        for step in solution.principal_variation(p):
            # principal_variation calls the player to move "A"; rename to the real players.
            who = player if step.player == "A" else other[player]
            pv.append({"ply": step.ply, "player": who, "edge": step.move, "claims": step.reward})
    return {
        "start": start_edges,
        "moves": played,
        "values": solution.move_values(p),
        "value": None if p == b.full else solution.value(p),
        "to_move": player,
        "score": score,
        "owners": owners,
        "show_pv": bool(show_pv),
        "pv": pv,
    }


def explore(side: int = 3, position: Iterable[int] | int = (), *, boxes: tuple[int, int] | None = None):
    """An interactive explorer of a board in Jupyter (an anywidget).

    Click an undrawn edge to draw it; every legal move is coloured and labelled by its
    value for the player to move (optimal moves stand out); buttons play a best move,
    undo, reset, and show the principal variation. The values come from the kernel
    (`solve`), so side 4 works too (the 1 GiB table is solved or loaded first).

    Parameters
    ----------
    side : int, default 3
        Side of the triangular board, 1 to 4.
    position : iterable of int, or int
        Edges drawn before the game starts (default: the empty board).
    boxes : (int, int), optional
        ``(rows, cols)``: explore Dots-and-Boxes on that board instead.

    Returns
    -------
    Explorer
        The widget; ``.moves``, ``.values``, ``.score`` and the methods ``play``,
        ``best_move``, ``undo`` and ``reset`` work from Python as well.

    Raises
    ------
    ImportError
        If anywidget is missing (``pip install "triangles_core[notebooks]"``).

    Examples
    --------
    >>> explorer = explore(boxes=(2, 2))          # doctest: +SKIP
    >>> explorer.play(1); explorer.best_move()    # doctest: +SKIP
    """
    from .widget import Explorer

    if boxes is not None and not (isinstance(boxes, (tuple, list)) and len(boxes) == 2):
        raise ValueError(f"boxes must be (rows, cols), got {excerpt(boxes)}")
    return Explorer(_solution(tuple(boxes) if boxes is not None else side), position)
