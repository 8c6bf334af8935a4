"""Long solves by search (`triangles_core.engine.search`), written to data/search/*.json.

Two kinds of run, each writing one JSON file atomically (nothing is written if the run
is stopped by Ctrl-C; a run that reaches ``--time-limit`` records the bounds it proved
and says so)::

    # the empty board (value, nodes, speed; optionally first-move values and PV)
    .venv/bin/python scripts/solve_search.py empty boxes3x3 --time-limit 600
    .venv/bin/python scripts/solve_search.py empty side5 --time-limit 1800 --first-moves

    # the same solve split into work units, stored in a run folder as they finish: stopped
    # (Ctrl-C, --time-limit, kill) and run again, it resumes; units run on a process pool
    # (--workers N, each with its own --max-memory table) or a Dask cluster
    .venv/bin/python scripts/solve_search.py empty boxes3x5 --resume data/search/boxes3x5 --depth 2 --workers 2
    .venv/bin/python scripts/solve_search.py empty side5 --resume data/search/side5 --executor dask:tcp://host:8786

    # the value table's time for comparison (boards of at most 31 edges)
    .venv/bin/python scripts/solve_search.py table side4

    # search against table, both warmed up (kernels compiled and loaded, memory pages
    # mapped), each repeated --repeat times: median and range of wall and CPU seconds
    .venv/bin/python scripts/solve_search.py timed side4 --repeat 3

    # cost by number of edges drawn: random positions (fixed seed), from the end down,
    # until positions take longer than --per-position seconds
    .venv/bin/python scripts/solve_search.py growth side5 --samples 5 --per-position 60

Boards: ``sideN`` (Fighting for Triangles) and ``boxesRxC`` (Dots-and-Boxes).  Every file
records the command, the package version, the machine (CPUs, model, load average at the
start: the machine of this project is shared, so timings are noisy) and the peak memory
of the process.
"""

from __future__ import annotations

import _thread
import argparse
import json
import os
import platform
import resource
import signal
import sys
import threading
import time
from pathlib import Path

import numpy as np
from _provenance import cpu_model  # scripts/, beside this file

import triangles_core as tc
from triangles_core._files import atomic_open
from triangles_core.engine.limits import MAX_TABLE_EDGES
from triangles_core.engine.search import DEFAULT_MAX_MEMORY, SearchInterrupted, SearchSolution
from triangles_core.games.boards import standard_board

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "search"


def positive(kind):
    """An argparse type: a number of ``kind`` (int or float) greater than 0."""

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
        if not value > 0:  # also refuses nan
            raise argparse.ArgumentTypeError(f"must be greater than 0, got {text!r}")
        return value

    return parse


def parse_board(text: str):
    b = standard_board(text)
    if b is None:
        raise argparse.ArgumentTypeError(f"board must be sideN or boxesRxC, got {text!r}")
    return b


def machine() -> dict:
    return {
        "system": platform.platform(),
        "cpus": os.cpu_count(),
        "cpu_model": cpu_model(),
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
        "python": platform.python_version(),
    }


def peak_memory_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


class Deadline:
    """Interrupt the main thread (as Ctrl-C would) after ``seconds``."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.fired = False
        self.timer = None

    def __enter__(self):
        if self.seconds:

            def fire():
                self.fired = True
                _thread.interrupt_main()

            self.timer = threading.Timer(self.seconds, fire)
            self.timer.daemon = True
            self.timer.start()
        return self

    def __exit__(self, *exc):
        if self.timer is not None:
            self.timer.cancel()
        return False


def rule_options(args) -> dict:
    """The search's pruning options from the ``--no-...`` flags (all on by default)."""
    return {
        "safe_captures": not args.no_safe_captures,
        "double_dealing": not args.no_double_dealing,
        "long_chains": not args.no_long_chains and not args.no_double_dealing,
        "loony_bound": True,
        "interchangeable_edges": not args.no_interchangeable_edges,
    }


def stats_dict(solution: SearchSolution) -> dict:
    s = solution.stats
    return {
        "nodes": s.nodes,
        "seconds": round(s.seconds, 3),
        "nodes_per_second": round(s.nodes_per_second),
        "tt_probes": s.tt_probes,
        "tt_hits": s.tt_hits,
        "tt_hit_rate": round(s.tt_hit_rate, 4),
        "oracle_calls": s.oracle_calls,
        "cutoffs": s.cutoffs,
        "capture_nodes": s.capture_nodes,
        "sacrifice_nodes": s.sacrifice_nodes,
    }


