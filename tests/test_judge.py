"""Judge dialects of Fighting for Triangles: SPEC samples, bad input (the gym sample and the command: test_cli.py)."""

import subprocess
import sys
from pathlib import Path

import pytest

from triangles_core.judge import JudgeInputError, run_dialect

TRIANGLE_WAR_SAMPLE = (Path(__file__).parent / "data" / "triangle_war_sample.txt").read_text()


def answers_then_error(fmt: str, text: str) -> tuple[list[str], JudgeInputError]:
    """The lines answered before the input's error, and the error."""
    answers = []
    with pytest.raises(JudgeInputError) as info:
        answers.extend(run_dialect(fmt, text))
    return answers, info.value


def test_gym_tokens_split_across_lines_and_missing_terminator():
    assert list(run_dialect("gym", "6 1 2\n3\n4 5\n 6 5 4 5 6\n7 8")) == ["Andy wins", "Ralph wins"]


def test_gym_draw_and_full_board():
    # a full board: nothing is left to claim
    assert list(run_dialect("gym", "18 " + " ".join(map(str, range(1, 19))) + " 0")) == ["Draw"]


def test_uestc_sample():
    assert list(run_dialect("uestc", "5\n1 2 3 4 5\n")) == ["WIN!"]
    assert list(run_dialect("uestc", "0")) == ["LOSE!"]


def test_triangle_war_sample():
    answers = ["Game 1: B wins.", "Game 2: A wins.", "Game 3: A wins.", "Game 4: B wins."]
    assert list(run_dialect("triangle-war", TRIANGLE_WAR_SAMPLE)) == answers


def test_duplicate_edges_are_accepted_with_one_note():
    notes = []
    assert len(list(run_dialect("gym", "3 1 1 2\n2 5 5\n0\n", notes.append))) == 2
    assert notes == ["case 1, line 1: edge 1 is listed twice; a drawn edge is drawn (said once for the whole input)"]
    # 18 is in range for N even when an edge is listed twice
    assert len(list(run_dialect("gym", "18 " + " ".join(map(str, [1, *range(1, 18)])), notes.append))) == 1


@pytest.mark.parametrize(
    "fmt, text, answered, where",
    [
        ("gym", "6\n1 2 3 4 5 6\n5\n4 5 x 7 8\n0\n", 1, "case 2, line 4, token 'x'"),
        ("gym", "6\n1 2 3 4 5 6\n2\n4 19\n", 1, "case 2, line 4, token '19'"),
        ("gym", "6\n1 2 3 4 5 6\n3\n4 5\n", 1, "case 2, line 4, end of input"),
        ("gym", "-1\n", 0, "case 1, line 1, token '-1'"),
        ("gym", "2 1 0\n", 0, "token '0'"),
        ("gym", "1\n1\n1 \n  99", 1, "case 2, line 4, token '99'"),
        ("gym", "1 \u00b2", 0, "token '\u00b2': not an integer"),
        ("gym", "1\n1\x0c1\n2\n\x0b3 x\n", 2, "line 4, token 'x'"),  # only \n ends a line
        ("gym", "1\r\n1\r\n1\r\nx\r\n", 1, "line 4, token 'x'"),
        ("uestc", "2\n1 2 3\n", 0, "line 2, token '3'"),  # one case per input: no answer, as in peg
        ("uestc", "", 0, "case 1, line 1, end of input"),
        ("triangle-war", "2\n1\n1 2\n1\n1 4\n", 1, "case 2, line 5, token '1 4'"),
        ("triangle-war", "1\n1\n01 004\n", 0, "token '01 004'"),  # the pair as written
        ("triangle-war", "1\n2\n1 2\n2 1\n", 0, "already joined"),
        ("triangle-war", "1\n1\n1 11\n", 0, "token '11'"),
        ("triangle-war", "x\n", 0, "line 1, token 'x'"),
        ("triangle-war", "0\n1\n", 0, "line 2, token '1': unexpected token after the last case"),
        # a count larger than the board is out of range at the count, not an end of input later
        ("gym", "19\n", 0, "case 1, line 1, token '19': out of range, expected the number of drawn edges N (0..18)"),
        ("gym", "1 4\n99999999999999999999999\n", 1, "case 2, line 2, token '99999999999999999999999': out of"),
        ("uestc", "100 1 2 3\n", 0, "case 1, line 1, token '100': out of range, expected the number of drawn edges"),
        ("triangle-war", "1\n19\n", 0, "case 1, line 2, token '19': out of range, expected the number of moves m"),
    ],
)
def test_bad_input_is_named_after_the_earlier_answers(fmt, text, answered, where):
    answers, error = answers_then_error(fmt, text)
    assert len(answers) == answered and where in str(error)


def test_the_judge_loads_only_what_it_uses():
    """The side-3 table is read with numpy: neither the compiler, the search nor pandas is imported."""
    code = (
        "import sys\nfrom triangles_core.cli import main\nstatus = main(['judge', 'gym'])\n"
        "print(sorted(m for m in ('numba', 'pandas', 'triangles_core.engine.search') if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], input="1 1\n", capture_output=True, text=True, timeout=120)
    assert result.stdout.splitlines() == ["Andy wins", "[]"], result.stderr
