// Any puzzle without a drawing of its own: a "grid" view (the puzzle's web_view) is drawn
// and played from its data; any other view shows the puzzle's text, answered as text.
//
// A grid view: rows, cols; givens ([row, col, text, ink?]; "" for a cell that stays empty;
// ink: the colour of its text, "#fff" on a black wall); labels ([row, col, text]: a number
// printed in a cell the player may still mark, white once shaded: Hitori's numbers);
// optional regions (rows of region ids: thick lines between different ids; tint: true
// colours them, null is no region), fills ([row, col, colour]: cell backgrounds) and edges
// ([r1, c1, r2, c2]: given lines between cell centres); marks, what the player may place:
// "shade", "dot", "star", "bulb" (a click cycles those the view lists, in its order; a
// right-click backwards; space on the cursor cell too), "line" (a loop board: see below),
// "number" (the keys of `symbols`), "pencil" (Shift+key); keypad: true, keys for the
// symbols, pencil mode and erasing under the board; goal ({mark, count, noun}: the board
// is complete with count of that mark, "number" counting values); apart ({mark, diagonal}:
// two such marks may not touch, diagonally too when diagonal; touching ones are drawn in the
// colour of a mistake as they are placed); answer, the character
// of each kind in the answer text ({"empty": ".", "shade": "#", ...}; a number is its
// symbol, a given its text, or answer.given when set), one row a line; help, the rules;
// lights ({mark, lines: [[cell index, ...], ...]}: a mark on a line lights the whole line,
// drawn in a light colour; the library computes the lines).
// A loop board (marks ["line"]): the grid points are dots and the cells are not played; a
// click near a cell's side cycles the segment there: drawn, crossed out ("x": not on the
// loop), empty (a right-click the other way); a drag through the grid points draws (or, begun
// on a drawn segment, rubs out); arrow keys move a cursor point, Shift+arrow draws from it,
// Alt+arrow crosses out; lines
// ([r1, c1, r2, c2] between grid points) are given segments; its answer text is a grid of
// 2 * rows + 1 lines: "+" the points, "-" and "|" the segments ("x" crossed out), the
// givens between, and it
// is complete when every point has 0 or 2 segments.  Backspace, Delete, "." and
// "0" (when not a symbol) clear a cell.  Hint and check marks are
// [row, col, kind?, value?]: "wrong" clears a cell, "number" places value, a mark places
// it, "unnote" rubs out the pencil mark value, "line", "unline" and "noline" draw, cross
// out and clear the segment value ("r1,c1,r2,c2"; row, col: a cell beside it, circled).  A
// hint applies all its marks at once (a "batch" move).  A trace step draws its "answer" (the
// answer text), its "cell" circled, and says its "text".
import { clear, el, markSet, text, COLOURS, cellSize } from "./svg.js";

const CYCLE = ["shade", "dot", "star", "bulb"];
const LIT = "#fff1a8", SEGMENT = ["", "line", "cross"];
const ENTRY = "#2f6fdf", CURSOR = "#cfe0fb", SAME = "#e4ecfb", PENCIL = "\u270e", ERASE = "\u232b";
const PALETTE = ["#f6d6d6", "#d7e8f7", "#dff2d8", "#f8ecc9", "#e7dcf4", "#d5f0ee", "#f7dfee",
  "#e9e4d4", "#dde3f0", "#f3e1d2", "#e1efe2", "#f0f0d0", "#e0d9e9", "#d9ece6", "#f2dcdc"];
const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
// The board being played, the cursor cell, and how to draw again after the cursor moves.
const ui = { board: null, cursor: null, pencil: false, redraw: null, point: null, drag: null, loop: null };

