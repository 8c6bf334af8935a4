"""The public entry points that solve each game, and where their value tables come from.

- `solve` (Fighting for Triangles) and `solve_boxes` (Dots-and-Boxes) solve a cell board
  by its value table (the compiled retrograde kernel, at most 31 edges) or by search
  (`triangles_core.engine.search`, at most 62), decided once, by `method_for`.  Tables of
  28 edges or more are cached on disk (`triangles_core.engine.cache`); the side-3 table
  ships with the package, so that the judges start without numba.
- `solve_peg_game` and `solve_number_game` run the reference negamax.

Every result implements `triangles_core.engine.solutions.SolvedGame`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable

import numpy as np

from ..games.boards import standard_board
from ..games.boxes import boxes_board
from ..games.cells import CellBoard
from ..games.peg import PegGame, peg_board
from ..games.triangles import board
from .game import SearchLimitError
from .limits import LARGE_TABLE_EDGES, MAX_SEARCH_EDGES, MAX_TABLE_EDGES
from .solutions import NegamaxSolution, NumberGameSolution, TableSolution

if TYPE_CHECKING:
    from .search import SearchSolution

__all__ = [
    "MAX_PEG_POSITIONS",
    "METHODS",
    "method_for",
    "solve",
    "solve_boxes",
    "solve_cells",
    "solve_number_game",
    "solve_peg",
    "solve_peg_game",
]

MAX_PEG_POSITIONS = 100_000
"""A peg search stops beyond this many positions (about 30 MB and 3 s); every 5-row
board of NAQ 2018 J needs at most 26,725."""

METHODS = ("auto", "table", "search")
"""How a cell board is solved: ``"table"`` (every position, at most `MAX_TABLE_EDGES` = 31
edges), ``"search"`` (on demand, at most `MAX_SEARCH_EDGES` = 62), ``"auto"``: the table
where it fits, the search beyond."""

_memory: dict[tuple[CellBoard, bool], np.ndarray] = {}
"""The value tables solved in this process, by board and ``use_cache``."""


def method_for(cell_board: CellBoard, method: str = "auto") -> str:
    """How ``cell_board`` is solved with ``method``: ``"table"`` or ``"search"`` (the one place it is decided).

    Examples
    --------
    >>> from triangles_core import board
    >>> method_for(board(4)), method_for(board(5)), method_for(board(3), "search")
    ('table', 'search', 'search')
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, got {method!r}")
    n = cell_board.n_edges
    if method == "table" and n > MAX_TABLE_EDGES:
        raise ValueError(
            f"the {cell_board.label} has {n} edges, more than a value table holds (at most {MAX_TABLE_EDGES}): "
            "solve it by search"
        )
    if n > MAX_SEARCH_EDGES:
        raise ValueError(f"the {cell_board.label} has {n} edges: the search handles at most {MAX_SEARCH_EDGES}")
    return "search" if method == "search" or n > MAX_TABLE_EDGES else "table"


def solve_cells(
    cell_board: CellBoard,
    *,
    progress: bool = False,
    use_cache: bool = True,
    method: str = "auto",
    max_memory: int | None = None,
    threads: int = 1,
) -> TableSolution | SearchSolution:
    """Solve any cell board: by its value table (at most 31 edges) or by search (at most 62).

    Parameters
    ----------
    progress : bool, default False
        Show a progress bar while the table is computed.
    use_cache : bool, default True
        For boards of 28 edges or more, load the table from (and save it to) the cache
        (`triangles_core.engine.cache`).
    method : {"auto", "table", "search"}, default "auto"
        `METHODS`, decided by `method_for`.
    max_memory, threads : int, optional
        The search's transposition-table bytes (default 1 GiB) and threads (1 or 2); a table ignores them.

    Returns
    -------
    TableSolution or SearchSolution
        The table (read-only, computed once per process) or the search, which answers the
        same questions on demand.

    Examples
    --------
    >>> from triangles_core import board, boxes_board
    >>> solve_cells(boxes_board(2, 2)).value([]), solve_cells(board(2)).verdict([])
    (2, 'loss')
    """
    if method_for(cell_board, method) == "search":
        from .search import DEFAULT_MAX_MEMORY, SearchSolution

        return SearchSolution(
            cell_board, max_memory=max_memory or DEFAULT_MAX_MEMORY, threads=threads, progress=progress
        )
    trusted_files = use_cache and standard_board(cell_board.key) == cell_board  # files are named by key
    key = (cell_board, use_cache)  # a table read from a file is never the answer to use_cache=False
    if key not in _memory:
        from . import cache

        values = cache.packaged_table(cell_board) if trusted_files else None
        if values is None:
            from .retrograde import recurrence_problem, solve_table

            def compute() -> np.ndarray:
                return solve_table(cell_board, progress=progress)

            if cell_board.n_edges >= LARGE_TABLE_EDGES and trusted_files:
                values = cache.cached_table(cell_board, compute, lambda table: recurrence_problem(cell_board, table))
            else:
                values = compute()
        values = np.asarray(values)  # a plain array over a mapped file: a lookup costs 0.3 us, not 0.75
        values.flags.writeable = False  # solutions get views of it, which cannot be made writable again
        _memory[key] = values
    return TableSolution(cell_board, _memory[key].view())


