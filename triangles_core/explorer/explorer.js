// Position explorer for cell-claiming games (dots-and-triangles, dots-and-boxes).
//
// One plain ES module, no build step, used in two places:
//   * in Jupyter, as the front end of the anywidget `triangles_core.explorer.Explorer` (`triangles_core.explore()`):
//     the kernel computes every value (Python `Solution.move_values`,
//     `principal_variation`) and sends the state as traits;
//   * on the static site, with `createLocalModel`: the same model interface, backed by
//     a value table shipped with the page, so no kernel and no network are needed.
//
// The board is described by a *cell board spec*, the same for every game of the family:
//   spec.dots  : [[x, y], ...]       dot coordinates, y pointing down (any unit)
//   spec.edges : [[i, j], ...]       edge k (1-based) joins dots i and j (1-based)
//   spec.cells : [[e1, e2, ...], ...] the 1-based edges around each cell
//   spec.title : a caption (optional)
// A position is the set of drawn edges; a move draws one edge; a move that completes
// cells claims them for its mover, who moves again. Nothing below knows the shape of a
// cell, so a 2x2 dots-and-boxes spec works with no change here.
//
// Model state (traits in Jupyter, plain fields in the local model):
//   spec, start (edges drawn before the game), moves (edges played, in order),
//   values ({edge: value for the mover}), value (of the position for the side to
//   move, null when the board is full), to_move ("A" | "B"), score ([A, B] cells
//   claimed since the start), owners (per cell: "A", "B", "-" for complete at the
//   start, "" for open), show_pv, pv ([{ply, player, edge, claims}]), message.
// Actions are messages to the model: {type: "play", edge}, {type: "best"},
// {type: "undo"}, {type: "reset"}, {type: "pv", show: bool}.

const SVG = "http://www.w3.org/2000/svg";
const OWNER_FILL = { A: "#4c72b0", B: "#dd8452", "-": "#c8c8c8" };
// ColorBrewer RdBu (the palette of triangles_core.plotting.value_colormap), losing red to winning blue.
const RDBU = ["#b2182b", "#d6604d", "#f4a582", "#fddbc7", "#f7f7f7", "#d1e5f0", "#92c5de", "#4393c3", "#2166ac"];

