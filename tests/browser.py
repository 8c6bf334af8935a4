"""What the browser tests share: Debian's Chromium through Playwright (the ``browser`` fixture of
`tests/conftest.py`), axe-core run in a page, a local HTTP server, the two viewports, `Watched`, and `check`:
what an explorer page shows is the library's."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from triangles_core.explorer import board_spec, explorer_state

CHROMIUM_ARGS = (
    "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking "
    "--disable-component-update --disable-sync"
).split()
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def chromium_executable() -> str | None:
    """``TRIANGLES_CORE_CHROMIUM``, or the system's Chromium; None if there is none (also used by bench_site.py)."""
    candidates = (os.environ.get("TRIANGLES_CORE_CHROMIUM"), shutil.which("chromium"), shutil.which("chromium-browser"))
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


def launch_browser() -> Iterator:
    """Chromium driven by Playwright for Python, or a skip saying how to install what is missing."""
    executable = chromium_executable()
    if executable is None:
        pytest.skip(
            "Chromium not found: install it (Debian/Ubuntu: apt-get install -y chromium; .ci/run does) "
            "or set TRIANGLES_CORE_CHROMIUM to a Chromium or Chrome executable"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip('Playwright for Python is missing: pip install -e ".[test]"')
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def axe_violations(page, exclude: list[str] | tuple[str, ...] = (), include: str | None = None) -> list[str]:
    """The serious and critical violations axe-core finds in the page (or in what the selector ``include``
    picks), one line each, leaving out what the selectors ``exclude`` pick. axe-core is the ``axe.min.js`` of
    axe-playwright-python (a skip if it is missing)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        axe = pytest.importorskip("axe_playwright_python", reason="axe-core: pip install axe-playwright-python")
        page.add_script_tag(path=Path(axe.__file__).parent / "axe.min.js")
    return page.evaluate(
        """async ([exclude, include]) => {
        const present = exclude.filter((s) => document.querySelector(s)).map((s) => [s]);
        const context = include ? include : present.length ? {exclude: present} : document;
        const result = await axe.run(context, {resultTypes: ['violations']});
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id} (${v.impact}, ${v.help}): `
                        + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '));
    }""",
        [list(exclude), include],
    )


def serve(directory: Path) -> Iterator[str]:
    """A quiet local HTTP server for ``directory`` while the generator runs; yields its base URL."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(directory)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


class Watched:
    """A page in a context of its own whose problems are recorded in ``problems``, one line each: console and page
    errors, failed requests, HTTP statuses of 400 or more, and every request to another host than ``base`` (the
    served origin, or ``"file:"``), which is refused; ``file:``, ``data:`` and ``blob:`` URLs are allowed."""

    def __init__(self, browser, base: str, viewport: dict | None = None):
        self.context = browser.new_context(viewport=viewport or DESKTOP)
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
        self.page.set_default_timeout(60_000)  # a table computed in the page takes seconds on a slow machine
        self.page.on("console", lambda m: m.type == "error" and self.problems.append(f"console error: {m.text}"))
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        self.page.on("requestfailed", lambda r: self.problems.append(f"failed request: {r.url} {r.failure}"))
        self.page.on("response", lambda r: r.status >= 400 and self.problems.append(f"HTTP {r.status}: {r.url}"))

    def goto(self, url: str):
        """Open ``url`` and wait until the network is idle; returns the page."""
        self.page.goto(url, wait_until="networkidle")
        return self.page

    def close(self):
        self.context.close()


# ------------------------------------------------------------------- the explorer page
def wait_ready(page) -> None:
    page.wait_for_selector('#explorer .tce-root[data-loading="false"]')


def shown(page) -> dict:
    """What the explorer shows, read from the page."""
    return page.evaluate("""() => {
        const box = document.getElementById('explorer');
        const root = box.querySelector('.tce-root');
        const edges = [...box.querySelectorAll('g.tce-edge')].map((g) => {
            const label = box.querySelector(`g.tce-label[data-edge="${g.dataset.edge}"]`);
            return {edge: Number(g.dataset.edge), state: g.dataset.state, value: g.dataset.value,
                    optimal: g.dataset.optimal, label: label.textContent, labelShown: label.style.display !== 'none',
                    colour: getComputedStyle(g.querySelector('.tce-line')).stroke,
                    tabindex: g.getAttribute('tabindex'), disabled: g.getAttribute('aria-disabled')};
        });
        const rows = [...box.querySelectorAll('.tce-move-table tbody tr')].map((tr) => {
            const td = [...tr.querySelectorAll('td')].map((c) => c.textContent.trim());
            return {ply: Number(td[0]), player: td[1], move: td[2], cells: td[3], lost: Number(td[4]), grade: td[5],
                    current: tr.getAttribute('aria-current') === 'step'};
        });
        const points = [...box.querySelectorAll('.tce-point')].map((c) => Number(c.dataset.value));
        return {toMove: root.dataset.toMove, scoreA: Number(root.dataset.scoreA), scoreB: Number(root.dataset.scoreB),
                value: root.dataset.value, moves: root.dataset.moves, line: root.dataset.line,
                cursor: Number(root.dataset.cursor), start: root.dataset.start, edges, rows, points,
                summary: box.querySelector('[data-role=summary]').textContent,
                owners: [...box.querySelectorAll('g.tce-cell')].map((c) => c.dataset.owner),
                message: box.querySelector('[data-role=message]').textContent};
    }""")


def label(value: int) -> str:
    return f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0"


def check(page, sol, line: list[int], cursor: int | None = None, start: list[int] = ()) -> dict:
    """Everything the explorer shows equals the library's, for the game ``line`` at ``cursor``."""
    cursor = len(line) if cursor is None else cursor
    s = shown(page)
    want = explorer_state(sol, list(start), line, cursor=cursor)
    colours = board_spec(sol)["value_colours"]  # the figures' colours (tests/test_explorer.py)
    assert (s["line"], s["cursor"]) == (" ".join(map(str, line)), cursor)
    assert s["start"] == " ".join(map(str, want["start"]))
    assert [s["scoreA"], s["scoreB"]] == want["score"] and s["owners"] == want["owners"]
    if want["value"] is None:
        assert s["toMove"] == "" and "Game over" in s["summary"]
    else:
        assert s["toMove"] == want["to_move"] and int(s["value"]) == want["value"]
        best = min(e for e, v in want["values"].items() if v == want["value"])
        assert f"{want['to_move']} to move" in s["summary"] and f"edge {best} (dots" in s["summary"], s["summary"]
    for edge in s["edges"]:
        value = want["values"].get(edge["edge"])
        if value is None:  # drawn: no label, out of the tab order
            assert (edge["state"], edge["labelShown"], edge["disabled"]) == ("drawn", False, "true"), edge
        else:
            assert edge["state"] == "free" and edge["labelShown"] and edge["label"] == label(value), (edge, value)
            assert int(edge["value"]) == value and (edge["optimal"] == "true") == (value == want["value"]), edge
            rgb = bytes.fromhex(colours[value + (len(colours) - 1) // 2][1:])
            assert edge["colour"] == "rgb({}, {}, {})".format(*rgb), (edge, value)
    # the roving tab stop: exactly one edge in the tab order, an undrawn one
    assert [e["state"] for e in s["edges"] if e["tabindex"] == "0"] == (["free"] if want["values"] else [])
    # the move list and the value graph are the review of triangles review
    for row, h in zip(s["rows"], want["history"], strict=True):
        assert (row["ply"], row["player"], row["lost"], row["grade"]) == (
            h["ply"],
            h["player"],
            h["value_lost"],
            h["grade"],
        )
        assert row["move"] == f"{h['edge']} ({h['dots'][0]}\u2013{h['dots'][1]})" and row["current"] == (
            h["ply"] == cursor
        )
        assert row["cells"] == ", ".join(map(str, h["cells"]))
    assert s["points"] == [want["start_value"]] + [h["value_after"] for h in want["history"]]
    return s
