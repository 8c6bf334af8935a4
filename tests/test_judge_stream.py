"""The judge reads case by case: interactive answers, bounded memory, chunk boundaries,
zero-padded numbers, a closed standard input (an error), Ctrl-C, and the poj1143 end line."""

from __future__ import annotations

import io
import os
import random
import re
import select
import signal
import subprocess
import sys
import time

import pytest
from commands import assert_one_line_error, judge
from hypothesis import given, settings
from hypothesis import strategies as st

import triangles_core.judge.tokens as judge_module
from triangles_core.common.text import split_lines
from triangles_core.judge import MAX_KEPT, JudgeInputError, TokenReader, run_dialect

COMMAND = [sys.executable, "-m", "triangles_core", "judge"]
ANSWERS = {b"Andy wins", b"Ralph wins", b"Draw"}


def gym_input(megabytes: float, seed: int = 2026) -> bytes:
    """A random gym input of about this size: cases ``N`` newline N distinct edges, then 0."""
    rng = random.Random(seed)
    parts, total = [], 0
    while total < megabytes * 1e6:
        edges = rng.sample(range(1, 19), rng.randint(1, 18))
        part = f"{len(edges)}\n{' '.join(map(str, edges))}\n"
        parts.append(part)
        total += len(part)
    return ("".join(parts) + "0\n").encode()


class Chunks(io.RawIOBase):
    """A binary stream that returns the given pieces one per read (as a pipe may)."""

    def __init__(self, *pieces: bytes) -> None:
        self.pieces = list(pieces)

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        return self.pieces.pop(0) if self.pieces else b""


def tokens(reader: TokenReader) -> tuple[list[tuple[str, int]], int]:
    """Every token with its line, and the last line."""
    found = []
    while not reader.at_end():
        token = reader.next(None, "a token")
        found.append((token.text, token.line))
    return found, reader.last_line


def whole_text_tokens(text: str) -> tuple[list[tuple[str, int]], int]:
    """The same, the way the reader read a whole input before it read chunk by chunk."""
    lines = split_lines(text)
    found = [
        (word, number) for number, line in enumerate(lines, start=1) for word in re.findall(r"[^ \t\n\r\f\v]+", line)
    ]
    return found, max(1, len(lines) - (lines[-1] == ""))


# Chunk boundaries


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=" \t\r\n\x0b\x0c12x\u00a0\u00e9", max_size=60), st.data())
def test_any_chunking_reads_the_same_tokens_and_lines(text, data):
    raw = text.encode()
    cuts = sorted(data.draw(st.lists(st.integers(0, len(raw)), max_size=8)))
    pieces = [raw[a:b] for a, b in zip([0, *cuts], [*cuts, len(raw)], strict=False) if b > a]
    assert tokens(TokenReader(Chunks(*pieces))) == whole_text_tokens(text)
    assert tokens(TokenReader(text)) == whole_text_tokens(text)
    chunk, judge_module.CHUNK = judge_module.CHUNK, data.draw(st.integers(1, 5))  # a str is read in chunks too
    try:
        assert tokens(TokenReader(text)) == whole_text_tokens(text)
    finally:
        judge_module.CHUNK = chunk


@pytest.mark.parametrize(
    "pieces, line",
    [
        ((b"1\r", b"\n1\r", b"\nx\r\n"), 3),  # \r | \n is one line break
        ((b"1\r", b"1\r", b"x"), 3),  # a lone \r at the end of a chunk is a line break at once
        ((b"1\r\n", b"\r\n", b"1 x"), 3),
        ((b"1\n\r", b"\r\n1\nx"), 5),
    ],
)
def test_cr_lf_split_between_chunks(pieces, line):
    with pytest.raises(JudgeInputError) as info:
        list(run_dialect("gym", Chunks(*pieces)))
    assert (info.value.line, info.value.token) == (line, "x")


