"""Nimstring, the game of control, solved on every cell board with a table.

Nimstring (Winning Ways, 2nd ed., vol. 3, ch. 16; Berlekamp 2000) has the moves of the
cell game, but nothing is scored: the player who cannot move loses, so whoever completes
the last cell loses.  It is the cell game's recurrence with another terminal rule
(`triangles_core.engine.retrograde.RULES`).  Also measured: the *nim-value* of a position
``P`` (the ``n`` for which the mover loses ``P + *n``; *loony* when the mover wins for
every ``n``), and how often the Nimstring winner also wins the remaining cells.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd
from numba import prange

from ..engine.compiled import compiled, popcount, trailing_zeros
from ..engine.retrograde import NOT_A_MOVE, cell_tables, move_value, rule_value, solve_table
from ..games.boxes import boxes_board
from ..games.cells import CellBoard
from ..games.triangles import board as triangle_board
from .chains import capturable_cells, is_loony_endgame
from .tables import save_table

__all__ = [
    "BOARDS",
    "LOONY",
    "NIM_HEAPS",
    "NIM_VALUE_EDGES",
    "agreement_by_board",
    "agreement_by_edges_drawn",
    "control_table",
    "reached_by_phase",
    "nim_values",
    "reached_positions",
    "write_control_tables",
]

BOARDS: dict[str, Callable[[], CellBoard]] = {
    **{f"side {n}": functools.partial(triangle_board, n) for n in range(1, 5)},
    **{
        f"{r}x{c} boxes": functools.partial(boxes_board, r, c)
        for r, c in [(1, 1), (1, 2), (1, 3), (1, 4), (2, 2), (2, 3), (2, 4), (3, 3), (3, 4)]
    },
}
"""The boards of the tables: sides 1-4 of the triangular board, boxes up to 3x4 (every board a table fits)."""

LOONY = -1
"""The entry of `nim_values` for a loony position."""

NIM_HEAPS = 16
"""Heaps ``*0 .. *15`` are added to a position by `nim_values`."""

NIM_VALUE_EDGES = 20
"""`nim_values` is computed for boards of at most this many edges (16 tables of ``2**20`` bytes)."""


def control_table(board: CellBoard) -> np.ndarray:
    """The Nimstring value of every position of a cell board (at most 31 edges), read-only.

    +1 where the player to move wins, -1 where they lose.

    Examples
    --------
    >>> int(control_table(triangle_board(3))[0])    # the second player wins control on side 3
    -1
    """
    table = solve_table(board, rule="control")
    table.flags.writeable = False
    return table


@compiled()
def _nim_tables(n_edges, first, second, heaps):  # pragma: no cover - compiled
    # wins[n, p]: +1 if the player to move wins P + *n, else -1.  A heap move (to *m, m < n)
    # wins when P + *m is lost; otherwise the best edge, by the Nimstring rule (points 0).
    full = (np.int64(1) << n_edges) - 1
    wins = np.empty((heaps, full + 1), dtype=np.int8)
    for position in range(full, -1, -1):
        p = np.int64(position)
        for n in range(heaps):
            best = np.int64(NOT_A_MOVE)
            for m in range(n):
                if wins[m, p] < 0:
                    best = 1
            free = full & ~p
            while free and best < 1:
                bit = free & -free
                free ^= bit
                best = max(best, rule_value(wins[n], p, bit, trailing_zeros(bit), first, second, 0))
            wins[n, p] = -1 if best == NOT_A_MOVE else best
    return wins


def nim_values(board: CellBoard, heaps: int = NIM_HEAPS) -> np.ndarray:
    """The Nimstring nim-value of every position (at most `NIM_VALUE_EDGES` edges), or `LOONY`.

    Examples
    --------
    On 1x1 boxes a lone capturable box is worth 0; on 1x2 boxes a 2-chain opened at its end
    (position 55) is loony.

    >>> nim_values(boxes_board(1, 1))[[0b0000, 0b0011, 0b0111, 0b1111]].tolist()
    [1, 1, 0, 0]
    >>> nim_values(boxes_board(1, 2))[[0, 55]].tolist()
    [1, -1]
    """
    if board.n_edges > NIM_VALUE_EDGES:
        raise ValueError(f"nim-values are computed for at most {NIM_VALUE_EDGES} edges, not for the {board.label}")
    first, second = cell_tables(board)
    wins = _nim_tables(board.n_edges, first, second, heaps)
    lost = wins < 0
    return np.where(lost.any(axis=0), lost.argmax(axis=0), LOONY).astype(np.int8)


@compiled()
def _reach(values, n_edges, first, second):  # pragma: no cover - compiled
    # one bit per position; a child is a larger integer, so one ascending pass suffices
    full = (np.int64(1) << n_edges) - 1
    reach = np.zeros(((full + 1) + 63) // 64, dtype=np.uint64)
    reach[0] = 1
    for position in range(full + 1):
        p = np.int64(position)
        if not (reach[p >> 6] >> np.uint64(p & 63)) & np.uint64(1):
            continue
        free = full & ~p
        e = 0
        while free:
            if free & 1:
                bit = np.int64(1) << e
                if move_value(values, p, bit, e, first, second) == values[p]:
                    child = p | bit
                    reach[child >> 6] |= np.uint64(1) << np.uint64(child & 63)
            free >>= 1
            e += 1
    return reach


def _reached_bits(board: CellBoard, values: np.ndarray) -> np.ndarray:
    """The positions perfect play of the cell game reaches from the empty board: bit ``p % 64`` of word ``p // 64``."""
    return _reach(values, board.n_edges, *cell_tables(board))


