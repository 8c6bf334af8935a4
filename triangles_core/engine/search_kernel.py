"""The compiled part of the search solver: alpha-beta negamax over a cell board.

`search` is a fail-soft negamax with alpha-beta pruning (Knuth and Moore 1975) over the
positions of any `triangles_core.games.cells.CellBoard` of at most 62 edges, with

- a *transposition table* keyed by the canonical position (the smallest image under the
  board's symmetries, as `CellBoard.canonical` defines it), storing a lower and an upper
  bound, the best move (in canonical coordinates) and the number of free edges.  The
  value of a cell-board position is the net score of the cells still to be completed
  for the player to move, whoever that is, so one entry serves both players.  The table
  is shared by the threads of a search without locks: an entry is two 64-bit words,
  ``key ^ data`` and ``data`` (Hyatt and Mann's lockless hashing, ICGA J. 25, 2002), so a
  torn entry fails its key check and is ignored;
- one pruning rule, proved below (`search`, "free captures"), applied before every
  node, and optionally a second one (`SAFE_CAPTURES`: also take a capture that leaves its
  other cell with two or more free edges, the capture rule of Barker and Korf 2012),
  which is checked on every position of the small boards but not proved here, so it is
  off unless asked for;
- move ordering: the table's best move, then moves that complete cells (two cells
  first), then moves that give away no cell (those whose cells have more edges drawn
  first: `SAFE_ORDER`, about 10% fewer nodes on 3x3 and 2x5 boxes than edge order), then
  those that give one cell, then two;
- an *endgame oracle*: a position with at most ``oracle_edges`` free edges is solved
  exactly by retrograde analysis of its sub-game on the free edges (the cells restricted
  to their free edges), with the compiled rule `triangles_core.engine.retrograde.move_value`
  of the table kernel, in a per-thread scratch table of ``2**oracle_edges`` bytes.

Everything here is called through `triangles_core.engine.search`, which checks the
arguments first.
"""

from __future__ import annotations

import numpy as np

from .compiled import compiled, trailing_zeros
from .retrograde import NOT_A_MOVE, claims, move_value

__all__ = ["ABORTED", "NODES", "N_STATS", "ORACLE", "STOP", "TT_HITS", "TT_PROBES", "canonical_of",
           "mtdf_values", "probe_exact", "search", "subgame_value"]

# per-thread statistics (int64 array) and the shared stop flag
NODES, TT_PROBES, TT_HITS, ORACLE, CUTOFFS = 0, 1, 2, 3, 4
N_STATS = 8
STOP = 0
ABORTED = 1

SYMMETRY_EDGES = 0
"""Positions with at least this many free edges are keyed by their canonical form, the others by themselves."""

SAFE_CAPTURES = 1
"""Bit of ``rules``: also take the captures that hand no cell over (Barker and Korf 2012; tested, see `search`)."""

SAFE_ORDER = -1
"""Order of the safe moves: 0 by edge, 1 fewest drawn edges in their cells first, -1 most first."""

NO_MOVE = 63
"""The stored move of an entry without one."""

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@compiled(inline="always")
def popcount(x):  # pragma: no cover - compiled
    x = np.uint64(x)
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@compiled(inline="always")
def canonical_of(p, symtab):  # pragma: no cover - compiled
    """``(canonical, g)``: the smallest image of ``p`` and the index of a symmetry giving it.

    ``symtab[g, c, b]`` is the image under symmetry ``g`` of byte ``b`` of chunk ``c``.
    """
    best = np.int64(-1)
    best_g = 0
    for g in range(symtab.shape[0]):
        image = np.int64(0)
        q = p
        for c in range(symtab.shape[1]):
            image |= symtab[g, c, q & 255]
            q >>= 8
        if best < 0 or image < best:
            best = image
            best_g = g
    return best, best_g


@compiled(inline="always")
def _slot(key, tt_bits):  # pragma: no cover - compiled
    h = np.uint64(key) * _GOLDEN
    return np.int64(h >> np.uint64(64 - tt_bits)) * 2


