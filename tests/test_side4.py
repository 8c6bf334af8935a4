"""The blocked retrograde kernel against the reference negamax on side 4 (random positions, the table loaded once).

Side 3 against the reference negamax is in test_solver.py, every block and group size
(against the reference negamax) in test_kernel.py.
"""

from __future__ import annotations

import random
import sys

import numpy as np
import pytest

from triangles_core.engine.game import NegamaxSolver
from triangles_core.games.triangles import TriangleGame


def random_position(rng: random.Random, n_edges: int, free: int, inside: int = 0) -> int:
    """A random position with exactly ``free`` undrawn edges, containing ``inside``."""
    undrawn = [e for e in range(n_edges) if not inside >> e & 1]
    keep_free = set(rng.sample(undrawn, free))
    return inside | sum(1 << e for e in undrawn if e not in keep_free)


@pytest.mark.side4
def test_side4_random_positions_match_negamax():
    """4,000 random side-4 positions with 0 to 16 free edges agree with the reference.

    Four base positions with 16, 15, 14 and 13 free edges are solved by negamax (their
    whole subgames, about 120,000 positions, into one shared cache); 750 random
    positions inside each subgame and 1,000 random positions with 6 free edges elsewhere
    are then compared, and so are the move values at the bases.
    """
    from triangles_core import solve

    solution = solve(4)
    values = solution.values
    assert values.dtype == np.int8 and values.shape == (1 << 30,)
    assert values[0] == -2
    b = solution.board
    rng = random.Random(20240605)
    game = TriangleGame(4)
    solver = NegamaxSolver(game)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    checked = 0
    try:
        for free in (16, 15, 14, 13):
            base = random_position(rng, b.n_edges, free)
            assert solver.value(base) == values[base]
            assert solver.move_values(base) == solution.move_values(base)
            for _ in range(750):
                position = random_position(rng, b.n_edges, rng.randint(0, free), inside=base)
                assert solver.value(position) == values[position], b.drawn_edges(position)
                checked += 1
        for _ in range(1000):
            position = random_position(rng, b.n_edges, 6)
            assert solver.value(position) == values[position], b.drawn_edges(position)
            checked += 1
    finally:
        sys.setrecursionlimit(limit)
    assert checked == 4000
