"""Deliberately independent oracles for Peg Game for Two and the Number Game.

Written from the problem statements alone (NAQ 2018 J; ZOJ 1039 / POJ 1143; docs/SPEC.md
sections 2 and 3), importing nothing from `triangles_core`, with another algorithm and
encoding than the package's, so that an error in its rules or search is not repeated:

- Peg Game: holes placed in the plane, jumps found as equally spaced collinear triples,
  plain recursive minimax on a ``{hole: value}`` dict (the package: (row, column)
  directions and negamax on tuples).
- Number Game: positions as frozensets of allowed numbers, the forbidden numbers by a
  coin-change table, labelled bottom up (the package: bit shifts and memoised negamax).

Compared with the package by the ``test_independent_oracle_*`` tests of test_peg_game.py
and test_number_game.py.
"""

from __future__ import annotations

from collections import deque

# --------------------------------------------------------------------------- Peg Game


def peg_holes(rows: int = 5) -> dict[int, tuple[int, int]]:
    """Hole number (1-based, row by row) -> doubled plane coordinates: hole ``i`` of row ``r`` at ``(2i - r, -r)``."""
    holes, k = {}, 1
    for r in range(rows):
        for i in range(r + 1):
            holes[k] = (2 * i - r, -r)
            k += 1
    return holes


def peg_jumps(rows: int = 5) -> list[tuple[int, int, int]]:
    """Every jump ``(start, over, land)``: ``over`` a unit neighbour of ``start``, ``land`` as far again."""
    holes = peg_holes(rows)
    unit = {(2, 0), (-2, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)}
    jumps = []
    for s, (xs, ys) in holes.items():
        for o, (xo, yo) in holes.items():
            if (xo - xs, yo - ys) not in unit:
                continue
            for land, (xl, yl) in holes.items():
                if (xl - xo, yl - yo) == (xo - xs, yo - ys):
                    jumps.append((s, o, land))
    return sorted(jumps)


def peg_oracle(values, rows: int = 5) -> dict:
    """The first player's net score under minimax (``"value"``), and after each first jump
    (``"first_jumps"``: ``{(start, over, land): net score}``); ``"positions"`` searched."""
    jumps = peg_jumps(rows)
    memo: dict = {}

    def net_for_first(board: dict, first_to_move: bool) -> int:
        key = (tuple(sorted(board.items())), first_to_move)
        if key in memo:
            return memo[key]
        results = []
        for s, o, land in jumps:
            if board[s] and board[o] and not board[land]:
                score = board[s] * board[o]
                after = dict(board)
                after[land], after[s], after[o] = board[s], 0, 0
                rest = net_for_first(after, not first_to_move)
                results.append(rest + score if first_to_move else rest - score)
        if not results:
            best = 0
        else:
            best = max(results) if first_to_move else min(results)
        memo[key] = best
        return best

    board = dict(enumerate(values, 1))
    first = {}
    for s, o, land in jumps:
        if board[s] and board[o] and not board[land]:
            after = dict(board)
            after[land], after[s], after[o] = board[s], 0, 0
            first[(s, o, land)] = board[s] * board[o] + net_for_first(after, False)
    value = net_for_first(board, True)
    return {"value": value, "first_jumps": first, "positions": len(memo)}


# --------------------------------------------------------------------------- Number Game

NUMBERS = range(2, 21)


def forbidden_after(allowed: frozenset, choice: int) -> frozenset:
    """The numbers 2..20 forbidden once ``choice`` is taken: sums of forbidden numbers and ``choice`` (coin change)."""
    coins = [n for n in NUMBERS if n not in allowed] + [choice]
    reachable = [True] + [False] * 20
    for total in range(1, 21):
        reachable[total] = any(c <= total and reachable[total - c] for c in coins)
    return frozenset(n for n in NUMBERS if reachable[n])


def additive_closure(numbers) -> set[int]:
    """Every number in 2..20 that is a sum of one or more of ``numbers`` (repeats allowed)."""
    numbers = list(numbers)
    return set(forbidden_after(frozenset(NUMBERS).difference(numbers), numbers[0])) if numbers else set()


def number_game_oracle() -> dict[frozenset, bool]:
    """Every position reachable from the full start -> whether the mover wins, labelled by increasing
    size (a position is won when some choice leaves a lost one; the empty position is lost)."""
    start = frozenset(NUMBERS)
    children: dict[frozenset, dict[int, frozenset]] = {}
    queue = deque([start])
    while queue:
        position = queue.popleft()
        if position in children:
            continue
        children[position] = {}
        for x in sorted(position):
            after = frozenset(NUMBERS) - forbidden_after(position, x)
            children[position][x] = after
            if after not in children:
                queue.append(after)
    wins: dict[frozenset, bool] = {}
    for position in sorted(children, key=len):
        wins[position] = any(not wins[after] for after in children[position].values())
    return wins


def number_winning_moves(wins: dict[frozenset, bool], allowed) -> list[int]:
    """The choices from ``allowed`` that leave a position lost for the mover (per the oracle)."""
    allowed = frozenset(allowed)
    return [x for x in sorted(allowed) if not wins[frozenset(NUMBERS) - forbidden_after(allowed, x)]]
