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
* the glossary (``docs/glossary.md``, with an anchor per term, and the notebooks' mentions of
  it linked to the terms), SPEC and the architecture (``docs/architecture.md``);
* the API reference: one autosummary page per public name of ``triangles_core.__all__``,
  from the numpydoc docstrings;
* the figures, the data tables with their descriptions from ``data/README.md``;
* the position explorer (``triangles_core/explorer/explorer.js``) for the side-3 board
  and for 2x2 Dots-and-Boxes, with the value tables shipped in the page: no kernel and no
  network.

The notebooks' figures (PNG outputs inlined as base64 in the committed notebooks) become
separate files under ``notebooks/figures/``, loaded lazily and opening full size on click.

Nothing is loaded from another host (see ``docs/site/conf.py``); ``tests/test_site.py``
checks it, in files and in Chromium.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import posixpath
import re
import shutil
import struct
import sys
import tempfile
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
INDEX_NOTEBOOK = "00_index.ipynb"
DOCS_ORDER = ["glossary", "SPEC", "architecture"]
"""The first pages of docs/ in the navigation; any other Markdown file there follows them."""
EXPLORER_LINKED = {
    "01_solving_the_game": "plays this side-3 board",
    "09_dots_and_boxes": "plays 2x2 Dots-and-Boxes (and the side-3 board)",
}
"""Notebooks whose page links the explorer page, and what it plays for their readers."""

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
    if html_link and path.endswith(".ipynb") and path[: -len(".ipynb")] in pages:
        path = path[: -len(".ipynb")] + ".html"
    return path + hash_ + fragment


def _rebase_notebook(nb: nbformat.NotebookNode, folder: str, pages: set[str]) -> None:
    """Rewrite the relative links of a notebook in ``folder`` for a page at the site root."""

    def markdown(text: str) -> str:
        text = re.sub(
            r"(\[[^\]]*\])\(([^)\s]+)\)", lambda m: f"{m.group(1)}({_rebase(m.group(2), folder, pages, False)})", text
        )
        return html_(text)

    def html_(text: str) -> str:
        return re.sub(
            r"""((?:href|src)\s*=\s*)(["'])([^"']*)\2""",
            lambda m: f"{m.group(1)}{m.group(2)}{_rebase(m.group(3), folder, pages, True)}{m.group(2)}",
            text,
        )

    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = markdown(cell.source)
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            for mime, convert in (("text/markdown", markdown), ("text/html", html_)):
                if mime in data:
                    text = data[mime] if isinstance(data[mime], str) else "".join(data[mime])
                    data[mime] = convert(text)


def _landing_links() -> str:
    return (
        '<p class="tc-downloads"><span class="tc-downloads-label">Download</span> '
        + _html_link(f"notebooks/{INDEX_NOTEBOOK}", INDEX_NOTEBOOK, download=True)
        + ' · <a href="data.html">every notebook and table</a></p>\n\n'
        '<p class="tc-explore">Play it: the <a href="explorer.html">position explorer</a> plays the side-3 '
        "board and 2x2 Dots-and-Boxes in the browser, every move with its exact value. For programmers: "
        'the <a href="api.html">API reference</a> of <code>triangles_core</code>.</p>'
    )


def _toctree(caption: str, entries: list[str]) -> str:
    return "\n".join(["```{toctree}", ":hidden:", f":caption: {caption}", "", *entries, "```", ""])


def _html_link(href: str, text: str, download: bool = False) -> str:
    return f'<a href="{html.escape(href)}"{" download" if download else ""}>{html.escape(text)}</a>'


# ---------------------------------------------------------------------- page content
INLINE_PNG = re.compile(r'<img src="data:image/png;base64,([A-Za-z0-9+/=\s]+)"')
FIGURES = "notebooks/figures"  # the notebooks' figures, under the site root


