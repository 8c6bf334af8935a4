"""The ``triangles`` command (also ``python -m triangles_core``).

Subcommands are registered in `build_parser`; each handler returns an exit status.
Errors in the input end the command with one line on stderr and exit status 2 (never a
traceback); every answer before the error is already on stdout.  So do the package's own
errors met while answering (its `ValueError` family, `triangles_core.common.errors`: a
cached table found damaged, a position it refuses) and a kernel that needs numba's compiler
with ``NUMBA_DISABLE_JIT=1``, in every subcommand (`_run`).
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from contextlib import contextmanager
from typing import Callable, Iterator, Sequence

from ..common.checks import excerpt, parse_decimal
from ..common.files import remove_own_temporaries
from ..common.limits import LARGE_TABLE_EDGES, MAX_SEARCH_EDGES, MAX_SEARCH_SIDE, MAX_TABLE_EDGES, MAX_TABLE_SIDE
from ..common.text import quote_token

__all__ = ["main", "build_parser", "CommandError"]

PROG = "triangles"


class CommandError(Exception):
    """A user error: printed as one line on stderr, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr (exit status 2).

    A subcommand's parser reads its arguments intermixed (`argparse.ArgumentParser.
    parse_intermixed_args`), so that positional arguments may follow options
    (``triangles graph g.graphml --side 2 1 2``: the edges 1 and 2 after ``--side``);
    after ``--`` every argument is positional, as argparse reads it (``triangles review
    -- -x.txt``: the record ``-x.txt``).  An
    argument that no parser takes is reported by the subcommand's parser, under its name
    (``triangles graph: error: unrecognized arguments: ...``).
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._intermixed = False
        self._commands: dict[str, argparse.ArgumentParser] = {}

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")

    def add_subparsers(self, **kwargs):
        action = super().add_subparsers(**kwargs)
        self._commands = action.choices
        return action

    def parse_known_args(self, args=None, namespace=None):
        if self._commands or self._intermixed:  # the top-level parser, or already inside the intermixed pass
            return super().parse_known_args(args, namespace)
        if "--" in (sys.argv[1:] if args is None else args):
            # '--' ends the options (``triangles review -- -x.txt``): argparse's plain parse honours
            # it, the intermixed one (Python 3.11) reads options after it and drops positionals
            return super().parse_known_args(args, namespace)
        self._intermixed = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixed = False

    def parse_args(self, args=None, namespace=None):
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            command = self._commands.get(getattr(parsed, "command", None) or "", self)
            text = " ".join(extras)
            command.error(f"unrecognized arguments: {_shown(text)}")
        return parsed

    def _print_message(self, message: str, file=None) -> None:
        # argparse swallows write errors, so that help sent to a full device would be lost
        # with exit status 0; let them through to main(), which reports them.  argparse
        # passes sys.stdout (help, --version) or sys.stderr; None is a closed standard
        # output (main() stands in for a closed stderr), an error as for every command.
        if file is None:
            self.exit(2, f"{self.prog}: error: standard output is closed\n")
        if message:
            file.write(message)


class _Once(argparse.Action):
    """``store`` for an option that may be given once: a repeated one is a usage error.

    argparse lets the last of ``--side 3 --side 4`` win; a repeated size or format is
    more likely a slip than an intention, so every option of the command that takes a
    value refuses a second one (``--optimal`` and the other flags may repeat).
    """

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        given: set[str] = getattr(namespace, "_given_once", set())
        if self.dest in given:
            raise argparse.ArgumentError(self, "given twice; give it once")
        namespace._given_once = given | {self.dest}
        setattr(namespace, self.dest, values)


SHOWN_PATH = 1024
"""Characters of a file name that a message shows whole; a longer one is cut (`_shown`)."""


def _shown(path: str) -> str:
    """A file name as a message shows it: whole, or quoted with its control characters escaped
    (a line break, ESC, an undecodable byte: ``'x\\ny.csv'``, as tokens are quoted), and cut
    short with its length said if it is absurdly long."""
    return path if len(path) <= SHOWN_PATH and path.isprintable() else excerpt(path, SHOWN_PATH)


MAX_RECORD_BYTES = 1 << 24
"""A game record longer than this (16 MiB) is refused: a record is a few hundred bytes."""


def _read_input(path: str | None) -> str:
    """A whole (small) text input, read through `_Input` and bounded by `MAX_RECORD_BYTES`."""
    source = _Input(path)
    chunks, size = [], 0
    try:
        while True:
            chunk = source.read1(1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_RECORD_BYTES:
                raise CommandError(
                    f"{source.name} is larger than {MAX_RECORD_BYTES >> 20} MiB; a game record is a few lines"
                )
    finally:
        source.close()
    return b"".join(chunks).decode("utf-8-sig", errors="replace")


class _Input:
    """A binary input read piece by piece; a failed read is a `CommandError`."""

    def __init__(self, path: str | None) -> None:
        if path is None or path == "-":
            # A closed standard input (`<&-`) is an error, as a closed standard output is:
            # read as empty, it would be an empty game or judge input answered with exit 0.
            if sys.stdin is None:
                raise CommandError("standard input is closed; give a file, or redirect one with '<'")
            self.name, self.stream = "standard input", sys.stdin.buffer
        else:
            self.name = _shown(path)
            try:
                self.stream = open(path, "rb")
            except OSError as error:
                raise CommandError(f"cannot read {self.name}: {error.strerror or error}") from None
        self._read: Callable[[int], bytes] = getattr(self.stream, "read1", None) or self.stream.read

    def read1(self, size: int) -> bytes:
        """At most ``size`` bytes: as many as are there, waiting only if none are; b"" at the end."""
        try:
            return self._read(size)
        except OSError as error:
            raise CommandError(f"cannot read {self.name}: {error.strerror or error}") from None

    read = read1  # a `triangles_core.judge.ByteStream`

    def close(self) -> None:
        if self.name != "standard input":
            self.stream.close()


def _judge(args: argparse.Namespace) -> int:
    from ..judge import JudgeInputError, run_dialect

    source = _Input(args.file)
    out = sys.stdout

    def warn(message: str) -> None:
        out.flush()  # the answers before the note come before it
        _say(f"judge {args.format}", f"note: {message}")

    # Cases are read and answered one by one.  The answers are flushed whenever the reader
    # is about to read more input (it may wait there): at once for an interactive user or
    # a pipe, but only once per chunk of input for a large file.
    try:
        for line in run_dialect(args.format, source, warn, before_read=out.flush):
            out.write(line + "\n")
    except JudgeInputError as error:
        try:
            out.flush()
        except BrokenPipeError:
            _silence_stdout()
        _say(f"judge {args.format}", f"error: {error}")
        return 2
    finally:
        source.close()
    return 0


def _parse_edges(words: Sequence[str], board, command: str) -> int:
    """The position drawn by the ``EDGE`` arguments (spaces or commas), checked against the board.

    Each token is read by the game record's own reader of a ``start:`` line
    (`triangles_core.analysis.records`), so that the command line and a record accept the
    same tokens: an edge number (``7``, leading zeros allowed as C's ``scanf("%d")`` reads
    them), ``e7``, or a dot pair ``2-4``.  The result is a bitmask, so any number of
    repeated edges is one position (a drawn edge is drawn; said once on stderr).
    """
    from ..analysis.records import RecordError, parse_edge_tokens

    split = [word.replace(",", " ").split() for word in words]
    empty = next((word for word, parts in zip(words, split, strict=True) if not parts), None)
    if empty is not None:  # "$EDGES" left empty would otherwise mean the empty board, silently
        raise CommandError(
            f"EDGE {quote_token(empty)} names no edge: leave it out for the empty board, or give edge numbers"
        )
    tokens = [part for parts in split for part in parts]
    try:
        moves = parse_edge_tokens(board, tokens, 0, pair_line=False)
    except RecordError as error:
        raise CommandError(f"EDGE {quote_token(error.token)}: {error.message}") from None
    position, duplicate = 0, None
    for edge, _ in moves:
        bit = 1 << (edge - 1)
        if position & bit and duplicate is None:
            duplicate = edge
        position |= bit
    if duplicate is not None:
        _say(command, f"note: edge {duplicate} is listed more than once; a drawn edge is drawn")
    return position


def _board(args: argparse.Namespace):
    """The board named by ``--side`` or ``--boxes``."""
    from ..games.boards import cell_board

    if args.boxes is not None:
        return cell_board(args.boxes)
    return cell_board(args.side if args.side is not None else args.default_side)


SLOW_SEARCH_FREE_EDGES = 37
"""A search from a position with this many free edges or more gets a note that it may take
hours: measured on side 5 (``data/search/side5_growth.json``, 30 s per position), positions
with 36 free edges took 3 s (median), 37 up to 16 s, and 2 of 3 with 38 were not solved in
30 s; the empty side-5 board was not solved in 15 minutes."""


def _solution(args: argparse.Namespace, start: int = 0):
    """The solved board of ``--side`` or ``--boxes`` (with a progress bar for big tables).

    ``start`` is the earliest position that will be asked about: a search from one with
    `SLOW_SEARCH_FREE_EDGES` free edges or more is announced on stderr (a note, not a
    refusal: Ctrl-C says what the search proved).
    """
    from ..engine.solvers import solve_cells

    board = _board(args)
    # solve and review answer by search beyond the table; verify, graph and the rest need a table
    method = getattr(args, "method", "auto") if args.command in ("solve", "review") else "table"
    if method == "table" and board.n_edges > MAX_TABLE_EDGES:
        if args.command in ("solve", "review"):  # --method table was asked for
            raise CommandError(
                f"the {board.label} has {board.n_edges} edges, more than a value table holds (at "
                f"most {MAX_TABLE_EDGES}): use --method search or auto"
            )
        raise CommandError(
            f"the {board.label} has {board.n_edges} edges: 'triangles {args.command}' needs a value "
            f"table (at most {MAX_TABLE_EDGES} edges); 'triangles solve' and 'triangles review' "
            "answer it by search"
        )
    if method == "search" or (method == "auto" and board.n_edges > MAX_TABLE_EDGES):
        from ..engine.compiled import require_compiler

        require_compiler(f"searching the {board.label}")  # the search's kernels, like the table's, run compiled
        free = board.n_edges - start.bit_count()
        if free >= SLOW_SEARCH_FREE_EDGES:
            _say(
                args.command,
                f"note: a search from a {board.label} position with {free} free edges may take "
                "hours (on side 5, 2 of 3 positions with 38 free edges took more than 30 s); Ctrl-C "
                "stops it and says what it proved",
            )
    return solve_cells(board, progress=board.n_edges >= LARGE_TABLE_EDGES, method=method)


def _solution_and_position(args: argparse.Namespace):
    """The solved board and the position given by the ``EDGE`` arguments (checked before solving)."""
    position = _parse_edges(args.edges, _board(args), args.command)
    solution = _solution(args, position)
    return solution, solution.position(position)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush cannot fail."""
    _silence(sys.stdout)


def _silence(stream) -> None:
    """Point ``stream``'s descriptor at /dev/null so that the interpreter's final flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _solve(args: argparse.Namespace) -> int:
    from .text import position_report

    solution, position = _solution_and_position(args)
    print(position_report(solution, position))
    return 0


def _review(args: argparse.Namespace) -> int:
    from ..analysis.records import RecordError, parse_record
    from ..analysis.review import review_game
    from .text import format_review

    text = _read_input(args.record)
    name = "standard input" if args.record in (None, "-") else _shown(args.record)

    def warn(message: str) -> None:
        _say("review", f"note: {name}: {message}")

    try:
        record = parse_record(text, _board(args), warn)
    except RecordError as error:
        raise CommandError(f"{name}: {error}") from None
    review = review_game(record, _solution(args, record.start))
    if args.csv not in (None, "-") and _same_file(args.csv, args.record):
        raise CommandError(f"--csv {excerpt(args.csv)} is the game record itself; write the review elsewhere")
    if args.csv not in (None, "-"):
        _check_output("--csv", args.csv, "review.csv")
    if args.csv == "-":
        review.table().to_csv(sys.stdout, index=False, lineterminator="\n")
    elif args.csv is not None:
        from ..common.files import atomic_open

        try:
            with atomic_open(args.csv, "w", encoding="utf-8", newline="") as handle:
                review.table().to_csv(handle, index=False, lineterminator="\n")
        except BrokenPipeError:  # --csv /dev/stdout | head: the reader went away; main() stops quietly
            raise
        except OSError as error:
            raise CommandError(_write_error(args.csv, error)) from None
        _tell(f"wrote {_shown(args.csv)}")  # a status line, not output
    else:
        print(format_review(review))
    return 0


STDOUT_FAILED = "cannot write standard output"
"""How every command says that its standard output could not be written (a full device)."""


def _write_error(path: str, error: OSError) -> str:
    """What went wrong writing the output file ``path``, for a `CommandError`.

    ``-`` is standard output, named as every command names it.  A named file is written
    whole or not at all (`triangles_core.common.files.atomic_open`): a complete copy is
    written next to it and renamed over it, which needs the folder to be writable even
    when the file itself is.  A permission error in that case names the folder,
    not the file that the user may well be allowed to write.
    """
    import errno

    if path == "-":
        return f"{STDOUT_FAILED}: {error.strerror or error}"
    if error.errno in (errno.EACCES, errno.EPERM):
        # the folder the copy is written in (that of the file a link points to), named relative to
        # the working folder, which a user may reach even where its absolute path's parents are closed
        try:
            folder = os.path.relpath(os.path.dirname(os.path.realpath(path)))
        except (OSError, ValueError):  # a link that may not be read (another user's /proc/PID/fd/1)
            return f"cannot write {_shown(path)}: {error.strerror or error}"
        exists = os.path.exists(path)
        if (
            (not exists or os.access(path, os.W_OK))
            and os.path.isdir(folder)
            and not os.access(folder, os.W_OK | os.X_OK)
        ):
            why = " (the file is replaced by renaming a complete copy written next to it)" if exists else ""
            return (
                f"cannot write {_shown(path)}: the folder {_shown(os.path.dirname(path) or folder)} is not "
                f"writable{why}; write it elsewhere"
            )
    return f"cannot write {_shown(path)}: {error.strerror or error}"


def _verify(args: argparse.Namespace) -> int:
    from ..analysis.verify import verify_solution, verify_table
    from ..engine.compiled import require_compiler

    board = _board(args)
    require_compiler(f"verifying the {board.label}")  # the check's kernel, like the solver's, runs compiled
    if args.table is None:
        result = verify_solution(_solution(args), progress=board.n_edges >= LARGE_TABLE_EDGES)
        if not result.passed and board.n_edges >= LARGE_TABLE_EDGES:
            from ..engine.cache import discard_cached_table

            removed = discard_cached_table(board)
            if removed:
                print(_printable(f"removed the damaged cached table {removed}; the next run solves it again"))
    else:
        import numpy as np

        from ..engine.cache import open_table

        try:
            values = open_table(args.table)
        except OSError as error:
            raise CommandError(f"cannot read {_shown(args.table)}: {error.strerror or error}") from None
        except ValueError as error:
            raise CommandError(f"cannot read {_shown(args.table)} as a .npy table: {error}") from None
        try:
            result = verify_table(board, np.asarray(values), progress=board.n_edges >= LARGE_TABLE_EDGES)
        except ValueError as error:
            raise CommandError(f"{_shown(args.table)}: {error}") from None
    print(result)
    return 0 if result.passed else 1


def _graph(args: argparse.Namespace) -> int:
    from ..analysis.export import check_graph_size, export_graph, graph_format

    output = "/dev/stdout" if args.output == "-" else args.output  # atomic_open writes it as the stream it is
    _check_output("OUTPUT", output, "graph.graphml")
    b = _board(args)
    try:
        kind = graph_format(output, args.format)
    except ValueError as error:
        if args.format is not None:  # an unknown format
            raise CommandError(f"--format: {error}") from None
        raise CommandError(
            f"OUTPUT {excerpt(args.output, SHOWN_PATH)}: cannot tell the graph format from the "
            "name: name it .graphml, .dot or .gv, or give --format"
        ) from None
    root = b.position(_parse_edges(args.edges, b, args.command))
    if not args.optimal:
        try:
            check_graph_size(b, root)
        except ValueError as error:
            raise CommandError(f"{error} (--optimal)") from None
    solution = _solution(args)
    try:
        export_graph(solution, output, root, optimal_only=args.optimal, format=kind)
    except (ValueError, RuntimeError) as error:
        raise CommandError(str(error)) from None
    except BrokenPipeError:  # - | head: the reader went away; main() stops quietly
        raise
    except OSError as error:
        raise CommandError(_write_error(args.output, error)) from None
    if args.output != "-":
        _tell(f"wrote {_shown(args.output)}")
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
    """``RxC`` (for example ``3x3``) as ``(rows, cols)``, for ``--boxes``."""
    rows, sep, cols = text.lower().partition("x")
    if not (sep and rows.isascii() and rows.isdigit() and cols.isascii() and cols.isdigit()):
        raise argparse.ArgumentTypeError(f"expected ROWSxCOLS such as 3x3, got {excerpt(text)}")
    r, c = (parse_decimal(part, 4) for part in (rows, cols))  # leading zeros allowed: 0001 is 1
    if r is None or c is None:
        raise argparse.ArgumentTypeError(
            f"{excerpt(text)}: too many boxes; solvable boards have 1..{MAX_LINES} lines "
            "(3x4: 31 by table; 3x5: 38, 4x4: 40 by search)"
        )
    if r < 1 or c < 1:
        raise argparse.ArgumentTypeError(f"{excerpt(text)}: a board needs at least 1 row and 1 column of boxes")
    lines = 2 * r * c + r + c
    if lines > MAX_LINES:
        raise argparse.ArgumentTypeError(
            f"{excerpt(text)} boxes have {lines} lines; solvable boards have "
            f"1..{MAX_LINES} (3x4: 31 by table; 3x5: 38, 4x4: 40 by search)"
        )
    return r, c


def _file_name(text: str) -> str:
    """A file argument: any name but the empty one (which no file has; ``open('')`` would say
    "No such file or directory", and a folder's ``''`` "Is a directory")."""
    if not text:
        raise argparse.ArgumentTypeError("empty file name; give a file name, or '-' for the standard stream")
    return text


def _table_name(text: str) -> str:
    """``--table FILE``: a file name; not ``-``, since a table is mapped from a file, not read from a stream."""
    if not text or text == "-":
        what = "empty file name" if not text else "'-' (standard input)"
        raise argparse.ArgumentTypeError(
            f"{what}: give the name of a .npy file; a table is mapped from a file, not read from a stream"
        )
    return text


class _Version(argparse.Action):
    """``--version``: the installed distribution's version (`importlib.metadata`), then exit 0."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("triangles_core")
        except PackageNotFoundError:  # run from a source tree that is not installed
            from .. import __version__ as number
        parser._print_message(f"{PROG} {number}\n", sys.stdout)
        parser.exit()


def _side(text: str) -> int:
    """``--side N``: ASCII decimal digits (leading zeros allowed), as every integer the command reads."""
    try:
        side = parse_decimal(text, 4)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a side such as 3, got {excerpt(text)}") from None
    if side is None or not 1 <= side <= MAX_SEARCH_SIDE:
        raise argparse.ArgumentTypeError(
            f"side {excerpt(text)} is out of range: the triangular boards solved have "
            f"sides 1..{MAX_SEARCH_SIDE} (1..{MAX_TABLE_SIDE} by table, "
            f"{MAX_SEARCH_SIDE} by search)"
        )
    return side


MAX_LINES = MAX_SEARCH_EDGES
"""The largest boxes board the commands solve: by table up to `MAX_TABLE_EDGES` = 31 lines
(3x4), by search up to `MAX_SEARCH_EDGES` = 62 (4x4: 40; `triangles_core.common.limits`)."""


def _add_board(parser: argparse.ArgumentParser, default: int | None, search: bool = False) -> None:
    """``--side N`` or ``--boxes RxC`` (one is required when there is no default); ``--method`` with ``search``."""
    group = parser.add_mutually_exclusive_group(required=default is None)
    # No default on --side itself: argparse would not see "--side 3 --boxes 2x2" as a conflict.
    group.add_argument(
        "--side",
        type=_side,
        metavar="N",
        action=_Once,  # _side checks the range
        help=f"triangular board of side 1..{MAX_SEARCH_SIDE if search else MAX_TABLE_SIDE}"
        + (f" (default {default})" if default else ""),
    )
    parser.set_defaults(default_side=default)
    group.add_argument(
        "--boxes",
        type=_boxes,
        metavar="RxC",
        action=_Once,
        help="Dots-and-Boxes board of R x C boxes instead (up to "
        f"{MAX_LINES if search else MAX_TABLE_EDGES} lines, e.g. 3x3, 3x4)",
    )
    if not search:
        return
    parser.add_argument(
        "--method",
        choices=["auto", "table", "search"],
        default="auto",
        action=_Once,
        help=f"value table, search, or auto (default: the table up to {MAX_TABLE_EDGES} edges, "
        "the search beyond; Ctrl-C stops a search and says what it proved)",
    )


def build_parser() -> argparse.ArgumentParser:
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
    parser.add_argument("--version", action=_Version, help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    judge = sub.add_parser(
        "judge",
        help="answer contest input in a judge's exact format",
        description="Read judge input and print the judge's exact output.\n\n"
        "gym, uestc, triangle-war and peg read whitespace-separated tokens (line breaks anywhere);\n"
        "zoj1039 and poj1143 read by line: a position's numbers fill exactly one line (zoj1039:\n"
        "the line after its count; poj1143: the count's own line).",
        epilog=EXAMPLES["judge"],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    judge.add_argument(
        "format", choices=sorted(DIALECTS), metavar="FORMAT", help="one of: " + ", ".join(sorted(DIALECTS))
    )
    judge.add_argument("file", nargs="?", type=_file_name, metavar="FILE", help="input file (default: standard input)")
    judge.set_defaults(handler=_judge)

    solve = sub.add_parser(
        "solve",
        help="value, verdict and move values of one position",
        description="Show a position, its value for the player to move, every legal move "
        "with its value, and a principal variation.",
        epilog=EXAMPLES["solve"],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    solve.add_argument(
        "edges",
        nargs="*",
        default=[],
        metavar="EDGE",
        help="drawn edges: edge numbers (docs/SPEC.md numbering), e7 or dot pairs 2-4, as in "
        "a game record's start: line",
    )
    _add_board(solve, default=3, search=True)
    solve.set_defaults(handler=_solve)

    review = sub.add_parser(
        "review",
        help="replay a game record against the exact solution",
        description="Replay a game move by move against the exact solution: the value "
        "before and after each move for A, the optimal moves, the value lost "
        "and its class (inaccuracy, error, blunder: 1, 2, 3 or more cells "
        "handed over); then the score, the result, the result under perfect "
        "play, and each side's value lost.",
        epilog=EXAMPLES["review"],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    review.add_argument("record", type=_file_name, metavar="RECORD", help="game record file ('-' for standard input)")
    _add_board(review, default=3, search=True)
    review.add_argument(
        "--csv",
        nargs="?",
        const="-",
        type=_file_name,
        metavar="FILE",
        action=_Once,
        help="write the move table as CSV instead, to FILE (written whole or not at all) "
        "or, without FILE, to standard output",
    )
    review.set_defaults(handler=_review)

    verify = sub.add_parser(
        "verify",
        help="check a solution: re-derive every value from its children",
        description="Load or compute the side-N solution and check every stored value "
        "against the recurrence from its children (as GAMESMAN does).",
        epilog=EXAMPLES["verify"],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_board(verify, default=None)
    verify.add_argument(
        "--table", type=_table_name, metavar="FILE", action=_Once, help="check this .npy table instead of the solver's"
    )
    verify.set_defaults(handler=_verify)

    graph = sub.add_parser(
        "graph",
        help="write a state graph as GraphML or DOT",
        description="Write the state graph (or, with --optimal, the optimal-play "
        "subgraph) from a position, for Gephi (GraphML) or Graphviz (DOT).",
        epilog=EXAMPLES["graph"],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    graph.add_argument(
        "output",
        type=_file_name,
        metavar="OUTPUT",
        help="file to write: .graphml, or .dot / .gv (needs pydot); '-' for standard output",
    )
    graph.add_argument(
        "edges",
        nargs="*",
        default=[],
        metavar="EDGE",
        help="drawn edges of the root, as for 'triangles solve' (default: empty board)",
    )
    _add_board(graph, default=2)
    graph.add_argument("--optimal", action="store_true", help="only the moves of optimal play")
    graph.add_argument(
        "--format",
        action=_Once,
        metavar="FORMAT",
        help="graphml or dot, whatever the name of OUTPUT (needed for '-' and for a stream "
        "without one of those suffixes)",
    )
    graph.set_defaults(handler=_graph)
    return parser


def _one_line_warning(message, category, filename, lineno, line=None) -> str:
    return f"{PROG}: warning: {message}\n"


OPTIONAL_MODULES = {"networkx": "notebooks", "pandas": "notebooks", "pydot": "notebooks"}
"""Modules some commands need that a plain install lacks, and the extra that brings each."""


def _same_file(path: str, record: str | None) -> bool:
    """True if ``path`` names the regular file that ``record`` names, so that writing it would
    destroy the record: told by device and inode, whatever the spellings (``./game.txt``,
    ``/dev/stdin``).  A ``record`` of ``-`` or None is standard input, told by its descriptor
    (``review - --csv /dev/stdin <> game.txt``).  A terminal or a pipe is never the record:
    writing it destroys nothing."""
    try:
        target = os.stat(path)
        source = os.fstat(0) if record in (None, "-") else os.stat(record)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(target.st_mode) and (target.st_dev, target.st_ino) == (source.st_dev, source.st_ino)


def _printable(text: str, stream=None) -> str:
    """``text`` with what the stream's encoding cannot show escaped (a file name in any encoding)."""
    encoding = getattr(stream or sys.stdout, "encoding", None) or "utf-8"
    return text.encode(encoding, errors="backslashreplace").decode(encoding, errors="replace")


def _say(command: str | None, message: str) -> None:
    """One line on stderr, prefixed with the command (`_tell`)."""
    _tell(f"{PROG} {command}: {message}" if command else f"{PROG}: {message}")


def _tell(line: str) -> None:
    """One line on stderr: every note, warning, status line and error of the command goes here.

    Standard error that cannot be written (a full device, a reader gone, closed) drops the
    line; it never stops the command or loses the answers on standard output.
    """
    try:
        sys.stderr.write(_printable(line, sys.stderr) + "\n")  # one write: a stop never splits the line
    except (OSError, ValueError, AttributeError):  # no stderr to speak to
        # the lines still buffered would fail the interpreter's final flush (exit status 120);
        # later lines go nowhere, and descriptor 2 stays what the shell made it (for --csv /dev/stderr)
        _FAILED_STDERR.append(sys.stderr)
        sys.stderr = open(os.devnull, "w")


_FAILED_STDERR: list = []
"""Standard error streams that failed, kept so that they are never flushed again on collection."""


_STDERR_STAND_IN: int | None = None
"""The descriptor of the /dev/null that `main` puts in place of a closed standard error."""


def _check_output(option: str, path: str, example: str) -> None:
    """Refuse an output name that cannot be written: a folder, standard input, or a closed standard error."""
    from ..common.files import descriptor_named

    if path.endswith(("/", os.sep)):  # as the shell's '>' refuses it
        raise CommandError(f"{option} {excerpt(path, SHOWN_PATH)} names a folder; give a file name such as {example}")
    descriptor = descriptor_named(path)
    if descriptor == 0:  # /dev/stdin, /dev/fd/0: the input stream (opened for reading by the shell's '<')
        raise CommandError(
            f"{option} {_shown(path)} is standard input, which is read, not written; give a file name such as {example}"
        )
    if _STDERR_STAND_IN is not None and descriptor == _STDERR_STAND_IN:
        raise CommandError(f"standard error is closed; {option} {_shown(path)} cannot be written")


def _flush_stdout() -> None:
    """Flush standard output, raising OSError if the text cannot be written (a full device)."""
    if sys.stdout is not None:
        sys.stdout.flush()


class _Terminated(BaseException):
    """SIGTERM or SIGHUP, raised where the program is, so that every ``finally`` and
    `atomic_open` cleans up as it does for Ctrl-C (`KeyboardInterrupt`)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stopped(command: str | None, signum: int, what: str) -> int:
    """Ctrl-C or a kill: keep what was already written, say so in one line, exit 128 + signum."""
    try:
        _flush_stdout()
    except (OSError, ValueError):
        _silence_stdout()
    _say(command, what)
    return 128 + signum


def _failed(command: str | None, message: str) -> int:
    """A user error or a fault: keep the answers already written, say ``message`` in one line, exit 2."""
    try:
        _flush_stdout()
    except (OSError, ValueError):
        _silence_stdout()
    _say(command, "error: " + " ".join(message.splitlines()))  # one line, whatever the message holds
    return 2


def _importing(frame) -> bool:
    """Whether ``frame`` runs inside Python's import machinery, which swallows an exception
    raised there or turns it into an ImportError (numpy's C initialisation)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib."):
            return True
        frame = frame.f_back
    return False


class _StopSignals:
    """SIGINT, SIGTERM and SIGHUP while the command runs (SIGKILL cannot be caught).

    The first raises where the program is (`KeyboardInterrupt` for SIGINT, `_Terminated`
    otherwise), so that every ``finally`` and `atomic_open` cleans up.  Where Python
    would lose that exception, the signal is delivered again 2 ms later: inside an
    import (`_importing`), and wherever Python throws an exception away and reports it
    through `sys.unraisablehook` (a ``__del__`` method, a ctypes callback such as
    llvmlite's object cache hooks, a weakref callback).  A signal still held back when
    the command has finished (its import ended less than 2 ms before) is raised then,
    by `raise_held`, so that no stop is lost; so is one held back on purpose while the
    arguments are parsed (`holding`).  Any further signal ends the process at
    once by the signal's default action, so that cleaning up is never itself interrupted
    by an exception; the temporary files of the writes under way are removed first
    (`remove_own_temporaries`).  After a stop, other exceptions Python throws away while
    the process ends are not reported.

    When the command is the process (``process``), a signal once the command has finished
    ends the process by its default action (its output is complete); otherwise the handlers
    found are put back.  One that comes while they are being put back is sent again after.
    """

    NAMES = ("SIGINT", "SIGTERM", "SIGHUP")

    def __init__(self, process: bool) -> None:
        self.process = process
        self.holding_back = False  # in `holding`
        self.ending = False  # in `__exit__`
        self.late: list[int] = []  # signals that came during `__exit__`
        self.received: list[int] = []
        self.raised: BaseException | None = None  # the exception the stop raised
        self.held: int | None = None  # a signal held back, sent again until it is raised
        self.previous: dict = {}
        self.previous_hook = sys.unraisablehook

    def __enter__(self) -> "_StopSignals":
        import signal
        import threading

        if threading.current_thread() is threading.main_thread():
            for name in self.NAMES:
                number = getattr(signal, name, None)
                if number is not None and signal.getsignal(number) is not signal.SIG_IGN:  # nohup: stay ignored
                    self.previous[number] = signal.signal(number, self._on_signal)
            sys.unraisablehook = self._on_unraisable
        return self

    def _send_again(self, signum: int) -> None:
        """Deliver ``signum`` again in 2 ms (from another thread), unless it has been raised by then
        (or the command has ended)."""
        import threading

        self.held = signum

        def again() -> None:
            if self.held == signum and not self.received:
                os.kill(os.getpid(), signum)

        timer = threading.Timer(0.002, again)
        timer.daemon = True  # a command that ends first ends as it would have
        timer.start()

    def _on_signal(self, signum: int, frame) -> None:
        import signal

        if self.ending:
            self.late.append(signum)
            return
        if self.received:
            signal.signal(signum, signal.SIG_DFL)
            remove_own_temporaries()  # what the interrupted cleaning up would have removed
            os.kill(os.getpid(), signum)
            os._exit(128 + signum)  # pragma: no cover - the signal has ended the process
        if self.holding_back:
            self.held = signum  # raised when the body of `holding` is over
            return
        if _importing(frame):
            self._send_again(signum)  # until the program is out of the import
            return
        self.held = None
        self.received.append(signum)
        self.raised = KeyboardInterrupt() if signum == signal.SIGINT else _Terminated(signum)
        raise self.raised

    @contextmanager
    def holding(self) -> Iterator[None]:
        """Hold back a stop signal while the body runs, and raise it once the body is over.

        For argparse's intermixed parse, which cannot be interrupted: an exception raised
        early in it (`KeyboardInterrupt`) makes its own ``finally`` fail with an
        AttributeError that hides the interrupt.  (Blocking the signals in this thread
        was not enough: a thread that numpy's BLAS started could take the signal.)
        """
        self.holding_back = True
        try:
            yield
        finally:
            self.holding_back = False
            self.raise_held()

    def raise_held(self) -> None:
        """Raise the stop for a signal still held back: by `holding`, or by an import that
        the command finished before the signal came again."""
        if self.held is not None and not self.received:
            self._on_signal(self.held, None)

    def _on_unraisable(self, unraisable) -> None:
        """`sys.unraisablehook` while the command runs: the stop's own exception, thrown away, is sent again."""
        if self.raised is not None and unraisable.exc_value is self.raised:
            signum = self.received.pop()
            self.raised = None
            self._send_again(signum)
        elif not self.received:
            self.previous_hook(unraisable)

    def __exit__(self, *exc_info) -> None:
        import signal

        self.held = None  # a timer still running sends nothing
        self.ending = True
        for number, handler in self.previous.items():
            if self.process:  # the command is over: a stop now ends the process, silently
                signal.signal(number, signal.SIG_DFL)
            elif handler is not None:  # None: a handler installed outside Python, not ours to restore
                signal.signal(number, handler)
        if not (self.process and self.received) and sys.unraisablehook == self._on_unraisable:
            sys.unraisablehook = self.previous_hook  # kept after a stop: the process is ending
        for signum in self.late:
            os.kill(os.getpid(), signum)  # to the handlers now in place


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``triangles`` command; returns the exit status.

    Every user error and fault ends in one line on stderr: exit status 2 for bad input
    (a closed standard input among it), an error of the package's `ValueError` family
    met while answering (a damaged cached table), numba's compiler switched off where a
    kernel needs it, or output that cannot be written (a full device), 128 + the signal for Ctrl-C (130),
    SIGTERM (143) or SIGHUP (129) (what was written before is kept, no temporary file is
    left), 0 when the reader of standard output went away (``| head``).  With standard
    error closed the messages are dropped, never written into the output.

    With ``argv`` None (the command line, ``sys.argv``) the command is the process: a
    stop signal once it has finished ends the process by the signal's default action.
    With ``argv`` given, the signal handlers found are put back.
    """
    import warnings

    global _STDERR_STAND_IN

    warnings.formatwarning = _one_line_warning  # e.g. a corrupted cache: one line, no source excerpt
    _STDERR_STAND_IN = None
    if sys.stderr is None:  # closed (`2>&-`): messages go nowhere rather than into the output
        sys.stderr = open(os.devnull, "w")
        _STDERR_STAND_IN = sys.stderr.fileno()  # so that --csv /dev/stderr is refused, not discarded
    stops = _StopSignals(process=argv is None)
    try:
        with stops:
            return _run(argv, stops)
    except (KeyboardInterrupt, _Terminated):
        if not stops.received:
            raise
        return 128 + stops.received[-1]  # it came as the command returned: its output is complete


def _run(argv: Sequence[str] | None, stops: _StopSignals) -> int:
    """`main` inside its signal handlers ``stops``."""
    import signal

    command = None
    try:
        parser = build_parser()
        try:
            with stops.holding():  # a stop that comes meanwhile is raised when parsing is over
                args = parser.parse_args(argv)
                command = args.command if args.command != "judge" else f"judge {args.format}"
        except SystemExit as done:  # --help, or a usage error already reported
            _flush_stdout()
            return done.code if isinstance(done.code, int) else 2
        if sys.stdout is None:
            _say(command, "error: standard output is closed")
            return 2
        status = args.handler(args)
        stops.raise_held()
        _flush_stdout()
        return status
    except KeyboardInterrupt as interrupt:
        # a search says what it proved (engine.search.SearchInterrupted carries its bounds)
        lower, upper, nodes = (getattr(interrupt, name, None) for name in ("lower", "upper", "nodes"))
        proved = "" if upper is None else f": the search proved {lower} <= value <= {upper} after {nodes:,} nodes"
        return _stopped(command, signal.SIGINT, "interrupted" + proved)
    except _Terminated as stop:
        return _stopped(command, stop.signum, f"terminated ({signal.Signals(stop.signum).name})")
    except (CommandError, ValueError) as error:
        # ValueError: the package's invalid-input family (`triangles_core.common.errors`: every
        # such error is a ValueError naming what is wrong), met while answering: a position the
        # library refuses, a cached table found damaged (its message says what happens to the file).
        return _failed(command, str(error))
    except NotImplementedError as error:
        # numba with NUMBA_DISABLE_JIT=1 runs the kernels as Python, and an LLVM intrinsic
        # has no Python form: the same line as `require_compiler` gives where it is checked
        # (it raises only when the compiler is off; any other NotImplementedError is re-raised).
        from ..engine.compiled import CompilerDisabledError, require_compiler

        try:
            require_compiler(f"'triangles {command}'")
        except CompilerDisabledError as disabled:
            return _failed(command, f"{disabled} ({error})")
        raise
    except RuntimeError as error:
        from ..engine.compiled import CompilerDisabledError

        if not isinstance(error, CompilerDisabledError):
            raise
        return _failed(command, str(error))
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, like other filters.
        _silence_stdout()
        return 0
    except ModuleNotFoundError as error:
        extra = OPTIONAL_MODULES.get((error.name or "").split(".")[0])
        if extra is None:
            raise
        _say(
            command,
            f"error: this command needs the package {error.name}, which comes with the '{extra}' extra: "
            f"pip install 'triangles_core[{extra}]'",
        )
        return 2
    except OSError as error:
        _silence_stdout()
        _say(command, f"error: {STDOUT_FAILED}: {error.strerror or error}")
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