const TEXT = {
  help: "This puzzle has no board drawing here: use Solve, Hint and Check on its text.",
  init(board) { return board.text || ""; },
  apply() { return null; },
  complete() { return false; },
  answer(board, state) { return state; },
  fromAnswer(board, answer) { return answer; },
  draw(svg, board, state) {
    const lines = String(state || board.text || "").split("\n").slice(0, 30);
    clear(svg, 480, 20 + 18 * lines.length);
    lines.forEach((line, i) => text(svg, 10, 18 + 18 * i, line, { "text-anchor": "start", "font-family": "monospace" }));
  },
  drawTrace(svg, board) { TEXT.draw(svg, board, board.text); },
  traceInfo() { return { text: "" }; },
};

function givens(board, key = "givens") {
  return new Map((board[key] || []).map(([r, c, t]) => [r * board.cols + c, String(t)]));
}

function cycled(board, mark, step = 1) {
  // The mark ``step`` after ``mark`` among those the puzzle allows and none.
  const allowed = ["", ...board.marks.filter((m) => CYCLE.includes(m))];
  return allowed[(allowed.indexOf(mark || "") + step + allowed.length) % allowed.length];
}

function backgrounds(board) {
  // Each cell's fill: its given fill, else its region's tint (neighbouring regions differ).
  const { rows, cols, regions } = board, fill = new Array(rows * cols).fill("#fff");
  const at = (i) => (board.tint ? regions[Math.floor(i / cols)][i % cols] ?? null : null);
  const touching = new Map(), colour = new Map();
  const touch = (a, b) => touching.set(a, (touching.get(a) || new Set()).add(b));  // a region touches itself
  for (let i = 0; i < rows * cols; i++) {
    if (at(i) === null) continue;
    touch(at(i), at(i));
    for (const j of [i % cols + 1 < cols ? i + 1 : -1, i + cols < rows * cols ? i + cols : -1]) {
      if (j >= 0 && at(j) !== null) { touch(at(i), at(j)); touch(at(j), at(i)); }
    }
  }
  [...touching.keys()].forEach((id, index) => {
    const used = new Set([...touching.get(id)].map((other) => colour.get(other)));
    let k = index;
    while (used.has(k % PALETTE.length) && k < index + PALETTE.length) k++;
    colour.set(id, k % PALETTE.length);
  });
  for (let i = 0; i < rows * cols; i++) if (at(i) !== null) fill[i] = PALETTE[colour.get(at(i))];
  for (const [r, c, colour] of board.fills || []) fill[r * cols + c] = colour;
  return fill;
}

function keyed(board, event) {
  // The symbol a key stands for, in either case (Shift+1 is "!", so the key's code is read
  // too), or null.
  const code = (event.code || "").replace(/^(Digit|Numpad|Key)/, "");
  const symbols = [...String(board.symbols || "")];
  for (const ch of [event.key, code]) {
    const found = ch && ch.length === 1 && symbols.find((s) => s.toUpperCase() === ch.toUpperCase());
    if (found) return found;
  }
  return null;
}

function starPath(x, y, radius) {
  const points = [];
  for (let k = 0; k < 10; k++) {
    const r = k % 2 ? radius * 0.42 : radius, angle = Math.PI / 2 + (k * Math.PI) / 5;
    points.push(`${x + r * Math.cos(angle)},${y - r * Math.sin(angle)}`);
  }
  return points.join(" ");
}

function touching(board, state) {
  // The cells whose `apart` mark touches another of its kind.
  const { rows, cols, apart } = board, found = new Set();
  if (!apart) return found;
  const near = apart.diagonal ? [[0, 1], [1, -1], [1, 0], [1, 1]] : [[0, 1], [1, 0]];
  for (let i = 0; i < rows * cols; i++) {
    if (state.marks[i] !== apart.mark) continue;
    const r = Math.floor(i / cols), c = i % cols;
    for (const [dr, dc] of near) {
      const j = (r + dr) * cols + c + dc;
      if (r + dr < rows && c + dc >= 0 && c + dc < cols && state.marks[j] === apart.mark) { found.add(i); found.add(j); }
    }
  }
  return found;
}

