"""Simple loony endgames in closed form, checked against the tables by chain configuration.

A *simple loony endgame* (K. Buzzard and M. Ciere, "Playing simple loony dots and boxes
endgames optimally", *INTEGERS* 14 (2014) G08, arXiv:1305.2156) is a position whose
unclaimed cells form only long chains and loops, nothing capturable.  Its
*configuration* is the multiset of chain lengths and of loop lengths; every position of
one configuration has the same value (notebook 12's tables check this: ``notebooks/studies/endgames.py``).

Both closed forms are the net score of the remaining cells for the controller (minus the
table's ``value``): the *controlled value* ``cv = size - 4 * chains - 8 * loops + tb``
(Berlekamp 2000, with Buzzard and Ciere's terminal bonus; `controlled_value`), and
Buzzard and Ciere's optimal value: ``cv`` when ``cv >= 2``, otherwise a case analysis by
3-chains and 4-loops (`optimal_value`).
"""

from __future__ import annotations

import functools
import itertools
from typing import NamedTuple

import numpy as np

from ..games.cells import CellBoard
from .chains import LONG_CHAIN, components

__all__ = [
    "Configuration",
    "configuration",
    "controlled_value",
    "optimal_value",
    "oracle_value",
    "simple_loony_endgames",
]


class Configuration(NamedTuple):
    """The chain lengths and loop lengths of a loony endgame without junctions, each sorted."""

    chains: tuple[int, ...]
    loops: tuple[int, ...]

    @property
    def simple(self) -> bool:
        """Every chain long (Buzzard and Ciere's simple loony endgame); short chains excluded."""
        return all(c >= LONG_CHAIN for c in self.chains) and bool(self.chains or self.loops)

    def __str__(self) -> str:
        return " ".join([*(f"C{c}" for c in self.chains), *(f"L{c}" for c in self.loops)])


def simple_loony_endgames(board: CellBoard) -> np.ndarray:
    """Every position in which each unclaimed cell has exactly two undrawn edges (ascending, int64).

    These are the loony endgames without junctions (short chains included).  Found cell by
    cell, so the ``2**31`` positions of 3x4 boxes are not visited.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> len(simple_loony_endgames(board(3)))
    511
    """
    cells = [[e - 1 for e in cell] for cell in board.cells]
    undrawn_choices = [[(), *itertools.combinations(cell, 2)] for cell in cells]
    found: list[int] = []
    drawn: dict[int, bool] = {}  # every edge lies in a cell, so all are decided at the end

    def extend(k: int) -> None:
        if k == len(cells):
            position = sum(1 << e for e, d in drawn.items() if d)
            if position != board.full:
                found.append(position)
            return
        for undrawn in undrawn_choices[k]:
            fixed = []
            for e in cells[k]:
                if e not in drawn:
                    drawn[e] = e not in undrawn
                    fixed.append(e)
                elif drawn[e] == (e in undrawn):
                    break
            else:
                extend(k + 1)
            for e in fixed:
                del drawn[e]

    extend(0)
    return np.array(sorted(found), dtype=np.int64)


def configuration(board: CellBoard, position: int) -> Configuration:
    """The `Configuration` of a position all of whose components are chains or loops.

    Raises
    ------
    ValueError
        If a component has a junction.

    Examples
    --------
    >>> from triangles_core.games.boxes import boxes_board
    >>> str(configuration(boxes_board(1, 3), boxes_board(1, 3).position([1, 2, 3, 8, 9, 10])))
    'C3'
    """
    parts = components(board, position)
    if any(c.kind == "complex" for c in parts):
        raise ValueError(f"position {position!r} of the {board.label} has a junction")
    return Configuration(
        tuple(sorted(c.size for c in parts if c.kind == "chain")),
        tuple(sorted(c.size for c in parts if c.kind == "loop")),
    )


