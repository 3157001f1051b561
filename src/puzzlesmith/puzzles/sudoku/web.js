// Sudoku: click a cell (or move with the arrow keys) and type a value; Shift+value, or the
// pencil key, toggles a pencil mark; Backspace, Delete, 0 or . clears.  The keypad under
// the board does the same with clicks.  The state is the value of every cell (0: blank,
// givens included) and the pencil marks of every cell (a bit mask, bit v-1 for value v).
// The answer format is the grid of symbols, one row a line, "." for a blank.
import { clear, el, markSet, text, COLOURS, cellSize } from "/puzzles/svg.js";

const PENCIL = "\u270e", ERASE = "\u232b";
const FILL = { plain: "#ffffff", diagonal: "#ece8dc", selected: "#cfe0fb", same: "#e4ecfb" };
const ENTRY = "#2f6fdf";

// What the page remembers besides the state: the selected cell, the pencil mode, and how
// to draw again after a selection (a selection is not a move, so it is not undone).
const ui = { selected: null, pencil: false, redraw: null };

function onDiagonal(n, r, c) {
  return r === c || r + c === n - 1;
}

function valueOf(board, ch) {
  return board.symbols.indexOf(String(ch).toUpperCase()) + 1;
}

function keyed(board, event) {
  // The value a key stands for (0: clear; -1: none).  With Shift, event.key is "!" for
  // "1", so the key's code ("Digit1", "Numpad1", "KeyA") is read too.
  if (["Backspace", "Delete", "."].includes(event.key) || (event.key === "0" && !board.symbols.includes("0"))) return 0;
  const code = event.code || "";
  for (const ch of [event.key, code.replace(/^(Digit|Numpad|Key)/, "")]) {
    if (ch && ch.length === 1 && valueOf(board, ch) > 0) return valueOf(board, ch);
  }
  return -1;
}

function moveSelection(n, key) {
  const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key];
  if (!step) return false;
  const [r, c] = ui.selected === null ? [0, 0] : [Math.floor(ui.selected / n), ui.selected % n];
  const rr = (r + step[0] + n) % n, cc = (c + step[1] + n) % n;
  ui.selected = ui.selected === null ? 0 : rr * n + cc;
  return true;
}

function entryMove(cell, value, pencil) {
  if (cell === null) return null;
  return pencil && value > 0 ? { cell, note: value } : { cell, value };
}

function walls(board, size) {
  // Thick lines where the region changes (boxes or jigsaw shapes).
  const n = board.size, lines = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const a = board.regions[r * n + c];
      if (c + 1 < n && board.regions[r * n + c + 1] !== a) lines.push(`M${(c + 1) * size},${r * size}v${size}`);
      if (r + 1 < n && board.regions[(r + 1) * n + c] !== a) lines.push(`M${c * size},${(r + 1) * size}h${size}`);
    }
  }
  return lines.join("");
}

function drawNotes(g, board, mask, x, y, size) {
  const k = Math.ceil(Math.sqrt(board.size)), step = size / k;
  for (let v = 1; v <= board.size; v++) {
    if (!(mask & (1 << (v - 1)))) continue;
    const i = v - 1;
    text(g, x + step * ((i % k) + 0.5), y + step * (Math.floor(i / k) + 0.5), board.symbols[i],
      { "font-size": Math.max(7, step * 0.8), fill: "#5b6472", class: "note", "pointer-events": "none" });
  }
}

function cellFill(board, state, i, r, c) {
  if (ui.selected === i) return FILL.selected;
  const chosen = ui.selected === null ? 0 : state.values[ui.selected];
  if (chosen && state.values[i] === chosen) return FILL.same;
  return board.diagonals && onDiagonal(board.size, r, c) ? FILL.diagonal : FILL.plain;
}

