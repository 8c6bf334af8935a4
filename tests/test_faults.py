"""Faults survived: nothing lost, nothing left behind, one line and a clear status for each.

Each class of the hardening issue has a test here (the judge's streams are in
test_judge_stream.py): interrupted and failing writes, stale temporaries of killed writers,
unusable caches and special files, closed streams and full devices, missing optional
packages, a read-only numba cache, and the one rule for integer arguments.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from commands import assert_one_line_error, shell_here, triangles

from triangles_core import InvalidPositionError, board, solve, solve_number_game, solve_peg
from triangles_core.common.files import atomic_open
from triangles_core.games.number import InvalidNumberPositionError
from triangles_core.games.peg import InvalidPegBoardError

ROOT = Path(__file__).resolve().parent.parent


def run_python(
    code: str, *args: object, env: dict | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess:
    """Run a Python program with arguments ``args`` in a fresh interpreter (the package importable)."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
        cwd=cwd,
    )


# ------------------------------------------------------------------ nothing lost

INTERRUPTED_GRAPH = """
    import os, signal, sys
    signal.signal(signal.SIGINT, signal.default_int_handler)   # as in a terminal, even if started in the background
    import networkx
    def write_half_then_interrupt(graph, handle, **options):
        handle.write(b"<?xml version='1.0'?><graphml>")   # a partial file ...
        os.kill(os.getpid(), signal.SIGINT)             # ... and Ctrl-C arrives
    networkx.write_graphml = write_half_then_interrupt
    from triangles_core.cli import main
    sys.exit(main(["graph", sys.argv[1], "--side", "2"]))
"""


@pytest.mark.parametrize(
    "signal_name, status, said",
    [
        ("SIGINT", 130, "interrupted"),  # Ctrl-C
        pytest.param("SIGTERM", 143, "terminated (SIGTERM)", marks=pytest.mark.slow),  # kill, a batch time limit
        pytest.param("SIGHUP", 129, "terminated (SIGHUP)", marks=pytest.mark.slow),  # the terminal closed
    ],
)
def test_a_signal_while_writing_a_graph_keeps_the_earlier_file(tmp_path, signal_name, status, said):
    target = tmp_path / "side2.graphml"
    target.write_text("an earlier good file")
    program = textwrap.dedent(INTERRUPTED_GRAPH).replace("signal.SIGINT", f"signal.{signal_name}")
    result = run_python(program, str(target))
    assert result.returncode == status
    assert result.stderr == f"triangles graph: {said}\n"
    assert target.read_text() == "an earlier good file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["side2.graphml"]


SIGNAL_WHILE_PARSING = """
    import argparse, os, signal, sys
    signal.signal(signal.SIGINT, signal.default_int_handler)   # as in a terminal, even if started in the background
    original = argparse.ArgumentParser.format_usage
    def format_usage_then_signal(self):                       # the start of the intermixed parse
        if self.prog == "triangles solve":
            argparse.ArgumentParser.format_usage = original
            os.kill(os.getpid(), signal.SIGINT)
        return original(self)
    argparse.ArgumentParser.format_usage = format_usage_then_signal
    from triangles_core.cli import main
    sys.exit(main(["solve", "--side", "2"]))
"""


@pytest.mark.parametrize(
    "signal_name, status, said",
    [
        ("SIGINT", 130, "interrupted"),
        pytest.param("SIGTERM", 143, "terminated (SIGTERM)", marks=pytest.mark.slow),
    ],
)
def test_a_signal_while_the_arguments_are_parsed_is_an_interrupt(signal_name, status, said):
    """argparse's intermixed parse, interrupted before it saved its state, used to hide the
    signal behind an AttributeError traceback; the signal is held until the parse is over."""
    program = textwrap.dedent(SIGNAL_WHILE_PARSING).replace(
        "os.kill(os.getpid(), signal.SIGINT)", f"os.kill(os.getpid(), signal.{signal_name})"
    )
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=300)
    assert (result.returncode, result.stderr, result.stdout) == (status, f"triangles solve: {said}\n", "")