function drawCell(g, board, state, i, size, given, options) {
  const r = Math.floor(i / board.cols), c = i % board.cols, x = c * size, y = r * size;
  const mark = state.marks[i], middle = [x + size / 2, y + size / 2];
  const shown = given || state.values[i];
  const ink = options.touching.has(i) ? COLOURS.bad : COLOURS.ink;
  const fill = mark === "shade" ? ink : ui.cursor === i ? CURSOR
    : shown && shown === options.same ? SAME : options.lit.has(i) ? LIT : options.fills[i];
  const loop = isLoop(board);
  const rect = el("rect", { x, y, width: size, height: size, fill, stroke: loop ? "#e6e9ee" : "#c3c8d0", "stroke-width": 0.6,
    class: "cell", "data-row": r, "data-col": c }, g);
  if (options.play && !loop) {
    rect.addEventListener("click", () => click(board, state, i, options.play, 1));
    rect.addEventListener("contextmenu", () => click(board, state, i, options.play, -1));
  }
  const still = { "pointer-events": "none" }, label = options.labels.get(i);
  if (shown) {
    text(g, ...middle, shown, { ...still, "font-size": size * 0.6, "font-weight": given ? 700 : 400,
      fill: given ? options.inks.get(i) || COLOURS.ink : ENTRY, class: given ? "given" : "entry" });
  } else if (label !== undefined) {  // a dot rings it
    if (mark === "dot") el("circle", { ...still, cx: middle[0], cy: middle[1], r: size * 0.4, fill: "none", stroke: ink, class: "dot" }, g);
    text(g, ...middle, label, { ...still, "font-size": size * 0.6, "font-weight": 700,
      fill: mark === "shade" ? "#fff" : ink, class: "label" });
  } else if (mark === "bulb") {
    el("circle", { ...still, cx: middle[0], cy: middle[1], r: size * 0.3, fill: ink, class: "bulb" }, g);
  } else if (mark === "dot") {
    el("circle", { ...still, cx: middle[0], cy: middle[1], r: size * 0.1, fill: COLOURS.ink, class: "dot" }, g);
  } else if (mark === "star") {
    el("polygon", { ...still, points: starPath(...middle, size * 0.36), fill: ink, class: "star" }, g);
  } else if (state.notes[i]) {
    const symbols = String(board.symbols), k = Math.ceil(Math.sqrt(symbols.length)), step = size / k;
    for (const note of state.notes[i]) {
      const at = symbols.indexOf(note);
      text(g, x + step * (at % k + 0.5), y + step * (Math.floor(at / k) + 0.5), note,
        { ...still, "font-size": Math.max(7, step * 0.8), fill: "#5b6472", class: "note" });
    }
  }
  if (options.highlight && options.highlight.cells.has(`${r},${c}`)) {
    el("rect", { ...still, x: x + 2, y: y + 2, width: size - 4, height: size - 4, fill: "none",
      stroke: options.highlight.colour, "stroke-width": 3, rx: 3, class: "highlight", "data-row": r, "data-col": c }, g);
  }
  if (options.focus && options.focus[0] === r && options.focus[1] === c) {
    el("circle", { ...still, cx: middle[0], cy: middle[1], r: size * 0.46, fill: "none", stroke: COLOURS.hint, "stroke-width": 3 }, g);
  }
}

// -- loop boards: segments between grid points, keyed "r1,c1,r2,c2" ----------------------

const isLoop = (board) => (board.marks || []).includes("line");
const givenLines = (board) => new Set((board.lines || []).map((line) => line.join(",")));

const segmentKey = (p, q) => (p[0] + p[1] <= q[0] + q[1] ? [...p, ...q] : [...q, ...p]).join(",");
const segmentState = (state, key) => (state.lines.includes(key) ? "line" : (state.crosses || []).includes(key) ? "cross" : "");

