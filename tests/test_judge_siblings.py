"""Judge dialects of the sibling games: peg (NAQ 2018 J), zoj1039 and poj1143 (Number Game)."""

import pytest
from test_judge import answers_then_error

from triangles_core.judge import run_dialect

PEG_SAMPLES = [
    ("3\n1 6\n1 7 8\n5 0 3 4\n9 3 2 1 9\n", "21\n"),
    ("1\n2 3\n4 5 6\n7 8 9 10\n11 12 0 13 14\n", "19\n"),
    ("100 1 17 99 3 4 0 76 33 42 12 13 14 15 16", "2148\n"),
]
ZOJ_SAMPLE = (
    "2\n1\n2\n2\n2 3\n",
    "Scenario #1:\nThe winning moves are: 2.\n\nScenario #2:\nThere is no winning move.\n\n",
)
POJ_SAMPLE = (
    "2 2 5\n2 2 3\n5 2 3 4 5 6\n0\n",
    "Test Case #1\nThe winning moves are: 2\n\nTest Case #2\nThere's no winning move.\n\n"
    "Test Case #3\nThe winning moves are: 4 5 6\n\n",
)


@pytest.mark.parametrize(
    "fmt, text, expected",
    [("peg", t, e) for t, e in PEG_SAMPLES] + [("zoj1039", *ZOJ_SAMPLE), ("poj1143", *POJ_SAMPLE)],
)
def test_samples_byte_exact(fmt, text, expected):
    assert "".join(line + "\n" for line in run_dialect(fmt, text)) == expected


def test_peg_negative_answer():
    # the second player can come out ahead: the answer is printed with its sign
    assert list(run_dialect("peg", "50 67 11 7 28 25 57 2 0 67 11 36 77 88 61")) == ["-4694"]


def test_number_game_edge_cases():
    assert list(run_dialect("zoj1039", "1\n0\n\n")) == ["Scenario #1:", "There is no winning move.", ""]
    # end of input ends poj1143 without the 0 line
    assert list(run_dialect("poj1143", "2 2 5")) == ["Test Case #1", "The winning moves are: 2", ""]
    full = " ".join(map(str, range(2, 21)))
    assert list(run_dialect("poj1143", f"19 {full}\n0\n"))[1] == "The winning moves are: 5 7 12 16 18 19"


def test_duplicate_number_is_accepted_with_one_note():
    notes = []
    assert list(run_dialect("zoj1039", "2\n2\n2 2\n2\n3 3\n", notes.append)).count("") == 2
    assert len(notes) == 1 and "case 1, line 3: number 2 is listed twice" in notes[0]


@pytest.mark.parametrize(
    "fmt, text, answered, where",
    [
        ("peg", "1 2 3 4 5 6 7 8 9 10 11 12 0 13", 0, "case 1, line 1, end of input"),
        ("peg", "1 2 3\n4 5 6 7 8 9 10 11 12 0 13 14 15\n", 0, "case 1, line 2, token '15'"),
        ("peg", "1 2 3 4 5 6 7 8 9 10 11 12 0 13 0", 0, "token '0': hole 15 is a second hole"),
        ("peg", "1 2 3 4 5 6 7 8 9 10 11 12 1 13 4", 0, "token '4': the board has no hole"),
        ("peg", "1 2 3 4 5 6 7 8 9 10 11 12 0 13 101", 0, "token '101'"),
        ("peg", "1 2 3 4 5 6 7 8 9 10 11 12 0 13 -1", 0, "token '-1'"),
        ("peg", "1 2 3 4 5 6 7 8 9 10 11 12 0 13 1.5", 0, "token '1.5'"),
        ("zoj1039", "3\n1\n2\n1\n21\n1\n2\n", 1, "case 2, line 5, token '21'"),
        ("zoj1039", "2\n1\n2\n1\n6\n", 1, "case 2, line 5, token '6': allowed numbers [6] cannot occur"),
        ("zoj1039", "2\n1\n2\n20\n", 1, "case 2, line 4, token '20'"),
        ("zoj1039", "2\n1\n2\n2\n3\n", 1, "case 2, line 5, end of input"),
        ("zoj1039", "1\n1\n2\n7\n", 1, "unexpected token"),
        ("zoj1039", "x\n", 0, "line 1, token 'x'"),
        ("poj1143", "2 2 5\n1 1\n0\n", 1, "case 2, line 2, token '1'"),
        ("poj1143", "2 2 5\n5 2 3 4 5 12\n0\n", 1, "case 2, line 2, token '12': allowed numbers"),
        ("poj1143", "2 2 5\n2 2 three\n0\n", 1, "case 2, line 2, token 'three'"),
    ],
)
def test_bad_input_keeps_earlier_answers(fmt, text, answered, where):
    answers, error = answers_then_error(fmt, text)
    assert len(answers) == answered * (1 if fmt == "peg" else 3) and where in str(error)


@pytest.mark.parametrize(
    "fmt, text, answered, where",
    [
        ("zoj1039", "2\n1\n3 5\n2 3 4 5 6\n", 0, "case 1, line 3, token '5': line 3 has more than 1 number"),
        (
            "zoj1039",
            "2\n1\n2\n2\n2\n3\n",
            1,
            "case 2, line 5, token '2': line 5 has 1 of the case's 2 numbers (the next is on line 6)",
        ),
        (
            "zoj1039",
            "2\n1 2\n2\n2 3\n",
            0,
            "case 1, line 2, token '2': the case's 1 number must be on line 3 (the line after the count), "
            "not on line 2",
        ),
        ("poj1143", "2 2 5 3\n2 2 3\n0\n", 0, "case 1, line 1, token '3': line 1 has more than 2 numbers"),
        (
            "poj1143",
            "2 2 5\n3 2 5\n2 2 3\n0\n",
            1,
            "case 2, line 2, token '5': line 2 has 2 of the case's 3 numbers (the next is on line 3)",
        ),
    ],
)
def test_number_game_counts_must_match_their_line(fmt, text, answered, where):
    answers, error = answers_then_error(fmt, text)
    assert answers.count("") == answered and where in str(error)


def test_poj1143_ends_at_a_line_0_alone():
    answers, error = answers_then_error("poj1143", "2 2 5\n0 5\n")
    assert answers[0] == "Test Case #1"
    assert str(error) == "line 2, token '5': the 0 that ends the input must be alone on line 2"
    assert list(run_dialect("poj1143", "2 2 5\n0\n5 2 3\n")) == ["Test Case #1", "The winning moves are: 2", ""]
    assert list(run_dialect("poj1143", "2 2 5\n0   \t\r\n")) == ["Test Case #1", "The winning moves are: 2", ""]