function drawGrid(g, board, state, size, { highlight, play, focus }) {
  const n = board.size;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c, x = c * size, y = r * size;
      const rect = el("rect", { x, y, width: size, height: size, fill: cellFill(board, state, i, r, c),
        stroke: "#c3c8d0", "stroke-width": 0.6, class: "cell", "data-row": r, "data-col": c }, g);
      if (play) rect.addEventListener("click", () => { ui.selected = i; ui.redraw(); });
      const value = state.values[i];
      if (value) {
        text(g, x + size / 2, y + size / 2 + 1, board.symbols[value - 1], {
          "font-size": size * 0.6, "font-weight": board.givens[i] ? 700 : 400,
          fill: board.givens[i] ? COLOURS.ink : ENTRY, class: board.givens[i] ? "given" : "entry",
          "pointer-events": "none" });
      } else if (state.notes[i]) {
        drawNotes(g, board, state.notes[i], x, y, size);
      }
      if (highlight && highlight.cells.has(`${r},${c}`)) {
        el("rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, fill: "none",
          stroke: highlight.colour, "stroke-width": 3, rx: 3, "pointer-events": "none" }, g);
      }
      if (focus && focus[0] === r && focus[1] === c) {
        el("circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.46, fill: "none",
          stroke: COLOURS.hint, "stroke-width": 3, "pointer-events": "none" }, g);
      }
    }
  }
  el("path", { d: walls(board, size), stroke: COLOURS.ink, "stroke-width": 2.4, "stroke-linecap": "square", fill: "none", "pointer-events": "none" }, g);
  el("rect", { x: 0, y: 0, width: n * size, height: n * size, fill: "none", stroke: COLOURS.ink, "stroke-width": 3, "pointer-events": "none" }, g);
}

function drawKeypad(g, board, top, width, play) {
  // One key a value, then the pencil toggle and the eraser.
  const keys = [...board.symbols, PENCIL, ERASE], side = width / keys.length;
  keys.forEach((key, k) => {
    const on = key === PENCIL && ui.pencil;
    const button = el("g", { class: "key", "data-key": key, cursor: "pointer" }, g);
    el("rect", { x: k * side + 1, y: top, width: side - 2, height: side - 2, rx: 4,
      fill: on ? ENTRY : "#f1f3f6", stroke: "#c3c8d0" }, button);
    text(button, k * side + side / 2, top + side / 2, key, { "font-size": side * 0.5, fill: on ? "#fff" : COLOURS.ink, "pointer-events": "none" });
    button.addEventListener("click", () => {
      if (key === PENCIL) { ui.pencil = !ui.pencil; ui.redraw(); return; }
      const move = entryMove(ui.selected, key === ERASE ? 0 : k + 1, ui.pencil);
      if (move) play(move);
    });
  });
  return side;
}

function drawBoard(svg, board, state, options) {
  const n = board.size, pad = 4;
  const size = cellSize(n + (options.play ? 1.3 : 0), n, 56, 16);
  const keypad = options.play ? (n * size) / (n + 2) + 8 : 0;
  clear(svg, n * size + 2 * pad, n * size + keypad + 2 * pad);
  const g = el("g", { transform: `translate(${pad},${pad})` }, svg);
  drawGrid(g, board, state, size, options);
  if (options.play) drawKeypad(g, board, n * size + 8, n * size, options.play);
}

function traceValues(board, step) {
  // A trace step's grid, when it carries one (symbols, "." blank), else the givens.
  const grid = step && typeof step.board === "string" ? step.board.replace(/\s/g, "") : "";
  if (grid.length !== board.size * board.size) return board.givens.slice();
  return [...grid].map((ch) => Math.max(valueOf(board, ch), 0));
}

