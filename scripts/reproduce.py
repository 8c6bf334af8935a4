"""Reproduce the whole analysis: execute every notebook in place and export reports.

Usage::

    python scripts/reproduce.py                 # every notebook in notebooks/
    python scripts/reproduce.py notebooks/01_solving_the_game.ipynb

Each notebook is executed with nbclient in its own directory (so it writes its tables
and figures to ``../data``), saved in place with its outputs and with volatile metadata
stripped (nbstripout, keeping outputs and execution counts), and rendered to HTML under
``reports/`` (not committed: it is regenerated from the notebooks). At the end the static
site is built from the notebooks just executed (``scripts/build_site.py``, into ``site/``;
``--no-site`` skips it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter
from nbstripout import strip_output
from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 900


WIDGET = "application/vnd.jupyter.widget-view+json"


def strip(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop volatile metadata and progress-bar widgets, keeping outputs and execution counts.

    A progress bar only appears when a table had to be computed (for example an empty
    side-4 cache); its widget id is random, so it is dropped to keep re-runs identical.
    """
    nb = strip_output(nb, keep_output=True, keep_count=True, keep_id=True)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = [o for o in cell.outputs if WIDGET not in o.get("data", {})]
    nb.metadata.pop("widgets", None)
    nb.metadata.get("language_info", {}).pop("version", None)
    return nb


def execute(path: Path, reports: Path) -> None:
    """Execute one notebook in place and write its HTML rendering to ``reports``."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=TIMEOUT_S, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}}, record_timing=False)
    client.execute()
    nb = strip(nb)
    nbformat.write(nb, path)
    reports.mkdir(parents=True, exist_ok=True)
    html, _ = HTMLExporter().from_notebook_node(nb)
    (reports / f"{path.stem}.html").write_text(html, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="notebooks to run (default: all in notebooks/)")
    parser.add_argument("--no-site", action="store_true", help="do not build the static site in site/ at the end")
    args = parser.parse_args(argv)
    notebooks = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in tqdm(notebooks, unit="notebook", desc="executing"):
        tqdm.write(f"executing {path.relative_to(ROOT) if path.is_absolute() else path}")
        execute(path.resolve(), ROOT / "reports")
    print(f"done: {len(notebooks)} notebooks executed; tables in data/tables, figures in data/figures, "
          f"HTML in reports/")
    if not args.no_site:
        from build_site import build  # scripts/build_site.py, beside this script

        summary = build(ROOT / "site")
        print(f"site: {summary['out']}/index.html ({summary['files']} files) in {summary['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
