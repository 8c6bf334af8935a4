"""The explorer as a player uses it, in Chromium (Playwright), checked against the library.

The site's explorer page (tables computed in the page's Web Worker), served without the Sphinx build
(tests/test_site.py checks the built page), played by clicks, taps and keys at a desktop's and a phone's width;
and the Jupyter widget in JupyterLab itself, in the Light and Dark themes. Everything shown is compared with
`explorer_state`, `move_values`, `review_game` and `parse_record`; axe-core and a contrast check of every text
run in both themes. Screenshots go to ``reports/screenshots/explorer_*.png`` (not committed).
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import random
import shutil
from pathlib import Path

import pytest
from browser import DESKTOP, PHONE, Watched, axe_violations, serve

import triangles_core as tc
from triangles_core.analysis.records import parse_record
from triangles_core.explorer import CSS, ESM, explorer_state, site_boards, site_script

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = Path(os.environ.get("TRIANGLES_CORE_SCREENSHOTS", ROOT / "reports" / "screenshots"))
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}
SOLUTIONS = {
    "triangles-3": lambda: tc.solve(3),
    "triangles-2": lambda: tc.solve(2),
    "boxes-2x2": lambda: tc.solve_boxes(2, 2),
    "boxes-2x3": lambda: tc.solve_boxes(2, 3),
    "boxes-3x3": lambda: tc.solve_boxes(3, 3),
}


@functools.lru_cache(maxsize=None)
def solution(name: str):
    return SOLUTIONS[name]()


# ------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The explorer page (the fragment the site embeds) with its assets, served."""
    out = tmp_path_factory.mktemp("explorer")
    shutil.copyfile(CSS, out / "explorer.css")
    shutil.copyfile(ESM, out / "explorer.js")
    (out / "explorer.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Position explorer</title>'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="stylesheet" href="explorer.css"><style>body{margin:0.5rem;}</style></head><body><main>'
        '<h1>Position explorer</h1><div id="explorer" class="tce-page"></div></main>'
        f"{site_script()}</body></html>",
        encoding="utf-8",
    )
    yield from serve(out)


@pytest.fixture(params=list(VIEWPORTS))  # each test at both widths unless it names one
def viewport(request):
    return request.param


@pytest.fixture
def site_page(browser, server, viewport):
    """The site's explorer page at a viewport, with no problem recorded at the end; yields (page, open) where
    open(hash) loads it and waits until its table is computed."""
    watched = Watched(browser, server, VIEWPORTS[viewport])
    page = watched.page

    def open_(hash_: str = "", ready: bool = True) -> None:
        page.goto(f"{server}/explorer.html{hash_}")
        if ready:
            wait_ready(page)

    yield page, open_
    assert not watched.problems, watched.problems
    watched.close()


def wait_ready(page) -> None:
    page.wait_for_selector('#explorer .tce-root[data-loading="false"]')