function el(tag, attrs = {}, parent = null, ns = null) {
  const node = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Colour of a move value on the diverging scale, `limit` mapping to the darkest end. */
export function valueColour(value, limit) {
  const t = Math.max(-1, Math.min(1, value / Math.max(1, limit)));
  const x = ((t + 1) / 2) * (RDBU.length - 1);
  const i = Math.min(RDBU.length - 2, Math.floor(x));
  const f = x - i;
  const a = hexToRgb(RDBU[i]);
  const b = hexToRgb(RDBU[i + 1]);
  const rgb = a.map((c, k) => Math.round(c + (b[k] - c) * f));
  return `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;
}

function luminance(rgbText) {
  const [r, g, b] = rgbText.match(/\d+/g).map(Number);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** A value as a label: "+3", "\u22122", "0". */
export function formatValue(value) {
  return value > 0 ? `+${value}` : value < 0 ? `\u2212${-value}` : "0";
}

// ---------------------------------------------------------------------------------
// The browser port of the solution's rules, for the static site.
//
// This is a port of triangles_core.solution.Solution._move_value and
// principal_variation (and of the score bookkeeping of triangles_core.explorer.explorer_state): with
// T the value table indexed by the bitmask of drawn edges (bit k-1 for edge k), the
// value of drawing edge e in position p, for its mover, is
//     claims + T[p | e]   if the move completes `claims` > 0 cells (the mover moves again),
//     -T[p | e]           otherwise (the opponent moves next).
// tests/test_site.py checks every value this code displays against
// solve(3).move_values in Python, position by position.
// ---------------------------------------------------------------------------------

/** Decode a base64 string of signed bytes (the int8 value table) into an Int8Array. */
export function decodeValues(base64) {
  const binary = atob(base64);
  const table = new Int8Array(binary.length);
  for (let i = 0; i < binary.length; i++) table[i] = (binary.charCodeAt(i) << 24) >> 24;
  return table;
}

function bit(edge) {
  return 2 ** (edge - 1);
}

function has(position, edge) {
  return Math.floor(position / bit(edge)) % 2 === 1;
}

function cellsOfEdges(spec) {
  const cellsOf = spec.edges.map(() => []);
  spec.cells.forEach((cell, k) => cell.forEach((e) => cellsOf[e - 1].push(k)));
  return cellsOf;
}

/** The cells that drawing `edge` in `position` completes (indices into spec.cells). */
function completedBy(spec, cellsOf, position, edge) {
  return cellsOf[edge - 1].filter((k) => spec.cells[k].every((e) => e === edge || has(position, e)));
}

/** Everything the view shows, computed from the value table: the state of createLocalModel. */
export function localState(spec, table, start, moves, showPv) {
  const cellsOf = cellsOfEdges(spec);
  const owners = spec.cells.map((cell) => (cell.every((e) => start.includes(e)) ? "-" : ""));
  let position = start.reduce((p, e) => p + bit(e), 0);
  let player = "A";
  const score = [0, 0];
  for (const edge of moves) {
    const claimed = completedBy(spec, cellsOf, position, edge);
    claimed.forEach((k) => { owners[k] = player; });
    score[player === "A" ? 0 : 1] += claimed.length;
    position += bit(edge);
    if (!claimed.length) player = player === "A" ? "B" : "A";
  }
  const moveValue = (p, edge) => {
    const claims = completedBy(spec, cellsOf, p, edge).length;
    const after = table[p + bit(edge)];
    return claims ? claims + after : -after;
  };
  const free = (p) => spec.edges.map((_, k) => k + 1).filter((e) => !has(p, e));
  const values = {};
  for (const edge of free(position)) values[edge] = moveValue(position, edge);
  const full = free(position).length === 0;
  const pv = [];
  if (showPv) {
    let p = position;
    let who = player;
    while (free(p).length) {
      const best = table[p];
      const edge = free(p).find((e) => moveValue(p, e) === best);
      const claims = completedBy(spec, cellsOf, p, edge).length;
      pv.push({ ply: pv.length + 1, player: who, edge, claims });
      p += bit(edge);
      if (!claims) who = who === "A" ? "B" : "A";
    }
  }
  return { spec, start, moves, values, value: full ? null : table[position], to_move: player, score, owners,
           show_pv: showPv, pv, message: "" };
}

/**
 * A model with the interface anywidget gives `render` (get, set, save_changes, on, off,
 * send), computing its state in the browser from `spec.values` (base64 int8 table).
 */
export function createLocalModel(spec, { start = [] } = {}) {
  const table = decodeValues(spec.values);
  const board = { title: spec.title, dots: spec.dots, edges: spec.edges, cells: spec.cells };
  const listeners = new Map();
  let state = localState(board, table, start, [], false);
  const emit = (changed) => {
    for (const key of changed) (listeners.get(`change:${key}`) || []).forEach((cb) => cb());
  };
  const update = (moves, showPv, message = "") => {
    const next = localState(board, table, start, moves, showPv);
    next.message = message;
    const changed = Object.keys(next).filter((k) => JSON.stringify(next[k]) !== JSON.stringify(state[k]));
    state = next;
    emit(changed);
  };
  return {
    get: (key) => state[key],
    set: (key, value) => { state = { ...state, [key]: value }; emit([key]); },
    save_changes: () => {},
    on: (event, cb) => { listeners.set(event, [...(listeners.get(event) || []), cb]); },
    off: (event, cb) => {
      if (!event) listeners.clear();
      else listeners.set(event, (listeners.get(event) || []).filter((f) => cb && f !== cb));
    },
    send: (msg) => {
      const moves = state.moves;
      if (msg.type === "play") {
        if (state.values[msg.edge] === undefined) update(moves, state.show_pv, `edge ${msg.edge} cannot be drawn`);
        else update([...moves, msg.edge], state.show_pv);
      } else if (msg.type === "best") {
        const best = Object.keys(state.values).map(Number).find((e) => state.values[e] === state.value);
        if (best !== undefined) update([...moves, best], state.show_pv);
      } else if (msg.type === "undo") {
        update(moves.slice(0, -1), state.show_pv);
      } else if (msg.type === "reset") {
        update([], state.show_pv);
      } else if (msg.type === "pv") {
        update(moves, Boolean(msg.show));
      }
    },
  };
}

// ---------------------------------------------------------------------------------
// The view (anywidget's render).
// ---------------------------------------------------------------------------------

function layout(spec) {
  const xs = spec.dots.map((d) => d[0]);
  const ys = spec.dots.map((d) => d[1]);
  const lengths = spec.edges.map(([i, j]) => Math.hypot(spec.dots[i - 1][0] - spec.dots[j - 1][0],
                                                        spec.dots[i - 1][1] - spec.dots[j - 1][1]));
  const unit = Math.min(...lengths);
  const scale = 100 / unit; // one edge is 100 SVG units long
  const pad = 0.45 * unit;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const point = ([x, y]) => [(x - minX) * scale, (y - minY) * scale];
  const width = (Math.max(...xs) + pad - minX) * scale;
  const height = (Math.max(...ys) + pad - minY) * scale;
  return { point, width, height, maxDim: Math.max(width, height) };
}

function render({ model, el: root }) {
  const container = el("div", { class: "tce-root" }, root);
  const boardBox = el("div", { class: "tce-board" }, container);
  const panel = el("div", { class: "tce-panel" }, container);
  const status = el("div", { class: "tce-status", "aria-live": "polite" }, panel);
  const turn = el("div", { class: "tce-turn", "data-role": "turn" }, status);
  const score = el("div", { class: "tce-score", "data-role": "score" }, status);
  const verdict = el("div", { class: "tce-verdict", "data-role": "verdict" }, status);
  const buttons = el("div", { class: "tce-buttons" }, panel);
  const button = (action, label, title) => {
    const b = el("button", { type: "button", class: "tce-button", "data-action": action, title, text: label }, buttons);
    return b;
  };
  const bestButton = button("best", "Best move", "Play an optimal move (the lowest-numbered one)");
  const undoButton = button("undo", "Undo", "Take back the last move");
  const resetButton = button("reset", "Reset", "Back to the starting position");
  const pvButton = button("pv", "Show best line", "Show the principal variation from this position");
  const message = el("div", { class: "tce-message", "data-role": "message" }, panel);
  const pvBox = el("div", { class: "tce-pv", "data-role": "pv" }, panel);
  const legend = el("div", { class: "tce-legend" }, container);
  legend.innerHTML =
    "Click an undrawn edge to draw it. Each legal move is labelled with its value for the player to move: " +
    "the final margin (own cells minus the opponent's, from now on) if both then play perfectly. " +
    "<strong>Optimal moves</strong> glow gold and have solid labels; blue is good for the mover, red is bad. " +
    "A move that completes a cell claims it, and its player moves again.";

  const send = (msg) => model.send(msg);
  bestButton.addEventListener("click", () => send({ type: "best" }));
  undoButton.addEventListener("click", () => send({ type: "undo" }));
  resetButton.addEventListener("click", () => send({ type: "reset" }));
  pvButton.addEventListener("click", () => send({ type: "pv", show: !model.get("show_pv") }));

  let svg = null;
  let edgeNodes = [];
  let builtFor = null;

  function build(spec) {
    boardBox.textContent = "";
    const geo = layout(spec);
    svg = el("svg", { viewBox: `0 0 ${geo.width.toFixed(1)} ${geo.height.toFixed(1)}`, class: "tce-svg",
                      role: "group", "aria-label": spec.title || "board" }, boardBox, SVG);
    svg.style.maxWidth = `${Math.round(Math.min(520, 1.6 * geo.maxDim))}px`;
    const cellLayer = el("g", { class: "tce-cells" }, svg, SVG);
    const edgeLayer = el("g", { class: "tce-edges" }, svg, SVG);
    const labelLayer = el("g", { class: "tce-labels" }, svg, SVG);
    const dotLayer = el("g", { class: "tce-dots" }, svg, SVG);
    const cellDots = spec.cells.map((cell) => {
      // The cell's corners in drawing order: walk its edges as a closed path.
      const pairs = cell.map((e) => spec.edges[e - 1].slice());
      const order = [pairs[0][0], pairs[0][1]];
      const used = new Set([0]);
      while (used.size < pairs.length) {
        const last = order[order.length - 1];
        const k = pairs.findIndex((p, idx) => !used.has(idx) && p.includes(last));
        if (k < 0) break;
        used.add(k);
        const next = pairs[k][0] === last ? pairs[k][1] : pairs[k][0];
        if (next !== order[0]) order.push(next);
      }
      return order;
    });
    spec.cells.forEach((cell, k) => {
      const pts = cellDots[k].map((d) => geo.point(spec.dots[d - 1]));
      const g = el("g", { class: "tce-cell", "data-cell": k + 1 }, cellLayer, SVG);
      el("polygon", { points: pts.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" ") }, g, SVG);
      const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
      const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
      el("text", { x: cx.toFixed(1), y: cy.toFixed(1), class: "tce-owner", "dominant-baseline": "central",
                   "text-anchor": "middle" }, g, SVG);
    });
    edgeNodes = spec.edges.map(([i, j], k) => {
      const edge = k + 1;
      const [x1, y1] = geo.point(spec.dots[i - 1]);
      const [x2, y2] = geo.point(spec.dots[j - 1]);
      const g = el("g", { class: "tce-edge", "data-edge": edge, tabindex: 0, role: "button" }, edgeLayer, SVG);
      const coords = { x1: x1.toFixed(1), y1: y1.toFixed(1), x2: x2.toFixed(1), y2: y2.toFixed(1) };
      el("line", { ...coords, class: "tce-halo" }, g, SVG);
      el("line", { ...coords, class: "tce-line" }, g, SVG);
      el("line", { ...coords, class: "tce-hit" }, g, SVG);
      const title = el("title", {}, g, SVG);
      const label = el("g", { class: "tce-label", "data-edge": edge,
                              transform: `translate(${((x1 + x2) / 2).toFixed(1)} ${((y1 + y2) / 2).toFixed(1)})` },
                       labelLayer, SVG);
      el("rect", { x: -17, y: -12, width: 34, height: 24, rx: 12 }, label, SVG);
      const text = el("text", { "text-anchor": "middle", "dominant-baseline": "central" }, label, SVG);
      const play = () => { if (g.dataset.state === "free") send({ type: "play", edge }); };
      g.addEventListener("click", play);
      label.addEventListener("click", play);
      g.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); play(); }
      });
      const hover = (on) => () => { g.classList.toggle("tce-hover", on); label.classList.toggle("tce-hover", on); };
      for (const node of [g, label]) {
        node.addEventListener("mouseenter", hover(true));
        node.addEventListener("mouseleave", hover(false));
      }
      return { g, label, text, title, dots: [i, j] };
    });
    spec.dots.forEach((d, k) => {
      const [x, y] = geo.point(d);
      el("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 6, "data-dot": k + 1 }, dotLayer, SVG);
    });
    builtFor = spec;
  }

  function update() {
    const spec = model.get("spec");
    if (!spec || !spec.edges) return;
    if (spec !== builtFor) build(spec);
    const start = model.get("start") || [];
    const moves = model.get("moves") || [];
    const values = model.get("values") || {};
    const value = model.get("value");
    const toMove = model.get("to_move");
    const [a, b] = model.get("score") || [0, 0];
    const owners = model.get("owners") || [];
    const drawn = new Set([...start, ...moves]);
    // Colour scale: the largest |value| on the board now (at least 2), so that the
    // choices in front of the player always span the palette.
    const limit = Math.max(2, ...Object.values(values).map((v) => Math.abs(v)));
    const last = moves.length ? moves[moves.length - 1] : null;

    edgeNodes.forEach(({ g, label, text, title, dots }, k) => {
      const edge = k + 1;
      const v = values[edge];
      const state = drawn.has(edge) ? "drawn" : v === undefined ? "blocked" : "free";
      const optimal = state === "free" && v === value;
      g.dataset.state = state;
      g.dataset.optimal = String(optimal);
      g.classList.toggle("tce-last", edge === last);
      label.dataset.optimal = String(optimal);
      label.style.display = state === "free" ? "" : "none";
      if (state === "free") {
        const colour = valueColour(v, limit);
        g.dataset.value = String(v);
        label.dataset.value = String(v);
        g.style.setProperty("--tce-colour", colour);
        label.style.setProperty("--tce-colour", colour);
        label.style.setProperty("--tce-border", luminance(colour) > 225 ? "#8c959f" : colour);
        text.textContent = formatValue(v);
        text.style.fill = optimal && luminance(colour) < 140 ? "#ffffff" : "";
        title.textContent = `edge ${edge} (dots ${dots[0]}-${dots[1]}): value ${formatValue(v)} for ${toMove}` +
          (optimal ? ", optimal" : `, loses ${value - v} against best play`);
        g.setAttribute("aria-label", title.textContent);
      } else {
        delete g.dataset.value;
        delete label.dataset.value;
        title.textContent = `edge ${edge} (dots ${dots[0]}-${dots[1]})` + (state === "drawn" ? ", drawn" : "");
        g.setAttribute("aria-label", title.textContent);
      }
    });
    svg.querySelectorAll(".tce-cell").forEach((node, k) => {
      const owner = owners[k] || "";
      node.dataset.owner = owner;
      node.querySelector("polygon").style.fill = owner ? OWNER_FILL[owner] : "";
      node.querySelector("text").textContent = owner === "-" ? "" : owner;
      node.querySelector("text").style.fill = owner && owner !== "-" ? OWNER_FILL[owner] : "";
    });

    const over = value === null || value === undefined;
    container.dataset.toMove = over ? "" : toMove;
    container.dataset.scoreA = String(a);
    container.dataset.scoreB = String(b);
    container.dataset.value = over ? "" : String(value);
    container.dataset.moves = moves.join(" ");
    turn.innerHTML = over
      ? "<strong>Game over</strong>"
      : `<span class="tce-chip tce-${toMove}">${toMove}</span> to move`;
    score.innerHTML = `Score <span class="tce-chip tce-A">A</span> <b>${a}</b> : <b>${b}</b> ` +
      `<span class="tce-chip tce-B">B</span>`;
    if (over) {
      verdict.textContent = a > b ? `A wins ${a}\u2013${b}.` : b > a ? `B wins ${b}\u2013${a}.` : `A draw, ${a}\u2013${b}.`;
    } else {
      const open = owners.filter((o) => o === "").length;
      // With perfect play, the player to move gains `value` more cells than the other from here.
      const mover = (open + value) / 2;
      const [fa, fb] = toMove === "A" ? [a + mover, b + open - mover] : [a + open - mover, b + mover];
      const result = fa > fb ? `A wins ${fa}\u2013${fb}` : fb > fa ? `B wins ${fb}\u2013${fa}` : `a draw, ${fa}\u2013${fb}`;
      verdict.innerHTML = `Value for ${toMove}: <b data-role="value">${formatValue(value)}</b> ` +
        `(net cells from here). Perfect play from here: <b>${result}</b>.`;
    }
    bestButton.disabled = over;
    undoButton.disabled = moves.length === 0;
    resetButton.disabled = moves.length === 0;
    pvButton.textContent = model.get("show_pv") ? "Hide best line" : "Show best line";
    message.textContent = model.get("message") || "";

    pvBox.textContent = "";
    if (model.get("show_pv")) {
      const pv = model.get("pv") || [];
      if (!pv.length) {
        el("span", { text: "The board is full." }, pvBox);
      } else {
        el("span", { class: "tce-pv-title", text: "Best line: " }, pvBox);
        pv.forEach((step) => {
          const chip = el("span", { class: `tce-pv-step tce-${step.player}`, "data-edge": step.edge,
                                    title: `${step.ply}. ${step.player} draws edge ${step.edge}` +
                                      (step.claims ? ` and claims ${step.claims}` : ""),
                                    text: `${step.player}:${step.edge}${"*".repeat(step.claims)}` }, pvBox);
          const node = edgeNodes[step.edge - 1];
          chip.addEventListener("mouseenter", () => node.g.classList.add("tce-pv-hover"));
          chip.addEventListener("mouseleave", () => node.g.classList.remove("tce-pv-hover"));
        });
        el("span", { class: "tce-pv-note", text: " (* = cell claimed)" }, pvBox);
      }
    }
  }

  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => { pending = false; update(); });
  };
  const traits = ["spec", "start", "moves", "values", "value", "to_move", "score", "owners", "show_pv", "pv", "message"];
  traits.forEach((t) => model.on(`change:${t}`, schedule));
  update();
  return () => traits.forEach((t) => model.off(`change:${t}`, schedule));
}

export { render };
export default { render };
