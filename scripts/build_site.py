"""Build the static site of the notebook collection into ``site/`` (open ``site/index.html``).

Usage::

    python scripts/build_site.py                 # -> site/
    python scripts/build_site.py --out /tmp/site --strict

The notebooks are rendered from their committed outputs (Sphinx + myst-nb, nothing is
executed), so a build takes seconds. The site has

* a landing page: ``notebooks/00_index.ipynb`` rendered (each notebook's question, its
  answer, its run time and memory);
* one page per notebook, with a download link for the ``.ipynb`` and for the tables
  it writes, under the same paths as in the repository (``notebooks/NAME.ipynb``,
  ``data/tables/NAME.csv``, ``data/figures/NAME.png|svg``);
* the glossary (``docs/glossary.md``), SPEC and the architecture (``docs/architecture.md``);
* the figures, the data tables with their descriptions from ``data/README.md``;
* the position explorer (``triangles_core/explorer/explorer.js``) for the side-3 board
  and for 2x2 Dots-and-Boxes, with the value tables shipped in the page: no kernel and no
  network.

Nothing is loaded from another host (see ``docs/site/conf.py``); ``tests/test_site.py``
checks it, in files and in Chromium.
"""

from __future__ import annotations

import argparse
import html
import json
import posixpath
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
INDEX_NOTEBOOK = "00_index.ipynb"

EXPLORER_PAGE = """# Position explorer

Play Fighting for Triangles on the side-3 board (the board of Gym 100015F and POJ 1085),
or Dots-and-Boxes on 2x2 boxes, and see the exact value of every move. Click an undrawn
edge to draw it; a player who completes a cell (a triangle, a box) claims it and moves
again. Each legal move is coloured and labelled with its value for the player to move:
the final margin in cells (own minus the opponent's, counting only those still to be
completed) if both players then play perfectly. The optimal moves glow gold.

## Fighting for Triangles, side 3

```{{raw}} html
<link rel="stylesheet" href="{css}">
<div id="explorer" class="tce-page"><noscript>The explorer needs JavaScript.</noscript></div>
```

## Dots-and-Boxes, 2x2 boxes

```{{raw}} html
<div id="explorer-boxes" class="tce-page"><noscript>The explorer needs JavaScript.</noscript></div>
<script src="{values_js}"></script>
<script type="module">
{module}
// The page: the same module, with the browser port of the solution instead of a kernel.
for (const [id, board] of [["explorer", "triangles-3"], ["explorer-boxes", "boxes-2x2"]]) {{
  render({{ model: createLocalModel(window.trianglesCoreBoards[board]), el: document.getElementById(id) }});
}}
</script>
```

The values are computed in the page from the complete value tables ({table_kib} KiB for
side 3, shipped with the site): the value of a move is the number of cells it completes
plus the value of the position after it if it completes any (the mover moves again), and
minus that value otherwise. In Jupyter, `triangles_core.explore(side=3)` (or
`explore(boxes=(2, 2))`) shows the same explorer with the values computed by the kernel,
for side 4 as well.
"""


# ---------------------------------------------------------------------- helpers
def _title(nb: nbformat.NotebookNode, fallback: str) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return fallback


def _data_descriptions(root: Path) -> dict[str, tuple[str, str]]:
    """``figures/NAME`` or ``tables/NAME`` (no suffix) -> (what it shows, notebook), from data/README.md."""
    found = {}
    readme = root / "data" / "README.md"
    text = readme.read_text(encoding="utf-8") if readme.exists() else ""
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and re.match(r"(figures|tables)/", cells[0]):
            stem = re.sub(r"\.(png|svg|csv)\b.*$", "", cells[0].split(",")[0].strip())
            found[stem] = (cells[1], cells[2])
    return found


def _rebase(target: str, folder: str, pages: set[str], html_link: bool) -> str:
    """A relative link of a page in ``folder``, seen from the site root.

    In raw HTML a link to a notebook that has a page goes to the page (``.html``); in
    Markdown the ``.ipynb`` link stays, and MyST turns it into a link to the page.
    """
    if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:|#|/", target):
        return target
    path, hash_, fragment = target.partition("#")
    path = posixpath.normpath(posixpath.join(folder, path))
    if html_link and path.endswith(".ipynb") and path[:-len(".ipynb")] in pages:
        path = path[:-len(".ipynb")] + ".html"
    return path + hash_ + fragment


