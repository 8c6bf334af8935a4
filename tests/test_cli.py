"""The `triangles` command: solve output, help examples, errors."""

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


@pytest.mark.parametrize("args, message", [(["solve", "19"], "edge 19 is not on the side-3 board (edges are 1..18)"),
                                           (["solve", "a"], "'a'")])
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
        result = subprocess.run([sys.executable, "-m", "triangles_core", "judge", "gym"], input="1 1\n" * 20000,
                                stdout=full, stderr=subprocess.PIPE, text=True)
    assert result.returncode == 2 and "cannot write output" in result.stderr and "Traceback" not in result.stderr


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