def _png_size(data: bytes) -> tuple[int, int]:
    """(width, height) in pixels from a PNG's IHDR chunk."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])


def _extract_figures(nb: nbformat.NotebookNode, stem: str, extra: Path, page_folder: str) -> int:
    """Write the notebook's inlined PNGs to ``extra/notebooks/figures/`` and link them instead.

    Each becomes ``<a href=PNG><img src=PNG loading=lazy width height></a>``: the page no
    longer carries the image bytes, the browser loads a figure when it comes into view, and
    a click opens it full size. Returns the number of figures.
    """
    count = 0
    prefix = posixpath.relpath(FIGURES, page_folder) if page_folder else FIGURES
    (extra / FIGURES).mkdir(parents=True, exist_ok=True)

    def replace(match: re.Match) -> str:
        nonlocal count
        data = base64.b64decode(re.sub(r"\s", "", match.group(1)))
        width, height = _png_size(data)
        name = f"{stem}-{hashlib.sha256(data).hexdigest()[:10]}.png"
        (extra / FIGURES / name).write_bytes(data)
        count += 1
        return (
            f'<a class="tc-figure-link" href="{prefix}/{name}" title="Open the figure full size">'
            f'<img src="{prefix}/{name}" width="{width}" height="{height}" loading="lazy" decoding="async"'
        )

    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "text/html" in data:
                text = data["text/html"] if isinstance(data["text/html"], str) else "".join(data["text/html"])
                if "data:image/png" in text:
                    text = INLINE_PNG.sub(replace, text)
                    # the <a> around the image closes after it
                    data["text/html"] = re.sub(r'(<a class="tc-figure-link"[^>]*><img [^>]*>)', r"\1</a>", text)
    return count


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


GLOSSARY_TERM = re.compile(r"^\*\*(?P<head>[^*]+?)\.?\*\*", re.M)


def _glossary_terms(text: str) -> dict[str, str]:
    """Every name a glossary entry defines (lower case) -> the anchor of its entry.

    An entry is a paragraph that starts with ``**Name, other name (`code_name`).**``.
    """
    terms = {}
    for match in GLOSSARY_TERM.finditer(text):
        head = match.group("head").rstrip(".")
        anchor = _slug(head.split(",")[0].split(";")[0].split("(")[0]) or _slug(head)
        for name in re.split(r"[,;()]", head):
            name = name.strip().strip("`").strip()
            if name:
                terms.setdefault(name.lower(), anchor)
    return terms


def _anchor_glossary(text: str) -> str:
    """The glossary's Markdown with an HTML anchor (``id``) at the start of every entry."""

    def anchor(match: re.Match) -> str:
        head = match.group("head").rstrip(".")
        ids = []
        for name in [head.split(",")[0].split(";")[0].split("(")[0], *re.split(r"[,;()]", head)]:
            slug = _slug(name.strip("` "))
            if slug and slug not in ids:
                ids.append(slug)
        spans = "".join(f'<span id="{slug}"></span>' for slug in ids)
        return spans + match.group(0)

    return GLOSSARY_TERM.sub(anchor, text)


GLOSSARY_TERM_LINK = re.compile(r"\[([^\]]+)\]\((?:\.\./)?docs/glossary\.md#([a-z0-9-]+)\)")
GLOSSARY_MENTION = re.compile(r"\((?:see )?docs/glossary\.md\)")