@compiled(inline="always")
def _probe(key, tt_key, tt_data, tt_bits):  # pragma: no cover - compiled
    at = _slot(key, tt_bits)
    stored = key + 1  # 0 is an empty slot
    for s in range(2):
        d = tt_data[at + s]
        if tt_key[at + s] ^ d == stored:
            return d
    return np.int64(-1)


@compiled(inline="always")
def _store(key, lower, upper, move, free, tt_key, tt_data, tt_bits):  # pragma: no cover - compiled
    at = _slot(key, tt_bits)
    stored = key + 1
    data = (np.int64(lower + 64) | (np.int64(upper + 64) << 8) | (np.int64(move) << 16)
            | (np.int64(free) << 24))
    target = at + 1  # the always-replace slot
    d0 = tt_data[at]
    if tt_key[at] ^ d0 == stored or (d0 >> 24) & 63 <= free:  # same position, or the deeper one
        target = at
    tt_key[target] = stored ^ data
    tt_data[target] = data


@compiled(inline="always")
def _compress(mask, edges, k, n_edges):  # pragma: no cover - compiled
    if (mask >> n_edges) & 1:  # the "no second cell" bit of `CellBoard.other_edge_masks`
        return np.int64(1) << k
    out = np.int64(0)
    for i in range(k):
        out |= ((mask >> edges[i]) & 1) << i
    return out


@compiled(nogil=True)
def subgame_value(p, n_edges, first, second, scratch, sub_first, sub_second, edges):  # pragma: no cover
    """Exact value of ``p`` by retrograde analysis of its sub-game on the free edges.

    The free edges are renumbered ``0..k-1``; each cell keeps its free edges (its drawn
    edges are satisfied), so drawing an edge completes exactly the cells it completes on
    the board.  ``scratch`` (int8, at least ``2**k``) receives the sub-game's table,
    filled from the full sub-board down with `triangles_core.engine.retrograde.move_value`.
    """
    full = (np.int64(1) << n_edges) - 1
    free = full & ~p
    k = 0
    while free:
        bit = free & -free
        free ^= bit
        edges[k] = trailing_zeros(bit)
        k += 1
    for i in range(k):
        sub_first[i] = _compress(first[edges[i]], edges, k, n_edges)
        sub_second[i] = _compress(second[edges[i]], edges, k, n_edges)
    sub_full = (np.int64(1) << k) - 1
    scratch[sub_full] = 0
    for q in range(sub_full - 1, -1, -1):
        best = NOT_A_MOVE
        f = sub_full & ~q
        while f:
            bit = f & -f
            f ^= bit
            v = move_value(scratch, q, bit, trailing_zeros(bit), sub_first, sub_second)
            if v > best:
                best = v
        scratch[q] = best
    return np.int64(scratch[0])


@compiled(inline="always")
def _take_free_captures(p, full, first, second, n_cells_of, rules):  # pragma: no cover - compiled
    """Draw every free capture; returns the position after them and the cells they claim.

    A free capture is an edge that completes every cell it lies in (always), or, with
    ``rules & SAFE_CAPTURES``, an edge that completes a cell and leaves its other cell
    with at least two free edges (it hands no cell over).
    """
    gain = np.int64(0)
    f = full & ~p
    while f:
        bit = f & -f
        f ^= bit
        e = trailing_zeros(bit)
        c = claims(p, e, first, second)
        if c > 0:
            take = c == n_cells_of[e]
            if not take and rules & SAFE_CAPTURES:
                free = full & ~p & ~bit
                other = second[e] if (p & first[e]) == first[e] else first[e]
                take = popcount(other & free) >= 2
            if take:
                p |= bit
                gain += c
    return p, gain


