"""The everyday loop (``pytest -m "not slow"``) leaves out every test that starts another process.

`conftest.starts_a_process` reads a test's code; these functions are never called, only read.
"""

from __future__ import annotations

import subprocess

import pytest
from conftest import SLOW_MODULES, SLOW_TESTS, TESTS, starts_a_process


def _runs_a_command():
    return subprocess.run(["true"], check=True)


def _calls_a_helper_that_runs_one():
    return _runs_a_command()


def _imports_the_command_helper_inside():
    from commands import triangles

    return triangles("--help")


def _in_a_lambda():
    return (lambda: subprocess.run(["true"]))()


def _computes_only():
    return sum(range(10))


@pytest.mark.parametrize(
    "function", [_runs_a_command, _calls_a_helper_that_runs_one, _imports_the_command_helper_inside, _in_a_lambda]
)
def test_a_test_that_starts_a_process_is_slow(function):
    assert starts_a_process(function)


def test_a_test_that_computes_only_is_not():
    assert not starts_a_process(_computes_only)
    assert not starts_a_process(test_a_test_that_computes_only_is_not)


def test_every_slow_entry_names_a_test_file():
    for entry in SLOW_MODULES + SLOW_TESTS:
        path = entry.split("::")[0]
        assert (TESTS.parent / path).is_file(), entry