def _rebase_notebook(nb: nbformat.NotebookNode, folder: str, pages: set[str]) -> None:
    """Rewrite the relative links of a notebook in ``folder`` for a page at the site root."""
    def markdown(text: str) -> str:
        text = re.sub(r"(\[[^\]]*\])\(([^)\s]+)\)",
                      lambda m: f"{m.group(1)}({_rebase(m.group(2), folder, pages, False)})", text)
        return html_(text)

    def html_(text: str) -> str:
        return re.sub(r"""((?:href|src)\s*=\s*)(["'])([^"']*)\2""",
                      lambda m: f"{m.group(1)}{m.group(2)}{_rebase(m.group(3), folder, pages, True)}{m.group(2)}",
                      text)

    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = markdown(cell.source)
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            for mime, convert in (("text/markdown", markdown), ("text/html", html_)):
                if mime in data:
                    text = data[mime] if isinstance(data[mime], str) else "".join(data[mime])
                    data[mime] = convert(text)


def _toctree(caption: str, entries: list[str]) -> str:
    return "\n".join(["```{toctree}", ":hidden:", f":caption: {caption}", "", *entries, "```", ""])


def _html_link(href: str, text: str, download: bool = False) -> str:
    return f'<a href="{html.escape(href)}"{" download" if download else ""}>{html.escape(text)}</a>'


# ---------------------------------------------------------------------- stage
def stage(src: Path, root: Path = ROOT) -> dict:
    """Write the Sphinx source tree for the repository at ``root`` into ``src``; return a summary."""
    shutil.copytree(root / "docs" / "site", src, dirs_exist_ok=True)
    extra = src / "extra"
    (extra / "notebooks").mkdir(parents=True)
    described = _data_descriptions(root)

    notebooks = sorted(p for p in (root / "notebooks").glob("*.ipynb") if p.name != INDEX_NOTEBOOK)
    tables = sorted((root / "data" / "tables").glob("*.csv"))
    figures = sorted((root / "data" / "figures").glob("*.png"))
    # Under extra/ they are copied as they are into the site (data/tables/NAME.csv...); under
    # data/ they are there for Markdown links and images in the notebooks to resolve.
    for base in (extra / "data", src / "data"):
        for folder, files in (("tables", tables), ("figures", [*figures, *(root / "data" / "figures").glob("*.svg")])):
            (base / folder).mkdir(parents=True)
            for path in files:
                shutil.copyfile(path, base / folder / path.name)

    titles = {}
    (src / "notebooks").mkdir()
    for path in notebooks:
        shutil.copyfile(path, extra / "notebooks" / path.name)
        nb = nbformat.read(path, as_version=4)
        titles[path.stem] = _title(nb, path.stem)
        written = [stem for stem, (_, owner) in described.items()
                   if stem.startswith("tables/") and owner.strip("`") == path.stem]
        links = [_html_link(path.name, f"{path.name}", download=True)]
        links += [_html_link(f"../data/{stem}.csv", f"{stem.split('/')[1]}.csv", download=True) for stem in written]
        note = nbformat.v4.new_markdown_cell(
            '<p class="tc-downloads"><span class="tc-downloads-label">Download</span> '
            + " · ".join(links) + "</p>")
        note.metadata["tags"] = ["site-downloads"]
        first = next((i for i, c in enumerate(nb.cells) if c.cell_type == "markdown"), -1)
        number = path.stem.split("_")[0]
        if first >= 0 and number.isdigit() and not titles[path.stem].startswith(number):
            # The same "NN · title" in the navigation for every notebook.
            titles[path.stem] = f"{number} · {titles[path.stem]}"
            heading = f"# {titles[path.stem]}"
            nb.cells[first].source = re.sub(r"^# .*$", lambda _: heading, nb.cells[first].source, count=1, flags=re.M)
        nb.cells.insert(first + 1, note)
        for cell in nb.cells:  # the index notebook is the landing page, at the site root
            if cell.cell_type == "markdown":
                cell.source = cell.source.replace(f"]({INDEX_NOTEBOOK})", "](../index.ipynb)")
        nbformat.write(nb, src / "notebooks" / path.name)

    reference = ["explorer", "figures", "data", "docs/glossary", "docs/SPEC", "docs/architecture"]
    toc = _toctree("Notebooks", [f"notebooks/{p.stem}" for p in notebooks]) + "\n" + _toctree("Reference", reference)
    (src / "docs").mkdir()
    shutil.copyfile(root / "docs" / "SPEC.md", src / "docs" / "SPEC.md")
    shutil.copyfile(root / "docs" / "glossary.md", src / "docs" / "glossary.md")
    shutil.copyfile(root / "docs" / "architecture.md", src / "docs" / "architecture.md")

    index_nb = root / "notebooks" / INDEX_NOTEBOOK
    if not index_nb.exists():
        raise FileNotFoundError(f"{index_nb} is the landing page of the site: it is missing")
    nb = nbformat.read(index_nb, as_version=4)
    _rebase_notebook(nb, "notebooks", {f"notebooks/{p.stem}" for p in notebooks})
    nb.cells.append(nbformat.v4.new_markdown_cell(toc))
    nbformat.write(nb, src / "index.ipynb")
    shutil.copyfile(index_nb, extra / "notebooks" / index_nb.name)
    landing = "notebooks/00_index.ipynb"

    (src / "figures.md").write_text(_figures_page(figures, described, titles), encoding="utf-8")
    (src / "data.md").write_text(_data_page(tables, notebooks, described, titles), encoding="utf-8")
    _explorer_page(src)
    return {"notebooks": len(notebooks), "tables": len(tables), "figures": len(figures), "landing": landing}


