"""The ``triangles`` command (also ``python -m triangles_core``).

Each subcommand is a handler that returns an exit status.  Bad input ends the command
with one line on stderr naming what and where, and exit status 2; every answer before it
is already on stdout.  Ctrl-C ends it with one line and 130 (SIGTERM: 143).  Output files
are replaced whole or not at all, streams written as streams
(`triangles_core._files.atomic_open`).
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import stat
import sys
from contextlib import nullcontext
from typing import Mapping, Sequence

from .. import __version__
from ..engine.limits import LARGE_TABLE_EDGES, MAX_SEARCH_EDGES, MAX_SEARCH_SIDE, MAX_TABLE_EDGES, MAX_TABLE_SIDE

__all__ = ["main", "build_parser", "CommandError"]

PROG = "triangles"

MAX_RECORD_BYTES = 1 << 24
"""A game record longer than this (16 MiB) is refused: a record is a few hundred bytes."""

SLOW_SEARCH_FREE_EDGES = 37
"""A search from this many free edges gets a note that it may take hours (side 5,
``data/search/side5_growth.json``: 36 free edges took 3 s, 2 of 3 with 38 over 30 s)."""

EXTRA_MODULES = {"networkx", "pandas", "pydot"}
"""Modules some commands need that come with the 'notebooks' extra, not with a plain install."""


class CommandError(Exception):
    """Bad input: printed as one line on stderr, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse with a usage error as one line on stderr (exit status 2)."""

    commands: Mapping[str, argparse.ArgumentParser] = {}

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def _say(command: str, message: str) -> None:
    """One line on stderr, prefixed with the command: every note, status line and error."""
    print(f"{PROG} {command}: {message}", file=sys.stderr)


def _input(path: str):
    """A binary input (``-``: standard input); a file that cannot be opened is bad input."""
    if path == "-":
        return nullcontext(sys.stdin.buffer)
    try:
        return open(path, "rb")
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror or error}") from None


def _read_record(path: str) -> str:
    """A game record (``-``: standard input), bounded by `MAX_RECORD_BYTES`."""
    with _input(path) as handle:
        try:
            data = handle.read(MAX_RECORD_BYTES + 1)
        except OSError as error:
            raise CommandError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise CommandError(f"{path} is larger than {MAX_RECORD_BYTES >> 20} MiB; a game record is a few lines")
    return data.decode("utf-8-sig", errors="replace")


def _write(path: str, write) -> None:
    """Call ``write()``, which writes ``path``: a failure (a full disk, a closed folder) is bad input."""
    try:
        write()
    except BrokenPipeError:  # the reader of a stream went away: main stops quietly
        raise
    except OSError as error:
        where = "standard output" if path == "-" else path
        raise CommandError(f"cannot write {where}: {error.strerror or error}") from None
    if path != "-":
        print(f"wrote {path}", file=sys.stderr)  # a status line, not output


def _is_record(path: str | None, record: str) -> bool:
    """Whether ``path`` (None: standard output, as a shell's ``> record``) is the regular file ``record`` names."""
    try:
        out = os.stat(sys.stdout.fileno() if path is None else path)
        source = os.stat("/dev/stdin" if record == "-" else record)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(out.st_mode) and os.path.samestat(out, source)


def _judge(args: argparse.Namespace) -> int:
    from ..judge import run_dialect

    def warn(message: str) -> None:
        sys.stdout.flush()  # the answers before the note come before it
        _say(f"judge {args.format}", f"note: {message}")

    with _input(args.file) as source:  # answers flushed whenever the reader may wait for input
        for line in run_dialect(args.format, source, warn, before_read=sys.stdout.flush):
            sys.stdout.write(line + "\n")
    return 0


def _parse_edges(words: Sequence[str], board, command: str) -> int:
    """The position drawn by the ``EDGE`` arguments (spaces or commas) as a bitmask."""
    from ..analysis.records import RecordError, parse_edge_tokens

    for word in words:
        if not word.replace(",", " ").split():  # "$EDGES" left empty must not mean the empty board
            raise CommandError(f"EDGE {word!r} names no edge: leave it out for the empty board")
    tokens = " ".join(words).replace(",", " ").split()
    try:
        moves = parse_edge_tokens(board, tokens, 0, pair_line=False)
    except RecordError as error:
        raise CommandError(f"EDGE {error.token!r}: {error.message}") from None
    position, repeated = 0, False
    for edge, _ in moves:
        if position >> (edge - 1) & 1 and not repeated:
            _say(command, f"note: edge {edge} is listed more than once; a drawn edge is drawn")
            repeated = True
        position |= 1 << (edge - 1)
    return position


def _board(args: argparse.Namespace):
    """The board named by ``--side`` or ``--boxes``."""
    from ..games.boards import cell_board

    return cell_board(
        args.boxes if args.boxes is not None else args.side if args.side is not None else args.default_side
    )


def _solution(args: argparse.Namespace, start: int = 0):
    """The solved board of ``--side`` or ``--boxes``; a search from ``start`` that may take hours is announced."""
    from ..engine.solvers import method_for, solve_cells

    board = _board(args)
    method = getattr(args, "method", "table")  # solve and review search beyond the table; the others need one
    if method_for(board, method) == "search":
        free = board.n_edges - start.bit_count()
        if free >= SLOW_SEARCH_FREE_EDGES:
            _say(
                args.command,
                f"note: a search from a {board.label} position with {free} free edges may take "
                "hours (on side 5, 2 of 3 positions with 38 free edges took more than 30 s); Ctrl-C "
                "stops it and says what it proved",
            )
    return solve_cells(board, progress=board.n_edges >= LARGE_TABLE_EDGES, method=method)


def _solve(args: argparse.Namespace) -> int:
    from .text import position_report

    position = _parse_edges(args.edges, _board(args), args.command)
    solution = _solution(args, position)
    print(position_report(solution, position))
    return 0


def _review(args: argparse.Namespace) -> int:
    from ..analysis.records import parse_record
    from ..analysis.review import review_game
    from .text import format_review

    if args.csv not in (None, "-") and _is_record(args.csv, args.record):
        raise CommandError(f"--csv {args.csv!r} is the game record itself; write the review elsewhere")
    if args.csv in (None, "-") and _is_record(None, args.record):
        raise CommandError("standard output is the game record itself; write the review elsewhere")
    where = "standard input" if args.record == "-" else args.record

    def warn(message: str) -> None:
        _say("review", f"note: {where}: {message}")

    try:
        record = parse_record(_read_record(args.record), _board(args), warn)
    except ValueError as error:
        raise CommandError(f"{where}: {error}") from None
    review = review_game(record, _solution(args, record.start))
    if args.csv is None:
        print(format_review(review))
    elif args.csv == "-":
        review.table().to_csv(sys.stdout, index=False, lineterminator="\n")
    else:
        from .._files import atomic_open

        def write() -> None:
            with atomic_open(args.csv, "w", encoding="utf-8", newline="") as handle:
                review.table().to_csv(handle, index=False, lineterminator="\n")

        _write(args.csv, write)
    return 0


def _verify(args: argparse.Namespace) -> int:
    from ..analysis.verify import verify_solution, verify_table

    board = _board(args)
    progress = board.n_edges >= LARGE_TABLE_EDGES
    if args.table is None:
        result = verify_solution(_solution(args), progress=progress)
        if not result.passed and progress:
            from ..engine.cache import discard_cached_table

            removed = discard_cached_table(board)
            if removed:
                print(f"removed the damaged cached table {removed}; the next run solves it again")
    else:
        import numpy as np

        from ..engine.cache import open_table

        try:
            values = open_table(args.table)
        except OSError as error:
            raise CommandError(f"cannot read {args.table}: {error.strerror or error}") from None
        except ValueError as error:
            raise CommandError(f"cannot read {args.table} as a .npy table: {error}") from None
        try:
            result = verify_table(board, np.asarray(values), progress=progress)
        except ValueError as error:
            raise CommandError(f"{args.table}: {error}") from None
    print(result)
    return 0 if result.passed else 1


def _graph(args: argparse.Namespace) -> int:
    from ..analysis.export import MAX_EXPORT_POSITIONS, export_graph, graph_format
    from ..analysis.graph import check_graph_size

    kind = graph_format(args.output, args.format)  # before anything is solved
    b = _board(args)
    root = b.position(_parse_edges(args.edges, b, args.command))
    if not args.optimal:
        check_graph_size(b, root, MAX_EXPORT_POSITIONS)
    solution = _solution(args)
    output = "/dev/stdout" if args.output == "-" else args.output  # atomic_open writes a stream as a stream
    try:
        _write(args.output, lambda: export_graph(solution, output, root, optimal_only=args.optimal, format=kind))
    except RuntimeError as error:  # DOT without pydot
        raise CommandError(str(error)) from None
    return 0


EXAMPLES = {
    "judge": """examples:
  printf '6\\n1 2 3 4 5 6\\n5\\n4 5 6 7 8\\n0\\n' | triangles judge gym
  Andy wins
  Ralph wins

  printf '1\\n1\\n2 4\\n' | triangles judge triangle-war
  Game 1: B wins.

  echo '5 1 2 3 4 5' | triangles judge uestc
  WIN!

  echo '3 1 6 1 7 8 5 0 3 4 9 3 2 1 9' | triangles judge peg
  21

  printf '1\\n2\\n2 3\\n' | triangles judge zoj1039
  Scenario #1:
  There is no winning move.

  printf '5 2 3 4 5 6\\n0\\n' | triangles judge poj1143
  Test Case #1
  The winning moves are: 4 5 6

Bad input: one line on stderr naming the case, line and token, exit status 2; every
answer before it is already on stdout.  Formats: docs/SPEC.md.
""",
    "solve": """example:
  triangles solve 1 2 3 4 5 6      # the first gym sample: value +1, the player to move wins
  triangles solve --side 2         # the empty side-2 board
  triangles solve --boxes 2x2 1 2  # Dots-and-Boxes, 2x2 boxes, lines 1 and 2 drawn
  triangles solve e7 2-4           # edge 7 and the edge joining dots 2 and 4 (as in a record)
  triangles solve --side 5 1 2 3   # 45 edges: solved by search (Ctrl-C says what it proved)
""",
    "review": """record syntax (one game; '#' starts a comment, blank lines are ignored):
  start: 1 2 3     optional, before the first move: edges drawn before the game
                   (their triangles belong to nobody); A moves first from there
  2 4              a line of exactly two numbers: the edge joining dots 2 and 4
                   (Triangle War numbering, dots 1.. row by row from the top)
  7                any other number: an edge number (SPEC numbering); '1 2 3' on one
                   line is three edges; 'e7' is always an edge, '2-4' always a dot pair

values are A's final margin (A's triangles minus B's) if both play perfectly from that
point on; 'lost' is how much a move gave away (0 for an optimal move).
classification: value lost 2 = inaccuracy, 4 = error, 6 or more = blunder; value lost
is always even in a cell game, 2 for each cell the move hands over.

example (the third game of the POJ 1085 sample):
  printf '1 2\\n2 3\\n1 3\\n2 4\\n2 5\\n4 5\\n' > game.txt
  triangles review game.txt              # ends: A wins by 3 with perfect play from here
  triangles review game.txt --csv game.csv   # the move table as CSV (--csv alone: to stdout)
""",
    "verify": """example:
  triangles verify --side 3
  side-3 board: 262144 positions checked, every value agrees with the recurrence
  triangles verify --boxes 3x3

exit status: 0 if every value agrees, 1 on a mismatch (the first one is printed),
2 on bad input (an unreadable --table file or one of the wrong shape).
""",
    "graph": """examples:
  triangles graph side2.graphml --side 2           # all 512 positions of side 2
  triangles graph best.dot 1 2 3 4 5 --side 3 --optimal   # optimal play from a side-3 position
  triangles graph boxes.graphml --boxes 1x2        # all 128 positions of 1x2 Dots-and-Boxes
  triangles graph - --side 2 --format graphml      # to standard output (a pipe, gzip)

The format comes from the name (.graphml, .dot or .gv) unless --format says it;
a stream ('-', /dev/stdout, a pipe) is written as it comes.  Graphs above 100,000
positions are refused before anything is solved or written.
""",
}


def _boxes(text: str) -> tuple[int, int]:
    """``--boxes RxC`` (for example ``3x3``) as ``(rows, cols)``; the engine refuses a board it cannot solve."""
    rows, _, cols = text.lower().partition("x")
    if not (rows.isdigit() and cols.isdigit()):
        raise argparse.ArgumentTypeError(f"expected ROWSxCOLS such as 3x3, got {text!r}")
    return int(rows), int(cols)


def _add_board(parser: argparse.ArgumentParser, default: int | None, search: bool = False) -> None:
    """``--side N`` or ``--boxes RxC`` (one is required when there is no default); ``--method`` with ``search``."""
    group = parser.add_mutually_exclusive_group(required=default is None)
    # No default on --side itself: argparse would not see "--side 3 --boxes 2x2" as a conflict.
    group.add_argument(
        "--side",
        type=int,
        metavar="N",
        help=f"triangular board of side 1..{MAX_SEARCH_SIDE if search else MAX_TABLE_SIDE}"
        + (f" (default {default})" if default else ""),
    )
    parser.set_defaults(default_side=default)
    group.add_argument(
        "--boxes",
        type=_boxes,
        metavar="RxC",
        help="Dots-and-Boxes board of R x C boxes instead (up to "
        f"{MAX_SEARCH_EDGES if search else MAX_TABLE_EDGES} lines, e.g. 3x3, 3x4)",
    )
    if search:
        parser.add_argument(
            "--method",
            choices=["auto", "table", "search"],
            default="auto",
            help=f"value table, search, or auto (default: the table up to {MAX_TABLE_EDGES} edges, "
            "the search beyond; Ctrl-C stops a search and says what it proved)",
        )


def build_parser() -> _Parser:
    """The argument parser of the ``triangles`` command."""
    from ..judge import DIALECTS

    parser = _Parser(
        prog=PROG,
        description="Exact solutions of Fighting for Triangles (Gym 100015F, POJ 1085) and its sibling games.",
        epilog="example:\n  triangles solve 1 2 3 4 5 6     # value, verdict and move values of a position\n\n"
        "Run 'triangles COMMAND --help' for examples of each command.\n"
        "Rules and formats: docs/SPEC.md in the repository.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    parser.commands = sub.choices

    def command(name: str, handler, **kwargs) -> argparse.ArgumentParser:
        subparser = sub.add_parser(
            name, epilog=EXAMPLES[name], formatter_class=argparse.RawDescriptionHelpFormatter, **kwargs
        )
        subparser.set_defaults(handler=handler)
        return subparser

    judge = command(
        "judge",
        _judge,
        help="answer contest input in a judge's exact format",
        description="Read judge input and print the judge's exact output.\n\n"
        "gym, uestc, triangle-war and peg read whitespace-separated tokens (line breaks anywhere);\n"
        "zoj1039 and poj1143 read by line: a position's numbers fill exactly one line (zoj1039:\n"
        "the line after its count; poj1143: the count's own line).",
    )
    judge.add_argument(
        "format", choices=sorted(DIALECTS), metavar="FORMAT", help="one of: " + ", ".join(sorted(DIALECTS))
    )
    judge.add_argument("file", nargs="?", default="-", metavar="FILE", help="input file (default: standard input)")

    solve = command(
        "solve",
        _solve,
        help="value, verdict and move values of one position",
        description="Show a position, its value for the player to move, every legal move "
        "with its value, and a principal variation.",
    )
    solve.add_argument(
        "edges",
        nargs="*",
        metavar="EDGE",
        help="drawn edges: edge numbers (docs/SPEC.md numbering), e7 or dot pairs 2-4, as in "
        "a game record's start: line",
    )
    _add_board(solve, default=3, search=True)

    review = command(
        "review",
        _review,
        help="replay a game record against the exact solution",
        description="Replay a game move by move against the exact solution: the value "
        "before and after each move for A, the optimal moves, the value lost "
        "and its class (inaccuracy, error, blunder: 1, 2, 3 or more cells "
        "handed over); then the score, the result, the result under perfect "
        "play, and each side's value lost.",
    )
    review.add_argument("record", metavar="RECORD", help="game record file ('-' for standard input)")
    _add_board(review, default=3, search=True)
    review.add_argument(
        "--csv",
        nargs="?",
        const="-",
        metavar="FILE",
        help="write the move table as CSV instead, to FILE (written whole or not at all) "
        "or, without FILE, to standard output",
    )

    verify = command(
        "verify",
        _verify,
        help="check a solution: re-derive every value from its children",
        description="Load or compute the side-N solution and check every stored value "
        "against the recurrence from its children (as GAMESMAN does).",
    )
    _add_board(verify, default=None)
    verify.add_argument("--table", metavar="FILE", help="check this .npy table instead of the solver's")

    graph = command(
        "graph",
        _graph,
        help="write a state graph as GraphML or DOT",
        description="Write the state graph (or, with --optimal, the optimal-play "
        "subgraph) from a position, for Gephi (GraphML) or Graphviz (DOT).",
    )
    graph.add_argument(
        "output", metavar="OUTPUT", help="file to write: .graphml, or .dot / .gv (needs pydot); '-' for standard output"
    )
    graph.add_argument(
        "edges",
        nargs="*",
        metavar="EDGE",
        help="drawn edges of the root, as for 'triangles solve' (default: empty board)",
    )
    _add_board(graph, default=2)
    graph.add_argument("--optimal", action="store_true", help="only the moves of optimal play")
    graph.add_argument(
        "--format",
        metavar="FORMAT",
        help="graphml or dot, whatever the name of OUTPUT (needed for '-' and for a stream "
        "without one of those suffixes)",
    )
    return parser


def _parse(parser: _Parser, argv: list[str]) -> argparse.Namespace:
    """The arguments; a subcommand's are read intermixed, so that edges may follow the options
    (``triangles solve --boxes 2x2 1 3``)."""
    if argv and argv[0] in parser.commands:
        args = parser.commands[argv[0]].parse_intermixed_args(argv[1:])
        args.command = argv[0]
        return args
    return parser.parse_args(argv)  # --help, --version, or an error


def _drop_stdout() -> None:
    """Point standard output at /dev/null, so that the interpreter's last flush cannot fail
    (the recipe of the Python documentation, ``signal``: "Note on SIGPIPE")."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _end(command: str, message: str, status: int = 2) -> int:
    """Keep the answers already written, say ``message`` in one line, return ``status``."""
    try:
        sys.stdout.flush()
    except OSError:
        _drop_stdout()
    _say(command, " ".join(message.splitlines()))
    return status


_terminated = False
"""Set when SIGTERM stopped the command (`_on_sigterm`)."""


def _on_sigterm(signum, frame) -> None:
    """SIGTERM takes Ctrl-C's path (every ``finally`` and atomic write cleans up), with exit status 143."""
    global _terminated
    _terminated = True
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``triangles`` command; returns the exit status."""
    if argv is None:
        signal.signal(signal.SIGTERM, _on_sigterm)
    parser = build_parser()
    try:
        args = _parse(parser, list(sys.argv[1:] if argv is None else argv))
    except SystemExit as done:  # --help, --version, or a usage error already said
        return int(done.code or 0)
    command = args.command if args.command != "judge" else f"judge {args.format}"
    try:
        status = args.handler(args)
        sys.stdout.flush()
        return status
    except KeyboardInterrupt as stop:
        # a search says what it proved (engine.search.SearchInterrupted carries its bounds)
        lower, upper, nodes = (getattr(stop, name, None) for name in ("lower", "upper", "nodes"))
        proved = "" if upper is None else f": the search proved {lower} <= value <= {upper} after {nodes:,} nodes"
        return _end(command, "terminated", 143) if _terminated else _end(command, "interrupted" + proved, 130)
    except (CommandError, ValueError) as error:  # ValueError: input the library refuses
        return _end(command, f"error: {error}")
    except BrokenPipeError:  # the reader went away (| head): stop quietly, as a filter does
        _drop_stdout()
        return 0
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] not in EXTRA_MODULES:
            raise
        extra = "pip install 'triangles_core[notebooks]'"
        return _end(command, f"error: this command needs {error.name}, from the 'notebooks' extra: {extra}")
    except OSError as error:  # standard output on a full device, or an input that fails while it is read
        if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            _drop_stdout()
            return _end(command, f"error: cannot write standard output: {error.strerror}")
        source = getattr(args, "file", "-")
        return _end(command, f"error: cannot read {'standard input' if source == '-' else source}: {error.strerror}")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
