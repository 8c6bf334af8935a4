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


@pytest.mark.parametrize(
    "args, message",
    [
        (["--side", "\u0663"], "argument --side: expected a side such as 3"),  # ARABIC-INDIC DIGIT THREE
        (["--side", "6"], "argument --side: side '6' is out of range"),
        (["--boxes", "0x1"], "a board needs at least 1 row and 1 column"),
        (["--boxes", "6x6"], "boxes have 84 lines"),
    ],
)
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
    result = subprocess.run(
        command, capture_output=True, text=True, env={**os.environ, "TRIANGLES_CORE_CACHE": str(tmp_path / "c")}
    )
    assert_one_line_error(result, "triangles graph: error: the state graph from this position has 2**30 positions")
    assert time.perf_counter() - start < 60 and not (tmp_path / "c").exists() and not (tmp_path / "x.graphml").exists()


def test_a_folder_is_not_a_graph_file(tmp_path):
    result = triangles("graph", str(tmp_path / "x.graphml") + "/", "--side", "2")
    assert_one_line_error(result, "triangles graph: error: ")
    assert "names a folder" in result.stderr and list(tmp_path.iterdir()) == []


def test_a_file_name_the_output_cannot_encode_is_shown_escaped(tmp_path):
    (tmp_path / "game.txt").write_text("1 2 3\n")
    name = os.fsdecode(b"caf\xe9.csv")
    result = subprocess.run(
        [sys.executable, "-m", "triangles_core", "review", "game.txt", "--csv", name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert result.stderr.startswith("wrote 'caf\\udce9.csv'") and (tmp_path / name).exists()  # quoted: escaped


def test_no_case_zero_after_zero_scenarios():
    result = judge("zoj1039", "0\n1\n")
    assert_one_line_error(result, "triangles judge zoj1039: error: line 2, token '1': unexpected token")


@pytest.mark.parametrize(
    "args, said",
    [(["--side", "99999"], "side '99999' is out of range"), (["--boxes", "99999999999999999999x1"], "too many boxes")],
)
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


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--side", "3", "--side", "4"],
        ["solve", "--side", "3", "--side", "3"],
        ["review", "game.txt", "--boxes", "2x2", "--boxes", "1x1"],
        ["solve", "--method", "table", "--method", "search"],
        ["review", "game.txt", "--csv", "a.csv", "--csv", "b.csv"],
        ["review", "game.txt", "--csv", "--csv"],
        ["verify", "--side", "2", "--table", "a.npy", "--table", "b.npy"],
        ["graph", "-", "--format", "graphml", "--format", "dot"],
    ],
)
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


