"""The static site (scripts/build_site.py): built once here, checked as files and in Chromium.

The static checks need only the build. The browser checks drive Debian's Chromium
(/usr/bin/chromium) with Playwright for Python and skip, saying how to enable them, where
Chromium or Playwright is missing (.ci/run installs Chromium). The site is served from
a local http.server on 127.0.0.1; every request to another host is recorded and
refused. Screenshots go to reports/screenshots/ (not committed).
"""

from __future__ import annotations

import base64
import functools
import html.parser
import http.server
import importlib.util
import json
import os
import random
import re
import shutil
import threading
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlparse

import nbformat
import numpy as np
import pytest

import triangles_core as tc
from triangles_core.explorer import board_spec, explorer_state

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "reports" / "screenshots"
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if p.name != "00_index.ipynb")
# Sphinx extensions' own deprecations (third-party code, reported by the build)
pytestmark = pytest.mark.filterwarnings("ignore:.*Check CHANGES for Sphinx API modifications")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _load_build_site():
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_site = _load_build_site()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site built from the repository into a temporary folder (once for this module)."""
    out = tmp_path_factory.mktemp("site") / "site"
    summary = build_site.build(out, strict=True)
    return out, summary


def pages(site_dir: Path) -> list[Path]:
    """The site's pages (the themes also put Jinja macro files named *.html under _static/)."""
    return sorted(p for p in site_dir.rglob("*.html") if "_static" not in p.relative_to(site_dir).parts)