SIGNAL_TO_ANOTHER_THREAD_WHILE_PARSING = """
    import argparse, os, signal, sys, threading, time
    signal.signal(signal.SIGINT, signal.default_int_handler)
    other = threading.Thread(target=time.sleep, args=(5,), daemon=True)   # as numpy's BLAS threads
    other.start()
    original = argparse.ArgumentParser.format_usage
    def format_usage_then_signal(self):
        if self.prog == "triangles solve":
            argparse.ArgumentParser.format_usage = original
            signal.pthread_kill(other.ident, signal.SIGINT)          # the other thread takes it
            time.sleep(0.05)
        return original(self)
    argparse.ArgumentParser.format_usage = format_usage_then_signal
    from triangles_core.cli import main
    sys.exit(main(["solve", "--side", "2"]))
"""


def test_a_signal_another_thread_takes_while_the_arguments_are_parsed_is_an_interrupt():
    """Blocking the signals in the main thread did not hold back one that another thread took."""
    result = run_python(SIGNAL_TO_ANOTHER_THREAD_WHILE_PARSING)
    assert (result.returncode, result.stderr, result.stdout) == (130, "triangles solve: interrupted\n", "")


SIGNAL_AS_THE_COMMAND_ENDS = """
    import os, signal, sys, time
    real = signal.signal
    calls = []
    def signal_during_the_fourth(number, handler):       # the first three install the command's handlers
        calls.append(number)
        if len(calls) == 4 and "{when}" == "while-the-handlers-are-put-back":
            os.kill(os.getpid(), signal.SIGTERM)
        return real(number, handler)
    signal.signal = signal_during_the_fourth
    from triangles_core.cli import main
    sys.argv = ["triangles", "graph", sys.argv[1], "--side", "2"]
    status = main()
    if "{when}" == "after-main-returned":
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)
    sys.exit(status)
"""


@pytest.mark.slow  # one more interpreter writing a graph (about 1.5 s)
@pytest.mark.parametrize(
    "when, killed_by",
    [("while-the-handlers-are-put-back", signal.SIGTERM), ("after-main-returned", signal.SIGINT)],
)
def test_a_stop_once_the_command_has_finished_ends_it_by_the_default_action(tmp_path, when, killed_by):
    """No traceback (an exception raised in the handler's own clean-up, or a KeyboardInterrupt
    in the interpreter's shutdown): the output is complete, the process ends as the signal says."""
    target = tmp_path / "side2.graphml"
    result = run_python(SIGNAL_AS_THE_COMMAND_ENDS.replace("{when}", when), target)
    assert (result.returncode, result.stderr) == (-killed_by, f"wrote {target}\n")
    assert target.read_text().startswith("<?xml") and sorted(p.name for p in tmp_path.iterdir()) == ["side2.graphml"]


SIGNAL_WHILE_SAYING_WROTE = """
    import io, os, signal, sys
    class SignalAfterWrote(io.TextIOWrapper):
        def write(self, text):
            written = super().write(text)
            if text.startswith("wrote"):
                os.kill(os.getpid(), signal.SIGTERM)
            return written
    sys.stderr = SignalAfterWrote(open(2, "wb", closefd=False), line_buffering=True)
    from triangles_core.cli import main
    sys.exit(main(["graph", sys.argv[1], "--side", "2"]))
"""


@pytest.mark.slow  # one more interpreter writing a graph (about 1.5 s)
def test_a_stop_while_a_line_is_said_does_not_run_into_it(tmp_path):
    target = tmp_path / "side2.graphml"
    result = run_python(SIGNAL_WHILE_SAYING_WROTE, target)
    assert (result.returncode, result.stderr) == (143, f"wrote {target}\ntriangles graph: terminated (SIGTERM)\n")


SIGNAL_WHILE_IMPORTING = """
    import os, signal, sys, time
    import networkx
    sys.path.insert(0, sys.argv[2])
    def import_a_slow_module_then_write(graph, handle, **options):
        handle.write(b"<?xml version='1.0'?><graphml>")
        import slow_module                                 # SIGTERM arrives while it is imported
        time.sleep(5)
    networkx.write_graphml = import_a_slow_module_then_write
    from triangles_core.cli import main
    sys.exit(main(["graph", sys.argv[1], "--side", "2"]))
"""
SLOW_MODULE = """
import os, signal, sys, time
os.kill(os.getpid(), signal.SIGTERM)
time.sleep(0.2)
print("the import finished", file=sys.stderr)
"""


