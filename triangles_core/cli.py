"""The ``triangles`` command (also ``python -m triangles_core``).

Subcommands are registered in `build_parser`; each handler returns an exit status.
Errors in the input end the command with one line on stderr and exit status 2 (never a
traceback); every answer before the error is already on stdout.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

__all__ = ["main", "build_parser", "CommandError"]

PROG = "triangles"


class CommandError(Exception):
    """A user error: printed as one line on stderr, exit status 2."""


def _read_input(path: str | None) -> str:
    if path is None or path == "-":
        return sys.stdin.buffer.read().decode("utf-8", errors="replace")
    try:
        with open(path, "rb") as handle:
            return handle.read().decode("utf-8", errors="replace")
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror or error}") from None


def _judge(args: argparse.Namespace) -> int:
    from .judge import JudgeInputError, run_dialect

    text = _read_input(args.file)
    out = sys.stdout

    def warn(message: str) -> None:
        out.flush()
        print(f"{PROG} judge {args.format}: note: {message}", file=sys.stderr)

    try:
        for line in run_dialect(args.format, text, warn):
            out.write(line + "\n")
    except JudgeInputError as error:
        out.flush()
        print(f"{PROG} judge {args.format}: error: {error}", file=sys.stderr)
        return 2
    return 0


def _parse_edges(words: Sequence[str]) -> list[int]:
    edges = []
    for word in words:
        for part in word.replace(",", " ").split():
            if not part.isdigit():
                raise CommandError(f"edge {part!r} is not a positive integer")
            edges.append(int(part))
    return edges


def _solve(args: argparse.Namespace) -> int:
    from .board import InvalidPositionError
    from .solution import solve

    edges = _parse_edges(args.edges)
    solution = solve(args.side)
    try:
        position = solution.position(edges)
    except InvalidPositionError as error:
        raise CommandError(str(error)) from None
    b = solution.board
    value = solution.value(position)
    verdict = {"win": "the player to move wins", "loss": "the player to move loses",
               "draw": "optimal play ends in a draw"}[solution.verdict(position)]
    print(f"Side-{b.side} board, drawn edges: {' '.join(map(str, b.drawn_edges(position))) or '(none)'}")
    print(b.text_art(position))
    print(f"Value for the player to move: {value:+d} ({verdict})")
    moves = solution.move_values(position)
    if not moves:
        print("No legal move: the board is full.")
        return 0
    best = max(moves.values())
    print("\nedge  dots    claims  value  ")
    for edge, move_value in moves.items():
        i, j = b.edge_dots(edge)
        claims = len(b.completed_by(position, edge))
        mark = "optimal" if move_value == best else ""
        print(f"{edge:>4}  {i:>2}-{j:<3}  {claims:>6}  {move_value:>+5d}  {mark}".rstrip())
    pv = solution.principal_variation(position)
    line = " ".join(f"{s.player}:{s.edge}{'*' * len(s.claimed)}" for s in pv)
    print(f"\nPrincipal variation (* = triangle claimed): {line}")
    return 0


EXAMPLES = {
    "judge": """examples:
  printf '6\\n1 2 3 4 5 6\\n5\\n4 5 6 7 8\\n0\\n' | triangles judge gym
  Andy wins
  Ralph wins

  printf '1\\n1\\n2 4\\n' | triangles judge triangle-war
  Game 1: B wins.
""",
    "solve": """example:
  triangles solve 1 2 3 4 5 6      # the first gym sample: value +1, the player to move wins
  triangles solve --side 2         # the empty side-2 board
""",
}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``triangles`` command."""
    from .judge import DIALECTS

    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Exact solutions of Fighting for Triangles (Gym 100015F, POJ 1085) and its sibling games.",
        epilog="Run 'triangles COMMAND --help' for examples of each command.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    judge = sub.add_parser("judge", help="answer contest input in a judge's exact format",
                           description="Read judge input (token-based) and print the judge's exact output.",
                           epilog=EXAMPLES["judge"], formatter_class=argparse.RawDescriptionHelpFormatter)
    judge.add_argument("format", choices=sorted(DIALECTS), metavar="FORMAT",
                       help="one of: " + ", ".join(sorted(DIALECTS)))
    judge.add_argument("file", nargs="?", metavar="FILE", help="input file (default: standard input)")
    judge.set_defaults(handler=_judge)

    solve = sub.add_parser("solve", help="value, verdict and move values of one position",
                           description="Show a position, its value for the player to move, every legal move "
                                       "with its value, and a principal variation.",
                           epilog=EXAMPLES["solve"], formatter_class=argparse.RawDescriptionHelpFormatter)
    solve.add_argument("edges", nargs="*", metavar="EDGE", help="drawn edges (1-based numbers, SPEC numbering)")
    solve.add_argument("--side", type=int, default=3, choices=range(1, 5), metavar="N",
                       help="board side 1..4 (default 3)")
    solve.set_defaults(handler=_solve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``triangles`` command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.handler(args)
    except CommandError as error:
        sys.stdout.flush()
        print(f"{PROG} {args.command}: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
