"""Running the `triangles` command in a subprocess, and the shared check of its errors."""

from __future__ import annotations

import subprocess
import sys


def triangles(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
    """Run ``python -m triangles_core ARGS`` with text input and captured output."""
    return subprocess.run(
        [sys.executable, "-m", "triangles_core", *args], input=input, capture_output=True, text=True, timeout=300
    )


def assert_one_line_error(result: subprocess.CompletedProcess, prefix: str = "") -> None:
    """Bad input: exit status 2, exactly one line on stderr starting with ``prefix``, no traceback."""
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(prefix)