def _link_glossary_mentions(source: str, terms: dict[str, str], glossary: str) -> str:
    """Turn a plain "(docs/glossary.md)" into links: the glossary, and the terms of its sentence.

    The terms are those the glossary defines that the sentence before the mention names in
    bold or italics, or by a name of two words or more (longest first).
    """

    def link(match: re.Match) -> str:
        before = source[: match.start()]
        sentence = re.split(r"(?<=[.;:!?])\s+|\n\n", before)[-1]
        found: list[str] = []
        emphasised = [m.strip().lower() for m in re.findall(r"\*{1,2}([^*\n]+)\*{1,2}", sentence)]
        names = sorted(
            (
                n
                for n in terms
                if n in emphasised or (" " in n and re.search(r"\b" + re.escape(n) + r"\b", sentence, re.I))
            ),
            key=len,
            reverse=True,
        )
        for name in names:
            if terms[name] not in [terms[f] for f in found]:
                found.append(name)
        page = html.escape(glossary)
        if not found:
            return f'(<a href="{page}">glossary</a>)'
        links = ", ".join(f'<a href="{page}#{terms[name]}">{html.escape(name)}</a>' for name in found)
        return f'(<a href="{page}">glossary</a>: {links})'

    source = GLOSSARY_MENTION.sub(link, source)
    # a Markdown link to a term, [text](../docs/glossary.md#term): MyST resolves only headings'
    # anchors, so it becomes an HTML link to the term's anchor
    return GLOSSARY_TERM_LINK.sub(lambda m: f'<a href="{html.escape(glossary)}#{m.group(2)}">{m.group(1)}</a>', source)


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
    glossary_text = (root / "docs" / "glossary.md").read_text(encoding="utf-8")
    terms = _glossary_terms(glossary_text)
    figure_count = 0
    for path in notebooks:
        shutil.copyfile(path, extra / "notebooks" / path.name)
        nb = nbformat.read(path, as_version=4)
        titles[path.stem] = _title(nb, path.stem)
        written = [
            stem
            for stem, (_, owner) in described.items()
            if stem.startswith("tables/") and owner.strip("`") == path.stem
        ]
        links = [_html_link(path.name, f"{path.name}", download=True)]
        links += [_html_link(f"../data/{stem}.csv", f"{stem.split('/')[1]}.csv", download=True) for stem in written]
        note = nbformat.v4.new_markdown_cell(
            '<p class="tc-downloads"><span class="tc-downloads-label">Download</span> ' + " · ".join(links) + "</p>"
        )
        note.metadata["tags"] = ["site-downloads"]
        if path.stem in EXPLORER_LINKED:
            note.source += (
                '\n\n<p class="tc-explore">Play it: the <a href="../explorer.html">position explorer</a> '
                f"{EXPLORER_LINKED[path.stem]}, every move with its exact value, in the browser.</p>"
            )
        first = next((i for i, c in enumerate(nb.cells) if c.cell_type == "markdown"), -1)
        number = path.stem.split("_")[0]
        if first >= 0 and number.isdigit() and not titles[path.stem].startswith(number):
            # The same "NN · title" in the navigation for every notebook.
            titles[path.stem] = f"{number} · {titles[path.stem]}"
            heading = f"# {titles[path.stem]}"
            nb.cells[first].source = re.sub(
                r"^# .*$", lambda _, heading=heading: heading, nb.cells[first].source, count=1, flags=re.M
            )
        nb.cells.insert(first + 1, note)
        for cell in nb.cells:  # the index notebook is the landing page, at the site root
            if cell.cell_type == "markdown":
                cell.source = cell.source.replace(f"]({INDEX_NOTEBOOK})", "](../index.ipynb)")
                cell.source = _link_glossary_mentions(cell.source, terms, "../docs/glossary.html")
        figure_count += _extract_figures(nb, path.stem, extra, "notebooks")
        nbformat.write(nb, src / "notebooks" / path.name)

    # every Markdown file of docs/ is a page (the glossary with an anchor per term)
    docs = sorted(p.stem for p in (root / "docs").glob("*.md"))
    known = [d for d in DOCS_ORDER if d in docs] + [d for d in docs if d not in DOCS_ORDER]
    reference = ["explorer", "figures", "data", *[f"docs/{d}" for d in known], "api"]
    toc = _toctree("Notebooks", [f"notebooks/{p.stem}" for p in notebooks]) + "\n" + _toctree("Reference", reference)
    (src / "docs").mkdir()
    for name in docs:
        shutil.copyfile(root / "docs" / f"{name}.md", src / "docs" / f"{name}.md")
    (src / "docs" / "glossary.md").write_text(_anchor_glossary(glossary_text), encoding="utf-8")

    index_nb = root / "notebooks" / INDEX_NOTEBOOK
    if not index_nb.exists():
        raise FileNotFoundError(f"{index_nb} is the landing page of the site: it is missing")
    nb = nbformat.read(index_nb, as_version=4)
    _rebase_notebook(nb, "notebooks", {f"notebooks/{p.stem}" for p in notebooks})
    # under the title and its navigation line: the download, the explorer and the API reference
    heading = next((c for c in nb.cells if c.cell_type == "markdown" and c.source.startswith("# ")), None)
    if heading is not None:
        paragraphs = heading.source.split("\n\n")
        paragraphs.insert(min(2, len(paragraphs)), _landing_links())
        heading.source = "\n\n".join(paragraphs)
    figure_count += _extract_figures(nb, "00_index", extra, "")
    nb.cells.append(nbformat.v4.new_markdown_cell(toc))
    nbformat.write(nb, src / "index.ipynb")
    shutil.copyfile(index_nb, extra / "notebooks" / index_nb.name)
    landing = "notebooks/00_index.ipynb"

    (src / "figures.md").write_text(_figures_page(figures, described, titles), encoding="utf-8")
    (src / "data.md").write_text(_data_page(tables, notebooks, described, titles), encoding="utf-8")
    _explorer_page(src)
    (src / "api.md").write_text(_api_page(), encoding="utf-8")
    return {
        "notebooks": len(notebooks),
        "tables": len(tables),
        "figures": len(figures),
        "landing": landing,
        "notebook_figures": figure_count,
    }


