"""triangles_core: exact solutions of small two-player games, through one interface.

The main game is Fighting for Triangles (dots-and-triangles on a triangular board;
Codeforces Gym 100015F, UESTC 2016 training problem B, POJ 1085 "Triangle War");
Dots-and-Boxes is the same game on a grid of squares.  The siblings Peg Game for Two
(NAQ 2018 J) and the Number Game (ZOJ 1039 / POJ 1143) are solved by the same engine.
Every solution answers the same questions (`SolvedGame`): ``value``, ``move_values``,
``optimal_moves``, ``winning_moves``, ``drawing_moves``, ``losing_moves``,
``principal_variation`` and ``verdict``.

Examples
--------
>>> import triangles_core as tc
>>> s = tc.solve(3)
>>> s.value([])
-3
>>> s.winning_moves([1, 2, 3, 4, 5])
[6, 7]
>>> tc.solve_boxes(3, 3).value([])        # Dots-and-Boxes, 3x3 boxes (Wilson)
-3
>>> tc.solve_peg([3, 1, 6, 1, 7, 8, 5, 0, 3, 4, 9, 3, 2, 1, 9])  # NAQ 2018 J, sample 1
21
>>> tc.solve_number_game().winning_moves([2, 3, 4, 5, 6])  # POJ 1143, sample 3
[4, 5, 6]
>>> all(isinstance(x, tc.SolvedGame) for x in (s, tc.solve_boxes(2, 2), tc.solve_number_game(),
...                                            tc.solve_peg_game([0, 4, 5], rows=2)))
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # never run: the two aliases stated for type checkers and for the API reference (autodoc
    # reads the ``#:`` comments here); at run time they are loaded on first use like every other name
    from .games import cells as _cells
    from .games import triangles as _triangles

    #: A position of a cell game (Fighting for Triangles, Dots-and-Boxes): an ``int``, the bitmask of the
    #: drawn edges, bit ``i`` set when edge ``i + 1`` is drawn (docs/SPEC.md).  ``board(2).position([1, 3])``
    #: is ``0b101``.
    Position = _cells.Position

    #: The triangular board, `TriangleBoard` under the name it has had since the first release; make one
    #: with `board` (``board(3)``, cached) or ``Board(3)``.
    Board = _triangles.TriangleBoard

_LAZY = {
    # games: rules and geometry
    "CellBoard": "games.cells",
    "CellGame": "games.cells",
    "Position": "games.cells",
    "Board": "games.triangles",
    "TriangleBoard": "games.triangles",
    "TriangleGame": "games.triangles",
    "board": "games.triangles",
    "BoxesBoard": "games.boxes",
    "BoxesGame": "games.boxes",
    "boxes_board": "games.boxes",
    "Jump": "games.peg",
    "PegBoard": "games.peg",
    "PegGame": "games.peg",
    "peg_board": "games.peg",
    "InvalidPegBoardError": "games.peg",
    "NumberGame": "games.number",
    "InvalidNumberPositionError": "games.number",
    "Transition": "games.transition",
    "InvalidPositionError": "errors",
    # engine: solving
    "Game": "engine.game",
    "NegamaxSolver": "engine.game",
    "negamax": "engine.game",
    "SearchLimitError": "engine.game",
    "Step": "engine.game",
    "replay": "engine.game",
    "IllegalMoveError": "engine.game",
    "SolvedGame": "engine.solutions",
    "ValueFunctionSolution": "engine.solutions",
    "TableSolution": "engine.solutions",
    "NegamaxSolution": "engine.solutions",
    "NumberGameSolution": "engine.solutions",
    "method_for": "engine.solvers",
    "solve": "engine.solvers",
    "solve_boxes": "engine.solvers",
    "solve_cells": "engine.solvers",
    "solve_peg": "engine.solvers",
    "solve_peg_game": "engine.solvers",
    "solve_number_game": "engine.solvers",
    "state_graph": "analysis.graph",
    "optimal_subgraph": "analysis.graph",
    # analysis
    "GameRecord": "analysis.records",
    "parse_record": "analysis.records",
    "review_game": "analysis.review",
    "verify_solution": "analysis.verify",
    "outcomes_by_edges_drawn": "analysis.tables",
    "value_distribution": "analysis.tables",
    "move_statistics_by_edges_drawn": "analysis.tables",
    "first_moves": "analysis.tables",
    "first_move_classes": "analysis.tables",
    "save_table": "analysis.tables",
    # plot
    "draw_position": "plot.boards",
    "position_figure": "plot.boards",
    "show_position": "plot.boards",
    "DrawnPosition": "plot.boards",
    "draw_principal_variation": "plot.boards",
    "save_figure": "plot.export",
    "show_figure": "plot.export",
    # interactive
    "explore": "explorer",
}


_REMOVED = {
    "Solution": "TableSolution",
    "GameSolution": "NegamaxSolution",
    "SolvedGameBase": "ValueFunctionSolution",
    "review_table": "review_game(record).table()",
    "verify_side": "verify_solution(solve(side))",
}
"""Names removed after 0.2.0, and what replaces each (answered by `__getattr__`, networkx's way)."""


def __getattr__(name: str):
    if name in _REMOVED:
        raise AttributeError(f"{__name__}.{name} was removed after 0.2.0; use {_REMOVED[name]}")
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = sorted(_LAZY)

__version__ = "0.2.0"
