"""Benchmarks of the search solver against the value table, measured in the same run.

Run from the repository root (each board in its own subprocess, so that its peak memory
is its own; at most one big table at a time)::

    .venv/bin/python benchmarks/bench_search.py                    # side 3, 3x3, side 4, 3x4; 1 and 2 threads
    .venv/bin/python benchmarks/bench_search.py --boards side3 boxes3x3
    .venv/bin/python benchmarks/bench_search.py --growth side4 --samples 3
    .venv/bin/python benchmarks/bench_search.py --rules boxes3x3 side4 boxes3x4 --write   # rule by rule
    nice -n 5 .venv/bin/python benchmarks/bench_search.py --against /work/main --boards boxes3x3 side4 boxes3x4

Prints, per board: the empty board's value by search and by the table, the search's wall
time, nodes, nodes per second, transposition-table hit rate, oracle calls and peak memory,
the table's time (`solve_table`, computed afresh in the same run) and the ratio
search / table.  ``--growth BOARD`` adds the cost by number of free edges: random
positions (seed 21) at each number of edges drawn, searched from a fresh table each, and
checked against the cached value table for boards that have one.  ``--rules BOARD ...``
measures the search's pruning rules instead: the empty boards' nodes and seconds with the
rules added one at a time (`RULE_STEPS`), as ratios to the solver without them, each step
in its own process of the same run.  ``--against CHECKOUT`` compares the empty boards'
nodes, wall and CPU seconds and nodes per CPU second with the search of another checkout
of the package (its code imported in a subprocess through ``PYTHONPATH``), as ratios,
with the load average beside each row.  Boards beyond the
table (3x5, 4x4, side 5) are run by ``scripts/solve_search.py``, whose JSON results under
``data/search/`` this script prints at the end, after a comparison with OpenSpiel's
alpha-beta on the boards it can solve (when ``pyspiel`` is importable).

The machine is shared (2 cores, several jobs): timings are noisy; nodes are exact.
Timings are not asserted anywhere: the tests check correctness, this script measures speed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def peak_rss_gib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 2**20
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20


def board_of(key: str):
    from triangles_core.games.boards import standard_board

    return standard_board(key)


RULE_STEPS = {
    "free captures only": dict(
        safe_captures=False, double_dealing=False, long_chains=False, loony_bound=False, interchangeable_edges=False
    ),
    "+ rule A (safe captures)": dict(
        double_dealing=False, long_chains=False, loony_bound=False, interchangeable_edges=False
    ),
    "+ rule B (double dealing)": dict(long_chains=False, loony_bound=False, interchangeable_edges=False),
    "+ rule C (long chains)": dict(loony_bound=False, interchangeable_edges=False),
    "+ loony bound": dict(interchangeable_edges=False),
    "+ interchangeable edges (default)": {},
}
"""The search's options added one at a time (`--rules`): each row has the ones above it."""


def child_empty(key: str, max_memory: int, threads: int, step: str = "+ interchangeable edges (default)") -> dict:
    from triangles_core.engine.search import SearchSolution

    b = board_of(key)
    SearchSolution(board_of("side2"), max_memory=1 << 16).value(0)  # compile (or load) the kernel first
    start, cpu = time.perf_counter(), time.process_time()
    s = SearchSolution(b, max_memory=max_memory, threads=threads, **RULE_STEPS[step])
    value = s.value(0)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    st = s.stats
    return {
        "board": key,
        "step": step,
        "value": value,
        "search_s": wall,
        "cpu_s": cpu,
        "nodes": st.nodes,
        "nodes_per_s": st.nodes_per_second,
        "tt_hit_rate": st.tt_hit_rate,
        "oracle_calls": st.oracle_calls,
        "capture_nodes": st.capture_nodes,
        "sacrifice_nodes": st.sacrifice_nodes,
        "rss_gib": peak_rss_gib(),
        "table_mib": s.table_bytes / 2**20,
    }


