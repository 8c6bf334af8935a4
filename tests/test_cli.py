"""The `triangles` command run in process through `main` (golden outputs), and one process per command family."""

from __future__ import annotations

import io
import shlex
import subprocess
import sys
from pathlib import Path
from subprocess import PIPE

import numpy as np
import pytest
from commands import assert_one_line_error, triangles

from triangles_core.cli import EXAMPLES, main


def run(capsys, *args: str, stdin: bytes | None = None, monkeypatch=None) -> tuple[int, str, str]:
    """``main(args)`` in this process: its status, stdout and stderr."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_prints_value_verdict_and_move_table(capsys):
    status, out, err = run(capsys, "solve", "1", "2", "3", "4", "5", "6")
    assert status == 0 and err == ""
    assert "Value for the player to move: +1 (the player to move wins)" in out
    assert "   7   3-5         1     +1  optimal" in out and "Principal variation" in out
    side2 = run(capsys, "solve", "--side", "2")[1].splitlines()
    assert side2[6] == "Value for the player to move: -2 (the player to move loses)"


def test_edges_may_follow_the_options_and_use_a_records_tokens(capsys):
    plain = run(capsys, "solve", "--side", "2", "1", "2", "3")[1]
    assert plain.startswith("Side-2 board, drawn edges: 1 2 3\n")
    assert run(capsys, "solve", "1", "2", "3", "--side", "2")[1] == plain
    assert run(capsys, "solve", "--side", "2", "0001,e2", "2-3")[1] == plain  # as a record's start: line


def test_a_repeated_edge_is_drawn_once_with_a_note(capsys):
    status, out, err = run(capsys, "solve", "--side", "2", *["1"] * 1000, "2", "2")
    assert status == 0 and out.startswith("Side-2 board, drawn edges: 1 2\n")
    assert err == "triangles solve: note: edge 1 is listed more than once; a drawn edge is drawn\n"


@pytest.mark.parametrize(
    "args, said",
    [
        (["solve", "19"], "triangles solve: error: EDGE '19': edge 19 is not on the side-3 board (edges are 1..18)"),
        (["solve", "e19"], "triangles solve: error: EDGE 'e19': edge 19 is not on the side-3 board"),
        (["solve", "--side", "2", "1", "x4"], "triangles solve: error: EDGE 'x4': expected an edge number"),
        (["solve", "--side", "1", ","], "triangles solve: error: EDGE ',' names no edge"),
        (["solve", "--side", "6"], "triangles solve: error: the side-6 board has 63 edges: the search handles at most"),
        (["solve", "--boxes", "0x1"], "triangles solve: error: boxes rows 0 is out of range (1..64)"),
        (["solve", "--side", "0"], "triangles solve: error: board side 0 is out of range (1..64)"),
        (["verify", "--boxes", "3x5"], "triangles verify: error: the 3x5 boxes board has 38 edges, more than a value"),
        (["solve", "--side", "x"], "triangles solve: error: argument --side: invalid int value: 'x'"),
        (["solve", "--boxes", "3by3"], "triangles solve: error: argument --boxes: expected ROWSxCOLS such as 3x3"),
        (["solve", "--boxes", "2x2", "13"], "triangles solve: error: EDGE '13': edge 13 is not on the 2x2 boxes board"),
        # argparse's own refusals: one line and 2 (their wording is argparse's)
        (["solve", "--side", "3", "--boxes", "2x2"], "triangles solve: error: "),
        (["graph", "g.graphml", "--side", "2", "1", "--x"], "triangles graph: error: "),
        (["judge", "zzz"], "triangles judge: error: "),
        ([], "triangles: error: "),
        (["judge", "gym", "no-such-file"], "triangles judge gym: error: cannot read no-such-file: No such file"),
        (["review", "no-such-file"], "triangles review: error: cannot read no-such-file: No such file"),
        (["review", "/dev/zero"], "triangles review: error: /dev/zero is larger than 16 MiB"),
        (["judge", "gym", "/proc/self/mem"], "triangles judge gym: error: cannot read /proc/self/mem: Input/output"),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys, tmp_path, monkeypatch, args, said):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *args)
    assert (status, out, err.count("\n")) == (2, "", 1) and err.startswith(said), err
    assert list(tmp_path.iterdir()) == []  # nothing solved into a file, nothing written


def test_version_and_help(capsys):
    from importlib.metadata import version

    assert run(capsys, "--version") == (0, f"triangles {version('triangles_core')}\n", "")
    for command in ("judge", "solve", "review", "verify", "graph"):
        status, out, _ = run(capsys, command, "--help")
        assert status == 0 and f"triangles {command}" in out and "example" in out


def test_every_judge_help_example_prints_what_it_says(capsys, monkeypatch):
    text = " ".join(run(capsys, "judge", "--help")[1].split())
    assert "gym, uestc, triangle-war and peg read whitespace-separated tokens" in text
    assert "zoj1039 and poj1143 read by line" in text
    blocks = EXAMPLES["judge"].split("examples:\n", 1)[1].split("\n\n")
    examples = [block.strip().splitlines() for block in blocks if "| triangles judge" in block]
    assert len(examples) == 6
    for command, *expected in examples:
        shell, _, judge = command.partition(" | triangles ")
        program, text = shlex.split(shell)  # printf '...' or echo '...'
        data = text.encode().decode("unicode_escape").encode() + (b"\n" if program == "echo" else b"")
        status, out, _ = run(capsys, *judge.split(), stdin=data, monkeypatch=monkeypatch)
        assert status == 0 and [line for line in out.splitlines() if line] == [line.strip() for line in expected]


def test_the_judge_stops_at_bad_input_with_the_answers_before_it(capsys, monkeypatch):
    status, out, err = run(capsys, "judge", "gym", stdin=b"6\n1 2 3 4 5 6\n2\n4 19\n", monkeypatch=monkeypatch)
    said = "triangles judge gym: error: case 2, line 4, token '19': out of range, expected an edge number 1..18\n"
    assert (status, out, err) == (2, "Andy wins\n", said)
    status, _, err = run(capsys, "judge", "zoj1039", stdin=b"1\n2 2 3\n", monkeypatch=monkeypatch)
    assert status == 2 and err.startswith("triangles judge zoj1039: error: case 1")


REVIEW_HEAD = """\
Side-3 game from the empty board: 3 moves.
move  player  edge  dots   claims  score  before  after  lost  class       best moves
   1  A          1  1-2         0  0-0        -3     -3     0              1 2 5 6 7 9 10 12 13 14 17 18
