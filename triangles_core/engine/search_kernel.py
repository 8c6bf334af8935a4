"""The compiled part of the search solver: alpha-beta negamax over a cell board.

`search` is a fail-soft negamax with alpha-beta pruning (Knuth and Moore 1975) over the
positions of any `triangles_core.games.cells.CellBoard` of at most 62 edges, with

- a *transposition table* keyed by the canonical position (`canonical_of`: the smallest
  image under the board's symmetries, each image normalised on the board's
  interchangeable edges, `triangles_core.engine.search.interchangeable_groups`), storing
  a lower and an upper bound, the best move (in the key's coordinates) and the number of
  free edges.  The value of a cell-board position is the net score of the cells still
  to be completed for the player to move, whoever that is, so one entry serves both
  players.  The table is shared by the threads of a search without locks: an entry is
  two 64-bit words, ``key ^ data`` and ``data`` (Hyatt and Mann's lockless hashing, ICGA
  J. 25, 2002), so a torn entry fails its key check and is ignored.  A bucket holds two
  entries (one kept by depth, one always replaced) in 32 bytes, one cache line, so a
  probe costs one memory access; the table grows while it fills (`grow_table`);
- pruning rules for captures and chains, stated and sourced in `search`: two proved
  ones, the *free captures* rule (always on) and the *loony bound* (`LOONY_BOUND`), and
  three checked exhaustively against the value tables (rule A, `SAFE_CAPTURES`; rule B,
  `DOUBLE_DEALING`; rule C, `LONG_CHAINS`), all on by default (`DEFAULT_RULES`).  `forced_claims` and
  `searched_moves` are the rules, once; `check_rules` checks them against a table;
- move ordering: the table's best move, then moves that complete cells (two cells
  first), then moves that give away no cell (those whose cells have more edges drawn
  first: `SAFE_ORDER`, about 10% fewer nodes on 3x3 and 2x5 boxes than edge order), then
  those that give one cell, then two;
- an *endgame oracle*: a position with at most ``oracle_edges`` free edges is solved
  exactly by retrograde analysis of its sub-game on the free edges (the cells restricted
  to their free edges), with the compiled rule `triangles_core.engine.retrograde.move_value`
  of the table kernel, in a per-thread scratch table of ``2**oracle_edges`` bytes.

The search keeps its own stack (`search`'s ``frames``) rather than recursing, and reads
its arrays through `_borrowed` views (without reference counting).

Everything here is called through `triangles_core.engine.search`, which checks the
arguments first.
"""

from __future__ import annotations

from typing import Callable, cast

import numpy as np
from numba import prange
from numba.core import cgutils
from numba.extending import intrinsic

from .compiled import compiled, popcount, trailing_zeros
from .retrograde import NOT_A_MOVE, claims, move_value

__all__ = [
    "ABORTED",
    "FILLED",
    "FILL_LIMIT",
    "FULL",
    "N_STOP",
    "CAPTURE_NODES",
    "DEFAULT_RULES",
    "DOUBLE_DEALING",
    "LONG_CHAINS",
    "LOONY_BOUND",
    "NODES",
    "N_CHECKS",
    "N_STATS",
    "ORACLE",
    "SACRIFICE_NODES",
    "SAFE_CAPTURES",
    "STOP",
    "TT_HITS",
    "TT_PROBES",
    "canonical_keys",
    "canonical_of",
    "check_rules",
    "forced_claims",
    "grow_table",
    "loony",
    "mtdf_values",
    "probe_exact",
    "search",
    "searched_moves",
    "subgame_value",
]

# per-thread statistics (int64 array) and the shared stop flag
NODES, TT_PROBES, TT_HITS, ORACLE, CUTOFFS, CAPTURE_NODES, SACRIFICE_NODES = 0, 1, 2, 3, 4, 5, 6
N_STATS = 8
STOP = 0
ABORTED = 1
FILLED = 2
"""Index in ``stop``: entries written into empty slots of the table (both threads, counted loosely)."""
FILL_LIMIT = 3
"""Index in ``stop``: a search stops with ``stop[FULL]`` set once ``stop[FILLED]`` passes this (0: never)."""
FULL = 4
"""Index in ``stop``: set when a search stopped because the table is full enough to grow (`grow_table`)."""
N_STOP = 5

