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
"""

from .board import Board, InvalidPositionError, Position, board
from .game import Game, NegamaxSolver, Transition, TriangleGame, negamax
from .solution import DrawnPosition, PrincipalVariationStep, Solution, solve

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
]

__version__ = "0.1.0"
