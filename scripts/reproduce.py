"""Reproduce the whole analysis: execute every notebook in place, then build the site.

Usage::

    python scripts/reproduce.py                                   # every notebook, then the site
    python scripts/reproduce.py notebooks/03_outcomes_by_edges_drawn.ipynb     # one notebook
    python scripts/reproduce.py notebooks/03_outcomes_by_edges_drawn.ipynb -p SIDE 2   # another board

Each notebook is executed with nbclient in its own directory (so it writes its tables and
figures to ``../data``) and saved in place (under a temporary name, then renamed) with its
outputs and with volatile metadata stripped (nbstripout, keeping outputs and execution
counts). At the end the static site is built from the notebooks just executed
(``scripts/build_site.py``, into ``site/``; ``--no-site`` skips it): it is the rendered,
linked, offline version of the collection.

With ``-p NAME VALUE`` (repeatable) one notebook that has a ``parameters`` cell (papermill
convention) is run with those values into ``reports/runs/``: the executed notebook as
``STEM-NAME=VALUE.ipynb`` and its tables and figures under ``STEM-NAME=VALUE/data/``.
The committed notebook and ``data/`` are never touched by such a run.
"""

from __future__ import annotations

import argparse
import ast
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import nbformat
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbconvert.preprocessors import CoalesceStreamsPreprocessor
from nbstripout import strip_output
from tqdm import tqdm

from triangles_core._files import atomic_open

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 900
WIDGET = "application/vnd.jupyter.widget-view+json"


def strip(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop volatile metadata and progress-bar widgets, keeping outputs and execution counts; merge streams.

    A progress bar only appears when a table had to be computed (for example an empty
    side-4 cache); its widget id is random, so it is dropped to keep re-runs identical.
    """
    nb = strip_output(nb, keep_output=True, keep_count=True, keep_id=True)
    nb, _ = CoalesceStreamsPreprocessor().preprocess(nb, {})  # how a cell's printing is split varies between runs
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = [o for o in cell.outputs if WIDGET not in o.get("data", {})]
    nb.metadata.pop("widgets", None)
    nb.metadata.get("language_info", {}).pop("version", None)
    return nb


@contextmanager
def kernel_manager():
    """A kernel talking over local sockets in a temporary folder (no TCP ports, no warning, no files left)."""
    with tempfile.TemporaryDirectory(prefix="triangles-kernel-") as folder:
        manager = KernelManager(kernel_name="python3", transport="ipc")
        manager.ip = str(Path(folder) / "kernel")
        try:
            yield manager
        finally:
            if manager.has_kernel:
                manager.shutdown_kernel(now=True)


def execute(path: Path) -> None:
    """Execute one notebook and save it in place (atomically: an interruption keeps the old file)."""
    nb = nbformat.read(path, as_version=4)
    with kernel_manager() as manager:
        NotebookClient(
            nb, km=manager, timeout=TIMEOUT_S, resources={"metadata": {"path": str(path.parent)}}, record_timing=False
        ).execute()
    nb = strip(nb)
    with atomic_open(path, "w", encoding="utf-8") as out:
        nbformat.write(nb, out)


def _value(text: str):
    """A parameter value: a Python literal (``4``, ``[1, 2]``, ``'x'``) or else the text itself."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def run_with_parameters(path: Path, parameters: dict, runs: Path) -> Path:
    """Run one notebook with new parameters (papermill) into ``runs``; return the executed copy."""
    import papermill

    nb = nbformat.read(path, as_version=4)
    if not any("parameters" in cell.metadata.get("tags", []) for cell in nb.cells):
        raise SystemExit(f"reproduce: error: {path.name} has no parameters cell; it cannot be run with -p")
    name = path.stem + "".join(f"-{key}={value}" for key, value in parameters.items())
    data = (runs / name / "data").resolve()
    data.mkdir(parents=True, exist_ok=True)
    output = runs / f"{name}.ipynb"
    with kernel_manager() as manager:
        papermill.execute_notebook(
            str(path),
            str(output),
            parameters={**parameters, "DATA": str(data)},
            cwd=str(path.parent),
            progress_bar=False,
            km=manager,
        )
    return output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="notebooks to run (default: all in notebooks/)")
    parser.add_argument(
        "-p",
        "--parameter",
        nargs=2,
        action="append",
        metavar=("NAME", "VALUE"),
        default=[],
        help="run ONE notebook with this parameter (repeatable) into reports/runs/",
    )
    parser.add_argument("--no-site", action="store_true", help="do not build the static site in site/ at the end")
    args = parser.parse_args(argv)
    for path in args.notebooks:
        if path.suffix != ".ipynb" or not path.is_file():
            parser.error(f"{path}: not a notebook file (give paths like notebooks/01_solving_the_game.ipynb)")
    if args.parameter:
        if len(args.notebooks) != 1:
            parser.error("-p runs exactly one notebook: name it")
        output = run_with_parameters(
            args.notebooks[0].resolve(), {k: _value(v) for k, v in args.parameter}, ROOT / "reports" / "runs"
        )
        folder = output.with_suffix("").relative_to(ROOT)
        print(f"done: {output.relative_to(ROOT)} (tables and figures in {folder}/data)")
        return 0
    notebooks = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    with tqdm(notebooks, unit="notebook", desc="executing", dynamic_ncols=True) as bar:
        for path in bar:
            bar.set_postfix_str(path.stem)
            execute(path.resolve())
    print(f"done: {len(notebooks)} notebooks executed; tables in data/tables, figures in data/figures")
    if not args.no_site:
        from build_site import build  # scripts/build_site.py, beside this script

        summary = build(ROOT / "site")
        print(f"site: {summary['out']}/index.html ({summary['files']} files) in {summary['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
