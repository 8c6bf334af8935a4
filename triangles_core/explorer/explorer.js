// Analysis board for cell-claiming games (dots-and-triangles, dots-and-boxes).
//
// One plain ES module, no build step, used in two places:
//   * in Jupyter, as the front end of the anywidget `triangles_core.explorer.Explorer` (`triangles_core.explore()`):
//     the kernel computes every value (Python `Solution.move_values`, `principal_variation`,
//     `review_game`) and sends the state as traits;
//   * on the static site, with `createLocalModel` / `mountPage`: the same model interface, backed by a
//     value table computed in the browser (in a Web Worker) by the port of the rule below, so no kernel
//     and no network are needed.
//
// The board is described by a *cell board spec*, the same for every game of the family:
//   spec.dots  : [[x, y], ...]        dot coordinates, y pointing down (any unit)
//   spec.edges : [[i, j], ...]        edge k (1-based) joins dots i and j (1-based)
//   spec.cells : [[e1, e2, ...], ...] the 1-based edges around each cell
//   spec.title, spec.cell_name        captions
//   spec.grades                       grade names by value lost 0, 1, 2, ... (the last one for anything larger):
//                                     triangles_core.analysis.review.classify, sent from Python (one definition)
//   spec.colours                      {A, B, "-", inaccuracy, error, blunder}: triangles_core.plot.palette
//   spec.value_colours                the colour of each value -n .. n (n: the number of cells), the one value
//                                     scale of the package's figures (triangles_core.plot.palette.value_colours)
// A position is the set of drawn edges; a move draws one edge; a move that completes cells claims them for
// its mover, who moves again. Nothing below knows the shape of a cell.
//
// Model state (traits in Jupyter, plain fields in the local model):
//   spec, start (edges drawn before the game), line (the game's moves, in order), cursor (how many of them
//   are on the board), moves (= line[:cursor]), values ({edge: value for the mover}), value (of the
//   position for the side to move, null when the board is full), to_move, score ([A, B]), owners (per cell:
//   "A", "B", "-" complete at the start, "" open), show_pv, pv ([{ply, player, edge, claims}]), history (per
//   move of the line: {ply, player, edge, dots, cells, claims, score_a, score_b, value_before, value_after,
//   value_lost, grade, best_moves, lowest, highest}, values for A as in triangles_core.analysis.review),
//   start_value (value for A of the start), opponent ({player: "" | "A" | "B", max_loss}), loading
//   (null, or {done, total} while a table is computed), message.
// Actions are messages to the model: {type: "play", edge}, {type: "best"}, {type: "undo"} (one move back),
// {type: "redo"}, {type: "goto", cursor}, {type: "reset"} (to the start), {type: "pv", show},
// {type: "line", edges} (play these moves from here), {type: "load", text} (a game record),
// {type: "set_line", start, line, cursor}, {type: "new_game"} (a new game from the position on the board),
// {type: "opponent", player, max_loss}.

const SVG = "http://www.w3.org/2000/svg";

