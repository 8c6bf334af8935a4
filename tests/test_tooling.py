"""The maintainer's tools pass: ruff (lint and format) and mypy (types), configured in pyproject.toml.

Each is run as a person runs it, as a command in the repository root, and a finding fails
the test with the tool's own output (for the format, the files ``ruff format`` would
rewrite: run it to fix them).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IGNORE = re.compile(r"#\s*type:\s*ignore(?P<codes>\[[^\]]*\])?(?P<rest>.*)$")


def _run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    result = _run("ruff", "check", "--no-fix", "--output-format", "concise", ".")
    assert result.returncode == 0, f"ruff check found problems:\n{result.stdout}{result.stderr}"


def test_ruff_format_would_change_nothing():
    result = _run("ruff", "format", "--check", ".")
    assert result.returncode == 0, f"ruff format would reformat (run `ruff format .`):\n{result.stdout}{result.stderr}"


def test_mypy_finds_nothing():
    # the packages to check and the options are in [tool.mypy]; the cache (.mypy_cache, which
    # mypy keeps out of git itself) makes a second run take about a second
    result = _run("mypy")
    assert result.returncode == 0, f"mypy found problems:\n{result.stdout}{result.stderr}"


def test_every_type_ignore_names_its_error_and_says_why():
    unjustified = []
    for folder in ("triangles_core", "notebooks/studies", "scripts", "benchmarks", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                found = IGNORE.search(line)
                if found and (not found["codes"] or not re.match(r"\s*#\s*\S", found["rest"])):
                    unjustified.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not unjustified, (
        "each type-ignore comment needs its error code in brackets and a trailing '# why':\n" + "\n".join(unjustified)
    )