@pytest.mark.parametrize(
    "args",
    [
        ["review", "{long}"],
        ["judge", "gym", "{long}"],
        ["verify", "--side", "2", "--table", "{long}"],
        ["review", "-", "--csv", "{long}"],
        ["graph", "{long}.graphml", "--side", "1"],
        ["graph", "{long}", "--side", "1"],
        ["graph", "{long}/", "--side", "1"],
    ],
)
def test_a_file_name_of_120_kb_is_cut_in_the_message(args, capsys, monkeypatch):
    import io

    from triangles_core.cli import main

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"1 2 3\n")))
    assert main([a.format(long="x" * 120_000) for a in args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 1200 and "xxxxx..." in err


@pytest.mark.parametrize(
    "args, argument",
    [
        (["review", "game.txt", "--csv", ""], "--csv"),
        (["review", ""], "RECORD"),
        (["judge", "gym", ""], "FILE"),
        (["verify", "--side", "2", "--table", ""], "--table"),
        (["graph", "", "--side", "1"], "OUTPUT"),
    ],
)
def test_an_empty_file_name_is_said_to_be_empty(args, argument, tmp_path):
    (tmp_path / "game.txt").write_text("1 2 3\n")
    result = subprocess.run(
        [sys.executable, "-m", "triangles_core", *args], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert_one_line_error(result, f"triangles {args[0]}: error: argument {argument}: empty file name")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.txt"]


def _as_nobody() -> list[str] | None:
    """The prefix that runs a command as the user nobody (root may write any folder), or None."""
    import shutil

    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        return None
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


@pytest.mark.parametrize("exists", [True, False])
@pytest.mark.parametrize("command", ["review", "graph"])
def test_a_read_only_folder_is_named_not_the_file(command, exists, tmp_path, monkeypatch):
    """A file is replaced by renaming a complete copy over it: the folder must be writable."""
    folder = tmp_path / "rodir"
    folder.mkdir()
    target = folder / ("y.csv" if command == "review" else "g.graphml")
    if exists:
        target.write_text("keep\n")
        target.chmod(0o666)  # the file itself may be written
    folder.chmod(0o555)
    (tmp_path / "game.txt").write_text("1 2 3\n")
    args = (
        ["review", "game.txt", "--csv", "rodir/y.csv"]
        if command == "review"
        else ["graph", "rodir/g.graphml", "--side", "1"]
    )
    prefix = _as_nobody()
    if prefix is not None:  # a real user, as the shell would run it
        tmp_path.chmod(0o755)
        (tmp_path / "game.txt").chmod(0o644)
        result = subprocess.run(
            [*prefix, sys.executable, "-m", "triangles_core", *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=300,
        )
        code, err = result.returncode, result.stderr
    else:  # pragma: no cover - a user without root: the folder is read-only for them already
        from triangles_core.cli import main

        monkeypatch.chdir(tmp_path)
        code = main(args)
        err = ""
    folder.chmod(0o755)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    said = (
        f"triangles {command}: error: cannot write {args[3] if command == 'review' else args[1]}: the folder "
        "rodir is not writable"
    )
    assert err.startswith(said)
    assert ("replaced by renaming" in err) == exists
    assert sorted(p.name for p in folder.iterdir()) == ([target.name] if exists else [])
    assert not exists or target.read_text() == "keep\n"


def test_a_long_search_is_announced_and_draws_no_bar_into_a_pipe():
    """An early side-5 position: a note that it may take hours (a hint, not a refusal), and with stderr
    a pipe no progress-bar frames; Ctrl-C then says what the search proved."""
    import signal

    process = subprocess.Popen(
        [sys.executable, "-m", "triangles_core", "solve", "--side", "5", "1", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stderr is not None
    note = process.stderr.readline()
    time.sleep(2)  # searching
    process.send_signal(signal.SIGINT)
    out, rest = process.communicate(timeout=120)
    assert note == (
        "triangles solve: note: a search from a side-5 board position with 43 free edges may take hours "
        "(on side 5, 2 of 3 positions with 38 free edges took more than 30 s); Ctrl-C stops it and says "
        "what it proved\n"
    )
    assert process.returncode == 130 and out == "" and "\r" not in rest
    assert rest.startswith("triangles solve: interrupted") and rest.count("\n") == 1


def test_a_short_search_is_not_announced():
    edges = [str(e) for e in range(1, 41)]  # 5 free edges of 45
    result = triangles("solve", "--side", "5", *edges)
    assert result.returncode == 0 and result.stderr == ""


def test_a_progress_bar_is_drawn_on_a_terminal_only(monkeypatch):
    import io

    from triangles_core.common.progress import progress_bar

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for stream, drawn in [(io.StringIO(), False), (Terminal(), True)]:
        monkeypatch.setattr("sys.stderr", stream)
        bar = progress_bar(4, "demo")
        bar.update(4)
        bar.close()
        assert ("demo" in stream.getvalue()) is drawn


def test_edge_arguments_are_read_by_the_records_token_reader():
    """``triangles solve`` reads EDGE like a ``start:`` line (`parse_edge_tokens`): numbers, e7, dot pairs, commas."""
    result = triangles("solve", "--side", "2", "0001,e2", "2-3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Side-2 board, drawn edges: 1 2 3\n")
    assert_one_line_error(
        triangles("solve", "--side", "2", "1", "x4"), "triangles solve: error: EDGE 'x4': expected an edge number"
    )


@pytest.mark.parametrize("table", ["-", ""])
def test_verify_table_refuses_the_standard_stream_and_says_why(table):
    result = subprocess.run(
        [sys.executable, "-m", "triangles_core", "verify", "--side", "2", f"--table={table}"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert_one_line_error(result, "triangles verify: error: argument --table: ")
    assert "a table is mapped from a file, not read from a stream" in result.stderr
    assert "'-' for the standard stream" not in result.stderr


@pytest.mark.parametrize(
    "args, shown",
    [
        (["judge", "gym", "a\rb"], "cannot read 'a\\rb'"),
        (["judge", "gym", "a\x1b[31mb"], "cannot read 'a\\x1b[31mb'"),
        (["review", "x\ny.txt"], "cannot read 'x\\ny.txt'"),
    ],
)
def test_a_file_name_with_control_characters_is_shown_escaped(args, shown, tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "triangles_core", *args], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert_one_line_error(result)
    assert shown in result.stderr and "\x1b" not in result.stderr and "\r" not in result.stderr


def test_the_status_line_of_a_file_name_with_a_line_break_is_one_escaped_line(tmp_path):
    (tmp_path / "game.txt").write_text("1 2 3\n")
    result = subprocess.run(
        [sys.executable, "-m", "triangles_core", "review", "game.txt", "--csv", "x\ny.csv"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0 and result.stderr == "wrote 'x\\ny.csv'\n"
    assert (tmp_path / "x\ny.csv").read_text().startswith("move,player")


def test_double_dash_ends_the_options(tmp_path):
    (tmp_path / "-x").write_text("1 2\n")
    run_here = lambda *args: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "triangles_core", *args], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    review = run_here("review", "--", "-x")
    assert review.returncode == 0 and review.stdout == run_here("review", "./-x").stdout != ""
    assert_one_line_error(run_here("solve", "--", "--side", "2"), "triangles solve: error: EDGE '--side'")
    graph = run_here("graph", "--side", "1", "--", "-g.graphml")
    assert graph.returncode == 0 and (tmp_path / "-g.graphml").read_text().startswith("<?xml")


@pytest.mark.parametrize("word", ["", ",", " "], ids=["empty", "comma", "space"])
def test_an_edge_argument_that_names_no_edge_is_refused(word):
    """Fifth pass U3: ``triangles solve "$EDGES"`` with the variable empty must not mean the empty board silently."""
    result = triangles("solve", "--side", "1", word)
    assert_one_line_error(result, f"triangles solve: error: EDGE {word!r} names no edge")
