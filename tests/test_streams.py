"""Files are replaced whole or not at all; streams are written as streams (`atomic_open`, the commands)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from triangles_core._files import atomic_open


def test_a_file_is_replaced_whole_and_keeps_its_mode(tmp_path):
    target = tmp_path / "table.csv"
    target.write_text("old")
    target.chmod(0o640)
    with atomic_open(target, "w") as handle:
        handle.write("new")
        assert target.read_text() == "old"  # not yet in place
    assert target.read_text() == "new" and target.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["table.csv"]


@pytest.mark.parametrize("fault", [RuntimeError, KeyboardInterrupt])
def test_a_fault_while_writing_keeps_the_earlier_file_and_no_temporary(tmp_path, fault):
    target = tmp_path / "table.csv"
    target.write_text("old")
    with pytest.raises(fault):
        with atomic_open(target, "w") as handle:
            handle.write("half")
            raise fault
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["table.csv"]


def test_a_link_to_a_file_replaces_that_file_whole_and_the_cache_replaces_the_link(tmp_path):
    (tmp_path / "real.txt").write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to("real.txt")
    with atomic_open(link, "w") as handle:
        handle.write("new\n")
    assert link.is_symlink() and (tmp_path / "real.txt").read_text() == "new\n"  # as the shell's > would
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "real.txt"]
    with atomic_open(link, "w", replace_special=True) as handle:  # the package's own file: a link there is replaced
        handle.write("own\n")
    assert not link.is_symlink() and link.read_text() == "own\n" and (tmp_path / "real.txt").read_text() == "new\n"


def test_a_device_and_a_fifo_are_written_as_streams(tmp_path):
    with atomic_open("/dev/null", "w") as handle:
        handle.write("nothing")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    with atomic_open(fifo) as handle:
        handle.write(b"through the pipe")
    reader.join(timeout=60)
    assert received == [b"through the pipe"] and sorted(p.name for p in tmp_path.iterdir()) == ["fifo"]


@pytest.mark.parametrize("command", ["review game.txt --csv /dev/stdout", "graph /dev/stdout --side 1 --format dot"])
def test_dev_stdout_appended_by_the_shell_keeps_the_old_lines(tmp_path, command):
    (tmp_path / "game.txt").write_text("1 2 3\n")
    (tmp_path / "log.txt").write_text("old line\n")
    shell = f"{sys.executable} -m triangles_core {command} >> log.txt"
    subprocess.run(shell, shell=True, cwd=tmp_path, check=True, capture_output=True, timeout=300)
    text = (tmp_path / "log.txt").read_text()
    assert text.startswith("old line\n") and ("move,player" in text or "digraph" in text)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.txt", "log.txt"]


@pytest.mark.parametrize("redirect", ["1<>game.txt", ">>game.txt"])
def test_a_review_never_writes_into_its_own_record_through_standard_output(tmp_path, redirect):
    (tmp_path / "game.txt").write_text("1 2\n2 3\n1 3\n")
    shell = f"{sys.executable} -m triangles_core review game.txt --csv {redirect}"
    done = subprocess.run(shell, shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and "is the game record itself" in done.stderr
    assert (tmp_path / "game.txt").read_text() == "1 2\n2 3\n1 3\n"


@pytest.mark.parametrize("target", ["game.txt/", "game.txt/.", "missing/../game.txt", "loop/../game.txt", "folder/"])
def test_a_target_the_system_cannot_resolve_is_refused_not_folded_into_another_file(tmp_path, monkeypatch, target):
    """``realpath`` would turn "game.txt/" or "missing/../game.txt" into game.txt: the system refuses them."""
    (tmp_path / "game.txt").write_text("kept")
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "folder").mkdir()
    monkeypatch.chdir(tmp_path)
    with pytest.raises(OSError), atomic_open(target, "w") as handle:
        handle.write("new")
    assert (tmp_path / "game.txt").read_text() == "kept"