@pytest.mark.slow  # an interpreter that waits for its signal (about 1.5 s)
def test_a_signal_during_an_import_is_delivered_after_it(tmp_path):
    """An exception raised inside the import machinery can be swallowed or turned into an
    ImportError (numpy's C initialisation); the signal comes again once the import is over."""
    (tmp_path / "slow_module.py").write_text(SLOW_MODULE)
    target = tmp_path / "side2.graphml"
    target.write_text("an earlier good file")
    result = run_python(SIGNAL_WHILE_IMPORTING, str(target), str(tmp_path))
    assert result.returncode == 143
    assert result.stderr == "the import finished\ntriangles graph: terminated (SIGTERM)\n"
    assert target.read_text() == "an earlier good file"


SIGNAL_AT_THE_END_OF_AN_IMPORT = """
    import os, signal, sys
    import networkx
    sys.path.insert(0, sys.argv[2])
    def import_a_module_then_write(graph, handle, **options):
        import module_that_signals                     # SIGTERM at its last line: held back ...
        handle.write(b"<?xml version='1.0'?><graphml/>")  # ... and the command ends at once
    networkx.write_graphml = import_a_module_then_write
    from triangles_core.cli import main
    sys.exit(main(["graph", sys.argv[1], "--side", "2"]))
"""


@pytest.mark.slow  # one more interpreter writing a graph (about 1.5 s)
def test_a_signal_held_back_by_an_import_is_not_lost_when_the_command_ends_first(tmp_path):
    """The signal comes again 2 ms after the import; a command that ends before then
    still stops (it exited 0 with the stop lost, or was killed silently at exit)."""
    (tmp_path / "module_that_signals.py").write_text("import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n")
    target = tmp_path / "side2.graphml"
    target.write_text("an earlier good file")
    result = run_python(SIGNAL_AT_THE_END_OF_AN_IMPORT, str(target), str(tmp_path))
    assert result.returncode == 143, result.stderr
    assert result.stderr.endswith("triangles graph: terminated (SIGTERM)\n")
    assert target.read_text() in ("an earlier good file", "<?xml version='1.0'?><graphml/>")
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".py") == ["side2.graphml"]


SIGNAL_IN_A_CALLBACK = """
    import ctypes, ctypes.util, os, signal, sys, time
    from types import SimpleNamespace
    import networkx
    from llvmlite.binding.executionengine import ExecutionEngine

    class Engine:  # what llvmlite's hook calls on: numba's object cache, here one that is slow
        def _find_module_ptr(self, pointer):
            return "module"
        def _object_cache_notify(self, module, buffer):
            os.kill(os.getpid(), signal.SIGTERM)   # SIGTERM arrives inside the callback
            time.sleep(0.2)

    compiled = ctypes.create_string_buffer(b"object code")
    data = SimpleNamespace(contents=SimpleNamespace(module_ptr=1, buf_ptr=ctypes.addressof(compiled), buf_len=4))

    @ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
    def compare(a, b):  # called from C, as LLVM calls llvmlite's hook
        ExecutionEngine._raw_object_cache_notify(Engine(), data)
        return 0

    def write_through_a_callback(graph, handle, **options):
        handle.write(b"<?xml version='1.0'?><graphml>")
        items = (ctypes.c_int * 2)(2, 1)
        ctypes.CDLL(ctypes.util.find_library("c")).qsort(items, 2, ctypes.sizeof(ctypes.c_int), compare)
        print("the sort finished", file=sys.stderr)
        time.sleep(5)
    networkx.write_graphml = write_through_a_callback
    from triangles_core.cli import main
    sys.exit(main(["graph", sys.argv[1], "--side", "2"]))
"""
SIGNAL_IN_A_DEL = """
    import gc, os, signal, sys, time
    import networkx

    class Handle:  # as llvmlite's ObjectRef, whose __del__ frees compiled code while numba works
        def __del__(self):
            os.kill(os.getpid(), signal.SIGTERM)   # SIGTERM arrives inside __del__
            time.sleep(0.2)

    def write_while_collecting(graph, handle, **options):
        handle.write(b"<?xml version='1.0'?><graphml>")
        Handle()
        print("the object was collected", file=sys.stderr)
        time.sleep(5)
    networkx.write_graphml = write_while_collecting
    from triangles_core.cli import main
    sys.exit(main(["graph", sys.argv[1], "--side", "2"]))
"""


