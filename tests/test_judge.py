"""Judge dialects of Fighting for Triangles: SPEC samples, byte-exact output, bad input."""

from pathlib import Path

import pytest
from commands import assert_one_line_error, judge, triangles

from triangles_core.judge import JudgeInputError, run_dialect

TRIANGLE_WAR_SAMPLE = (Path(__file__).parent / "data" / "triangle_war_sample.txt").read_text()


def test_gym_sample_byte_exact():
    result = judge("gym", "6\n1 2 3 4 5 6\n5\n4 5 6 7 8\n0\n")
    assert (result.returncode, result.stdout, result.stderr) == (0, "Andy wins\nRalph wins\n", "")


def test_gym_tokens_split_across_lines_and_missing_terminator():
    assert list(run_dialect("gym", "6 1 2\n3\n4 5\n 6 5 4 5 6\n7 8")) == ["Andy wins", "Ralph wins"]


def test_gym_draw_and_full_board():
    # a full board: nothing is left to claim
    assert list(run_dialect("gym", "18 " + " ".join(map(str, range(1, 19))) + " 0")) == ["Draw"]


def test_uestc_sample():
    result = judge("uestc", "5\n1 2 3 4 5\n")
    assert (result.returncode, result.stdout) == (0, "WIN!\n")
    assert list(run_dialect("uestc", "0")) == ["LOSE!"]


def test_triangle_war_sample():
    result = judge("triangle-war", TRIANGLE_WAR_SAMPLE)
    assert result.returncode == 0
    assert result.stdout == "Game 1: B wins.\nGame 2: A wins.\nGame 3: A wins.\nGame 4: B wins.\n"


def test_duplicate_edges_are_accepted_with_one_note():
    result = judge("gym", "3 1 1 2\n2 5 5\n0\n")
    assert result.returncode == 0 and len(result.stdout.splitlines()) == 2
    assert result.stderr.count("\n") == 1 and "edge 1 is listed twice" in result.stderr


@pytest.mark.parametrize(
    "fmt, text, answered, where",
    [
        ("gym", "6\n1 2 3 4 5 6\n5\n4 5 x 7 8\n0\n", 1, "case 2, line 4, token 'x'"),
        ("gym", "6\n1 2 3 4 5 6\n2\n4 19\n", 1, "case 2, line 4, token '19'"),
        ("gym", "6\n1 2 3 4 5 6\n3\n4 5\n", 1, "case 2, line 4, end of input"),
        ("gym", "-1\n", 0, "case 1, line 1, token '-1'"),
        ("gym", "2 1 0\n", 0, "token '0'"),
        ("uestc", "2\n1 2 3\n", 0, "line 2, token '3'"),  # one case per input: no answer, as in peg
        ("uestc", "", 0, "end of input"),
        ("triangle-war", "2\n1\n1 2\n1\n1 4\n", 1, "case 2, line 5, token '1 4'"),
        ("triangle-war", "1\n2\n1 2\n2 1\n", 0, "already joined"),
        ("triangle-war", "1\n1\n1 11\n", 0, "token '11'"),
        ("triangle-war", "x\n", 0, "line 1, token 'x'"),
    ],
)
def test_bad_input_one_line_exit_2_earlier_answers_kept(fmt, text, answered, where):
    result = judge(fmt, text)
    assert_one_line_error(result, f"triangles judge {fmt}: error: ")
    assert len(result.stdout.splitlines()) == answered
    assert where in result.stderr


def test_judge_input_error_names_case_line_token():
    with pytest.raises(JudgeInputError) as info:
        list(run_dialect("gym", "1\n1\n1 \n  99"))
    assert (info.value.case, info.value.line, info.value.token) == (2, 4, "99")


def test_unknown_format_and_missing_file():
    result = triangles("judge", "nope")
    assert result.returncode == 2 and "invalid choice" in result.stderr
    result = triangles("judge", "gym", "/no/such/file")
    assert_one_line_error(result)
    assert "cannot read /no/such/file" in result.stderr


def test_huge_and_odd_tokens_are_errors_not_crashes():
    with pytest.raises(JudgeInputError, match="out of range") as info:
        list(run_dialect("gym", "1\n" + "1" * 5000))
    assert "(5000 characters)" in str(info.value)
    with pytest.raises(JudgeInputError, match="not an integer"):
        list(run_dialect("gym", "1 \u00b2"))


def test_line_numbers_count_only_real_line_breaks():
    with pytest.raises(JudgeInputError) as info:
        list(run_dialect("gym", "1\n1\x0c1\n2\n\x0b3 x\n"))
    assert info.value.line == 4
    with pytest.raises(JudgeInputError) as info:
        list(run_dialect("gym", "1\r\n1\r\n1\r\nx\r\n"))
    assert info.value.line == 4


def test_triangle_war_quotes_the_pair_as_written():
    with pytest.raises(JudgeInputError, match="token '01 004'"):
        list(run_dialect("triangle-war", "1\n1\n01 004\n"))
    with pytest.raises(JudgeInputError) as info:
        list(run_dialect("triangle-war", "0\n1\n"))
    assert info.value.case is None


@pytest.mark.parametrize(
    "fmt, text, answered, said",
    [
        ("gym", "19\n", 0, "case 1, line 1, token '19': out of range, expected the number of drawn edges N (0..18)"),
        ("gym", "1 4\n99999999999999999999999\n", 1, "case 2, line 2, token '99999999999999999999999': out of range"),
        (
            "uestc",
            "100 1 2 3\n",
            0,
            "case 1, line 1, token '100': out of range, expected the number of drawn edges n (0..18)",
        ),
        (
            "triangle-war",
            "1\n19\n",
            0,
            "case 1, line 2, token '19': out of range, expected the number of moves m (0..18)",
        ),
    ],
)
def test_a_count_larger_than_the_board_is_out_of_range_not_an_end_of_input(fmt, text, answered, said):
    """A count of more edges than the board has is the count's fault, said at the count (as
    triangle-war always said), not an "input ended" at the end of the short list that follows."""
    result = judge(fmt, text)
    assert_one_line_error(result, f"triangles judge {fmt}: error: {said}")
    assert len(result.stdout.splitlines()) == answered


def test_a_full_count_with_a_duplicate_edge_is_still_read():
    # 18 is in range; listing an edge twice is the duplicate note, not an error
    result = judge("gym", "18 " + " ".join(map(str, [1, *range(1, 18)])) + "\n0\n")
    assert result.returncode == 0 and result.stdout in ("Andy wins\n", "Ralph wins\n", "Draw\n")
    assert "edge 1 is listed twice" in result.stderr