export default {
  help: "Fill the grid so that every row, column and region (thick lines) holds each value " +
        "once, and each shaded diagonal too when there are diagonals. Click a cell and type " +
        "a value (or use the keys below); Shift+value or the pencil key: a pencil mark; " +
        "Backspace: clear; arrow keys: move.",
  defaults: { difficulty: "easy" },

  init(board) {
    ui.selected = null;
    ui.pencil = false;
    return { values: board.givens.slice(), notes: new Array(board.size * board.size).fill(0) };
  },

  apply(board, state, move) {
    if (move.unnotes) {  // pencil marks a hint rules out
      const notes = state.notes.slice();
      for (const [cell, v] of move.unnotes) notes[cell] &= ~(1 << (v - 1));
      return notes.some((m, i) => m !== state.notes[i]) ? { values: state.values, notes } : null;
    }
    const { cell } = move;
    if (board.givens[cell]) return null;
    if (move.note !== undefined) {
      if (state.values[cell]) return null;
      const notes = state.notes.slice();
      notes[cell] ^= 1 << (move.note - 1);
      return { values: state.values, notes };
    }
    if (state.values[cell] === move.value && (move.value || !state.notes[cell])) return null;
    const values = state.values.slice(), notes = state.notes.slice();
    if (!move.value && !values[cell]) notes[cell] = 0;  // clearing a blank clears its marks
    values[cell] = move.value;
    return { values, notes };
  },

  key(board, state, event) {
    if (moveSelection(board.size, event.key)) {
      event.preventDefault();
      ui.redraw();
      return null;
    }
    const value = keyed(board, event);
    return value < 0 ? null : entryMove(ui.selected, value, ui.pencil !== event.shiftKey);
  },

  complete(board, state) {
    return state.values.every((v) => v > 0);
  },

  answer(board, state) {
    const n = board.size, rows = [];
    for (let r = 0; r < n; r++) {
      rows.push(state.values.slice(r * n, r * n + n).map((v) => (v ? board.symbols[v - 1] : ".")).join(""));
    }
    return rows.join("\n");
  },

  fromAnswer(board, answer, state) {
    const values = [...answer.replace(/\s/g, "")].map((ch) => Math.max(valueOf(board, ch), 0));
    return { values, notes: state ? state.notes : new Array(values.length).fill(0) };
  },

  counter(game) {
    const filled = game.state.values.filter((v) => v > 0).length;
    return `${filled} of ${game.state.values.length} cells`;
  },

  hintMove(board, state, answer) {
    // A wrong entry is cleared, a value placed, else the pencil marks ruled out are removed.
    const n = board.size, marks = answer.marks || [];
    const wrong = marks.find((m) => m[2] === "wrong");
    if (wrong) return { cell: wrong[0] * n + wrong[1], value: 0 };
    const place = marks.find((m) => m[2] === "place" && state.values[m[0] * n + m[1]] !== m[3]);
    if (place) return { cell: place[0] * n + place[1], value: place[3] };
    const unnotes = marks.filter((m) => m[2] === "remove" && state.notes[m[0] * n + m[1]] & (1 << (m[3] - 1)))
      .map((m) => [m[0] * n + m[1], m[3]]);
    return unnotes.length ? { unnotes } : null;
  },

  draw(svg, board, state, { marks: highlight, play }) {
    const colour = highlight && highlight.kind === "hint" ? COLOURS.hint : COLOURS.bad;
    const options = { highlight: highlight ? { cells: markSet(highlight), colour } : null, play };
    ui.redraw = () => drawBoard(svg, board, state, options);
    ui.redraw();
  },

  // Sudoku's trace (when the server offers one) is drawn from the step's "board" (the grid
  // of symbols) and "cell"; a step without them shows the givens.
  drawTrace(svg, board, trace, index) {
    const step = trace.steps[index] || {};
    const state = { values: traceValues(board, step), notes: new Array(board.size * board.size).fill(0) };
    drawBoard(svg, board, state, { focus: step.cell });
  },

  traceInfo(board, trace, index) {
    const step = trace.steps[index] || {};
    return { text: step.text || [step.depth !== undefined ? `depth ${step.depth}` : "", step.kind].filter(Boolean).join(": ") };
  },
};
