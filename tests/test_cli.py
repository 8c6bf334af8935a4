"""The `triangles` command: solve output, help examples, errors."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from commands import assert_one_line_error, triangles

from triangles_core.cli import main

run = triangles


def test_solve_prints_value_verdict_and_move_table(capsys):
    assert main(["solve", "1", "2", "3", "4", "5", "6"]) == 0
    out = capsys.readouterr().out
    assert "Value for the player to move: +1 (the player to move wins)" in out
    assert "   7   3-5         1     +1  optimal" in out
    assert "Principal variation" in out


def test_solve_empty_side2(capsys):
    assert main(["solve", "--side", "2"]) == 0
    assert "Value for the player to move: -2" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args, message",
    [(["solve", "19"], "edge 19 is not on the side-3 board (edges are 1..18)"), (["solve", "a"], "'a'")],
)
def test_solve_bad_edges(args, message):
    result = run(*args)
    assert_one_line_error(result, "triangles solve: error: ")
    assert message in result.stderr


@pytest.mark.parametrize("command", ["judge", "solve"])
def test_help_shows_a_working_example(command):
    result = run(command, "--help")
    assert result.returncode == 0 and "example" in result.stdout and "triangles " + command in result.stdout


def test_console_script_is_installed():
    script = Path(sys.executable).with_name("triangles")
    result = subprocess.run([str(script), "--help"], capture_output=True, text=True)
    assert result.returncode == 0 and "judge" in result.stdout


@pytest.mark.parametrize("args", [["solve", "--side", "0"], ["judge", "zzz"], []])
def test_usage_errors_are_one_line(args):
    result = run(*args)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "--help" in result.stderr


def test_solve_notes_duplicate_edges_once():
    result = run("solve", "1", "1", "2", "2")
    assert result.returncode == 0 and result.stderr.count("\n") == 1 and "edge 1" in result.stderr


def test_judge_reports_a_full_disk_in_one_line():
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "triangles_core", "judge", "gym"],
            input="1 1\n" * 20000,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert (
        result.returncode == 2 and "cannot write standard output" in result.stderr and "Traceback" not in result.stderr
    )


def test_the_judge_help_says_which_dialects_read_by_line():
    """zoj1039 and poj1143 read by line (a position's numbers on one line); the rest by token."""
    text = " ".join(run("judge", "--help").stdout.split())
    assert "gym, uestc, triangle-war and peg read whitespace-separated tokens" in text
    assert "zoj1039 and poj1143 read by line" in text and "token-based" not in text
    # as it says: gym takes a case split across lines, zoj1039 not its numbers on the count's line
    assert run("judge", "gym", input="6\n1 2 3\n4 5 6\n0\n").stdout == "Andy wins\n"
    assert run("judge", "zoj1039", input="1\n2\n2 3\n").returncode == 0
    assert_one_line_error(run("judge", "zoj1039", input="1\n2 2 3\n"), "triangles judge zoj1039: error: case 1")


def test_every_judge_help_example_prints_what_it_says():
    from triangles_core.cli import EXAMPLES

    blocks = EXAMPLES["judge"].split("examples:\n", 1)[1].split("\n\n")
    examples = [block.strip().splitlines() for block in blocks if "| triangles judge" in block]
    assert len(examples) == 6
    for command, *expected in examples:
        shell = command.replace("triangles judge", f"{sys.executable} -m triangles_core judge")
        result = subprocess.run(["bash", "-c", shell], capture_output=True, text=True)
        assert result.returncode == 0, command
        assert [line for line in result.stdout.splitlines() if line] == [line.strip() for line in expected], command


# Errors the package raises while answering: one line, exit 2, in every subcommand


@pytest.mark.parametrize("args", [["solve"], ["solve", "--side", "2"], ["graph", "g.graphml", "--side", "2"]])
def test_any_number_of_repeated_edges_is_one_position(args, tmp_path):
    """100,001 edge arguments (more than a position may list, `MAX_POSITION_ITEMS`) are one drawn edge."""
    result = subprocess.run(
        [sys.executable, "-m", "triangles_core", *args, *["1"] * 100_001],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"triangles {args[0]}: note: edge 1 is listed more than once")
    assert args[0] == "graph" or "drawn edges: 1\n" in result.stdout


COMPILER_OFF = "needs numba's compiler, which NUMBA_DISABLE_JIT=1 turns off; unset NUMBA_DISABLE_JIT to run it"


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--side", "3", "--method", "search"],
        ["review", "--side", "3", "--method", "search", "game.txt"],
        ["solve", "--side", "5"],
        ["solve", "--boxes", "3x5", "1"],
    ],
)
def test_the_search_without_numbas_compiler_says_so_in_one_line(args, tmp_path):
    (tmp_path / "game.txt").write_text("1 2 3\n")
    result = subprocess.run(
        [sys.executable, "-m", "triangles_core", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
    )
    assert_one_line_error(result, f"triangles {args[0]}: error: searching the ")
    assert COMPILER_OFF in result.stderr


def test_a_kernel_that_cannot_run_as_python_is_the_compiler_line_on_any_path():
    """Wherever the check is missing, numba's NotImplementedError still becomes the one line."""
    script = (
        "import sys\nfrom triangles_core.engine import solvers\n"
        "def kernel(*args, **kwargs):\n"
        "    raise NotImplementedError('<intrinsic trailing_zeros> is not usable in pure-python')\n"
        "solvers.solve_cells = kernel\n"
        "from triangles_core.cli import main\nsys.exit(main(['solve', '--side', '2']))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
    )
    assert_one_line_error(result, "triangles solve: error: 'triangles solve' " + COMPILER_OFF)
    assert "trailing_zeros" in result.stderr


# Arguments as a person types them


def test_edges_may_follow_the_options(tmp_path):
    assert run("solve", "--side", "2", "1", "2").stdout == run("solve", "1", "2", "--side", "2").stdout
    result = triangles("graph", str(tmp_path / "g.graphml"), "--side", "2", "1", "2", "--optimal")
    assert result.returncode == 0 and (tmp_path / "g.graphml").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--bogus"],
        ["graph", "g.graphml", "--side", "2", "1", "--bogus"],
        ["judge", "gym", "in.txt", "extra.txt"],
    ],
)
def test_an_unknown_argument_is_named_under_its_subcommand(args, tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "triangles_core", *args], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    command = " ".join(args[:1])
    assert_one_line_error(result, f"triangles {command}: error: unrecognized arguments: ")
    assert result.stderr.endswith(f"(see 'triangles {command} --help')\n") and list(tmp_path.iterdir()) == []