def rules_ablation(keys: list[str], max_memory: int, write: bool) -> None:
    """Nodes and seconds of the empty boards with the pruning rules added one by one, in one run.

    Each step runs in its own process (threads=1, the same table size), one after the
    other; the ratios are to the first step (free captures only, the solver before
    rules A, B, C and the interchangeable edges).  With ``write``, the rows go to
    ``data/search/rules_ablation.json`` with the command, version and machine.
    """
    rows = []
    print(f"\npruning rules added one by one (threads=1, {max_memory >> 20} MiB table):")
    print(f"  {'board':9} {'step':35} {'value':>5} {'nodes':>12} {'seconds':>8} {'nodes/first':>11} {'time/first':>10}")
    for key in keys:
        first = None
        for step in RULE_STEPS:
            r = run_child("empty", key, str(max_memory), "1", step)
            first = first or r
            assert r["value"] == first["value"], (key, step, r["value"], first["value"])
            r["nodes_ratio"] = r["nodes"] / first["nodes"]
            r["seconds_ratio"] = r["search_s"] / first["search_s"]
            rows.append(r)
            print(
                f"  {key:9} {step:35} {r['value']:5d} {r['nodes']:12,d} {r['search_s']:8.2f} "
                f"{r['nodes_ratio']:11.3f} {r['seconds_ratio']:10.3f}",
                flush=True,
            )
    if write:
        import platform

        sys.path.insert(0, str(ROOT / "scripts"))
        from _provenance import cpu_model

        import triangles_core as tc

        record = {
            "command": " ".join([".venv/bin/python", "benchmarks/bench_search.py", *sys.argv[1:]]),
            "version": tc.__version__,
            "kind": "rules_ablation",
            "max_memory": max_memory,
            "threads": 1,
            "machine": {
                "system": platform.platform(),
                "cpus": os.cpu_count(),
                "cpu_model": cpu_model(),
                "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
            },
            "started_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "steps": list(RULE_STEPS),
            "rows": rows,
            "conditions": "each step a fresh process (kernel loaded from numba's cache, table pages faulted "
            "in during the search); machine shared with other jobs: seconds are noisy, "
            "nodes exact",
        }
        path = ROOT / "data" / "search" / "rules_ablation.json"
        path.write_text(json.dumps(record, indent=1) + "\n")
        print(f"wrote {path.relative_to(ROOT)}")


def child_table(key: str) -> dict:
    from triangles_core.engine.retrograde import solve_table

    b = board_of(key)
    solve_table(board_of("side2"))  # compile
    start = time.perf_counter()
    values = solve_table(b)
    return {"board": key, "table_s": time.perf_counter() - start, "value": int(values[0]), "rss_gib": peak_rss_gib()}


def child_growth(key: str, samples: int, max_memory: int) -> dict:
    from triangles_core.engine.search import SearchSolution

    b = board_of(key)
    table = None
    if b.n_edges >= 28:
        import triangles_core as tc

        table = tc.solve(4) if key == "side4" else tc.solve_boxes(*map(int, key[5:].split("x")))
    else:
        from triangles_core.engine.retrograde import solve_table

        table_values = solve_table(b)
    rng = np.random.default_rng(21)
    rows = []
    for drawn in range(b.n_edges, -1, -1):
        seconds, nodes = [], []
        for _ in range(samples):
            p = int(sum(1 << int(e) for e in rng.choice(b.n_edges, size=drawn, replace=False)))
            s = SearchSolution(b, max_memory=max_memory)
            start = time.perf_counter()
            v = s.value(p)
            seconds.append(time.perf_counter() - start)
            nodes.append(s.stats.nodes)
            expected = table.value(p) if table is not None else int(table_values[p])
            assert v == expected, (key, p, v, expected)
        rows.append(
            {
                "free_edges": b.n_edges - drawn,
                "median_s": float(np.median(seconds)),
                "median_nodes": int(np.median(nodes)),
            }
        )
    return {"board": key, "samples": samples, "rows": rows}


