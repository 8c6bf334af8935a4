"""What the static site costs a reader: bytes transferred per page and time to a playable board.

Builds the site (``scripts/build_site.py``) into a temporary folder, or takes a built one with
``--site``, serves it from 127.0.0.1 and opens it in Debian's Chromium with Playwright:

* every page at 1280x900 with an empty cache: the bytes transferred (as DevTools counts them:
  headers and bodies, as sent) and the number of requests, once as Python's ``http.server``
  sends them (no compression) and once gzip-compressed as a static host sends text (GitHub
  Pages, nginx ``gzip_static``);
* the landing page and the explorer page on DevTools' "Slow 4G" profile (562.5 ms round trip,
  1.6 Mbit/s down and 750 kbit/s up, each times 0.9, as DevTools applies Lighthouse's figures)
  with a 4x slower CPU, gzip on: the first contentful paint, the load event and, on the
  explorer page, the moment the board is playable (the first click on an edge has redrawn the
  board). Each figure is also printed as a ratio to the baseline measured in the same run: a
  page of one line of HTML on the same profile (one round trip and a parse).

The goal of issue 22: landing page and explorer each at most 1 MB transferred, the board
playable in under 3 s on that profile.

Usage::

    .venv/bin/python benchmarks/bench_site.py                 # build, then measure
    .venv/bin/python benchmarks/bench_site.py --site /tmp/site --repeats 3
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import importlib.util
import io
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SLOW_4G = {
    "offline": False,
    "latency": 562.5,
    "downloadThroughput": 1.6e6 / 8 * 0.9,
    "uploadThroughput": 750e3 / 8 * 0.9,
}
CPU_SLOWDOWN = 4
COMPRESSED = {".html", ".js", ".css", ".svg", ".json", ".txt", ".csv", ".ipynb", ".map"}
BLANK = "blank-baseline.html"


def _handler(directory: str, compress: bool):
    """A quiet static file handler, gzip-compressing text as a static host does when asked to."""
    cache: dict[Path, bytes] = {}

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=directory, **kwargs)

        def log_message(self, *args):
            pass

        def send_head(self):
            path = Path(self.translate_path(self.path))
            if (
                not compress
                or path.suffix not in COMPRESSED
                or not path.is_file()
                or "gzip" not in self.headers.get("Accept-Encoding", "")
            ):
                return super().send_head()
            if path not in cache:
                cache[path] = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
            body = cache[path]
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)

    return Handler


class Server:
    def __init__(self, site: Path, compress: bool):
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _handler(str(site), compress))
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


def pages(site: Path) -> list[str]:
    return sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*.html")
        if "_static" not in p.relative_to(site).parts and p.name != BLANK
    )


def weigh(browser, url: str) -> tuple[int, int]:
    """(bytes transferred, requests) to load ``url`` with an empty cache, lazy images left lazy."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    sizes: dict[str, float] = {}
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    page.goto(url, wait_until="networkidle")
    page.wait_for_timeout(300)
    context.close()
    return int(sum(sizes.values())), len(sizes)


PLAYABLE = """() => new Promise((done) => {
    // the board is playable when a click on a free edge has redrawn it (once its table is ready)
    const start = () => {
        const box = document.getElementById('explorer');
        const edge = box && box.querySelector('[data-edge]');
        const loading = box && box.querySelector('[data-loading]');
        if (!edge || (loading && loading.dataset.loading !== 'false')) { requestAnimationFrame(start); return; }
        const root = box.querySelector('[data-moves]') || box;
        const before = root.getAttribute('data-moves');
        const observer = new MutationObserver(() => {
            if (root.getAttribute('data-moves') !== before) { observer.disconnect(); done(performance.now()); }
        });
        observer.observe(root, {attributes: true, subtree: true});
        edge.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    };
    start();
})"""


def throttled(browser, url: str, board: bool) -> dict[str, float]:
    """First contentful paint, load event and (``board``) a playable board, in seconds, on Slow 4G, CPU / 4."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=3
    )
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    page.goto(url, wait_until="commit")
    playable = None
    if board:
        playable = page.evaluate(PLAYABLE) / 1000
    page.wait_for_load_state("load")
    timing = page.evaluate("""() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const nav = performance.getEntriesByType('navigation')[0];
        return {fcp: paint ? paint.startTime : NaN, load: nav.loadEventEnd || performance.now()};
    }""")
    context.close()
    result = {"first paint": timing["fcp"] / 1000, "load": timing["load"] / 1000}
    if playable is not None:
        result["playable"] = playable
    return result


def _load(path: Path):
    """A script or test helper of this repository, imported from its file."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _build() -> Path:
    module = _load(ROOT / "scripts" / "build_site.py")
    out = Path(tempfile.mkdtemp(prefix="bench-site-")) / "site"
    module.build(out)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--repeats", type=int, default=3, help="throttled loads per page (median; default 3)")
    parser.add_argument("--pages", nargs="*", help="weigh only these pages (default: all)")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    site = args.site if args.site else _build()
    if not (site / "index.html").is_file():
        print(f"bench_site: {site} has no index.html (not a built site)", file=sys.stderr)
        return 2
    (site / BLANK).write_text("<!DOCTYPE html><html lang=en><title>blank</title><p>blank</p></html>\n")
    from playwright.sync_api import sync_playwright

    browser_helpers = _load(ROOT / "tests" / "browser.py")  # the tests' Chromium and its flags, kept in one place
    executable = browser_helpers.chromium_executable()
    if executable is None:
        print("bench_site: Chromium not found (install it, or set TRIANGLES_CORE_CHROMIUM)", file=sys.stderr)
        return 2
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=browser_helpers.CHROMIUM_ARGS)
        try:
            print(f"site: {site}")
            print(f"{'page':42} {'plain KiB':>10} {'gzip KiB':>10} {'requests':>9}")
            with Server(site, compress=False) as plain, Server(site, compress=True) as zipped:
                for name in args.pages or pages(site):
                    raw, count = weigh(browser, f"{plain}/{name}")
                    packed, _ = weigh(browser, f"{zipped}/{name}")
                    print(f"{name:42} {raw / 1024:10.0f} {packed / 1024:10.0f} {count:9d}")
            down = SLOW_4G["downloadThroughput"] * 8 / 1e6
            print(
                f"\nSlow 4G (latency {SLOW_4G['latency']} ms, {down:.2f} Mbit/s down), "
                f"CPU / {CPU_SLOWDOWN}, 390x844, gzip; median of {args.repeats}, seconds (x blank page's load)"
            )
            with Server(site, compress=True) as zipped:
                blank = statistics.median(
                    throttled(browser, f"{zipped}/{BLANK}", False)["load"] for _ in range(args.repeats)
                )
                print(f"{'blank page (baseline)':24} load {blank:6.2f}")
                for name, board in (("index.html", False), ("explorer.html", True)):
                    runs = [throttled(browser, f"{zipped}/{name}", board) for _ in range(args.repeats)]
                    parts = [
                        f"{key} {statistics.median(r[key] for r in runs):6.2f} "
                        f"({statistics.median(r[key] for r in runs) / blank:4.1f}x)"
                        for key in runs[0]
                    ]
                    print(f"{name:24} " + "   ".join(parts))
        finally:
            browser.close()
            (site / BLANK).unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