"""
GAME_3 = "1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n"  # POJ 1085's third sample game


def test_review_prints_the_table_or_writes_the_csv(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("game.txt").write_text("1 2\n2 3\n1 3\n")
    assert run(capsys, "review", "game.txt")[1].startswith(REVIEW_HEAD)
    status, out, err = run(capsys, "review", "game.txt", "--csv")
    assert status == 0 and out.startswith("move,player,edge,dots,claims") and len(out.splitlines()) == 4
    assert run(capsys, "review", "game.txt", "--csv", "game.csv") == (0, "", "wrote game.csv\n")
    assert Path("game.csv").read_text() == out
    status, out, _ = run(capsys, "review", "-", "--side", "2", stdin=b"start: 9\n1\n", monkeypatch=monkeypatch)
    assert out.startswith("Side-2 game from a start with edge 9 drawn: 1 move.")


def test_the_review_help_example_prints_what_it_says(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("game.txt").write_text(GAME_3)
    status, out, _ = run(capsys, "review", "game.txt")
    assert status == 0 and "   5  B          5  2-5         0  1-0        -5     +3     8  blunder" in out
    assert "Result with perfect play from here: A wins by 3 (A 6, B 3)." in out
    assert "Result under perfect play from the start: B wins by 3." in out
    assert "Value lost: A 4 in 1 mistake, B 10 in 2 mistakes." in out
    help_text = run(capsys, "review", "--help")[1]
    assert "6 or more = blunder" in help_text and "start: 1 2 3" in help_text
    printf = next(line.strip() for line in help_text.splitlines() if line.strip().startswith("printf"))
    Path("game.txt").unlink()
    subprocess.run(["bash", "-c", printf], check=True)  # the help's printf writes that game
    assert Path("game.txt").read_text() == GAME_3


def test_a_bad_record_is_one_line_naming_line_and_token(capsys, tmp_path, monkeypatch):
    """One case: every way a record can be wrong is in test_record.py."""
    monkeypatch.chdir(tmp_path)
    Path("game.txt").write_text("# comment\n19\n")
    said = "triangles review: error: game.txt: line 2, token '19': edge 19 is not on the side-3 board (edges are 1..18)"
    assert run(capsys, "review", "game.txt") == (2, "", said + "\n")


def test_a_review_never_overwrites_its_own_record(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("rec.txt").write_text("1 2 3\n")
    Path("link.txt").symlink_to("rec.txt")
    for csv in ("rec.txt", "./rec.txt", "link.txt", str(tmp_path / "rec.txt")):
        said = f"triangles review: error: --csv {csv!r} is the game record itself; write the review elsewhere\n"
        assert run(capsys, "review", "rec.txt", "--csv", csv) == (2, "", said)
    assert Path("rec.txt").read_text() == "1 2 3\n"


def test_a_record_read_from_standard_input_is_never_written_over(tmp_path):
    (tmp_path / "rec.txt").write_text("1 2\n")
    command = f"{sys.executable} -m triangles_core review - --csv rec.txt < rec.txt"
    result = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert_one_line_error(result, "triangles review: error: --csv 'rec.txt' is the game record itself")
    assert (tmp_path / "rec.txt").read_text() == "1 2\n"


def test_verify(capsys, tmp_path):
    out = "side-2 board: 512 positions checked, every value agrees with the recurrence\n"
    assert run(capsys, "verify", "--side", "2")[:2] == (0, out)
    (tmp_path / "bytes.npy").write_bytes(b"not a table")
    np.save(tmp_path / "short.npy", np.zeros(10, dtype=np.int8))  # the wrong length
    for name, said in [("bytes.npy", "cannot read "), ("short.npy", ""), ("", "cannot read ")]:  # "": a folder
        table = tmp_path / name
        status, out, err = run(capsys, "verify", "--side", "2", "--table", str(table))
        assert (status, out, err.count("\n")) == (2, "", 1), err
        assert err.startswith(f"triangles verify: error: {said}{table}"), err


def test_a_search_is_announced_only_from_an_early_position(capsys):
    status, out, err = run(capsys, "solve", "--side", "5", *map(str, range(1, 41)))  # 5 free edges of 45
    assert status == 0 and err == "" and out.startswith("Side-5 board, drawn edges: 1 2 3")


def test_a_long_search_is_announced_and_ctrl_c_says_what_it_proved():
    import signal
    import time

    def default_sigint():
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    command = [sys.executable, "-m", "triangles_core", "solve", "--side", "5", "1", "2"]
    process = subprocess.Popen(command, stdout=PIPE, stderr=PIPE, text=True, preexec_fn=default_sigint)
    note = process.stderr.readline()
    time.sleep(2)  # searching
    process.send_signal(signal.SIGINT)
    out, rest = process.communicate(timeout=120)
    said = "triangles solve: note: a search from a side-5 board position with 43 free edges may take hours"
    assert note.startswith(said), note
    assert process.returncode == 130 and out == "" and "\r" not in rest  # no progress bar into a pipe
    assert rest.startswith("triangles solve: interrupted") and rest.count("\n") == 1


def test_a_full_standard_output_is_one_line():
    command = [sys.executable, "-m", "triangles_core", "judge", "gym"]
    with open("/dev/full", "w") as full:
        result = subprocess.run(command, input="1 1\n" * 20000, stdout=full, stderr=PIPE, text=True)
    assert_one_line_error(result, "triangles judge gym: error: cannot write standard output: No space left on device")


def test_commands_run_as_a_user_runs_them(tmp_path):
    """One process per command family (what `main` cannot show: the interpreter's start and end)."""
    console = subprocess.run([Path(sys.executable).with_name("triangles"), "--help"], capture_output=True, text=True)
    assert console.returncode == 0 and "judge" in console.stdout  # the console script is installed
    (tmp_path / "game.txt").write_text("1 2\n2 3\n")
    assert triangles("judge", "gym", input="6\n1 2 3 4 5 6\n0\n").stdout == "Andy wins\n"
    boxes = triangles("solve", "--boxes", "2x2", "1", "3").stdout
    assert boxes.startswith("2x2 boxes board, drawn edges: 1 3\n") and "Principal variation (* = box claimed)" in boxes
    assert triangles("review", str(tmp_path / "game.txt")).stdout.startswith("Side-3 game from the empty board")
    result = triangles("review", str(tmp_path / "game.txt"), "--csv", "/dev/stdout")  # `> file` holds the CSV alone
    assert (result.returncode, result.stderr, len(result.stdout.splitlines())) == (0, "wrote /dev/stdout\n", 3)
    assert result.stdout.startswith("move,player,edge,dots,claims")
    result = triangles("graph", str(tmp_path / "g.graphml"), "--side", "1")
    assert result.returncode == 0 and result.stderr == f"wrote {tmp_path / 'g.graphml'}\n"
    assert_one_line_error(triangles("solve", "--side", "9"), "triangles solve: error: the side-9 board")
    said = "1x1 boxes board: 16 positions checked, every value agrees with the recurrence\n"
    assert triangles("verify", "--boxes", "1x1").stdout == said