@pytest.mark.slow  # an interpreter that waits for its signal (about 1.5 s)
@pytest.mark.parametrize(
    "program, said",
    [(SIGNAL_IN_A_CALLBACK, "the sort finished"), (SIGNAL_IN_A_DEL, "the object was collected")],
    ids=["ctypes-callback-of-llvmlite", "__del__"],
)
def test_a_signal_where_python_throws_the_exception_away_is_delivered_after_it(tmp_path, program, said):
    """numba loads and compiles kernels through llvmlite, whose object cache hook C calls through
    ctypes and whose objects free their code in ``__del__``: Python prints an exception raised
    there as "Exception ignored" and goes on, and the command went on to replace the file and
    exit 0.  The signal comes again once the program is out of it."""
    target = tmp_path / "side2.graphml"
    target.write_text("an earlier good file")
    result = run_python(program, str(target))
    assert (result.returncode, result.stderr) == (143, f"{said}\ntriangles graph: terminated (SIGTERM)\n")
    assert target.read_text() == "an earlier good file"


LIVE_WRITER = """
    import sys
    from triangles_core.common.files import atomic_open
    with atomic_open(sys.argv[1], "w") as handle:
        handle.write("whole, ")
        handle.flush()
        print("writing", flush=True)
        sys.stdin.readline()                     # paused in the middle of its write
        handle.write("from the other writer")
"""


@pytest.mark.parametrize(
    "mine, theirs",
    [
        ("g.dot", "g.dot.999999-x.dot"),  # a name that begins with mine and a number
        ("x" * 200 + "A.dot", "x" * 200 + "B.dot"),  # long names that differ only after 200 bytes
        ("table.npy", "table.npy"),  # the same file, written twice at once
    ],
    ids=["name-and-number", "long-names", "same-file"],
)
def test_a_write_never_takes_the_half_written_file_of_a_live_writer(tmp_path, mine, theirs):
    other = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(LIVE_WRITER), str(tmp_path / theirs)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert other.stdout.readline() == "writing\n"
        with atomic_open(tmp_path / mine, "w") as handle:
            handle.write("mine")
        other.communicate("go on\n", timeout=120)
    finally:
        other.kill()
    assert other.returncode == 0
    assert (tmp_path / theirs).read_text() == "whole, from the other writer"  # the last to finish wins
    if mine != theirs:
        assert (tmp_path / mine).read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({mine, theirs})


KILLED_AT_COMMIT = """
    import os, signal, sys
    _folder, _commits, _replace = sys.argv[1], [int(sys.argv[2])], os.replace
    def _replace_or_die(source, target, **options):
        if str(target).startswith(_folder):
            _commits[0] -= 1
            if _commits[0] == 0:                 # the new file is whole on disk, not yet in place
                os.kill(os.getpid(), signal.SIGKILL)
        _replace(source, target, **options)
    os.replace = _replace_or_die
"""


