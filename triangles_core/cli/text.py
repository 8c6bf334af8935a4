"""The text that ``triangles solve`` (`position_report`) and ``triangles review`` (`format_review`) print."""

from __future__ import annotations

from typing import Any

from ..analysis.review import CLASSIFICATION_RULE, GameReview
from ..engine.solutions import SolvedCellGame

__all__ = ["format_review", "position_report"]

_VERDICTS = {
    "win": "the player to move wins",
    "loss": "the player to move loses",
    "draw": "optimal play ends in a draw",
}


def position_report(solution: SolvedCellGame, position: Any) -> str:
    """A position of a solved cell board (edge numbers or a bitmask) as ``triangles solve`` prints it:
    the board as text art, the value, every legal move with its value, the principal variation.

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
    lines = [
        f"{b.title} board, drawn edges: {' '.join(map(str, b.drawn_edges(p))) or '(none)'}",
        b.text_art(p),
        f"Value for the player to move: {value:+d} ({_VERDICTS[solution.verdict(p)]})",
    ]
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


def format_review(review: GameReview) -> str:
    """A game review as ``triangles review`` prints it: moves, score, results and value lost.

    Examples
    --------
    >>> from triangles_core.analysis.records import parse_record
    >>> from triangles_core.analysis.review import review_game
    >>> review = review_game(parse_record("start: 1\\n2 4"))  # edge 1 drawn, then the edge joining dots 2 and 4
    >>> print(format_review(review))  # doctest: +ELLIPSIS
    Side-3 game from a start with edge 1 drawn: 1 move.
    move  player  edge  dots   claims  score  before  after  lost  class       best moves
       1  A          4  2-4         0  0-0        +3     +3     0              4 8
    Score after the record: A 0, B 0 (16 edges left, B to move).
    Result with perfect play from here: A wins by 3 (A 6, B 3).
    ...
    """
    b = review.record.board
    start = b.drawn_edges(review.record.start)
    edges = f"{b.edge_name}{'s' if len(start) > 1 else ''} {' '.join(map(str, start))}"
    origin = "the empty board" if not start else f"a start with {edges} drawn"
    count = len(review.moves)
    lines = [f"{b.title} game from {origin}: {count} move{'' if count == 1 else 's'}."]
    header = (
        f"{'move':>4}  {'player':<6}  {'edge':>4}  {'dots':<5}  {'claims':>6}  {'score':<5}  "
        f"{'before':>6}  {'after':>5}  {'lost':>4}  {'class':<10}  best moves"
    )
    lines.append(header)
    for m in review.moves:
        note = "" if m.classification == "optimal" else m.classification
        lines.append(
            f"{m.move:>4}  {m.player:<6}  {m.edge:>4}  {'{}-{}'.format(*m.dots):<5}  {m.claims:>6}  "
            f"{f'{m.score_a}-{m.score_b}':<5}  {m.value_before:>+6d}  {m.value_after:>+5d}  "
            f"{m.value_lost:>4}  {note:<10}  {' '.join(map(str, m.best_moves))}".rstrip()
        )
    a, bb = review.score
    if review.finished:
        lines.append(f"Final score: A {a}, B {bb}: {review.result}.")
    else:
        fa, fb = review.final_cells
        lines.append(
            f"Score after the record: A {a}, B {bb} ({review.remaining} edges left, {review.to_move} to move)."
        )
        lines.append(f"Result with perfect play from here: {review.result} (A {fa}, B {fb}).")
    lines.append(f"Result under perfect play from the start: {review.perfect_play_result}.")
    lost = review.value_lost
    counts = {p: sum(1 for m in review.mistakes if m.player == p) for p in "AB"}
    mistakes = {p: f"{counts[p]} mistake{'' if counts[p] == 1 else 's'}" for p in "AB"}
    lines.append(f"Value lost: A {lost['A']} in {mistakes['A']}, B {lost['B']} in {mistakes['B']}.")
    lines.append(
        f"Values: A's final margin (A's {b.cell_plural} minus B's) if both play perfectly from that point; "
        f"{CLASSIFICATION_RULE.replace('per cell', f'per {b.cell_name}')}."
    )
    return "\n".join(lines)