function boardPoint(event) {
  // Where the pointer is on the loop board, in cells (x across, y down), or null.
  const { g, size } = ui.loop || {};
  if (!g || !g.isConnected) return null;
  const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(g.getScreenCTM().inverse());
  return [at.y / size, at.x / size];
}

function nearestSide(y, x) {
  // The segment of a cell's side nearest (y, x) (in cells).
  const { rows, cols } = ui.loop.board;
  const r = Math.min(Math.max(Math.floor(y), 0), rows - 1), c = Math.min(Math.max(Math.floor(x), 0), cols - 1);
  const fx = x - c, fy = y - r;
  const sides = [[fy, [r, c, r, c + 1]], [1 - fy, [r + 1, c, r + 1, c + 1]], [fx, [r, c, r + 1, c]], [1 - fx, [r, c + 1, r + 1, c + 1]]];
  return sides.reduce((best, side) => (side[0] < best[0] ? side : best))[1].join(",");
}

function nearPoint(y, x) {
  // The grid point within a third of a cell of (y, x), or null.
  const p = [Math.round(y), Math.round(x)], { rows, cols } = ui.loop.board;
  const near = Math.hypot(y - p[0], x - p[1]) < 0.34 && p[0] >= 0 && p[1] >= 0 && p[0] <= rows && p[1] <= cols;
  return near ? p : null;
}

function wireLoop(svg) {
  // Clicks and drags on a loop board (wired once per svg; ui.loop is the board drawn last).
  if (svg.dataset.loopWired) return;
  svg.dataset.loopWired = "yes";
  const active = () => ui.loop && ui.loop.play && isLoop(ui.board);
  svg.addEventListener("pointerdown", (event) => {
    const at = active() && event.button === 0 && boardPoint(event);
    ui.drag = at ? { point: nearPoint(...at), moved: false, to: null } : null;
  });
  svg.addEventListener("pointermove", (event) => {
    const at = ui.drag && active() && boardPoint(event), point = at && nearPoint(...at), from = ui.drag && ui.drag.point;
    if (!point || (from && from[0] === point[0] && from[1] === point[1])) return;
    ui.drag.point = point;
    if (!from || Math.abs(from[0] - point[0]) + Math.abs(from[1] - point[1]) !== 1) return;
    const key = segmentKey(from, point);
    ui.drag.to ??= segmentState(ui.loop.state, key) === "line" ? "" : "line";
    ui.drag.moved = true;
    ui.loop.play({ line: key, to: ui.drag.to });
  });
  svg.addEventListener("pointerup", (event) => {
    const at = ui.drag && !ui.drag.moved && active() && boardPoint(event);
    ui.drag = null;
    if (at) ui.loop.play({ line: nearestSide(...at) });
  });
  svg.addEventListener("contextmenu", (event) => {
    const at = active() && boardPoint(event);
    if (at) ui.loop.play({ line: nearestSide(...at), step: -1 });
  });
}

function loopKey(board, state, event) {
  // Arrows move the cursor point; Shift+arrow draws (or rubs out) from it, Alt+arrow crosses out.
  const step = STEPS[event.key];
  if (!step) return null;
  const from = ui.point || [0, 0];
  const to = [Math.min(Math.max(from[0] + step[0], 0), board.rows), Math.min(Math.max(from[1] + step[1], 0), board.cols)];
  ui.point = to;
  const key = segmentKey(from, to), now = segmentState(state, key);
  if (key === segmentKey(from, from) || !(event.shiftKey || event.altKey)) { ui.redraw(); return null; }
  const kind = event.altKey ? "cross" : "line";
  return { line: key, to: now === kind ? "" : kind };
}

function segmentAt(y, x) {
  // The segment at line y, character x of a loop's answer text.
  return [Math.floor(y / 2), Math.floor(x / 2), Math.ceil(y / 2), Math.ceil(x / 2)].join(",");
}