function el(tag, attrs = {}, parent = null, ns = null) {
  const node = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

function rgbOf(colour) {
  if (colour.startsWith("#")) {
    const n = parseInt(colour.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  return colour.match(/\d+/g).slice(0, 3).map(Number);
}

/** Colour of a value on the package's one value scale (spec.value_colours, from -n to n). */
export function valueColour(spec, value) {
  const limit = (spec.value_colours.length - 1) / 2;
  return spec.value_colours[Math.max(-limit, Math.min(limit, value)) + limit];
}

/** WCAG 2 relative luminance of a colour ("#rrggbb" or "rgb(r, g, b)"). */
export function relativeLuminance(colour) {
  const [r, g, b] = rgbOf(colour).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(one, two) {
  const [hi, lo] = [relativeLuminance(one), relativeLuminance(two)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on `background` (both pass 4.5:1 on the palette's colours). */
export function textOn(background) {
  return contrastRatio(background, "#000000") >= contrastRatio(background, "#ffffff") ? "#000000" : "#ffffff";
}

/** A value as a label: "+3", "\u22122", "0". */
export function formatValue(value) {
  return value > 0 ? `+${value}` : value < 0 ? `\u2212${-value}` : "0";
}

/** The grade of a move by the value it loses: spec.grades[min(lost, last)] (Python's classify). */
export function gradeOf(spec, lost) {
  const grades = spec.grades;
  return grades[Math.min(Math.max(0, lost), grades.length - 1)];
}

// ---------------------------------------------------------------------------------
// The browser port of the rule, for the static site (deliberately the explorer's own, so that the page needs
// no kernel; tests/test_explorer_browser.py checks its tables, values, reviews and records against Python).
//
// With T the value table indexed by the bitmask of drawn edges (bit k-1 for edge k), T[full] = 0 and the
// value of drawing edge e in position p, for its mover, is
//     claims + T[p | e]   if the move completes `claims` > 0 cells (the mover moves again),
//     -T[p | e]           otherwise (the opponent moves next);
// T[p] is the largest of them (retrograde analysis: every successor has a larger bitmask). This is
// triangles_core.engine.retrograde.solve_table and Solution.move_value.
// ---------------------------------------------------------------------------------

/**
 * The value table of a board of `n` edges (at most 30), by retrograde analysis.
 * `cellsOfEdge[e]` lists the bitmasks of the cells around edge e + 1. Self-contained: it is also the body of
 * the Web Worker (see computeTable). `onProgress(done, total)` is called every 65,536 positions.
 */
export function solveValues(n, cellsOfEdge, onProgress) {
  if (n > 30) throw new Error(`a board of ${n} edges is too large for the browser (at most 30)`);
  if (cellsOfEdge.some((cells) => cells.length > 2)) throw new Error("an edge of more than two cells");
  const size = 2 ** n;
  const full = size - 1;
  const table = new Int8Array(size);
  // The cells of each edge as two bitmasks; -1 (never a subset of a position) where there is none.
  const first = new Int32Array(n).fill(-1);
  const second = new Int32Array(n).fill(-1);
  for (let e = 0; e < n; e++) {
    if (cellsOfEdge[e].length > 0) first[e] = cellsOfEdge[e][0];
    if (cellsOfEdge[e].length > 1) second[e] = cellsOfEdge[e][1];
  }
  for (let p = full - 1; p >= 0; p--) {
    let best = -128;
    let rest = ~p & full;
    while (rest !== 0) {
      const b = rest & -rest;
      rest ^= b;
      const e = 31 - Math.clz32(b);
      const q = p | b;
      const claims = ((q & first[e]) === first[e] ? 1 : 0) + ((q & second[e]) === second[e] ? 1 : 0);
      const v = claims ? claims + table[q] : -table[q];
      if (v > best) best = v;
    }
    table[p] = best;
    if ((p & 0xffff) === 0 && onProgress) onProgress(full - p, full);
  }
  return table;
}

/** What solveValues needs of a spec: the number of edges and the cell bitmasks of each edge. */
export function solverInput(spec) {
  const cellMasks = spec.cells.map((cell) => cell.reduce((m, e) => m | (1 << (e - 1)), 0));
  const cellsOfEdge = spec.edges.map(() => []);
  spec.cells.forEach((cell, k) => cell.forEach((e) => cellsOfEdge[e - 1].push(cellMasks[k])));
  return { n: spec.edges.length, cellsOfEdge };
}

/**
 * The value table of `spec`, computed in a Web Worker made from this module's own solveValues (a Blob,
 * so that it works from file:// too), or in the page where workers are unavailable.
 * Resolves to an Int8Array; `onProgress(done, total)` reports the progress.
 */
export function computeTable(spec, onProgress = () => {}) {
  const { n, cellsOfEdge } = solverInput(spec);
  const inPage = () => new Promise((resolve, reject) => {
    setTimeout(() => { try { resolve(solveValues(n, cellsOfEdge, onProgress)); } catch (e) { reject(e); } }, 0);
  });
  if (typeof Worker === "undefined" || typeof Blob === "undefined" || typeof URL === "undefined") return inPage();
  let url = null;
  try {
    const source = `const solveValues = ${solveValues.toString()};\n` +
      "onmessage = (event) => {\n" +
      "  const { n, cellsOfEdge } = event.data;\n" +
      "  const table = solveValues(n, cellsOfEdge, (done, total) => postMessage({ done, total }));\n" +
      "  postMessage({ table }, [table.buffer]);\n" +
      "};\n";
    url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    const worker = new Worker(url);
    return new Promise((resolve, reject) => {
      worker.onmessage = (event) => {
        if (event.data.table) {
          worker.terminate();
          URL.revokeObjectURL(url);
          resolve(event.data.table);
        } else {
          onProgress(event.data.done, event.data.total);
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        worker.terminate();
        URL.revokeObjectURL(url);
        inPage().then(resolve, reject);
      };
      worker.postMessage({ n, cellsOfEdge });
    });
  } catch (error) {
    if (url) URL.revokeObjectURL(url);
    return inPage();
  }
}

/** The rules of a spec on bitmask positions: completed cells, legal moves, move values from a table. */
export function boardRules(spec) {
  const n = spec.edges.length;
  const cellMasks = spec.cells.map((cell) => cell.reduce((m, e) => m | (1 << (e - 1)), 0));
  const cellsOf = spec.edges.map(() => []);
  spec.cells.forEach((cell, k) => cell.forEach((e) => cellsOf[e - 1].push(k)));
  const bit = (edge) => 1 << (edge - 1);
  const has = (p, edge) => (p & bit(edge)) !== 0;
  const completedBy = (p, edge) => cellsOf[edge - 1].filter((k) => ((p | bit(edge)) & cellMasks[k]) === cellMasks[k]);
  const free = (p) => { const out = []; for (let e = 1; e <= n; e++) if (!has(p, e)) out.push(e); return out; };
  const complete = (p) => cellMasks.map((m, k) => ((p & m) === m ? k : -1)).filter((k) => k >= 0);
  const position = (edges) => edges.reduce((p, e) => p | bit(e), 0);
  return { n, bit, has, completedBy, free, complete, position };
}

/**
 * Replay `line` from `start` (edge lists) by the rule, and value it with `table`: everything the view shows
 * with `cursor` moves of the line on the board. Values for A are those of triangles_core.analysis.review:
 * A's cells minus B's at the end of the game if both play perfectly from that moment on.
 */
export function localState(spec, table, start, line, cursor = line.length, showPv = false) {
  const rules = boardRules(spec);
  const moveValue = (p, edge) => {
    const claims = rules.completedBy(p, edge).length;
    const after = table[p | rules.bit(edge)];
    return claims ? claims + after : -after;
  };
  const startPosition = rules.position(start);
  const startOwners = spec.cells.map((_, k) => (rules.complete(startPosition).includes(k) ? "-" : ""));
  const history = [];
  let position = startPosition;
  let player = "A";
  const score = [0, 0];
  let owners = startOwners.slice();
  let at = null;
  const snapshot = () => ({ position, player, score: score.slice(), owners: owners.slice() });
  for (let ply = 0; ply < line.length; ply++) {
    if (ply === cursor) at = snapshot();
    const edge = line[ply];
    const sign = player === "A" ? 1 : -1;
    const margin = score[0] - score[1];
    const free = rules.free(position);
    const moveValues = free.map((e) => moveValue(position, e));
    const best = Math.max(...moveValues);
    const mv = moveValue(position, edge);
    const choices = [...new Set(moveValues.map((v) => margin + sign * v))].sort((x, y) => x - y);
    const cells = rules.completedBy(position, edge);
    cells.forEach((k) => { owners[k] = player; });
    score[player === "A" ? 0 : 1] += cells.length;
    const lost = best - mv;
    history.push({ ply: ply + 1, player, edge, dots: spec.edges[edge - 1].slice(), cells: cells.map((k) => k + 1),
                   claims: cells.length, score_a: score[0], score_b: score[1],
                   value_before: margin + sign * table[position], value_after: margin + sign * mv,
                   value_lost: lost, grade: gradeOf(spec, lost),
                   best_moves: free.filter((e, k) => moveValues[k] === best),
                   lowest: choices[0], highest: choices[choices.length - 1] });
    position |= rules.bit(edge);
    if (!cells.length) player = player === "A" ? "B" : "A";
  }
  if (at === null) at = snapshot();
  const free = rules.free(at.position);
  const values = {};
  for (const edge of free) values[edge] = moveValue(at.position, edge);
  const full = free.length === 0;
  const pv = [];
  if (showPv) {
    let p = at.position;
    let who = at.player;
    while (rules.free(p).length) {
      const bestValue = table[p];
      const edge = rules.free(p).find((e) => moveValue(p, e) === bestValue);
      const claims = rules.completedBy(p, edge).length;
      pv.push({ ply: pv.length + 1, player: who, edge, claims });
      p |= rules.bit(edge);
      if (!claims) who = who === "A" ? "B" : "A";
    }
  }
  return { spec, start: start.slice().sort((x, y) => x - y),
           line: line.slice(), cursor, moves: line.slice(0, cursor), values, value: full ? null : table[at.position],
           to_move: at.player, score: at.score, owners: at.owners, show_pv: showPv, pv, history,
           start_value: table[startPosition], message: "" };
}

/**
 * Read a game record (the syntax of triangles_core.analysis.records and `triangles review`): `#` comments,
 * an optional `start:` line of edges, then moves as edge numbers (`7`, `e7`), dot pairs `i-j`, or a line
 * of exactly two numbers `i j` (one dot-pair move). Returns {start, moves}; throws an Error naming the line
 * and token, as parse_record's RecordError does.
 */
export function parseRecord(spec, text) {
  const n = spec.edges.length;
  const byDots = new Map(spec.edges.map(([i, j], k) => [`${Math.min(i, j)}-${Math.max(i, j)}`, k + 1]));
  const fail = (line, token, message) => { throw new Error(`line ${line}, token '${token}': ${message}`); };
  const number = (text, line, token) => {
    if (text.replace(/^0+/, "").length > 9) fail(line, token, "number out of range (more than 9 digits)");
    return parseInt(text, 10);
  };
  const pair = (i, j, line, token) => {
    const a = number(i, line, token);
    const b = number(j, line, token);
    const edge = byDots.get(`${Math.min(a, b)}-${Math.max(a, b)}`);
    if (edge === undefined || a === b) fail(line, token, `dots ${a} and ${b} are not joined by an edge of the board`);
    return edge;
  };
  const lineMoves = (words, line, pairLine) => {
    if (pairLine && words.length === 2 && words.every((w) => /^[0-9]+$/.test(w))) {
      return [[pair(words[0], words[1], line, words.join(" ")), words.join(" ")]];
    }
    return words.map((word) => {
      const dots = /^([0-9]+)-([0-9]+)$/.exec(word);
      if (dots) return [pair(dots[1], dots[2], line, word), word];
      const single = /^[eE]?([0-9]+)$/.exec(word);
      if (!single) fail(line, word, "expected an edge number, 'e' and an edge number, or a dot pair 'i-j'");
      const edge = number(single[1], line, word);
      if (edge < 1 || edge > n) fail(line, word, `edge ${edge} is not on the board (edges 1 to ${n})`);
      return [edge, word];
    });
  };
  let start = new Set();
  let drawn = new Set();
  const moves = [];
  let startSeen = false;
  String(text).split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.split("#", 1)[0].trim();
    if (!content) return;
    const colon = content.indexOf(":");
    if (colon >= 0) {
      const keyword = content.slice(0, colon).trim();
      if (keyword.toLowerCase() !== "start") fail(line, `${keyword}:`, "unknown keyword (the only one is 'start:')");
      if (moves.length) fail(line, "start:", "the starting position must come before the first move");
      if (startSeen) fail(line, "start:", "the starting position is given twice");
      startSeen = true;
      const words = content.slice(colon + 1).trim().split(/\s+/).filter(Boolean);
      for (const [edge] of lineMoves(words, line, false)) start.add(edge);
      drawn = new Set(start);
      return;
    }
    for (const [edge, token] of lineMoves(content.split(/\s+/), line, true)) {
      if (drawn.has(edge)) fail(line, token, `edge ${edge} (dots ${spec.edges[edge - 1].join("-")}) is already drawn`);
      drawn.add(edge);
      moves.push(edge);
    }
  });
  return { start: [...start].sort((x, y) => x - y), moves };
}

/** A record of the game that parseRecord (and `triangles review`) read back: start line, one edge a line. */
export function formatRecord(spec, start, moves) {
  const lines = [`# ${spec.title || "board"}: edge numbers of docs/SPEC.md, A moves first`];
  if (start.length) lines.push(`start: ${start.join(" ")}`);
  moves.forEach((edge) => lines.push(`e${edge}`));
  return lines.join("\n") + "\n";
}

/** The move an opponent of strength `maxLoss` plays: the lowest optimal move for 0, else a random move losing
 *  at most `maxLoss` (`random` in [0, 1)). */
export function opponentMove(values, value, maxLoss, random = Math.random) {
  const edges = Object.keys(values).map(Number).sort((x, y) => x - y);
  const good = edges.filter((e) => value - values[e] <= maxLoss);
  if (!good.length) return undefined;
  if (!maxLoss) return good.find((e) => values[e] === value);
  return good[Math.floor(random() * good.length)];
}

/**
 * A model with the interface anywidget gives `render` (get, set, save_changes, on, off, send), computing its
 * state in the browser: from the table of `options.table` or one computed by computeTable (state.loading shows the
 * progress meanwhile).
 */
export function createLocalModel(spec, { start = [], line = [], cursor = null, table = null, random = Math.random,
                                         onTable = null } = {}) {
  const board = { ...spec };
  const listeners = new Map();
  let values = table;
  let opponent = { player: "", max_loss: 0 };
  let showPv = false;
  let current = { start: start.slice(), line: line.slice(), cursor: cursor === null ? line.length : cursor };
  const waiting = (done, total, message = "") => ({ spec: board, start: current.start, line: current.line,
    cursor: current.cursor, moves: current.line.slice(0, current.cursor), values: {}, value: null, to_move: "A",
    score: [0, 0], owners: board.cells.map(() => ""), show_pv: showPv, pv: [], history: [], start_value: null,
    opponent, loading: { done, total }, message });
  let state = waiting(0, 1);
  const emit = (changed) => {
    for (const key of changed) (listeners.get(`change:${key}`) || []).forEach((cb) => cb());
  };
  const replace = (next) => {
    const changed = Object.keys(next).filter((k) => JSON.stringify(next[k]) !== JSON.stringify(state[k]));
    state = next;
    emit(changed);
  };
  const compute = (message = "") => {
    if (!values) return;
    const next = localState(board, values, current.start, current.line, current.cursor, showPv);
    replace({ ...next, opponent, loading: null, message });
  };
  const reply = () => {
    // the solver's moves while it is its turn (a move that claims a cell moves again)
    for (let guard = 0; guard < board.edges.length && opponent.player; guard++) {
      if (state.value === null || state.to_move !== opponent.player) break;
      const edge = opponentMove(state.values, state.value, opponent.max_loss, random);
      if (edge === undefined) break;
      current = { ...current, line: [...current.line.slice(0, current.cursor), edge], cursor: current.cursor + 1 };
      compute();
    }
  };
  const playEdges = (edges) => {
    for (const edge of edges) {
      if (state.values[edge] === undefined) { compute(`edge ${edge} cannot be drawn`); return; }
      const same = current.line[current.cursor] === edge;
      current = { ...current, line: same ? current.line : [...current.line.slice(0, current.cursor), edge],
                  cursor: current.cursor + 1 };
      compute();
    }
    reply();
  };
  if (values) compute();
  else {
    computeTable(board, (done, total) => replace({ ...state, loading: { done, total } })).then((t) => {
      values = t;
      if (onTable) onTable(t);
      compute();
      reply();
    }, (error) => replace({ ...state, message: String(error && error.message || error) }));
  }
  return {
    get: (key) => state[key],
    set: (key, value) => { state = { ...state, [key]: value }; emit([key]); },
    save_changes: () => {},
    on: (event, cb) => { listeners.set(event, [...(listeners.get(event) || []), cb]); },
    off: (event, cb) => {
      if (!event) listeners.clear();
      else listeners.set(event, (listeners.get(event) || []).filter((f) => cb && f !== cb));
    },
    table: () => values,
    send: (msg) => {
      if (!values) return;
      const { line: moves, cursor: at } = current;
      if (msg.type === "play") {
        playEdges([Number(msg.edge)]);
      } else if (msg.type === "line") {
        playEdges((msg.edges || []).map(Number));
      } else if (msg.type === "best") {
        const best = opponentMove(state.values, state.value, 0);
        if (best !== undefined) playEdges([best]);
      } else if (msg.type === "undo") {
        current = { ...current, cursor: Math.max(0, at - 1) };
        compute();
      } else if (msg.type === "redo") {
        current = { ...current, cursor: Math.min(moves.length, at + 1) };
        compute();
      } else if (msg.type === "goto") {
        current = { ...current, cursor: Math.max(0, Math.min(moves.length, Number(msg.cursor) || 0)) };
        compute();
      } else if (msg.type === "reset") {
        current = { ...current, cursor: 0 };
        compute();
      } else if (msg.type === "pv") {
        showPv = Boolean(msg.show);
        compute();
      } else if (msg.type === "new_game") {
        current = { start: [...current.start, ...moves.slice(0, at)].sort((x, y) => x - y), line: [], cursor: 0 };
        compute();
        reply();
      } else if (msg.type === "opponent") {
        opponent = { player: ["A", "B"].includes(msg.player) ? msg.player : "",
                     max_loss: Math.max(0, Math.floor(Number(msg.max_loss) || 0)) };
        compute();
        reply();
      } else if (msg.type === "load" || msg.type === "set_line") {
        let record;
        try {
          record = msg.type === "load" ? parseRecord(board, msg.text || "")
            : { start: (msg.start || []).map(Number), moves: (msg.line || []).map(Number) };
          const drawn = new Set();
          for (const e of [...record.start, ...record.moves]) {
            if (!(e >= 1 && e <= board.edges.length) || (drawn.has(e) && !record.start.includes(e))) {
              throw new Error(`edge ${e} cannot be drawn`);
            }
            drawn.add(e);
          }
        } catch (error) {
          compute(error.message);
          return;
        }
        const end = msg.cursor === undefined || msg.cursor === null ? record.moves.length : Number(msg.cursor);
        current = { start: record.start, line: record.moves, cursor: Math.max(0, Math.min(record.moves.length, end)) };
        compute();
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

function dotsText(dots) {
  return `dots ${dots[0]}\u2013${dots[1]}`;
}

function render({ model, el: root }) {
  const container = el("div", { class: "tce-root" }, root);
  const main = el("div", { class: "tce-main" }, container);
  const boardBox = el("div", { class: "tce-board" }, main);
  const progress = el("div", { class: "tce-progress", "data-role": "progress", hidden: "" }, main);
  const progressLabel = el("label", { text: "Solving the board in your browser: " }, progress);
  const progressBar = el("progress", { max: 100, value: 0 }, progressLabel);
  const graphBox = el("figure", { class: "tce-graph", "data-role": "graph" }, main);
  const graphCaption = el("figcaption", { text: "Value for A after each move (> 0: A wins with perfect play)" });
  const panel = el("div", { class: "tce-panel" }, container);

  const status = el("div", { class: "tce-status", role: "status", "aria-live": "polite", "aria-atomic": "true",
                             "data-role": "summary" }, panel);
  const turn = el("div", { class: "tce-turn", "data-role": "turn" }, status);
  const score = el("div", { class: "tce-score", "data-role": "score" }, status);
  const verdict = el("div", { class: "tce-verdict", "data-role": "verdict" }, status);
  const bestLine = el("div", { class: "tce-best", "data-role": "best" }, status);

  const nav = el("div", { class: "tce-buttons", role: "group", "aria-label": "Moves" }, panel);
  const button = (parent, action, label, title) => {
    const attrs = { type: "button", class: "tce-button", "data-action": action, title, text: label };
    if ([...label].length === 1) attrs["aria-label"] = title; // a symbol: its name is the title
    return el("button", attrs, parent);
  };
  const resetButton = button(nav, "reset", "\u00ab", "Back to the starting position (Home)");
  const undoButton = button(nav, "undo", "\u2039", "One move back (left arrow)");
  const redoButton = button(nav, "redo", "\u203a", "One move forward (right arrow)");
  const lastButton = button(nav, "last", "\u00bb", "To the last move (End)");
  const bestButton = button(nav, "best", "Best move", "Play an optimal move (the lowest-numbered one)");
  bestButton.textContent = "Best move";
  const tools = el("div", { class: "tce-buttons", role: "group", "aria-label": "Board" }, panel);
  const pvButton = button(tools, "pv", "Show best line", "Show the principal variation from this position");
  const numbersButton = button(tools, "numbers", "Edge numbers", "Show the edge numbers on the board");
  numbersButton.setAttribute("aria-pressed", "false");
  const newButton = button(tools, "new_game", "New game here", "Start a new game from the position on the board");

  const solver = el("div", { class: "tce-solver" }, panel);
  const sideLabel = el("label", { text: "Solver plays " }, solver);
  const sideSelect = el("select", { "data-role": "opponent" }, sideLabel);
  for (const [v, t] of [["", "nobody"], ["A", "A"], ["B", "B"]]) el("option", { value: v, text: t }, sideSelect);
  const strengthLabel = el("label", { text: " strength " }, solver);
  const strengthSelect = el("select", { "data-role": "strength" }, strengthLabel);
  for (const [v, t] of [[0, "perfect"], [2, "loses \u2264 2"], [4, "loses \u2264 4"], [6, "loses \u2264 6"],
                        [99, "any move"]]) {
    el("option", { value: v, text: t }, strengthSelect);
  }

  const message = el("div", { class: "tce-message", "data-role": "message", role: "alert" }, panel);
  const pvBox = el("div", { class: "tce-pv", "data-role": "pv" }, panel);
  const movesBox = el("div", { class: "tce-moves", "data-role": "moves", tabindex: -1 }, panel);
  const recordBox = el("details", { class: "tce-record" }, panel);
  el("summary", { text: "Game record (paste or copy)" }, recordBox);
  const recordId = `tce-record-${Math.random().toString(36).slice(2, 9)}`;
  el("label", { for: recordId, text: "Moves as in docs/SPEC.md and triangles review: edge numbers (e7), " +
                "dot pairs (3-5 or a line \u201c3 5\u201d), an optional \u201cstart:\u201d line, # comments." },
     recordBox);
  const recordText = el("textarea", { id: recordId, rows: 5, spellcheck: "false", "data-role": "record" }, recordBox);
  const recordButtons = el("div", { class: "tce-buttons" }, recordBox);
  const loadButton = button(recordButtons, "load", "Load record", "Replay this record on the board");
  loadButton.textContent = "Load record";
  const legend = el("div", { class: "tce-legend" }, container);
  legend.innerHTML =
    "Click an undrawn edge, or Tab to the board and use the arrow keys and Enter. Each legal move is labelled " +
    "with its value for the player to move: the final margin (own cells minus the opponent's, from now on) if " +
    "both then play perfectly. <strong>Optimal moves</strong> glow gold; blue is good for the mover, red bad. " +
    "A move that completes a cell claims it, and its player moves again. Left and right arrows (outside the " +
    "board) step through the game; grades as in <code>triangles review</code>.";

  const send = (msg) => model.send(msg);
  const historyLength = () => (model.get("line") || model.get("moves") || []).length;
  resetButton.addEventListener("click", () => send({ type: "reset" }));
  undoButton.addEventListener("click", () => send({ type: "undo" }));
  redoButton.addEventListener("click", () => send({ type: "redo" }));
  lastButton.addEventListener("click", () => send({ type: "goto", cursor: historyLength() }));
  bestButton.addEventListener("click", () => send({ type: "best" }));
  pvButton.addEventListener("click", () => send({ type: "pv", show: !model.get("show_pv") }));
  newButton.addEventListener("click", () => send({ type: "new_game" }));
  let showNumbers = false;
  numbersButton.addEventListener("click", () => {
    showNumbers = !showNumbers;
    numbersButton.setAttribute("aria-pressed", String(showNumbers));
    container.classList.toggle("tce-show-numbers", showNumbers);
  });
  const sendOpponent = () => send({ type: "opponent", player: sideSelect.value, max_loss: Number(strengthSelect.value) });
  sideSelect.addEventListener("change", sendOpponent);
  strengthSelect.addEventListener("change", sendOpponent);
  loadButton.addEventListener("click", () => send({ type: "load", text: recordText.value }));
  let recordEdited = false;
  recordText.addEventListener("input", () => { recordEdited = true; });

  // Left/Right/Home/End step through the game anywhere in the explorer but on the board (where the arrows
  // move between edges) and in form fields.
  container.addEventListener("keydown", (event) => {
    const target = event.target;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (target.closest && (target.closest(".tce-svg") || target.closest("textarea, select, input"))) return;
    const at = model.get("cursor") ?? (model.get("moves") || []).length;
    const step = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: historyLength() }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    send({ type: "goto", cursor: Math.max(0, Math.min(historyLength(), step)) });
  });

  let svg = null;
  let edgeNodes = [];
  let builtFor = null;
  let focusEdge = null; // the board's one tab stop (roving tabindex)
  let geometry = null;

  function moveFocus(edge, focus = true) {
    focusEdge = edge;
    edgeNodes.forEach(({ g }, k) => g.setAttribute("tabindex", k + 1 === edge ? "0" : "-1"));
    if (focus && edge) edgeNodes[edge - 1].g.focus();
  }

  function neighbour(from, key) {
    const free = edgeNodes.filter(({ g }) => g.dataset.state === "free").map((node) => node.edge);
    if (!free.length) return null;
    if (key === "Home") return free[0];
    if (key === "End") return free[free.length - 1];
    const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
    const [x0, y0] = edgeNodes[from - 1].mid;
    let best = null;
    let bestScore = Infinity;
    for (const edge of free) {
      if (edge === from) continue;
      const [x, y] = edgeNodes[edge - 1].mid;
      const along = (x - x0) * dx + (y - y0) * dy;
      if (along <= 1) continue;
      const across = Math.abs((x - x0) * dy - (y - y0) * dx);
      const s = along + 2 * across;
      if (s < bestScore) { bestScore = s; best = edge; }
    }
    if (best !== null) return best;
    // nothing further that way: wrap round in edge-number order
    const k = free.indexOf(from);
    const forward = key === "ArrowRight" || key === "ArrowDown";
    return free[(k + (forward ? 1 : free.length - 1)) % free.length];
  }

  function build(spec) {
    boardBox.textContent = "";
    const geo = layout(spec);
    geometry = geo;
    svg = el("svg", { viewBox: `0 0 ${geo.width.toFixed(1)} ${geo.height.toFixed(1)}`, class: "tce-svg",
                      role: "group", "aria-roledescription": "board",
                      "aria-label": `${spec.title || "board"}: undrawn edges, arrow keys to move, Enter to draw` },
                 boardBox, SVG);
    svg.style.maxWidth = `${Math.round(Math.min(520, 1.6 * geo.maxDim))}px`;
    const cellLayer = el("g", { class: "tce-cells", "aria-hidden": "true" }, svg, SVG);
    const edgeLayer = el("g", { class: "tce-edges" }, svg, SVG);
    const labelLayer = el("g", { class: "tce-labels", "aria-hidden": "true" }, svg, SVG);
    const numberLayer = el("g", { class: "tce-numbers", "aria-hidden": "true" }, svg, SVG);
    const dotLayer = el("g", { class: "tce-dots", "aria-hidden": "true" }, svg, SVG);
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
      const g = el("g", { class: "tce-edge", "data-edge": edge, tabindex: -1, role: "button" }, edgeLayer, SVG);
      const coords = { x1: x1.toFixed(1), y1: y1.toFixed(1), x2: x2.toFixed(1), y2: y2.toFixed(1) };
      el("line", { ...coords, class: "tce-focus" }, g, SVG);
      el("line", { ...coords, class: "tce-halo" }, g, SVG);
      el("line", { ...coords, class: "tce-line" }, g, SVG);
      el("line", { ...coords, class: "tce-hit" }, g, SVG);
      const mid = [(x1 + x2) / 2, (y1 + y2) / 2];
      const label = el("g", { class: "tce-label", "data-edge": edge,
                              transform: `translate(${mid[0].toFixed(1)} ${mid[1].toFixed(1)})` }, labelLayer, SVG);
      el("rect", { x: -18, y: -12, width: 36, height: 24, rx: 12 }, label, SVG);
      const text = el("text", { "text-anchor": "middle", "dominant-baseline": "central" }, label, SVG);
      const at = 0.24;
      const number = el("g", { class: "tce-number", "data-edge": edge,
                               transform: `translate(${(x1 + at * (x2 - x1)).toFixed(1)} ${(y1 + at * (y2 - y1)).toFixed(1)})` },
                        numberLayer, SVG);
      el("rect", { x: -11, y: -9, width: 22, height: 18, rx: 4 }, number, SVG);
      el("text", { "text-anchor": "middle", "dominant-baseline": "central", text: edge }, number, SVG);
      const play = () => { if (g.dataset.state === "free") { moveFocus(edge, false); send({ type: "play", edge }); } };
      g.addEventListener("click", play);
      label.addEventListener("click", play);
      g.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); play(); return; }
        if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) {
          event.preventDefault();
          const next = neighbour(edge, event.key);
          if (next) moveFocus(next);
        }
      });
      g.addEventListener("focus", () => { focusEdge = edge; });
      const hover = (on) => () => { g.classList.toggle("tce-hover", on); label.classList.toggle("tce-hover", on); };
      for (const node of [g, label]) {
        node.addEventListener("mouseenter", hover(true));
        node.addEventListener("mouseleave", hover(false));
      }
      return { edge, g, label, text, dots: [i, j], mid };
    });
    spec.dots.forEach((d, k) => {
      const [x, y] = geo.point(d);
      el("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 6, "data-dot": k + 1 }, dotLayer, SVG);
    });
    focusEdge = null;
    builtFor = spec;
  }

  function drawGraph(history, startValue, cursor, colours) {
    graphBox.textContent = "";
    if (startValue === null || startValue === undefined) return;
    graphBox.appendChild(graphCaption);
    const values = [startValue, ...history.map((h) => h.value_after)];
    const W = 480;
    const H = 190;
    const left = 34;
    const right = 10;
    const top = 10;
    const bottom = 26;
    const n = Math.max(values.length - 1, 1);
    const extremes = [...values, ...history.flatMap((h) => [h.lowest, h.highest])];
    const hi = Math.max(...extremes, 1) + 1;
    const lo = Math.min(...extremes, -1) - 1;
    const x = (k) => left + (k / n) * (W - left - right);
    const y = (v) => top + ((hi - v) / (hi - lo)) * (H - top - bottom);
    const text = `Value for A after each move: ${values.map(formatValue).join(", ")}`;
    const g = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "tce-graph-svg", role: "img", "aria-label": text },
                 graphBox, SVG);
    const parity = ((startValue % 2) + 2) % 2;
    const stepY = hi - lo > 16 ? 4 : 2;
    for (let v = Math.ceil(lo); v <= Math.floor(hi); v++) {
      if (((v % 2) + 2) % 2 !== parity || (v - parity) % stepY) continue;
      el("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), class: v === 0 ? "tce-axis" : "tce-grid" }, g, SVG);
      el("text", { x: left - 5, y: y(v), class: "tce-tick", "text-anchor": "end", "dominant-baseline": "central",
                   text: formatValue(v) }, g, SVG);
    }
    const stepX = n > 24 ? 5 : n > 12 ? 2 : 1;
    for (let k = 0; k <= n; k += stepX) {
      el("text", { x: x(k), y: H - 8, class: "tce-tick", "text-anchor": "middle", text: k }, g, SVG);
    }
    el("line", { x1: left, x2: W - right, y1: y(startValue), y2: y(startValue), class: "tce-perfect" }, g, SVG);
    history.forEach((h) => {
      el("line", { x1: x(h.ply), x2: x(h.ply), y1: y(h.lowest), y2: y(h.highest), class: "tce-choices",
                   stroke: colours[h.player] }, g, SVG);
    });
    if (cursor <= n) el("line", { x1: x(cursor), x2: x(cursor), y1: top, y2: H - bottom, class: "tce-cursor" }, g, SVG);
    el("polyline", { points: values.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
                     class: "tce-history" }, g, SVG);
    values.forEach((v, k) => {
      const h = history[k - 1];
      const grade = h && h.grade !== "optimal" ? h.grade : null;
      const point = el("circle", { cx: x(k), cy: y(v), r: grade ? 6 : 3.5, class: "tce-point",
                                   "data-ply": k, "data-value": v }, g, SVG);
      if (grade) { point.setAttribute("fill", colours[grade] || "#c0392b"); point.classList.add("tce-mistake"); }
      point.addEventListener("click", () => send({ type: "goto", cursor: k }));
      el("title", { text: k ? `after move ${k} (${h.player}, edge ${h.edge}): ${formatValue(v)} for A` +
                     (grade ? `, ${grade}` : "") : `start: ${formatValue(v)} for A` }, point, SVG);
    });
  }

  function drawMoves(history, cursor, colours) {
    const hadFocus = movesBox.contains(document.activeElement);
    movesBox.textContent = "";
    if (!history.length) {
      el("p", { class: "tce-note", text: "No moves yet: the move list and the value graph fill as you play." },
         movesBox);
      if (hadFocus) movesBox.focus({ preventScroll: true });
      return;
    }
    const table = el("table", { class: "tce-move-table" }, movesBox);
    el("caption", { text: "Moves (click one to go to the position after it)" }, table);
    const head = el("tr", {}, el("thead", {}, table));
    for (const [t, long] of [["#", "move number"], ["player", "player"], ["edge", "edge drawn (its dots)"],
                             ["cells", "cells claimed"], ["lost", "value lost"], ["grade", "grade"]]) {
      const th = el("th", { scope: "col" }, head);
      if (t === long) th.textContent = t;
      else el("abbr", { title: long, text: t }, th);
    }
    const body = el("tbody", {}, table);
    history.forEach((h) => {
      const row = el("tr", { "data-ply": h.ply, "data-grade": h.grade }, body);
      if (h.ply === cursor) row.setAttribute("aria-current", "step");
      if (h.ply > cursor) row.classList.add("tce-future");
      el("td", { text: h.ply }, row);
      el("td", {}, row).appendChild(el("span", { class: `tce-chip tce-${h.player}`, text: h.player }));
      const cell = el("td", {}, row);
      const jump = el("button", { type: "button", class: "tce-jump", "data-ply": h.ply,
                                  "aria-label": `Move ${h.ply}: ${h.player} draws edge ${h.edge} (${h.dots[0]}\u2013${h.dots[1]})` +
                                    (h.claims ? `, claims ${h.claims}` : "") + `, ${h.grade}`,
                                  text: `${h.edge} (${h.dots[0]}\u2013${h.dots[1]})` }, cell);
      jump.addEventListener("click", () => send({ type: "goto", cursor: h.ply }));
      el("td", { text: h.cells.length ? h.cells.join(", ") : "" }, row);
      el("td", { class: "tce-num", text: h.value_lost ? String(h.value_lost) : "0" }, row);
      const grade = el("td", { class: "tce-grade", text: h.grade }, row);
      if (h.grade !== "optimal") grade.style.setProperty("--tce-grade", colours[h.grade] || "#c0392b");
    });
    const current = body.querySelector('tr[aria-current="step"]');
    if (current && movesBox.scrollHeight > movesBox.clientHeight) {
      movesBox.scrollTop = Math.max(0, current.offsetTop - movesBox.clientHeight / 2);
    }
    if (hadFocus) {  // the list was redrawn under the focus: keep it on the current move (or the list)
      const target = current ? current.querySelector(".tce-jump") : null;
      (target || movesBox).focus({ preventScroll: true });
    }
  }

  function update() {
    const spec = model.get("spec");
    if (!spec || !spec.edges) return;
    if (spec !== builtFor && JSON.stringify(spec) !== JSON.stringify(builtFor)) build(spec);
    builtFor = spec;
    const colours = spec.colours;
    container.style.setProperty("--tce-a", colours.A);
    container.style.setProperty("--tce-b", colours.B);
    const loading = model.get("loading");
    progress.hidden = !loading;
    if (loading) progressBar.value = Math.round((100 * loading.done) / Math.max(1, loading.total));
    container.dataset.loading = loading ? "true" : "false";
    const start = model.get("start") || [];
    const moves = model.get("moves") || [];
    const line = model.get("line") || moves;
    const cursor = model.get("cursor") ?? moves.length;
    const history = model.get("history") || [];
    const values = model.get("values") || {};
    const value = model.get("value");
    const toMove = model.get("to_move");
    const [a, b] = model.get("score") || [0, 0];
    const owners = model.get("owners") || [];
    const drawn = new Set([...start, ...moves]);
    const last = moves.length ? moves[moves.length - 1] : null;
    const over = !loading && (value === null || value === undefined);

    edgeNodes.forEach(({ g, label, text, dots }, k) => {
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
        const colour = valueColour(spec, v);
        g.dataset.value = String(v);
        label.dataset.value = String(v);
        g.style.setProperty("--tce-colour", colour);
        label.style.setProperty("--tce-colour", colour);
        text.textContent = formatValue(v);
        text.style.fill = optimal ? textOn(colour) : "";
        g.setAttribute("aria-label", `edge ${edge}, ${dotsText(dots)}: value ${formatValue(v)} for ${toMove}` +
          (optimal ? ", optimal" : `, loses ${value - v}`));
        g.removeAttribute("aria-disabled");
      } else {
        delete g.dataset.value;
        delete label.dataset.value;
        g.setAttribute("aria-label", `edge ${edge}, ${dotsText(dots)}, ${state === "drawn" ? "drawn" : "not playable"}`);
        g.setAttribute("aria-disabled", "true");
      }
    });
    // the roving tab stop: stay on the focused edge while it is free, else the first optimal (or free) edge
    const free = edgeNodes.filter(({ g }) => g.dataset.state === "free");
    if (!focusEdge || !free.some((n) => n.edge === focusEdge)) {
      const target = free.find(({ g }) => g.dataset.optimal === "true") || free[0];
      const hadFocus = svg && svg.contains(document.activeElement);
      moveFocus(target ? target.edge : null, false);
      if (hadFocus && target) target.g.focus();
      if (!target && svg) { svg.setAttribute("tabindex", "-1"); }
    } else {
      moveFocus(focusEdge, false);
    }
    svg.querySelectorAll(".tce-cell").forEach((node, k) => {
      const owner = owners[k] || "";
      node.dataset.owner = owner;
      node.querySelector("polygon").style.fill = owner ? colours[owner] : "";
      node.querySelector("text").textContent = owner === "-" ? "" : owner;
    });

    container.dataset.toMove = over || loading ? "" : toMove;
    container.dataset.scoreA = String(a);
    container.dataset.scoreB = String(b);
    container.dataset.value = over || loading ? "" : String(value);
    container.dataset.moves = moves.join(" ");
    container.dataset.line = line.join(" ");
    container.dataset.cursor = String(cursor);
    container.dataset.start = start.join(" ");
    const chip = (p) => `<span class="tce-chip tce-${p}">${p}</span>`;
    if (loading) {
      turn.textContent = "Solving the board\u2026";
      score.textContent = "";
      verdict.textContent = "";
      bestLine.textContent = "";
    } else {
      turn.innerHTML = over ? "<strong>Game over</strong>" : `${chip(toMove)} to move`;
      score.innerHTML = `Score ${chip("A")} <b>${a}</b> : <b>${b}</b> ${chip("B")}`;
      const optimalEdges = Object.keys(values).map(Number).filter((e) => values[e] === value).sort((x, y) => x - y);
      if (over) {
        verdict.textContent = a > b ? `A wins ${a}\u2013${b}.` : b > a ? `B wins ${b}\u2013${a}.` : `A draw, ${a}\u2013${b}.`;
        bestLine.textContent = "";
      } else {
        const open = owners.filter((o) => o === "").length;
        // With perfect play, the player to move gains `value` more cells than the other from here.
        const mover = (open + value) / 2;
        const [fa, fb] = toMove === "A" ? [a + mover, b + open - mover] : [a + open - mover, b + mover];
        const result = fa > fb ? `A wins ${fa}\u2013${fb}` : fb > fa ? `B wins ${fb}\u2013${fa}` : `a draw, ${fa}\u2013${fb}`;
        verdict.innerHTML = `Value for ${toMove}: <b data-role="value">${formatValue(value)}</b> ` +
          `(net cells from here). Perfect play from here: <b>${result}</b>.`;
        const shown = optimalEdges.slice(0, 6).map((e) => `${e} (${dotsText(spec.edges[e - 1])})`).join(", ");
        bestLine.textContent = `Best ${optimalEdges.length > 1 ? "moves" : "move"}: edge ${shown}` +
          (optimalEdges.length > 6 ? ` and ${optimalEdges.length - 6} more` : "") + ".";
      }
    }
    bestButton.disabled = over || Boolean(loading);
    undoButton.disabled = cursor === 0;
    resetButton.disabled = cursor === 0;
    redoButton.disabled = cursor >= line.length;
    lastButton.disabled = cursor >= line.length;
    newButton.disabled = Boolean(loading) || (cursor === 0 && line.length === 0);
    pvButton.textContent = model.get("show_pv") ? "Hide best line" : "Show best line";
    pvButton.setAttribute("aria-expanded", String(Boolean(model.get("show_pv"))));
    message.textContent = model.get("message") || "";
    const opponent = model.get("opponent") || { player: "", max_loss: 0 };
    sideSelect.value = opponent.player || "";
    strengthSelect.value = String([0, 2, 4, 6].includes(opponent.max_loss) ? opponent.max_loss : opponent.max_loss ? 99 : 0);
    if (!recordEdited || document.activeElement !== recordText) {
      recordText.value = formatRecord(spec, start, line);
      recordEdited = false;
    }

    pvBox.textContent = "";
    if (model.get("show_pv") && !loading) {
      const pv = model.get("pv") || [];
      if (!pv.length) {
        el("span", { text: "The board is full." }, pvBox);
      } else {
        el("span", { class: "tce-pv-title", text: "Best line:" }, pvBox);
        pv.forEach((step, k) => {
          const chipButton = el("button", {
            type: "button", class: `tce-pv-step tce-${step.player}`, "data-edge": step.edge, "data-step": k + 1,
            title: `Play the line to step ${step.ply}: ${step.player} draws edge ${step.edge}` +
              (step.claims ? ` and claims ${step.claims}` : ""),
            "aria-label": `${step.player}:${step.edge}${"*".repeat(step.claims)}, play the best line to step ${step.ply}` +
              ` (${step.player} draws edge ${step.edge}${step.claims ? ` and claims ${step.claims}` : ""})`,
            text: `${step.player}:${step.edge}${"*".repeat(step.claims)}` }, pvBox);
          const node = edgeNodes[step.edge - 1];
          chipButton.addEventListener("mouseenter", () => node.g.classList.add("tce-pv-hover"));
          chipButton.addEventListener("mouseleave", () => node.g.classList.remove("tce-pv-hover"));
          chipButton.addEventListener("click", () => send({ type: "line", edges: pv.slice(0, k + 1).map((s) => s.edge) }));
        });
        el("span", { class: "tce-pv-note", text: " (* = cell claimed; click a step to play the line to it)" }, pvBox);
      }
    }
    drawGraph(history, loading ? null : model.get("start_value"), cursor, colours);
    drawMoves(history, cursor, colours);
  }

  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => { pending = false; update(); });
  };
  const traits = ["spec", "start", "line", "cursor", "moves", "values", "value", "to_move", "score", "owners",
                  "show_pv", "pv", "history", "start_value", "opponent", "loading", "message"];
  traits.forEach((t) => model.on(`change:${t}`, schedule));
  update();
  return () => traits.forEach((t) => model.off(`change:${t}`, schedule));
}

