"""Symmetry classes of positions of a cell board, vectorised over the whole board with numpy.

The symmetries of a board (`CellBoard.symmetries`: the 6 of the triangle, the 4 or 8 of
a rectangle or square of boxes) act on positions by permuting edges.  Two positions in the
same orbit (*symmetry class*) have the same value, so a table or a graph can be folded
onto one representative per class: the *canonical form*, the smallest bitmask of the
orbit (as `CellBoard.canonical` defines it).

`burnside_class_counts` counts the classes with ``k`` drawn edges from the cycle
structure of the symmetries alone (Burnside's lemma), without listing any position; it
is the independent check of the brute-force count `orbit_class_counts`.
"""

from __future__ import annotations

import numpy as np

from ..games.cells import CellBoard

__all__ = [
    "MAX_ARRAY_EDGES",
    "check_array_board",
    "edge_counts",
    "symmetry_images",
    "canonical_forms",
    "orbit_sizes",
    "orbit_class_counts",
    "cycle_lengths",
    "burnside_class_counts",
    "move_classes",
]

MAX_ARRAY_EDGES = 24
"""Largest number of edges for which whole-board arrays are built (side 3 has 18, 3x3 boxes 24)."""


def check_array_board(b: CellBoard) -> None:
    """Refuse a board too big for a whole-board array (more than `MAX_ARRAY_EDGES` edges)."""
    if b.n_edges > MAX_ARRAY_EDGES:
        raise ValueError(
            f"the {b.label} has 2**{b.n_edges} positions: whole-board arrays are built "
            f"only up to {MAX_ARRAY_EDGES} edges"
        )


def _all_positions(b: CellBoard) -> np.ndarray:
    """Every position of a board not too big for arrays (`check_array_board`), in bitmask order."""
    check_array_board(b)
    return np.arange(1 << b.n_edges, dtype=np.int64)


def edge_counts(b: CellBoard) -> np.ndarray:
    """The number of drawn edges of every position.

    Returns
    -------
    numpy.ndarray of int8, shape (2**n_edges,)
        ``counts[p]`` is the popcount of ``p``, in ``0..n_edges``.

    Examples
    --------
    >>> from triangles_core import board
    >>> edge_counts(board(1)).tolist()
    [0, 1, 1, 2, 1, 2, 2, 3]
    """
    return np.bitwise_count(_all_positions(b)).astype(np.int8)


def symmetry_images(b: CellBoard) -> np.ndarray:
    """The image of every position under each of the board's symmetries.

    Returns
    -------
    numpy.ndarray of int64, shape (len(b.symmetries), 2**n_edges)
        Row ``g`` holds ``b.apply_symmetry(b.symmetries[g], p)`` for every ``p``.
    """
    positions = _all_positions(b)
    images = np.zeros((len(b.symmetries), positions.size), dtype=np.int64)
    for g, symmetry in enumerate(b.symmetries):
        for e, target in enumerate(symmetry):
            images[g] |= ((positions >> e) & 1) << (target - 1)
    return images


def canonical_forms(b: CellBoard) -> np.ndarray:
    """The canonical form (smallest image) of every position.

    Returns
    -------
    numpy.ndarray of int64, shape (2**n_edges,)
        ``canonical[p] == b.canonical(p)``.

    Examples
    --------
    >>> from triangles_core import board
    >>> b = board(2)
    >>> int(canonical_forms(b)[1 << 8]) == b.canonical(1 << 8)
    True
    """
    return symmetry_images(b).min(axis=0)


def orbit_sizes(b: CellBoard) -> np.ndarray:
    """The size of the symmetry class of every position (1, 2, 3 or 6).

    Returns
    -------
    numpy.ndarray of int8, shape (2**n_edges,)
        Number of distinct images of each position.
    """
    images = np.sort(symmetry_images(b), axis=0)
    distinct = 1 + (np.diff(images, axis=0) != 0).sum(axis=0)
    return distinct.astype(np.int8)


def orbit_class_counts(b: CellBoard) -> np.ndarray:
    """Brute-force number of symmetry classes with ``k`` drawn edges, ``k = 0..n_edges``.

    Returns
    -------
    numpy.ndarray of int64, shape (n_edges + 1,)
    """
    representatives = canonical_forms(b) == _all_positions(b)
    return np.bincount(edge_counts(b)[representatives], minlength=b.n_edges + 1).astype(np.int64)


def cycle_lengths(permutation: tuple[int, ...]) -> list[int]:
    """Cycle lengths of an edge permutation given as 1-based images (`CellBoard.symmetries`).

    Examples
    --------
    >>> cycle_lengths((2, 3, 1, 4))
    [3, 1]
    """
    seen = [False] * len(permutation)
    lengths = []
    for start in range(len(permutation)):
        length, e = 0, start
        while not seen[e]:
            seen[e] = True
            e = permutation[e] - 1
            length += 1
        if length:
            lengths.append(length)
    return lengths


def burnside_class_counts(b: CellBoard) -> np.ndarray:
    """Number of symmetry classes with ``k`` drawn edges, by Burnside's lemma.

    Returns
    -------
    numpy.ndarray of int64, shape (n_edges + 1,)
        Classes per number of drawn edges; the total is the number of classes.

    Examples
    --------
    >>> from triangles_core import board
    >>> burnside_class_counts(board(1)).tolist()
    [1, 1, 1, 1]
    >>> int(burnside_class_counts(board(3)).sum())
    44224
    """
    total = [0] * (b.n_edges + 1)
    for symmetry in b.symmetries:
        polynomial = [1]
        for length in cycle_lengths(symmetry):
            shifted = [0] * length + polynomial
            polynomial = [a + c for a, c in zip(polynomial + [0] * length, shifted, strict=False)]
        for k, c in enumerate(polynomial):
            total[k] += c
    group = len(b.symmetries)  # Burnside: every total is divisible by the group's order
    return np.array([t // group for t in total], dtype=np.int64)


def move_classes(b: CellBoard, position: int = 0) -> dict[int, int]:
    """Group the free edges of a position into classes of equivalent moves.

    Returns
    -------
    dict of int to int
        Each free edge (ascending) to the smallest edge of its class.

    Examples
    --------
    >>> from triangles_core import board
    >>> sorted(set(move_classes(board(3)).values()))
    [1, 3, 4, 5]
    """
    position = b.position(position)  # a bitmask of the board's edges or a list of edges, checked
    stabiliser = [s for s in b.symmetries if b.apply_symmetry(s, position) == position]
    return {e: min(s[e - 1] for s in stabiliser) for e in b.free_edges(position)}