def controlled_value(chains: tuple[int, ...], loops: tuple[int, ...]) -> int:
    """The controlled value (Berlekamp 2000), the net score of a controller who keeps control.

    ``size - 4 * len(chains) - 8 * len(loops) + tb``, with Buzzard and Ciere's terminal bonus
    ``tb``: 8 if there are only loops, 6 if there are loops and every chain is a 3-chain, 4
    otherwise, 0 for nothing.

    Examples
    --------
    >>> controlled_value((3,), ())          # one 3-chain: the opponent opens it, take all 3
    3
    >>> controlled_value((3, 3, 3), (6,))   # 15 cells - 12 - 8 + 6
    1
    """
    if not chains and not loops:
        return 0
    bonus = 8 if not chains else 6 if loops and max(chains) == 3 else 4
    return sum(chains) + sum(loops) - 4 * len(chains) - 8 * len(loops) + bonus


def optimal_value(chains: tuple[int, ...], loops: tuple[int, ...]) -> int:
    """Buzzard and Ciere's optimal value of a simple loony endgame, for the player not to move.

    Parameters
    ----------
    chains, loops : tuple of int
        Chain lengths (each at least 3) and loop lengths (each even, at least 4); anything
        else, or an empty endgame, is refused (ValueError).

    Returns
    -------
    int
        The controlled value when it is at least 2, otherwise the case analysis of Buzzard
        and Ciere (2014) by the parity of ``cv``, the 3-chains and the 4-loops.  Checked
        against `oracle_value` on every configuration of at most 28 cells
        (tests/test_endgames.py).

    Examples
    --------
    >>> optimal_value((3, 3, 3, 3), ())    # cv = 0: the controller gives up control once
    2
    >>> optimal_value((3,), (4,))          # open the 4-loop: taken whole, the 3-chain given back
    1
    """
    chains, loops = tuple(sorted(chains)), tuple(sorted(loops))
    if not (chains or loops) or any(c < 3 for c in chains) or any(c < 4 or c % 2 for c in loops):
        raise ValueError(f"not a simple loony endgame: chains {chains!r}, loops {loops!r}")
    return _optimal(chains, loops)


@functools.cache
def _optimal(chains: tuple[int, ...], loops: tuple[int, ...]) -> int:
    if not chains and not loops:
        return 0
    cv = controlled_value(chains, loops)
    if cv >= 2:
        return cv
    if not loops:  # chains only
        return 2 - cv % 2
    fours = loops.count(4)
    rest = tuple(c for c in loops if c != 4)
    threes = chains.count(3)
    if threes >= 2 or (threes == 1 and len(chains) > 1 and cv % 2 == 0):  # several 3-chains, or one with longer chains
        return (0 if fours and controlled_value(chains, rest) == 4 * fours else 2) if cv % 2 == 0 else 1
    if threes == 1:  # a single 3-chain
        if _optimal(chains[1:], loops) == 2:
            return 1
        if not fours:
            return 3
    elif not fours:
        if not chains:  # loops only, none of 4
            return 4 - (-cv) % 4
        return 3 if cv % 2 else 4 - (-cv) % 4  # chains of 4 or more, no 4-loop
    # remove the 4-loops: v = |4 - d| for an odd number of them, 4 - |4 - d| for an even one
    d = _optimal(chains, rest) % 8
    return abs(4 - d) if fours % 2 else 4 - abs(4 - d)


@functools.cache
def oracle_value(chains: tuple[int, ...], loops: tuple[int, ...]) -> int:
    """The value for the player to move of an abstract chains-and-loops endgame, by plain recursion.

    Independent of the cell boards and of `optimal_value`.  The opener's opponent takes a
    1-chain or a middle-opened 2-chain whole; otherwise they take everything, or all but 2
    (chain) or 4 (loop) and decline the rest with a double-dealing move.

    Examples
    --------
    >>> oracle_value((3,), ())     # open the 3-chain: the opponent takes it
    -3
    >>> oracle_value((1, 3), ())   # open the 1-chain: the opponent takes it and opens the 3-chain
    2
    """
    if not chains and not loops:
        return 0
    options = []
    for i, c in enumerate(chains):
        if i == 0 or c != chains[i - 1]:
            rest = oracle_value(chains[:i] + chains[i + 1 :], loops)
            options.append(-max(c + rest, c - 4 - rest) if c >= 3 else -(c + rest))
    for i, c in enumerate(loops):
        if i == 0 or c != loops[i - 1]:
            rest = oracle_value(chains, loops[:i] + loops[i + 1 :])
            options.append(-max(c + rest, c - 8 - rest))
    return max(options)
