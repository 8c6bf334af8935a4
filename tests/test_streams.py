"""Outputs named by the user: the process's own streams are written as streams, files atomically.

``--csv /dev/stdout >> log.txt`` must append to ``log.txt`` (the shell's ``>>``), not
replace it; a read-only file is refused as ``>`` would refuse it.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

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