def _figures_page(figures: list[Path], described: dict, titles: dict[str, str]) -> str:
    groups: dict[str, list[str]] = {stem: [] for stem in titles}
    order = list(described)
    for png in sorted(
        figures, key=lambda p: order.index(f"figures/{p.stem}") if f"figures/{p.stem}" in order else len(order)
    ):
        stem = f"figures/{png.stem}"
        what, notebook = described.get(stem, ("", ""))
        svg = png.with_suffix(".svg")
        files = _html_link(f"data/{stem}.png", "PNG") + (
            " · " + _html_link(f"data/{stem}.svg", "SVG") if svg.exists() else ""
        )
        groups.setdefault(notebook.strip("`") if notebook.strip("`") in titles else "", []).append(
            f'<figure class="tc-figure" id="{png.stem}">'
            f'<a href="data/{stem}.png"><img src="data/{stem}.png" alt="{html.escape(what or png.stem)}" '
            f'loading="lazy"></a>'
            f"<figcaption><code>{png.stem}</code><br>{html.escape(what)}<br>"
            f'<span class="tc-figure-files">{files}</span></figcaption></figure>'
        )
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
        source = f'<a href="notebooks/{notebook}.html">{html.escape(notebook)}</a>' if notebook in titles else ""
        size = csv.stat().st_size
        rows.append(
            f"<tr><td>{_html_link(f'data/tables/{csv.name}', csv.name, download=True)}</td>"
            f"<td>{html.escape(what)}</td><td>{source}</td>"
            f'<td class="tc-num">{size / 1024:.1f} KiB</td></tr>'
        )
    nb_rows = []
    for path in notebooks:
        nb_rows.append(
            f"<tr><td>{_html_link(f'notebooks/{path.name}', path.name, download=True)}</td>"
            f'<td><a href="notebooks/{path.stem}.html">{html.escape(titles[path.stem])}</a></td>'
            f'<td class="tc-num">{path.stat().st_size / 1024:.0f} KiB</td></tr>'
        )
    return "\n".join(
        [
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
            '<div class="tc-table-scroll" tabindex="0" role="region" aria-label="Notebooks">'
            '<table class="table tc-files"><thead><tr><th>file</th><th>page</th><th>size</th></tr></thead><tbody>',
            *nb_rows,
            "</tbody></table></div>",
            "```",
            "",
            "## Tables",
            "",
            "```{raw} html",
            '<div class="tc-table-scroll" tabindex="0" role="region" aria-label="Tables">'
            '<table class="table tc-files"><thead><tr><th>file</th><th>what it holds</th><th>notebook</th>'
            "<th>size</th></tr></thead><tbody>",
            *rows,
            "</tbody></table></div>",
            "```",
            "",
        ]
    )


EXPLORER_PAGE_COMPUTED = """# Position explorer

Play Fighting for Triangles or Dots-and-Boxes and see the exact value of every move. Click an
undrawn edge to draw it; a player who completes a cell (a triangle, a box) claims it and moves
again. Each legal move is labelled with its value for the player to move: the final margin in
cells (own minus the opponent's, counting only those still to be completed) if both players then
play perfectly. The value tables are computed here in the browser, by the same rule as the
package; in Jupyter, `triangles_core.explore(side=3)` (or `explore(boxes=(2, 2))`) shows the same
explorer with the values computed by the kernel, for larger boards as well.

```{{raw}} html
<link rel="stylesheet" href="{css}">
<div id="explorer" class="tce-page"><noscript>The explorer needs JavaScript.</noscript></div>
{script}
```
"""


