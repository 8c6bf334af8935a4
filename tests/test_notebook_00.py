"""The index, notebook 00, quotes each notebook's bold answer as the notebook states it."""

from __future__ import annotations

import re

import pytest

import notebooks

ANSWERS = {  # notebook: how its bold answer begins ("" for the first bold passage)
    "01_solving_the_game": "",
    "02_state_graph": "",
    "03_outcomes_by_edges_drawn": "",
    "04_winning_first_moves": "",
    "05_peg_game": "Equal pegs:",
    "06_number_game": "Winning first choices",
    "07_larger_boards": "The margin shrinks",
    "08_game_review": "Answer: ",
    "09_dots_and_boxes": "The second player",
    "10_beyond_the_table": "Answer: ",
    "11_how_good_is_mcts": "",
    "12_the_game_of_control": "Position by position",
    "13_long_chain_rule": "Perfect play, exact",
}


def quoted(stem: str) -> str:
    """The bold passage of the index's section for a notebook, on one line."""
    section = next(s for s in notebooks.sources("00_index") if f"]({stem}.ipynb)" in s.split("\n", 1)[0])
    return " ".join(re.search(r"\*\*(.+?)\*\*", section, re.S).group(1).split())


@pytest.mark.parametrize("stem", ANSWERS)
def test_the_index_quotes_the_answer(stem):
    answer = notebooks.bold_answer(stem, ANSWERS[stem])
    assert quoted(stem) == answer[0].upper() + answer[1:]
