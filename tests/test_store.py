"""The value-table cache: a table is saved whole, checked on load, and recomputed when it fails."""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest

from triangles_core.engine import cache, solvers
from triangles_core.engine.retrograde import solve_table
from triangles_core.games.triangles import board


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A fresh cache folder named by the environment variable, and no table held by this process."""
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(solvers, "_memory", {})
    return tmp_path / "cache"


def counted(values):
    """A ``compute`` for `cached_table` that counts its calls."""
    calls = []

    def compute():
        calls.append(1)
        return values.copy()

    return compute, calls


def test_cache_folder_follows_the_environment(folder, monkeypatch):
    assert cache.table_path(board(4)) == folder / "side4_values.npy"
    monkeypatch.delenv(cache.CACHE_ENV)
    assert "triangles_core" in str(cache.cache_dir())


def test_a_table_is_computed_once_then_mapped_from_the_cache(folder):
    values = solve_table(board(2))
    compute, calls = counted(values)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        first = cache.cached_table(board(2), compute)
        again = cache.cached_table(board(2), compute)
    assert calls == [1] and isinstance(again, np.memmap)
    np.testing.assert_array_equal(first, values)
    np.testing.assert_array_equal(again, values)


def damage_truncate(path):
    path.write_bytes(path.read_bytes()[:-10])


def damage_header(path):
    path.write_bytes(b"garbag" + path.read_bytes()[6:])


def damage_empty(path):
    path.write_bytes(b"")


def wrong_shape(path):
    np.save(path, np.zeros(7, np.int8))


def wrong_dtype(path):
    np.save(path, np.zeros(1 << 9, np.int16))


def a_fifo(path):
    path.unlink()
    os.mkfifo(path)  # opening it to read would wait for a writer forever


@pytest.mark.parametrize("damage", [damage_truncate, damage_header, damage_empty, wrong_shape, wrong_dtype, a_fifo])
def test_a_damaged_cached_table_is_recomputed_with_one_warning(folder, damage):
    values = solve_table(board(2))
    compute, calls = counted(values)
    cache.cached_table(board(2), compute)
    damage(cache.table_path(board(2)))
    with pytest.warns(RuntimeWarning) as caught:
        again = cache.cached_table(board(2), compute)
    assert len(caught) == 1 and "recomputing" in str(caught[0].message)
    np.testing.assert_array_equal(again, values)
    with warnings.catch_warnings():  # the recomputed table replaced the damaged one
        warnings.simplefilter("error")
        np.testing.assert_array_equal(cache.cached_table(board(2), compute), values)
    assert calls == [1, 1]


@pytest.mark.parametrize("forged", [0, 200], ids=["empty-board", "one-position"])
def test_a_wrong_table_in_the_cache_is_never_answered_from(folder, monkeypatch, forged):
    """The spot check of the recurrence catches a table of the right shape with wrong values."""
    monkeypatch.setattr(solvers, "LARGE_TABLE_EDGES", board(2).n_edges)  # side 2 cached as side 4 is
    good = solve_table(board(2))
    wrong = good.copy()
    wrong[forged] += 5
    cache.table_path(board(2)).parent.mkdir(parents=True)
    np.save(cache.table_path(board(2)), wrong)
    with pytest.warns(RuntimeWarning, match="disagrees with the recurrence"):
        solution = solvers.solve(2)
    np.testing.assert_array_equal(solution.values, good)
    np.testing.assert_array_equal(np.load(cache.table_path(board(2))), good)


def test_a_cache_that_cannot_be_written_still_returns_the_table(tmp_path, monkeypatch):
    blocker = tmp_path / "a_file"
    blocker.write_text("where the cache folder should be")
    monkeypatch.setenv(cache.CACHE_ENV, str(blocker))
    values = solve_table(board(2))
    with pytest.warns(RuntimeWarning, match="could not cache"):
        np.testing.assert_array_equal(cache.cached_table(board(2), lambda: values), values)


def test_discard_removes_the_cached_table(folder):
    cache.cached_table(board(2), lambda: solve_table(board(2)))
    assert cache.discard_cached_table(board(2)) == cache.table_path(board(2))
    assert cache.discard_cached_table(board(2)) is None


def test_the_packaged_side3_table_is_the_kernel_table():
    """The table shipped with the package (so that the judges need no numba) is the kernel's."""
    np.testing.assert_array_equal(cache.packaged_table(board(3)), solve_table(board(3)))


def test_a_changed_packaged_table_is_not_answered_from(tmp_path, monkeypatch):
    """One changed byte of the shipped table fails its CRC-32: the table is recomputed, the answer right."""
    wrong = solve_table(board(3)).copy()
    wrong[0] = 3  # the empty board is -3
    np.save(tmp_path / "side3_values.npy", wrong)
    monkeypatch.setattr(cache, "PACKAGED", tmp_path)
    monkeypatch.setattr(solvers, "_memory", {})
    with pytest.warns(RuntimeWarning, match="CRC-32"):
        assert solvers.solve(3).value([]) == -3