def solve(side: int, **options: Any) -> TableSolution | SearchSolution:
    """Strongly solve Fighting for Triangles on the side-``side`` board (1 to 4 by table, 5 by search).

    Side 3 is the board of Gym 100015F / POJ 1085.

    Parameters
    ----------
    side : int
        Dots on a side of the triangle minus one: 1 to 4 by table, 5 by search.
    **options
        ``progress``, ``use_cache``, ``method``, ``max_memory`` and ``threads``, as in
        `solve_cells`.

    Returns
    -------
    TableSolution or SearchSolution
        Answers ``value``, ``move_values``, ``optimal_moves`` and ``verdict`` for any
        position of the board.

    Examples
    --------
    >>> solve(3).value([])
    -3
    """
    return solve_cells(board(side), **options)


def solve_boxes(rows: int, cols: int, **options: Any) -> TableSolution | SearchSolution:
    """Strongly solve Dots-and-Boxes on ``rows x cols`` boxes (lines numbered as in docs/SPEC.md section 4).

    Parameters
    ----------
    rows, cols : int
        Boxes down and across: ``2 rows cols + rows + cols`` lines, at most 31 for a
        table (3x4: 2 GiB) and 62 for the search.
    **options
        ``progress``, ``use_cache``, ``method``, ``max_memory`` and ``threads``, as in
        `solve_cells`.

    Returns
    -------
    TableSolution or SearchSolution
        Answers ``value``, ``move_values``, ``optimal_moves`` and ``verdict`` for any
        position of the board.

    Examples
    --------
    >>> solve_boxes(1, 1).value([])        # the second player draws the fourth line
    -1
    >>> solve_boxes(3, 3).value([])        # David Wilson's analysis: the first player loses by 3
    -3
    """
    return solve_cells(boxes_board(rows, cols), **options)


def solve_peg_game(values: Iterable[int], rows: int = 5) -> NegamaxSolution:
    """Solve Peg Game for Two (NAQ 2018 J) from a position, by memoised negamax.

    Parameters
    ----------
    values : iterable of int
        Peg value per hole, row by row, each 0..100 (0 = empty hole).
    rows : int, default 5
        Holes on a side.

    Raises
    ------
    SearchLimitError
        If the search would need more than `MAX_PEG_POSITIONS` positions.

    Examples
    --------
    >>> s = solve_peg_game([3, 1, 6, 1, 7, 8, 5, 0, 3, 4, 9, 3, 2, 1, 9])
    >>> s.value(s.root), [str(m) for m in s.optimal_moves(s.root)]
    (21, ['3>5>8'])
    """
    game = PegGame(rows)
    position = game.position(values)
    try:
        return NegamaxSolution(game, position, max_positions=MAX_PEG_POSITIONS)
    except SearchLimitError:
        raise SearchLimitError(
            f"this {rows}-row peg board needs more than {MAX_PEG_POSITIONS:,} positions to "
            "solve exactly, which is out of reach here (every 5-row board needs at most "
            "26,725)"
        ) from None


def solve_peg(values: Iterable[int], rows: int = 5) -> int:
    """The first player's net score for a starting board (the NAQ 2018 J answer).

    ``values`` are the peg values row by row, 0..100, exactly one 0.

    Examples
    --------
    >>> solve_peg([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 13, 14])
    19
    """
    start = peg_board(rows).start_position(values)
    solution = solve_peg_game(start, rows)
    return solution.value(solution.root)


@lru_cache(maxsize=1)
def solve_number_game() -> NumberGameSolution:
    """Solve every position of the Number Game (ZOJ 1039 / POJ 1143) reachable from the full start.

    Returns
    -------
    NumberGameSolution
        Cached: the same object on every call.

    Examples
    --------
    >>> s = solve_number_game()
    >>> s.n_positions, s.value([2, 3]), s.winning_moves([2])
    (3515, -1, [2])
    """
    return NumberGameSolution()
