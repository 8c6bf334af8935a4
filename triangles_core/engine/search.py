"""A second way to solve a cell game: alpha-beta search, for boards too big to tabulate.

A value table (`triangles_core.engine.retrograde`) holds ``2**n_edges`` bytes and stops
at 31 edges.  `SearchSolution` answers the same questions (the solved-game contract of
`triangles_core.engine.solved`) for any cell board of up to 62 edges by searching from
each position asked about: MTD(f) (Plaat, Schaeffer, Pijls and de Bruin 1996), a
sequence of null-window alpha-beta tests that converge on the value, over the compiled
negamax of `triangles_core.engine.search_kernel` (transposition table keyed by the
canonical position and storing bounds, move ordering, the proved "free captures" rule,
and the retrograde analysis of the free edges as endgame oracle).

Threads: with ``threads=2`` every null-window test runs twice at once on a shared table,
the second thread trying the moves in another order ("lazy SMP"); the first to finish
answers and stops the other.  Both answers are proofs, so the result is the same.

Interrupting (Ctrl-C) stops the search threads at once and raises `SearchInterrupted`,
which says what was proved so far (``lower <= value <= upper``); nothing half-computed
is kept, and the solution object can be asked again to resume with its table.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..common.checks import check_integer, excerpt
from ..common.limits import MAX_SEARCH_EDGES
from ..games.cells import CellBoard, CellGame, popcount
from .solved import SolvedGameBase

__all__ = ["DEFAULT_MAX_MEMORY", "DEFAULT_ORACLE_EDGES", "MAX_ORACLE_EDGES", "MAX_SEARCH_EDGES",
           "SearchInterrupted", "SearchSolution", "SearchStats", "solve_search"]

DEFAULT_MAX_MEMORY = 1 << 30
"""Default memory for the transposition table: 1 GiB (2**25 buckets of two 16-byte entries)."""

MIN_MAX_MEMORY = 1 << 16
"""The smallest table accepted (64 KiB)."""

MAX_MAX_MEMORY = 1 << 40
"""The largest table accepted (1 TiB; numpy could not allocate more on any machine this runs on)."""

DEFAULT_ORACLE_EDGES = 8
"""Positions with at most this many free edges are solved by retrograde analysis of the free edges."""

MAX_ORACLE_EDGES = 20
"""Largest endgame oracle (a scratch table of 1 MiB per thread)."""

ENTRY_BYTES = 16


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

    @property
    def tt_hit_rate(self) -> float:
        """Fraction of table probes that found an entry for the position."""
        return self.tt_hits / self.tt_probes if self.tt_probes else 0.0

    @property
    def nodes_per_second(self) -> float:
        """Nodes searched per second of wall-clock time."""
        return self.nodes / self.seconds if self.seconds else 0.0


def _symmetry_tables(board: CellBoard) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Byte tables of the symmetries (``symtab[g, chunk, byte]``), and edge maps ``perm``/``inverse``.

    Built from `CellBoard.symmetries`; ``perm[g, e]`` is the 0-based image of edge
    ``e + 1`` (column 63 maps "no move" to itself).
    """
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


MOVE_ORDERS = ("centre", "edge")
"""Orders of the moves of one kind (`SearchSolution`'s ``move_order``)."""


