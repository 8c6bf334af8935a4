"""A second way to solve a cell game: alpha-beta search, for boards too big to tabulate (up to 62 edges).

MTD(f) (Plaat, Schaeffer, Pijls and de Bruin 1996): null-window alpha-beta tests over
the compiled negamax of `triangles_core.engine.search_kernel`.  With ``threads=2`` the
two threads share one table and test two neighbouring windows at once, so that one
round can prove the value from both sides; where only one window is left, both test
it, the second in another move order ("lazy SMP"), and the first proof answers.
Ctrl-C raises `SearchInterrupted` with the bounds proved so far; asking again resumes
with the table.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import check_integer
from ..games.cells import CellBoard, CellGame
from .limits import MAX_SEARCH_EDGES
from .solutions import ValueFunctionSolution as SolvedGameBase

__all__ = [
    "DEFAULT_MAX_MEMORY",
    "DEFAULT_ORACLE_EDGES",
    "MAX_ORACLE_EDGES",
    "MAX_SEARCH_EDGES",
    "RULE_CHECK_FIELDS",
    "SearchInterrupted",
    "SearchSolution",
    "SearchStats",
    "check_capture_rules",
    "solve_search",
]

DEFAULT_MAX_MEMORY = 1 << 30
"""Default largest transposition table: 1 GiB (2**25 buckets of two 16-byte entries)."""

MIN_MAX_MEMORY = 1 << 16
"""The smallest table accepted (64 KiB)."""

MAX_MAX_MEMORY = 1 << 40
"""The largest table accepted on any machine (1 TiB); `physical_memory` bounds it further."""


def physical_memory() -> int | None:
    """The machine's physical memory in bytes, where the system says (``sysconf``), else None.

    Examples
    --------
    >>> physical_memory() is None or physical_memory() > MIN_MAX_MEMORY
    True
    """
    try:
        size = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, OSError, ValueError):  # no sysconf (Windows) or no such name
        return None
    return size if size > 0 else None


def _zeroed_table(words: int) -> np.ndarray:
    """A zeroed int64 array of ``words`` words in its own anonymous mapping: no memory until a page is written."""
    import mmap

    return np.frombuffer(mmap.mmap(-1, words * 8, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS), dtype=np.int64)


DEFAULT_ORACLE_EDGES = 8
"""Positions with at most this many free edges are solved by retrograde analysis of the free edges."""

MAX_ORACLE_EDGES = 20
"""Largest endgame oracle (a scratch table of 1 MiB per thread)."""

ENTRY_BYTES = 16

FIRST_TABLE_BITS = 19
"""A search starts with ``2**19`` buckets (16 MiB) of its table, and grows it when a quarter of it is used."""

GROW_BITS = 3
"""Each growth makes the table in use 8 times larger."""


def _rules(safe_captures: bool, double_dealing: bool, long_chains: bool, loony_bound: bool = False) -> int:
    """The ``rules`` bits of the compiled search for these options."""
    from .search_kernel import DOUBLE_DEALING, LONG_CHAINS, LOONY_BOUND, SAFE_CAPTURES

    return (
        (SAFE_CAPTURES if safe_captures else 0)
        | (DOUBLE_DEALING if double_dealing else 0)
        | (LONG_CHAINS if long_chains and double_dealing else 0)
        | (LOONY_BOUND if loony_bound else 0)
    )


class SearchInterrupted(KeyboardInterrupt):
    """A search stopped by Ctrl-C, with what it had proved about the value.

    Attributes
    ----------
    position : int
        The position being solved.
    lower, upper : int
        Proved bounds: ``lower <= value(position) <= upper``.
    nodes : int
        Nodes searched before the interruption.
    """

    def __init__(self, position: int, lower: int, upper: int, nodes: int) -> None:
        super().__init__(f"search interrupted after {nodes:,} nodes: proved {lower} <= value <= {upper}")
        self.position, self.lower, self.upper, self.nodes = position, lower, upper, nodes


@dataclass
class SearchStats:
    """Counters of a `SearchSolution` since it was made (all threads together)."""

    nodes: int
    tt_probes: int
    tt_hits: int
    oracle_calls: int
    cutoffs: int
    seconds: float
    capture_nodes: int = 0
    """Nodes searched (beyond the oracle) with a capture among their moves (where rule B applies)."""
    sacrifice_nodes: int = 0
    """Nodes searched (beyond the oracle) where every move gives a cell away (a loony endgame)."""

    @property
    def tt_hit_rate(self) -> float:
        """Fraction of table probes that found an entry for the position."""
        return self.tt_hits / self.tt_probes if self.tt_probes else 0.0

    @property
    def nodes_per_second(self) -> float:
        """Nodes searched per second of wall-clock time."""
        return self.nodes / self.seconds if self.seconds else 0.0


def _symmetry_tables(board: CellBoard) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Byte tables of the symmetries (``symtab[g, chunk, byte]``), and the 0-based edge maps ``perm``/``inverse``
    (column 63 maps "no move" to itself)."""
    n = board.n_edges
    chunks = (n + 7) // 8
    symmetries = board.symmetries
    symtab = np.zeros((len(symmetries), chunks, 256), dtype=np.int64)
    perm = np.full((len(symmetries), 64), 63, dtype=np.int64)
    inverse = np.full((len(symmetries), 64), 63, dtype=np.int64)
    for g, s in enumerate(symmetries):
        for e in range(n):
            perm[g, e] = s[e] - 1
            inverse[g, s[e] - 1] = e
        for c in range(chunks):
            for b in range(256):
                image = 0
                for i in range(8):
                    e = 8 * c + i
                    if b >> i & 1 and e < n:
                        image |= 1 << (s[e] - 1)
                symtab[g, c, b] = image
    return symtab, perm, inverse


