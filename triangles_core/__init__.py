"""triangles_core: exact solutions of small two-player games.

The main game is Fighting for Triangles (dots-and-triangles on a triangular board;
Codeforces Gym 100015F, UESTC 2016 training problem B, POJ 1085 "Triangle War").

Examples
--------
>>> import triangles_core as tc
>>> s = tc.solve(3)
>>> s.value([])
-3
>>> s.winning_moves([1, 2, 3, 4, 5])
[6, 7]
>>> tc.solve_peg([3, 1, 6, 1, 7, 8, 5, 0, 3, 4, 9, 3, 2, 1, 9])  # NAQ 2018 J, sample 1
21
>>> tc.solve_number_game().winning_moves([2, 3, 4, 5, 6])  # POJ 1143, sample 3
[4, 5, 6]

The sibling games, game review, verification and the interactive explorer
(``explore``, an anywidget) are imported on first use, so that ``import triangles_core``
stays light.
"""

from .board import Board, InvalidPositionError, Position, board
from .game import Game, NegamaxSolver, Transition, TriangleGame, negamax
from .solution import DrawnPosition, PrincipalVariationStep, Solution, solve

_LAZY = {
    "PegGame": "peg_game", "solve_peg": "peg_game",
    "NumberGame": "number_game", "solve_number_game": "number_game",
    "parse_record": "record", "review_game": "review", "review_table": "review",
    "verify_solution": "verify", "verify_side": "verify",
    "state_graph": "graph", "optimal_subgraph": "graph",
    "explore": "explorer",
}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Board",
    "DrawnPosition",
    "Game",
    "InvalidPositionError",
    "NegamaxSolver",
    "Position",
    "PrincipalVariationStep",
    "Solution",
    "Transition",
    "TriangleGame",
    "board",
    "negamax",
    "solve",
    *_LAZY,
]

__version__ = "0.1.0"
