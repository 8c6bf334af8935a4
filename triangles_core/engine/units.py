"""A search split into independent work units, run by any executor and resumable from disk.

The position is expanded ``depth`` edges deep; each canonical position reached is a
*unit*, solved by one search.  The root's value follows by the negamax recurrence over
that small tree; with units still unknown, the same recurrence over intervals (an
unknown value lies within plus or minus its cells left) gives the bounds proved so far,
and only the units that can still change those bounds are solved (`needed_units`).

Units run through any `concurrent.futures.Executor`: a `ProcessPoolExecutor`
(`local_executor`), a Dask cluster (``distributed.Client(address).get_executor()``,
`dask_executor`), or `InlineExecutor` in this process.  Each finished unit is one line
appended to ``units.jsonl`` in the run folder, flushed and synced before the next, so a
stop loses no finished unit; a half-written last line (a crash in mid-write) is cut
off when the run is opened again, and a rerun skips the units already there.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._files import atomic_open
from ..errors import check_integer
from ..games.cells import CellBoard

__all__ = [
    "InlineExecutor",
    "UnitRun",
    "dask_executor",
    "frontier",
    "local_executor",
    "solve_unit",
    "needed_units",
    "solve_units",
    "tree_bounds",
]

_SOLUTIONS: dict = {}  # one SearchSolution per board and options in each worker process, its table kept


def solve_unit(board: CellBoard, position: int, options: dict) -> dict:
    """The exact value of one unit, by the search of this process (its table kept between units)."""
    from .search import SearchSolution

    key = (board, tuple(sorted(options.items())))
    solution = _SOLUTIONS.get(key)
    if solution is None:
        solution = _SOLUTIONS[key] = SearchSolution(board, **options)
    nodes, started = solution.stats.nodes, time.perf_counter()
    value = solution.value(position)
    return {
        "position": position,
        "value": value,
        "nodes": solution.stats.nodes - nodes,
        "seconds": round(time.perf_counter() - started, 3),
    }


class InlineExecutor(Executor):
    """An executor that runs each call at once in this process (for tests and one-core runs)."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:
            future.set_exception(error)
        return future


