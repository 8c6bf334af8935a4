"""The explorer as a player uses it, in Chromium (Playwright), checked against the library.

The site's explorer page (tables computed in the page's Web Worker), served without the Sphinx build
(tests/test_site.py checks the built page), played by clicks and keys at a desktop's and a phone's width.
Everything shown, the colour of each move included, is compared with `explorer_state`, `board_spec` and
`parse_record`; axe-core and a contrast check of the board's labels run in the light and dark themes. The kernel's
side of the Jupyter widget: tests/test_explorer.py; the widget in JupyterLab itself, light and dark, at the end.
Screenshots go to ``reports/screenshots/`` (not committed).
"""

from __future__ import annotations

import functools
import os
import random
import shutil
from pathlib import Path

import numpy as np
import pytest
from browser import DESKTOP, PHONE, Watched, axe_violations, check, serve, shown, wait_ready

import triangles_core as tc
from triangles_core.analysis.records import parse_record
from triangles_core.explorer import CSS, ESM, SITE_BOARDS, explorer_state, site_boards, site_script

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = Path(os.environ.get("TRIANGLES_CORE_SCREENSHOTS", ROOT / "reports" / "screenshots"))


@functools.cache
def solution(name: str):
    """The library's solution of a board of the site's explorer."""
    game = SITE_BOARDS[name]
    return tc.solve(game) if isinstance(game, int) else tc.solve_boxes(*game)


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


@pytest.fixture
def position() -> str:
    """The URL fragment the page opens at (a test parametrizes it, and ``viewport``: "desktop" or "phone")."""
    return ""


@pytest.fixture
def page(browser, server, viewport, position):
    """The explorer page, its table computed; no problem may be recorded by the end of the test."""
    watched = Watched(browser, server, {"desktop": DESKTOP, "phone": PHONE}[viewport])
    watched.page.goto(f"{server}/explorer.html{position}")
    wait_ready(watched.page)
    yield watched.page
    assert not watched.problems, watched.problems
    watched.close()


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


def moves_of(page, key: str = "line") -> list[int]:
    return list(map(int, shown(page)[key].split()))


@pytest.mark.parametrize("viewport", ["desktop"])
def test_tables_computed_in_the_browser_are_the_library_s(page):
    """The worker's tables, board by board, equal Solution.values (a weighted sum of every entry); the large ones
    report their progress (what the page's progress bar shows)."""
    for name in SITE_BOARDS:
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


@pytest.mark.parametrize("viewport", ["phone"])
def test_a_game_by_clicks_and_keys(page):
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
    for key in ["ArrowRight", "ArrowDown", "ArrowLeft"]:
        page.keyboard.press(key)
        assert page.evaluate("document.activeElement.dataset.state") == "free", key  # undrawn edges only
    line.append(int(page.evaluate("document.activeElement.dataset.edge")))
    page.keyboard.press("Enter")
    check(page, sol, line)
    assert page.evaluate("document.activeElement.dataset.state") == "free"  # the focus stays on the board
    page.keyboard.press(" ")
    line = moves_of(page)
    check(page, sol, line)
    # the best move button plays the lowest optimal move, to the end of the game
    while shown(page)["value"] != "":
        page.click('#explorer button[data-action="best"]')
        line.append(min(sol.optimal_moves(line)))
        check(page, sol, line)
    assert sum(explorer_state(sol, [], line)["score"]) == 9


@pytest.mark.parametrize("viewport", ["desktop"])
def test_move_list_undo_and_shared_urls(page):
    sol = solution("triangles-3")
    line = [4, 5, 6, 1, 2, 3, 9, 11]
    for edge in line:
        page.click(f'#explorer g.tce-label[data-edge="{edge}"]')
    # a move of the list, arrow keys (the focus on the list), Home and End, undo and a value-graph point
    steps = [('#explorer .tce-jump[data-ply="3"]', 3), ("ArrowLeft", 2), ("ArrowRight", 3), ("Home", 0)]
    steps += [("End", 8), ('#explorer button[data-action="undo"]', 7), ('#explorer .tce-point[data-ply="5"]', 5)]
    for action, cursor in steps:
        page.click(action) if action.startswith("#") else page.keyboard.press(action)
        check(page, sol, line, cursor)
    # the URL holds the game and the cursor: the link opened again shows the same
    assert "moves=4.5.6.1.2.3.9.11" in page.url and "at=5" in page.url and "board=triangles-3" in page.url
    page.reload()
    wait_ready(page)
    check(page, sol, line, 5)
    # a new move at an earlier position replaces the rest of the line (an analysis board)
    page.click('#explorer g.tce-label[data-edge="18"]')
    check(page, sol, line[:5] + [18])
    assert "moves=4.5.6.1.2.18" in page.url
    # the same on a boxes board, chosen in the board selector
    page.select_option('#explorer select[data-role="board"]', "boxes-2x3")
    wait_ready(page)
    for edge in (1, 2, 10, 3):
        click_edge(page, edge)
    check(page, solution("boxes-2x3"), [1, 2, 10, 3])
    assert "board=boxes-2x3" in page.url and "moves=1.2.10.3" in page.url


