"""The static site (scripts/build_site.py): built once here, checked as files and in Chromium (served on
127.0.0.1, every request to another host recorded and refused; a skip saying what to install where Chromium or
Playwright is missing). Screenshots go to reports/screenshots/ (not committed).
"""

from __future__ import annotations

import html.parser
import importlib.util
import re
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlparse

import nbformat
import pytest
from browser import DESKTOP, PHONE, Watched, axe_violations, check, serve, wait_ready

import triangles_core as tc

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "reports" / "screenshots"
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if p.name != "00_index.ipynb")
# Sphinx extensions' own deprecations (third-party code, reported by the build)
pytestmark = pytest.mark.filterwarnings("ignore:.*Check CHANGES for Sphinx API modifications")


def load_script(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_site = load_script(ROOT / "scripts" / "build_site.py")


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
NAVIGATION = {"alternate", "canonical", "next", "prev", "search", "index", "author", "help", "license", "copyright"}
LOADED = {"script", "img", "iframe", "source", "video", "audio", "embed", "object", "input", "track", "image", "use"}


class _Refs(html.parser.HTMLParser):
    """Every URL a page loads (``assets``: (tag, url)) or links to (``links``), its styles and its ids."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.assets, self.links, self.styles, self.ids, self._in_style = [], [], [], set(), False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.ids |= {a["id"]} if "id" in a else set()
        self.ids |= {a["name"]} if tag == "a" and a.get("name") else set()
        rel = set((a.get("rel") or "").lower().split())
        if a.get("href") and (tag == "a" or tag == "link" and rel & NAVIGATION):
            self.links.append(a["href"])
        elif tag == "link" and a.get("href"):
            self.assets.append((f"link rel={a.get('rel')}", a["href"]))
        if tag in {"image", "use"} and (a.get("href") or a.get("xlink:href")):
            self.assets.append((tag, a.get("href") or a.get("xlink:href")))
        self.assets += [(tag, a[k]) for k in ("src", "data", "poster") if a.get(k) and tag in LOADED]
        self.assets += [(tag, part.split()[0]) for part in (a.get("srcset") or "").split(",") if part.strip()]
        self.styles += [a["style"]] if a.get("style") else []
        self._in_style = tag == "style"

    def handle_endtag(self, tag):
        self._in_style = self._in_style and tag != "style"

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
    for name in "index explorer figures data docs/SPEC docs/glossary search".split():
        assert (out / f"{name}.html").is_file(), name
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
    readme = (ROOT / "README.md").read_text(encoding="utf-8")  # the README says how to build it and where it is
    assert all(f in readme for f in ("python scripts/build_site.py", "site/index.html", "site/api.html"))


def test_landing_page_is_the_index_notebook_and_the_pages_link_every_notebook(site):
    out, summary = site
    assert summary["landing"] == "notebooks/00_index.ipynb" and summary["notebooks"] == len(NOTEBOOKS)
    assert not (out / "notebooks" / "00_index.html").exists()
    links = parse(out / "index.html").links
    assert {"docs/SPEC.html", "explorer.html", "api.html", "notebooks/00_index.ipynb"} <= set(links)  # rebased
    assert "../explorer.html" in parse(out / "notebooks" / "01_solving_the_game.html").links
    text = (out / "index.html").read_text(encoding="utf-8")
    index = nbformat.read(ROOT / "notebooks" / "00_index.ipynb", as_version=4)
    for answer in re.findall(r"^\*\*(.+)\*\*$", "\n".join(c.source for c in index.cells), flags=re.M):
        assert html.escape(answer[:40]) in text or answer[:40] in text
    for path in NOTEBOOKS:  # each notebook page links its download and every other notebook
        assert f"notebooks/{path.stem}.html" in links, f"the landing page does not link {path.name}"
        page_links = parse(out / "notebooks" / f"{path.stem}.html").links
        assert path.name in page_links, f"{path.stem}.html: no download link to {path.name}"
        missing = [other.stem for other in NOTEBOOKS if other != path and f"{other.stem}.html" not in page_links]
        assert not missing, f"{path.stem}.html: no link to {missing}"


def test_nothing_is_loaded_from_another_host_and_no_internal_link_is_broken(site):
    out, _ = site
    parsed = {page: parse(page) for page in pages(out)}
    ids = {page.resolve(): refs.ids for page, refs in parsed.items()}
    problems = []
    for page, refs in parsed.items():
        name, styles = page.relative_to(out), [url for s in refs.styles for url in css_urls(s)]
        problems += [f"{name}: loads {url}" for url in [u for _, u in refs.assets] + styles if EXTERNAL.match(url)]
        for url in [url for _, url in refs.assets] + refs.links + styles:
            if EXTERNAL.match(url) or re.match(r"^[a-z][a-z0-9+.-]*:", url, re.I):
                continue  # a hyperlink to another site, mailto:, data:, javascript:
            path, fragment = urldefrag(url)
            path = unquote(urlparse(path).path)
            target = (page.parent / path).resolve() if path else page
            target = target / "index.html" if target.is_dir() else target
            if not target.is_file() or out.resolve() not in target.parents:
                problems.append(f"{name}: {url}")
            elif fragment and target.suffix == ".html":
                if fragment not in (ids[target] if target in ids else parse(target).ids):
                    problems.append(f"{name}: {url} (no id {fragment!r})")
    for css in out.rglob("*.css"):
        for url in css_urls(css.read_text(encoding="utf-8")):
            if EXTERNAL.match(url):
                problems.append(f"{css.relative_to(out)}: loads {url}")
            elif not url.startswith(("data:", "#")):
                if not (css.parent / unquote(urldefrag(url)[0].split("?")[0])).resolve().is_file():
                    problems.append(f"{css.relative_to(out)}: {url}")
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------- in Chromium
@pytest.fixture(scope="module")
def server(site):
    yield from serve(site[0])


def test_a_page_of_each_kind_loads_cleanly_and_fits_a_phone_and_a_desktop(browser, server, site):
    """A page of each kind: no error, every image loaded, maths typeset, no code block cut (at a
    desktop's width); no sideways scrolling and no table under the page contents (at both widths); no serious or
    critical axe violation on each at a desktop's width and on the landing page (whose navigation is every page's)
    at a phone's. The explorer's boards: tests/test_explorer_browser.py."""
    out, _ = site
    problems = []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for viewport in (PHONE, DESKTOP):
        watched, width = Watched(browser, server, viewport), f"{viewport['width']} px"
        try:
            for name in one_page_of_each_kind(out):
                watched.problems.clear()
                p = watched.page  # every image and request at a desktop's width; the layout at both
                p.goto(f"{server}/{name}", wait_until="networkidle" if viewport is DESKTOP else "load")
                found = p.evaluate(
                    """async (desktop) => {
                    const images = desktop ? [...document.images] : [];
                    images.forEach((img) => { img.loading = 'eager'; });
                    await Promise.all(images.map((img) => img.complete ? null
                        : new Promise((done) => { img.onload = img.onerror = done; })));
                    const broken = images.filter((img) => !img.naturalWidth).map((img) => img.src);
                    const wide = document.documentElement.scrollWidth - window.innerWidth;
                    const cut = [...document.querySelectorAll('.bd-article pre')]
                        .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent.slice(0, 50));
                    const toc = document.querySelector('.bd-sidebar-secondary');
                    const tocLeft = toc && toc.offsetParent ? toc.getBoundingClientRect().left : Infinity;
                    const under = [...document.querySelectorAll('.bd-article table')].filter((t) =>
                        (t.closest('.tc-table-scroll, .output') || t).getBoundingClientRect().right > tocLeft + 1);
                    return {broken, wide, cut, under: under.length};
                }""",
                    viewport is DESKTOP,
                )
                p.wait_for_load_state("networkidle" if viewport is DESKTOP else "load")
                problems += [f"{width} {name}: image not loaded: {src}" for src in found["broken"]]
                problems += [f"{width} {name}: {problem}" for problem in watched.problems if viewport is DESKTOP]
                if name.startswith("notebooks/") and re.search(r"\$[^$]+\$", p.inner_text("article")):
                    problems.append(f"{width} {name}: maths left as TeX")
                if found["wide"] > 0:
                    problems.append(f"{width} {name} scrolls sideways by {found['wide']} px")
                if viewport is DESKTOP and found["cut"]:
                    problems.append(f"{width} {name}: {len(found['cut'])} blocks cut: {found['cut'][:2]}")
                if found["under"]:
                    problems.append(f"{width} {name}: {found['under']} tables under the page contents")
                if viewport is DESKTOP or name == "index.html":
                    violations = axe_violations(p, exclude=["#explorer", "#explorer-boxes"])
                    problems += [f"{width} {name}: {v}" for v in violations]
                if (viewport, name) in ((DESKTOP, "index.html"), (PHONE, "data.html")):
                    p.evaluate("window.scrollTo(0, 0)")
                    p.screenshot(path=str(SCREENSHOTS / ("landing.png" if name == "index.html" else "phone_data.png")))
        finally:
            watched.close()
    assert not problems, "\n".join(problems)


def test_the_site_works_from_the_file_system(browser, site, solution3):
    """Opened as files (no server at all): a click on a figure opens it full size (the figures are lazy: loaded
    when scrolled to), and the explorer computes its values."""
    out, _ = site
    watched = Watched(browser, "file:")
    try:
        page = watched.goto((out / "notebooks" / "01_solving_the_game.html").as_uri())
        figures = page.locator("a.tc-figure-link")
        last = figures.nth(figures.count() - 1)
        assert figures.count() >= 3 and not last.locator("img").evaluate("(img) => img.complete && img.naturalWidth")
        last.scroll_into_view_if_needed()
        page.wait_for_function(
            "(img) => img.complete && img.naturalWidth > 0", arg=last.locator("img").element_handle()
        )
        href = last.get_attribute("href")
        last.click()
        page.wait_for_url(re.compile(re.escape(href.split("/")[-1]) + "$"))
        assert page.evaluate("document.images.length && document.images[0].naturalWidth") > 0
        page = watched.goto((out / "explorer.html").as_uri())
        wait_ready(page)  # the table is computed in the page
        for edge in (1, 2, 3):
            page.locator(f'#explorer g.tce-edge[data-edge="{edge}"]').dispatch_event("click")
        check(page, solution3, [1, 2, 3])
        assert not watched.problems, watched.problems
    finally:
        watched.close()


# ------------------------------------------------------------------- weight, links, API (issue 22)
def test_pages_are_light_and_their_downloads_download(site):
    """No figure inlined, MathJax only where there is maths; every .ipynb or .csv link downloads (the bytes of the
    landing page and the explorer: test_landing_page_and_explorer_weigh_at_most_1_mb)."""
    out, _ = site
    for page in pages(out):
        text = page.read_text(encoding="utf-8")
        name = page.relative_to(out).as_posix()
        assert "data:image/png" not in text, f"{name}: a figure inlined as base64"
        assert ("tex-chtml.js" in text) == ('class="math' in text), f"{name}: MathJax where there is no maths"
        for tag in re.findall(r'<a [^>]*href="[^"#:]+\.(?:ipynb|csv)"[^>]*>', text):
            assert re.search(r"\bdownload\b", tag), f"{name}: {tag}"
    # the notebooks' figures: separate, lazy, linked to themselves (a click opens them full size)
    for path in NOTEBOOKS:
        page = out / "notebooks" / f"{path.stem}.html"
        images = re.findall(
            r'<a class="tc-figure-link" href="([^"]+)"[^>]*><img src="([^"]+)"([^>]*)>',
            page.read_text(encoding="utf-8"),
        )
        committed = path.read_text(encoding="utf-8").count("data:image/png;base64")
        assert len(images) == committed, path.name
        for href, src, rest in images:
            assert href == src and 'loading="lazy"' in rest and "alt=" in rest and 'width="' in rest, (path.name, src)
            assert (page.parent / src).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_glossary_has_an_anchor_per_term_and_the_notebooks_link_it(site):
    out, _ = site
    glossary = parse(out / "docs" / "glossary.html")
    terms = build_site._glossary_terms((ROOT / "docs" / "glossary.md").read_text(encoding="utf-8"))
    assert len(set(terms.values())) >= 20
    assert set(terms.values()) <= glossary.ids, set(terms.values()) - glossary.ids
    for stem in ("01_solving_the_game", "04_winning_first_moves", "09_dots_and_boxes"):
        page = out / "notebooks" / f"{stem}.html"
        text = page.read_text(encoding="utf-8")
        assert "docs/glossary.md)" not in re.sub(r"<[^>]+>", "", text), f"{stem}: a plain-text glossary mention"
        assert [link for link in parse(page).links if "glossary.html" in link], stem  # anchors: test_no_broken_...
    assert any("#value" in link for link in parse(out / "notebooks" / "01_solving_the_game.html").links)


def test_the_api_reference_has_a_page_for_every_public_name(site):
    out, _ = site
    api = {urldefrag(link)[0] for link in parse(out / "api.html").links}
    files = {}
    for name in tc.__all__:
        page = out / "api" / build_site.api_page_name(name)
        assert page.is_file(), name
        assert f"api/{page.name}" in api, name
        # one file per name on a case-insensitive file system too (board and Board)
        assert files.setdefault(page.name.lower(), name) == name, (name, files[page.name.lower()])
        text = page.read_text(encoding="utf-8")
        assert f'id="triangles_core.{name}"' in text, f"{name}: no documented object on its page"
    solve = (out / "api" / "triangles_core.solve.html").read_text(encoding="utf-8")
    assert "Parameters" in solve and "Returns" in solve  # numpydoc sections rendered


# ------------------------------------------------------------------- phones, desktops, axe (issue 22)
def one_page_of_each_kind(out: Path) -> list[str]:
    """The first page of each folder (the landing page, a notebook, a doc, an API page) and every page at the top
    (explorer, figures, data, search), which are each of their own kind; the static checks above read every page."""
    kinds: dict[str, str] = {}
    for page in pages(out):
        name = page.relative_to(out).as_posix()
        kinds.setdefault(name.split("/")[0], name)
    return list(kinds.values())


def test_phone_readers_can_open_navigation_search_and_contents(browser, server):
    watched = Watched(browser, server, PHONE)
    page = watched.goto(f"{server}/notebooks/01_solving_the_game.html")
    page.wait_for_timeout(150)  # the theme's deferred scripts attach their handlers
    # navigation: the visible button opens the site's navigation, and its links work
    toggle = page.locator("button.primary-toggle:visible")
    assert toggle.count() == 1
    toggle.click()
    dialog = page.locator("#pst-primary-sidebar-modal")
    dialog.wait_for(state="visible")
    link = dialog.get_by_role("link", name=re.compile("02 · "))
    assert link.is_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "phone_navigation.png"))
    link.click()
    page.wait_for_url(re.compile(r"02_state_graph\.html"))
    page.wait_for_timeout(150)
    # page contents
    page.locator("button.secondary-toggle:visible").click()
    contents = page.locator("#pst-secondary-sidebar-modal")
    contents.wait_for(state="visible")
    assert contents.locator("a.nav-link").count() >= 3
    page.keyboard.press("Escape")
    contents.wait_for(state="hidden")
    # search: a field opens, and a query finds pages
    page.locator("button.search-button__button:visible").click()
    field = page.locator("#pst-search-dialog input[name=q]")
    field.wait_for(state="visible")
    field.fill("negamax")
    page.screenshot(path=str(SCREENSHOTS / "phone_search.png"))
    field.press("Enter")
    page.wait_for_url(re.compile(r"search\.html"))
    page.wait_for_selector("#search-results li", timeout=15000)
    assert page.locator("#search-results li").count() >= 3
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not watched.problems, watched.problems
    watched.close()


def test_landing_page_and_explorer_weigh_at_most_1_mb(browser, site):
    """Bytes transferred with an empty cache, gzip-compressed as a static host sends text (bench_site.py)."""
    module = load_script(ROOT / "benchmarks" / "bench_site.py")
    with module.Server(site[0], compress=True) as zipped:
        for name in ("index.html", "explorer.html"):
            transferred, _ = module.weigh(browser, f"{zipped}/{name}")
            assert transferred <= 1_000_000, f"{name}: {transferred} bytes"
