"""Faults survived: a stop or a full disk keeps the earlier file, and says so in one line."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest


def run_python(code: str, *args: object) -> subprocess.CompletedProcess:
    """Run a Python program with arguments ``args`` in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *map(str, args)], capture_output=True, text=True, timeout=300
    )


STOPPED_WHILE_WRITING = """
    import os, signal, sys
    signal.signal(signal.SIGINT, signal.default_int_handler)   # as in a terminal, even if started in the background
    import networkx
    def write_half_then_stop(graph, handle, **options):
        handle.write(b"<?xml version='1.0'?><graphml>")   # a partial file ...
        os.kill(os.getpid(), signal.SIGNAL)             # ... and Ctrl-C (or a kill) arrives
    networkx.write_graphml = write_half_then_stop
    from triangles_core.cli import main
    sys.argv = ["triangles", "graph", sys.argv[1], "--side", "2"]
    sys.exit(main())
"""


@pytest.mark.parametrize("name, status, said", [("SIGINT", 130, "interrupted"), ("SIGTERM", 143, "terminated")])
def test_a_stop_while_writing_keeps_the_earlier_file(tmp_path, name, status, said):
    target = tmp_path / "side2.graphml"
    target.write_text("an earlier good file")
    result = run_python(STOPPED_WHILE_WRITING.replace("SIGNAL)", f"{name})"), target)
    assert (result.returncode, result.stderr) == (status, f"triangles graph: {said}\n")
    assert target.read_text() == "an earlier good file" and [p.name for p in tmp_path.iterdir()] == ["side2.graphml"]


def test_a_failed_rename_keeps_the_earlier_file_and_is_one_line(tmp_path, monkeypatch, capsys):
    from triangles_core.cli import main

    def refuse(source, target):
        raise PermissionError(13, "Permission denied")  # a folder that may not be written

    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.txt").write_text("1 2 3\n")
    (tmp_path / "y.csv").write_text("keep\n")
    monkeypatch.setattr(os, "replace", refuse)
    assert main(["review", "game.txt", "--csv", "y.csv"]) == 2
    assert capsys.readouterr().err == "triangles review: error: cannot write y.csv: Permission denied\n"
    assert (
        sorted(p.name for p in tmp_path.iterdir()) == ["game.txt", "y.csv"]
        and (tmp_path / "y.csv").read_text() == "keep\n"
    )


def test_save_figure_on_a_full_disk_keeps_the_old_pair(tmp_path):
    code = """
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
    """
    (tmp_path / "f.png").write_bytes(b"old png")
    (tmp_path / "f.svg").write_bytes(b"old svg")
    result = run_python(code, tmp_path)
    assert result.returncode == 3, result.stderr
    assert (tmp_path / "f.png").read_bytes() == b"old png" and (tmp_path / "f.svg").read_bytes() == b"old svg"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.png", "f.svg"]
