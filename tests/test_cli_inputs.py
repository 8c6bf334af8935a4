"""Command-line inputs read as a person types them: bounded, one integer rule, checked before solving."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from commands import assert_one_line_error, judge, triangles


def test_an_endless_record_is_refused_after_a_bounded_read():
    result = triangles("review", "/dev/zero")
    assert_one_line_error(result, "triangles review: error: /dev/zero is larger than 16 MiB")


@pytest.mark.parametrize("args, message", [
    (["--side", "\u0663"], "argument --side: expected a side such as 3"),   # ARABIC-INDIC DIGIT THREE
    (["--side", "6"], "argument --side: side '6' is out of range"),
    (["--boxes", "0x1"], "a board needs at least 1 row and 1 column"),
    (["--boxes", "6x6"], "boxes have 84 lines"),
])
def test_board_options_follow_the_one_integer_rule(args, message):
    assert_one_line_error(triangles("solve", *args), "triangles solve: error: ")
    assert message in triangles("solve", *args).stderr


@pytest.mark.parametrize("spec", ["0001x1", "00001x1", "1x0000001"])
def test_leading_zeros_are_allowed_in_a_boxes_board_as_in_edges(spec):
    result = triangles("solve", "--boxes", spec)
    assert result.returncode == 0 and result.stdout.startswith("1x1 boxes board")


def test_the_side_accepts_leading_zeros():
    assert triangles("solve", "--side", "0002").stdout.startswith("Side-2 board")


def test_a_graph_too_big_is_refused_before_anything_is_solved(tmp_path, monkeypatch):
    start = time.perf_counter()
    command = [sys.executable, "-m", "triangles_core", "graph", str(tmp_path / "x.graphml"), "--side", "4"]
    result = subprocess.run(command, capture_output=True, text=True,
                            env={**os.environ, "TRIANGLES_CORE_CACHE": str(tmp_path / "c")})
    assert_one_line_error(result, "triangles graph: error: the state graph from this position has 2**30 positions")
    assert time.perf_counter() - start < 60 and not (tmp_path / "c").exists() and not (tmp_path / "x.graphml").exists()


def test_a_folder_is_not_a_graph_file(tmp_path):
    result = triangles("graph", str(tmp_path / "x.graphml") + "/", "--side", "2")
    assert_one_line_error(result, "triangles graph: error: ")
    assert "names a folder" in result.stderr and list(tmp_path.iterdir()) == []


def test_a_file_name_the_output_cannot_encode_is_shown_escaped(tmp_path):
    (tmp_path / "game.txt").write_text("1 2 3\n")
    name = os.fsdecode(b"caf\xe9.csv")
    result = subprocess.run([sys.executable, "-m", "triangles_core", "review", "game.txt", "--csv", name],
                            cwd=tmp_path, capture_output=True, text=True,
                            env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert result.stderr.startswith("wrote caf\\udce9.csv") and (tmp_path / name).exists()


def test_no_case_zero_after_zero_scenarios():
    result = judge("zoj1039", "0\n1\n")
    assert_one_line_error(result, "triangles judge zoj1039: error: line 2, token '1': unexpected token")


@pytest.mark.parametrize("args, said", [(["--side", "99999"], "side '99999' is out of range"),
                                        (["--boxes", "99999999999999999999x1"], "too many boxes")])
def test_a_number_too_long_is_quoted_as_typed(args, said):
    result = triangles("solve", *args)
    assert_one_line_error(result, "triangles solve: error: ")
    assert said in result.stderr and "10000" not in result.stderr


def test_a_review_never_overwrites_its_own_record(tmp_path):
    record = tmp_path / "rec.txt"
    record.write_text("1 2 3\n")
    result = triangles("review", "--csv", str(record), str(record))
    assert_one_line_error(result, "triangles review: error: --csv")
    assert record.read_text() == "1 2 3\n"


@pytest.mark.parametrize("args", [
    ["solve", "--side", "3", "--side", "4"],
    ["solve", "--side", "3", "--side", "3"],
    ["review", "game.txt", "--boxes", "2x2", "--boxes", "1x1"],
    ["solve", "--method", "table", "--method", "search"],
    ["review", "game.txt", "--csv", "a.csv", "--csv", "b.csv"],
    ["review", "game.txt", "--csv", "--csv"],
    ["verify", "--side", "2", "--table", "a.npy", "--table", "b.npy"],
    ["graph", "-", "--format", "graphml", "--format", "dot"],
])
def test_an_option_given_twice_is_refused_not_overridden(args, capsys, tmp_path, monkeypatch):
    """argparse lets the last of ``--side 3 --side 4`` win; every option with a value refuses a second one."""
    from triangles_core.cli import main

    monkeypatch.chdir(tmp_path)
    option = next(a for a in args if args.count(a) == 2 and a.startswith("--"))
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith(f"triangles {args[0]}: error: argument {option}: given twice; give it once")
    assert list(tmp_path.iterdir()) == []  # refused before anything is read, solved or written


def test_a_flag_given_twice_is_still_one_flag(tmp_path):
    from triangles_core.cli import main

    assert main(["graph", str(tmp_path / "best.graphml"), "--side", "2", "--optimal", "--optimal"]) == 0


@pytest.mark.parametrize("args", [["review", "{long}"], ["judge", "gym", "{long}"],
                                  ["verify", "--side", "2", "--table", "{long}"], ["review", "-", "--csv", "{long}"],
                                  ["graph", "{long}.graphml", "--side", "1"], ["graph", "{long}", "--side", "1"],
                                  ["graph", "{long}/", "--side", "1"]])
def test_a_file_name_of_120_kb_is_cut_in_the_message(args, capsys, monkeypatch):
    import io

    from triangles_core.cli import main

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"1 2 3\n")))
    assert main([a.format(long="x" * 120_000) for a in args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 1200 and "xxxxx..." in err