function loopAnswer(board, state) {
  const at = givens(board), drawn = new Set([...givenLines(board), ...state.lines]), crossed = new Set(state.crosses), text = [];
  const centre = (y, x) => at.get(((y - 1) / 2) * board.cols + (x - 1) / 2) || ".";
  for (let y = 0; y <= 2 * board.rows; y++) {
    let line = "";
    for (let x = 0; x <= 2 * board.cols; x++) {
      if (y % 2 === 0 && x % 2 === 0) line += "+";
      else if (y % 2 && x % 2) line += centre(y, x).length === 1 ? centre(y, x) : ".";
      else line += drawn.has(segmentAt(y, x)) ? (y % 2 ? "|" : "-") : crossed.has(segmentAt(y, x)) ? "x" : " ";
    }
    text.push(line);
  }
  return text.join("\n");
}

function loopFromAnswer(board, answer) {
  const state = GRID.init(board), fixed = givenLines(board);
  answer.replace(/^\n+|\s+$/g, "").split("\n").forEach((line, y) => [...line].forEach((ch, x) => {
    if (!((x + y) % 2) || fixed.has(segmentAt(y, x))) return;
    if ("-|".includes(ch)) state.lines.push(segmentAt(y, x));
    else if (ch === "x") state.crosses.push(segmentAt(y, x));
  }));
  return state;
}

function loopClosed(board, state) {
  // Every grid point has 0 or 2 segments, and there is one.
  const degree = new Map(), all = [...givenLines(board), ...state.lines];
  for (const key of all) {
    const [r1, c1, r2, c2] = key.split(",");
    for (const point of [`${r1},${c1}`, `${r2},${c2}`]) degree.set(point, (degree.get(point) || 0) + 1);
  }
  return all.length > 0 && [...degree.values()].every((d) => d === 2);
}

function drawLoop(g, board, state, size) {
  // The grid points, the given segments and the player's.
  const { rows, cols } = board, still = { fill: "none", "pointer-events": "none", "stroke-linecap": "round", "stroke-width": size * 0.12 };
  const path = (keys) => [...keys].map((key) => {
    const [r1, c1, r2, c2] = key.split(",").map(Number);
    return `M${c1 * size},${r1 * size}L${c2 * size},${r2 * size}`;
  }).join("");
  el("path", { ...still, d: path(givenLines(board)), stroke: COLOURS.ink, class: "lines" }, g);
  el("path", { ...still, d: path(state.lines), stroke: ENTRY, class: "lines" }, g);
  for (const key of state.crosses || []) {
    const [r1, c1, r2, c2] = key.split(",").map(Number), x = ((c1 + c2) / 2) * size, y = ((r1 + r2) / 2) * size, d = size * 0.09;
    el("path", { ...still, "stroke-width": 1.5, d: `M${x - d},${y - d}L${x + d},${y + d}M${x - d},${y + d}L${x + d},${y - d}`, stroke: "#8a93a3", class: "cross" }, g);
  }
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c <= cols; c++) el("circle", { cx: c * size, cy: r * size, r: Math.max(1.5, size * 0.06), fill: COLOURS.ink, "pointer-events": "none", class: "point" }, g);
  }
  if (ui.point) el("circle", { cx: ui.point[1] * size, cy: ui.point[0] * size, r: size * 0.16, fill: "none", stroke: COLOURS.hint, "stroke-width": 3, "pointer-events": "none", class: "point-cursor" }, g);
}

function click(board, state, i, play, step) {
  ui.cursor = i;
  if (!givens(board).has(i) && CYCLE.some((m) => board.marks.includes(m))) play({ cell: i, mark: cycled(board, state.marks[i], step) });
  else ui.redraw();
}

function entry(cell, symbol) {
  // Typing ``symbol`` into ``cell``: a pencil mark in pencil mode, else a value.
  return ui.pencil && symbol ? { cell, note: symbol } : { cell, value: symbol };
}