SYMMETRY_EDGES = 0
"""Positions with at least this many free edges are keyed by their canonical form, the others by themselves."""

SAFE_CAPTURES = 1
"""Bit of ``rules``: rule A of `search`, take at once a capture that makes no cell capturable."""

DOUBLE_DEALING = 2
"""Bit of ``rules``: rule B of `search`, at the end of a chain search only the capture and the double-dealing move."""

LONG_CHAINS = 4
"""Bit of ``rules``: rule C of `search`, no double-dealing move where the chain goes on."""

LOONY_BOUND = 8
"""Bit of ``rules``: the loony bound of `search`, a position with a loony end is worth at least 0."""

DEFAULT_RULES = SAFE_CAPTURES | DOUBLE_DEALING | LONG_CHAINS | LOONY_BOUND
"""The rules on by default (A to C checked on every position up to side 4 and 3x4 boxes; the loony bound proved)."""

SAFE_ORDER = -1
"""Order of the safe moves: 0 by edge, 1 fewest drawn edges in their cells first, -1 most first."""

NO_MOVE = 63
"""The stored move of an entry without one."""

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@intrinsic
def _borrowed_view(typingctx, array):  # pragma: no cover - compiled
    """``array`` without its reference count: a view that compiled calls pass without atomic increments.

    Numba counts references to an array at every call that passes it (an atomic
    increment and decrement on the array's shared count, which two search threads then
    fight over): they were 60% of the search's time.  The view has no memory
    information, so counting is skipped; it is valid while ``array`` is, which the
    caller holds for the whole call.
    """

    def codegen(context, builder, signature, args):
        source = context.make_array(signature.args[0])(context, builder, args[0])
        view = context.make_array(signature.return_type)(context, builder)
        view.meminfo = cgutils.get_null_value(view.meminfo.type)
        view.parent = cgutils.get_null_value(view.parent.type)
        for name in ("nitems", "itemsize", "data", "shape", "strides"):
            setattr(view, name, getattr(source, name))
        return view._getvalue()

    return array(array), codegen


_borrowed = cast("Callable[[np.ndarray], np.ndarray]", _borrowed_view)
"""`_borrowed_view` typed as compiled code calls it (numba supplies the typing context itself)."""


@compiled(inline="always")
def canonical_of(p, symtab, groups):  # pragma: no cover - compiled
    """``(canonical, g)``: the smallest normalised image of ``p`` and the index of a symmetry giving it.

    ``symtab[g, c, b]`` is the image under symmetry ``g`` of byte ``b`` of chunk ``c``.
    Each image is then normalised on the *interchangeable edges* (`interchangeable_groups`):
    in each row ``groups[j]`` (its mask, then the normal form for 0, 1, ... edges of it
    drawn), the group's drawn edges are replaced by its first ones.
    """
    best = np.int64(-1)
    best_g = 0
    for g in range(symtab.shape[0]):
        image = np.int64(0)
        q = p
        for c in range(symtab.shape[1]):
            image |= symtab[g, c, q & 255]
            q >>= 8
        for j in range(groups.shape[0]):
            mask = groups[j, 0]
            image = (image & ~mask) | groups[j, 1 + popcount(image & mask)]
        if best < 0 or image < best:
            best = image
            best_g = g
    return best, best_g


@compiled(inline="always")
def _slot(key, tt_bits):  # pragma: no cover - compiled
    """Index in ``tt`` of the bucket of ``key``: two entries of two words, 32 bytes, one cache line."""
    h = np.uint64(key) * _GOLDEN
    return np.int64(h >> np.uint64(64 - tt_bits)) * 4


@compiled(inline="always")
def _probe(key, tt, tt_bits):  # pragma: no cover - compiled
    at = _slot(key, tt_bits)
    stored = key + 1  # 0 is an empty slot
    for s in range(0, 4, 2):
        d = tt[at + s + 1]
        if tt[at + s] ^ d == stored:
            return d
    return np.int64(-1)


