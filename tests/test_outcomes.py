"""Exact distributions over play and move kinds, against plain-Python oracles on small boards."""

from __future__ import annotations

import math
from collections import defaultdict

import numpy as np
import pytest

from triangles_core import solve
from triangles_core.analysis import chains
from triangles_core.analysis.outcomes import (
    MOVE_KINDS,
    move_kinds,
    moves_by_kind,
    policy_weights,
    reach_probabilities,
    reached_outcomes,
)


def kind_oracle(board, p, edge):
    """The kind of drawing ``edge`` (1-based) in ``p``, from the board's rules and analysis.chains."""
    if board.claims(p, edge):
        return "capture"
    if chains.capturable_cells(board, p):
        return "declined capture"
    return "sacrifice" if chains.capturable_cells(board, p | 1 << (edge - 1)) else "safe move"


@pytest.mark.parametrize("side", [1, 2])
def test_move_kinds_follow_their_definitions(side):
    s = solve(side)
    board, kinds = s.board, move_kinds(s.board)
    for p in range(1 << board.n_edges):
        for e in range(board.n_edges):
            expected = -1 if p >> e & 1 else MOVE_KINDS.index(kind_oracle(board, p, e + 1))
            assert kinds[p, e] == expected, (p, e)


def move_probabilities(s, p, policy, temperature):
    """Policy weights of one position, written out from the move values (no table)."""
    board = s.board
    free = [e for e in range(1, board.n_edges + 1) if not p >> (e - 1) & 1]
    values = {}
    for e in free:
        r, after = board.claims(p, e), p | 1 << (e - 1)
        values[e] = r + s.value(after) if r else -s.value(after)
    best = max(values.values())
    weight = {
        "random": lambda v: 1.0,
        "perfect": lambda v: float(v == best),
        "softmax": lambda v: math.exp((v - best) / temperature),
    }[policy]
    total = sum(weight(v) for v in values.values())
    return {e: weight(v) / total for e, v in values.items()}


@pytest.mark.parametrize("side", [1, 2])
@pytest.mark.parametrize(("policy", "temperature"), [("random", 1.0), ("perfect", 1.0), ("softmax", 0.7)])
def test_reach_probabilities_match_a_forward_enumeration(side, policy, temperature):
    s = solve(side)
    board, n = s.board, s.board.n_cells
    reach = reach_probabilities(s, policy_weights(s, policy, temperature))
    states = {(0, 0, 0): 1.0}  # (position, player to move, A's margin) -> probability
    for _ in range(board.n_edges):
        following = defaultdict(float)
        for (p, t, m), q in states.items():
            for e, w in move_probabilities(s, p, policy, temperature).items():
                r = board.claims(p, e)
                key = (p | 1 << (e - 1), t if r else 1 - t, m + (r if t == 0 else -r) if r else m)
                following[key] += q * w
        states = following
        for (p, t, m), q in states.items():
            assert reach[p, t, n + m] == pytest.approx(q, abs=1e-12)
    assert reach.sum() == pytest.approx(board.n_edges + 1)  # one position per level, each level sums to 1


def test_perfect_play_keeps_the_value_for_a():
    s = solve(2)
    table = reached_outcomes(s, reach_probabilities(s, policy_weights(s, "perfect")))
    assert (table.mean_value_for_A == s.value(0)).all()
    assert (table.mover_wins + table.draws + table.mover_loses).round(6).eq(1).all()


def test_moves_by_kind_over_all_positions_counts_moves():
    s = solve(2)
    table = moves_by_kind(s, move_kinds(s.board))
    assert table.legal.sum() == sum(math.comb(9, k) * (9 - k) for k in range(9))
    lost = s.values[:, None].astype(int) - s.move_table.astype(int)
    legal = s.move_table != -64
    assert table.mistakes.sum() == (legal & (lost > 0)).sum()
    assert table.value_lost.sum() == lost[legal].sum()


def test_an_unknown_policy_is_refused_quoting_it():
    with pytest.raises(ValueError, match="'greedy'"):
        policy_weights(solve(1), "greedy")
    assert np.isclose(policy_weights(solve(1), "random")[0].sum(), 1)