def run_empty(args, b) -> dict:
    solution = SearchSolution(
        b,
        max_memory=args.max_memory,
        threads=args.threads,
        oracle_edges=args.oracle_edges,
        progress=True,
        move_order=args.move_order,
        **rule_options(args),
    )
    record: dict = {"position": [], "edges_drawn": 0}
    started = time.perf_counter()
    with Deadline(args.time_limit) as deadline:
        try:
            record["value"] = solution.value(0)
            record["status"] = "solved"
            record["value_seconds"] = round(time.perf_counter() - started, 3)
            record["value_nodes"] = solution.stats.nodes
            if args.first_moves:  # one move per symmetry class, kept one by one as they are proved
                from triangles_core.engine.symmetry import move_classes as edge_classes

                record["first_move_values"] = {}
                for e in sorted(set(edge_classes(b, 0).values())):
                    record["first_move_values"][str(e)] = solution.move_value(0, e)
            if args.pv:
                solution.progress = False  # the line's queries are quiet
                record["principal_variation"] = [
                    {"ply": s.ply, "player": s.player, "edge": s.move, "claims": s.reward, "value": s.value}
                    for s in solution.principal_variation(0)
                ]
        except SearchInterrupted:
            if not deadline.fired:
                raise
            if "value" in record:
                record["note"] = f"value proved; stopped after {args.time_limit} s during the first moves or the PV"
                record["status"] = "solved"
            else:
                lower, upper = solution.bounds(0)
                record.update(
                    status="time limit",
                    lower=lower,
                    upper=upper,
                    note=f"stopped after {args.time_limit} s; proved {lower} <= value <= {upper}",
                )
    record["wall_seconds"] = round(time.perf_counter() - started, 3)
    record["table_bytes"] = solution.table_bytes
    record.update(stats_dict(solution))
    return record


def make_executor(args):
    """The executor of ``--executor`` (a process pool of ``--workers``, or a Dask cluster's)."""
    from triangles_core.engine.units import dask_executor, local_executor

    if args.executor == "local":
        return local_executor(args.workers)
    address = args.executor.removeprefix("dask:")
    try:
        return dask_executor(address)
    except OSError as error:  # no scheduler there (distributed's timeout is an OSError)
        raise ValueError(f"no Dask scheduler at {address!r}: {error}") from None


def run_units(args, b) -> dict:
    """The empty board by work units (`triangles_core.engine.units`), resumed from ``--resume``.

    Finished units are in the run folder whatever happens; ``summary.json`` there (and the
    returned record) says what is proved when the run ends, is stopped by Ctrl-C or reaches
    ``--time-limit``.
    """
    from triangles_core.engine.units import solve_units

    options = {
        "max_memory": args.max_memory,
        "threads": args.threads,
        "oracle_edges": args.oracle_edges,
        "move_order": args.move_order,
        **rule_options(args),
    }
    folder = Path(args.resume)
    started = time.perf_counter()
    before = len(solve_units(b, folder, depth=args.depth, max_units=0).done)  # also checks the folder's run
    stopped = False
    with make_executor(args) as executor, Deadline(args.time_limit) as deadline:
        try:
            solve_units(
                b,
                folder,
                depth=args.depth,
                executor=executor,
                first_moves=args.first_moves,
                # a short queue on one machine, so that units found unneeded are not already queued
                in_flight=2 * args.workers if args.executor == "local" else 64,
                progress=True,
                **options,
            )
        except KeyboardInterrupt:
            stopped = not deadline.fired
    run = solve_units(b, folder, depth=args.depth, max_units=0)  # what the folder holds now
    bounds = run.bounds
    records = run.done.values()
    body = {
        "resume": str(args.resume),
        "depth": args.depth,
        "executor": args.executor,
        "workers": args.workers if args.executor == "local" else None,
        "units_total": len(run.units),
        "units_done": len(run.done),
        "units_done_this_session": len(run.done) - before,
        "lower": bounds[0][0],
        "upper": bounds[0][1],
        "status": "solved" if run.finished(args.first_moves) else ("stopped" if stopped else "time limit"),
        "first_move_bounds": {str(e): list(v) for e, v in bounds.items() if e},
        "unit_seconds_total": round(sum(r["seconds"] for r in records), 3),
        "unit_nodes_total": sum(r["nodes"] for r in records),
        "wall_seconds": round(time.perf_counter() - started, 3),
    }
    if run.value is not None:
        body["value"] = run.value
    return body