@compiled(inline="always")
def _store(key, lower, upper, move, free, tt, tt_bits, stop):  # pragma: no cover - compiled
    at = _slot(key, tt_bits)
    stored = key + 1
    data = np.int64(lower + 64) | (np.int64(upper + 64) << 8) | (np.int64(move) << 16) | (np.int64(free) << 24)
    target = at + 2  # the always-replace slot
    d0 = tt[at + 1]
    if tt[at] ^ d0 == stored or (d0 >> 24) & 63 <= free:  # same position, or the deeper one
        target = at
    if tt[target + 1] == 0:
        stop[FILLED] += 1
    tt[target] = stored ^ data
    tt[target + 1] = data


@compiled()
def grow_table(old, old_bits, new, new_bits, stop):  # pragma: no cover - compiled
    """Move the entries of the table ``old`` into the larger empty table ``new``.

    An entry is moved only if its key hashes to the bucket it is in: a torn entry (two
    threads writing one slot) would give a key that does not, and is dropped, as a probe
    would ignore it.  ``stop[FILLED]`` counts the entries moved.
    """
    stop[FILLED] = 0
    for at in range(0, old.shape[0], 4):
        for s in range(0, 4, 2):
            d = old[at + s + 1]
            if d == 0:
                continue
            key = (old[at + s] ^ d) - 1
            if _slot(key, old_bits) != at:
                continue
            _store(key, ((d & 255) - 64), ((d >> 8) & 255) - 64, (d >> 16) & 63, (d >> 24) & 63, new, new_bits, stop)


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
def forced_claims(p, e, bit, full, first, second, n_cells_of, rules):  # pragma: no cover - compiled
    """Cells claimed by edge ``e`` if a rule says to draw it at once, else 0.

    The edge must be free.  It is forced if it completes every cell it lies in (free
    captures, always), or, with ``rules & SAFE_CAPTURES``, if it completes one cell and
    leaves its other cell with at least two free edges (rule A of `search`).
    """
    c = claims(p, e, first, second)
    if c == 0 or c == n_cells_of[e]:
        return c
    if rules & SAFE_CAPTURES:
        other = second[e] if (p & first[e]) == first[e] else first[e]
        if popcount(other & full & ~p & ~bit) >= 2:
            return c
    return np.int64(0)


@compiled(inline="always")
def _take_free_captures(p, full, first, second, n_cells_of, rules):  # pragma: no cover - compiled
    """Draw every forced capture (`forced_claims`); returns the position after them and the cells they claim."""
    gain = np.int64(0)
    f = full & ~p
    while f:
        bit = f & -f
        f ^= bit
        c = forced_claims(p, trailing_zeros(bit), bit, full, first, second, n_cells_of, rules)
        if c > 0:
            p |= bit
            gain += c
    return p, gain


@compiled(inline="always")
def _chain_goes_on(p, free, bit, other, rest, first, second, n_cells_of):  # pragma: no cover - compiled
    """Whether the chain through edge ``bit``'s capture goes on past its other cell (rule C of `search`).

    ``other`` is the other cell's edges but ``bit``, ``rest`` its one free edge ``g``
    but ``bit``.  True when ``g`` lies in a third cell whose free edges are ``g`` and one
    more, ``h``, and ``h`` completes no cell in ``p``.
    """
    g = trailing_zeros(rest)
    if n_cells_of[g] != 2:
        return False
    cell = other | bit  # the other cell's edges
    third = second[g] if (first[g] | rest) == cell else first[g]
    after = third & free
    if popcount(after) != 1 or after == bit:
        return False
    return claims(p, trailing_zeros(after), first, second) == 0


@compiled(inline="always")
def _chain_end(p, e, bit, free, first, second, n_cells_of):  # pragma: no cover - compiled
    """``(other, g)`` for a capture ``e`` that completes one cell: is it a chain end, and with which move?

    ``other`` is the other cell's edges but ``e``; ``g`` is the double-dealing move (a
    one-edge mask) if ``e`` is a chain end, else 0 (``e`` lies in one cell, or its other
    cell keeps two or more free edges).  Rule B and the loony bound share this definition.
    """
    if n_cells_of[e] != 2:
        return np.int64(0), np.int64(0)
    other = second[e] if (p & first[e]) == first[e] else first[e]
    rest = other & free & ~bit
    return other, rest if popcount(rest) == 1 else np.int64(0)