# ------------------------------------------------------------------- reading the page
def shown(page) -> dict:
    """What the explorer shows, read from the page."""
    return page.evaluate("""() => {
        const box = document.getElementById('explorer');
        const root = box.querySelector('.tce-root');
        const edges = [...box.querySelectorAll('g.tce-edge')].map((g) => {
            const label = box.querySelector(`g.tce-label[data-edge="${g.dataset.edge}"]`);
            return {edge: Number(g.dataset.edge), state: g.dataset.state, value: g.dataset.value,
                    optimal: g.dataset.optimal, label: label.textContent, labelShown: label.style.display !== 'none',
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
    start = list(start)
    cursor = len(line) if cursor is None else cursor
    s = shown(page)
    want = explorer_state(sol, start, line, cursor=cursor)
    moves = line[:cursor]
    values = sol.move_values([*start, *moves])
    assert s["line"] == " ".join(map(str, line)) and s["cursor"] == cursor, (s["line"], s["cursor"], line, cursor)
    assert s["moves"] == " ".join(map(str, moves)) and s["start"] == " ".join(map(str, want["start"]))
    assert [s["scoreA"], s["scoreB"]] == want["score"] and s["owners"] == want["owners"]
    if want["value"] is None:
        assert s["toMove"] == "" and "Game over" in s["summary"]
    else:
        assert s["toMove"] == want["to_move"] and int(s["value"]) == want["value"] == sol.value([*start, *moves])
        best = sorted(e for e, v in values.items() if v == want["value"])
        assert f"{want['to_move']} to move" in s["summary"] and f"Value for {want['to_move']}" in s["summary"]
        assert f"edge {best[0]} (dots" in s["summary"], s["summary"]
    drawn = set(want["start"]) | set(moves)
    for edge in s["edges"]:
        e = edge["edge"]
        if e in drawn:
            assert edge["state"] == "drawn" and not edge["labelShown"], edge
            assert edge["tabindex"] == "-1" and edge["disabled"] == "true", edge
        else:
            assert edge["state"] == "free" and edge["labelShown"] and edge["disabled"] is None, edge
            assert int(edge["value"]) == values[e] and edge["label"] == label(values[e]), (edge, values[e])
            assert (edge["optimal"] == "true") == (values[e] == want["value"]), edge
    assert {e["edge"] for e in s["edges"] if e["state"] == "free"} == set(values)
    # the roving tab stop: exactly one edge in the tab order, an undrawn one
    stops = [e for e in s["edges"] if e["tabindex"] == "0"]
    assert len(stops) == (1 if values else 0) and all(e["state"] == "free" for e in stops), stops
    # the move list and the value graph are the review of triangles review
    history = want["history"]
    assert len(s["rows"]) == len(history)
    for row, h in zip(s["rows"], history, strict=True):
        assert row["ply"] == h["ply"] and row["player"] == h["player"]
        assert row["move"] == f"{h['edge']} ({h['dots'][0]}\u2013{h['dots'][1]})"
        assert row["cells"] == ", ".join(map(str, h["cells"])) and row["lost"] == h["value_lost"]
        assert row["grade"] == h["grade"] and row["current"] == (h["ply"] == cursor)
    assert s["points"] == [want["start_value"]] + [h["value_after"] for h in history]
    return s


def click_edge(page, edge: int, at: float = 0.3) -> None:
    """Click the edge's line itself, away from its value label."""
    x, y = page.evaluate(
        """([edge, at]) => {
        const line = document.querySelector(`#explorer g.tce-edge[data-edge="${edge}"] .tce-hit`);
        line.scrollIntoView({block: 'center'});
        const p = line.ownerSVGElement.createSVGPoint();
        p.x = line.x1.baseVal.value + at * (line.x2.baseVal.value - line.x1.baseVal.value);
        p.y = line.y1.baseVal.value + at * (line.y2.baseVal.value - line.y1.baseVal.value);
        const q = p.matrixTransform(line.getScreenCTM());
        return [q.x, q.y];
    }""",
        [edge, at],
    )
    page.mouse.click(x, y)


# ------------------------------------------------------------------- the site page
@pytest.mark.parametrize("viewport", ["desktop"])
def test_tables_computed_in_the_browser_are_the_library_s(site_page):
    """The worker's tables, board by board, equal Solution.values (a weighted sum of every entry); the large ones
    report their progress (what the page's progress bar shows)."""
    import numpy as np

    page, open_ = site_page
    open_()
    for name in SOLUTIONS:
        result = page.evaluate(
            """async (spec) => {
            const m = await import('./explorer.js');
            const started = performance.now();
            let reports = 0;
            const table = await m.computeTable(spec, () => { reports += 1; });
            const seconds = (performance.now() - started) / 1000;
            let sum = 0;
            for (let i = 0; i < table.length; i++) sum += table[i] * (i % 1000003 + 1);
            return {length: table.length, sum, seconds, reports};
        }""",
            site_boards()[name],
        )
        values = np.asarray(solution(name).values, dtype=np.int64)
        want = int((values * (np.arange(len(values)) % 1000003 + 1)).sum())
        assert result["length"] == len(values) and result["sum"] == want, (name, result)
        assert result["reports"] > 0 or len(values) <= 2**20, "no progress was reported"
        print(f"{name}: {len(values)} positions computed in the browser in {result['seconds']:.2f} s")


def test_a_game_by_clicks_and_keys(site_page):
    page, open_ = site_page
    open_()
    sol = solution("triangles-3")
    line: list[int] = []
    check(page, sol, line)
    # clicks on lines and on value labels, then the keyboard: Tab to the board, arrows, Enter
    for k, edge in enumerate(random.Random(5).sample(range(1, 19), 7)):
        if k % 2:
            page.click(f'#explorer g.tce-label[data-edge="{edge}"]')
        else:
            click_edge(page, edge)
        line.append(edge)
        check(page, sol, line)
    page.locator("#explorer g.tce-edge[tabindex='0']").focus()
    first = int(page.evaluate("document.activeElement.dataset.edge"))
    assert first in sol.move_values(line)
    for key in ["ArrowRight", "ArrowDown", "ArrowLeft"]:
        page.keyboard.press(key)
        focused = page.evaluate("document.activeElement.dataset.edge && document.activeElement.dataset.state")
        assert focused == "free", key  # arrows move between undrawn edges only
    edge = int(page.evaluate("document.activeElement.dataset.edge"))
    page.keyboard.press("Enter")
    line.append(edge)
    check(page, sol, line)
    # the focus stays on the board, on an undrawn edge
    assert page.evaluate("document.activeElement.dataset.state") == "free"
    page.keyboard.press(" ")
    line.append(int(shown(page)["moves"].split()[-1]))
    check(page, sol, line)
    # the best move button plays the lowest optimal move, to the end of the game
    while shown(page)["value"] != "":
        before = list(line)
        page.click('#explorer button[data-action="best"]')
        line.append(min(sol.optimal_moves(before)))
        check(page, sol, line)
    assert sum(explorer_state(sol, [], line)["score"]) == 9


@pytest.mark.parametrize("viewport", ["desktop"])
def test_move_list_arrow_keys_and_shared_urls(site_page, browser, server):
    page, open_ = site_page
    open_()
    sol = solution("triangles-3")
    line = [4, 5, 6, 1, 2, 3, 9, 11]
    for edge in line:
        page.click(f'#explorer g.tce-label[data-edge="{edge}"]')
    check(page, sol, line)
    # a click on a move of the list shows the position after it
    page.click('#explorer .tce-jump[data-ply="3"]')
    check(page, sol, line, 3)
    # arrows step back and forth (focus on the move list, outside the board), Home and End go to the ends
    for key, cursor in (("ArrowLeft", 2), ("ArrowRight", 3), ("ArrowRight", 4), ("Home", 0), ("End", len(line))):
        page.keyboard.press(key)
        check(page, sol, line, cursor)
    for cursor in (7, 6):
        page.click('#explorer button[data-action="undo"]')
        check(page, sol, line, cursor)
    # a value-graph point is a jump too
    page.click('#explorer .tce-point[data-ply="5"]')
    check(page, sol, line, 5)
    # the URL holds the game and the cursor: a link opened elsewhere shows the same
    url = page.url
    assert "moves=4.5.6.1.2.3.9.11" in url and "at=5" in url and "board=triangles-3" in url
    other = Watched(browser, server, DESKTOP)
    try:
        other.page.goto(url)
        wait_ready(other.page)
        check(other.page, sol, line, 5)
        # a new move at an earlier position replaces the rest of the line (an analysis board)
        other.page.click('#explorer g.tce-label[data-edge="18"]')
        check(other.page, sol, line[:5] + [18])
        assert "moves=4.5.6.1.2.18" in other.page.url
        assert not other.problems, other.problems
    finally:
        other.close()
    # the same on a boxes board, chosen in the board selector
    page.select_option('#explorer select[data-role="board"]', "boxes-2x3")
    wait_ready(page)
    boxes = solution("boxes-2x3")
    for edge in (1, 2, 10, 3):
        click_edge(page, edge)
    check(page, boxes, [1, 2, 10, 3])
    assert "board=boxes-2x3" in page.url and "moves=1.2.10.3" in page.url


@pytest.mark.parametrize("viewport", ["desktop"])
def test_edge_numbers_best_line_chips_a_new_game_and_the_record_box(site_page):
    page, open_ = site_page
    open_("#board=triangles-3&moves=4.5.9")
    sol = solution("triangles-3")
    line = [4, 5, 9]
    check(page, sol, line)
    numbers, button = page.locator("#explorer .tce-numbers"), '#explorer button[data-action="numbers"]'
    assert not numbers.is_visible()
    page.click(button)
    assert numbers.is_visible() and page.get_attribute(button, "aria-pressed") == "true"
    shown_numbers = page.eval_on_selector_all("#explorer .tce-number text", "n => n.map((t) => Number(t.textContent))")
    assert shown_numbers == list(range(1, 19))
    page.click('#explorer button[data-action="pv"]')
    want = explorer_state(sol, [], line, show_pv=True)["pv"]
    chips = page.eval_on_selector_all("#explorer .tce-pv-step", "n => n.map((c) => c.textContent)")
    assert chips == [f"{s['player']}:{s['edge']}{'*' * s['claims']}" for s in want]
    page.click('#explorer .tce-pv-step[data-step="4"]')  # plays the best line up to its 4th step
    line += [s["edge"] for s in want[:4]]
    check(page, sol, line)
    assert all(h["value_lost"] == 0 for h in explorer_state(sol, [], line)["history"][3:])
    # a new game from this position: A moves first from it, the moves so far are its start
    page.click('#explorer button[data-action="new_game"]')
    check(page, sol, [], start=sorted(line))
    assert f"start={'.'.join(map(str, sorted(line)))}" in page.url
    # a game typed or pasted in the record box replaces the board's
    text = "# POJ 1085 style, with a start line\nstart: 1 2\n3 e4 5-6\n2 5\ne10  # edge 10\n"
    record = parse_record(text, 3)
    page.click("#explorer .tce-record summary")
    page.fill('#explorer textarea[data-role="record"]', text)
    page.click('#explorer button[data-action="load"]')
    start = tc.board(3).drawn_edges(record.start)
    check(page, sol, list(record.moves), start=start)
    # the box now shows the game as a record, and the library reads it back to the same game
    again = parse_record(page.input_value('#explorer textarea[data-role="record"]'), 3)
    assert again.moves == record.moves and again.start == record.start
    # a bad record is refused with the line and token named, and the board is unchanged
    page.fill('#explorer textarea[data-role="record"]', "1 2\n2 1\n")
    page.click('#explorer button[data-action="load"]')
    assert shown(page)["message"] == "line 2, token '2 1': edge 1 (dots 1-2) is already drawn"
    check(page, sol, list(record.moves), start=start)


@pytest.mark.parametrize("viewport", ["phone"])
def test_play_against_the_solver(site_page):
    page, open_ = site_page
    open_()
    sol = solution("triangles-3")
    page.select_option('#explorer select[data-role="opponent"]', "B")
    for _ in range(3):  # A plays its lowest move; the solver's replies as B are optimal, until it is A's turn
        s = shown(page)
        page.click(f'#explorer g.tce-label[data-edge="{min(sol.move_values(list(map(int, s["moves"].split()))))}"]')
        s = check(page, sol, list(map(int, shown(page)["line"].split())))
        replies = [
            h for h in explorer_state(sol, [], list(map(int, s["line"].split())))["history"] if h["player"] == "B"
        ]
        assert replies and all(h["value_lost"] == 0 for h in replies) and s["toMove"] in ("A", "")
    # at a chosen strength: every reply loses at most the chosen value
    page.select_option('#explorer select[data-role="strength"]', "4")
    for _ in range(3):
        s = shown(page)
        if s["toMove"] != "A":
            break
        edge = min(sol.move_values(list(map(int, s["moves"].split()))))
        page.click(f'#explorer g.tce-label[data-edge="{edge}"]')
    line = list(map(int, shown(page)["line"].split()))
    check(page, sol, line)
    assert all(h["value_lost"] <= 4 for h in explorer_state(sol, [], line)["history"] if h["player"] == "B")
    # the solver can take A too: at the start of a new game it moves at once
    page.select_option('#explorer select[data-role="strength"]', "0")
    page.select_option('#explorer select[data-role="opponent"]', "A")
    page.click('#explorer button[data-action="reset"]')
    page.click('#explorer button[data-action="new_game"]')
    s = shown(page)
    assert s["toMove"] == "B" or s["value"] == ""


# ------------------------------------------------------------------- accessibility and themes
def contrast_problems(page) -> list[str]:
    """Text whose colour has less than 4.5:1 contrast with what is behind it (SVG labels included)."""
    return page.evaluate("""async () => {
        const m = await import('./explorer.js');
        const parse = (c) => { const v = c.match(/[\\d.]+/g).map(Number); return {rgb: v.slice(0, 3), a: v[3] ?? 1}; };
        const over = (top, bottom) => top.rgb.map((x, i) => Math.round(x * top.a + bottom[i] * (1 - top.a)));
        const background = (node) => {  // the backgrounds of the node and its ancestors over white
            const layers = [];
            for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
                layers.unshift(getComputedStyle(n).backgroundColor);
            }
            let colour = [255, 255, 255];
            for (const b of layers) {
                if (b && !b.endsWith(', 0)') && b !== 'transparent') colour = over(parse(b), colour);
            }
            return colour;
        };
        const root = document.querySelector('#explorer'), pairs = [];  // [what, colour, background]
        for (const node of root.querySelectorAll('*')) {
            const style = getComputedStyle(node);
            const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
            if (node.closest('svg') || !own || !node.getClientRects().length || style.visibility === 'hidden'
                || style.display === 'none') continue;
            pairs.push([`${node.tagName}.${node.className} "${node.textContent.trim().slice(0, 30)}"`, style.color,
                        background(node)]);
        }
        for (const label of root.querySelectorAll('g.tce-label, g.tce-number, .tce-tick')) {
            const text = label.tagName === 'text' ? label : label.querySelector('text');
            if (!label.getClientRects().length || getComputedStyle(label).display === 'none' || !text
                || !text.getClientRects().length) continue;
            const rect = label.querySelector('rect');
            const bg = rect ? over(parse(getComputedStyle(rect).fill), background(root)) : background(root);
            pairs.push([`svg ${label.getAttribute('class')} ${label.dataset.edge || text.textContent}`,
                        getComputedStyle(text).fill, bg]);
        }
        const rgb = (v) => `rgb(${v.join(', ')})`;
        return pairs.map(([what, fg, bg]) => [what, m.contrastRatio(rgb(over(parse(fg), bg)), rgb(bg))])
            .filter(([, ratio]) => ratio < 4.5).map(([what, ratio]) => `${what}: ${ratio.toFixed(2)}`);
    }""")


@pytest.mark.parametrize("viewport", ["phone"])  # the narrower layout; colours do not depend on the width
def test_site_page_is_accessible_in_light_and_dark(site_page):
    page, open_ = site_page
    open_("#board=triangles-3&moves=1.2.3.9.10&at=4")
    page.click('#explorer button[data-action="pv"]')
    page.click('#explorer button[data-action="numbers"]')
    for theme in ("light", "dark"):
        if theme == "dark":  # the site theme's dark mode: its own variables, and ours follow
            page.evaluate("""() => { document.documentElement.dataset.theme = 'dark';
                const s = document.createElement('style');
                s.textContent = ':root { --pst-color-text-base: #ced6dd; --pst-color-text-muted: #9ca4af; ' +
                  '--pst-color-background: #121212; --pst-color-surface: #29313d; --pst-color-border: #48566b; }' +
                  'body { background: var(--pst-color-background); color: var(--pst-color-text-base); }';
                document.head.appendChild(s); }""")
        assert contrast_problems(page) == [], theme
        problems = axe_violations(page)
        assert problems == [], (theme, problems)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"explorer_site_phone_{theme}.png"), full_page=True)
    # no sideways scrolling, on a phone included
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


