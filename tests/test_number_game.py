"""Number Game (ZOJ 1039 / POJ 1143): the closure rule against brute force, the solution against an oracle."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from triangles_core import solve_number_game
from triangles_core.games.number import (
    FULL,
    HIGH,
    LOW,
    InvalidNumberPositionError,
    allowed_numbers,
    choose,
    is_valid_position,
    position_mask,
)


@pytest.fixture(scope="module")
def solution():
    return solve_number_game()


def complement(numbers):
    return position_mask(set(range(LOW, HIGH + 1)) - set(numbers))


def test_statement_example():
    p = choose(FULL, 4)
    assert allowed_numbers(p) == [n for n in range(2, 21) if n % 4]
    p = choose(p, 3)
    assert allowed_numbers(p) == [2, 5]
    assert choose(p, 2) == 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(LOW, HIGH), min_size=1, max_size=6, unique=True))
def test_choose_is_the_additive_closure(numbers):
    position, chosen = FULL, []
    for n in numbers:
        if not position >> (n - LOW) & 1:
            continue
        chosen.append(n)
        position = choose(position, n)
        assert position == complement(additive_closure(chosen))
        assert is_valid_position(position)


def test_reachable_positions_are_exactly_the_closed_ones(solution):
    # the closure of any chosen numbers is reachable; every closed forbidden set (brute force) is too
    closed = {
        complement(additive_closure(generators))
        for size in range(4)
        for generators in itertools.combinations(range(LOW, HIGH + 1), size)
    }
    reachable = set(int(p) for p in solution.positions)
    assert closed <= reachable
    assert len(reachable) == solution.n_positions == 3515
    valid = [p for p in range(FULL + 1) if is_valid_position(p)]
    assert set(valid) == reachable


def test_the_empty_position_is_lost(solution):
    assert solution.winning_moves([]) == [] and solution.is_p_position([])


def test_invalid_positions(solution):
    assert not is_valid_position(position_mask([6]))
    assert not is_valid_position(position_mask([2, 3, 4, 5, 12]))  # 6 is forbidden, so 12 = 6 + 6 is too
    assert is_valid_position(position_mask([2, 3, 4, 5, 7]))  # 6, 8, 9, ... forbidden: closed
    with pytest.raises(InvalidNumberPositionError, match="cannot occur"):
        solution.value([6])
    with pytest.raises(InvalidNumberPositionError, match="number 21 is out of range"):
        position_mask([21])
    with pytest.raises(InvalidNumberPositionError, match="not allowed"):
        choose(position_mask([2, 5]), 3)


def test_principal_variation_ends_with_the_mover_stuck(solution):
    steps = solution.principal_variation(FULL)
    assert steps[0].value == 1 and steps[0].move == solution.winning_moves(FULL)[0]
    assert steps[-1].position == 0 and steps[-1].player == "A"  # A makes the last choice: B cannot choose


# The package against a deliberately independent oracle (tests/oracles_siblings.py: sets of
# allowed numbers, a coin-change closure, bottom-up labelling, no code shared with triangles_core).

from oracles_siblings import NUMBERS, additive_closure, forbidden_after, number_game_oracle, number_winning_moves  # noqa: E402


@pytest.fixture(scope="module")
def oracle():
    return number_game_oracle()


def test_independent_oracle_every_reachable_position(solution, oracle):
    assert len(oracle) == solution.n_positions == 3515
    assert {position_mask(p) for p in oracle} == {int(p) for p in solution.positions}
    for allowed, wins in oracle.items():
        mask = position_mask(allowed)
        assert (solution.value(mask) == 1) == wins
        assert solution.winning_moves(mask) == number_winning_moves(oracle, allowed)
        for x in allowed:  # the closure rule itself, choice by choice
            assert allowed_numbers(choose(mask, x)) == sorted(set(NUMBERS) - forbidden_after(allowed, x))
    assert number_winning_moves(oracle, NUMBERS) == [5, 7, 12, 16, 18, 19]


@pytest.mark.parametrize(
    "call",
    [lambda: allowed_numbers(-1), lambda: allowed_numbers(2**64), lambda: choose(-1, 2)],
    ids=["allowed-negative", "allowed-huge", "choose-negative"],
)
def test_the_rule_functions_refuse_what_is_not_a_position_or_a_number(call):
    """Sixth pass C3: these returned answers for positions and numbers the game does not have."""
    with pytest.raises(ValueError, match=r"(position|number) -?\d+ is out of range"):
        call()