def _figures_page(figures: list[Path], described: dict, titles: dict[str, str]) -> str:
    groups: dict[str, list[str]] = {stem: [] for stem in titles}
    order = list(described)
    for png in sorted(figures, key=lambda p: order.index(f"figures/{p.stem}") if f"figures/{p.stem}" in order
                      else len(order)):
        stem = f"figures/{png.stem}"
        what, notebook = described.get(stem, ("", ""))
        svg = png.with_suffix(".svg")
        files = _html_link(f"data/{stem}.png", "PNG") + (
            " · " + _html_link(f"data/{stem}.svg", "SVG") if svg.exists() else "")
        groups.setdefault(notebook.strip("`") if notebook.strip("`") in titles else "", []).append(
            f'<figure class="tc-figure" id="{png.stem}">'
            f'<a href="data/{stem}.png"><img src="data/{stem}.png" alt="{html.escape(what or png.stem)}" '
            f'loading="lazy"></a>'
            f"<figcaption><code>{png.stem}</code><br>{html.escape(what)}<br>"
            f'<span class="tc-figure-files">{files}</span></figcaption></figure>')
    lines = [
        "# Figures",
        "",
        f"The {len(figures)} figures that the notebooks export to `data/figures/`, each as PNG and SVG, "
        "with their descriptions from `data/README.md`. Click a figure for the full-size PNG.",
        "",
    ]
    for notebook, items in groups.items():
        if not items:
            continue
        heading = f"[{titles[notebook]}](notebooks/{notebook}.ipynb)" if notebook else "Other figures"
        lines += [f"## {heading}", "", "```{raw} html", '<div class="tc-gallery">', *items, "</div>", "```", ""]
    return "\n".join(lines)