def _watch_parent() -> None:
    """In a pool worker: leave Ctrl-C to the coordinator, and exit when the coordinator is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def local_executor(workers: int) -> ProcessPoolExecutor:
    """A process pool of ``workers`` processes, each ending when its coordinator ends (even by kill)."""
    return ProcessPoolExecutor(max_workers=workers, initializer=_watch_parent)


def dask_executor(address: str) -> Executor:
    """The executor of the Dask cluster at ``address`` (``distributed.Client(address).get_executor()``).

    Needs the ``cluster`` extra (``pip install -e .[cluster]``: ``distributed``); its workers need this package.
    """
    import importlib

    distributed = importlib.import_module("distributed")  # optional, untyped here: ImportError says what is missing
    return distributed.Client(address).get_executor()


def _walk(board: CellBoard, p: int, depth: int) -> list[int]:
    """The canonical positions ``depth`` edges after ``p``, in the order a depth-first walk of the moves meets them."""
    units: dict[int, None] = {}
    walked: set[tuple[int, int]] = set()

    def walk(p: int, d: int) -> None:
        if d == 0:
            units.setdefault(p)
        elif (p, d) not in walked:
            walked.add((p, d))
            for e in board.free_edges(p):
                walk(board.canonical(p | 1 << (e - 1)), d - 1)

    walk(board.canonical(p), depth)
    return list(units)


def frontier(board: CellBoard, root: int, depth: int) -> list[int]:
    """The units: canonical positions ``depth`` edges after ``root`` (fewer if the board fills first).

    They come first move by first move, the first move with the fewest units first, so
    that the first moves' values are proved one after another before the run ends.
    """
    depth = min(depth, len(board.free_edges(root)))
    if depth == 0:
        return [board.canonical(root)]
    below = {}
    for e in board.free_edges(root):
        q = board.canonical(root | 1 << (e - 1))
        if q not in below:
            below[q] = _walk(board, q, depth - 1)
    units: dict[int, None] = {}
    for under in sorted(below.values(), key=len):
        units.update(dict.fromkeys(under))
    return list(units)


def _bounds(board: CellBoard, known: dict[int, int]):
    """The interval recurrence of `tree_bounds`: ``moves(p, d)`` (bounds of each move) and ``bounds(p, d)``."""
    memo: dict[int, tuple[int, int]] = {}

    def moves(p: int, d: int) -> dict[int, tuple[int, int]]:
        out = {}
        for e in board.free_edges(p):
            r = board.claims(p, e)
            lo, hi = bounds(p | 1 << (e - 1), d - 1)
            out[e] = (r + lo, r + hi) if r else (-hi, -lo)
        return out

    def bounds(p: int, d: int) -> tuple[int, int]:
        key = board.canonical(p)
        if d == 0:
            left = board.n_cells - len(board.complete_cells(p))
            return (known[key], known[key]) if key in known else (-left, left)
        if key not in memo:
            children = moves(p, d).values()
            memo[key] = (max(lo for lo, _ in children), max(hi for _, hi in children)) if children else (0, 0)
        return memo[key]

    return moves, bounds


def tree_bounds(board: CellBoard, root: int, depth: int, known: dict[int, int]) -> dict[int, tuple[int, int]]:
    """Bounds on the value of ``root`` and of each of its moves, from the units' values ``known``.

    Returns ``{0: (lower, upper) of root, e: (lower, upper) of move e, ...}``; a bound is
    exact (``lower == upper``) once the units below it are known.
    """
    return _tree_bounds_and_needed(board, root, depth, known, False)[0]


def _tree_bounds_and_needed(
    board: CellBoard, root: int, depth: int, known: dict[int, int], first_moves: bool, needed: bool = False
) -> tuple[dict[int, tuple[int, int]], set[int]]:
    """`tree_bounds` and, if ``needed``, `needed_units`, from one pass of the interval recurrence."""
    depth = min(depth, len(board.free_edges(root)))
    moves, bounds = _bounds(board, known)
    first = moves(root, depth) if depth else {}
    tree = {0: bounds(root, depth), **first}
    return tree, _needed(board, root, depth, known, first_moves, moves, bounds) if needed else set()


def needed_units(board: CellBoard, root: int, depth: int, known: dict[int, int], first_moves: bool = False) -> set[int]:
    """The unknown units that can still change the root's value (and each first move's, with ``first_moves``).

    The value of a position is the largest value of its moves (`tree_bounds`). A move whose
    upper bound is no larger than the largest lower bound among the moves cannot change
    that maximum, so no unit below it is needed for this position; nor is any unit below
    a position whose bounds already meet. This is the cut-off of alpha-beta (Knuth and
    Moore, 1975) applied to the bounds the finished units prove. It never loses a needed
    unit: while a position's bounds differ, the move holding its upper bound exceeds the
    best lower bound and is followed, down to an unknown unit.
    """
    return _tree_bounds_and_needed(board, root, depth, known, first_moves, needed=True)[1]


def _needed(board, root, depth, known, first_moves, moves, bounds) -> set[int]:
    needed: set[int] = set()
    seen: set[int] = set()

    def visit(p: int, d: int) -> None:
        key = board.canonical(p)
        if key in seen:
            return
        seen.add(key)
        if d == 0:
            if key not in known:
                needed.add(key)
            return
        lo, hi = bounds(p, d)
        if lo < hi:
            children = moves(p, d)
            best = max(low for low, _ in children.values())
            for e, (_, high) in children.items():
                if high > best:
                    visit(p | 1 << (e - 1), d - 1)

    if first_moves and depth:
        for e, (lo, hi) in moves(root, depth).items():
            if lo < hi:
                visit(root | 1 << (e - 1), depth - 1)
    visit(root, depth)
    return needed


def _finished(bounds: dict[int, tuple[int, int]], first_moves: bool) -> bool:
    return all(lo == hi for e, (lo, hi) in bounds.items() if first_moves or e == 0)


@dataclass
class UnitRun:
    """What a run of units proved: the root's bounds, each first move's, and the units' records."""

    board: CellBoard
    root: int
    depth: int
    units: list[int]
    done: dict[int, dict] = field(default_factory=dict)
    computed: int = 0
    """Units computed by this call (the others were read from the run folder)."""

    @property
    def bounds(self) -> dict[int, tuple[int, int]]:
        """``{0: root bounds, e: bounds of move e}`` (`tree_bounds`)."""
        return tree_bounds(self.board, self.root, self.depth, {p: r["value"] for p, r in self.done.items()})

    def finished(self, first_moves: bool) -> bool:
        """Whether the root's value is exact, and with ``first_moves`` each first move's too."""
        return _finished(self.bounds, first_moves)

    @property
    def value(self) -> int | None:
        """The root's exact value, or None while units are missing."""
        lower, upper = self.bounds[0]
        return lower if lower == upper else None