def openspiel_comparison(boards=((1, 1), (1, 2), (2, 2))) -> None:
    """OpenSpiel's generic alpha-beta (`open_spiel.python.algorithms.minimax.alpha_beta_search`,
    no transposition table, utilities +1/0/-1) on its dots_and_boxes game, against this search.

    The best public solver found that builds here (``pip install --target DIR open_spiel``,
    then ``PYTHONPATH=DIR``); skipped when pyspiel cannot be imported.
    """
    try:
        import pyspiel
        from open_spiel.python.algorithms.minimax import alpha_beta_search
    except ImportError:
        print("\nOpenSpiel not importable: comparison skipped")
        return
    from triangles_core.engine.search import SearchSolution
    from triangles_core.games.boxes import boxes_board

    SearchSolution(boxes_board(1, 1), max_memory=1 << 16).value(0)  # compile (or load) the kernel first
    print("\nOpenSpiel alpha-beta (win/draw/loss, no table) against this search (net score):")
    for rows, cols in boards:
        game = pyspiel.load_game(f"dots_and_boxes(num_rows={rows},num_cols={cols})")
        start = time.perf_counter()
        utility, _ = alpha_beta_search(game, maximizing_player_id=0)
        theirs = time.perf_counter() - start
        solution = SearchSolution(boxes_board(rows, cols), max_memory=1 << 20)
        start = time.perf_counter()
        value = solution.value(0)
        ours = time.perf_counter() - start
        assert np.sign(value) == np.sign(utility), (rows, cols, value, utility)
        print(
            f"  {rows}x{cols}: OpenSpiel {utility:+.0f} in {theirs:.3f} s; search {value:+d} in {ours:.4f} s "
            f"(ratio {theirs / max(ours, 1e-9):,.0f})"
        )


