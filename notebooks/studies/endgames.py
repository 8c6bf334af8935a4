"""Notebook 12's tables of simple loony endgames and of the long chain rule before the endgame.

`endgame_tables` groups every loony endgame without junctions of a board by chain
configuration and checks that every position of one configuration has the same value, and
compares it with the closed forms of `triangles_core.analysis.endgames` (`controlled_value`,
`optimal_value`) and its plain recursion (`oracle_value`); `endgames_by_board` sums it by
board; `long_chain_rule_predictions` counts how often the player the long chain rule names
wins before the loony endgame; `write_endgame_tables` writes the three to ``data/tables``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd

from triangles_core.analysis.chains import analyse_endgame, cell_degrees, controller
from triangles_core.analysis.endgames import (
    Configuration,
    configuration,
    controlled_value,
    optimal_value,
    oracle_value,
    simple_loony_endgames,
)
from triangles_core.analysis.tables import save_table
from triangles_core.games.cells import CellBoard

__all__ = [
    "endgame_tables",
    "endgames_by_board",
    "long_chain_rule_predictions",
    "write_endgame_tables",
]


def endgame_tables(name: str, board: CellBoard, values: np.ndarray) -> pd.DataFrame:
    """Every loony endgame without junctions of a board, grouped by chain configuration.

    Returns
    -------
    pandas.DataFrame
        One row per configuration: its ``positions``, the table's
        ``value`` (``values_in_table`` distinct values), `oracle_value`, and for a
        ``simple`` configuration (every chain long) `controlled_value` and `optimal_value`
        and whether each equals ``-value``.

    Examples
    --------
    >>> from triangles_core import solve
    >>> t = endgame_tables("side 3", solve(3).board, solve(3).values)
    >>> int(t.positions.sum()), bool(t.optimal_value_agrees[t.simple].all())
    (511, True)
    """
    found: dict[Configuration, Counter[int]] = {}
    for p in simple_loony_endgames(board).tolist():
        found.setdefault(configuration(board, p), Counter())[int(values[p])] += 1
    rows = []
    for config, counts in found.items():
        value = counts.most_common(1)[0][0]
        simple = config.simple
        cv = controlled_value(*config) if simple else None
        bc = optimal_value(*config) if simple else None
        rows.append(
            {
                "board": name,
                "configuration": str(config),
                "chains": " ".join(map(str, config.chains)),
                "loops": " ".join(map(str, config.loops)),
                "cells": sum(config.chains) + sum(config.loops),
                "positions": sum(counts.values()),
                "value": value,
                "values_in_table": len(counts),
                "oracle_value": oracle_value(*config),
                "simple": simple,
                "controlled_value": cv,
                "optimal_value": bc,
                "controlled_value_agrees": None if cv is None else cv == -value,
                "optimal_value_agrees": None if bc is None else bc == -value,
            }
        )
    frame = pd.DataFrame(rows)
    for column in ("controlled_value", "optimal_value"):
        frame[column] = frame[column].astype("Int64")
    return frame.sort_values(["cells", "configuration"], ignore_index=True)


def endgames_by_board(table: pd.DataFrame) -> pd.DataFrame:
    """`endgame_tables` summed by board: configurations and positions, and how many agree.

    Examples
    --------
    >>> from triangles_core import solve
    >>> endgames_by_board(endgame_tables("side 3", solve(3).board, solve(3).values)).iloc[0, 1:].tolist()
    [24, 511, 24, 24, 7, 215, 7, 7]
    """
    simple = table[table.simple.astype(bool)]
    by = table.groupby("board", sort=False)
    simple_by = simple.groupby("board", sort=False)
    frame = pd.DataFrame(
        {
            "configurations": by.size(),
            "positions": by.positions.sum(),
            "one_value": (table.values_in_table == 1).groupby(table.board, sort=False).sum(),
            "oracle_agrees": (table.oracle_value == table.value).groupby(table.board, sort=False).sum(),
            "simple_configurations": simple_by.size(),
            "simple_positions": simple_by.positions.sum(),
            "controlled_value_agrees": simple_by.controlled_value_agrees.sum(),
            "optimal_value_agrees": simple_by.optimal_value_agrees.sum(),
        }
    )
    return frame.fillna(0).astype("int64").reset_index()


def long_chain_rule_predictions(name: str, board: CellBoard, positions: np.ndarray, values: np.ndarray) -> pd.DataFrame:
    """The long chain rule as a prediction before the loony endgame, by long chains already formed.

    At each position with a safe move and nothing capturable, `triangles_core.analysis.chains.controller`
    names a player; the table counts how often that player takes more of the remaining cells
    under perfect play (``named_wins``) among the positions not drawn (``decided``), and, as
    a baseline that names the player to move everywhere, how often the mover does (``mover_wins``).
    Over the positions perfect play reaches, every share is fixed by who wins the game under
    perfect play, whatever player a rule names; over all positions the rule can be wrong.

    Examples
    --------
    >>> from triangles_core import solve
    >>> from triangles_core.analysis.control import reached_positions
    >>> s = solve(2)
    >>> t = long_chain_rule_predictions("side 2", s.board, reached_positions(s.board, s.values), s.values)
    >>> t.named_wins.tolist()
    [0]
    """
    rows: dict[int, list[int]] = {}
    for p in positions.tolist():
        a = analyse_endgame(board, p)
        if a.loony_endgame or not a.free_edges or 1 in cell_degrees(board, p):
            continue
        named_is_mover = controller(a.free_edges, a.unclaimed_cells, a.long_chains)
        v = int(values[p]) if named_is_mover else -int(values[p])
        row = rows.setdefault(a.long_chains, [0, 0, 0, 0, 0])
        row[0] += 1
        row[1] += v != 0
        row[2] += v > 0
        row[3] += v < 0
        row[4] += int(values[p]) > 0
    columns = ["board", "long_chains", "positions", "decided", "named_wins", "named_loses", "mover_wins"]
    frame = pd.DataFrame([(name, k, *r) for k, r in sorted(rows.items())], columns=columns)
    frame["named_win_share"] = (frame.named_wins / frame.decided).round(6)
    frame["mover_win_share"] = (frame.mover_wins / frame.decided).round(6)
    return frame


ENDGAME_BOARDS = ("side 2", "side 3", "side 4", "2x2 boxes", "2x3 boxes", "3x3 boxes", "3x4 boxes")
"""Boards of ``endgames_by_configuration``: every board with a table from side 2 and 2x2 boxes."""

PREDICTION_BOARDS = ("side 2", "side 3", "2x2 boxes", "2x3 boxes")
"""Boards of ``long_chain_rule_predictions``, over all positions (3x3 boxes: 16.8 million, too many for Python)."""


def write_endgame_tables(
    directory: str | Path, solutions: Callable[[CellBoard], np.ndarray]
) -> dict[str, pd.DataFrame]:
    """Write `endgame_tables`, `endgames_by_board` and `long_chain_rule_predictions` to ``directory``.

    ``solutions`` gives the value table of a board (``lambda b: triangles_core.solve_cells(b).values``).
    Returns the tables by file stem.
    """
    from triangles_core.analysis.control import BOARDS

    ends, rule = [], []
    for name in ENDGAME_BOARDS:
        b = BOARDS[name]()
        values = solutions(b)
        ends.append(endgame_tables(name, b, values))
        if name in PREDICTION_BOARDS:
            every = np.arange(1 << b.n_edges, dtype=np.int64)
            rule.append(long_chain_rule_predictions(name, b, every, values))
    tables = {
        "endgames_by_configuration": pd.concat(ends, ignore_index=True),
        "long_chain_rule_predictions": pd.concat(rule, ignore_index=True),
    }
    tables["endgames_by_board"] = endgames_by_board(tables["endgames_by_configuration"])
    for stem, frame in tables.items():
        save_table(frame, stem, directory)
    return tables