def interchangeable_groups(board: CellBoard) -> np.ndarray:
    """The groups of interchangeable edges, as the compiled canonical key reads them.

    Edges that lie in one cell and no other, the same cell (the outer edges of a corner
    cell), can be swapped in any position: a symmetry of the game though not of the
    drawing (Barker and Korf 2012).  Only the number drawn matters, and the search's key
    (`triangles_core.engine.search_kernel.canonical_of`) draws the group's first edges.

    Returns
    -------
    numpy.ndarray of int64, shape (groups, 2 + largest group)
        Row ``j``: the group's mask, then the mask of its first ``c`` edges for
        ``c = 0, 1, ...`` (padded with the full group).

    Examples
    --------
    >>> from triangles_core.games.boxes import boxes_board
    >>> from triangles_core.games.triangles import board
    >>> interchangeable_groups(boxes_board(4, 4)).shape   # four corner boxes, two outer edges each
    (4, 4)
    >>> len(interchangeable_groups(board(5)))             # three corner triangles
    3
    """
    by_cell: dict[int, list[int]] = {}
    for e, cells in enumerate(board.edge_cells):
        if len(cells) == 1:
            by_cell.setdefault(cells[0], []).append(e)
    groups = [edges for _, edges in sorted(by_cell.items()) if len(edges) >= 2]
    width = 2 + max((len(g) for g in groups), default=0)
    table = np.zeros((len(groups), width), dtype=np.int64)
    for j, edges in enumerate(groups):
        mask = sum(1 << e for e in edges)
        table[j, 0] = mask
        for c in range(width - 1):
            table[j, 1 + c] = sum(1 << e for e in edges[:c]) if c <= len(edges) else mask
    return table


MOVE_ORDERS = ("centre", "edge")
"""Orders of the moves of one kind (`SearchSolution`'s ``move_order``)."""