def run_growth(args, b) -> dict:
    rng = np.random.default_rng(args.seed)
    rows = []
    solution = SearchSolution(
        b,
        max_memory=args.max_memory,
        threads=args.threads,
        oracle_edges=args.oracle_edges,
        move_order=args.move_order,
        **rule_options(args),
    )
    for drawn in range(b.n_edges, -1, -args.step):
        times, nodes, solved = [], [], 0
        for _ in range(args.samples):
            edges = rng.choice(b.n_edges, size=drawn, replace=False)
            p = int(sum(1 << int(e) for e in edges))
            solution.clear()  # each position from an empty table (its pages already mapped: not timed)
            started = time.perf_counter()
            with Deadline(args.per_position) as deadline:
                try:
                    solution.value(p)
                    solved += 1
                except SearchInterrupted:
                    if not deadline.fired:
                        raise
            times.append(time.perf_counter() - started)
            nodes.append(solution.stats.nodes)
        rows.append(
            {
                "edges_drawn": drawn,
                "free_edges": b.n_edges - drawn,
                "samples": args.samples,
                "solved_within_limit": solved,
                "median_seconds": round(float(np.median(times)), 4),
                "max_seconds": round(max(times), 4),
                "median_nodes": int(np.median(nodes)),
                "max_nodes": int(max(nodes)),
            }
        )
        print(rows[-1], flush=True)
        if solved < args.samples:
            break
    return {
        "seed": args.seed,
        "per_position_seconds": args.per_position,
        "rows": rows,
        "sampling": "positions with the given number of edges drawn, edges drawn uniformly without replacement; "
        "each searched from an empty transposition table",
    }


def run_table(args, b) -> dict:
    """The value table's time for the same board (the retrograde kernel, no disk cache)."""
    from triangles_core.engine.retrograde import solve_table

    solve_table(standard_board("side2"))  # compile (or load) the kernel first
    started = time.perf_counter()
    values = solve_table(b)
    return {
        "table_seconds": round(time.perf_counter() - started, 3),
        "value": int(values[0]),
        "table_bytes": int(values.nbytes),
    }


def _summary(values: list) -> dict:
    return {
        "median": round(float(np.median(values)), 4),
        "min": round(float(min(values)), 4),
        "max": round(float(max(values)), 4),
        "runs": [round(float(v), 4) for v in values],
    }


