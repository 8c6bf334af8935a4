"""The text that the ``triangles`` commands print (the CLI layer's own output).

`position_report` is what ``triangles solve`` prints: the board as text art, the value,
every legal move with its value and the principal variation.
"""

from __future__ import annotations

from typing import Any

from ..engine.solved import SolvedCellGame

__all__ = ["position_report"]

_VERDICTS = {"win": "the player to move wins", "loss": "the player to move loses",
             "draw": "optimal play ends in a draw"}


def position_report(solution: SolvedCellGame, position: Any) -> str:
    """A position of a solved cell board as ``triangles solve`` prints it.

    Parameters
    ----------
    solution : SolvedCellGame
        The solved board.
    position : iterable of int, or int
        The position (edge numbers or a bitmask).

    Returns
    -------
    str
        Several lines, without a final newline.

    Examples
    --------
    >>> from triangles_core import solve
    >>> print(position_report(solve(1), [1, 2]))  # doctest: +NORMALIZE_WHITESPACE
    Side-1 board, drawn edges: 1 2
    ...
    Value for the player to move: +1 (the player to move wins)
    <BLANKLINE>
    edge  dots    claims  value
       3   2-3         1     +1  optimal
    <BLANKLINE>
    Principal variation (* = triangle claimed): A:3*
    """
    p = solution.position(position)
    b = solution.board
    value = solution.value(p)
    lines = [f"{b.title} board, drawn edges: {' '.join(map(str, b.drawn_edges(p))) or '(none)'}",
             b.text_art(p), f"Value for the player to move: {value:+d} ({_VERDICTS[solution.verdict(p)]})"]
    moves = solution.move_values(p)
    if not moves:
        lines.append("No legal move: the board is full.")
        return "\n".join(lines)
    lines.append("\nedge  dots    claims  value")
    for edge, move_value in moves.items():
        i, j = b.edges[edge - 1]
        mark = "optimal" if move_value == value else ""
        lines.append(f"{edge:>4}  {i:>2}-{j:<3}  {b.claims(p, edge):>6}  {move_value:>+5d}  {mark}".rstrip())
    line = " ".join(f"{s.player}:{s.move}{'*' * s.reward}" for s in solution.principal_variation(p))
    lines.append(f"\nPrincipal variation (* = {b.cell_name} claimed): {line}")
    return "\n".join(lines)
