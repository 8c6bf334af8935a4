"""The judge reads case by case: a stream read in pieces, zero-padded numbers, answers as
soon as each case is complete, and Ctrl-C."""

from __future__ import annotations

import io
import os
import select
import signal
import subprocess
import sys
import time

import pytest

from triangles_core.judge import JudgeInputError, run_dialect

COMMAND = [sys.executable, "-m", "triangles_core", "judge"]


class Chunks(io.RawIOBase):
    """A binary stream that returns the given pieces one per read (as a pipe may)."""

    def __init__(self, *pieces: bytes) -> None:
        self.pieces = list(pieces)

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        return self.pieces.pop(0) if self.pieces else b""


def test_a_stream_read_in_pieces_reads_as_the_whole_text():
    # a byte-order mark, CRLF line ends, tokens and characters split between reads
    pieces = (b"\xef\xbb", b"\xbf1", b"8 1 2 3 4 5 6 7 8 9 10 1", b"1 12", b" 13 14 15 16 17 18\r\n0\r\n")
    assert list(run_dialect("gym", Chunks(*pieces))) == ["Draw"]
    with pytest.raises(JudgeInputError, match=r"^case 2, line 2, token '1\u00b2': not an integer"):
        list(run_dialect("gym", Chunks(b"1 7\r\n1\xc2", b"\xb2 5\r\n")))
    with pytest.raises(JudgeInputError, match=r"token '1\ufffd'"):  # a bad byte is replaced
        list(run_dialect("gym", Chunks(b"1\n1\xff", b" 5")))


# Zero-padded numbers


@pytest.mark.parametrize(
    "fmt, text, expected",
    [
        ("gym", "0006\n0001 2 03 4 5 000000000000000000000000000000000000000000006\n00\n", ["Andy wins"]),
        ("uestc", "+05 1 2 3 4 5", ["WIN!"]),
        ("triangle-war", "01\n001\n0002 04\n", ["Game 1: B wins."]),
        ("peg", "3 1 6 1 7 8 5 000 3 4 9 3 2 1 09", ["21"]),
        ("zoj1039", "01\n01\n002\n", ["Scenario #1:", "The winning moves are: 2.", ""]),
        ("poj1143", "02 2 05\n-0\n", ["Test Case #1", "The winning moves are: 2", ""]),
    ],
)
def test_zero_padded_numbers_read_as_scanf_reads_them(fmt, text, expected):
    assert list(run_dialect(fmt, text)) == expected


def test_zero_padding_does_not_hide_out_of_range_numbers():
    with pytest.raises(JudgeInputError, match="token '0000000000000000000000000000000000019': out of range"):
        list(run_dialect("gym", "1\n" + "0" * 35 + "19"))
    with pytest.raises(JudgeInputError, match="token '-0001': out of range"):
        list(run_dialect("gym", "-0001"))


# The command: interactive use and Ctrl-C


def start(fmt: str) -> subprocess.Popen:
    # SIGINT back to its default, should the test runner ignore it (a background job)
    return subprocess.Popen(
        [*COMMAND, fmt],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def read_line(process: subprocess.Popen, timeout: float = 60) -> bytes:
    """One line of the process's output, failing if it does not come within ``timeout`` seconds."""
    line, deadline = b"", time.monotonic() + timeout
    while not line.endswith(b"\n"):
        ready, _, _ = select.select([process.stdout], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            process.kill()
            pytest.fail(f"no answer within {timeout} s (got {line!r} so far)")
        byte = os.read(process.stdout.fileno(), 1)
        assert byte, f"output ended early: {line!r}, stderr {process.stderr.read()!r}"
        line += byte
    return line


@pytest.mark.parametrize(
    "fmt, cases",
    [
        ("gym", [(b"6\n1 2 3 4 5 6\n", [b"Andy wins"]), (b"5\n4 5 6\n7 8\n", [b"Ralph wins"])]),
        ("triangle-war", [(b"2\n1\n2 4\n", [b"Game 1: B wins."]), (b"0\n", [b"Game 2: B wins."])]),
        (
            "zoj1039",
            [
                (b"2\n1\n2\n", [b"Scenario #1:", b"The winning moves are: 2.", b""]),
                (b"0\n\n", [b"Scenario #2:", b"There is no winning move.", b""]),
            ],
        ),
        (
            "poj1143",
            [
                (b"2 2 5\n", [b"Test Case #1", b"The winning moves are: 2", b""]),
                (b"2 2 3\r\n", [b"Test Case #2", b"There's no winning move.", b""]),
            ],
        ),
    ],
)
def test_each_answer_comes_as_soon_as_its_case_is_complete(fmt, cases):
    process = start(fmt)
    try:
        for text, answer in cases:
            process.stdin.write(text)
            assert [read_line(process).rstrip(b"\n") for _ in answer] == answer
        process.stdin.close()
        assert process.wait(timeout=60) == 0 and process.stdout.read() == b"" and process.stderr.read() == b""
    finally:
        process.kill()


def test_ctrl_c_keeps_the_answers_and_exits_130_in_one_line():
    process = start("gym")
    try:
        process.stdin.write(b"6\n1 2 3 4 5 6\n")
        assert read_line(process) == b"Andy wins\n"
        process.send_signal(signal.SIGINT)  # waiting for more input
        assert process.wait(timeout=60) == 130
        assert process.stdout.read() == b""
        assert process.stderr.read().count(b"\n") == 1
    finally:
        process.kill()


def test_a_line_without_end_is_refused_before_it_fills_memory():
    source = io.BytesIO(b"1" * (3 << 20))
    with pytest.raises(JudgeInputError, match="longer than 1,048,576 characters"):
        list(run_dialect("gym", source))