def test_edge_tokens_are_read_as_a_records_start_line():
    """``e7`` and ``2-4`` mean on the command line what they mean in a game record's ``start:``."""
    from triangles_core.analysis.records import parse_record

    record = parse_record("start: e7 2-4 1\n")
    result = run("solve", "e7", "2-4", "1")
    assert result.returncode == 0
    assert result.stdout == run("solve", *map(str, record.board.drawn_edges(record.start))).stdout
    assert_one_line_error(run("solve", "e19"), "triangles solve: error: EDGE 'e19': edge 19 is not on the side-3 board")
    assert_one_line_error(run("solve", "1-5"), "triangles solve: error: EDGE '1-5': ")


def test_version_is_the_installed_distributions():
    from importlib.metadata import version

    result = run("--version")
    assert (result.returncode, result.stdout, result.stderr) == (0, f"triangles {version('triangles_core')}\n", "")


def test_verify_of_a_cached_table_without_numbas_compiler_says_so_in_one_line(tmp_path):
    """The check's kernel would run as Python for hours; it is refused as solving is."""
    env = {**os.environ, "TRIANGLES_CORE_CACHE": str(tmp_path / "cache")}
    command = [sys.executable, "-m", "triangles_core", "verify", "--side", "2"]
    subprocess.run(command, capture_output=True, timeout=300, env=env, check=True)  # the table is cached now
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, env={**env, "NUMBA_DISABLE_JIT": "1"})
    assert_one_line_error(result, "triangles verify: error: verifying the side-2 board " + COMPILER_OFF)