# ------------------------------------------------------------------- the Jupyter widget
def test_widget_in_jupyterlab_itself(browser, tmp_path):
    """JupyterLab 4 run headless: a notebook calls explore(3); the widget renders in the light and the dark theme."""
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    import nbformat

    jupyter = Path(sys.executable).with_name("jupyter")
    if not jupyter.is_file() or importlib.util.find_spec("jupyterlab") is None:
        pytest.skip("JupyterLab is missing (pip install jupyterlab)")
    code = "import triangles_core as tc\nw = tc.explore(3)\nw.load('1 2\\n2 3\\n1 3\\n2 4\\n2 5\\n4 5\\n'); w.goto(4)\n"
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code + "w.principal_variation()\nw")])
    notebook.metadata["kernelspec"] = kernel
    (tmp_path / "nb").mkdir()
    nbformat.write(notebook, tmp_path / "nb" / "explorer.ipynb")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "settings"), JUPYTER_RUNTIME_DIR=str(tmp_path / "rt"))
    env["PATH"] = f"{jupyter.parent}{os.pathsep}{os.environ.get('PATH', '')}"
    options = f"--no-browser --port={port} --ServerApp.token=t --ServerApp.ip=127.0.0.1 --allow-root --LabApp.news_url="
    with open(tmp_path / "server.log", "w") as log:
        server = subprocess.Popen(
            [str(jupyter), "lab", *options.split(), f"--ServerApp.root_dir={tmp_path / 'nb'}",
             "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
            env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    sol = tc.solve(3)
    want = explorer_state(sol, [], [1, 3, 2, 4, 5, 6], cursor=4, show_pv=True)
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{base}/api?token=t", timeout=2)
                break
            except OSError:
                time.sleep(1)
        for theme in ("light", "dark"):
            context = browser.new_context(viewport=DESKTOP)
            page = context.new_page()
            page.set_default_timeout(180_000)
            if theme == "dark":
                settings, raw = "lab/api/settings/@jupyterlab/apputils-extension:themes", '{"theme": "JupyterLab Dark"}'
                answer = context.request.put(f"{base}/{settings}?token=t", data=json.dumps({"raw": raw}))
                assert answer.ok, answer.status
            page.goto(f"{base}/lab/tree/explorer.ipynb?token=t&reset")
            page.wait_for_selector(".jp-Notebook")
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle'], .jp-Toolbar-kernelStatus")
            time.sleep(2)
            page.click(".jp-Cell .jp-InputArea-editor")
            page.keyboard.press("Shift+Enter")
            page.wait_for_selector(".tce-root .tce-move-table")
            assert page.evaluate("document.body.dataset.jpThemeLight") == str(theme == "light").lower()
            root = page.evaluate("""() => { const r = document.querySelector('.tce-root');
                return {line: r.dataset.line, cursor: r.dataset.cursor, value: r.dataset.value,
                        toMove: r.dataset.toMove,
                        grades: [...r.querySelectorAll('.tce-grade')].map((g) => g.textContent),
                        pv: [...r.querySelectorAll('.tce-pv-step')].map((c) => Number(c.dataset.edge))}; }""")
            assert root["line"] == "1 3 2 4 5 6" and root["cursor"] == "4"
            assert int(root["value"]) == want["value"] and root["toMove"] == want["to_move"]
            assert root["grades"] == [h["grade"] for h in want["history"]]
            assert root["pv"] == [s["edge"] for s in want["pv"]]
            problems = axe_violations(page, include=".tce-root")
            assert problems == [], (theme, problems)
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            shot = SCREENSHOTS / f"explorer_jupyterlab_{theme}.png"
            page.locator(".jp-OutputArea-output").first.screenshot(path=str(shot))
            if theme == "light":  # a click goes to the kernel and back: a new line from the shown position
                page.click('.tce-root g.tce-label[data-edge="18"]')
                page.wait_for_function("document.querySelector('.tce-root').dataset.line === '1 3 2 4 18'")
                value = page.evaluate("document.querySelector('.tce-root').dataset.value")
                assert int(value) == explorer_state(sol, [], [1, 3, 2, 4, 18])["value"]
            context.close()
    finally:
        server.terminate()
        server.wait(30)