def run_timed(args, b) -> dict:
    """Search and table on the empty board, both warmed up, each repeated ``--repeat`` times.

    The search is first run once (its kernel compiled or loaded from numba's cache, its
    transposition table's pages mapped), then ``--repeat`` times from a cleared table
    (`SearchSolution.clear`): each repeat visits the same nodes with ``threads=1``.  The
    table is filled once to warm up and then ``--repeat`` times into the same array
    (``out=``, pages mapped).  Wall seconds (``perf_counter``) and process CPU seconds
    (``process_time``, all threads) are recorded; the table kernel runs on numba's
    thread pool (``table_threads``), the search on ``--threads`` threads.
    """
    import numba

    from triangles_core.engine.retrograde import solve_table

    solution = SearchSolution(
        b,
        max_memory=args.max_memory,
        threads=args.threads,
        oracle_edges=args.oracle_edges,
        move_order=args.move_order,
        **rule_options(args),
    )
    value = solution.value(0)  # warm-up
    wall, cpu, nodes, hits = [], [], [], []
    for _ in range(args.repeat):
        solution.clear()
        w, c = time.perf_counter(), time.process_time()
        assert solution.value(0) == value
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
        nodes.append(solution.stats.nodes)
        hits.append(solution.stats.tt_hit_rate)
    record = {
        "value": value,
        "repeat": args.repeat,
        "table_bytes": solution.table_bytes,
        "search_wall_seconds": _summary(wall),
        "search_cpu_seconds": _summary(cpu),
        "search_nodes": _summary(nodes),
        "search_value_tt_hit_rate": _summary(hits),
        "conditions": "empty board's value alone; both methods warmed up (kernel loaded, pages mapped); "
        "repeats in one process; machine shared with other jobs",
    }
    del solution
    if b.n_edges <= 31 and not args.no_table:
        values = solve_table(b)  # warm-up, and the array refilled below
        assert int(values[0]) == value
        wall, cpu = [], []
        for _ in range(args.repeat):
            w, c = time.perf_counter(), time.process_time()
            solve_table(b, out=values)
            wall.append(time.perf_counter() - w)
            cpu.append(time.process_time() - c)
        record.update(
            table_threads=numba.get_num_threads(), table_wall_seconds=_summary(wall), table_cpu_seconds=_summary(cpu)
        )
    return record


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=["empty", "growth", "table", "timed"])
    parser.add_argument("board", type=parse_board)
    parser.add_argument("--max-memory", type=int, default=DEFAULT_MAX_MEMORY)
    parser.add_argument("--threads", type=int, default=1, choices=[1, 2])
    parser.add_argument("--oracle-edges", type=int, default=8)
    parser.add_argument("--move-order", choices=["centre", "edge"], default="centre")
    parser.add_argument("--no-safe-captures", action="store_true", help="switch rule A off (safe captures)")
    parser.add_argument("--no-double-dealing", action="store_true", help="switch rules B and C off (chain ends)")
    parser.add_argument("--no-long-chains", action="store_true", help="switch rule C off (long chains)")
    parser.add_argument(
        "--no-interchangeable-edges",
        action="store_true",
        help="key the table without normalising the outer edges of corner cells",
    )
    parser.add_argument("--time-limit", type=positive(float), default=None, help="seconds for an empty-board solve")
    parser.add_argument("--first-moves", action="store_true", help="also the value of one first move per class")
    parser.add_argument("--pv", action="store_true", help="also the principal variation")
    parser.add_argument("--samples", type=positive(int), default=5)
    parser.add_argument("--step", type=positive(int), default=1)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--per-position", type=positive(float), default=60.0)
    parser.add_argument("--repeat", type=positive(int), default=3, help="repeats of a timed run")
    parser.add_argument("--no-table", action="store_true", help="a timed run without the value table")
    parser.add_argument("--suffix", default="")
    parser.add_argument("--resume", metavar="DIR", help="an empty-board solve by work units, kept and resumed in DIR")
    parser.add_argument("--depth", type=positive(int), default=1, help="edges drawn in each work unit (--resume)")
    parser.add_argument(
        "--executor", default="local", help="where units run (--resume): local, or dask:ADDRESS of a Dask scheduler"
    )
    parser.add_argument("--workers", type=positive(int), default=1, help="processes of a local run (--resume)")
    args = parser.parse_args(argv)
    if "/" in args.suffix or "\0" in args.suffix:
        parser.error(f"--suffix {args.suffix!r}: a file-name suffix cannot hold '/'")
    if args.kind == "table" and args.board.n_edges > MAX_TABLE_EDGES:
        parser.error(
            f"the {args.board.label} has {args.board.n_edges} edges: no value table (at most {MAX_TABLE_EDGES})"
        )
    if args.resume is not None and args.kind != "empty":
        parser.error(f"--resume is for an empty-board solve, not {args.kind!r}")
    if args.executor != "local" and not args.executor.startswith("dask:"):
        parser.error(f"--executor must be local or dask:ADDRESS, got {args.executor!r}")
    if args.resume is not None and args.pv:
        parser.error("--pv is for a run without --resume")
    try:  # the options, checked before any long computation
        SearchSolution(
            args.board,
            max_memory=args.max_memory,
            threads=args.threads,
            oracle_edges=args.oracle_edges,
            move_order=args.move_order,
            **rule_options(args),
        )
    except (ValueError, MemoryError) as error:
        parser.error(str(error))
    # A shell starts background jobs with SIGINT ignored, and Python then never raises
    # KeyboardInterrupt: restore it, for Ctrl-C and for --time-limit (which interrupts the main thread).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    b = args.board
    started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    header = {
        "command": " ".join([".venv/bin/python", "scripts/solve_search.py", *(argv or sys.argv[1:])]),
        "version": tc.__version__,
        "machine": machine(),
        "started_utc": started,
        "board": b.key,
        "n_edges": b.n_edges,
        "n_cells": b.n_cells,
        "kind": args.kind,
        "max_memory": args.max_memory,
        "threads": args.threads,
        "oracle_edges": args.oracle_edges,
        "move_order": args.move_order,
        **rule_options(args),
    }
    try:
        if args.resume is not None:
            body = run_units(args, b)
        else:
            body = {"empty": run_empty, "growth": run_growth, "table": run_table, "timed": run_timed}[args.kind](
                args, b
            )
    except ImportError as missing:  # --executor dask without dask.distributed
        parser.error(f"--executor {args.executor}: {missing}")
    except ValueError as error:  # --resume: a folder of another run; --executor: no scheduler there
        parser.error(str(error))
    except KeyboardInterrupt as stopped:
        print(f"solve_search: {stopped or 'interrupted'} (nothing written)", file=sys.stderr)
        return 130
    record = {**header, **body, "peak_memory_bytes": peak_memory_bytes()}
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{b.key}_{args.kind}{args.suffix}.json"
    if args.resume is not None:
        path = Path(args.resume) / "summary.json"
    with atomic_open(path, "w", encoding="utf-8") as f:
        json.dump(record, f, indent=1)
        f.write("\n")
    print(f"wrote {path}")
    if body.get("status") == "stopped":
        print(
            f"solve_search: stopped with {body['units_done']} of {body['units_total']} units done, "
            f"{body['lower']} <= value <= {body['upper']}; the same command resumes",
            file=sys.stderr,
        )
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