def test_tokens_bom_and_characters_split_between_chunks():
    assert list(
        run_dialect(
            "gym", Chunks(b"\xef\xbb", b"\xbf", b"1", b"8 1 2 3 4 5 6 7 8 9 10 1", b"1 12", b" 13 14 15 16 17 18\n0")
        )
    ) == ["Draw"]
    with pytest.raises(JudgeInputError, match=r"line 2, token '1\u00b2': not an integer"):
        list(run_dialect("gym", Chunks(b"1\n1\xc2", b"\xb2 5")))
    with pytest.raises(JudgeInputError, match=r"token '1\ufffd'"):  # a bad byte is replaced
        list(run_dialect("gym", Chunks(b"1\n1\xff", b" 5")))


def test_a_huge_token_is_cut_short_and_still_read_right():
    digits = "0" * 3_000_000 + "7"
    for source in (f"1\n{digits}\n0", Chunks(b"1\n", *[b"0" * 65536] * 45, b"0" * (3_000_000 - 45 * 65536), b"7")):
        assert list(run_dialect("gym", source)) == list(run_dialect("gym", "1 7")) == ["Andy wins"]
    # a token that cannot become an integer in range (too many significant digits, or not
    # digits) is reported as soon as that is known: its length is then a lower bound
    for text, where, hopeless in [
        ("1\n" + "0" * 100_000 + "19", "out of range", False),
        ("1\n" + "9" * 100_000, "out of range", True),
        ("1\n" + "1" * 100_000 + "x", "out of range", True),
        ("1\n" + "0" * 100_000 + "x", "not an integer", True),
        ("1\n+" + "0" * 100_000, "out of range", False),
    ]:
        with pytest.raises(JudgeInputError, match=where) as info:
            list(run_dialect("gym", Chunks(*[text[k : k + 1000].encode() for k in range(0, len(text), 1000)])))
        length = r"at least \d+" if hopeless else str(len(text) - 2)
        assert re.search(rf"\({length} characters\)", str(info.value)) and info.value.line == 2
        assert len(info.value.token) <= MAX_KEPT and info.value.token[:40] == text[2:42]


class Endless:
    """A binary stream of one byte repeated forever (like /dev/zero), counting its reads."""

    def __init__(self, head: bytes, byte: bytes) -> None:
        self.head, self.byte, self.reads = head, byte, 0

    def read1(self, size: int) -> bytes:
        self.reads += 1
        if self.head:
            head, self.head = self.head, b""
            return head
        return self.byte * size


@pytest.mark.parametrize(
    "head, byte, message",
    [
        (b"", b"\0", r"case 1, line 1, .*at least \d+ characters\): not an integer"),
        (b"1\n", b"7", r"case 1, line 2, .*at least \d+ characters\): out of range"),
        (b"1\n1 2 3\n", b"x", r"line 3, .*not an integer"),
    ],
)
def test_an_endless_token_is_reported_at_once(head, byte, message):
    """/dev/zero as input: the first token never ends, and is an error whatever follows."""
    stream = Endless(head, byte)
    with pytest.raises(JudgeInputError, match=message):
        list(run_dialect("gym", stream))
    assert stream.reads <= 4


def test_a_huge_token_in_a_pair_is_quoted_with_its_length():
    # dots 1 and 4 are not joined by an edge; the 4 is written with 2000 leading zeros
    for source in ("1\n1\n1 " + "0" * 2000 + "4\n", Chunks(b"1\n1\n1 " + b"0" * 1000, b"0" * 1000 + b"4\n")):
        with pytest.raises(JudgeInputError, match=r"token '1 0{38}'\.\.\. \(2003 characters\)"):
            list(run_dialect("triangle-war", source))


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


# poj1143: the end line


def test_poj1143_end_line_with_more_numbers_is_an_error():
    result = judge("poj1143", "2 2 5\n0 5\n")
    assert_one_line_error(
        result, "triangles judge poj1143: error: line 2, token '5': the 0 that ends the input must be alone on line 2"
    )
    assert result.stdout.count("Test Case") == 1
    assert list(run_dialect("poj1143", "2 2 5\n0\n5 2 3\n")) == ["Test Case #1", "The winning moves are: 2", ""]
    assert list(run_dialect("poj1143", "2 2 5\n0   \t\r\n")) == ["Test Case #1", "The winning moves are: 2", ""]