def killed_at_commit(folder: Path, code: str, commit: int = 1, env: dict | None = None) -> None:
    """Run ``code`` in a fresh interpreter killed (SIGKILL) as it puts its ``commit``-th file in ``folder`` in place."""
    program = textwrap.dedent(KILLED_AT_COMMIT) + textwrap.dedent(code)
    result = subprocess.run(
        [sys.executable, "-c", program, str(folder), str(commit)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )
    assert result.returncode == -signal.SIGKILL, result.stderr


def test_main_puts_the_signal_handlers_back(tmp_path, capsys):
    from triangles_core.cli import main

    numbers = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    before = [signal.getsignal(number) for number in numbers]
    assert main(["solve", "--side", "2"]) == 0
    assert [signal.getsignal(number) for number in numbers] == before


SIGNALS_TWICE = """
    import os, signal, sys
    import networkx
    def write_half_then_two_signals(graph, handle, **options):
        handle.write(b"<?xml version='1.0'?><graphml>")
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGHUP})
        os.kill(os.getpid(), signal.SIGTERM)          # both arrive before either is handled
        os.kill(os.getpid(), signal.SIGHUP)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGHUP})
    networkx.write_graphml = write_half_then_two_signals
    from triangles_core.cli import main
    sys.exit(main(["graph", sys.argv[1], "--side", "2"]))
"""


@pytest.mark.slow  # one more interpreter writing a graph (about 1.5 s)
def test_a_second_signal_ends_the_process_without_a_traceback(tmp_path):
    """The first signal raises; the second ends the process by its default action, after
    removing the temporary file the first one's cleaning up had not yet removed."""
    target = tmp_path / "side2.graphml"
    target.write_text("an earlier good file")
    result = run_python(SIGNALS_TWICE, str(target))
    assert result.returncode in (-signal.SIGTERM, -signal.SIGHUP, 129, 143)
    assert "Traceback" not in result.stderr and "race condition" not in result.stderr
    assert target.read_text() == "an earlier good file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["side2.graphml"]  # the temporary removed first


def test_a_killed_writer_leaves_nothing_behind_after_the_next_write(tmp_path):
    target = tmp_path / "out.graphml"
    target.write_text("an earlier good file")
    killed_at_commit(
        tmp_path,
        """
        from triangles_core.common.files import atomic_open
        with atomic_open(sys.argv[1] + "/out.graphml", "w") as handle:
            handle.write("the killed writer's file")
    """,
    )
    assert target.read_text() == "an earlier good file"
    with atomic_open(target, "w") as handle:
        handle.write("whole")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.graphml"] and target.read_text() == "whole"


def test_a_name_near_the_length_limit_can_be_written(tmp_path):
    """The temporary name repeats only the first 200 bytes of the target's name."""
    target = tmp_path / ("A" * 246 + ".graphml")  # 254 bytes: one under the limit
    with atomic_open(target, "w") as handle:
        handle.write("whole")
    assert [p.name for p in tmp_path.iterdir()] == [target.name] and target.read_text() == "whole"


FULL_DISK = """
    import resource, signal, sys
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)        # writes past the limit fail with EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 * 1024, 64 * 1024))   # a disk that is full at 64 KiB
    from triangles_core.cli import main
    sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["graph", "{out}/side2.graphml", "--side", "2"], marks=pytest.mark.slow),
        ["review", "{out}/game.txt", "--csv", "{out}/side2.graphml"],
    ],
)
def test_a_full_disk_keeps_the_earlier_file_and_leaves_no_temporary(tmp_path, args):
    target = tmp_path / "side2.graphml"
    target.write_text("an earlier good file")
    (tmp_path / "game.txt").write_text("1 2\n" * 1 + "".join(f"{e}\n" for e in range(2, 19)))
    argv = [a.format(out=tmp_path) for a in args]
    if args[0] == "review":  # a review table is small: make the disk smaller than it
        full = FULL_DISK.replace("64 * 1024, 64 * 1024", "600, 600")
    else:
        full = FULL_DISK
    result = run_python(full, *argv)
    assert_one_line_error(result, f"triangles {args[0]}: error: cannot write")
    assert target.read_text() == "an earlier good file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.txt", "side2.graphml"]


def test_atomic_open_removes_its_temporary_on_any_error(tmp_path):
    target = tmp_path / "table.csv"
    target.write_text("old")
    with pytest.raises(RuntimeError):
        with atomic_open(target, "w") as handle:
            handle.write("half")
            raise RuntimeError("fault in the middle")
    assert target.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["table.csv"]


def test_a_stop_inside_mkstemp_leaves_no_temporary(tmp_path, monkeypatch):
    """Ctrl-C after mkstemp made the file but before it returned its name."""
    import tempfile

    made = tempfile.mkstemp

    def make_then_interrupt(*args, **kwargs):
        fd, _ = made(*args, **kwargs)
        os.close(fd)
        raise KeyboardInterrupt

    monkeypatch.setattr(tempfile, "mkstemp", make_then_interrupt)
    target = tmp_path / "table.csv"
    target.write_text("old")
    with pytest.raises(KeyboardInterrupt):
        with atomic_open(target, "w") as handle:
            handle.write("never")
    assert target.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["table.csv"]


def test_atomic_open_writes_streams_directly(tmp_path):
    """A device such as /dev/stdout is written as a stream, never replaced by a file."""
    with atomic_open("/dev/null", "w") as handle:
        handle.write("nothing")
    assert Path("/dev/null").is_char_device()


# ------------------------------------------------------------- unusable caches


def npy_file(header: bytes, data: bytes = b"") -> bytes:
    """A ``.npy`` file (format 1.0) with this header text, forged or not."""
    return b"\x93NUMPY\x01\x00" + len(header + b"\n").to_bytes(2, "little") + header + b"\n" + data


GARBLED_HEADER = npy_file(b"(((((((((((((((")  # numpy's parser: tokenize.TokenError
LONG_HEADER = npy_file(b"{'descr': '|i1', 'fortran_order': False, 'shape': (" + b"1," * 30000 + b"), }")


@pytest.mark.parametrize("kind", ["garbled header", "header over 10,000 bytes", "directory"])
def test_verify_refuses_a_table_that_is_not_a_npy_file_in_one_line(tmp_path, kind):
    table = tmp_path / "table.npy"
    if kind == "garbled header":
        table.write_bytes(GARBLED_HEADER)
    elif kind == "header over 10,000 bytes":
        table.write_bytes(LONG_HEADER)  # numpy's refusal spans two lines
    else:
        table.mkdir()
    result = triangles("verify", "--side", "2", "--table", str(table))
    assert_one_line_error(result, f"triangles verify: error: cannot read {table}")


def test_help_to_a_full_device_is_an_error(tmp_path):
    result = shell_here(tmp_path, "triangles --help > /dev/full")
    assert_one_line_error(result, "triangles: error: cannot write standard output: No space left on device")
    result = shell_here(tmp_path, "triangles solve > /dev/full")
    assert_one_line_error(result, "triangles solve: error: cannot write standard output")


def test_a_graph_to_a_full_standard_output_says_standard_output_not_its_dash(tmp_path):
    result = shell_here(tmp_path, "triangles graph - --side 1 --format dot > /dev/full")
    assert_one_line_error(result, "triangles graph: error: cannot write standard output: No space left on device")


@pytest.mark.parametrize(
    "args, prog",
    [
        (["--version"], "triangles"),
        (["--help"], "triangles"),
        pytest.param(["graph", "--help"], "triangles graph", marks=pytest.mark.slow),
        pytest.param(["judge", "-h"], "triangles judge", marks=pytest.mark.slow),
    ],
)
def test_help_and_version_with_standard_output_closed_are_an_error(args, prog):
    """As every command with ``>&-``: not the text on stderr with exit status 0."""
    result = subprocess.run(
        [sys.executable, "-m", "triangles_core", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: os.close(1),
        timeout=60,
    )
    assert_one_line_error(result, f"{prog}: error: standard output is closed")


def run_without_stderr(*args: str, input: bytes = b"") -> subprocess.CompletedProcess:
    """``triangles ARGS`` with its standard error closed (``2>&-``)."""
    return subprocess.run(
        [sys.executable, "-m", "triangles_core", *args],
        input=input,
        stdout=subprocess.PIPE,
        preexec_fn=lambda: os.close(2),
        timeout=300,
    )


def test_with_stderr_closed_errors_never_reach_the_output():
    result = run_without_stderr("judge", "gym", input=b"6\n1 2 3 4 5 6\nabc\n")
    assert result.returncode == 2 and result.stdout == b"Andy wins\n"
    result = run_without_stderr("solve", "--side", "2", "1", "1")  # a note: edge 1 listed twice
    assert result.returncode == 0 and b"note" not in result.stdout


@pytest.mark.parametrize("args", [["solve", "--side", "9"], ["solve", "--side", "abc"], ["judge"], ["bogus"]])
def test_with_stderr_closed_a_usage_error_still_exits_2(args):
    result = run_without_stderr(*args)
    assert result.returncode == 2 and result.stdout == b""


def test_closed_standard_input_of_review_is_an_error_not_an_empty_record():
    """Finding B3 (fixed in the CLI): a closed standard input is not an empty game."""
    result = subprocess.run(
        f"{sys.executable} -m triangles_core review - <&-",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
        executable="/bin/bash",
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr and result.stdout == ""
    assert "standard input is closed" in result.stderr


def test_a_missing_optional_package_names_the_extra(tmp_path):
    result = run_python(f"""
        import sys
        sys.modules["networkx"] = None   # as after a plain 'pip install' without the notebooks extra
        from triangles_core.cli import main
        sys.exit(main(["graph", {str(tmp_path / "g.graphml")!r}]))
    """)
    assert_one_line_error(result, "triangles graph: error: this command needs the package networkx")
    assert "pip install 'triangles_core[notebooks]'" in result.stderr


@pytest.mark.slow  # compiles the whole retrograde kernel in memory (about 2 s)
def test_no_writable_numba_cache_still_runs():
    """A read-only install and home: numba finds no cache folder; the kernel is compiled in memory."""
    result = run_python("""
        import numba.core.caching as caching
        caching.CacheImpl._locator_classes = []   # no folder numba could write its cache to
        from triangles_core.engine.retrograde import solve_table
        from triangles_core.games.triangles import board
        print(int(solve_table(board(2))[0]))
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "-2\n"


def test_graph_without_arguments_names_only_the_output():
    result = triangles("graph")
    assert_one_line_error(result, "triangles graph: error: the following arguments are required: OUTPUT (")


# ---------------------------------------------------------------- one integer rule


@pytest.mark.parametrize(
    "values, message",
    [
        ([0] + [1] * 13 + [2.5], "hole 15: peg value must be an integer, got 2.5"),
        ([0] + [1] * 13 + ["7"], "hole 15: peg value must be an integer, got '7'"),
    ],
)
def test_peg_values_follow_the_integer_rule(values, message):
    with pytest.raises(InvalidPegBoardError) as info:
        solve_peg(values)
    assert str(info.value) == message


@pytest.mark.parametrize(
    "position, message",
    [
        (-1, "bitmask -1 is out of range (0..524287)"),
        (2**100, "bitmask 1267650600228229401496703205376 is out of range (0..524287)"),
        ([2.0], "number must be an integer, got 2.0"),
        ([6], "allowed numbers [6] cannot occur: 2 and 4 are forbidden, so 6 = 2 + 4 is too"),
    ],
)
def test_number_game_positions_follow_the_integer_rule(position, message):
    with pytest.raises(InvalidNumberPositionError) as info:
        solve_number_game().value(position)
    assert str(info.value) == message


def test_numpy_integers_are_integers_and_zero_padding_is_read_as_scanf_does():
    assert solve(3).value([np.int64(1), np.uint8(2)]) == solve(3).value([1, 2])
    result = triangles("solve", "0001", "002", "3")
    assert result.returncode == 0 and result.stdout.startswith("Side-3 board, drawn edges: 1 2 3\n")


def test_messages_quote_a_bounded_excerpt():
    with pytest.raises(InvalidPositionError) as info:
        board(3).position("x" * 10**6)
    assert len(str(info.value)) < 200


def test_save_figure_on_a_full_disk_keeps_the_old_pair(tmp_path):
    code = textwrap.dedent("""
        import resource, signal, sys
        import matplotlib; matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from triangles_core.plot.export import save_figure
        fig, ax = plt.subplots(); ax.plot(range(100000)); ax.set_title("x" * 100)
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (20000, 20000))   # the PNG fits, the SVG does not
        try:
            save_figure(fig, "f", sys.argv[1])
        except OSError:
            sys.exit(3)
    """)
    (tmp_path / "f.png").write_bytes(b"old png")
    (tmp_path / "f.svg").write_bytes(b"old svg")
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, timeout=300)
    assert result.returncode == 3, result.stderr
    assert (tmp_path / "f.png").read_bytes() == b"old png" and (tmp_path / "f.svg").read_bytes() == b"old svg"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.png", "f.svg"]