@compiled(nogil=True)
def search(p, alpha, beta, left, n_edges, first, second, n_cells_of, symtab, perm, inverse, tt_key, tt_data,
           tt_bits, stats, stop, scratch, sub_first, sub_second, edges, moves, oracle_edges,
           variant, rank, rules):  # pragma: no cover - compiled
    """Fail-soft alpha-beta value of ``p`` (``left`` incomplete cells) in the window ``(alpha, beta)``.

    Returns ``v`` with: ``v <= alpha`` means value ``<= v``; ``v >= beta`` means value
    ``>= v``; otherwise ``v`` is the value.  ``rank[e]`` is edge ``e``'s place among moves
    of one kind and ``rank[64 + i]`` the edge at place ``i`` (the move order); ``rules``
    switches on `SAFE_CAPTURES`; ``variant`` (the second thread) reverses the order after
    the first move.  When ``stop[STOP]`` is set the search
    unwinds at once, sets ``stop[ABORTED]`` and stores nothing on the way up (its
    return values are then meaningless).

    Free captures (the one pruning rule): if a free edge ``e`` completes *every* cell it
    lies in (one or two), then ``value(p) = claims(e) + value(p + e)``.  Proof, by
    induction on the number of free edges: in ``p``, ``e`` touches no incomplete cell
    other than those it completes, and that stays so in every position below ``p``
    (drawing edges only completes cells).  Taking ``e`` first shows
    ``value(p) >= r + value(p + e)`` (``r = claims(e)``, the mover moves again).  For
    another move ``m`` with reward ``s`` in ``p``, ``m`` has the same reward in
    ``p + e`` and, by induction, ``value(p + m) = r + value(p + m + e)``; so its move
    value is ``s + r + value(p + e + m) <= r + value(p + e)`` when ``s > 0`` and
    ``-r - value(p + e + m) <= value(p + e) - r <= r + value(p + e)`` otherwise, the
    inequalities being the recurrence at ``p + e``.  All such edges are taken at once
    (taking one changes no other edge's cells).  The rule holds on any cell board;
    ``tests/test_search.py`` checks the values it gives on every position of the small
    boards against the value tables.
    """
    if stop[STOP]:
        stop[ABORTED] = 1
        return np.int64(0)
    stats[NODES] += 1
    full = (np.int64(1) << n_edges) - 1
    # free captures
    p, gain = _take_free_captures(p, full, first, second, n_cells_of, rules)
    left -= gain
    if left == 0:  # nothing left to claim: every remaining move is worth 0
        return gain
    alpha -= gain
    beta -= gain
    if left <= alpha:
        return left + gain
    if -left >= beta:
        return -left + gain
    free = full & ~p
    k = popcount(free)
    if k >= SYMMETRY_EDGES:
        key, g = canonical_of(p, symtab)
    else:  # deep in the tree: the position itself is the key (cheaper; no orbit is shared there)
        key = p
        g = 0
    stats[TT_PROBES] += 1
    lower = -left
    upper = left
    tt_move = -1
    d = _probe(key, tt_key, tt_data, tt_bits)
    if d >= 0:
        stats[TT_HITS] += 1
        lower = max(lower, (d & 255) - 64)
        upper = min(upper, ((d >> 8) & 255) - 64)
        if lower >= beta:
            return lower + gain
        if upper <= alpha:
            return upper + gain
        if lower == upper:
            return lower + gain
        m = (d >> 16) & 63
        if m != NO_MOVE:
            tt_move = inverse[g, m]
    if k <= oracle_edges:
        stats[ORACLE] += 1
        v = subgame_value(p, n_edges, first, second, scratch, sub_first, sub_second, edges)
        _store(key, v, v, NO_MOVE, k, tt_key, tt_data, tt_bits)
        return v + gain
    if alpha < lower:
        alpha = lower
    if beta > upper:
        beta = upper
    # order the moves: table move, double captures, captures, safe moves, sacrifices of 1, of 2
    # (one pass computing a code rank * 64 + edge per move, then an insertion sort: k <= 62)
    ply = n_edges - k
    count = 0
    f = free
    while f:
        bit = f & -f
        f ^= bit
        e = trailing_zeros(bit)
        c = claims(p, e, first, second)
        if e == tt_move:
            r = -1 - c  # first, whatever it claims (decoded below)
        elif c > 0:
            r = 2 - c  # 0: two cells, 1: one cell
        else:
            r = 2 + np.int64(popcount(first[e] & free) == 1) + np.int64(popcount(second[e] & free) == 1)
        sub = 0
        if r == 2 and SAFE_ORDER != 0:
            sub = popcount(first[e] & p) + popcount(second[e] & p)
            if SAFE_ORDER < 0:
                sub = 7 - sub
        code = ((r + 3) * 8 + sub) * 64 + rank[e]
        i = count
        while i > 0 and moves[ply, i - 1] > code:
            moves[ply, i] = moves[ply, i - 1]
            i -= 1
        moves[ply, i] = code
        count += 1
    if variant and count > 2:  # a second thread tries the moves after the first in another order
        lo = 1
        hi = count - 1
        while lo < hi:
            t = moves[ply, lo]
            moves[ply, lo] = moves[ply, hi]
            moves[ply, hi] = t
            lo += 1
            hi -= 1
    best = np.int64(-127)
    best_move = NO_MOVE
    a = alpha
    for i in range(count):
        code = moves[ply, i]
        e = rank[64 + (code & 63)]
        r = (code >> 9) - 3
        c = -1 - r if r < 0 else (2 - r if r < 2 else 0)
        bit = np.int64(1) << e
        if c > 0:
            v = c + search(p | bit, a - c, beta - c, left - c, n_edges, first, second, n_cells_of, symtab, perm,
                           inverse, tt_key, tt_data, tt_bits, stats, stop, scratch, sub_first, sub_second, edges,
                           moves, oracle_edges, variant, rank, rules)
        else:
            v = -search(p | bit, -beta, -a, left, n_edges, first, second, n_cells_of, symtab, perm, inverse,
                        tt_key, tt_data, tt_bits, stats, stop, scratch, sub_first, sub_second, edges, moves,
                        oracle_edges, variant, rank, rules)
        if stop[STOP]:
            stop[ABORTED] = 1
            return np.int64(0)
        if v > best:
            best = v
            best_move = e
            if v > a:
                a = v
                if v >= beta:
                    stats[CUTOFFS] += 1
                    break
    new_lower = lower
    new_upper = upper
    if best <= alpha:
        new_upper = min(upper, best)
    elif best >= beta:
        new_lower = max(lower, best)
    else:
        new_lower = best
        new_upper = best
    _store(key, new_lower, new_upper, perm[g, best_move], k, tt_key, tt_data, tt_bits)
    return best + gain