# The command: interactive use, memory, closed standard input, Ctrl-C


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
        assert process.stderr.read() == b"triangles judge gym: interrupted\n"
    finally:
        process.kill()


def test_ctrl_c_while_answering_keeps_whole_answers(tmp_path):
    big = tmp_path / "gym.txt"
    big.write_bytes(gym_input(5))
    with open(big, "rb") as source:
        process = subprocess.Popen(
            [*COMMAND, "gym"],
            stdin=source,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        try:
            first = read_line(process)
            process.send_signal(signal.SIGINT)
            out, err = process.communicate(timeout=120)
        finally:
            process.kill()
    assert process.returncode == 130 and err == b"triangles judge gym: interrupted\n"
    answers = (first + out).split(b"\n")
    assert answers[-1] == b"" and set(answers[:-1]) <= ANSWERS and len(answers) > 1


@pytest.mark.parametrize(
    "args", [["judge", "gym"], ["judge", "poj1143"], ["judge", "uestc"], ["judge", "gym", "-"], ["review", "-"]]
)
def test_closed_standard_input_is_an_error_not_an_empty_input(args):
    # Read as empty, `<&-` would answer an empty judge input or review an empty game with exit 0:
    # a script that lost its input would look like one that succeeded.
    result = subprocess.run(
        ["bash", "-c", f'"$0" -m triangles_core {" ".join(args)} <&-', sys.executable],
        capture_output=True,
        text=True,
        timeout=120,
    )
    command = " ".join(args[:2]) if args[0] == "judge" else args[0]
    assert (result.returncode, result.stdout) == (2, "")
    assert (
        result.stderr == f"triangles {command}: error: standard input is closed; give a file, or redirect one "
        "with '<'\n"
    )


def test_a_closed_standard_input_does_not_matter_when_a_file_is_named(tmp_path):
    (tmp_path / "in.txt").write_text("6\n1 2 3 4 5 6\n0\n")
    result = subprocess.run(
        ["bash", "-c", '"$0" -m triangles_core judge gym in.txt <&-', sys.executable],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, "Andy wins\n", "")


PEAK_RSS = (
    "import sys\n"
    "from triangles_core.cli import main\n"
    "status = main(sys.argv[1:])\n"
    "sys.stdout.flush()\n"
    "with open('/proc/self/status') as status_file:\n"
    "    print(next(line.split()[1] for line in status_file if line.startswith('VmHWM:')), file=sys.stderr)\n"
    "sys.exit(status)\n"
)
"""Runs the command, then prints its peak resident set size in kB on stderr.  (VmHWM, not
getrusage: Linux's ru_maxrss of a child counts the pages it shared with its parent
before exec, here the whole test process.)"""


def peak_rss_kb(tmp_path, name: str, data: bytes, fmt: str = "gym") -> tuple[int, subprocess.CompletedProcess]:
    path = tmp_path / name
    path.write_bytes(data)
    with open(path, "rb") as source:
        result = subprocess.run(
            [sys.executable, "-c", PEAK_RSS, "judge", fmt],
            stdin=source,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            timeout=600,
        )
    *notes, peak = result.stderr.decode().splitlines()
    return int(peak), result


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads the peak RSS from /proc (Linux)")
def test_memory_stays_bounded_whatever_the_input_size(tmp_path):
    small, _ = peak_rss_kb(tmp_path, "small.txt", gym_input(0.1))
    large, result = peak_rss_kb(tmp_path, "large.txt", gym_input(10))
    assert result.returncode == 0 and result.stdout.count(b"\n") > 350_000
    # Reading the whole input first took about 30 bytes of memory per input byte (300 MB here).
    assert large - small < 40_000, (small, large)
    # One 30 MB token without white space: cut short, not kept.
    huge, result = peak_rss_kb(tmp_path, "token.txt", b"1\n" + b"7" * 30_000_000 + b"\n")
    assert result.returncode == 2 and re.search(rb"\(at least \d+ characters\): out of range", result.stderr)
    assert huge - small < 40_000, (small, huge)
