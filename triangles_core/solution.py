"""A strong solution of Fighting for Triangles and the questions it answers.

`solve` fills the value table of a board by retrograde analysis; `Solution` answers
position queries on it: the value, the value of every move, winning/drawing/losing
moves, the principal variation and the verdict.  `DrawnPosition` draws a position in
Jupyter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Literal

import numpy as np

from .board import Board, InvalidPositionError, Position, board

__all__ = ["Solution", "PrincipalVariationStep", "DrawnPosition", "solve", "Verdict"]

Verdict = Literal["win", "draw", "loss"]

MAX_TABLE_SIDE = 4
"""The largest side whose full table fits in memory (side 4: 1 GiB; side 5: 32 TiB)."""


@dataclass(frozen=True)
class PrincipalVariationStep:
    """One move of a principal variation.

    Attributes
    ----------
    ply : int
        1-based move number along the variation.
    player : {"A", "B"}
        Who makes the move: ``"A"`` is the side to move in the starting position.
    edge : int
        The 1-based edge drawn.
    claimed : tuple of int
        Indices (into `Board.triangles`) of the triangles this move completes.
    value : int
        Value of the position before this move for the player making it.
    """

    ply: int
    player: str
    edge: int
    claimed: tuple[int, ...]
    value: int


@dataclass(frozen=True)
class DrawnPosition:
    """A position that draws itself in Jupyter (``_repr_svg_``).

    Parameters
    ----------
    board : Board
        The board.
    position : int
        The position bitmask.
    move_values : dict of int to int, optional
        If given, every legal move is drawn coloured and labelled by its value.
    title : str, optional
        A caption drawn above the board.
    """

    board: Board
    position: Position
    move_values: dict[int, int] | None = None
    title: str | None = None

    def __repr__(self) -> str:
        return f"DrawnPosition(board={self.board!r}, position={self.position!r})"

    def _repr_svg_(self) -> str:
        from .plotting import position_svg

        return position_svg(self.board, self.position, self.move_values, self.title)


@dataclass(frozen=True)
class Solution:
    """The value of every position of one board.

    Parameters
    ----------
    board : Board
        The board that was solved.
    values : numpy.ndarray of int8, shape (2**board.n_edges,)
        ``values[p]``: net score for the side to move in position ``p``, counting only
        triangles completed from now on, under optimal play by both.

    Examples
    --------
    >>> s = solve(3)
    >>> s.value([])
    -3
    >>> s.verdict([1, 2, 3, 4, 5, 6])
    'win'
    """

    board: Board
    values: np.ndarray = field(repr=False)

    @property
    def side(self) -> int:
        """The board side."""
        return self.board.side

    def position(self, position: Iterable[int] | int) -> Position:
        """Normalise a position given as edge numbers or a bitmask (see `Board.position`)."""
        return self.board.position(position)

    def value(self, position: Iterable[int] | int) -> int:
        """The value of a position for the side to move.

        Parameters
        ----------
        position : iterable of int, or int
            1-based edge numbers, or a bitmask.

        Returns
        -------
        int
            Net score in triangles, in ``-t .. t`` where ``t`` is the number of
            incomplete triangles.

        Raises
        ------
        InvalidPositionError
            If the position is not on this board.
        """
        return int(self.values[self.position(position)])

    def move_value(self, position: Iterable[int] | int, edge: int) -> int:
        """The value, for the mover, of drawing ``edge`` in ``position``.

        Raises
        ------
        InvalidPositionError
            If the position is invalid, or ``edge`` is off the board or already drawn.
        """
        p = self.position(position)
        self.board._check_edge(edge)
        if p >> (edge - 1) & 1:
            raise InvalidPositionError(f"edge {edge} is already drawn in position {self.board.drawn_edges(p)}")
        return self._move_value(p, edge)

    def _move_value(self, p: Position, edge: int) -> int:
        claimed = len(self.board.completed_by(p, edge))
        after = int(self.values[p | 1 << (edge - 1)])
        return claimed + after if claimed else -after

    def move_values(self, position: Iterable[int] | int) -> dict[int, int]:
        """The value of every legal move, for the mover.

        Returns
        -------
        dict of int to int
            Edge number (ascending) to the mover's net score after drawing it and
            playing on optimally.  Empty for a full board.
        """
        p = self.position(position)
        return {e: self._move_value(p, e) for e in self.board.free_edges(p)}

    def optimal_moves(self, position: Iterable[int] | int) -> list[int]:
        """The moves that keep the value of the position (ascending edge numbers)."""
        p = self.position(position)
        best = int(self.values[p])
        return [e for e, v in self.move_values(p).items() if v == best]

    def winning_moves(self, position: Iterable[int] | int) -> list[int]:
        """Moves after which the mover ends strictly ahead (move value > 0)."""
        return [e for e, v in self.move_values(position).items() if v > 0]

    def drawing_moves(self, position: Iterable[int] | int) -> list[int]:
        """Moves after which optimal play ends level (move value == 0)."""
        return [e for e, v in self.move_values(position).items() if v == 0]

    def losing_moves(self, position: Iterable[int] | int) -> list[int]:
        """Moves after which the mover ends strictly behind (move value < 0)."""
        return [e for e, v in self.move_values(position).items() if v < 0]

    def verdict(self, position: Iterable[int] | int) -> Verdict:
        """``"win"``, ``"draw"`` or ``"loss"`` for the side to move under optimal play."""
        v = self.value(position)
        return "win" if v > 0 else "loss" if v < 0 else "draw"

    def principal_variation(self, position: Iterable[int] | int) -> list[PrincipalVariationStep]:
        """An optimal line of play from ``position`` to the full board.

        At each step the lowest-numbered optimal move is taken, so the line is
        deterministic.

        Returns
        -------
        list of PrincipalVariationStep
            One entry per move; empty for a full board.  The scores along the line add
            up to the value: A's claimed triangles minus B's equals ``value(position)``.

        Examples
        --------
        >>> pv = solve(2).principal_variation([])
        >>> sum(len(s.claimed) * (1 if s.player == "A" else -1) for s in pv)
        -2
        """
        p = self.position(position)
        player = "A"
        steps = []
        while p != self.board.full:
            value = int(self.values[p])
            edge = next(e for e in self.board.free_edges(p) if self._move_value(p, e) == value)
            claimed = self.board.completed_by(p, edge)
            steps.append(PrincipalVariationStep(len(steps) + 1, player, edge, claimed, value))
            p |= 1 << (edge - 1)
            if not claimed:
                player = "B" if player == "A" else "A"
        return steps

    def draw(self, position: Iterable[int] | int = 0, show_moves: bool = False,
             title: str | None = None) -> DrawnPosition:
        """A position that draws itself in Jupyter.

        Parameters
        ----------
        position : iterable of int, or int, default 0
            The position (empty board by default).
        show_moves : bool, default False
            Colour and label every legal move by its value.
        title : str, optional
            Caption.
        """
        p = self.position(position)
        return DrawnPosition(self.board, p, self.move_values(p) if show_moves else None, title)


def solve(side: int, *, progress: bool = False, use_cache: bool = True) -> Solution:
    """Strongly solve the side-``n`` board by retrograde analysis.

    Parameters
    ----------
    side : int
        Board side, 1 to 4.  Side 3 is the board of Gym 100015F / POJ 1085.
    progress : bool, default False
        Show a tqdm progress bar (worth it for side 4, about half a minute).
    use_cache : bool, default True
        For side 4, load the table from (and save it to) the cache directory
        (`triangles_core.store`) instead of recomputing it.

    Returns
    -------
    Solution
        Values of all ``2**n_edges`` positions (``int8``).

    Raises
    ------
    ValueError
        If ``side`` is not in 1..4 (side 5 would need 32 TiB).

    Examples
    --------
    >>> solve(3).value([])
    -3
    """
    b = board(side)
    if side > MAX_TABLE_SIDE:
        raise ValueError(
            f"side {side} has 2**{b.n_edges} positions: a full table does not fit in memory "
            f"(sides 1..{MAX_TABLE_SIDE} only)"
        )
    return Solution(b, _solved_values(side, progress, use_cache))


_memory: dict[int, np.ndarray] = {}


def _solved_values(side: int, progress: bool, use_cache: bool) -> np.ndarray:
    if side in _memory:
        return _memory[side]
    from .retrograde import solve_table

    if side >= 4 and use_cache:
        from .store import cached_table

        values = cached_table(side, lambda: solve_table(board(side), progress=progress))
    else:
        values = solve_table(board(side), progress=progress)
    values.flags.writeable = False
    _memory[side] = values
    return values
