"""Exact random play (`studies.review_stats`) against every ordering of the edges.

Under the random policy every free edge is equally likely whoever moves, so a game's edge
order is a uniformly random permutation: averaging over all ``n!`` orderings, replayed
with the board's own claim rule and the solution's values, is an independent oracle.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from studies import review_stats
from triangles_core import solve, solve_boxes
from triangles_core.analysis import outcomes


def _oracle(solution):
    board, margins, lost, changes = solution.board, Counter(), Counter(), Counter()
    for order in itertools.permutations(range(1, board.n_edges + 1)):
        position, player, margin = 0, 0, 0
        for move, edge in enumerate(order, start=1):
            value = solution.value(position)
            before = margin + (value if player == 0 else -value)
            loss = value - solution.move_values(position)[edge]
            claimed = len(board.completed_by(position, edge))
            after = before - loss if player == 0 else before + loss
            lost[move, "AB"[player]] += loss
            changes[move, "AB"[player]] += (before > 0) - (before < 0) != (after > 0) - (after < 0)
            margin += claimed if player == 0 else -claimed
            position |= 1 << (edge - 1)
            player ^= claimed == 0
        margins[margin] += 1
    return margins, lost, changes, math.factorial(board.n_edges)


@pytest.mark.parametrize("solution", [solve(1), solve_boxes(1, 2)], ids=["side1", "boxes1x2"])
def test_exact_random_play_matches_every_ordering(solution):
    margins, lost, changes, n = _oracle(solution)
    weights = outcomes.policy_weights(solution)
    reach = outcomes.reach_probabilities(solution, weights)
    table = review_stats.final_margins(solution, reach)
    assert dict(zip(table["margin_for_a"], table["probability"], strict=True)) == pytest.approx(
        {m: c / n for m, c in margins.items()}, abs=1e-6
    )
    rows = review_stats.moves_by_number(solution, weights, reach).set_index(["move", "player"])
    assert rows["value_lost_per_game"].to_dict() == pytest.approx({k: v / n for k, v in lost.items()}, abs=1e-6)
    assert rows["winner_changes"].to_dict() == pytest.approx({k: v / n for k, v in changes.items()}, abs=1e-6)


def test_a_perfect_move_is_drawn_among_the_optimal_moves():
    solution = solve(2)
    weights = outcomes.policy_weights(solution, perfect_moves=[1])
    optimal = solution.optimal_moves(0)
    assert {e + 1 for e in weights[0].nonzero()[0]} == set(optimal)
    assert weights[0].sum() == pytest.approx(1) and weights[1].sum() == pytest.approx(1)
