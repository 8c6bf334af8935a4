"""Peg Game for Two (NAQ 2018 J): geometry, published answers, the solved-game interface, properties."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from triangles_core import SearchLimitError, solve_peg, solve_peg_game, state_graph
from triangles_core.games.peg import InvalidPegBoardError, Jump, PegBoard, peg_board, random_start

SAMPLES = [
    ((3, 1, 6, 1, 7, 8, 5, 0, 3, 4, 9, 3, 2, 1, 9), 21),
    ((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 13, 14), 19),
    ((100, 1, 17, 99, 3, 4, 0, 76, 33, 42, 12, 13, 14, 15, 16), 2148),
]


def test_board_geometry():
    b = PegBoard(5)
    assert b.n_holes == 15 and len(b.jumps) == 36 and len(set(b.jumps)) == 36
    # every jump is three consecutive holes of one line, in either direction
    triples = {line[i : i + 3] for line in b.lines for i in range(len(line) - 2)}
    assert {(j.start, j.over, j.land) for j in b.jumps} == triples | {t[::-1] for t in triples}
    assert sorted(len(line) for line in b.lines) == [3, 3, 3, 4, 4, 4, 5, 5, 5]
    assert b.lines[0] == (4, 5, 6)  # the first row with 3 holes
    for rows, expected in [(1, 0), (2, 0), (3, 6), (4, 18)]:
        assert len(PegBoard(rows).jumps) == expected


def test_start_position_validation():
    b = peg_board()
    with pytest.raises(InvalidPegBoardError, match="exactly one hole"):
        b.start_position([1] * 15)
    with pytest.raises(InvalidPegBoardError, match="exactly one hole"):
        b.start_position([0, 0] + [1] * 13)
    with pytest.raises(InvalidPegBoardError, match="15 holes"):
        b.start_position([0] + [1] * 13)
    with pytest.raises(InvalidPegBoardError, match="hole 15: peg value 101 is out of range \\(0..100\\)"):
        b.start_position([0] + [1] * 13 + [101])
    with pytest.raises(ValueError, match="not legal"):
        b.play((1,) * 15, Jump(4, 2, 1))


def test_game_graph_matches_solver():
    start = SAMPLES[0][0]
    solution = solve_peg_game(start)
    graph = state_graph(solution)
    assert graph.nodes[start]["value"] == 21
    assert graph.number_of_nodes() == solution.n_positions  # the solver visited exactly the reachable positions
    assert all(data["pegs"] >= 1 for _, data in graph.nodes(data=True))


def test_out_of_reach_boards_are_refused():
    with pytest.raises(SearchLimitError, match="out of reach"):
        solve_peg([0] + [1] * 27, rows=7)


@settings(max_examples=15, deadline=None)
@given(
    values=st.lists(st.integers(1, 100), min_size=15, max_size=15), hole=st.integers(0, 14), factor=st.integers(1, 5)
)
def test_value_properties(values, hole, factor):
    values[hole] = 0
    solution = solve_peg_game(values)
    value = solution.value(values)
    # scaling every peg by c scales every reward, hence the value, by c**2
    if max(values) * factor <= 100:
        assert solve_peg([v * factor for v in values]) == value * factor**2
    # the mirror image (left-right reflection of each row) has the same value
    rows = [values[r * (r + 1) // 2 : (r + 1) * (r + 2) // 2] for r in range(5)]
    assert solve_peg([v for row in rows for v in reversed(row)]) == value
    # negamax: the value is the best move value, and no move beats it
    moves = solution.move_values(values)
    assert value == max(moves.values(), default=0)


def test_symmetries_preserve_jumps_and_values():
    b = peg_board()
    assert b.symmetries[0] == tuple(range(1, 16)) and len(set(b.symmetries)) == 6
    jumps = {(j.start, j.over, j.land) for j in b.jumps}
    for sym in b.symmetries:
        assert {(sym[s - 1], sym[o - 1], sym[land - 1]) for s, o, land in jumps} == jumps
    start = SAMPLES[0][0]
    assert {solve_peg(b.apply_symmetry(i, start)) for i in range(6)} == {21}


# The package against a deliberately independent oracle (tests/oracles_siblings.py: its own
# geometry, plain minimax on a dict, no code shared with triangles_core).

from oracles_siblings import peg_jumps, peg_oracle  # noqa: E402


def _oracle_agrees(start, rows=5):
    oracle = peg_oracle(start, rows)
    solution = solve_peg_game(start, rows)
    assert solution.value(start) == oracle["value"]
    package_first = {(j.start, j.over, j.land): v for j, v in solution.move_values(start).items()}
    assert package_first == oracle["first_jumps"]
    return oracle


@pytest.mark.parametrize("rows", [1, 2, 3, 4, 5])
def test_independent_oracle_jumps_match_the_board(rows):
    assert peg_jumps(rows) == sorted((j.start, j.over, j.land) for j in PegBoard(rows).jumps)


@pytest.mark.parametrize("values, answer", SAMPLES)
def test_independent_oracle_samples(values, answer):
    assert solve_peg(values) == answer == _oracle_agrees(values)["value"]


def test_independent_oracle_random_small_boards():
    rng = random.Random(1143)
    boards = (
        [(random_start(rng, rows=3, low=1, high=9), 3) for _ in range(12)]
        + [(random_start(rng, rows=4, low=1, high=9), 4) for _ in range(12)]
        + [(random_start(rng, rows=4, low=1, high=100), 4) for _ in range(12)]
        + [(random_start(rng, rows=5, low=1, high=9), 5) for _ in range(4)]
    )
    for start, rows in boards:
        _oracle_agrees(start, rows)