@compiled(inline="always")
def searched_moves(p, full, first, second, n_cells_of, rules):  # pragma: no cover - compiled
    """The moves of ``p`` that need be searched: a mask of free edges (rules B and C of `search`).

    With ``rules & DOUBLE_DEALING``, if ``p`` has a chain end (a free edge that completes
    exactly one cell and leaves its other cell with exactly one free edge ``g``): every
    capture of ``p`` and the double-dealing move ``g`` of each chain end, but, with
    ``rules & LONG_CHAINS``, not those of chain ends whose chain goes on
    (`_chain_goes_on`).  Otherwise, and without the bit, every free edge.
    """
    free = full & ~p
    if rules & DOUBLE_DEALING:
        moves = np.int64(0)
        chain_end = False
        f = free
        while f:
            bit = f & -f
            f ^= bit
            e = trailing_zeros(bit)
            c = claims(p, e, first, second)
            if c > 0:
                moves |= bit
                if c == 1:
                    other, rest = _chain_end(p, e, bit, free, first, second, n_cells_of)
                    if rest:
                        chain_end = True
                        if not (
                            rules & LONG_CHAINS and _chain_goes_on(p, free, bit, other, rest, first, second, n_cells_of)
                        ):
                            moves |= rest
        if chain_end:
            return moves
    return free


@compiled(inline="always")
def loony(p, full, first, second, n_cells_of):  # pragma: no cover - compiled
    """Whether ``p`` has a *loony end*, so that its value is at least 0 (the loony bound of `search`).

    A loony end is a chain end (a free edge ``e`` that completes one of its two cells
    and leaves the other with exactly one free edge ``g``) whose double-dealing move
    ``g`` completes no cell.
    """
    free = full & ~p
    f = free
    while f:
        bit = f & -f
        f ^= bit
        e = trailing_zeros(bit)
        if claims(p, e, first, second) == 1:
            rest = _chain_end(p, e, bit, free, first, second, n_cells_of)[1]
            if rest and claims(p, trailing_zeros(rest), first, second) == 0:
                return True
    return False


# the fields of a frame of `search`'s explicit stack (one row per depth)
(
    F_P,
    F_GAIN,
    F_LEFT,
    F_ALPHA,
    F_BETA,
    F_A,
    F_BEST,
    F_BEST_MOVE,
    F_LOWER,
    F_UPPER,
    F_KEY,
    F_G,
    F_K,
    F_COUNT,
    F_NEXT,
    F_CLAIMS,
) = range(16)
N_FRAME = 16


@compiled(inline="always")
def _order_moves(
    p, free, tt_move, moves, d, full, first, second, n_cells_of, rank, rules, variant, stats
):  # pragma: no cover
    """Write the moves `search` tries at ``p`` into ``moves[d]``, in order, as codes; returns their count.

    The order: the table's move, double captures, captures, moves that give no cell away
    (those whose cells have more edges drawn first, `SAFE_ORDER`), sacrifices of one
    cell, of two; moves of one kind by ``rank``.  A code is ``((kind + 3) * 8 + sub) * 64
    + rank[e]`` (an insertion sort: at most 62 moves), the kind of the table's move being
    ``-1 - claims``.  The second thread (``variant``) reverses the order after the first move.
    """
    count = 0
    kinds = 0  # bit 0: a capture searched, bit 1: a move that gives no cell away
    f = searched_moves(p, full, first, second, n_cells_of, rules)  # rule B: at chain ends, fewer moves
    while f:
        bit = f & -f
        f ^= bit
        e = trailing_zeros(bit)
        c = claims(p, e, first, second)
        if c > 0:
            r = 2 - c  # 0: two cells, 1: one cell
            kinds |= 1
        else:
            r = 2 + np.int64(popcount(first[e] & free) == 1) + np.int64(popcount(second[e] & free) == 1)
            if r == 2:
                kinds |= 2
        if e == tt_move:
            r = -1 - c  # first, whatever it claims (decoded by `search`)
        sub = 0
        if r == 2 and SAFE_ORDER != 0:
            sub = popcount(first[e] & p) + popcount(second[e] & p)
            if SAFE_ORDER < 0:
                sub = 7 - sub
        code = ((r + 3) * 8 + sub) * 64 + rank[e]
        i = count
        while i > 0 and moves[d, i - 1] > code:
            moves[d, i] = moves[d, i - 1]
            i -= 1
        moves[d, i] = code
        count += 1
    if kinds & 1:
        stats[CAPTURE_NODES] += 1
    elif kinds == 0:
        stats[SACRIFICE_NODES] += 1
    if variant and count > 2:
        lo = 1
        hi = count - 1
        while lo < hi:
            t = moves[d, lo]
            moves[d, lo] = moves[d, hi]
            moves[d, hi] = t
            lo += 1
            hi -= 1
    return count


