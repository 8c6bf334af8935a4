"""The value-table cache: round trip, atomic files, damaged copies detected and recomputed."""

from __future__ import annotations

import hashlib
import os
import warnings
from pathlib import Path

import numpy as np
import pytest

from triangles_core.common.errors import DamagedTableError
from triangles_core.engine import store
from triangles_core.engine.solvers import solve
from triangles_core.engine.store import (
    CorruptCacheWarning,
    cached_table,
    load_verified,
    save_with_checksum,
)
from triangles_core.engine.table_solution import TableSolution
from triangles_core.games.triangles import board


def sha256_file(path) -> str:
    """The file's sha256, computed here (the test's own, not the package's hashing writer)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh cache directory named by the environment variable."""
    directory = tmp_path / "cache"
    monkeypatch.setenv(store.CACHE_ENV, str(directory))
    return directory


def table(side: int = 2) -> np.ndarray:
    """A small int8 table of the right shape for ``side`` (not a real solution)."""
    n_edges = 3 * side * (side + 1) // 2
    return (np.arange(1 << n_edges) % 7 - 3).astype(np.int8)


def test_cache_dir_follows_environment(cache):
    assert store.cache_dir() == cache
    assert store.table_path(board(4)) == cache / "side4_values.npy"


def test_cache_dir_default_is_outside_repository(monkeypatch):
    monkeypatch.delenv(store.CACHE_ENV, raising=False)
    assert "triangles_core" in str(store.cache_dir())


def test_round_trip(tmp_path):
    path = tmp_path / "t.npy"
    values = table()
    digest = save_with_checksum(path, values)
    assert digest == sha256_file(path)
    checksum_line = (tmp_path / "t.npy.sha256").read_text().splitlines()[0]
    assert checksum_line == f"{digest}  t.npy"  # sha256sum -c reads it
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        loaded = load_verified(path, shape=values.shape, dtype=np.int8)
    np.testing.assert_array_equal(loaded, values)
    assert loaded.dtype == np.int8
    assert np.load(path).tolist() == values.tolist()  # a plain .npy file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.npy", "t.npy.sha256"]  # no temporary left


def test_absent_file_is_none_without_warning(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert load_verified(tmp_path / "missing.npy") is None


def damage_truncate(path):
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 10])


def damage_flip_byte(path):
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))


def damage_sidecar(path):
    path.with_name(path.name + ".sha256").unlink()


def damage_header(path):
    data = bytearray(path.read_bytes())
    data[:6] = b"garbag"
    path.write_bytes(bytes(data))


def damage_empty(path):
    path.write_bytes(b"")


@pytest.mark.parametrize("damage", [damage_truncate, damage_flip_byte, damage_sidecar, damage_header, damage_empty])
def test_damaged_file_warns_and_is_recomputed(cache, damage):
    values = table(2)
    calls = []

    def compute():
        calls.append(1)
        return values.copy()

    np.testing.assert_array_equal(cached_table(board(2), compute), values)
    assert len(calls) == 1
    path = store.table_path(board(2))
    assert path.exists()
    damage(path)
    with pytest.warns(CorruptCacheWarning):
        again = cached_table(board(2), compute)
    np.testing.assert_array_equal(again, values)
    assert len(calls) == 2
    with warnings.catch_warnings():  # the recomputed copy replaced the damaged one
        warnings.simplefilter("error")
        np.testing.assert_array_equal(cached_table(board(2), compute), values)
    assert len(calls) == 2


@pytest.mark.parametrize(
    "wrong", [np.zeros(7, dtype=np.int8), np.zeros(1 << 9, dtype=np.int16), np.zeros((2, 1 << 8), dtype=np.int8)]
)
def test_wrong_shape_or_dtype_warns_and_is_recomputed(cache, wrong):
    save_with_checksum(store.table_path(board(2)), wrong)  # checksum is valid, content is not a side-2 table
    values = table(2)
    with pytest.warns(CorruptCacheWarning, match="shape|dtype"):
        result = cached_table(board(2), lambda: values)
    np.testing.assert_array_equal(result, values)
    assert load_verified(store.table_path(board(2)), shape=values.shape, dtype=np.int8) is not None


