"""The public entry points that solve each game, and where their value tables live.

- `solve` (Fighting for Triangles, side 1..4) and `solve_boxes` (Dots-and-Boxes up to
  31 lines) run the compiled retrograde kernel once per board and process; tables of
  28 edges or more are kept in the user cache (`triangles_core.engine.store`), and the
  side-3 table ships with the package (so the judges start without numba).
- `solve_peg_game` and `solve_number_game` run the reference negamax
  (`triangles_core.engine.searched`).

Every result implements `triangles_core.engine.solved.SolvedGame`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

import numpy as np

from ..common.checks import check_flag, check_integer, excerpt
from ..common.limits import LARGE_TABLE_EDGES, MAX_SEARCH_SIDE, MAX_TABLE_EDGES, MAX_TABLE_SIDE
from ..games.boards import standard_board
from ..games.boxes import boxes_board
from ..games.cells import CellBoard
from ..games.peg import PegGame, peg_board
from ..games.triangles import board
from .game import SearchLimitError
from .searched import NegamaxSolution, NumberGameSolution
from .table_solution import TableSolution

if TYPE_CHECKING:  # the search is imported when a board needs it: `triangles judge` never does
    from .search import SearchSolution

__all__ = [
    "MAX_PEG_POSITIONS",
    "MAX_SEARCH_SIDE",
    "MAX_TABLE_SIDE",
    "METHODS",
    "solve",
    "solve_boxes",
    "solve_cells",
    "solve_number_game",
    "solve_peg",
    "solve_peg_game",
]

CACHED_EDGES = LARGE_TABLE_EDGES
"""Value tables of boards with at least this many edges are cached on disk (`triangles_core.common.limits`)."""

MAX_PEG_POSITIONS = 100_000
"""A peg search stops beyond this many positions (about 30 MB and 3 s); every 5-row
board of NAQ 2018 J needs at most 26,725."""

_memory: dict[tuple[CellBoard, bool], np.ndarray] = {}
"""The value tables solved in this process, by board and ``use_cache``; `solve_cells` hands out views of them."""

_mapped_files: dict[tuple[CellBoard, bool], tuple[str, str | None]] = {}
"""For each table of `_memory` mapped from a cache file: that file, and its `_file_id` when it was mapped."""


def _file_id(path: str) -> str | None:
    """The `triangles_core.engine.store.file_stamp` of the file at ``path``, or None when there is none."""
    from .store import file_stamp

    try:
        return file_stamp(Path(path))
    except OSError:
        return None


def _forget_if_gone(key: tuple[CellBoard, bool]) -> None:
    """Drop the table of ``key`` from `_memory` if it maps a cache file that is no longer in the cache.

    A cached table proven damaged while answering
    (`triangles_core.common.errors.DamagedTableError`) has its file removed by
    `triangles_core.engine.store.discard_damaged_table`, and ``triangles verify`` removes
    one that fails its full check; the mapping would still show the damaged bytes, so the
    table leaves `_memory` here, the next time the board is solved, and is read or
    computed again.  A file replaced since (another process wrote a sound table there)
    is not the one mapped either, nor is one rewritten in place (its status-change time
    moved, even if its modification time was put back), and either is read afresh the same way.
    """
    if key in _mapped_files:
        path, mapped_id = _mapped_files[key]
        if _file_id(path) != mapped_id:
            del _mapped_files[key]
            _memory.pop(key, None)


METHODS = ("auto", "table", "search")
"""How a cell board is solved: ``"table"`` (retrograde analysis of every position, at most
`MAX_TABLE_EDGES` = 31 edges), ``"search"`` (`triangles_core.engine.search`, on demand,
at most `MAX_SEARCH_EDGES` = 62 edges), ``"auto"``: the table where it fits, the search beyond."""


def solve_cells(
    cell_board: CellBoard,
    *,
    progress: bool = False,
    use_cache: bool = True,
    method: str = "auto",
    max_memory: int | None = None,
    threads: int = 1,
) -> TableSolution | SearchSolution:
    """Solve any cell board: by retrograde analysis (at most 31 edges) or by search (issue 21).

    Parameters
    ----------
    cell_board : CellBoard
        The board.
    progress : bool, default False
        Show a tqdm progress bar while the table is computed.
    use_cache : bool, default True
        For boards of `CACHED_EDGES` edges or more, load the table from (and save it
        to) the cache directory instead of recomputing it.
    method : {"auto", "table", "search"}, default "auto"
        `METHODS`: the value table where it fits in memory (at most 31 edges), the
        search (`triangles_core.engine.search.SearchSolution`) beyond.
    max_memory, threads : int, optional
        The search's transposition-table bytes (default 1 GiB) and threads (1 or 2).
        Options of the search only: a board that gets its value table (``method="table"``,
        or ``"auto"`` on at most 31 edges) refuses them rather than ignore them; pass
        ``method="search"`` to search such a board with them.

    Returns
    -------
    TableSolution or SearchSolution
        The table: values of all ``2**n_edges`` positions (``int8``, read-only),
        computed once per process (a table mapped from the cache is read again once its
        file has left the cache: one found damaged while answering is removed from
        there, see `solve`).  The search answers the same questions on demand.

    Raises
    ------
    ValueError
        If ``method`` is not one of `METHODS`, the board has more than 31 edges and
        ``method`` is ``"table"`` (more than 62 for the search), or ``max_memory`` or
        ``threads != 1`` is given for a board solved by its table, or ``progress`` or
        ``use_cache`` is not True or False.

    Examples
    --------
    >>> from triangles_core import board, boxes_board
    >>> solve_cells(boxes_board(2, 2)).value([]), solve_cells(board(2)).verdict([])
    (2, 'loss')
    >>> solve_cells(board(2), threads=2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: max_memory and threads are options of the search, ... the side-2 board by its value table: ...
    """
    if not isinstance(cell_board, CellBoard):
        raise ValueError(
            f"a cell board is needed (triangles_core.board(3), boxes_board(2, 2)), got {excerpt(cell_board)}"
        )
    progress = check_flag(progress, "progress")
    use_cache = check_flag(use_cache, "use_cache")
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, got {excerpt(method)}")
    searched = method == "search" or (method == "auto" and cell_board.n_edges > MAX_TABLE_EDGES)
    if not searched and (max_memory is not None or threads != 1):
        raise ValueError(
            f"max_memory and threads are options of the search, and method={method!r} solves the "
            f"{cell_board.label} by its value table: pass method='search' to search it"
        )
    if searched:
        from .search import DEFAULT_MAX_MEMORY, SearchSolution

        return SearchSolution(
            cell_board,
            max_memory=DEFAULT_MAX_MEMORY if max_memory is None else max_memory,
            threads=threads,
            progress=progress,
        )
    trusted_files = use_cache and standard_board(cell_board.key) == cell_board  # files are stored by key
    key = (cell_board, use_cache)  # a table read from a file is never the answer to use_cache=False
    _forget_if_gone(key)
    if key not in _memory:
        from .store import packaged_table

        values = packaged_table(cell_board) if trusted_files else None
        if values is None:
            from .retrograde import _check_size, solve_table

            _check_size(cell_board)

            def compute() -> np.ndarray:
                return solve_table(cell_board, progress=progress)

            if cell_board.n_edges >= CACHED_EDGES and trusted_files:
                from .retrograde import recurrence_problem
                from .store import cached_table

                values = cached_table(cell_board, compute, lambda table: recurrence_problem(cell_board, table))
            else:
                values = compute()
        _memory[key] = _read_only(values)
        _mapped_files.pop(key, None)
        if isinstance(values, np.memmap) and values.filename is not None:  # mapped from the cache: _forget_if_gone
            _mapped_files[key] = (values.filename, _file_id(values.filename))
    return TableSolution(cell_board, _memory[key].view())


def _read_only(values: np.ndarray) -> np.ndarray:
    """``values`` made read-only; solutions get views of it, which cannot be made writable again."""
    values.flags.writeable = False
    return values


def solve(
    side: int,
    *,
    progress: bool = False,
    use_cache: bool = True,
    method: str = "auto",
    max_memory: int | None = None,
    threads: int = 1,
) -> TableSolution | SearchSolution:
    """Strongly solve Fighting for Triangles on the side-``n`` board.

    Parameters
    ----------
    side : int
        Board side, 1 to 4 for a value table, 5 by search.  Side 3 is the board of Gym
        100015F / POJ 1085.
    progress : bool, default False
        Show a tqdm progress bar (worth it for side 4).
    use_cache : bool, default True
        For side 4, load the table from (and save it to) the cache directory
        (`triangles_core.engine.store`) instead of recomputing it.
    method : {"auto", "table", "search"}, default "auto"
        As for `solve_cells`: the table for sides 1 to 4, the search for side 5.
    max_memory, threads : int, optional
        The search's transposition-table bytes and threads, as for `solve_cells`: only
        with the search (side 5, or ``method="search"``).

    Returns
    -------
    TableSolution or SearchSolution
        Values of all ``2**n_edges`` positions (``int8``), or the search, which answers
        the same questions on demand.

    Raises
    ------
    ValueError
        If ``side`` is not an integer in 1..5, or in 1..4 with ``method="table"``
        (a side-5 table would need 32 TiB), or ``max_memory`` or ``threads`` is given
        for a side that is solved by its table (1 to 4 with ``method="auto"``).

    Notes
    -----
    A side-4 table read from the cache is checked on loading by its sha256 (or, when the
    file is unchanged since it last matched, by its stamp alone) and by a spot check of
    65,536 positions against the recurrence, and every answer is checked against the
    recurrence one ply deep (`triangles_core.engine.store` says what each check covers).
    A table found wrong on loading is recomputed; one found wrong while answering raises
    `triangles_core.common.errors.DamagedTableError` and is removed from the cache, so
    the next run computes it again (and so does the next ``solve`` of this process,
    which no longer answers from the table it held).  None of these proves the table: a change consistent
    one ply deep passes them, and only
    `triangles_core.analysis.verify.verify_solution` (``triangles verify``) checks every
    value.

    Examples
    --------
    >>> solve(3).value([])
    -3
    """
    side = check_integer(side, "board side", 1, MAX_TABLE_SIDE if method == "table" else MAX_SEARCH_SIDE)
    return solve_cells(
        board(side), progress=progress, use_cache=use_cache, method=method, max_memory=max_memory, threads=threads
    )


def solve_boxes(
    rows: int,
    cols: int,
    *,
    progress: bool = False,
    use_cache: bool = True,
    method: str = "auto",
    max_memory: int | None = None,
    threads: int = 1,
) -> TableSolution | SearchSolution:
    """Strongly solve Dots-and-Boxes on ``rows x cols`` boxes (at most 31 lines).

    Lines are numbered as in docs/SPEC.md section 4 (`triangles_core.games.boxes`).

    Parameters
    ----------
    rows, cols : int
        Boxes down and across; the board has ``2 rows cols + rows + cols`` lines,
        at most 31 for a table (3x3: 24 lines, 16 MiB; 2x5: 27; 3x4: 31, 2 GiB) and 62
        for the search.
    progress, use_cache : bool
        As for `solve`.
    method, max_memory, threads
        As for `solve_cells` (``max_memory`` and ``threads`` only with the search:
        beyond 31 lines, or ``method="search"``).

    Returns
    -------
    TableSolution or SearchSolution
        Values of all ``2**n_lines`` positions, or the search beyond 31 lines: the same
        interface as `solve`.

    Raises
    ------
    ValueError
        If ``rows`` or ``cols`` is not a positive integer, the board has more than 31
        lines with ``method="table"`` (more than 62 for the search), or ``max_memory`` or
        ``threads`` is given for a board solved by its table.

    Examples
    --------
    >>> solve_boxes(1, 1).value([])        # the second player draws the fourth line
    -1
    >>> solve_boxes(3, 3).value([])        # David Wilson's analysis: the first player loses by 3
    -3
    """
    return solve_cells(
        boxes_board(rows, cols),
        progress=progress,
        use_cache=use_cache,
        method=method,
        max_memory=max_memory,
        threads=threads,
    )


def solve_peg_game(values: Iterable[int], rows: int = 5) -> NegamaxSolution:
    """Solve Peg Game for Two (NAQ 2018 J) from a position, by memoised negamax.

    Parameters
    ----------
    values : iterable of int
        Peg value per hole, row by row, each 0..100 (0 = empty hole).
    rows : int, default 5
        Holes on a side.

    Returns
    -------
    NegamaxSolution
        ``root`` is the position; every position below it is solved.  Moves are
        `triangles_core.games.peg.Jump` objects.

    Raises
    ------
    InvalidPegBoardError
        If the position is not one of this board (see `PegBoard.position`).
    SearchLimitError
        If the search would need more than `MAX_PEG_POSITIONS` positions (large
        boards with many distinct pegs): the message says so.

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

    Parameters
    ----------
    values : iterable of int
        Peg values row by row, 0..100, exactly one 0.
    rows : int, default 5
        Holes on a side.

    Returns
    -------
    int
        First player's total minus the second's under optimal play.

    Raises
    ------
    InvalidPegBoardError
        If the board is not a legal start (see `PegBoard.start_position`).
    SearchLimitError
        As for `solve_peg_game`.

    Examples
    --------
    >>> solve_peg([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 13, 14])
    19
    """
    start = peg_board(check_integer(rows, "peg board rows", 1)).start_position(values)
    solution = solve_peg_game(start, rows)
    return solution.value(solution.root)


@lru_cache(maxsize=1)
def solve_number_game() -> NumberGameSolution:
    """Solve every position of the Number Game reachable from the full start.

    By memoised negamax from the full start (ZOJ 1039 / POJ 1143): 3,515 positions.

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