def _move_rank(board: CellBoard, move_order: str) -> np.ndarray:
    """``rank[e]``: the place of edge ``e`` (0-based) in the order; ``rank[64 + i]``: the edge at place ``i``."""
    n = board.n_edges
    if move_order == "centre":
        xs, ys = zip(*board.dot_coordinates, strict=True)
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        distance = [((x - cx) ** 2 + (y - cy) ** 2, e)
                    for e, (x, y) in enumerate(board.edge_midpoint(e + 1) for e in range(n))]
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

    Each query (`value`, `move_values`, `optimal_moves`, `winning_moves`,
    `principal_variation`, `verdict`, from `SolvedGameBase`) searches the positions it
    needs; exact values are kept (by canonical position) and the transposition table is
    kept between queries.

    Parameters
    ----------
    board : CellBoard
        Any cell board of at most `MAX_SEARCH_EDGES` edges.
    max_memory : int, default `DEFAULT_MAX_MEMORY`
        Bytes for the transposition table (rounded down to a power of two of 32-byte
        buckets), at least 64 KiB.
    threads : {1, 2}, default 1
        Search threads per null-window test (lazy SMP on a shared table).
    oracle_edges : int, default `DEFAULT_ORACLE_EDGES`
        Positions with at most this many free edges (0..`MAX_ORACLE_EDGES`) are solved
        by retrograde analysis of their free edges; 0 turns the oracle off.
    progress : bool, default False
        Show a tqdm bar per position solved: nodes, nodes per second and the current
        bounds on the value.
    move_order : {"centre", "edge"}, default "centre"
        How moves of the same kind are ordered: from the centre of the board outwards
        (edge midpoints by distance from the centroid of the dots, as Barker and Korf
        2012 order theirs; 1.4 to 2.1 times fewer nodes than edge order on the empty
        side-4, 3x3 and 2x5 boards), or by edge number.
    safe_captures : bool, default False
        Also take at once every capture that hands no cell over (its edge completes a
        cell and leaves its other cell with two or more free edges), the capture rule
        of Barker and Korf 2012.  Off by default: unlike the free-captures rule it is
        not proved here, only checked (``tests/test_search.py``: every position of the
        small boards, random positions of side 4 and 3x4 boxes).

    Raises
    ------
    ValueError
        For a board that is not a `CellBoard`, too many edges, or an option out of range.

    Examples
    --------
    >>> from triangles_core.games.boxes import boxes_board
    >>> s = SearchSolution(boxes_board(2, 2), max_memory=1 << 20)
    >>> s.value([]), s.verdict([])
    (2, 'win')
    """

    board: CellBoard
    game: CellGame

    def __init__(self, board: CellBoard, *, max_memory: int = DEFAULT_MAX_MEMORY, threads: int = 1,
                 oracle_edges: int = DEFAULT_ORACLE_EDGES, progress: bool = False, move_order: str = "centre",
                 safe_captures: bool = False) -> None:
        if not isinstance(board, CellBoard):
            raise ValueError(f"a cell board is needed (board(5), boxes_board(4, 4)), got {excerpt(board)}")
        if board.n_edges > MAX_SEARCH_EDGES:
            raise ValueError(f"the {board.label} has {board.n_edges} edges: the search handles at most "
                             f"{MAX_SEARCH_EDGES}")
        max_memory = check_integer(max_memory, "max_memory", MIN_MAX_MEMORY, MAX_MAX_MEMORY)
        self.threads = check_integer(threads, "threads", 1, 2)
        self.oracle_edges = check_integer(oracle_edges, "oracle_edges", 0, MAX_ORACLE_EDGES)
        if not isinstance(progress, bool):
            raise ValueError(f"progress must be True or False, got {excerpt(progress)}")
        self.progress = progress
        if move_order not in MOVE_ORDERS:
            raise ValueError(f"move_order must be one of {', '.join(MOVE_ORDERS)}, got {excerpt(move_order)}")
        if not isinstance(safe_captures, bool):
            raise ValueError(f"safe_captures must be True or False, got {excerpt(safe_captures)}")
        self.move_order = move_order
        self.safe_captures = safe_captures
        self._rules = 1 if safe_captures else 0
        self._rank = _move_rank(board, move_order)
        self.board = board
        self.game = CellGame(board)
        self.tt_bits = max(1, (max_memory // (2 * ENTRY_BYTES)).bit_length() - 1)
        size = 2 << self.tt_bits
        self.tt_key = np.zeros(size, dtype=np.int64)
        self.tt_data = np.zeros(size, dtype=np.int64)
        first, second = board.other_edge_masks
        self._first = np.array(first, dtype=np.int64)
        self._second = np.array(second, dtype=np.int64)
        self._n_cells_of = np.array([len(c) for c in board.edge_cells], dtype=np.int64)
        self._symtab, self._perm, self._inverse = _symmetry_tables(board)
        self._stats = np.zeros((2, 8), dtype=np.int64)
        self._seconds = 0.0
        self._exact: dict[int, int] = {}
        self._workspaces = [self._workspace() for _ in range(self.threads)]

    def __repr__(self) -> str:
        return f"<SearchSolution of the {self.board.label}: {len(self._exact)} positions solved>"

    def clear(self) -> None:
        """Forget everything proved: empty the transposition table, the exact values and the counters.

        The table's memory stays allocated (and its pages mapped), so a benchmark that
        solves many positions from scratch does not pay for page faults each time.
        """
        self.tt_key.fill(0)
        self.tt_data.fill(0)
        self._stats.fill(0)
        self._seconds = 0.0
        self._exact.clear()

    @property
    def table_bytes(self) -> int:
        """Memory of the transposition table in bytes."""
        return self.tt_key.nbytes + self.tt_data.nbytes

    def _workspace(self) -> tuple:
        n = self.board.n_edges
        return (np.zeros(1 << self.oracle_edges, dtype=np.int8), np.zeros(64, dtype=np.int64),
                np.zeros(64, dtype=np.int64), np.zeros(64, dtype=np.int64),
                np.zeros((n + 1, 64), dtype=np.int64))

    @property
    def stats(self) -> SearchStats:
        """Nodes, table probes and hits, oracle calls, cut-offs and seconds, since the solution was made."""
        s = self._stats.sum(axis=0)
        return SearchStats(int(s[0]), int(s[1]), int(s[2]), int(s[3]), int(s[4]), self._seconds)

    def _left(self, p: int) -> int:
        return sum(1 for m in self.board.cell_masks if p & m != m)

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
        lower, upper = probe_exact(np.int64(p), self._left(p), self.board.n_edges, self._first, self._second,
                                   self._n_cells_of, self._symtab, self.tt_key, self.tt_data, self.tt_bits,
                                   self._rules)
        return int(lower), int(upper)

    def _test(self, p: int, alpha: int, beta: int, stop: np.ndarray, left: int) -> int:
        """One alpha-beta search of ``p`` in ``(alpha, beta)`` on ``self.threads`` threads."""
        from .search_kernel import ABORTED, STOP, search

        results: list[int | None] = [None] * self.threads
        n = self.board.n_edges

        def run(t: int) -> None:
            v = search(np.int64(p), np.int64(alpha), np.int64(beta), np.int64(left), n, self._first, self._second,
                       self._n_cells_of, self._symtab, self._perm, self._inverse, self.tt_key, self.tt_data,
                       self.tt_bits, self._stats[t], stop, *self._workspaces[t], self.oracle_edges, t, self._rank,
                       self._rules)
            if not stop[STOP]:
                results[t] = int(v)
                stop[STOP] = 1  # the other thread can stop: this answer is a proof
        stop[STOP] = 0
        stop[ABORTED] = 0
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
        answer = next((r for r in results if r is not None), None)
        if answer is None:  # pragma: no cover - only a stop from outside
            raise KeyboardInterrupt
        return answer

    def _tick(self) -> None:
        bar = getattr(self, "_bar", None)
        if bar is not None:
            elapsed = time.perf_counter() - self._started
            nodes = int(self._stats[:, 0].sum()) - self._nodes_at_start
            bar.n = nodes
            bar.set_postfix_str(f"{nodes / max(elapsed, 1e-9):,.0f} nodes/s, {self._lower} <= v <= {self._upper}",
                                refresh=False)
            bar.refresh()

    def _value_of(self, p: int) -> int:
        p = int(p)  # a Python int, also for a numpy integer
        key = self.board.canonical(p)
        known = self._exact.get(key)
        if known is not None:
            return known
        lower, upper = self.bounds(p)
        left = self._left(p)
        stop = np.zeros(2, dtype=np.int64)
        self._lower, self._upper = lower, upper
        self._started = time.perf_counter()
        self._nodes_at_start = int(self._stats[:, 0].sum())
        self._bar = None
        if self.progress:
            from ..common.progress import progress_bar

            self._bar = progress_bar(0, f"{self.board.title}, {popcount(p)} drawn", unit="node", unit_scale=True)
        guess = max(lower, min(upper, 0))
        try:
            while lower < upper:  # MTD(f): null-window tests around the last result
                gamma = max(lower + 1, min(upper, guess if guess > lower else guess + 1))
                v = self._test(p, gamma - 1, gamma, stop, left)
                if v >= gamma:
                    lower = v
                else:
                    upper = v
                guess = v
                self._lower, self._upper = lower, upper
                self._tick()
        except KeyboardInterrupt:
            raise SearchInterrupted(p, self._lower, self._upper,
                                    int(self._stats[:, 0].sum()) - self._nodes_at_start) from None
        finally:
            self._seconds += time.perf_counter() - self._started
            if self._bar is not None:
                self._tick()
                self._bar.close()
            self._bar = None
        self._exact[key] = lower
        return lower

    def values(self, positions: Any) -> np.ndarray:
        """The exact values of many positions at once (one thread, no progress bar, not interruptible).

        For checks and benchmarks: the positions are searched one after another in one
        compiled call, sharing the transposition table.

        Parameters
        ----------
        positions : array_like of int
            Bitmasks of positions of the board.

        Returns
        -------
        numpy.ndarray of int8
            The value of each position.

        Raises
        ------
        ValueError
            If a bitmask is not a position of the board.

        Examples
        --------
        >>> from triangles_core.games.triangles import board
        >>> SearchSolution(board(2), max_memory=1 << 16).values([0, 1, 511]).tolist()
        [-2, 2, 0]
        """
        from .search_kernel import mtdf_values

        array = np.asarray(positions)
        if array.ndim != 1 or not (array.size == 0 or np.issubdtype(array.dtype, np.integer)):
            raise ValueError(f"positions must be a 1-d array of bitmasks, got {excerpt(positions)}")
        array = array.astype(np.int64)
        if array.size and (array.min() < 0 or array.max() > self.board.full):
            raise ValueError(f"a bitmask is out of range for the {self.board.label} (0..{self.board.full})")
        lefts = np.zeros(array.size, dtype=np.int64)
        for m in self.board.cell_masks:
            lefts += (array & m) != m
        started = time.perf_counter()
        stop = np.zeros(2, dtype=np.int64)
        out = mtdf_values(array, lefts, self.board.n_edges, self._first, self._second, self._n_cells_of, self._symtab,
                          self._perm, self._inverse, self.tt_key, self.tt_data, self.tt_bits, self._stats[0], stop,
                          *self._workspaces[0], self.oracle_edges, self._rank, self._rules)
        self._seconds += time.perf_counter() - started
        return out.astype(np.int8)

    def first_move_values(self, position: Any = 0) -> dict[int, int]:
        """The value of one move per symmetry class of moves (`triangles_core.engine.symmetry.edge_classes`).

        Returns
        -------
        dict of int to int
            The smallest edge of each class to its move value.
        """
        from .symmetry import edge_classes

        p = self.position(position)
        representatives = sorted(set(edge_classes(self.board, p).values()))
        return {e: self.move_value(p, e) for e in representatives}


def solve_search(board: CellBoard, position: Any = None, **options: Any) -> SearchSolution:
    """Solve a cell board by search (`SearchSolution`), from ``position`` if one is given.

    Parameters
    ----------
    board : CellBoard
        The board (`triangles_core.games.triangles.board`, `triangles_core.games.boxes.boxes_board`).
    position : position, optional
        Solve it at once (edge list or bitmask); otherwise positions are solved when asked.
    **options
        ``max_memory``, ``threads``, ``oracle_edges``, ``progress`` of `SearchSolution`.

    Returns
    -------
    SearchSolution

    Raises
    ------
    ValueError
        As `SearchSolution`; an invalid position (`InvalidPositionError`).
    SearchInterrupted
        On Ctrl-C, with the bounds proved so far.

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