def _open_run(folder: Path, header: dict, board: CellBoard, units: list[int]) -> dict[int, dict]:
    """Check the run folder's ``run.json`` against ``header`` (or write it), and read its finished units.

    A unit's record is used only if its position is one of ``units`` and its value could be
    that position's (an integer of the parity of the cells left, at most their number);
    otherwise the folder is refused, naming the line.
    """
    folder.mkdir(parents=True, exist_ok=True)
    run_file, units_file = folder / "run.json", folder / "units.jsonl"
    if run_file.exists():
        stored = json.loads(run_file.read_text(encoding="utf-8"))
        if stored != header:
            raise ValueError(f"run folder {os.fspath(folder)!r} holds another run: {stored!r}, not {header!r}")
    else:
        with atomic_open(run_file, "w", encoding="utf-8") as f:
            json.dump(header, f)
            f.write("\n")
    done: dict[int, dict] = {}
    if units_file.exists():
        data = units_file.read_bytes()
        whole = data[: data.rfind(b"\n") + 1]
        if len(whole) < len(data):  # a line cut off by a crash in mid-write: not a finished unit
            with open(units_file, "r+b") as f:
                f.truncate(len(whole))
        wanted = set(units)
        for number, raw in enumerate(whole.splitlines(), start=1):
            try:
                record = json.loads(raw)
            except ValueError:  # not JSON, or not UTF-8
                record = None
            position = record.get("position") if isinstance(record, dict) else None
            value = record.get("value") if isinstance(record, dict) else None
            left = (
                board.n_cells - len(board.complete_cells(position))
                if type(position) is int and position in wanted
                else -1
            )
            if type(position) is not int or type(value) is not int or abs(value) > left or (left - value) % 2:
                raise ValueError(f"{os.fspath(units_file)!r} line {number} is not a unit of this run: {raw!r}")
            if position in done and done[position]["value"] != value:
                raise ValueError(f"{os.fspath(units_file)!r} line {number} gives unit {position} another value")
            done[position] = record
    return done