def reached_positions(board: CellBoard, values: np.ndarray) -> np.ndarray:
    """The positions perfect play of the cell game reaches from the empty board, ascending (int64).

    Examples
    --------
    >>> from triangles_core import solve
    >>> reached_positions(triangle_board(1), solve(1).values).tolist()
    [0, 1, 2, 3, 4, 5, 6, 7]
    """
    bits = np.unpackbits(_reached_bits(board, values).view(np.uint8), bitorder="little")
    return np.flatnonzero(bits[: 1 << board.n_edges]).astype(np.int64)


@compiled(parallel=True)
def _joint_counts(values, control, reach, n_edges, chunks):  # pragma: no cover - compiled
    total = values.shape[0]
    per = (total + chunks - 1) // chunks
    counts = np.zeros((chunks, n_edges + 1, 2, 3, 2), dtype=np.int64)
    for c in prange(chunks):
        start = np.int64(c) * per
        for position in range(start, min(total, start + per)):
            p = np.int64(position)
            k = popcount(p)
            v = np.int64(values[p])
            game = 2 if v > 0 else (1 if v == 0 else 0)
            reached = np.int64((reach[p >> 6] >> np.uint64(p & 63)) & np.uint64(1))
            counts[c, k, np.int64(control[p] > 0), game, reached] += 1
    return counts.sum(axis=0)


def agreement_by_edges_drawn(name: str, board: CellBoard, values: np.ndarray, control: np.ndarray) -> pd.DataFrame:
    """Does the Nimstring winner win the cell game?  Positions with a move left, by edges drawn.

    The full board is left out: nobody moves there, so it is neither agreement nor a draw.

    Returns
    -------
    pandas.DataFrame
        One row per number of edges drawn below the full board: the positions, the Nimstring and cell-game
        outcomes for the mover, ``agree``/``disagree`` (decided positions whose Nimstring
        winner wins / loses the cell game), and the same over the ``reached`` positions.

    Examples
    --------
    >>> from triangles_core import solve
    >>> b = triangle_board(1)
    >>> agreement_by_edges_drawn("side 1", b, solve(1).values, control_table(b))[["agree", "disagree"]].sum().tolist()
    [0, 7]
    """
    counts = _joint_counts(values, control, _reached_bits(board, values), board.n_edges, 256)
    everything, reached = counts.sum(axis=3), counts[..., 1]

    def split(c: np.ndarray) -> dict[str, np.ndarray]:
        c = c[: board.n_edges]  # the full board has no move
        return {
            "positions": c.sum(axis=(1, 2)),
            "control_mover_wins": c[:, 1].sum(axis=1),
            "mover_wins": c[:, :, 2].sum(axis=1),
            "draws": c[:, :, 1].sum(axis=1),
            "mover_loses": c[:, :, 0].sum(axis=1),
            "agree": c[:, 1, 2] + c[:, 0, 0],
            "disagree": c[:, 1, 0] + c[:, 0, 2],
        }

    frame = pd.DataFrame({"board": name, "edges_drawn": np.arange(board.n_edges), **split(everything)})
    for column, data in split(reached).items():
        if column in ("positions", "control_mover_wins", "draws", "agree", "disagree"):
            frame["reached" if column == "positions" else f"reached_{column}"] = data
    return frame


def agreement_by_board(agreement: pd.DataFrame) -> pd.DataFrame:
    """`agreement_by_edges_drawn` summed over edges drawn, with the shares of agreement.

    Examples
    --------
    >>> from triangles_core import solve
    >>> b = triangle_board(2)
    >>> counts = agreement_by_edges_drawn("side 2", b, solve(2).values, control_table(b))
    >>> agreement_by_board(counts).agree_share.tolist()
    [0.765073]
    """
    total = agreement.drop(columns="edges_drawn").groupby("board", sort=False).sum().reset_index()
    total["agree_share"] = (total.agree / (total.agree + total.disagree)).round(6)
    total["reached_agree_share"] = (total.reached_agree / (total.reached_agree + total.reached_disagree)).round(6)
    return total


PHASES = ("capture available", "loony endgame", "safe moves remain")
"""Phases (`triangles_core.analysis.chains`): a cell can be taken; else every move gives cells away; else not."""


