"""Outputs named by the user: the process's own streams are written as streams, files atomically.

``--csv /dev/stdout >> log.txt`` must append to ``log.txt`` (the shell's ``>>``), not
replace it; a read-only file is refused as ``>`` would refuse it.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from commands import assert_one_line_error, shell_here

from triangles_core.common import files
from triangles_core.common.files import atomic_open


@pytest.mark.parametrize(
    "name",
    [
        "/dev/stdout",
        pytest.param("/proc/self/fd/1", marks=pytest.mark.slow),
        pytest.param("/dev/fd/1", marks=pytest.mark.slow),
    ],
)
def test_dev_stdout_appended_by_the_shell_keeps_the_old_lines(tmp_path, name):
    log = tmp_path / "log.txt"
    log.write_text("old line\n")
    (tmp_path / "game.txt").write_text("1 2 3\n")
    command = f"{sys.executable} -m triangles_core review game.txt --csv {name} >> log.txt"
    subprocess.run(command, shell=True, cwd=tmp_path, check=True, timeout=120)
    lines = log.read_text().splitlines()
    assert lines[0] == "old line" and sum(line.startswith("move,player") for line in lines) == 1


def test_dev_stdout_into_a_pipe_is_written(tmp_path):
    (tmp_path / "game.txt").write_text("1 2 3\n")
    out = subprocess.run(
        f"{sys.executable} -m triangles_core review game.txt --csv /dev/stdout | cat",
        shell=True,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    assert "move,player" in out


def test_a_descriptor_that_is_not_open_is_an_ordinary_error(tmp_path):
    with pytest.raises(OSError):
        with atomic_open("/dev/fd/987654", "w") as handle:
            handle.write("x")


def test_a_read_only_file_is_refused_and_kept(tmp_path, monkeypatch):
    target = tmp_path / "ro.csv"
    target.write_text("keep\n")
    target.chmod(0o444)
    real_access = os.access
    # root may write anything; act as a user who may not write this file
    monkeypatch.setattr(files.os, "access", lambda p, m: False if os.fspath(p) == str(target) else real_access(p, m))
    with pytest.raises(PermissionError):
        with atomic_open(target, "w") as handle:
            handle.write("new\n")
    assert target.read_text() == "keep\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ro.csv"]


@pytest.mark.parametrize(
    "args",
    [
        ["graph", "-", "--side", "2", "--format", "graphml"],
        ["graph", "/dev/stdout", "--side", "2", "--format", "graphml"],
        ["review", "game.txt", "--csv", "/dev/stdout"],
    ],
)
def test_a_stream_whose_reader_goes_away_ends_quietly(tmp_path, args):
    """``| head``: the reader closes the pipe early; the command stops as a filter does (status 0, no error)."""
    (tmp_path / "game.txt").write_text("1 2 3\n")
    command = [sys.executable, "-m", "triangles_core", *args]
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read(1)
    process.stdout.close()  # the graph of side 2 (480 kB) is far more than the pipe holds
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=120) == 0 and stderr in ("", "wrote /dev/stdout\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.txt"]


def _review_into_log(tmp_path, name: str, redirect: str = "") -> list[str]:
    log = tmp_path / "log.txt"
    log.write_text("old line\n")
    (tmp_path / "game.txt").write_text("1 2 3\n")
    command = f"{sys.executable} -m triangles_core review game.txt --csv {name} >> log.txt {redirect}"
    subprocess.run(command, shell=True, cwd=tmp_path, check=True, timeout=120)
    return log.read_text().splitlines()


@pytest.mark.parametrize(
    "name, redirect",
    [("//dev/stdout", ""), ("/proc/thread-self/fd/1", ""), ("out.csv", ""), ("//dev/stderr", "2>&1")],
)
def test_every_name_of_the_own_stream_is_written_as_the_stream(tmp_path, name, redirect):
    """By identity, not spelling: a leading '//', /proc/thread-self, a link to /dev/stdout, stderr."""
    (tmp_path / "out.csv").symlink_to("/dev/stdout")
    lines = _review_into_log(tmp_path, name, redirect)
    assert lines[0] == "old line" and sum(line.startswith("move,player") for line in lines) == 1
    assert (tmp_path / "out.csv").is_symlink()


def test_a_graph_to_another_spelling_of_stdout_is_appended(tmp_path):
    log = tmp_path / "log.txt"
    log.write_text("old line\n")
    command = f"{sys.executable} -m triangles_core graph //dev/stdout --side 1 --format dot >> log.txt"
    subprocess.run(command, shell=True, cwd=tmp_path, check=True, timeout=120)
    text = log.read_text()
    assert text.startswith("old line\n") and "digraph" in text


DUPLICATE_NOTES = [
    (["judge", "gym", "dup.in"], "Andy wins\nRalph wins\n"),
    (["review", "dup.txt"], "Side-3 game from a start with edge 1 drawn"),
    (["review", "dup.txt", "--csv", "out.csv"], None),
    (["graph", "g.graphml", "--side", "1"], None),
]


def _notes_inputs(tmp_path) -> None:
    (tmp_path / "dup.in").write_text("2 1 1\n3 1 2 3\n0\n")  # edge 1 twice: a note
    (tmp_path / "dup.txt").write_text("start: 1 1\n2\n")


def _run_with_stderr(tmp_path, args, stderr) -> subprocess.CompletedProcess:
    """``triangles ARGS`` in ``tmp_path`` with its standard error on ``stderr`` (a file or a descriptor)."""
    return subprocess.run(
        [sys.executable, "-m", "triangles_core", *args],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize("args, answer", DUPLICATE_NOTES)
def test_a_note_that_cannot_be_written_loses_no_answer(tmp_path, args, answer):
    """stderr on a full device: the answers are written all the same, exit status 0."""
    _notes_inputs(tmp_path)
    with open("/dev/full", "w") as full:
        result = _run_with_stderr(tmp_path, args, full)
    assert result.returncode == 0
    if answer is not None:
        assert result.stdout.startswith(answer)
    else:
        written = tmp_path / args[-1 if args[0] == "review" else 1]
        assert written.read_text().startswith(("move,player", "<?xml"))


@pytest.mark.parametrize("args, answer", DUPLICATE_NOTES[:2])
def test_a_note_to_a_pipe_whose_reader_went_away_loses_no_answer(tmp_path, args, answer):
    _notes_inputs(tmp_path)
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = _run_with_stderr(tmp_path, args, write_end)
    finally:
        os.close(write_end)
    assert result.returncode == 0 and result.stdout.startswith(answer)


@pytest.mark.parametrize(
    "args", [["review", "game.txt", "--csv", "/dev/stderr"], ["graph", "/dev/stderr", "--side", "1", "--format", "dot"]]
)
def test_output_to_a_closed_standard_error_is_an_error(tmp_path, args):
    (tmp_path / "game.txt").write_text("1 2 3\n")
    command = " ".join([sys.executable, "-m", "triangles_core", *args])
    result = subprocess.run(f"{command} 2>&-", shell=True, cwd=tmp_path, capture_output=True, timeout=300)
    assert result.returncode == 2 and result.stdout == b""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.txt"]


def test_a_csv_name_ending_in_a_slash_names_a_folder(tmp_path):
    (tmp_path / "game.txt").write_text("1 2 3\n")
    result = triangles_here(tmp_path, "review", "game.txt", "--csv", "r.csv/")
    assert_one_line_error(result, "triangles review: error: --csv 'r.csv/' names a folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.txt"]


def test_a_stream_that_may_not_be_resolved_is_named_in_the_error(tmp_path):
    """Another process's descriptor: realpath may not read the link; the message still names the file."""
    (tmp_path / "game.txt").write_text("1 2 3\n")
    try:
        os.stat("/proc/1/fd/1")
        pytest.skip("this user may follow /proc/1/fd/1")
    except PermissionError:
        pass
    except OSError:
        pytest.skip("no /proc/1/fd/1 here")
    result = triangles_here(tmp_path, "review", "game.txt", "--csv", "/proc/1/fd/1")
    assert_one_line_error(result, "triangles review: error: cannot write /proc/1/fd/1: ")


