"""The blocked retrograde kernel against the reference negamax, on sides 3 and 4.

Side 3 against the reference negamax is in test_solver.py, every block and group size
(against the reference negamax) in test_kernel.py.
"""

from __future__ import annotations

import random
import sys

import numpy as np
import pytest

from triangles_core.engine.game import NegamaxSolver
from triangles_core.engine.retrograde import solve_table
from triangles_core.games.triangles import TriangleGame, board


def test_side3_fills_given_array(solution3):
    out = np.full(1 << 18, 99, dtype=np.int8)
    assert solve_table(board(3), low_bits=10, out=out) is out
    np.testing.assert_array_equal(out, solution3.values)


@pytest.mark.parametrize("low_bits", [0, 19, -1])
def test_block_size_out_of_range(low_bits):
    with pytest.raises(ValueError, match="low_bits"):
        solve_table(board(3), low_bits=low_bits)


@pytest.mark.parametrize("out", [np.zeros(1 << 17, dtype=np.int8), np.zeros(1 << 18, dtype=np.int16)])
def test_wrong_output_array(out):
    with pytest.raises(ValueError, match="out"):
        solve_table(board(3), out=out)


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


def test_progress_bar_counts_blocks_to_the_end(solution3, monkeypatch):
    """The bar counts the 2**8 blocks of 2**10 positions and is full when the table is."""
    import io

    from tqdm import tqdm

    from triangles_core.engine import retrograde

    bars = []

    def recorded(total, description, **kwargs):  # a drawn bar (progress_bar draws none into a pipe)
        bars.append(tqdm(total=total, desc=description, file=io.StringIO(), disable=False))
        return bars[-1]

    monkeypatch.setattr(retrograde, "progress_bar", recorded)
    values = solve_table(board(3), low_bits=10, progress=True)
    np.testing.assert_array_equal(values, solution3.values)
    [bar] = bars
    assert bar.total == 256 and bar.n == 256


def test_progress_bar_without_ipywidgets(monkeypatch):
    from tqdm import std

    from triangles_core._files import progress_bar

    monkeypatch.setitem(sys.modules, "ipywidgets", None)  # import ipywidgets now raises ImportError
    bar = progress_bar(3, "test")
    try:
        assert type(bar) is std.tqdm
    finally:
        bar.close()