def test_object_arrays_are_refused(tmp_path):
    path = tmp_path / "objects.npy"
    np.save(path, np.array([1, "a"], dtype=object), allow_pickle=True)
    (tmp_path / "objects.npy.sha256").write_text(f"{sha256_file(path)}  objects.npy\n")
    with pytest.warns(CorruptCacheWarning):
        assert load_verified(path) is None


def test_unwritable_cache_still_returns_the_table(tmp_path, monkeypatch):
    blocker = tmp_path / "not_a_directory"
    blocker.write_text("a file where the cache directory should be")
    monkeypatch.setenv(store.CACHE_ENV, str(blocker))
    values = table(2)
    with pytest.warns(RuntimeWarning) as caught:
        result = cached_table(board(2), lambda: values)
    np.testing.assert_array_equal(result, values)
    messages = [str(w.message) for w in caught]
    assert any("cannot use the cache" in m and "not_a_directory is not a directory" in m for m in messages)
    assert any("could not cache" in m and "is not a directory" in m for m in messages)


def test_saved_files_are_readable(tmp_path):
    path = tmp_path / "t.npy"
    save_with_checksum(path, table(1))
    assert path.stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "t.npy.sha256").stat().st_mode & 0o777 == 0o644


def test_packaged_side3_table_is_the_kernel_table():
    """The table shipped with the package (so the judges need no numba) is byte for byte the kernel's."""
    from triangles_core.engine.retrograde import solve_table
    from triangles_core.engine.store import PACKAGED, packaged_table

    packaged = packaged_table(board(3))
    assert packaged is not None and packaged.dtype == np.int8
    np.testing.assert_array_equal(packaged, solve_table(board(3)))
    assert (PACKAGED / "side3_values.npy.sha256").read_text().split()[0] == sha256_file(PACKAGED / "side3_values.npy")


def test_the_judge_starts_without_numba():
    import subprocess
    import sys

    trace = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "triangles_core", "judge", "uestc"],
        input="5 1 2 3 4 5\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert trace.stdout == "WIN!\n"
    modules = {line.split("|")[-1].strip() for line in trace.stderr.splitlines() if line.startswith("import time:")}
    assert "numba" not in modules and "matplotlib" not in modules


def test_a_verified_unchanged_table_is_mapped_and_a_changed_one_read_again(tmp_path):
    path = tmp_path / "t.npy"
    values = np.arange(1 << 12, dtype=np.int64).astype(np.int8)
    save_with_checksum(path, values)
    first = load_verified(path, shape=values.shape, dtype=np.int8, memory_map=True)
    assert isinstance(first, np.memmap) and not first.flags.writeable and (first == values).all()
    damaged = bytearray(path.read_bytes())
    damaged[-1] ^= 1
    path.write_bytes(bytes(damaged))  # a new version of the file: its stamp no longer matches
    with pytest.warns(CorruptCacheWarning, match="sha256"):
        assert load_verified(path, shape=values.shape, dtype=np.int8, memory_map=True) is None


def test_a_table_changed_in_place_with_its_old_modification_time_is_read_again(tmp_path):
    path = tmp_path / "t.npy"
    values = np.arange(1 << 12, dtype=np.int64).astype(np.int8)
    save_with_checksum(path, values)
    load_verified(path, shape=values.shape, dtype=np.int8, memory_map=True)
    before = path.stat()
    mapped = np.load(path, mmap_mode="r+")
    mapped[-1] ^= 1  # bit rot, or a hand edit, inside the same inode
    mapped.flush()
    del mapped
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # and the old modification time back
    with pytest.warns(CorruptCacheWarning, match="sha256"):
        assert load_verified(path, shape=values.shape, dtype=np.int8, memory_map=True) is None


def test_a_forged_table_is_never_the_source_of_an_answer():
    """A table whose checksum was rewritten to match passes loading; the answer that meets the damage refuses."""
    values = solve(2).values.copy()
    values[0] = 5  # the empty side-2 board is worth -2
    forged = TableSolution(board(2), values)
    for question in (forged.value, forged.optimal_moves, forged.principal_variation, forged.verdict):
        with pytest.raises(ValueError, match="table is damaged: position 0 holds 5, its moves give -2"):
            question([])
    assert forged.value([1]) == solve(2).value([1])  # undamaged positions still answer