function drawKeypad(g, board, top, width, play) {
  // A key for each symbol, then the pencil mode and the eraser.
  const keys = [...String(board.symbols), PENCIL, ERASE], side = width / keys.length;
  keys.forEach((key, k) => {
    const on = key === PENCIL && ui.pencil;
    const button = el("g", { class: "key", "data-key": key, cursor: "pointer" }, g);
    el("rect", { x: k * side + 1, y: top, width: side - 2, height: side - 2, rx: 4,
      fill: on ? ENTRY : "#f1f3f6", stroke: "#c3c8d0" }, button);
    text(button, k * side + side / 2, top + side / 2, key,
      { "font-size": side * 0.5, fill: on ? "#fff" : COLOURS.ink, "pointer-events": "none" });
    button.addEventListener("click", () => {
      if (key !== PENCIL) { if (ui.cursor !== null) play(entry(ui.cursor, key === ERASE ? "" : key)); return; }
      ui.pencil = !ui.pencil;
      ui.redraw();
    });
  });
}

function litCells(board, state) {
  // The cells lit by a mark on one of the view's lines (none unless it has lights).
  const lit = new Set(), { lights } = board;
  for (const line of (lights && lights.lines) || []) {
    if (line.some((i) => state.marks[i] === lights.mark)) line.forEach((i) => lit.add(i));
  }
  return lit;
}

function placed(board, state) {
  // How many cells hold the goal's mark (a value, givens included, for "number").
  const at = givens(board), { mark } = board.goal;
  return state.marks.filter((m, i) => (mark === "number" ? state.values[i] || at.get(i) : m === mark)).length;
}

function lines(board, size) {
  // Region walls and given edges, as path data.
  const { rows, cols, regions } = board, walls = [], edges = [];
  for (let r = 0; regions && r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (c + 1 < cols && regions[r][c] !== regions[r][c + 1]) walls.push(`M${(c + 1) * size},${r * size}v${size}`);
      if (r + 1 < rows && regions[r][c] !== regions[r + 1][c]) walls.push(`M${c * size},${(r + 1) * size}h${size}`);
    }
  }
  for (const [r1, c1, r2, c2] of board.edges || []) {
    edges.push(`M${(c1 + 0.5) * size},${(r1 + 0.5) * size}L${(c2 + 0.5) * size},${(r2 + 0.5) * size}`);
  }
  return { walls: walls.join(""), edges: edges.join("") };
}

function drawGrid(svg, board, state, options) {
  const { rows, cols } = board, keypad = board.keypad && options.play, pad = 4, at = givens(board);
  const size = cellSize(rows + (keypad ? 1.3 : 0), cols, 56, 16);
  const below = keypad ? (cols * size) / (String(board.symbols).length + 2) + 8 : 0;
  clear(svg, cols * size + 2 * pad, rows * size + below + 2 * pad);
  const g = el("g", { transform: `translate(${pad},${pad})` }, svg);
  options.fills = backgrounds(board);
  options.same = ui.cursor === null ? "" : at.get(ui.cursor) || state.values[ui.cursor];
  options.touching = touching(board, state);
  options.lit = litCells(board, state);
  options.labels = givens(board, "labels");
  options.inks = new Map((board.givens || []).filter((given) => given[3]).map(([r, c, , ink]) => [r * cols + c, ink]));
  for (let i = 0; i < rows * cols; i++) drawCell(g, board, state, i, size, at.get(i), options);
  if (isLoop(board)) {
    drawLoop(g, board, state, size);
    ui.loop = { board, state, size, g, play: options.play };
    if (options.play) wireLoop(svg);
    return;
  }
  const { walls, edges } = lines(board, size), ink = { fill: "none", "pointer-events": "none" };
  el("path", { ...ink, d: edges, stroke: COLOURS.ink, "stroke-width": size * 0.12, "stroke-linecap": "round", class: "edges" }, g);
  el("path", { ...ink, d: walls, stroke: COLOURS.ink, "stroke-width": 2.4, "stroke-linecap": "square", class: "walls" }, g);
  el("rect", { ...ink, x: 0, y: 0, width: cols * size, height: rows * size, stroke: COLOURS.ink, "stroke-width": 3 }, g);
  if (keypad) drawKeypad(g, board, rows * size + 8, cols * size, options.play);
}