def solve_units(
    board: CellBoard,
    folder: str | os.PathLike,
    *,
    root: int = 0,
    depth: int = 1,
    executor: Executor | None = None,
    first_moves: bool = False,
    max_units: int | None = None,
    in_flight: int = 64,
    recheck: float = 4.0,
    progress: bool = False,
    **options: Any,
) -> UnitRun:
    """Solve ``root`` by units (`frontier`), each stored in ``folder`` as it finishes; resume what is there.

    Parameters
    ----------
    board : CellBoard
        Any board the search takes.
    folder : path
        The run folder: ``run.json`` (board, root, depth) and ``units.jsonl`` (one finished unit a line).
    root : int, default 0
        The position solved (a bitmask), the empty board by default.
    depth : int, default 1
        Edges drawn after ``root`` in each unit.
    executor : concurrent.futures.Executor, optional
        Where units run (`local_executor`, `dask_executor`); `InlineExecutor` by default.
    first_moves : bool, default False
        Go on until every first move's value is exact, not only the root's (which may be
        proved before all units are done).
    max_units : int, optional
        Stop after this many units finish (a session's share); all by default.
    in_flight : int, default 64
        Most units handed to the executor at once (1 with `InlineExecutor`).
    recheck : float, default 4.0
        The bounds and the units still needed (`needed_units`) are recomputed when the
        queue runs out, and otherwise once ``recheck`` times their own last cost has
        passed (0: after every unit).
    progress : bool, default False
        Show a bar of units done with the root's proved bounds.
    **options
        Of `SearchSolution` (``max_memory``, ``oracle_edges``, the rule switches), in each worker.

    Returns
    -------
    UnitRun

    Raises
    ------
    ValueError
        If ``folder`` holds another run (board, root or depth) or a record that is not one
        of its units; if ``root`` or ``depth`` is out of range.

    Examples
    --------
    >>> import tempfile
    >>> from triangles_core.games.boxes import boxes_board
    >>> with tempfile.TemporaryDirectory() as d:
    ...     run = solve_units(boxes_board(2, 2), d, max_memory=1 << 20)
    >>> run.value, len(run.units)   # the table's value; 12 first moves, 2 up to symmetry
    (2, 2)
    """
    folder = Path(folder)
    root = board.position(root)
    depth = check_integer(depth, "depth", 0, board.n_edges)
    header = {"board": board.key, "root": root, "depth": depth}
    units = frontier(board, root, depth)
    done = _open_run(folder, header, board, units)
    run = UnitRun(board, root, depth, units, done)
    executor = executor or InlineExecutor()
    bar = None
    if progress:
        from .._files import progress_bar

        bar = progress_bar(len(run.units), f"{board.title}, units", unit="unit")
        bar.update(len(done))
        bar.set_postfix_str("{} <= value <= {}".format(*run.bounds[0]))
    # Units are handed out a window at a time, so that each is written as soon as it is
    # known (at once with the in-process executor) and no more are queued than needed.
    # Only the units that can still change what is asked are handed out (`needed_units`).
    # The bounds and that set are recomputed when the queue runs out, and otherwise once
    # ``recheck`` times their own cost has passed: on a large tree they take longer than a unit.
    window = 1 if isinstance(executor, InlineExecutor) else in_flight
    pending: set[Future] = set()
    submitted: set[int] = set()
    budget = len(run.units) if max_units is None else max_units
    todo: list[int] = []
    checked, cost = -float("inf"), 0.0
    try:
        with open(folder / "units.jsonl", "a", encoding="utf-8") as log:
            while True:
                todo = [p for p in todo if p not in done and p not in submitted]
                if len(submitted) < budget and (not todo or time.monotonic() - checked > recheck * cost):
                    checked = time.monotonic()
                    known = {p: r["value"] for p, r in done.items()}
                    bounds, needed = _tree_bounds_and_needed(board, root, depth, known, first_moves, needed=True)
                    if bar is not None:
                        bar.set_postfix_str("{} <= value <= {}".format(*bounds[0]))
                    if _finished(bounds, first_moves):
                        break
                    todo = [p for p in run.units if p in needed and p not in submitted]
                    cost = time.monotonic() - checked
                while todo and len(pending) < window and len(submitted) < budget:
                    p = todo.pop(0)
                    submitted.add(p)
                    pending.add(executor.submit(solve_unit, board, p, options))
                if not pending:
                    break
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    record = future.result()
                    log.write(json.dumps(record) + "\n")
                    log.flush()
                    os.fsync(log.fileno())
                    done[record["position"]] = record
                    run.computed += 1
                    if bar is not None:
                        bar.update(1)
    finally:
        if pending and isinstance(executor, ProcessPoolExecutor):  # its running units cannot be cancelled: end them
            for child in multiprocessing.active_children():
                child.terminate()
        else:
            for future in pending:
                future.cancel()
        if bar is not None:
            bar.close()
    return run
