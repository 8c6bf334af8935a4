"""What the browser tests share: Debian's Chromium through Playwright (the ``browser`` fixture of
`tests/conftest.py`), axe-core run in a page, a local HTTP server, the two viewports and `Watched`."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

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


def axe_violations(page, exclude: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The serious and critical violations axe-core finds in the page, one line each, leaving out what the
    selectors ``exclude`` pick. axe-core is the ``axe.min.js`` of axe-playwright-python (a skip if it is missing)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        axe = pytest.importorskip("axe_playwright_python", reason="axe-core: pip install axe-playwright-python")
        page.add_script_tag(path=Path(axe.__file__).parent / "axe.min.js")
    return page.evaluate(
        """async (exclude) => {
        const present = exclude.filter((s) => document.querySelector(s)).map((s) => [s]);
        const result = await axe.run(present.length ? {exclude: present} : document, {resultTypes: ['violations']});
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id} (${v.impact}, ${v.help}): `
                        + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '));
    }""",
        list(exclude),
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