def run_child(*args: str, code: Path = ROOT) -> dict:
    """Run this script's ``--child`` in a new process importing the package from the checkout ``code``."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    out = subprocess.run(
        [sys.executable, __file__, "--child", *args], capture_output=True, text=True, check=True, env=env
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def against(base: Path, keys: list[str], max_memory: int, threads: list[int]) -> None:
    """Nodes and seconds of the empty boards, this checkout's search against the one in ``base``, in one run.

    Each solve is a fresh process (kernel loaded from numba's cache); ``base``'s runs one
    thread.  Nodes are exact; seconds depend on the machine's load, printed beside each
    row (the one-minute load average before it).  CPU seconds count every thread.
    """
    print(f"\nthis search against the one in {base} (empty boards, {max_memory >> 20} MiB table):")
    print(
        f"  {'board':9} {'thr':>3} {'value':>5} {'nodes':>12} {'old nodes':>12} {'ratio':>6} {'wall s':>7} "
        f"{'old':>7} {'CPU s':>7} {'old':>7} {'CPU ratio':>9} {'nodes/CPU s':>11} {'old':>10} {'load':>5}"
    )
    for key in keys:
        load = os.getloadavg()[0]
        old = run_child("empty", key, str(max_memory), "1", code=base)
        for t in threads:
            load = max(load, os.getloadavg()[0])
            new = run_child("empty", key, str(max_memory), str(t))
            assert new["value"] == old["value"], (key, new, old)
            print(
                f"  {key:9} {t:3d} {new['value']:5d} {new['nodes']:12,d} {old['nodes']:12,d} "
                f"{old['nodes'] / new['nodes']:6.2f} {new['search_s']:7.2f} {old['search_s']:7.2f} "
                f"{new['cpu_s']:7.2f} {old['cpu_s']:7.2f} {old['cpu_s'] / new['cpu_s']:9.2f} "
                f"{new['nodes'] / new['cpu_s']:11,.0f} {old['nodes'] / old['cpu_s']:10,.0f} {load:5.1f}",
                flush=True,
            )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", nargs="*", default=["side3", "boxes3x3", "side4", "boxes3x4"])
    parser.add_argument("--growth", nargs="*", default=[])
    parser.add_argument("--samples", type=int, default=3)
    parser.add_argument("--max-memory", type=int, default=1 << 30)
    parser.add_argument(
        "--threads", type=int, nargs="*", default=[1, 2], help="search threads to compare (lazy SMP on a shared table)"
    )
    parser.add_argument("--skip-openspiel", action="store_true")
    parser.add_argument(
        "--rules",
        nargs="*",
        default=None,
        metavar="BOARD",
        help="only the pruning rules added one by one on these boards (default: boxes3x3 side4 boxes3x4)",
    )
    parser.add_argument("--write", action="store_true", help="with --rules: write data/search/rules_ablation.json")
    parser.add_argument(
        "--against",
        type=Path,
        metavar="CHECKOUT",
        help="only compare the empty --boards with the search of another checkout (e.g. main's), in one run",
    )
    parser.add_argument("--child", nargs="*")
    args = parser.parse_args(argv)
    if args.child:
        kind, key, *rest = args.child
        if kind == "empty":
            result = child_empty(key, int(rest[0]), int(rest[1]), *rest[2:])
        elif kind == "table":
            result = child_table(key)
        else:
            result = child_growth(key, int(rest[0]), int(rest[1]))
        print(json.dumps(result))
        return 0
    if args.against is not None:
        against(args.against.resolve(), args.boards, args.max_memory, args.threads)
        return 0
    if args.rules is not None:
        rules_ablation(args.rules or ["boxes3x3", "side4", "boxes3x4"], args.max_memory, args.write)
        return 0
    print(
        f"{'board':10} {'thr':>3} {'value':>5} {'search s':>9} {'table s':>8} {'ratio':>7} {'nodes':>12} "
        f"{'nodes/s':>10} {'TT hits':>7} {'RSS GiB':>7}"
    )
    for key in args.boards:
        tabled = run_child("table", key)
        for threads in args.threads:
            searched = run_child("empty", key, str(args.max_memory), str(threads))
            assert searched["value"] == tabled["value"], (searched, tabled)
            print(
                f"{key:10} {threads:3d} {searched['value']:5d} {searched['search_s']:9.2f} {tabled['table_s']:8.2f} "
                f"{searched['search_s'] / tabled['table_s']:7.1f} {searched['nodes']:12,d} "
                f"{searched['nodes_per_s']:10,.0f} {searched['tt_hit_rate']:7.3f} {searched['rss_gib']:7.2f}",
                flush=True,
            )
    for key in args.growth:
        grown = run_child("growth", key, str(args.samples), str(1 << 26))
        print(f"\ncost by free edges, {key} ({grown['samples']} random positions each, checked against the table):")
        for row in grown["rows"]:
            print(f"  {row['free_edges']:3d} free: median {row['median_s']:.4f} s, {row['median_nodes']:,} nodes")
    if not args.skip_openspiel:
        openspiel_comparison()
    results = sorted((ROOT / "data" / "search").glob("*.json"))
    if results:
        print("\nlong solves (scripts/solve_search.py, data/search/):")
        for path in results:
            r = json.loads(path.read_text())
            if r["kind"] == "empty":
                answer = r.get("value", f"{r.get('lower')}..{r.get('upper')}")
                detail = f"{r['status']}, {r['nodes']:,} nodes, {r['wall_seconds']} s"
            elif r["kind"] == "capture_rules":
                answer = "capture rules hold" if r["holds"] else "capture rules FAIL"
                detail = f"{r['positions']:,} positions, {r['double_dealing_positions']:,} where rule B applies"
            elif r["kind"] == "rules_ablation":
                continue
            elif r["kind"] == "timed":
                answer = r["value"]
                detail = (
                    f"warm search median {r['search_wall_seconds']['median']} s wall, "
                    f"{r['search_cpu_seconds']['median']} s CPU, {int(r['search_nodes']['median']):,} nodes"
                )
                if "table_wall_seconds" in r:
                    detail += f"; table {r['table_wall_seconds']['median']} s"
            elif r["kind"] == "table":
                answer, detail = r["value"], f"value table in {r['table_seconds']} s"
            else:
                solved = [row for row in r["rows"] if row["solved_within_limit"] == row["samples"]]
                answer = "growth"
                detail = (
                    f"all samples solved down to {solved[-1]['edges_drawn']} edges drawn, "
                    f"{solved[-1]['median_nodes']:,} median nodes there"
                )
            print(f"  {path.name}: {answer}, {detail}, peak {r['peak_memory_bytes'] / 2**30:.2f} GiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