def test_a_table_saved_by_an_older_version_is_verified_once_then_mapped(tmp_path):
    path = tmp_path / "t.npy"
    values = np.arange(256, dtype=np.int8)
    digest = save_with_checksum(path, values)
    path.with_name("t.npy.sha256").write_text(f"{digest}  t.npy\n")  # no stamp line
    assert not isinstance(load_verified(path, shape=(256,), dtype=np.int8), np.memmap)
    assert isinstance(load_verified(path, shape=(256,), dtype=np.int8, memory_map=True), np.memmap)
    assert "# verified " in path.with_name("t.npy.sha256").read_text()
    assert isinstance(load_verified(path, shape=(256,), dtype=np.int8, memory_map=True), np.memmap)


def test_a_table_found_wrong_is_discarded_with_its_sidecar(cache):
    path = store.table_path(board(2))
    save_with_checksum(path, table())
    assert store.discard_cached_table(board(2)) == path
    assert not path.exists() and not path.with_name(path.name + ".sha256").exists()
    assert store.discard_cached_table(board(2)) is None


def forged_cache(cache, position: int = 7, value: int = 13):
    """The side-3 table with one entry changed, cached with a matching checksum and mapped as solve maps it."""
    b = board(3)
    values = solve(3).values.copy()
    values[position] = value
    path = store.table_path(b)
    save_with_checksum(path, values)
    return b, path, load_verified(path, shape=values.shape, dtype=np.int8, memory_map=True)


def test_a_cached_table_proven_damaged_while_answering_is_removed_and_the_error_says_so(cache):
    """Finding A1: the answer check raises one dedicated error and discards the file, so the next run recomputes."""
    b, path, mapped = forged_cache(cache)
    damaged = TableSolution(b, mapped.view())  # what solve returns: a view of the mapped file
    for question in (damaged.value, damaged.optimal_moves, damaged.verdict, damaged.principal_variation):
        with pytest.raises(DamagedTableError) as raised:
            question([1, 2, 3])
        assert isinstance(raised.value, ValueError)
        assert str(raised.value) == (
            f"the side-3 board table is damaged: position 7 holds 13, its moves give -2; "
            f"the cached table {path} is removed, so the next run computes it again"
        )
        assert not path.exists() and not path.with_name(path.name + ".sha256").exists()
    assert damaged.value([10]) == solve(3).value([10])  # positions away from the damage still answer
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the next run: nothing cached, no warning
        assert (cached_table(b, lambda: solve(3).values.copy()) == solve(3).values).all()
    assert path.exists()


def test_a_sound_table_written_since_is_not_removed(cache):
    b, path, mapped = forged_cache(cache)
    save_with_checksum(path, solve(3).values)  # another process replaced the file meanwhile
    with pytest.raises(DamagedTableError, match="is removed"):
        TableSolution(b, mapped).value(7)
    assert (load_verified(path, shape=mapped.shape, dtype=np.int8) == solve(3).values).all()


def test_a_damaged_table_that_is_not_the_cached_file_removes_nothing(cache):
    b, path, _ = forged_cache(cache)
    in_memory = np.array(np.load(path))  # the same bytes, not a map of the cache file
    with pytest.raises(DamagedTableError, match=r"\(verify_solution or 'triangles verify' checks every position\)$"):
        TableSolution(b, in_memory).value(7)
    assert path.exists()


def test_a_stamp_is_only_trusted_next_to_the_digest_it_was_written_with(tmp_path):
    """Finding B2: a sidecar whose digest line changed (or a stamp line of the old format) gets a full check."""
    path = tmp_path / "t.npy"
    values = np.arange(1 << 12, dtype=np.int64).astype(np.int8)
    digest = save_with_checksum(path, values)
    sidecar = path.with_name("t.npy.sha256")
    stamp_line = sidecar.read_text().splitlines()[1]
    assert stamp_line == f"# verified {store.file_stamp(path)} {digest}"
    assert isinstance(load_verified(path, shape=values.shape, dtype=np.int8, memory_map=True), np.memmap)
    # the adversary's edit: the table changed in place, then a digest of 64 zeros and a fresh stamp (old format)
    mapped = np.load(path, mmap_mode="r+")
    mapped[-1] ^= 1
    mapped.flush()
    del mapped
    sidecar.write_text(f"{'0' * 64}  t.npy\n# verified {store.file_stamp(path)}\n")
    with pytest.warns(CorruptCacheWarning, match="sha256"):
        assert load_verified(path, shape=values.shape, dtype=np.int8, memory_map=True) is None
    # a digest line changed under a stamp line that still matches the file
    digest = save_with_checksum(path, values)
    lines = sidecar.read_text().splitlines()
    sidecar.write_text(f"{'1' * 64}  t.npy\n{lines[1]}\n")
    with pytest.warns(CorruptCacheWarning, match="sha256"):
        assert load_verified(path, shape=values.shape, dtype=np.int8, memory_map=True) is None