# ------------------------------------------------------------------- HTML parsing
class _Refs(html.parser.HTMLParser):
    """Every URL a page refers to, by what refers to it, and every id it defines."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.assets: list[tuple[str, str]] = []  # (tag, url) of things the browser loads
        self.links: list[str] = []  # <a href>
        self.ids: set[str] = set()
        self.styles: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif tag == "link" and a.get("href"):
            rel = (a.get("rel") or "").lower()
            # alternate/canonical/next/prev/search/index are navigation, everything else is loaded
            if not set(rel.split()) & {"alternate", "canonical", "next", "prev", "search", "index", "author",
                                       "help", "license", "copyright"}:
                self.assets.append((f"link rel={rel}", a["href"]))
            else:
                self.links.append(a["href"])
        for attr in ("src", "data", "poster"):
            if a.get(attr) and tag in {"script", "img", "iframe", "source", "video", "audio", "embed", "object",
                                       "input", "track", "image", "use"}:
                self.assets.append((tag, a[attr]))
        for attr in ("srcset",):
            if a.get(attr):
                self.assets += [(tag, part.strip().split()[0]) for part in a[attr].split(",") if part.strip()]
        if tag in {"image", "use"} and (a.get("href") or a.get("xlink:href")):
            self.assets.append((tag, a.get("href") or a.get("xlink:href")))
        if a.get("style"):
            self.styles.append(a["style"])
        self._in_style = tag == "style"

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.styles.append(data)


def parse(path: Path) -> _Refs:
    refs = _Refs()
    refs.feed(path.read_text(encoding="utf-8"))
    return refs


EXTERNAL = re.compile(r"^\s*(https?:)?//", re.I)
CSS_URLS = re.compile(r"""@import\s+(?:url\()?\s*["']?([^"')\s;]+)|url\(\s*["']?([^"')]+)["']?\s*\)""", re.I)


def css_urls(text: str) -> list[str]:
    return [a or b for a, b in CSS_URLS.findall(text)]


# ------------------------------------------------------------------- static checks
def test_build_is_quick_and_has_every_page(site):
    out, summary = site
    assert summary["seconds"] < 120, summary  # no notebook is executed: seconds, not minutes
    for name in ["index.html", "explorer.html", "figures.html", "data.html", "docs/SPEC.html", "docs/glossary.html",
                 "search.html"]:
        assert (out / name).is_file(), name
    for path in NOTEBOOKS:
        assert (out / "notebooks" / f"{path.stem}.html").is_file(), path.name
        # the download is the committed notebook, byte for byte
        assert (out / "notebooks" / path.name).read_bytes() == path.read_bytes()
    for csv in (ROOT / "data" / "tables").glob("*.csv"):
        assert (out / "data" / "tables" / csv.name).read_bytes() == csv.read_bytes()
    for figure in (ROOT / "data" / "figures").glob("*.*"):
        assert (out / "data" / "figures" / figure.name).is_file()
    glossary = (out / "docs" / "glossary.html").read_text(encoding="utf-8")
    assert "Glossary" in glossary and "Retrograde analysis" in glossary


def test_landing_page_is_the_index_notebook_and_links_every_notebook(site):
    out, _ = site
    links = parse(out / "index.html").links
    for path in NOTEBOOKS:
        assert f"notebooks/{path.stem}.html" in links, f"the landing page does not link {path.name}"
    text = (out / "index.html").read_text(encoding="utf-8")
    index = nbformat.read(ROOT / "notebooks" / "00_index.ipynb", as_version=4)
    for answer in re.findall(r"^\*\*(.+)\*\*$", "\n".join(c.source for c in index.cells), flags=re.M):
        assert html.escape(answer[:40]) in text or answer[:40] in text


def test_notebook_pages_have_downloads_navigation_and_contents(site):
    out, _ = site
    for path in NOTEBOOKS:
        page = out / "notebooks" / f"{path.stem}.html"
        text = page.read_text(encoding="utf-8")
        refs = parse(page)
        assert path.name in refs.links, f"{page.name}: no download link to {path.name}"
        assert 'class="tc-downloads"' in text
        assert "bd-toc" in text and "toc-entry" in text, f"{page.name}: no table of contents"
        assert "prev-next" in text, f"{page.name}: no previous/next navigation"
        for other in NOTEBOOKS:  # the navigation lists every other notebook
            assert other == path or f"{other.stem}.html" in text, f"{page.name}: no link to {other.stem}"


def test_no_page_loads_anything_from_another_host(site):
    out, _ = site
    offenders = []
    for page in pages(out):
        refs = parse(page)
        offenders += [f"{page.relative_to(out)}: <{tag}> {url}" for tag, url in refs.assets if EXTERNAL.match(url)]
        offenders += [f"{page.relative_to(out)}: style {url}" for s in refs.styles for url in css_urls(s)
                      if EXTERNAL.match(url)]
    for css in out.rglob("*.css"):
        offenders += [f"{css.relative_to(out)}: {url}" for url in css_urls(css.read_text(encoding="utf-8"))
                      if EXTERNAL.match(url)]
    assert not offenders, "\n".join(offenders)


def test_no_broken_internal_links(site):
    out, _ = site
    ids: dict[Path, set[str]] = {}
    broken = []
    for page in pages(out):
        refs = parse(page)
        ids[page] = refs.ids
    for page in pages(out):
        refs = parse(page)
        urls = [url for _, url in refs.assets] + refs.links
        urls += [url for s in refs.styles for url in css_urls(s)]
        for url in urls:
            if EXTERNAL.match(url) or re.match(r"^[a-z][a-z0-9+.-]*:", url, re.I):
                continue  # a hyperlink to another site, mailto:, data:, javascript:
            path, fragment = urldefrag(url)
            path = unquote(urlparse(path).path)
            target = (page.parent / path).resolve() if path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file() or out.resolve() not in target.parents:
                broken.append(f"{page.relative_to(out)}: {url}")
            elif fragment and target.suffix == ".html" and fragment not in ids.get(target, parse(target).ids):
                broken.append(f"{page.relative_to(out)}: {url} (no id {fragment!r})")
    for css in out.rglob("*.css"):
        for url in css_urls(css.read_text(encoding="utf-8")):
            if not EXTERNAL.match(url) and not url.startswith(("data:", "#")):
                if not (css.parent / unquote(urldefrag(url)[0].split("?")[0])).resolve().is_file():
                    broken.append(f"{css.relative_to(out)}: {url}")
    assert not broken, "\n".join(broken)


def test_explorer_page_ships_the_value_table_and_the_module(site):
    out, _ = site
    script = (out / "_static" / "explorer" / "boards.js").read_text(encoding="utf-8")
    for name, solution, spec_of in [("triangles-3", tc.solve(3), 3), ("boxes-2x2", tc.solve_boxes(2, 2), (2, 2))]:
        spec = json.loads(re.search(r'\["' + name + r'"\] = (\{.*\});', script).group(1))
        values = np.frombuffer(base64.b64decode(spec.pop("values")), dtype=np.int8)
        assert np.array_equal(values, solution.values)
        assert spec == board_spec(spec_of)
    page = (out / "explorer.html").read_text(encoding="utf-8")
    assert "createLocalModel" in page and 'type="module"' in page  # the module inlined: works from file://


def test_an_index_notebook_becomes_the_landing_page(tmp_path):
    """When notebooks/00_index.ipynb exists, the landing page is that notebook, links fixed."""
    root = tmp_path / "repo"
    shutil.copytree(ROOT / "docs", root / "docs")
    shutil.copytree(ROOT / "data", root / "data")
    (root / "notebooks").mkdir()
    for path in NOTEBOOKS:  # the notebooks link each other: all of them, and a new index
        shutil.copyfile(path, root / "notebooks" / path.name)
    stem = NOTEBOOKS[0].stem
    index = nbformat.v4.new_notebook()
    index.cells = [nbformat.v4.new_markdown_cell(
        "# The collection\n\n| notebook | question | answer | run time | memory |\n| --- | --- | --- | --- | --- |\n"
        f"| [{stem}]({stem}.ipynb) | Who wins? | **The second player, by 3.** | 2 s | 0.3 GiB |\n\n"
        "Rules: [SPEC](../docs/SPEC.md); a table: [first moves](../data/tables/side3_first_moves.csv).")]
    nbformat.write(index, root / "notebooks" / "00_index.ipynb")
    out = tmp_path / "site"
    summary = build_site.build(out, strict=True, root=root)
    assert summary["landing"] == "notebooks/00_index.ipynb" and summary["notebooks"] == len(NOTEBOOKS)
    refs = parse(out / "index.html")
    text = (out / "index.html").read_text(encoding="utf-8")
    assert "The second player, by 3." in text and "0.3 GiB" in text
    assert f"notebooks/{stem}.html" in refs.links and "docs/SPEC.html" in refs.links
    assert any(link.endswith("side3_first_moves.csv") for link in refs.links)
    assert (out / "notebooks" / "00_index.ipynb").is_file()
    assert not (out / "notebooks" / "00_index.html").exists()


def test_readme_mentions_the_site():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python scripts/build_site.py" in readme and "site/index.html" in readme


# ------------------------------------------------------------------- in Chromium
def _chromium() -> str | None:
    for candidate in (os.environ.get("TRIANGLES_CORE_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


@pytest.fixture(scope="module")
def browser():
    executable = _chromium()
    if executable is None:
        pytest.skip("Chromium not found: install it (Debian/Ubuntu: apt-get install -y chromium; .ci/run does) "
                    "or set TRIANGLES_CORE_CHROMIUM to a Chromium or Chrome executable")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip('Playwright for Python is missing: pip install -e ".[test]"')
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def server(site):
    out, _ = site

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(out)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


class Watched:
    """A page whose console errors, failed requests and requests to other hosts are recorded."""

    def __init__(self, browser, base: str):
        self.context = browser.new_context(viewport={"width": 1280, "height": 1000})
        self.problems: list[str] = []
        origin = base if base.startswith("http") else None

        def route(r):
            url = r.request.url
            if origin and url.startswith(origin + "/") or url.startswith(("file:", "data:", "blob:")):
                r.continue_()
            else:
                self.problems.append(f"request to another host: {url}")
                r.abort()

        self.context.route("**/*", route)
        self.page = self.context.new_page()
        self.page.on("console", lambda m: m.type == "error" and self.problems.append(f"console error: {m.text}"))
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        self.page.on("requestfailed", lambda r: self.problems.append(f"failed request: {r.url} {r.failure}"))
        self.page.on("response", lambda r: r.status >= 400 and self.problems.append(f"HTTP {r.status}: {r.url}"))

    def goto(self, url: str):
        self.page.goto(url, wait_until="networkidle")
        return self.page

    def close(self):
        self.context.close()


def test_every_page_loads_cleanly(browser, server, site):
    out, _ = site
    watched = Watched(browser, server)
    problems = []
    try:
        for page in pages(out):
            name = page.relative_to(out).as_posix()
            watched.problems.clear()
            p = watched.goto(f"{server}/{name}")
            # every image, lazy ones included, must load before the next page is opened
            broken_images = p.evaluate("""async () => {
                const images = [...document.images];
                images.forEach((img) => { img.loading = 'eager'; });
                await Promise.all(images.map((img) => img.complete ? null
                    : new Promise((done) => { img.onload = img.onerror = done; })));
                return images.filter((img) => !img.naturalWidth).map((img) => img.src);
            }""")
            p.wait_for_load_state("networkidle")
            problems += [f"{name}: image not loaded: {src}" for src in broken_images]
            problems += [f"{name}: {problem}" for problem in watched.problems]
            if name == "index.html":
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                p.evaluate("window.scrollTo(0, 0)")
                p.screenshot(path=str(SCREENSHOTS / "landing.png"))
            if name.startswith("notebooks/") and re.search(r"\$[^$]+\$", p.inner_text("article")):
                problems.append(f"{name}: maths left as TeX")
    finally:
        watched.close()
    assert not problems, "\n".join(problems)


EXPLORERS = {"explorer": lambda: tc.solve(3), "explorer-boxes": lambda: tc.solve_boxes(2, 2)}
"""The two explorers of the site's explorer page (element id) and the solutions they show."""


def _board_state(page, scope: str = "explorer") -> dict:
    return page.evaluate("""(scope) => {
        const box = document.getElementById(scope);
        const root = box.querySelector('.tce-root');
        const edges = [...box.querySelectorAll('g.tce-edge')].map((g) => {
            const label = box.querySelector(`g.tce-label[data-edge="${g.dataset.edge}"]`);
            return {edge: Number(g.dataset.edge), state: g.dataset.state, value: g.dataset.value,
                    optimal: g.dataset.optimal, label: label.textContent,
                    labelShown: label.style.display !== 'none'};
        });
        return {toMove: root.dataset.toMove, scoreA: Number(root.dataset.scoreA), scoreB: Number(root.dataset.scoreB),
                value: root.dataset.value, moves: root.dataset.moves, edges,
                turn: box.querySelector('[data-role=turn]').textContent,
                score: box.querySelector('[data-role=score]').textContent,
                owners: [...box.querySelectorAll('g.tce-cell')].map((c) => c.dataset.owner)};
    }""", scope)


def _label(value: int) -> str:
    return f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0"


def _check_board(page, solution, moves: list[int], scope: str = "explorer") -> None:
    """Every displayed value, the score and the player to move equal Python's for ``moves``."""
    shown = _board_state(page, scope)
    want = explorer_state(solution, [], moves)
    values = solution.move_values(moves)
    assert shown["moves"] == " ".join(map(str, moves))
    assert shown["scoreA"] == want["score"][0] and shown["scoreB"] == want["score"][1]
    assert shown["score"].split() == ["Score", "A", str(want["score"][0]), ":", str(want["score"][1]), "B"]
    assert shown["owners"] == want["owners"]
    if want["value"] is None:
        assert shown["toMove"] == "" and "Game over" in shown["turn"]
    else:
        assert shown["toMove"] == want["to_move"] and shown["turn"].startswith(want["to_move"])
        assert int(shown["value"]) == want["value"] == solution.value(moves)
    for edge in shown["edges"]:
        e = edge["edge"]
        if e in moves:
            assert edge["state"] == "drawn" and not edge["labelShown"], edge
        else:
            assert edge["state"] == "free" and edge["labelShown"], edge
            assert int(edge["value"]) == values[e], (moves, edge, values[e])
            assert edge["label"] == _label(values[e]), edge
            assert (edge["optimal"] == "true") == (values[e] == want["value"]), edge
    assert {e["edge"] for e in shown["edges"] if e["state"] == "free"} == set(values)


def _click_line(page, edge: int, at: float = 0.25, scope: str = "explorer") -> None:
    """Click the edge's line itself, a quarter of the way along (away from its label)."""
    page.locator(f"#{scope} .tce-root").scroll_into_view_if_needed()
    x, y = page.evaluate("""([edge, at, scope]) => {
        const line = document.getElementById(scope).querySelector(`g.tce-edge[data-edge="${edge}"] .tce-hit`);
        const svg = line.ownerSVGElement;
        const p = svg.createSVGPoint();
        p.x = line.x1.baseVal.value + at * (line.x2.baseVal.value - line.x1.baseVal.value);
        p.y = line.y1.baseVal.value + at * (line.y2.baseVal.value - line.y1.baseVal.value);
        const q = p.matrixTransform(line.getScreenCTM());
        return [q.x, q.y];
    }""", [edge, at, scope])
    page.mouse.click(x, y)


@pytest.mark.parametrize("scope", list(EXPLORERS))
def test_explorer_values_follow_python_through_a_game(browser, server, scope):
    solution = EXPLORERS[scope]()
    watched = Watched(browser, server)
    try:
        page = watched.goto(f"{server}/explorer.html")
        page.wait_for_selector(f"#{scope} g.tce-edge", state="attached")
        moves: list[int] = []
        _check_board(page, solution, moves, scope)
        # a game with claims, extra moves and both kinds of click: the label and the line
        n_edges = solution.board.n_edges
        sequence = random.Random(3).sample(range(1, n_edges + 1), n_edges)
        for k, edge in enumerate(sequence):
            if k % 2:
                page.click(f'#{scope} g.tce-label[data-edge="{edge}"]')
            else:
                _click_line(page, edge, scope=scope)
            moves.append(edge)
            _check_board(page, solution, moves, scope)
            if k == 4 and scope == "explorer":
                page.locator(f"#{scope} .tce-root").screenshot(path=str(SCREENSHOTS / "explorer_board.png"))
        assert sum(explorer_state(solution, [], moves)["score"]) == solution.board.n_cells
        verdict = page.inner_text(f"#{scope} [data-role=verdict]")
        assert "wins" in verdict or "draw" in verdict
        page.click(f'#{scope} button[data-action="reset"]')
        _check_board(page, solution, [], scope)
        assert not watched.problems, watched.problems
    finally:
        watched.close()


@pytest.mark.parametrize("scope", list(EXPLORERS))
def test_explorer_buttons(browser, server, scope):
    solution = EXPLORERS[scope]()
    watched = Watched(browser, server)
    try:
        page = watched.goto(f"{server}/explorer.html")
        page.wait_for_selector(f"#{scope} g.tce-edge", state="attached")
        moves = [4, 5, 9, 11]
        for edge in moves:
            page.click(f'#{scope} g.tce-label[data-edge="{edge}"]')
        _check_board(page, solution, moves, scope)
        # "best move" plays an optimal move (the lowest-numbered one, as in Python)
        before = list(moves)
        page.click(f'#{scope} button[data-action="best"]')
        played = int(_board_state(page, scope)["moves"].split()[-1])
        assert played in solution.optimal_moves(before) and played == min(solution.optimal_moves(before))
        moves.append(played)
        _check_board(page, solution, moves, scope)
        # "undo" restores the previous position
        page.click(f'#{scope} button[data-action="undo"]')
        _check_board(page, solution, before, scope)
        # the principal variation, on request, is Python's
        page.click(f'#{scope} button[data-action="pv"]')
        steps = page.eval_on_selector_all(f"#{scope} .tce-pv-step", "nodes => nodes.map((n) => n.textContent)")
        want = explorer_state(solution, [], before, show_pv=True)["pv"]
        assert steps == [f"{s['player']}:{s['edge']}{'*' * s['claims']}" for s in want]
        for edge in (1, 2):
            page.click(f'#{scope} g.tce-label[data-edge="{edge}"]')
        _check_board(page, solution, before + [1, 2], scope)
        page.locator(f"#{scope} .tce-root").scroll_into_view_if_needed()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / ("explorer.png" if scope == "explorer" else f"{scope}.png")))
        steps = page.eval_on_selector_all(f"#{scope} .tce-pv-step", "nodes => nodes.map((n) => n.textContent)")
        want = explorer_state(solution, [], before + [1, 2], show_pv=True)["pv"]
        assert steps == [f"{s['player']}:{s['edge']}{'*' * s['claims']}" for s in want]
        page.click(f'#{scope} button[data-action="pv"]')
        assert page.locator(f"#{scope} .tce-pv-step").count() == 0
        # a drawn edge cannot be drawn again; reset goes back to the empty board
        page.locator(f'#{scope} g.tce-edge[data-edge="4"]').dispatch_event("click")
        _check_board(page, solution, before + [1, 2], scope)
        page.click(f'#{scope} button[data-action="reset"]')
        _check_board(page, solution, [], scope)
        assert page.locator(f'#{scope} button[data-action="undo"]').is_disabled()
        assert not watched.problems, watched.problems
    finally:
        watched.close()


def test_explorer_works_from_the_file_system(browser, site, solution3):
    """Opened as a file (no server at all), the explorer still computes its values."""
    out, _ = site
    watched = Watched(browser, "file:")
    try:
        page = watched.goto((out / "explorer.html").as_uri())
        page.wait_for_selector("#explorer g.tce-edge")
        for edge in (1, 2, 3):
            page.click(f'#explorer g.tce-label[data-edge="{edge}"]')
        _check_board(page, solution3, [1, 2, 3])
        assert not [p for p in watched.problems if "explorer" in p or "page error" in p], watched.problems
    finally:
        watched.close()