@compiled(nogil=True)
def search(
    p,
    alpha,
    beta,
    left,
    n_edges,
    first,
    second,
    n_cells_of,
    symtab,
    groups,
    perm,
    inverse,
    tt,
    tt_bits,
    stats,
    stop,
    scratch,
    sub_first,
    sub_second,
    edges,
    moves,
    oracle_edges,
    variant,
    rank,
    rules,
):  # pragma: no cover - compiled
    """Fail-soft alpha-beta value of ``p`` (``left`` incomplete cells) in the window ``(alpha, beta)``.

    Returns ``v`` with: ``v <= alpha`` means value ``<= v``; ``v >= beta`` means value
    ``>= v``; otherwise ``v`` is the value.  ``rank[e]`` is edge ``e``'s place among moves
    of one kind and ``rank[64 + i]`` the edge at place ``i`` (the move order); ``rules``
    switches on rules A, B and C below; ``variant`` (the second thread) reverses the order
    after the first move.  When ``stop[STOP]`` is set, or the entries written into empty
    slots (``stop[FILLED]``) pass ``stop[FILL_LIMIT]`` (then ``stop[FULL]`` is set too),
    the search returns at once with ``stop[ABORTED]`` set, storing nothing more (its
    return value is then meaningless).

    The pruning rules.  A *capture* is a free edge that completes a cell; the *other
    cell* of a capture that completes one of its two cells is the one it does not
    complete.  At every node the forced captures (free captures and rule A,
    `forced_claims`) are drawn one after another, each in the position the previous
    ones left, and the moves of the position reached are restricted by rules B and C
    (`searched_moves`).  Every rule is a statement about values, ``value(p) = max`` over
    the moves it keeps of their move values, so the search is exact if each holds at
    every position where it is used (by induction on the free edges).

    Free captures (proved, always on): if a free edge ``e`` completes *every* cell it
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
    (taking one changes no other edge's cells).

    Rule A, safe captures (`SAFE_CAPTURES`; Barker and Korf, "Solving Dots-And-Boxes",
    AAAI 2012, for boxes): a capture that completes one cell and leaves its other cell
    with at least two free edges (it makes no cell capturable) is taken at once:
    ``value(p) = 1 + value(p + e)``.

    Rule B, captures and double-dealing moves (`DOUBLE_DEALING`; Berlekamp, *The
    Dots-and-Boxes Game*, 2000, on double-dealing, and Barker and Korf 2012): call a
    capture ``e`` a *chain end* if it completes one cell and leaves its other cell with
    exactly one free edge ``g`` (it makes that cell capturable); ``g`` is its
    *double-dealing move* (drawing it instead hands both cells over: ``e`` then
    completes two).  If the position has a chain end, only its captures and the
    double-dealing moves of its chain ends are searched.  Barker and Korf's form, only
    the first chain end's capture and double-dealing move, is false on a general board:
    with two capturable chains the better one may be the other (side 3, position
    72665: 83 positions of side 3 and 1,087 of 3x3 boxes fail it), so every capture is
    kept.

    Rule C, long chains (`LONG_CHAINS`; Berlekamp's all-but-two: decline only the last
    two cells of a chain): a chain end's double-dealing move ``g`` is left out when the
    chain goes on past the other cell: ``g`` lies in a third cell whose free edges are
    ``g`` and one more, ``h``, and ``h`` completes no cell (were ``h`` a capture, as in
    an opened loop of four, ``g`` would be the all-but-four move and is kept).

    The loony bound (proved; ``rules & LOONY_BOUND``; Berlekamp 2000 on loony moves): a
    position with a loony end (`loony`: a chain end ``e`` whose double-dealing move ``g``
    completes no cell) has value at least 0, so in a window with ``beta <= 0`` it fails
    high at once.  Proof: let ``Q`` be the position with ``e`` and ``g`` drawn.  Taking
    ``e`` then ``g`` (which then completes the other cell, and no third) is worth
    ``2 + value(Q)``.  Drawing ``g`` leaves ``e`` completing both its cells, every
    cell it lies in, so by the free captures rule the opponent's value is
    ``2 + value(Q)`` and the move's is ``-(2 + value(Q))``.  Hence
    ``value(p) >= |2 + value(Q)| >= 0``.

    Rules A, B and C are not proved here; they are checked exhaustively (`check_rules`,
    `triangles_core.engine.search.check_capture_rules`): wherever a rule applies, the
    position's value is the best move value of the moves it keeps, at every position of
    side 2, side 3 and 1x1 to 3x3 boxes with the three rules, with A alone, with A and
    B, and with B and C (``tests/test_capture_rules.py``), and at every position of
    side 4 (2**30 positions) and 3x4 boxes (2**31) with the three rules
    (``scripts/check_capture_rules.py``, results in ``data/search/*_capture_rules.json``);
    rule B also where it applies beside a forced capture.  Beyond those boards they are
    conjectures, with that evidence.
    """
    full = (np.int64(1) << n_edges) - 1
    frames = np.empty((n_edges + 1, N_FRAME), dtype=np.int64)
    first, second, n_cells_of, symtab, groups = (
        _borrowed(first),
        _borrowed(second),
        _borrowed(n_cells_of),
        _borrowed(symtab),
        _borrowed(groups),
    )
    perm, inverse, tt, rank = (_borrowed(perm), _borrowed(inverse), _borrowed(tt), _borrowed(rank))
    stats, stop, scratch, moves = _borrowed(stats), _borrowed(stop), _borrowed(scratch), _borrowed(moves)
    sub_first, sub_second, edges = _borrowed(sub_first), _borrowed(sub_second), _borrowed(edges)
    d = 0  # depth of the node being entered or finished; its frame is frames[d]
    while True:
        # enter the node (p, alpha, beta, left) at depth d: a value at once, or a frame to search
        if stop[STOP] or 0 < stop[FILL_LIMIT] < stop[FILLED]:
            if not stop[STOP]:  # the table is full enough to grow: `grow_table`, then search again
                stop[FULL] = 1
                stop[STOP] = 1
            stop[ABORTED] = 1
            return np.int64(0)
        stats[NODES] += 1
        p, gain = _take_free_captures(p, full, first, second, n_cells_of, rules)
        left -= gain
        alpha -= gain
        beta -= gain
        done = True
        v = np.int64(0)
        if left == 0:  # nothing left to claim: every remaining move is worth 0
            v = gain
        elif left <= alpha:
            v = left + gain
        elif -left >= beta:
            v = -left + gain
        elif beta <= 0 and rules & LOONY_BOUND and loony(p, full, first, second, n_cells_of):  # value >= 0 >= beta
            v = gain
        else:
            free = full & ~p
            k = popcount(free)
            if k >= SYMMETRY_EDGES:
                key, g = canonical_of(p, symtab, groups)
            else:  # deep in the tree: the position itself is the key (cheaper; no orbit is shared there)
                key = p
                g = 0
            stats[TT_PROBES] += 1
            lower = -left
            upper = left
            tt_move = -1
            done = False
            dt = _probe(key, tt, tt_bits)
            if dt >= 0:
                stats[TT_HITS] += 1
                lower = max(lower, (dt & 255) - 64)
                upper = min(upper, ((dt >> 8) & 255) - 64)
                if lower >= beta or lower == upper:
                    v = lower + gain
                    done = True
                elif upper <= alpha:
                    v = upper + gain
                    done = True
                else:
                    m = (dt >> 16) & 63
                    if m != NO_MOVE:
                        tt_move = inverse[g, m]
            if not done and k <= oracle_edges:
                stats[ORACLE] += 1
                v = subgame_value(p, n_edges, first, second, scratch, sub_first, sub_second, edges)
                _store(key, v, v, NO_MOVE, k, tt, tt_bits, stop)
                v += gain
                done = True
            if not done:
                if alpha < lower:
                    alpha = lower
                if beta > upper:
                    beta = upper
                count = _order_moves(
                    p, free, tt_move, moves, d, full, first, second, n_cells_of, rank, rules, variant, stats
                )
                frames[d, F_P] = p
                frames[d, F_GAIN] = gain
                frames[d, F_LEFT] = left
                frames[d, F_ALPHA] = alpha
                frames[d, F_BETA] = beta
                frames[d, F_A] = alpha
                frames[d, F_BEST] = -127
                frames[d, F_BEST_MOVE] = NO_MOVE
                frames[d, F_LOWER] = lower
                frames[d, F_UPPER] = upper
                frames[d, F_KEY] = key
                frames[d, F_G] = g
                frames[d, F_K] = k
                frames[d, F_COUNT] = count
                frames[d, F_NEXT] = 0
        # unwind: hand v up, searching the next move of a frame where one is left
        while True:
            if done:
                if d == 0:
                    return v
                d -= 1
                c = frames[d, F_CLAIMS]
                v = c + v if c > 0 else -v
                if v > frames[d, F_BEST]:
                    frames[d, F_BEST] = v
                    frames[d, F_BEST_MOVE] = rank[64 + (moves[d, frames[d, F_NEXT] - 1] & 63)]
                    if v > frames[d, F_A]:
                        frames[d, F_A] = v
                        if v >= frames[d, F_BETA]:
                            stats[CUTOFFS] += 1
                            frames[d, F_NEXT] = frames[d, F_COUNT]
            i = frames[d, F_NEXT]
            if i < frames[d, F_COUNT]:  # the next move: enter its child at depth d + 1
                code = moves[d, i]
                e = rank[64 + (code & 63)]
                r = (code >> 9) - 3
                c = -1 - r if r < 0 else (2 - r if r < 2 else 0)
                frames[d, F_NEXT] = i + 1
                frames[d, F_CLAIMS] = c
                p = frames[d, F_P] | (np.int64(1) << e)
                if c > 0:
                    alpha = frames[d, F_A] - c
                    beta = frames[d, F_BETA] - c
                    left = frames[d, F_LEFT] - c
                else:
                    alpha = -frames[d, F_BETA]
                    beta = -frames[d, F_A]
                    left = frames[d, F_LEFT]
                d += 1
                break
            # every move searched, or a cut-off: store the bounds and hand the value up
            best = frames[d, F_BEST]
            lower = frames[d, F_LOWER]
            upper = frames[d, F_UPPER]
            if best <= frames[d, F_ALPHA]:
                upper = min(upper, best)
            elif best >= frames[d, F_BETA]:
                lower = max(lower, best)
            else:
                lower = best
                upper = best
            g = frames[d, F_G]
            _store(frames[d, F_KEY], lower, upper, perm[g, frames[d, F_BEST_MOVE]], frames[d, F_K], tt, tt_bits, stop)
            v = best + frames[d, F_GAIN]
            done = True