def test_a_forgery_consistent_one_ply_deep_is_answered_but_never_reported_along_a_line():
    """Finding B1: ``value`` checks one ply deep (documented); review, the principal variation and every move
    value (whose child entry is checked the same way) see the forged child."""
    from triangles_core.analysis.records import GameRecord
    from triangles_core.analysis.review import review_game

    good = solve(3)
    q = good.board.position([1, 2, 3])
    move = next(e for e in good.board.free_edges(q) if good.board.claims(q, e) == 0)
    child = q | 1 << (move - 1)
    values = good.values.copy()
    values[child] = -9  # the move now seems to win by 9 ...
    values[q] = 9  # ... and its parent agrees: consistent one ply deep
    forged = TableSolution(good.board, values)
    assert forged.value(q) == 9 != good.value(q)  # not caught: what only verify_solution proves
    for question in (forged.principal_variation, forged.move_values, forged.optimal_moves, forged.winning_moves):
        with pytest.raises(DamagedTableError, match=f"position {child} holds -9"):
            question(q)
    with pytest.raises(DamagedTableError, match=f"position {child} holds -9"):
        forged.move_value(q, move)
    assert forged.move_value(q, next(e for e in good.board.free_edges(q) if e != move)) is not None
    with pytest.raises(DamagedTableError, match=f"position {child} holds -9"):
        review_game(GameRecord.from_moves(good.board, [move], q), forged)


def test_one_changed_entry_behind_a_move_value_is_caught():
    """W2 of the fourth adversarial pass: one child entry raised by 2, the parent left alone (so the
    parent's own check passes): every question whose answer reads that child raises."""
    good = solve(2)
    values = good.values.copy()
    child = 1 << 1  # edge 2 drawn
    values[child] += 2
    forged = TableSolution(good.board, values)
    assert forged.value([]) == good.value([])  # the empty board's entry is sound, and still given out
    for question in (forged.move_values, forged.optimal_moves, forged.losing_moves, forged.drawing_moves):
        with pytest.raises(DamagedTableError, match=f"position {child} holds"):
            question([])
    with pytest.raises(DamagedTableError, match=f"position {child} holds"):
        forged.move_value([], 2)
    assert forged.move_value([], 1) == good.move_value([], 1)


def test_a_sound_table_whose_stamp_cannot_be_refreshed_is_still_used(tmp_path, monkeypatch):
    """U1: a stale stamp in a folder that cannot be written (a shared or image-baked cache) costs a full check
    and at most a warning; the table is used, not discarded with a "cannot be read" message."""
    path = tmp_path / "t.npy"
    values = np.arange(256, dtype=np.int8)
    digest = save_with_checksum(path, values)
    path.with_name("t.npy.sha256").write_text(f"{digest}  t.npy\n")  # a copied cache: no stamp of this file

    def read_only_folder(path, digest):
        raise PermissionError(13, "Permission denied", str(path) + ".sha256")

    monkeypatch.setattr(store, "_write_sidecar", read_only_folder)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = load_verified(path, shape=(256,), dtype=np.int8, memory_map=True)
    assert result is not None and (result == values).all()
    messages = [(w.category, str(w.message)) for w in caught]
    assert not any(category is CorruptCacheWarning for category, _ in messages), messages
    assert [m for _, m in messages if "stamp could not be refreshed" in m and "permission denied" in m.lower()]
    assert path.exists() and path.with_name("t.npy.sha256").read_text() == f"{digest}  t.npy\n"


