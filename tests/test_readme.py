"""The README's examples stay true, and those of docs/command-line.md: every console example
is run and its output compared, and the README's Python examples run as doctests (as
python-chess tests its README)."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
COMMAND_LINE = (ROOT / "docs" / "command-line.md").read_text(encoding="utf-8")


def blocks(language: str, text: str = README) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.S | re.M)


def console_examples() -> list[tuple[str, list[str]]]:
    """Each ``$ command`` of a console block with the lines shown after it."""
    examples = []
    for block in blocks("console") + blocks("console", COMMAND_LINE):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            examples.append((command, output.split("\n")[:-1]))
    return examples


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line; a line ``...`` stands for any number of lines."""
    if not expected:
        return not actual
    if expected[0].strip() == "...":
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


@pytest.mark.parametrize("command, expected", console_examples(), ids=lambda x: x if isinstance(x, str) else "")
def test_console_example(command, expected):
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    result = subprocess.run(["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    shown = (result.stdout + result.stderr).split("\n")
    if shown and shown[-1] == "":
        shown = shown[:-1]
    assert matches(expected, shown), "\n".join(shown)


def test_there_are_console_examples_of_every_command():
    commands = " ".join(command for command, _ in console_examples())
    for name in ("judge", "solve", "review", "verify", "graph", "--boxes"):
        assert name in commands


@pytest.mark.side4  # the examples end with tc.solve(4)
def test_python_examples(tmp_path):
    text = "\n".join(blocks("python"))
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", str(ROOT / "README.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 10


def test_examples_leave_no_file_in_the_repository():
    """Examples write to /tmp, never into the folder a reader pastes them in."""
    for command, _ in console_examples():
        for target in re.findall(r">\s*(\S+)", command) + re.findall(r"graph (\S+)", command):
            assert target.startswith("/tmp/"), command


def test_readme_lists_every_notebook():
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        if path.stem != "00_index":
            assert f"(notebooks/{path.name})" in README, path.name