def test_explore_takes_boxes_as_any_pair():
    from triangles_core import explore

    assert explore(boxes=[1, 1]).spec == explore(boxes=(1, 1)).spec
    with pytest.raises(ValueError, match="boxes must be"):
        explore(boxes=5)


def test_solving_without_the_compiler_is_one_line():
    result = subprocess.run(
        [sys.executable, "-m", "triangles_core", "solve", "--side", "2"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
    )
    assert_one_line_error(result, "triangles solve: error: solving the side-2 board needs numba's compiler")


@pytest.mark.slow  # three interpreters, each importing numba and compiling (about 3 s)
def test_a_damaged_compilation_cache_is_recompiled(tmp_path):
    module = tmp_path / "kernel_module.py"
    module.write_text(
        "from triangles_core.engine.compiled import compiled\n\n@compiled()\ndef add_one(x):\n    return x + 1\n"
    )
    run = [sys.executable, "-c", "import kernel_module; print(kernel_module.add_one(41))"]
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "NUMBA_CACHE_DIR": str(tmp_path / "numba")}
    assert subprocess.run(run, capture_output=True, text=True, env=env, timeout=300).stdout == "42\n"
    damaged = sorted((tmp_path / "numba").rglob("*.nb[ic]"))
    assert damaged
    for path in damaged:
        path.write_bytes(b"\x80\x04garbage")
    for _ in range(2):  # the first run compiles afresh, the second finds a sound cache again
        result = subprocess.run(run, capture_output=True, text=True, env=env, timeout=300)
        assert result.stdout == "42\n" and "Traceback" not in result.stderr, result.stderr