@compiled()
def probe_exact(
    p, left, n_edges, first, second, n_cells_of, symtab, groups, tt, tt_bits, rules
):  # pragma: no cover - compiled
    """``(lower, upper)`` bounds the table holds for ``p`` (after its free captures), as values of ``p``."""
    full = (np.int64(1) << n_edges) - 1
    p, gain = _take_free_captures(p, full, first, second, n_cells_of, rules)
    left -= gain
    if left == 0:
        return gain, gain
    if popcount(full & ~p) >= SYMMETRY_EDGES:
        key, g = canonical_of(p, symtab, groups)
    else:
        key = p
    lower = -left
    upper = left
    d = _probe(key, tt, tt_bits)
    if d >= 0:
        lower = max(lower, (d & 255) - 64)
        upper = min(upper, ((d >> 8) & 255) - 64)
    return lower + gain, upper + gain


@compiled(nogil=True)
def mtdf_values(
    positions,
    lefts,
    n_edges,
    first,
    second,
    n_cells_of,
    symtab,
    groups,
    perm,
    inverse,
    tt,
    tt_bits,
    stats,
    stop,
    scratch,
    sub_first,
    sub_second,
    edges,
    moves,
    oracle_edges,
    rank,
    rules,
):  # pragma: no cover - compiled
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
            v = search(
                positions[i],
                gamma - 1,
                gamma,
                lefts[i],
                n_edges,
                first,
                second,
                n_cells_of,
                symtab,
                groups,
                perm,
                inverse,
                tt,
                tt_bits,
                stats,
                stop,
                scratch,
                sub_first,
                sub_second,
                edges,
                moves,
                oracle_edges,
                0,
                rank,
                rules,
            )
            if v >= gamma:
                lower = v
            else:
                upper = v
            guess = v
        out[i] = lower
    return out


