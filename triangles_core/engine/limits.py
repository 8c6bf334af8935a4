"""The size limits of the engine, stated once.

Every value table holds one ``int8`` per position, ``2**n_edges`` bytes; these numbers say
which boards get a table, which a move table, which are cached on disk, and how large a
board the search solver takes.  The engine,
the command line and the explorer all read them from here (the command line without
importing numba).
"""

from __future__ import annotations

__all__ = [
    "LARGE_TABLE_EDGES",
    "MAX_MOVE_TABLE_EDGES",
    "MAX_SEARCH_EDGES",
    "MAX_SEARCH_SIDE",
    "MAX_TABLE_EDGES",
    "MAX_TABLE_SIDE",
]

MAX_TABLE_EDGES = 31
"""The largest board whose full value table is built (31 edges: 2 GiB, 3x4 boxes)."""

MAX_TABLE_SIDE = 4
"""The largest triangular side whose table fits in memory (side 4: 30 edges, 1 GiB; side 5: 45 edges, 32 TiB)."""

MAX_MOVE_TABLE_EDGES = 24
"""The largest board whose whole move table is built (24 edges: 384 MiB)."""

MAX_SEARCH_EDGES = 62
"""The largest board the search solver takes (positions are 64-bit masks; 4x4 boxes: 40, side 5: 45)."""

MAX_SEARCH_SIDE = 5
"""The largest triangular side solved at all: by search beyond `MAX_TABLE_SIDE` (side 6 has 63 edges)."""

LARGE_TABLE_EDGES = 28
"""Boards with at least this many edges (tables of 256 MiB and up) are cached on disk and solved with a progress bar."""