@compiled()
def probe_exact(p, left, n_edges, first, second, n_cells_of, symtab, tt_key, tt_data, tt_bits,
                rules):  # pragma: no cover - compiled
    """``(lower, upper)`` bounds the table holds for ``p`` (after its free captures), as values of ``p``."""
    full = (np.int64(1) << n_edges) - 1
    p, gain = _take_free_captures(p, full, first, second, n_cells_of, rules)
    left -= gain
    if left == 0:
        return gain, gain
    if popcount(full & ~p) >= SYMMETRY_EDGES:
        key, g = canonical_of(p, symtab)
    else:
        key = p
    lower = -left
    upper = left
    d = _probe(key, tt_key, tt_data, tt_bits)
    if d >= 0:
        lower = max(lower, (d & 255) - 64)
        upper = min(upper, ((d >> 8) & 255) - 64)
    return lower + gain, upper + gain


@compiled(nogil=True)
def mtdf_values(positions, lefts, n_edges, first, second, n_cells_of, symtab, perm, inverse, tt_key, tt_data,
                tt_bits, stats, stop, scratch, sub_first, sub_second, edges, moves, oracle_edges, rank,
                rules):  # pragma: no cover - compiled
    """The exact value of each position, by MTD(f) from a first guess of 0, on one thread (no stop)."""
    out = np.empty(positions.shape[0], dtype=np.int64)
    for i in range(positions.shape[0]):
        lower = -lefts[i]
        upper = lefts[i]
        guess = np.int64(0)
        while lower < upper:
            gamma = guess if guess > lower else guess + 1
            if gamma > upper:
                gamma = upper
            v = search(positions[i], gamma - 1, gamma, lefts[i], n_edges, first, second, n_cells_of, symtab, perm,
                       inverse, tt_key, tt_data, tt_bits, stats, stop, scratch, sub_first, sub_second, edges, moves,
                       oracle_edges, 0, rank, rules)
            if v >= gamma:
                lower = v
            else:
                upper = v
            guess = v
        out[i] = lower
    return out
