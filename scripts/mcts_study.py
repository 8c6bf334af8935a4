"""OpenSpiel's MCTS graded move by move against the exact values: the data of notebook 11.

For each board (side-3 triangles; 2x2, 2x3, 3x3 and 3x4 boxes) positions are sampled from
random and from perfect play (`triangles_core.openspiel.study.sample_positions`: one
position per game among those where some move loses value; seed 0 for random play,
seed 1 for perfect play), and OpenSpiel's MCTS (UCT, c = 2, one random rollout per leaf,
no solver; Lanctot et al. 2019, arXiv:1908.09453) chooses a move at each with 10 to 10^4
simulations; the exact solution grades it.  Then the control (the Python MCTS bot with
the exact evaluator), the same positions searched by the Python bot with random rollouts
(to check that the C++ and Python bots agree), and games of MCTS against perfect play.

Run from the repository root (about 35 minutes on two shared cores, 2.5 GB of memory for
the 3x4 table)::

    .venv/bin/python scripts/mcts_study.py

It writes under ``data/openspiel/``: ``mcts_choices.csv`` (one row per position and
search), ``mcts_games.csv`` (one row per game) and ``run.json`` (command, versions,
machine, seconds per block).  Each block is written as soon as it is done.

Then, with ``--more`` (about 2 minutes), the C++ bot with 100,000 simulations on the first
positions of each source of the 2x2, 2x3 and 3x3 samples (the same positions and seeds
scheme), written to ``mcts_more.csv`` and ``run_more.json``.

With ``--extra`` (about a minute), two small checks written to ``mcts_extra.csv`` and
``run_extra.json``: the empty 2x2 board searched by the C++ bot with 10^4 simulations (10
seeds), 10^5 and 4x10^5 (3 seeds each), with margin and with win/loss returns; and the
500 3x3 positions at 1,000 simulations with c = 18 (c = 2 times 9, the largest 3x3
margin) and margin returns, and with c = 2 and win/loss returns (OpenSpiel's default),
beside the main run's c = 2 with margin returns.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from importlib import metadata
from pathlib import Path

import pandas as pd
from _provenance import cpu_model  # scripts/, beside this file

import triangles_core as tc
from triangles_core.common.files import atomic_open
from triangles_core.openspiel.study import mcts_choices, mcts_games, sample_positions

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "openspiel"
COMMAND = ".venv/bin/python scripts/mcts_study.py"

SIMULATIONS = (10, 30, 100, 300, 1000, 3000, 10000)
# board key -> (solver, positions per source, MCTS implementation, simulations)
BOARDS = {
    "boxes2x2": (lambda: tc.solve_boxes(2, 2), 250, "cpp", SIMULATIONS),
    "boxes2x3": (lambda: tc.solve_boxes(2, 3), 250, "cpp", SIMULATIONS),
    "boxes3x3": (lambda: tc.solve_boxes(3, 3), 250, "cpp", SIMULATIONS),
    "boxes3x4": (lambda: tc.solve_boxes(3, 4), 150, "cpp", SIMULATIONS),
    "side3": (lambda: tc.solve(3), 50, "python", (10, 30, 100, 300, 1000, 3000)),
}
CONTROL = {"boxes2x2": (10, 100, 1000), "boxes3x3": (10, 100, 1000), "side3": (10, 100)}
"""Boards and simulations of the control (Python bot, exact evaluator) on the first 50 positions of each source."""
PYTHON_CHECK = ("boxes3x3", (100, 1000))
"""The Python bot with random rollouts on the same 3x3 positions, beside the C++ bot."""
GAMES = {
    "boxes2x2": ((100, 100), (1000, 100), (10000, 100)),
    "boxes2x3": ((100, 100), (1000, 100), (10000, 100)),
    "boxes3x3": ((100, 100), (1000, 100), (10000, 100)),
    "boxes3x4": ((1000, 50), (10000, 50)),
    "side3": ((100, 40), (1000, 20)),
}
"""Games against perfect play: board -> (simulations, games) pairs (MCTS first in even games)."""


def machine() -> str:
    """The CPU model, the number of logical CPUs and the system, for run.json."""
    return f"{cpu_model()}, {os.cpu_count()} logical CPUs shared with other work, {platform.system()}"


def write_csv(frame: pd.DataFrame, path: Path) -> None:
    with atomic_open(path, "w", encoding="utf-8", newline="") as f:
        frame.to_csv(f, index=False, lineterminator="\n")


MORE = {"boxes2x2": 50, "boxes2x3": 50, "boxes3x3": 30}
"""``--more``: board -> positions per source searched with `MORE_SIMULATIONS`."""
MORE_SIMULATIONS = 100_000


def more() -> int:
    run = {
        "command": COMMAND + " --more",
        "triangles_core": metadata.version("triangles_core"),
        "open_spiel": metadata.version("open_spiel"),
        "python": platform.python_version(),
        "machine": machine(),
        "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "seconds": {},
    }
    parts = []
    for key, count in MORE.items():
        started = time.perf_counter()
        solver, per_source = BOARDS[key][0], BOARDS[key][1]
        solution = solver()
        sample = pd.concat(
            [sample_positions(solution, source, per_source, seed) for seed, source in enumerate(("random", "perfect"))],
            ignore_index=True,
        )
        first = sample.groupby("source", sort=False).head(count)
        graded = mcts_choices(solution, first, MORE_SIMULATIONS, seed=1000 * MORE_SIMULATIONS)
        parts.append(graded.assign(board=key, implementation="cpp", evaluator="random"))
        print(key, MORE_SIMULATIONS, f"{graded['value_lost'].gt(0).mean():.3f}", flush=True)
        run["seconds"][key] = round(time.perf_counter() - started, 1)
        write_csv(pd.concat(parts, ignore_index=True), OUT / "mcts_more.csv")
    run["finished"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    with atomic_open(OUT / "run_more.json", "w", encoding="utf-8") as f:
        f.write(json.dumps(run, indent=1) + "\n")
    return 0


EMPTY_2X2 = ((10_000, 10), (100_000, 3), (400_000, 3))
"""``--extra``: (simulations, seeds) at the empty 2x2 board."""
VARIANTS_3X3 = ((18.0, True), (2.0, False))
"""``--extra``: (uct_c, utility_margin) of the 3x3 searches at 1,000 simulations."""


def extra() -> int:
    run = {
        "command": COMMAND + " --extra",
        "triangles_core": metadata.version("triangles_core"),
        "open_spiel": metadata.version("open_spiel"),
        "python": platform.python_version(),
        "machine": machine(),
        "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "seconds": {},
    }
    parts = []
    started = time.perf_counter()
    solution = tc.solve_boxes(2, 2)
    for margin in (True, False):
        for n, seeds in EMPTY_2X2:
            empty = pd.DataFrame({"source": "empty board", "position": [0] * seeds})
            graded = mcts_choices(solution, empty, n, seed=0, utility_margin=margin)
            parts.append(graded.assign(board="boxes2x2", uct_c=2.0, utility_margin=margin))
            print("empty 2x2", margin, n, graded["value_lost"].tolist(), flush=True)
    run["seconds"]["empty 2x2"] = round(time.perf_counter() - started, 1)
    started = time.perf_counter()
    solution = tc.solve_boxes(3, 3)
    count = BOARDS["boxes3x3"][1]
    sample = pd.concat(
        [sample_positions(solution, source, count, seed) for seed, source in enumerate(("random", "perfect"))],
        ignore_index=True,
    )
    for c, margin in VARIANTS_3X3:
        graded = mcts_choices(solution, sample, 1000, seed=1000 * 1000, uct_c=c, utility_margin=margin)
        parts.append(graded.assign(board="boxes3x3", uct_c=c, utility_margin=margin))
        print("3x3", c, margin, f"{graded['value_lost'].gt(0).mean():.3f}", flush=True)
    run["seconds"]["3x3 variants"] = round(time.perf_counter() - started, 1)
    write_csv(
        pd.concat(parts, ignore_index=True).assign(implementation="cpp", evaluator="random"), OUT / "mcts_extra.csv"
    )
    run["finished"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    with atomic_open(OUT / "run_extra.json", "w", encoding="utf-8") as f:
        f.write(json.dumps(run, indent=1) + "\n")
    return 0


def main() -> int:
    if sys.argv[1:] == ["--more"]:
        return more()
    if sys.argv[1:] == ["--extra"]:
        return extra()
    if sys.argv[1:]:
        print(f"usage: {COMMAND} [--more | --extra]", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    run = {
        "command": COMMAND,
        "triangles_core": metadata.version("triangles_core"),
        "open_spiel": metadata.version("open_spiel"),
        "python": platform.python_version(),
        "machine": machine(),
        "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "seconds": {},
    }
    choices, games = [], []

    def save() -> None:
        write_csv(pd.concat(choices, ignore_index=True), OUT / "mcts_choices.csv")
        if games:
            write_csv(pd.concat(games, ignore_index=True), OUT / "mcts_games.csv")
        with atomic_open(OUT / "run.json", "w", encoding="utf-8") as f:
            f.write(json.dumps(run, indent=1) + "\n")

    samples = {}
    for key, (solver, count, implementation, levels) in BOARDS.items():
        started = time.perf_counter()
        solution = solver()
        sample = pd.concat(
            [sample_positions(solution, source, count, seed) for seed, source in enumerate(("random", "perfect"))],
            ignore_index=True,
        )
        samples[key] = (solution, sample)
        for n in levels:
            graded = mcts_choices(solution, sample, n, seed=1000 * n, implementation=implementation)
            choices.append(graded.assign(board=key, implementation=implementation, evaluator="random"))
            print(key, n, f"{graded['value_lost'].gt(0).mean():.3f}", f"{graded['seconds'].mean():.4f}s", flush=True)
        run["seconds"][key] = round(time.perf_counter() - started, 1)
        save()
        if key == "boxes3x4":
            del samples[key]  # the 2 GiB table is not needed again
    started = time.perf_counter()
    for key, levels in CONTROL.items():
        solution, sample = samples[key]
        first = sample.groupby("source", sort=False).head(50)
        for n in levels:
            graded = mcts_choices(solution, first, n, seed=1000 * n, implementation="python", evaluator="exact")
            choices.append(graded.assign(board=key, implementation="python", evaluator="exact"))
            print("control", key, n, f"{graded['value_lost'].gt(0).mean():.3f}", flush=True)
    key, levels = PYTHON_CHECK
    solution, sample = samples[key]
    for n in levels:
        graded = mcts_choices(solution, sample, n, seed=1000 * n, implementation="python")
        choices.append(graded.assign(board=key, implementation="python", evaluator="random"))
        print("python", key, n, f"{graded['value_lost'].gt(0).mean():.3f}", flush=True)
    run["seconds"]["control"] = round(time.perf_counter() - started, 1)
    save()
    for key, plan in GAMES.items():
        started = time.perf_counter()
        solution = samples[key][0] if key in samples else BOARDS[key][0]()
        implementation = BOARDS[key][2]
        for n, count in plan:
            played = mcts_games(solution, count, n, seed=7 * n, implementation=implementation)
            games.append(played.assign(board=key, simulations=n, implementation=implementation, evaluator="random"))
            print("games", key, n, played["shortfall"].mean(), flush=True)
        if key in CONTROL:
            played = mcts_games(solution, 40, 100, seed=700, implementation="python", evaluator="exact")
            games.append(played.assign(board=key, simulations=100, implementation="python", evaluator="exact"))
        run["seconds"][f"games {key}"] = round(time.perf_counter() - started, 1)
        save()
    run["finished"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