// ---------------------------------------------------------------------------------
// The site's page: one explorer, a board selector, and the position in the URL's hash.
// ---------------------------------------------------------------------------------

/** The hash of a position: "board=NAME&start=1.2&moves=4.5.9&at=2" (at is left out at the end). */
export function positionHash(board, start, line, cursor) {
  const parts = [`board=${encodeURIComponent(board)}`];
  if (start.length) parts.push(`start=${start.join(".")}`);
  if (line.length) parts.push(`moves=${line.join(".")}`);
  if (cursor !== line.length) parts.push(`at=${cursor}`);
  return `#${parts.join("&")}`;
}

/** The position of a hash written by positionHash: {board, start, line, cursor} (missing parts null). */
export function readHash(hash) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  const list = (key) => (params.get(key) ? params.get(key).split(/[.,\s]+/).filter(Boolean).map(Number) : []);
  const at = params.get("at");
  return { board: params.get("board"), start: list("start"), line: list("moves"),
           cursor: at === null || at === "" ? null : Number(at) };
}

/**
 * Mount the explorer of the site in `root`: `boards` maps names to cell board specs (no tables: each one is
 * computed in a Web Worker the first time it is shown). The position follows the page's URL hash
 * (positionHash), so a reload or a shared link opens the same position.
 */
