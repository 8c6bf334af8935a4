"""Notebook 06 (the Number Game): its claims against the solution, its prose against its tables.

The tables are the committed ones in data/tables (the notebook writes them; re-running it
changes no byte); the whole game solves in about a second, so the tests re-solve it.
"""

import networkx as nx
import pytest
from oracles_siblings import additive_closure

import triangles_core as tc
from notebooks import bold_answer, prose, sources, table
from triangles_core.games.number import (
    FULL,
    HIGH,
    LOW,
    allowed_numbers,
    choose,
    is_valid_position,
    position_mask,
)

NUMBERS = range(LOW, HIGH + 1)


@pytest.fixture(scope="module")
def solution():
    return tc.solve_number_game()


def test_the_rule_is_the_numerical_semigroup_cut_at_20():
    assert allowed_numbers(choose(choose(FULL, 4), 3)) == [2, 5] and choose(choose(choose(FULL, 4), 3), 2) == 0
    for x in NUMBERS:
        assert set(NUMBERS) - set(allowed_numbers(choose(FULL, x))) == additive_closure([x])
        for y in allowed_numbers(choose(FULL, x)):
            assert set(NUMBERS) - set(allowed_numbers(choose(choose(FULL, x), y))) == additive_closure([x, y])


def test_first_choice_table(solution):
    first = table("number_game_first_choice")
    assert list(first.loc[first["winning"], "number"]) == solution.winning_moves(FULL) == [5, 7, 12, 16, 18, 19]
    assert first.loc[first["number"] == 2, "allowed_left"].item() == 9
    assert all(first.loc[first["number"] == n, "forbidden_after"].item() == str(n) for n in range(11, 21))


def test_the_judges_third_sample(solution):
    """The position the prose quotes (the judges' samples: test_judge_siblings.py, test_number_game.py)."""
    assert solution.winning_moves([2, 3, 4, 5, 6]) == [4, 5, 6]


def test_sylver_coinage_table(solution):
    sylver = table("number_game_sylver_coinage_openings").set_index("number")
    winning = solution.winning_moves(FULL)
    assert [n for n in NUMBERS if sylver.loc[n, "number_game"] == "wins"] == winning
    hutchings = [n for n in NUMBERS if sylver.loc[n, "sylver_coinage"] == "wins (Hutchings)"]
    assert hutchings == [5, 7, 11, 13, 17, 19]
    assert [p for p in hutchings if p not in winning] == [11, 13, 17]
    assert [n for n in NUMBERS if sylver.loc[n, "sylver_coinage"] == "loses" and n in winning] == [12]
    multiples = [n for n in NUMBERS if sylver.loc[n, "sylver_coinage"].startswith("loses (answer")]
    assert multiples == [10, 14, 15, 20]
    for n in multiples:  # the prime factor p >= 5 answers n and leaves the position after the opening p
        p = next(p for p in hutchings if n % p == 0)
        assert choose(choose(FULL, n), p) == choose(FULL, p)
        assert str(p) in sylver.loc[n, "answer_in_number_game"].split()
    assert sylver.loc[2, "answer_in_number_game"] == "3" and sylver.loc[3, "answer_in_number_game"] == "2"
    assert choose(choose(FULL, 2), 3) == 0


def test_positions_table_and_prose(solution):
    by_size = table("number_game_positions_by_remaining").set_index("remaining")
    assert by_size["positions"].sum() == solution.n_positions == 3515 == sum(map(is_valid_position, range(FULL + 1)))
    assert by_size["p_positions"].sum() == 623
    assert by_size.loc[10:15, "positions"].sum() == 2827
    even = by_size.index % 2 == 0
    assert (by_size.loc[even, "p_positions"].sum(), by_size.loc[even, "positions"].sum()) == (510, 1756)
    assert (by_size.loc[~even, "p_positions"].sum(), by_size.loc[~even, "positions"].sum()) == (113, 1759)
    assert tuple(by_size.loc[12]) == (590, 168) and tuple(by_size.loc[13]) == (613, 38)
    text = "\n".join(sources("06_number_game"))
    for phrase in (
        "2,827 of the 3,515 positions (80%)",
        "510 of the 623",
        "510 of the 1,756",
        "P-positions (29%), against 113 of the 1,759 with an odd count (6%)",
        "the 510 P-positions",
    ):
        assert phrase in text
    assert [round(100 * v) for v in (2827 / 3515, 510 / 1756, 113 / 1759)] == [80, 29, 6]


def test_graph_and_count_downs(solution):
    graph = tc.state_graph(solution)
    assert graph.number_of_nodes() == 3515 and graph.number_of_edges() == 42_519
    assert nx.dag_longest_path_length(graph) == 19
    sample = tc.state_graph(solution, [2, 3, 4, 5, 6])
    root = position_mask([2, 3, 4, 5, 6])
    assert sorted(d["move"] for _, _, d in sample.out_edges(root, data=True) if d["move_value"] == 1) == [4, 5, 6]

    def single(p):
        return all(choose(p, n) == p & ~(1 << (n - LOW)) for n in allowed_numbers(p))

    one_step = [p for p in graph if single(p)]
    count_downs = [p for p in one_step if all(single(q) for q in nx.descendants(graph, p))]
    assert sorted(allowed_numbers(p) for p in one_step) == [[], [2], [2, 3], [2, 3, 5], [3]]
    assert sorted(allowed_numbers(p) for p in count_downs) == [[], [2], [2, 3], [3]]
    assert all((solution.values[p] == -1) == (p.bit_count() % 2 == 0) for p in count_downs)
    assert choose(position_mask([2, 3, 5]), 2) == position_mask([3, 5]) and choose(position_mask([3, 5]), 3) == 0


def test_bold_answer_is_short_and_repeated():
    answer = bold_answer("06_number_game", "Winning first choices")
    assert prose("06_number_game").count(answer) == 2  # repeated under "Answer"
    for phrase in ("5, 7, 12, 16, 18 and 19", "3,515", "623", "11, 13 and 17 lose here, and 12 wins"):
        assert phrase in answer
