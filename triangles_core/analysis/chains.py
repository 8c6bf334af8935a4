"""Chains, loops and control: Berlekamp's theory of the cell-game endgame, for any cell board.

Source: E. R. Berlekamp, *The Dots-and-Boxes Game* (A K Peters 2000), ch. "The long chain
rule"; Berlekamp, Conway and Guy, *Winning Ways*, 2nd ed., vol. 3, ch. 16; stated as
*strings and coins* (every unclaimed cell a coin, every undrawn edge a string; a border
edge ties its cell to the ground), which does not depend on the cells being squares.

Definitions used by every function here:

- the *degree* of an unclaimed cell is its number of undrawn edges; degree 1 is *capturable*;
- a move is *safe* if it completes no cell and makes no cell capturable;
- the *loony endgame* has begun when nothing is capturable and no move is safe;
- a *component* is a connected set of unclaimed cells: a *chain* (a path of cells) or a
  *loop* (a cycle of cells of degree 2) if no cell has degree >= 3, else *complex*.  A
  chain of 3 or more cells is *long*, of 1 or 2 *short*;
- a move is *loony* if it opens a loop, a long chain, or a 2-chain at an end string.

In a loony endgame of chains and loops, short chains hand the obligation to open back and
forth; whoever must then open a long chain or loop loses *control*.  With ``s`` short
chains the player to move is in control iff ``s`` is odd; with ``F`` undrawn edges, ``R``
unclaimed cells and ``L`` long chains this reads ``F - R + L - 1`` even (`controller`).
From the start, a game of ``V`` dots with no double-cross before the loony endgame gives
the first player the last turn iff ``V + L`` is even: Berlekamp's *long chain rule*.
Control names who takes the last turn, not the winner: it costs two cells per declined
chain and four per declined loop.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Iterable, Literal

from ..games.cells import CellBoard

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = [
    "ENDGAME_COLUMNS",
    "Component",
    "EndgameAnalysis",
    "analyse_endgame",
    "capturable_cells",
    "cell_degrees",
    "components",
    "first_loony_endgames",
    "controller",
    "is_loony_endgame",
    "loony_moves",
    "safe_moves",
]

Kind = Literal["chain", "loop", "complex"]

LONG_CHAIN = 3
"""The length from which a chain is long (Berlekamp 2000): the controller can decline it."""


def cell_degrees(board: CellBoard, position: int | Iterable[int]) -> tuple[int, ...]:
    """The number of undrawn edges of each cell (0 for a complete cell), in cell order.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> cell_degrees(board(2), board(2).position([1, 2]))
    (1, 3, 3, 3)
    """
    position = board.position(position)
    return tuple(
        len(cell) - (position & mask).bit_count() for cell, mask in zip(board.cells, board.cell_masks, strict=True)
    )


def capturable_cells(board: CellBoard, position: int | Iterable[int]) -> list[int]:
    """Indices of the cells with exactly one undrawn edge (the next move there claims them)."""
    return [k for k, d in enumerate(cell_degrees(board, position)) if d == 1]


def safe_moves(board: CellBoard, position: int | Iterable[int]) -> list[int]:
    """The edges whose drawing completes no cell and makes no cell capturable.

    Examples
    --------
    >>> from triangles_core.games.triangles import board
    >>> safe_moves(board(1), 0)          # one triangle: every first move is safe
    [1, 2, 3]
    >>> safe_moves(board(1), 0b001)      # the second edge leaves the triangle capturable
    []
    """
    position = board.position(position)
    degrees = cell_degrees(board, position)
    return [
        e
        for e in range(1, board.n_edges + 1)
        if not position >> (e - 1) & 1 and all(degrees[k] >= 3 for k in board.edge_cells[e - 1])
    ]


def is_loony_endgame(board: CellBoard, position: int | Iterable[int]) -> bool:
    """True if the game is not over, nothing is capturable and no move is safe."""
    position = board.position(position)
    return position != board.full and not capturable_cells(board, position) and not safe_moves(board, position)


@dataclass(frozen=True)
class Component:
    """A connected set of unclaimed cells (module docstring): its ``cells`` in order along the chain
    or loop (sorted if complex) and its undrawn ``edges`` (strings), ground strings included."""

    kind: Kind
    cells: tuple[int, ...]
    edges: tuple[int, ...]

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.cells)

    @property
    def long(self) -> bool:
        """A chain of at least `LONG_CHAIN` cells."""
        return self.kind == "chain" and self.size >= LONG_CHAIN


def _strings(board: CellBoard, position: int, degrees: tuple[int, ...]) -> tuple[list[list[int]], dict[int, list[int]]]:
    """Per unclaimed cell, its undrawn edges; per undrawn edge, its unclaimed cells."""
    cell_edges = [[e for e in cell if not position >> (e - 1) & 1] for cell in board.cells]
    edge_cells = {
        e: [k for k in board.edge_cells[e - 1] if degrees[k] > 0]
        for e in range(1, board.n_edges + 1)
        if not position >> (e - 1) & 1
    }
    return cell_edges, edge_cells


def components(board: CellBoard, position: int | Iterable[int]) -> list[Component]:
    """The components of the unclaimed cells (chain, loop or complex), ordered by their smallest cell index.

    Examples
    --------
    A row of three boxes with every horizontal line drawn: one chain of three.

    >>> from triangles_core.games.boxes import boxes_board
    >>> b = boxes_board(1, 3)
    >>> [(c.kind, c.size) for c in components(b, b.position([1, 2, 3, 8, 9, 10]))]
    [('chain', 3)]
    """
    position = board.position(position)
    degrees = cell_degrees(board, position)
    cell_edges, edge_cells = _strings(board, position, degrees)
    seen: set[int] = set()
    found: list[Component] = []
    for start in range(board.n_cells):
        if degrees[start] == 0 or start in seen:
            continue
        stack, members = [start], []
        seen.add(start)
        while stack:
            k = stack.pop()
            members.append(k)
            for e in cell_edges[k]:
                for other in edge_cells[e]:
                    if other not in seen:
                        seen.add(other)
                        stack.append(other)
        edges = sorted({e for k in members for e in cell_edges[k]})
        if any(degrees[k] > 2 for k in members):
            found.append(Component("complex", tuple(sorted(members)), tuple(edges)))
            continue
        inner = [e for e in edges if len(edge_cells[e]) == 2]
        kind: Kind = "loop" if len(inner) == len(members) else "chain"
        found.append(Component(kind, _ordered(members, cell_edges, edge_cells, kind), tuple(edges)))
    return found


def _ordered(
    members: list[int], cell_edges: list[list[int]], edge_cells: dict[int, list[int]], kind: Kind
) -> tuple[int, ...]:
    """The cells of a chain from one end to the other, or of a loop around from its smallest cell."""

    def inner(k: int) -> list[int]:
        return [e for e in cell_edges[k] if len(edge_cells[e]) == 2]

    current = min(members) if kind == "loop" else min(k for k in members if len(inner(k)) <= 1)
    order, previous_edge = [current], None
    while len(order) < len(members):
        edge = next(e for e in inner(current) if e != previous_edge)
        current = next(k for k in edge_cells[edge] if k != current)
        order.append(current)
        previous_edge = edge
    return tuple(order)


def loony_moves(board: CellBoard, position: int | Iterable[int]) -> list[int]:
    """The moves that open a loop, a long chain, or a 2-chain at an end (module docstring).

    Examples
    --------
    >>> from triangles_core.games.boxes import boxes_board
    >>> b = boxes_board(1, 3)
    >>> loony_moves(b, b.position([1, 2, 3, 8, 9, 10]))   # a chain of 3 boxes: all 4 strings
    [4, 5, 6, 7]
    """
    position = board.position(position)
    degrees = cell_degrees(board, position)
    if 1 in degrees:
        return []
    _, edge_cells = _strings(board, position, degrees)
    moves: list[int] = []
    for component in components(board, position):
        if component.kind == "complex" or (component.kind == "chain" and component.size == 1):
            continue
        if component.kind == "chain" and component.size == 2:
            moves.extend(e for e in component.edges if len(edge_cells[e]) == 1)
        else:
            moves.extend(component.edges)
    return sorted(moves)


@dataclass(frozen=True)
class EndgameAnalysis:
    """The chain structure of a position and who the long chain rule says is in control.

    ``free_edges`` and ``unclaimed_cells`` are ``F`` and ``R`` of the module docstring, then
    the components by kind; ``chains_and_loops``: no component is complex (every component
    is a chain or a loop; Buzzard and Ciere's *simple* endgames are the case with no short
    chain); ``mover_in_control`` (`controller`) only for a loony endgame of chains and loops,
    else None.
    """

    free_edges: int
    unclaimed_cells: int
    chains: int
    long_chains: int
    short_chains: int
    loops: int
    complex_components: int
    loony_endgame: bool
    chains_and_loops: bool
    mover_in_control: bool | None


def controller(free_edges: int, unclaimed_cells: int, long_chains: int) -> bool:
    """The long chain rule: True if the player to move ends in control.

    Examples
    --------
    One long chain of 3 boxes and nothing else (4 strings, 3 coins): the player to move
    must open it and the opponent takes all three.

    >>> controller(4, 3, 1)
    False
    >>> controller(4 + 2, 3 + 1, 1)     # the same with a 1-chain beside it: open that first
    True
    """
    return (free_edges - unclaimed_cells + long_chains - 1) % 2 == 0


def analyse_endgame(board: CellBoard, position: int | Iterable[int]) -> EndgameAnalysis:
    """Chains, loops, and the long chain rule's verdict on control for one position of any cell board.

    Examples
    --------
    >>> from triangles_core.games.boxes import boxes_board
    >>> b = boxes_board(1, 3)
    >>> a = analyse_endgame(b, [1, 2, 3, 8, 9, 10])
    >>> a.long_chains, a.loony_endgame, a.mover_in_control
    (1, True, False)
    """
    p = board.position(position)
    degrees = cell_degrees(board, p)
    parts = components(board, p)
    chains = [c for c in parts if c.kind == "chain"]
    long_chains = sum(c.long for c in chains)
    loony = is_loony_endgame(board, p)
    chains_and_loops = all(c.kind != "complex" for c in parts)
    free = board.n_edges - p.bit_count()
    unclaimed = sum(d > 0 for d in degrees)
    in_control = controller(free, unclaimed, long_chains) if loony and chains_and_loops else None
    return EndgameAnalysis(
        free,
        unclaimed,
        len(chains),
        long_chains,
        len(chains) - long_chains,
        sum(c.kind == "loop" for c in parts),
        sum(c.kind == "complex" for c in parts),
        loony,
        chains_and_loops,
        in_control,
    )


ENDGAME_COLUMNS = [
    "game",
    "edges_drawn",
    "position",
    "player",
    "value",
    "free_edges",
    "unclaimed_cells",
    "chains",
    "long_chains",
    "short_chains",
    "loops",
    "complex_components",
    "chains_and_loops",
    "rule_applies",
    "mover_in_control",
    "controller_value",
    "rule",
]
"""Columns of `first_loony_endgames`."""


def first_loony_endgames(board: CellBoard, games: "pandas.DataFrame") -> "pandas.DataFrame":
    """For each game of `triangles_core.analysis.play.play_games` that reaches a loony endgame, the
    position where it begins, its `EndgameAnalysis` counts and what the long chain rule says there
    (columns `ENDGAME_COLUMNS`).

    Examples
    --------
    >>> from triangles_core import solve
    >>> from triangles_core.analysis.play import play_games
    >>> s = solve(3)
    >>> ends = first_loony_endgames(s.board, play_games(s, "perfect", games=20, seed=0))
    >>> sorted(set(ends["rule"]))
    ['controller wins', 'junction', 'no long chain or loop']
    """
    import pandas as pd

    played_on = games.attrs.get("board")
    if played_on is not None and played_on != board.key:  # its positions would be read on the wrong board
        raise ValueError(f"the games were played on the board {played_on!r}, not on the {board.label}")
    rows: list[dict] = []
    for game, position, player, value in zip(
        games["game"], games["position"], games["player"], games["value"], strict=True
    ):
        if rows and rows[-1]["game"] == game:
            continue
        p = board.position(int(position))
        if not is_loony_endgame(board, p):
            continue
        a = analyse_endgame(board, p)
        applies = a.chains_and_loops and (a.long_chains + a.loops) > 0
        in_control = a.mover_in_control if applies else None
        controller_value = (int(value) if in_control else -int(value)) if applies else None
        rule = "junction" if not a.chains_and_loops else "no long chain or loop"
        if controller_value is not None:
            rule = ("draw", "controller wins", "controller loses")[(controller_value > 0) - (controller_value < 0)]
        rows.append(
            {
                **asdict(a),
                "game": int(game),
                "edges_drawn": p.bit_count(),
                "position": p,
                "player": player,
                "value": int(value),
                "rule_applies": applies,
                "mover_in_control": in_control,
                "controller_value": controller_value,
                "rule": rule,
            }
        )
    return pd.DataFrame(rows, columns=ENDGAME_COLUMNS)
