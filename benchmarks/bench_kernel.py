"""Benchmarks of the vectorised retrograde kernel, against baselines measured in the same run.

Run from the repository root (needs a C compiler for the baselines; about 3 minutes, most
of it the single-threaded C baseline of side 4; at most one big table in memory at a
time, each in its own subprocess so that its peak memory is its own)::

    .venv/bin/python benchmarks/bench_kernel.py                 # everything
    .venv/bin/python benchmarks/bench_kernel.py --skip-c4       # without the side-4 C baseline
    .venv/bin/python benchmarks/bench_kernel.py --repeats 3     # best of 3 for side 4 (and its C baseline)

Prints:

- the machine: CPUs, numba threads and threading layer, and how much CPU this machine
  really gives (one busy thread, then two at once: the virtual machines these benchmarks
  run on are sometimes throttled well below their nominal cores, which caps the parallel
  speed-up);
- the compile time of the kernel: first call with an empty numba cache, and with it warm;
- side 3 (2**18 positions): the kernel, warm, best of 50, against the C ``-O2``
  single-threaded baseline (``benchmarks/baseline_solver.c``), best of 20 (target: ratio
  at most 0.25);
- side 4 (2**30 positions): the kernel in a subprocess, its wall and CPU time and peak
  memory (VmHWM; target at most 1.3 GiB), the sha256 of its table against that of the
  previous kernel (byte-identical tables), the C baseline and the ratio (target at most
  0.1), positions per second per core;
- the memory bandwidth of this machine (a numpy copy of a 1 GiB array) and the fraction
  of the bandwidth-bound rate the side-4 solve reaches (both models are printed);
- 3x4 Dots-and-Boxes (31 lines, 2**31 positions, a 2 GiB table): time and peak memory
  (target at most 2.4 GiB), and the value of the empty board.

Timings are not asserted anywhere: the tests check correctness, this script measures speed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _baseline import run_baseline  # noqa: E402
from _timing import best_of  # noqa: E402

SIDE4_SHA256 = "8b8ed91840e3cb97caa33548918d1a88c67cb4ef83c24df5bc8e7accdb214b53"
"""sha256 of the side-4 table (2**30 int8 values) of the previous, scalar kernel (commit e996e67)."""

TARGETS = {"side3": 0.25, "side4": 0.1, "rss4": 1.3, "rss31": 2.4}


def warm_up() -> None:
    """Compile (or load from the numba cache) both paths of the kernel: one block, many blocks."""
    from triangles_core.engine.retrograde import solve_table
    from triangles_core.games.triangles import board

    for low_bits in (3, None):
        solve_table(board(2), low_bits=low_bits)


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def peak_rss_gib() -> float:
    """Peak resident memory of this process (VmHWM), in GiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 2**20
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20


# ----------------------------------------------------------------------------- children
# Each runs in its own process (``bench_kernel.py --child NAME``) and prints one JSON line.


def child_compile() -> dict:
    from triangles_core.engine.retrograde import solve_table
    from triangles_core.games.triangles import board

    imported = time.perf_counter()
    solve_table(board(3))  # one block: the block kernel alone
    single = time.perf_counter()
    solve_table(board(3), low_bits=12)  # 64 blocks: the parallel kernel around it
    return {"single_s": single - imported, "parallel_s": time.perf_counter() - single}


def child_side4(repeats: int) -> dict:
    from triangles_core.engine.retrograde import DEFAULT_LOW_BITS, solve_table
    from triangles_core.games.triangles import board

    warm_up()
    b = board(4)
    cpu, start = cpu_seconds(), time.perf_counter()
    values = solve_table(b)  # a fresh array, as solve(4) does: its page faults are timed too
    walls, cpus = [time.perf_counter() - start], [cpu_seconds() - cpu]
    for _ in range(repeats - 1):  # the C baseline also reuses its array for its repeats
        cpu, start = cpu_seconds(), time.perf_counter()
        solve_table(b, out=values)
        walls.append(time.perf_counter() - start)
        cpus.append(cpu_seconds() - cpu)
    best = int(np.argmin(walls))
    return {
        "wall_s": walls[best],
        "cpu_s": cpus[best],
        "first_wall_s": walls[0],
        "rss_gib": peak_rss_gib(),
        "sha256": hashlib.sha256(values.data).hexdigest(),
        "value": int(values[0]),
        "sum": int(values.sum(dtype=np.int64)),
        "low_bits": DEFAULT_LOW_BITS,
    }


def child_boxes(rows: int, cols: int) -> dict:
    from triangles_core.engine.retrograde import solve_table
    from triangles_core.games.boxes import boxes_board

    warm_up()
    b = boxes_board(rows, cols)
    n = b.n_edges
    cpu, start = cpu_seconds(), time.perf_counter()
    values = solve_table(b)  # no cache: solve_boxes would load the table from the user cache
    return {
        "n_edges": n,
        "wall_s": time.perf_counter() - start,
        "cpu_s": cpu_seconds() - cpu,
        "rss_gib": peak_rss_gib(),
        "value": int(values[0]),
    }


def child_bandwidth() -> dict:
    size = 1 << 30
    source = np.ones(size, dtype=np.int8)
    target = np.zeros(size, dtype=np.int8)  # both touched: no page faults in the timing
    np.copyto(target, source)
    times = []
    for _ in range(5):
        start = time.perf_counter()
        np.copyto(target, source)
        times.append(time.perf_counter() - start)
    return {"copy_s": min(times), "bytes_per_copy": 2 * size}  # one read and one write of 1 GiB


CHILDREN = {
    "compile": lambda args: child_compile(),
    "side4": lambda args: child_side4(args.repeats),
    "boxes34": lambda args: child_boxes(3, 4),
    "bandwidth": lambda args: child_bandwidth(),
}