const SEGMENT_MARKS = { line: "line", unline: "cross", noline: "" };

function hintMark(cell, kind, value) {
  // The move of one hint mark, or null.
  if (kind in SEGMENT_MARKS) return { line: String(value), to: SEGMENT_MARKS[kind] };
  if (kind === "wrong") return { cell, value: "" };
  if (kind === "number") return { cell, value: String(value) };
  return CYCLE.includes(kind) ? { cell, mark: kind } : null;
}

const GRID = {
  help: "Click a cell to choose it (and change its mark); type a value; Shift+value: a pencil mark; Backspace: clear; arrow keys: move.",
  init(board) {
    const blank = () => new Array(board.rows * board.cols).fill("");
    return { values: blank(), marks: blank(), notes: blank(), lines: [], crosses: [] };
  },
  apply(board, state, move) {
    if (move.batch) {  // a hint's moves, all at once
      const next = move.batch.reduce((at, one) => GRID.apply(board, at, one) || at, state);
      return next === state ? null : next;
    }
    if (move.line) {  // a loop's segment: to "line", "cross" or "" (default: the next in the cycle)
      if (givenLines(board).has(move.line)) return null;
      const now = segmentState(state, move.line);
      const to = move.to ?? SEGMENT[(SEGMENT.indexOf(now) + (move.step || 1) + SEGMENT.length) % SEGMENT.length];
      if (to === now) return null;
      const others = (keys) => (keys || []).filter((key) => key !== move.line);
      return { ...state, lines: [...others(state.lines), ...(to === "line" ? [move.line] : [])],
        crosses: [...others(state.crosses), ...(to === "cross" ? [move.line] : [])] };
    }
    if (move.unnotes) {  // pencil marks a hint rules out
      const notes = state.notes.slice();
      for (const [cell, symbol] of move.unnotes) notes[cell] = notes[cell].replace(symbol, "");
      return notes.some((note, i) => note !== state.notes[i]) ? { ...state, notes } : null;
    }
    const { cell } = move, next = { ...state, values: state.values.slice(), marks: state.marks.slice(), notes: state.notes.slice() };
    if (givens(board).has(cell)) return null;
    if (move.note !== undefined) {
      if (state.values[cell]) return null;
      const notes = new Set(state.notes[cell]);
      notes.has(move.note) ? notes.delete(move.note) : notes.add(move.note);
      next.notes[cell] = [...String(board.symbols)].filter((s) => notes.has(s)).join("");
    } else if (move.mark !== undefined) {
      [next.values[cell], next.marks[cell]] = ["", move.mark];
    } else {
      if (!move.value && !state.values[cell] && !state.marks[cell]) next.notes[cell] = "";
      [next.values[cell], next.marks[cell]] = [move.value, ""];
    }
    return ["values", "marks", "notes"].some((k) => next[k][cell] !== state[k][cell]) ? next : null;
  },
  key(board, state, event) {
    if (isLoop(board)) return loopKey(board, state, event);
    const { rows, cols } = board, step = STEPS[event.key];
    if (step) {
      const i = ui.cursor ?? 0, r = (Math.floor(i / cols) + step[0] + rows) % rows, c = (i % cols + step[1] + cols) % cols;
      ui.cursor = ui.cursor === null ? 0 : r * cols + c;
      ui.redraw();
      return null;
    }
    const cell = ui.cursor, symbol = keyed(board, event);
    if (cell === null) return null;
    const zero = event.key === "0" && !String(board.symbols || "").includes("0");
    if (["Backspace", "Delete", "."].includes(event.key) || zero) return { cell, value: "" };
    if (event.key === " ") return { cell, mark: cycled(board, state.marks[cell]) };
    if (symbol === null || !board.marks.includes("number")) return null;
    if (event.shiftKey && board.marks.includes("pencil")) return ui.pencil ? { cell, value: symbol } : { cell, note: symbol };
    return entry(cell, symbol);
  },
  complete(board, state) {
    if (isLoop(board)) return loopClosed(board, state);
    const at = givens(board);
    return board.goal ? placed(board, state) === board.goal.count : state.values.every((v, i) => v || state.marks[i] || at.has(i));
  },
  counter(game) {
    const { board, state } = game;
    return board.goal ? `${placed(board, state)} of ${board.goal.count} ${board.goal.noun}` : null;
  },
  answer(board, state) {
    if (isLoop(board)) return loopAnswer(board, state);
    const at = givens(board), chars = board.answer || {}, rows = [];
    for (let r = 0; r < board.rows; r++) {
      let row = "";
      for (let i = r * board.cols; i < (r + 1) * board.cols; i++) {
        row += (at.has(i) && chars.given) || at.get(i) || state.values[i] || chars[state.marks[i] || "empty"] || ".";
      }
      rows.push(row);
    }
    return rows.join("\n");
  },
  fromAnswer(board, answer) {
    if (isLoop(board)) return loopFromAnswer(board, answer);
    const state = GRID.init(board), at = givens(board), kinds = Object.entries(board.answer || {});
    answer.trim().split("\n").forEach((row, r) => [...row.trim()].forEach((ch, c) => {
      const i = r * board.cols + c, kind = kinds.find(([, mark]) => mark === ch);
      if (at.has(i) || c >= board.cols) return;
      if (String(board.symbols || "").includes(ch)) state.values[i] = ch;
      else if (kind && !["empty", "given"].includes(kind[0])) state.marks[i] = kind[0];
    }));
    return state;
  },
  hintMove(board, state, answer) {
    // The marks that change the board (one move, or a batch), else the pencil marks it rules
    // out ("unnote").
    const unnotes = [], moves = [];
    let next = state;
    for (const [r, c, kind, value] of answer.marks || []) {
      const cell = r * board.cols + c;
      if (kind === "unnote") unnotes.push([cell, String(value)]);
      const move = hintMark(cell, kind, value), after = move && GRID.apply(board, next, move);
      if (!after) continue;
      moves.push(move);
      next = after;
    }
    if (moves.length) return moves.length === 1 ? moves[0] : { batch: moves };
    return unnotes.length && GRID.apply(board, state, { unnotes }) ? { unnotes } : null;
  },
  draw(svg, board, state, { marks: highlight, play }) {
    const colour = highlight && highlight.kind === "hint" ? COLOURS.hint : COLOURS.bad;
    const options = { highlight: highlight ? { cells: markSet(highlight), colour } : null, play };
    ui.redraw = () => drawGrid(svg, board, state, options);
    ui.redraw();
  },
  drawTrace(svg, board, trace, index) {
    const step = trace.steps[index] || {};
    drawGrid(svg, board, step.answer ? GRID.fromAnswer(board, step.answer) : GRID.init(board), { focus: step.cell });
  },
  traceInfo(board, trace, index) { return { text: (trace.steps[index] || {}).text || "" }; },
};

const chosen = () => (ui.board && ui.board.kind === "grid" ? GRID : TEXT);
const generic = {
  get help() { return chosen() === GRID ? ui.board.help || GRID.help : TEXT.help; },
  init(board) {
    [ui.board, ui.cursor, ui.pencil, ui.point, ui.drag, ui.loop] = [board, null, false, null, null, null];
    return chosen().init(board);
  },
};
for (const name of ["apply", "key", "complete", "counter", "answer", "fromAnswer", "hintMove", "draw", "drawTrace", "traceInfo"]) {
  generic[name] = (...args) => (chosen()[name] ? chosen()[name](...args) : null);
}
export default generic;