export function mountPage(root, { boards, board = null, useHash = true } = {}) {
  const names = Object.keys(boards);
  const fromHash = useHash ? readHash(window.location.hash) : { board: null, start: [], line: [], cursor: null };
  let name = names.includes(fromHash.board) ? fromHash.board : board && names.includes(board) ? board : names[0];
  const tables = new Map();
  const bar = el("div", { class: "tce-page-bar" }, root);
  const selectId = `tce-board-${Math.random().toString(36).slice(2, 9)}`;
  el("label", { for: selectId, text: "Board " }, bar);
  const select = el("select", { id: selectId, "data-role": "board" }, bar);
  for (const key of names) el("option", { value: key, text: boards[key].title || key }, select);
  const host = el("div", { class: "tce-page-host" }, root);
  let dispose = null;
  let model = null;
  const writeHash = () => {
    if (!useHash || !model || model.get("loading")) return;
    const hash = positionHash(name, model.get("start"), model.get("line"), model.get("cursor"));
    if (window.location.hash !== hash) window.history.replaceState(null, "", hash);
  };
  const show = (position) => {
    if (dispose) dispose();
    host.textContent = "";
    select.value = name;
    const spec = boards[name];
    const key = name;
    model = createLocalModel(spec, { table: tables.get(key) || null, onTable: (t) => tables.set(key, t) });
    if (position && (position.start.length || position.line.length)) {
      const apply = () => model.send({ type: "set_line", start: position.start, line: position.line,
                                       cursor: position.cursor });
      if (model.get("loading")) {
        const once = () => { if (!model.get("loading")) { model.off("change:loading", once); apply(); } };
        model.on("change:loading", once);
      } else {
        apply();
      }
    }
    for (const trait of ["line", "cursor", "start", "loading"]) model.on(`change:${trait}`, writeHash);
    dispose = render({ model, el: host });
    writeHash();
  };
  select.addEventListener("change", () => { name = select.value; show(null); });
  if (useHash) {
    window.addEventListener("hashchange", () => {
      const next = readHash(window.location.hash);
      if (!names.includes(next.board)) return;
      if (next.board !== name) { name = next.board; show(next); return; }
      model.send({ type: "set_line", start: next.start, line: next.line, cursor: next.cursor });
    });
  }
  show(fromHash);
  return { get model() { return model; }, get board() { return name; } };
}

export { render };
export default { render };