def _move_rank(board: CellBoard, move_order: str) -> np.ndarray:
    """``rank[e]``: the place of edge ``e`` (0-based) in the order; ``rank[64 + i]``: the edge at place ``i``."""
    n = board.n_edges
    if move_order == "centre":
        xs, ys = zip(*board.dot_coordinates, strict=True)
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        distance = [
            ((x - cx) ** 2 + (y - cy) ** 2, e) for e, (x, y) in enumerate(board.edge_midpoint(e + 1) for e in range(n))
        ]
        order = [e for _, e in sorted(distance)]
    else:
        order = list(range(n))
    rank = np.zeros(128, dtype=np.int64)
    for place, e in enumerate(order):
        rank[e] = place
        rank[64 + place] = e
    return rank


class SearchSolution(SolvedGameBase):
    """A cell game solved by search on demand: the solved-game contract without a table.

    Each query searches the positions it needs; exact values (by canonical position) and
    the transposition table are kept between queries.

    Parameters
    ----------
    board : CellBoard
        Any cell board of at most `MAX_SEARCH_EDGES` edges.
    max_memory : int, default `DEFAULT_MAX_MEMORY`
        Largest transposition table in bytes (64 KiB up to the machine's physical memory);
        it starts at 16 MiB and grows eightfold whenever a quarter of it is used.
    threads : {1, 2}, default 1
        Search threads, sharing one table: two test neighbouring null windows at once.
    oracle_edges : int, default `DEFAULT_ORACLE_EDGES`
        Positions with at most this many free edges (0..`MAX_ORACLE_EDGES`) are solved
        by retrograde analysis of their free edges; 0 turns the oracle off.
    progress : bool, default False
        Show a tqdm bar per position solved (nodes, nodes per second, bounds).
    move_order : {"centre", "edge"}, default "centre"
        Moves of one kind from the centre outwards (Barker and Korf 2012; 1.4 to 2.1
        times fewer nodes on the empty side-4, 3x3 and 2x5 boards), or by edge number.
    safe_captures, double_dealing, long_chains : bool, default True
        Rules A, B and C of `triangles_core.engine.search_kernel.search` (take a capture
        that hands nothing over; at a chain's end only captures and double-dealing
        moves; leave out the double-dealing move inside a chain), checked on every
        position of the tabulated boards by `check_capture_rules`.
    loony_bound : bool, default True
        Fail high at once, in a test above 0, at a position with a loony end (worth at
        least 0 to its mover; proved in `triangles_core.engine.search_kernel.search`).
    interchangeable_edges : bool, default True
        Key the table on `interchangeable_groups` too.

    Examples
    --------
    >>> from triangles_core.games.boxes import boxes_board
    >>> s = SearchSolution(boxes_board(2, 2), max_memory=1 << 20)
    >>> s.value([]), s.verdict([])
    (2, 'win')
    """

    board: CellBoard
    game: CellGame

    def __init__(
        self,
        board: CellBoard,
        *,
        max_memory: int = DEFAULT_MAX_MEMORY,
        threads: int = 1,
        oracle_edges: int = DEFAULT_ORACLE_EDGES,
        progress: bool = False,
        move_order: str = "centre",
        safe_captures: bool = True,
        double_dealing: bool = True,
        long_chains: bool = True,
        loony_bound: bool = True,
        interchangeable_edges: bool = True,
    ) -> None:
        if board.n_edges > MAX_SEARCH_EDGES:
            raise ValueError(
                f"the {board.label} has {board.n_edges} edges: the search handles at most {MAX_SEARCH_EDGES}"
            )
        max_memory = check_integer(max_memory, "max_memory", MIN_MAX_MEMORY, MAX_MAX_MEMORY)
        machine = physical_memory()
        if machine is not None and max_memory > machine:
            raise ValueError(
                f"max_memory {max_memory:,} bytes is more than this machine's physical memory ({machine:,} bytes)"
            )
        self.threads = check_integer(threads, "threads", 1, 2)
        self.oracle_edges = check_integer(oracle_edges, "oracle_edges", 0, MAX_ORACLE_EDGES)
        self.progress = progress
        if move_order not in MOVE_ORDERS:
            raise ValueError(f"move_order must be one of {', '.join(MOVE_ORDERS)}, got {move_order!r}")
        self.move_order = move_order
        self.safe_captures = safe_captures
        self.double_dealing = double_dealing
        self.long_chains = long_chains
        self.loony_bound = loony_bound
        self._rules = _rules(safe_captures, double_dealing, long_chains, loony_bound)
        self._rank = _move_rank(board, move_order)
        self.board = board
        self.game = CellGame(board)
        self._max_bits = max(1, (max_memory // (2 * ENTRY_BYTES)).bit_length() - 1)
        try:
            self._whole_table = _zeroed_table(4 << self._max_bits)
        except (MemoryError, OSError):  # below the machine's memory, but above a limit on the process (ulimit -v)
            raise ValueError(
                f"max_memory {max_memory:,} bytes cannot be allocated by this process (is its memory limited?): "
                f"pass a smaller max_memory"
            ) from None
        from .search_kernel import N_STOP

        self._stop = np.zeros(N_STOP, dtype=np.int64)
        self._use_table(min(self._max_bits, FIRST_TABLE_BITS))
        first, second = board.other_edge_masks
        self._first = np.array(first, dtype=np.int64)
        self._second = np.array(second, dtype=np.int64)
        self._n_cells_of = np.array([len(c) for c in board.edge_cells], dtype=np.int64)
        self._symtab, self._perm, self._inverse = _symmetry_tables(board)
        self.interchangeable_edges = interchangeable_edges
        self._groups = interchangeable_groups(board)
        if not interchangeable_edges:
            self._groups = self._groups[:0]
        self._stats = np.zeros((2, 8), dtype=np.int64)
        self._seconds = 0.0
        self._exact: dict[int, int] = {}
        self._workspaces = [self._workspace() for _ in range(self.threads)]
        # Which test the search threads belong to, and how many are searching: a thread of an
        # interrupted test (a Ctrl-C inside `Thread.start`) must not search in the next one.
        self._guard = threading.Condition()
        self._epoch = 0
        self._running = 0

    def __repr__(self) -> str:
        return f"<SearchSolution of the {self.board.label}: {len(self._exact)} positions solved>"

    def clear(self) -> None:
        """Forget everything proved (table, exact values, counters); the table's memory stays mapped."""
        self.tt.fill(0)
        self._stop.fill(0)
        self._use_table(self.tt_bits)
        self._stats.fill(0)
        self._seconds = 0.0
        self._exact.clear()

    def _use_table(self, bits: int) -> None:
        """Search with the first ``2**bits`` buckets of the table (a view: no copy, no memory yet)."""
        from .search_kernel import FILL_LIMIT

        self.tt_bits = bits
        self.tt = self._whole_table[: 4 << bits]
        self._stop[FILL_LIMIT] = 1 << bits - 1 if bits < self._max_bits else 0  # grow at a quarter full

    def _grow(self, bits: int | None = None) -> None:
        """Move the table's entries into a table ``2**GROW_BITS`` times larger (at most ``max_memory``)."""
        from .search_kernel import grow_table

        old, old_bits = self.tt.copy(), self.tt_bits
        self.tt.fill(0)
        self._use_table(min(self._max_bits, old_bits + GROW_BITS) if bits is None else bits)
        grow_table(old, old_bits, self.tt, self.tt_bits, self._stop)

    @property
    def table_bytes(self) -> int:
        """Memory of the transposition table in use, in bytes (it grows up to ``max_memory`` as it fills)."""
        return self.tt.nbytes

    def _workspace(self) -> tuple:
        n = self.board.n_edges
        return (
            np.zeros(1 << self.oracle_edges, dtype=np.int8),
            np.zeros(64, dtype=np.int64),
            np.zeros(64, dtype=np.int64),
            np.zeros(64, dtype=np.int64),
            np.zeros((n + 1, 64), dtype=np.int64),
        )

    @property
    def stats(self) -> SearchStats:
        """Nodes, table probes and hits, oracle calls, cut-offs and seconds, since the solution was made."""
        s = self._stats.sum(axis=0)
        return SearchStats(int(s[0]), int(s[1]), int(s[2]), int(s[3]), int(s[4]), self._seconds, int(s[5]), int(s[6]))

    def _move_tables(self) -> tuple:
        """The board's and the transposition table's arrays, in the order `search` and `mtdf_values` take them."""
        return (
            self._first,
            self._second,
            self._n_cells_of,
            self._symtab,
            self._groups,
            self._perm,
            self._inverse,
            self.tt,
            self.tt_bits,
        )

    def bounds(self, position: Any) -> tuple[int, int]:
        """What is proved so far about a position's value: ``(lower, upper)``, no search.

        Examples
        --------
        >>> from triangles_core.games.boxes import boxes_board
        >>> SearchSolution(boxes_board(1, 1), max_memory=1 << 16).bounds([])
        (-1, 1)
        """
        from .search_kernel import probe_exact

        p = self.position(position)
        key = self.board.canonical(p)
        if key in self._exact:
            return self._exact[key], self._exact[key]
        lower, upper = probe_exact(
            np.int64(p),
            self.board.n_cells - len(self.board.complete_cells(p)),
            self.board.n_edges,
            self._first,
            self._second,
            self._n_cells_of,
            self._symtab,
            self._groups,
            self.tt,
            self.tt_bits,
            self._rules,
        )
        return int(lower), int(upper)

    def _take_table(self) -> int:
        """Stop the threads of an interrupted test, wait for them, clear the stop flags; returns the new epoch."""
        from .search_kernel import ABORTED, STOP

        with self._guard:
            self._epoch += 1
            self._stop[STOP] = 1
            self._guard.wait_for(lambda: self._running == 0)
            self._stop[STOP] = 0
            self._stop[ABORTED] = 0
            return self._epoch

    def _test(self, p: int, gammas: list[int], left: int) -> list[int | None]:
        """Null-window tests of ``p``, thread ``t`` testing ``value >= gammas[t]``; grows the table when it fills.

        Returns each thread's fail-soft answer, or None for a test stopped before its proof
        (the table filled up, or the other thread proved the same window first).
        """
        from .search_kernel import FULL, STOP, search

        stop = self._stop
        epoch = self._take_table()
        same = len(set(gammas)) == 1  # lazy SMP: the first proof ends both
        results: list[int | None] = [None] * self.threads
        n = self.board.n_edges

        def run(t: int) -> None:
            with self._guard:
                if self._epoch != epoch:  # started too late: its test was interrupted
                    return
                self._running += 1
            try:
                search_test(t)
            finally:
                with self._guard:
                    self._running -= 1
                    self._guard.notify_all()

        def search_test(t: int) -> None:
            v = search(
                np.int64(p),
                np.int64(gammas[t] - 1),
                np.int64(gammas[t]),
                np.int64(left),
                n,
                *self._move_tables(),
                self._stats[t],
                stop,
                *self._workspaces[t],
                self.oracle_edges,
                t if same else 0,
                self._rank,
                self._rules,
            )
            if not stop[STOP]:
                results[t] = int(v)
                if same:
                    stop[STOP] = 1  # the other thread can stop: this answer is a proof

        workers = [threading.Thread(target=run, args=(t,), daemon=True) for t in range(self.threads)]
        try:
            # Started inside the try: a Ctrl-C between two starts must still stop and join the
            # first, or it would go on writing into the table (and into a workspace that the
            # next search gives to a new thread) after the interrupt.
            for w in workers:
                w.start()
            while any(w.is_alive() for w in workers):
                for w in workers:
                    w.join(timeout=0.25)
                self._tick()
        except KeyboardInterrupt:
            stop[STOP] = 1
            for w in workers:
                if w.ident is not None:  # started
                    w.join()
            raise
        if stop[FULL]:
            stop[FULL] = 0
            self._grow()
        elif all(r is None for r in results):  # pragma: no cover - only a stop from outside
            raise KeyboardInterrupt
        return results

    def _tick(self) -> None:
        bar = getattr(self, "_bar", None)
        if bar is not None:
            nodes = int(self._stats[:, 0].sum()) - self._nodes_at_start
            bar.set_postfix_str(f"{self._lower} <= value <= {self._upper}", refresh=False)
            bar.update(nodes - bar.n)  # tqdm shows the count and its rate (nodes/s)

    def _value_of(self, p: int) -> int:
        p = int(p)  # a Python int, also for a numpy integer
        key = self.board.canonical(p)
        known = self._exact.get(key)
        if known is not None:
            return known
        lower, upper = self.bounds(p)
        left = self.board.n_cells - len(self.board.complete_cells(p))
        self._lower, self._upper = lower, upper
        self._started = time.perf_counter()
        self._nodes_at_start = int(self._stats[:, 0].sum())
        self._bar = None
        if self.progress:
            from .._files import progress_bar

            self._bar = progress_bar(0, f"{self.board.title}, {p.bit_count()} drawn", unit="node", unit_scale=True)
        guess = max(lower, min(upper, 0))
        try:
            while lower < upper:  # MTD(f): null-window tests around the last result
                gamma = max(lower + 1, min(upper, guess if guess > lower else guess + 1))
                gammas = [gamma, gamma + 1 if gamma < upper else max(lower + 1, gamma - 1)][: self.threads]
                for g, v in zip(gammas, self._test(p, gammas, left), strict=True):
                    if v is None:
                        continue
                    if v >= g:
                        lower = max(lower, v)
                    else:
                        upper = min(upper, v)
                    guess = v if g == gamma else guess
                self._lower, self._upper = lower, upper
                self._tick()
        except KeyboardInterrupt:
            raise SearchInterrupted(
                p, self._lower, self._upper, int(self._stats[:, 0].sum()) - self._nodes_at_start
            ) from None
        finally:
            self._seconds += time.perf_counter() - self._started
            if self._bar is not None:
                self._tick()
                self._bar.close()
            self._bar = None
        self._exact[key] = lower
        return lower

    def values_of(self, positions: Any) -> np.ndarray:
        """The exact values (int8) of many bitmasks in one compiled call (one thread, not interruptible), for checks.

        Examples
        --------
        >>> from triangles_core.games.triangles import board
        >>> SearchSolution(board(2), max_memory=1 << 16).values_of([0, 1, 511]).tolist()
        [-2, 2, 0]
        """
        from .search_kernel import mtdf_values

        array = np.asarray(positions)
        if array.ndim != 1 or not (array.size == 0 or np.issubdtype(array.dtype, np.integer)):
            raise ValueError(f"positions must be a 1-d array of bitmasks, got {positions!r}")
        array = array.astype(np.int64)
        if array.size and (array.min() < 0 or array.max() > self.board.full):
            raise ValueError(f"a bitmask is out of range for the {self.board.label} (0..{self.board.full})")
        lefts = np.zeros(array.size, dtype=np.int64)
        for m in self.board.cell_masks:
            lefts += (array & m) != m
        started = time.perf_counter()
        self._take_table()
        if self.tt_bits < self._max_bits:  # no growing inside one compiled call: the whole table at once
            self._grow(self._max_bits)
        out = mtdf_values(
            array,
            lefts,
            self.board.n_edges,
            *self._move_tables(),
            self._stats[0],
            self._stop,
            *self._workspaces[0],
            self.oracle_edges,
            self._rank,
            self._rules,
        )
        self._seconds += time.perf_counter() - started
        return out.astype(np.int8)

    def first_move_values(self, position: Any = 0) -> dict[int, int]:
        """The move value of the smallest edge of each class (`triangles_core.engine.symmetry.move_classes`)."""
        from .symmetry import move_classes

        p = self.position(position)
        representatives = sorted(set(move_classes(self.board, p).values()))
        return {e: self.move_value(p, e) for e in representatives}


def solve_search(board: CellBoard, position: Any = None, **options: Any) -> SearchSolution:
    """A `SearchSolution` of ``board`` (``options`` are its own), having solved ``position`` at once if one is given.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> solve_search(board(3), [], max_memory=1 << 20).value([])   # as the value table says
    -3
    """
    solution = SearchSolution(board, **options)
    if position is not None:
        solution.value(position)
    return solution


RULE_CHECK_FIELDS = (
    "positions",
    "free_captures",
    "safe_captures",
    "safe_capture_failures",
    "double_dealing_positions",
    "double_dealing_failures",
    "double_dealing_moves_left_out",
    "double_dealing_positions_with_forced_capture",
    "double_dealing_failures_with_forced_capture",
)
"""What `check_capture_rules` counts (the columns of `triangles_core.engine.search_kernel.check_rules`)."""


def check_capture_rules(
    board: CellBoard,
    values: np.ndarray,
    *,
    safe_captures: bool = True,
    double_dealing: bool = True,
    long_chains: bool = True,
    progress: bool = False,
    chunk: int = 1 << 24,
) -> dict[str, Any]:
    """Check the search's pruning rules on every position of a board against its value table.

    Wherever an edge is forced (free captures, rule A), ``values[p]`` must be its move
    value; where rule B leaves moves out, the best kept move must have ``values[p]``.
    The search applies exactly these compiled rules, so with both checks passing it
    returns the table's value everywhere (by induction on the free edges).

    Parameters
    ----------
    board : CellBoard
        A board of at most 31 edges.
    values : numpy.ndarray of int8, shape (2**board.n_edges,)
        Its value table (`triangles_core.engine.retrograde.solve_table`).
    safe_captures, double_dealing : bool, default True
        Which rules to check (as `SearchSolution`'s options).
    progress : bool, default False
        Show a progress bar counted in positions.
    chunk : int, default 2**24
        Positions per compiled call.

    Returns
    -------
    dict
        The counts of `RULE_CHECK_FIELDS`, and ``counterexamples``: up to 8 positions
        where a rule fails (empty when both hold everywhere).

    Examples
    --------
    >>> from triangles_core.engine.retrograde import solve_table
    >>> from triangles_core.games.boxes import boxes_board
    >>> b = boxes_board(2, 2)
    >>> counts = check_capture_rules(b, solve_table(b))
    >>> counts["safe_captures"], counts["safe_capture_failures"], counts["double_dealing_failures"]
    (1024, 0, 0)
    """
    from .search_kernel import FIRST_FAILURE, N_CHECKS, check_rules

    if not isinstance(values, np.ndarray) or values.dtype != np.int8 or values.shape != (1 << board.n_edges,):
        raise ValueError(f"values must be the int8 value table of the {board.label} ({1 << board.n_edges} values)")
    rules = _rules(safe_captures, double_dealing, long_chains)
    first, second = (np.array(m, dtype=np.int64) for m in board.other_edge_masks)
    n_cells_of = np.array([len(c) for c in board.edge_cells], dtype=np.int64)
    total = np.zeros(len(RULE_CHECK_FIELDS), dtype=np.int64)
    failures: list[int] = []
    out = np.zeros((64, N_CHECKS), dtype=np.int64)
    n = 1 << board.n_edges
    bar = None
    if progress:
        from .._files import progress_bar

        bar = progress_bar(n, f"capture rules, {board.label}", unit="position", unit_scale=True)
    try:
        for start in range(0, n, chunk):
            count = min(chunk, n - start)
            check_rules(values, start, count, board.n_edges, first, second, n_cells_of, rules, out)
            total += out[:, : len(RULE_CHECK_FIELDS)].sum(axis=0)
            failures.extend(int(p) for p in out[:, FIRST_FAILURE] if p >= 0)
            if bar is not None:
                bar.update(count)
    finally:
        if bar is not None:
            bar.close()
    result: dict[str, Any] = dict(zip(RULE_CHECK_FIELDS, (int(x) for x in total), strict=True))
    result["counterexamples"] = sorted(failures)[:8]
    return result