# what `check_rules` counts, per chunk of positions
(
    CHECKED,
    FREE_CAPTURES,
    SAFE_APPLIED,
    SAFE_FAILED,
    DD_APPLIED,
    DD_FAILED,
    DD_PRUNED,
    DD_FORCED_APPLIED,
    DD_FORCED_FAILED,
    FIRST_FAILURE,
) = range(10)
N_CHECKS = 10


@compiled(parallel=True)
def check_rules(values, start, count, n_edges, first, second, n_cells_of, rules, out):  # pragma: no cover
    """Check the pruning rules of `search` against a value table, on positions ``start .. start + count - 1``.

    ``out`` (int64, shape ``(chunks, N_CHECKS)``) receives, per chunk of the range: the
    positions checked; the (position, edge) pairs where an edge is forced by the free
    captures rule and by rule A (`forced_claims`), and those of rule A where
    ``values[p]`` is not the edge's move value; the positions without a forced edge
    where rule B (`searched_moves`) leaves out moves, those where the best searched
    move value is not ``values[p]``, and the moves it leaves out; the same two counts at
    positions that also have a forced edge (where the search never asks rule B); and
    the first failing position (or -1).  Move values are the table kernel's compiled
    rule `triangles_core.engine.retrograde.move_value`.
    """
    chunks = out.shape[0]
    full = (np.int64(1) << n_edges) - 1
    size = (count + chunks - 1) // chunks
    for k in prange(chunks):
        row = out[k]
        for i in range(N_CHECKS):
            row[i] = 0
        row[FIRST_FAILURE] = -1
        lo = start + k * size
        hi = min(start + count, lo + size)
        for p in range(lo, hi):
            p = np.int64(p)
            row[CHECKED] += 1
            v = np.int64(values[p])
            free = full & ~p
            forced = False
            f = free
            while f:
                bit = f & -f
                f ^= bit
                e = trailing_zeros(bit)
                c = forced_claims(p, e, bit, full, first, second, n_cells_of, rules)
                if c > 0:
                    forced = True
                    if c == n_cells_of[e]:
                        row[FREE_CAPTURES] += 1
                    else:
                        row[SAFE_APPLIED] += 1
                        if move_value(values, p, bit, e, first, second) != v:
                            row[SAFE_FAILED] += 1
                            if row[FIRST_FAILURE] < 0:
                                row[FIRST_FAILURE] = p
            moves = searched_moves(p, full, first, second, n_cells_of, rules)
            if moves != free:
                best = np.int64(NOT_A_MOVE)
                m = moves
                while m:
                    bit = m & -m
                    m ^= bit
                    mv = move_value(values, p, bit, trailing_zeros(bit), first, second)
                    if mv > best:
                        best = mv
                if forced:
                    row[DD_FORCED_APPLIED] += 1
                    if best != v:
                        row[DD_FORCED_FAILED] += 1
                else:
                    row[DD_APPLIED] += 1
                    row[DD_PRUNED] += popcount(free) - popcount(moves)
                    if best != v:
                        row[DD_FAILED] += 1
                        if row[FIRST_FAILURE] < 0:
                            row[FIRST_FAILURE] = p


@compiled()
def canonical_keys(positions, symtab, groups):  # pragma: no cover - compiled
    """The transposition-table key (`canonical_of`) of each position, for checks."""
    out = np.empty(positions.shape[0], dtype=np.int64)
    for i in range(positions.shape[0]):
        out[i] = canonical_of(positions[i], symtab, groups)[0]
    return out