def reached_by_phase(name: str, board: CellBoard, values: np.ndarray, control: np.ndarray) -> pd.DataFrame:
    """The positions perfect play reaches, by phase: where the Nimstring winner wins the remaining cells, and where not.

    Returns
    -------
    pandas.DataFrame
        Columns ``board``, ``phase`` (`PHASES`), ``agree``, ``disagree`` (as in
        `agreement_by_edges_drawn`; drawn positions are left out), and ``agree_takes_all``,
        ``disagree_takes_all``: those positions where the winner of the remaining cells
        takes every one of them under perfect play (``abs(value)`` equals the unclaimed
        cells), so completes the last cell, which loses Nimstring.

    Examples
    --------
    >>> from triangles_core import solve
    >>> b = triangle_board(2)
    >>> reached_by_phase("side 2", b, solve(2).values, control_table(b)).disagree.tolist()
    [42, 3, 16]
    """
    reached = reached_positions(board, values)
    reached = reached[values[reached] != 0]
    agree = (control[reached] > 0) == (values[reached] > 0)
    phases = np.array([_phase(board, int(p)) for p in reached.tolist()], dtype=np.int64)
    unclaimed = np.array([board.n_cells - len(board.complete_cells(int(p))) for p in reached.tolist()])
    takes_all = np.abs(values[reached].astype(np.int64)) == unclaimed
    return pd.DataFrame(
        {
            "board": name,
            "phase": PHASES,
            "agree": np.bincount(phases[agree], minlength=3),
            "disagree": np.bincount(phases[~agree], minlength=3),
            "agree_takes_all": np.bincount(phases[agree & takes_all], minlength=3),
            "disagree_takes_all": np.bincount(phases[~agree & takes_all], minlength=3),
        }
    )


def _phase(board: CellBoard, position: int) -> int:
    if capturable_cells(board, position):
        return 0
    return 1 if is_loony_endgame(board, position) else 2


def _winner(value: int) -> str:
    return "first" if value > 0 else "second" if value < 0 else "draw"


def write_control_tables(
    directory: str | Path, solutions: Callable[[CellBoard], np.ndarray]
) -> dict[str, pd.DataFrame]:
    """Solve Nimstring on every board of `BOARDS` and write its tables to ``directory``.

    ``solutions`` gives the cell game's value table of a board.  Returns the tables by file
    stem: ``control_empty_boards``, ``control_agreement_by_edges_drawn``,
    ``control_agreement_by_board`` and ``control_nim_values_by_edges_drawn``.
    """
    empty, agreement, nim = [], [], []
    for name, make in BOARDS.items():
        b = make()
        values, control = solutions(b), control_table(b)
        nimbers = nim_values(b) if b.n_edges <= NIM_VALUE_EDGES else None
        agreement.append(agreement_by_edges_drawn(name, b, values, control))
        control_winner, game_winner = _winner(int(control[0])), _winner(int(values[0]))
        empty.append(
            {
                "board": name,
                "edges": b.n_edges,
                "cells": b.n_cells,
                "control_winner": control_winner,
                "value": int(values[0]),
                "game_winner": game_winner,
                "control_winner_wins_game": "draw" if game_winner == "draw" else control_winner == game_winner,
                "nim_value": "" if nimbers is None else _nim_name(int(nimbers[0])),
                **_first_moves(b, values, control),
            }
        )
        if nimbers is not None:
            drawn = np.bitwise_count(np.arange(1 << b.n_edges, dtype=np.uint64)).astype(np.int64)
            pairs, count = np.unique(np.stack([drawn, nimbers.astype(np.int64)]), axis=1, return_counts=True)
            for (k, v), c in zip(pairs.T.tolist(), count.tolist(), strict=True):
                nim.append({"board": name, "edges_drawn": k, "nim_value": _nim_name(v), "positions": c})
        del values, control, nimbers
    tables = {
        "control_empty_boards": pd.DataFrame(empty),
        "control_agreement_by_edges_drawn": pd.concat(agreement, ignore_index=True),
        "control_nim_values_by_edges_drawn": pd.DataFrame(nim),
    }
    tables["control_agreement_by_board"] = agreement_by_board(tables["control_agreement_by_edges_drawn"])
    for stem, frame in tables.items():
        save_table(frame, stem, directory)
    return tables


def _first_moves(board: CellBoard, values: np.ndarray, control: np.ndarray) -> dict[str, object]:
    """How many first moves win Nimstring, and the best cell-game value among them (None if none).

    A first move completes no cell, so its value is minus its child's, in either game.
    """
    winning = [-int(values[1 << e]) for e in range(board.n_edges) if control[1 << e] < 0]
    return {"control_first_moves": len(winning), "best_value_winning_control": max(winning, default=None)}


def _nim_name(value: int) -> str:
    return "loony" if value == LOONY else str(value)