def _old_pair(folder):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from triangles_core.plot.export import save_figure

    old = plt.figure(figsize=(0.5, 0.5))
    save_figure(old, "pic", folder, dpi=20)
    plt.close(old)
    new, ax = plt.subplots(figsize=(1, 1))
    ax.plot(np.arange(200), np.sin(np.arange(200)))
    return {p.name: p.read_bytes() for p in folder.iterdir()}, new, save_figure


@pytest.mark.parametrize("failing_call", [1, 2], ids=["png-full", "svg-full"])
def test_save_figure_on_a_full_disk_keeps_the_old_pair(tmp_path, monkeypatch, failing_call):
    """D3: both files are complete before either is renamed; a full disk keeps the old pair and leaves no temporary."""
    import errno

    import matplotlib.pyplot as plt

    folder = tmp_path / "figures"
    before, fig, save_figure = _old_pair(folder)
    calls = []
    real_fsync = os.fsync

    def full_disk(fd):
        calls.append(fd)
        if len(calls) == failing_call:  # the PNG's data, then the SVG's, reach the disk
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space left"):
        save_figure(fig, "pic", folder)
    plt.close(fig)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # the old pair, whole; no temporary
    monkeypatch.setattr(os, "fsync", real_fsync)
    fig, ax = plt.subplots(figsize=(1, 1))
    written = save_figure(fig, "pic", folder)
    plt.close(fig)
    assert sorted(p.name for p in folder.iterdir()) == ["pic.png", "pic.svg"] == [p.name for p in written]


@pytest.mark.parametrize("dangling", [False, True], ids=["link-to-a-file", "dangling-link"])
def test_a_link_in_the_cache_is_replaced_never_written_through(cache, tmp_path, dangling):
    """F1 of the fourth pass: a cache entry that is a symbolic link to a file elsewhere gets a table of its own;
    the file it points to (a user's notes, or nothing yet) is never written."""
    b = board(3)
    outside = tmp_path / "elsewhere" / "precious.txt"
    outside.parent.mkdir()
    if not dangling:
        outside.write_text("my notes\n")
    path = store.table_path(b)
    path.parent.mkdir(parents=True)
    path.symlink_to(outside)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", CorruptCacheWarning)  # a link to notes has no readable checksum
        values = cached_table(b, lambda: solve(3).values.copy())
    assert (values == solve(3).values).all()
    assert not path.is_symlink() and path.is_file()
    assert outside.read_text() == "my notes\n" if not dangling else not outside.exists()
    assert sorted(p.name for p in outside.parent.iterdir()) == ([] if dangling else ["precious.txt"])


@pytest.mark.parametrize("spelling", ["top/L/..", "top/L/../dir"], ids=["parent-of-link", "sibling-after-link"])
def test_a_cache_folder_named_through_a_link_and_dotdot_is_the_folder_the_system_reads(tmp_path, monkeypatch, spelling):
    """K1 of the fifth pass, K2 of the sixth: with ``L -> deep/dir``, ``top/L/..`` is ``deep`` and
    ``top/L/../dir`` is ``deep/dir``: the table is written and found there (not where '..' folds lexically)."""
    (tmp_path / "deep" / "dir").mkdir(parents=True)
    (tmp_path / "top").mkdir()
    (tmp_path / "top" / "L").symlink_to(tmp_path / "deep" / "dir")
    monkeypatch.setenv(store.CACHE_ENV, str(tmp_path / spelling))
    real = Path(os.path.realpath(tmp_path / spelling))
    b = board(3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no "could not cache"
        cached_table(b, lambda: solve(3).values.copy())
        assert (cached_table(b, lambda: pytest.fail("computed again")) == solve(3).values).all()
    assert (real / store.table_path(b).name).is_file()
    assert sorted(p.name for p in (tmp_path / "top").iterdir()) == ["L"]


def test_a_cache_folder_that_is_a_dangling_link_is_named_as_one(tmp_path, monkeypatch):
    (tmp_path / "c").symlink_to(tmp_path / "nowhere")
    monkeypatch.setenv(store.CACHE_ENV, str(tmp_path / "c"))
    with pytest.warns(RuntimeWarning, match=r"c is a link to .*nowhere, which does not exist"):
        cached_table(board(3), lambda: solve(3).values.copy())