@pytest.mark.parametrize("viewport", ["desktop"])
@pytest.mark.parametrize("position", ["#board=triangles-3&moves=4.5.9"])
def test_edge_numbers_best_line_chips_a_new_game_and_the_record_box(page):
    sol = solution("triangles-3")
    line = [4, 5, 9]
    check(page, sol, line)
    page.click(button := '#explorer button[data-action="numbers"]')
    numbers = page.eval_on_selector_all("#explorer .tce-number text", "n => n.map((t) => Number(t.textContent))")
    assert page.locator("#explorer .tce-numbers").is_visible() and numbers == list(range(1, 19))
    assert page.get_attribute(button, "aria-pressed") == "true"
    page.click('#explorer button[data-action="pv"]')
    want = explorer_state(sol, [], line, show_pv=True)["pv"]
    chips = page.eval_on_selector_all("#explorer .tce-pv-step", "n => n.map((c) => c.textContent)")
    assert chips == [f"{s['player']}:{s['edge']}{'*' * s['claims']}" for s in want]
    page.click('#explorer .tce-pv-step[data-step="4"]')  # plays the best line up to its 4th step
    line += [s["edge"] for s in want[:4]]
    check(page, sol, line)
    # a new game from this position: A moves first from it, the moves so far are its start
    page.click('#explorer button[data-action="new_game"]')
    check(page, sol, [], start=sorted(line))
    assert f"start={'.'.join(map(str, sorted(line)))}" in page.url
    # a game typed or pasted in the record box replaces the board's, and reads back as the same game
    text = "# POJ 1085 style, with a start line\nstart: 1 2\n3 e4 5-6\n2 5\ne10  # edge 10\n"
    record, box = parse_record(text, 3), '#explorer textarea[data-role="record"]'
    page.click("#explorer .tce-record summary")
    page.fill(box, text)
    page.click('#explorer button[data-action="load"]')
    start = tc.board(3).drawn_edges(record.start)
    check(page, sol, list(record.moves), start=start)
    again = parse_record(page.input_value(box), 3)
    assert (again.moves, again.start) == (record.moves, record.start)
    # a bad record is refused with the line and token named, and the board is unchanged
    page.fill(box, "1 2\n2 1\n")
    page.click('#explorer button[data-action="load"]')
    assert shown(page)["message"] == "line 2, token '2 1': edge 1 (dots 1-2) is already drawn"
    check(page, sol, list(record.moves), start=start)


@pytest.mark.parametrize("viewport", ["phone"])
def test_play_against_the_solver(page):
    sol = solution("triangles-3")
    page.select_option('#explorer select[data-role="opponent"]', "B")
    for _ in range(3):  # A plays its lowest move; the solver's replies as B are optimal, until it is A's turn
        page.click(f'#explorer g.tce-label[data-edge="{min(sol.move_values(moves_of(page, "moves")))}"]')
        s = check(page, sol, moves_of(page))
        replies = [h for h in explorer_state(sol, [], moves_of(page))["history"] if h["player"] == "B"]
        assert replies and all(h["value_lost"] == 0 for h in replies) and s["toMove"] in ("A", "")
    # at a chosen strength: every reply loses at most the chosen value
    page.select_option('#explorer select[data-role="strength"]', "4")
    for _ in range(3):
        if shown(page)["toMove"] != "A":
            break
        page.click(f'#explorer g.tce-label[data-edge="{min(sol.move_values(moves_of(page, "moves")))}"]')
    check(page, sol, moves_of(page))
    assert all(h["value_lost"] <= 4 for h in explorer_state(sol, [], moves_of(page))["history"] if h["player"] == "B")
    # the solver can take A too: at the start of a new game it moves at once
    page.select_option('#explorer select[data-role="strength"]', "0")
    page.select_option('#explorer select[data-role="opponent"]', "A")
    page.click('#explorer button[data-action="reset"]')
    page.click('#explorer button[data-action="new_game"]')
    assert shown(page)["toMove"] in ("B", "")


def label_contrast_problems(page) -> list[str]:
    """The board's and the value graph's labels (SVG text, which axe-core does not check) with less than 4.5:1
    contrast with what is behind them."""
    return page.evaluate("""async () => {
        const m = await import('./explorer.js');
        const parse = (c) => { const v = c.match(/[\\d.]+/g).map(Number); return {rgb: v.slice(0, 3), a: v[3] ?? 1}; };
        const over = (top, bottom) => top.rgb.map((x, i) => Math.round(x * top.a + bottom[i] * (1 - top.a)));
        const rgb = (v) => `rgb(${v.join(', ')})`;
        const layers = [];  // the backgrounds of the explorer and its ancestors, over white
        for (let n = document.getElementById('explorer'); n; n = n.parentElement) {
            layers.unshift(getComputedStyle(n).backgroundColor);
        }
        const behind = layers.reduce((colour, layer) => over(parse(layer), colour), [255, 255, 255]);
        const problems = [];
        for (const label of document.querySelectorAll('#explorer :is(g.tce-label, g.tce-number, .tce-tick)')) {
            const text = label.tagName === 'text' ? label : label.querySelector('text');
            if (!text || !text.getClientRects().length || getComputedStyle(label).display === 'none') continue;
            const rect = label.querySelector('rect');
            const bg = rect ? over(parse(getComputedStyle(rect).fill), behind) : behind;
            const ratio = m.contrastRatio(rgb(over(parse(getComputedStyle(text).fill), bg)), rgb(bg));
            if (ratio < 4.5) problems.push(`${label.getAttribute('class')} ${text.textContent}: ${ratio.toFixed(2)}`);
        }
        return problems;
    }""")


@pytest.mark.parametrize("viewport", ["desktop", "phone"])  # a page of each width: the site's explorer's axe check
@pytest.mark.parametrize("position", ["#board=triangles-3&moves=1.2.3.9.10&at=4"])
def test_the_page_is_accessible_in_light_and_dark(page, viewport):
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
        assert label_contrast_problems(page) == [], theme
        assert axe_violations(page) == [], theme
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"explorer_{viewport}_{theme}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")  # no sideways scrolling


# ------------------------------------------------------------------- the Jupyter widget
def test_widget_in_jupyterlab_itself(browser, tmp_path):
    """JupyterLab 4 run headless: a notebook calls explore(3); the widget renders in the light and the dark theme."""
    import importlib.util
    import json
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