GAME = "1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n"


@pytest.mark.parametrize(
    "command",
    [
        "triangles review - --csv /dev/stdin <> rec.txt",  # the record on descriptor 0, open for writing too
        pytest.param("triangles review - --csv rec.txt < rec.txt", marks=pytest.mark.slow),  # by its name
        pytest.param("triangles review - --csv /dev/fd/0 < rec.txt", marks=pytest.mark.slow),
        pytest.param("triangles review rec.txt --csv /dev/stdin < rec.txt", marks=pytest.mark.slow),
    ],
)
def test_a_record_read_from_standard_input_is_never_written_over(tmp_path, command):
    """The "is the game record itself" check tells standard input by its descriptor's identity."""
    (tmp_path / "rec.txt").write_text(GAME)
    result = shell_here(tmp_path, command)
    assert_one_line_error(result, "triangles review: error: --csv ")
    assert "is the game record itself" in result.stderr
    assert (tmp_path / "rec.txt").read_text() == GAME and sorted(p.name for p in tmp_path.iterdir()) == ["rec.txt"]


@pytest.mark.parametrize(
    "command, said",
    [
        (
            "cat rec.txt | triangles review - --csv /dev/stdin",
            "triangles review: error: --csv /dev/stdin is standard input",
        ),
        pytest.param(
            "triangles graph /dev/fd/0 --side 1 --format dot < rec.txt",
            "triangles graph: error: OUTPUT /dev/fd/0 is standard input",
            marks=pytest.mark.slow,
        ),
    ],
)
def test_standard_input_is_not_an_output(tmp_path, command, said):
    """Not "Bad file descriptor": the input stream is named as such."""
    (tmp_path / "rec.txt").write_text(GAME)
    assert_one_line_error(shell_here(tmp_path, command), said)
    assert (tmp_path / "rec.txt").read_text() == GAME


def test_a_stream_that_is_both_input_and_output_is_not_the_record(tmp_path):
    """Standard input and output one two-way stream (as a terminal is): ``--csv /dev/stdout`` writes it."""
    import socket

    ours, theirs = socket.socketpair()
    with ours, theirs:
        child = subprocess.Popen(
            [sys.executable, "-m", "triangles_core", "review", "-", "--csv", "/dev/stdout"],
            stdin=theirs,
            stdout=theirs,
            stderr=subprocess.PIPE,
        )
        theirs.close()
        ours.sendall(GAME.encode())
        ours.shutdown(socket.SHUT_WR)
        received = b"".join(iter(lambda: ours.recv(1 << 16), b""))
        _, stderr = child.communicate(timeout=300)
    assert child.returncode == 0, stderr
    assert received.startswith(b"move,player")


def triangles_here(folder, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "triangles_core", *args], cwd=folder, capture_output=True, text=True, timeout=300
    )