def run_child(name: str, args: argparse.Namespace, env: dict | None = None) -> dict:
    command = [sys.executable, __file__, "--child", name, "--repeats", str(args.repeats)]
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


# ----------------------------------------------------------------------------- machine


def spin_share(processes: int, seconds: float = 1.0) -> float:
    """Total CPU seconds per wall second that ``processes`` busy processes get together."""
    code = (
        "import time,resource\nend=time.perf_counter()+%r\n"
        "while time.perf_counter()<end: pass\n"
        "u=resource.getrusage(resource.RUSAGE_SELF)\nprint(u.ru_utime+u.ru_stime)"
    ) % seconds
    procs = [
        subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True) for _ in range(processes)
    ]
    return sum(float(p.communicate()[0]) for p in procs) / seconds


def verdict(value: float, target: float) -> str:
    return f"target <= {target}: {'met' if value <= target else 'NOT met'}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=1, help="side-4 runs of each solver, best kept (default 1)")
    parser.add_argument("--skip-c4", action="store_true", help="skip the side-4 C baseline (~80-110 s)")
    parser.add_argument("--skip-31", action="store_true", help="skip the 31-edge boxes board")
    parser.add_argument("--child", choices=sorted(CHILDREN), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(CHILDREN[args.child](args)))
        return 0

    import numba

    from triangles_core.engine.retrograde import solve_table
    from triangles_core.games.triangles import board

    warm_up()
    threads = numba.get_num_threads()
    print(
        f"machine: {os.cpu_count()} CPUs, numba {numba.__version__}, {threads} threads "
        f"({numba.threading_layer()} layer); CPU actually given: one busy process "
        f"{spin_share(1):.2f} core, two at once {spin_share(2):.2f} cores in total"
    )

    # compile time: an empty numba cache, then the same cache warm
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        cold = run_child("compile", args, env)
        warm = run_child("compile", args, env)
    print(
        f"compile: first solve_table(board(3)) (one block) then with 64 blocks (parallel): "
        f"{cold['single_s']:.2f} s + {cold['parallel_s']:.2f} s with an empty numba cache, "
        f"{warm['single_s']:.2f} s + {warm['parallel_s']:.2f} s with the cache warm"
    )

    # side 3
    b3 = board(3)
    ours3 = best_of(lambda: solve_table(b3), 50)
    c3 = run_baseline(3, repeats=20)
    line = f"side 3 (2**18): kernel {ours3 * 1e3:.3f} ms (best of 50)"
    if c3 is None:
        print(line + "; C baseline: no C compiler found")
    else:
        assert (c3[1], c3[2]) == (int(solve_table(b3)[0]), int(solve_table(b3).sum(dtype=np.int64)))
        print(
            line + f", C -O2 {c3[0] * 1e3:.2f} ms (best of 20): ratio {ours3 / c3[0]:.3f} "
            f"({verdict(ours3 / c3[0], TARGETS['side3'])})"
        )

    # side 4
    s4 = run_child("side4", args)
    positions = 1 << 30
    identical = s4["sha256"] == SIDE4_SHA256
    print(
        f"side 4 (2**30): kernel {s4['wall_s']:.2f} s wall, {s4['cpu_s']:.2f} s CPU"
        + (f" (first run {s4['first_wall_s']:.2f} s)" if args.repeats > 1 else "")
        + f"; peak memory {s4['rss_gib']:.2f} GiB ({verdict(round(s4['rss_gib'], 2), TARGETS['rss4'])}); "
        f"table byte-identical to the previous kernel's: {identical}"
    )
    print(
        f"  {positions / s4['wall_s'] / threads / 1e6:.0f} M positions/s per core ({threads} threads, wall), "
        f"{positions / s4['cpu_s'] / 1e6:.0f} M positions per CPU-second"
    )
    if not args.skip_c4:
        c4 = run_baseline(4, repeats=args.repeats)
        if c4 is None:
            print("  C baseline: no C compiler found")
        else:
            agree = (c4[1], c4[2]) == (s4["value"], s4["sum"])
            print(
                f"  C -O2 baseline (one thread) {c4[0]:.2f} s: ratio {s4['wall_s'] / c4[0]:.3f} "
                f"({verdict(s4['wall_s'] / c4[0], TARGETS['side4'])}); empty board and sum agree: {agree}"
            )

    # memory bandwidth
    bw = run_child("bandwidth", args)
    rate = bw["bytes_per_copy"] / bw["copy_s"]
    achieved = positions / s4["wall_s"]
    traffic = 1 + (30 - s4["low_bits"]) / 2
    print(f"memory bandwidth (numpy copy of 1 GiB, one thread): {rate / 1e9:.1f} GB/s read+write")
    print(
        f"  model A, 1 byte written per position: bound {rate / 1e9:.1f} G positions/s; "
        f"the side-4 solve reaches {achieved / rate:.1%}"
    )
    print(
        f"  model B, 1 byte written + 1 byte read per free edge above the block (children in other "
        f"blocks; {traffic:.0f} bytes a position on average, in-block children from cache): bound "
        f"{rate / traffic / 1e9:.2f} G positions/s; reached {achieved * traffic / rate:.1%}"
    )

    # 31 edges
    if not args.skip_31:
        big = run_child("boxes34", args)
        print(
            f"3x4 Dots-and-Boxes ({big['n_edges']} lines, 2**31 positions): {big['wall_s']:.2f} s wall, "
            f"{big['cpu_s']:.2f} s CPU; peak memory {big['rss_gib']:.2f} GiB "
            f"({verdict(round(big['rss_gib'], 2), TARGETS['rss31'])}); empty board {big['value']:+d}"
        )
    return 0 if identical else 2


if __name__ == "__main__":
    sys.exit(main())
