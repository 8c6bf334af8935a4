"""Drawing the chains and loops of a position (`triangles_core.analysis.chains`)."""

from __future__ import annotations

from typing import Mapping

from matplotlib.patches import Patch

from ..analysis.chains import components
from ..games.cells import CellBoard, Position
from .boards import _edge_label, _fill_cells, draw_position
from .palette import COMPONENT_COLOURS

__all__ = ["UNCLAIMED_HATCH", "component_handles", "draw_components"]

UNCLAIMED_HATCH = "///"
"""Hatching of the unclaimed cells of `draw_components`: claimed cells are solid (their
owner's colour), so a component colour never reads as an owner's."""


def draw_components(
    ax,
    board: CellBoard,
    position: Position,
    *,
    owners: Mapping[int, str | None] | None = None,
    edge_numbers: bool = False,
    title: str | None = None,
) -> None:
    """Draw a position with its unclaimed cells coloured by the chain, loop or complex component they form.

    ``owners`` and ``edge_numbers`` are as for `draw_position`.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core.games.boxes import boxes_board
    >>> fig, ax = plt.subplots()
    >>> b = boxes_board(1, 3)
    >>> draw_components(ax, b, b.position([1, 2, 3, 8, 9, 10]))
    >>> [t.get_text() for t in ax.texts]
    ['3-chain']
    >>> plt.close(fig)
    """
    position = board.position(position)
    xy = board.dot_coordinates
    for component in components(board, position):
        kind = "long chain" if component.long else "short chain" if component.kind == "chain" else component.kind
        colour = COMPONENT_COLOURS[kind]
        _fill_cells(ax, board, component.cells, facecolor=colour, alpha=0.55, edgecolor="white", hatch=UNCLAIMED_HATCH)
        dots = board.cell_dots(component.cells[len(component.cells) // 2])
        x = sum(xy[d - 1][0] for d in dots) / len(dots)
        y = sum(xy[d - 1][1] for d in dots) / len(dots)
        name = "junction" if component.kind == "complex" else component.kind
        _edge_label(ax, x, y, f"{component.size}-{name}", colour, zorder=6, bbox={"boxstyle": "round,pad=0.15"})
    draw_position(ax, board, position, owners=owners, edge_numbers=edge_numbers, title=title)


def component_handles(board: CellBoard) -> list[Patch]:
    """Legend entries for the component colours of `draw_components`.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> [h.get_label() for h in component_handles(board(3))][:2]
    ['long chain (3 or more triangles)', 'short chain (1 or 2 triangles)']
    """
    cells = board.cell_plural
    labels = {
        "long chain": f"long chain (3 or more {cells})",
        "short chain": f"short chain (1 or 2 {cells})",
        "loop": f"loop (a cycle of {cells})",
        "complex": f"{cells} joined at a junction",
    }
    return [
        Patch(facecolor=COMPONENT_COLOURS[key], edgecolor="white", hatch=UNCLAIMED_HATCH, alpha=0.55, label=label)
        for key, label in labels.items()
    ]