def _data_page(tables: list[Path], notebooks: list[Path], described: dict, titles: dict[str, str]) -> str:
    rows = []
    for csv in tables:
        what, notebook = described.get(f"tables/{csv.stem}", ("", ""))
        notebook = notebook.strip("`")
        source = (f'<a href="notebooks/{notebook}.html">{html.escape(notebook)}</a>' if notebook in titles else "")
        size = csv.stat().st_size
        rows.append(f"<tr><td>{_html_link(f'data/tables/{csv.name}', csv.name, download=True)}</td>"
                    f"<td>{html.escape(what)}</td><td>{source}</td><td class=\"tc-num\">{size / 1024:.1f} KiB</td></tr>")
    nb_rows = []
    for path in notebooks:
        nb_rows.append(f"<tr><td>{_html_link(f'notebooks/{path.name}', path.name, download=True)}</td>"
                       f"<td><a href=\"notebooks/{path.stem}.html\">{html.escape(titles[path.stem])}</a></td>"
                       f"<td class=\"tc-num\">{path.stat().st_size / 1024:.0f} KiB</td></tr>")
    return "\n".join([
        "# Data and downloads",
        "",
        "Every table here is written by a notebook (run `scripts/reproduce.py` to regenerate them); "
        "`tests/test_reproducibility.py` checks that re-running the notebooks gives the same bytes.",
        "",
        "## Notebooks",
        "",
        "Each notebook as committed, with its outputs (open it in JupyterLab with the package installed "
        "to run it again).",
        "",
        "```{raw} html",
        '<table class="table tc-files"><thead><tr><th>file</th><th>page</th><th>size</th></tr></thead><tbody>',
        *nb_rows,
        "</tbody></table>",
        "```",
        "",
        "## Tables",
        "",
        "```{raw} html",
        '<table class="table tc-files"><thead><tr><th>file</th><th>what it holds</th><th>notebook</th>'
        "<th>size</th></tr></thead><tbody>",
        *rows,
        "</tbody></table>",
        "```",
        "",
    ])


def _explorer_page(src: Path) -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from triangles_core.explorer import CSS, ESM, static_spec

    specs = {"triangles-3": static_spec(3), "boxes-2x2": static_spec((2, 2))}
    static = src / "_static" / "explorer"
    static.mkdir(parents=True, exist_ok=True)
    values_js = static / "boards.js"
    values_js.write_text(
        "// Value tables of triangles_core (solve(3).values and solve_boxes(2, 2).values, int8, base64) and\n"
        "// their board specs, for the site's position explorer (triangles_core/explorer/explorer.js).\n"
        "window.trianglesCoreBoards = window.trianglesCoreBoards || {};\n"
        + "".join(f"window.trianglesCoreBoards[{json.dumps(name)}] = {json.dumps(spec, separators=(',', ':'))};\n"
                  for name, spec in specs.items()),
        encoding="utf-8")
    shutil.copyfile(CSS, static / "explorer.css")
    module = ESM.read_text(encoding="utf-8")
    if "</script" in module:
        raise ValueError("explorer.js must not contain '</script' (it is inlined in the page)")
    page = EXPLORER_PAGE.format(values_js="_static/explorer/boards.js", css="_static/explorer/explorer.css",
                                module=module.strip(), table_kib=len(specs["triangles-3"]["values"]) * 3 // 4 // 1024)
    (src / "explorer.md").write_text(page, encoding="utf-8")


# ---------------------------------------------------------------------- build
def build(out: Path, strict: bool = False, quiet: bool = True, root: Path = ROOT) -> dict:
    """Stage the sources, run Sphinx, and replace ``out`` with the result; return a summary."""
    from sphinx.cmd.build import build_main

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="triangles-site-") as tmp:
        base = Path(tmp)
        src, html_dir = base / "src", base / "build" / "html"
        summary = stage(src, root)
        args = ["-b", "html", "-E", "-d", str(base / "build" / "doctrees"), str(src), str(html_dir)]
        if quiet:
            args.insert(0, "-q")
        if strict:
            args[:0] = ["-W", "--keep-going"]
        status = build_main(args)
        if status:
            raise RuntimeError(f"sphinx-build failed with status {status}")
        out = Path(out)
        if out.exists():
            shutil.rmtree(out)
        # the themes' source maps (3 MB) are for debugging them; browsers fetch them only for developer tools
        shutil.copytree(html_dir, out, ignore=shutil.ignore_patterns("*.js.map", "*.css.map", ".buildinfo*"))
    files = [p for p in out.rglob("*") if p.is_file()]
    summary.update(seconds=round(time.perf_counter() - started, 1), files=len(files),
                   bytes=sum(p.stat().st_size for p in files), out=str(out))
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder (default: site/)")
    parser.add_argument("--strict", action="store_true", help="turn Sphinx warnings into errors")
    parser.add_argument("--verbose", action="store_true", help="show Sphinx's progress")
    args = parser.parse_args(argv)
    summary = build(args.out, strict=args.strict, quiet=not args.verbose)
    print(f"site: {summary['out']}/index.html ({summary['notebooks']} notebook pages, {summary['files']} files, "
          f"{summary['bytes'] / 2**20:.1f} MiB) in {summary['seconds']} s; landing page from {summary['landing']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