def _explorer_page(src: Path) -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from triangles_core import explorer
    from triangles_core.explorer import CSS, ESM

    static = src / "_static" / "explorer"
    if hasattr(explorer, "site_script") and hasattr(explorer, "site_boards"):
        # the explorer computes its tables in the browser: no table is shipped
        static.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(CSS, static / "explorer.css")
        script = explorer.site_script(explorer.site_boards(), element_id="explorer")
        (src / "explorer.md").write_text(
            EXPLORER_PAGE_COMPUTED.format(css="_static/explorer/explorer.css", script=script.strip()), encoding="utf-8"
        )
        return
    static_spec = explorer.static_spec

    specs = {"triangles-3": static_spec(3), "boxes-2x2": static_spec((2, 2))}
    static.mkdir(parents=True, exist_ok=True)
    values_js = static / "boards.js"
    values_js.write_text(
        "// Value tables of triangles_core (solve(3).values and solve_boxes(2, 2).values, int8, base64) and\n"
        "// their board specs, for the site's position explorer (triangles_core/explorer/explorer.js).\n"
        "window.trianglesCoreBoards = window.trianglesCoreBoards || {};\n"
        + "".join(
            f"window.trianglesCoreBoards[{json.dumps(name)}] = {json.dumps(spec, separators=(',', ':'))};\n"
            for name, spec in specs.items()
        ),
        encoding="utf-8",
    )
    shutil.copyfile(CSS, static / "explorer.css")
    module = ESM.read_text(encoding="utf-8")
    if "</script" in module:
        raise ValueError("explorer.js must not contain '</script' (it is inlined in the page)")
    page = EXPLORER_PAGE.format(
        values_js="_static/explorer/boards.js",
        css="_static/explorer/explorer.css",
        module=module.strip(),
        table_kib=len(specs["triangles-3"]["values"]) * 3 // 4 // 1024,
    )
    (src / "explorer.md").write_text(page, encoding="utf-8")


LAYERS = {
    "common": "Common",
    "games": "Games and boards",
    "engine": "Solving: the engine",
    "analysis": "Analysis: tables, records, reviews",
    "plot": "Figures",
    "judge": "Judge formats",
    "explorer": "The explorer",
    "cli": "Command line",
}


def api_page_name(name: str) -> str:
    """The file of the API page of ``triangles_core.NAME`` (``board`` and ``Board`` apart on any file system)."""
    import triangles_core

    clash = any(other != name and other.lower() == name.lower() for other in triangles_core.__all__)
    return f"triangles_core.{name}{'-function' if clash and name.islower() else ''}.html"


def _api_page() -> str:
    """The API reference: every name of ``triangles_core.__all__``, grouped by the layer that defines it."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import triangles_core

    groups: dict[str, list[str]] = {key: [] for key in LAYERS}
    for name in triangles_core.__all__:
        module = getattr(getattr(triangles_core, name), "__module__", "") or ""
        parts = module.split(".")
        layer = parts[1] if len(parts) > 1 and parts[0] == "triangles_core" and parts[1] in LAYERS else "common"
        groups[layer].append(name)
    lines = [
        "# API reference",
        "",
        f"Every public name of `triangles_core` (`triangles_core.__all__`, {len(triangles_core.__all__)} names), "
        "from its docstring; import them with `import triangles_core as tc`. The layers are those of "
        "[the architecture](docs/architecture.md): each uses only the ones above it.",
        "",
    ]
    for layer, names in groups.items():
        if names:
            lines += [
                f"## {LAYERS[layer]}",
                "",
                "```{eval-rst}",
                ".. currentmodule:: triangles_core",
                "",
                ".. autosummary::",
                "   :toctree: api",
                "   :nosignatures:",
                "",
                *[f"   {name}" for name in names],
                "```",
                "",
            ]
    return "\n".join(lines)


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
    summary.update(
        seconds=round(time.perf_counter() - started, 1),
        files=len(files),
        bytes=sum(p.stat().st_size for p in files),
        out=str(out),
    )
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder (default: site/)")
    parser.add_argument("--strict", action="store_true", help="turn Sphinx warnings into errors")
    parser.add_argument("--verbose", action="store_true", help="show Sphinx's progress")
    args = parser.parse_args(argv)
    summary = build(args.out, strict=args.strict, quiet=not args.verbose)
    print(
        f"site: {summary['out']}/index.html ({summary['notebooks']} notebook pages, {summary['files']} files, "
        f"{summary['bytes'] / 2**20:.1f} MiB) in {summary['seconds']} s; landing page from {summary['landing']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
