// N-Queens: click a square to put the column's queen there (click it again to take it away).
// The state is the row of each column's queen (null: none); the answer format is those rows
// separated by spaces, "." for an empty column ("1 3 . 2").
import { clear, el, markSet, text, COLOURS, cellSize } from "/puzzles/svg.js";

const CELL = 60;
const MAX_DRAWN = 100;

function given(board) {
  return new Map((board.givens || []).map(([c, r]) => [c, r]));
}

function attacks(n, rows) {
  // For each placed queen: how many others attack it; and which squares are attacked.
  const row = new Array(n).fill(0), up = new Array(2 * n).fill(0), down = new Array(2 * n).fill(0);
  rows.forEach((r, c) => { if (r !== null) { row[r]++; up[c + r]++; down[c - r + n]++; } });
  const attackedBy = (r, c) => row[r] + up[c + r] + down[c - r + n];
  return { attackedBy };
}

function queen(parent, x, y, size, colour) {
  // A crown: five points over a band.
  const s = size / 40;
  const path = `M${x - 14 * s},${y + 10 * s} L${x - 16 * s},${y - 8 * s} L${x - 8 * s},${y + 1 * s}
    L${x},${y - 13 * s} L${x + 8 * s},${y + 1 * s} L${x + 16 * s},${y - 8 * s} L${x + 14 * s},${y + 10 * s} Z`;
  el("path", { d: path, fill: colour, stroke: "#111", "stroke-width": 1.2 * s, "stroke-linejoin": "round" }, parent);
  el("rect", { x: x - 14 * s, y: y + 10 * s, width: 28 * s, height: 4 * s, fill: colour, stroke: "#111", "stroke-width": 1.2 * s }, parent);
}

export default {
  help: "Click a square to place the queen of its column there; click it again to remove it. " +
        "Tinted squares are attacked; a red queen is attacked by another.",

  init(board) {
    const rows = new Array(board.n).fill(null);
    for (const [c, r] of given(board)) rows[c] = r;
    return rows;
  },

  apply(board, rows, move) {
    const [r, c] = move;
    if (given(board).has(c)) return null;
    const next = rows.slice();
    next[c] = rows[c] === r ? null : r;
    return next;
  },

  complete(board, rows) {
    return rows.every((r) => r !== null);
  },

  answer(board, rows) {
    return rows.map((r) => (r === null ? "." : String(r))).join(" ");
  },

  fromAnswer(board, textAnswer) {
    const lines = textAnswer.trim().split(/\n/);
    if (lines.length > 1) {
      const rows = new Array(board.n).fill(null);
      lines.forEach((line, r) => [...line.trim()].forEach((ch, c) => { if (ch === "Q" || ch === "K") rows[c] = r; }));
      return rows;
    }
    return lines[0].trim().split(/[\s,]+/).map((t) => (t === "." || t === "-" ? null : Number(t)));
  },

  counter(game) {
    const placed = game.state.filter((r) => r !== null).length;
    return `${placed} of ${game.board.n} queens`;
  },

  hintMove(board, rows, answer) {
    const move = answer.move;
    if (!move) return null;
    if (move.action === "remove") return [move.row, move.column];
    if (move.action === "place" || move.action === "move") return [move.row, move.column];
    return null;
  },

  traceState(board, rows) {
    return rows.some((r) => r !== null) ? this.answer(board, rows) : null;
  },

  draw(svg, board, rows, { marks, play }) {
    const n = board.n;
    if (n > MAX_DRAWN) {
      clear(svg, 400, 60);
      text(svg, 200, 30, `${n} queens: too many squares to draw; use Solve or the API`, { "font-size": 14 });
      return;
    }
    const size = cellSize(n, n, CELL, 8);
    clear(svg, n * size + 2, n * size + 2);
    const g = el("g", { transform: "translate(1,1)" }, svg);
    const { attackedBy } = attacks(n, rows);
    const fixed = given(board);
    const marked = markSet(marks);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const dark = (r + c) % 2 === 1;
        const hot = rows.some((q, qc) => q !== null && qc !== c &&
          (q === r || Math.abs(q - r) === Math.abs(qc - c))) || (rows[c] !== null && rows[c] !== r);
        const fill = hot ? (dark ? "#d9b9a6" : "#f0d9cb") : (dark ? "#b7c4d6" : "#eef1f6");
        const rect = el("rect", { x: c * size, y: r * size, width: size, height: size, fill,
          class: "cell", "data-row": r, "data-col": c }, g);
        rect.addEventListener("click", () => play([r, c]));
        if (marked.has(`${r},${c}`)) {
          el("rect", { x: c * size + 2, y: r * size + 2, width: size - 4, height: size - 4, fill: "none",
            stroke: marks.kind === "hint" ? COLOURS.hint : COLOURS.bad, "stroke-width": 3, "pointer-events": "none" }, g);
        }
      }
    }
    rows.forEach((r, c) => {
      if (r === null) return;
      const under = attackedBy(r, c) - 3 > 0;
      const colour = fixed.has(c) ? "#555" : under ? COLOURS.bad : "#f5f5f5";
      const piece = el("g", { "pointer-events": "none", class: "queen", "data-row": r, "data-col": c }, g);
      queen(piece, c * size + size / 2, r * size + size / 2, size, colour);
    });
    el("rect", { x: 0, y: 0, width: n * size, height: n * size, fill: "none", stroke: COLOURS.ink, "stroke-width": 2 }, g);
  },

  drawTrace(svg, board, trace, index) {
    const rows = trace.start.slice();
    for (let i = 0; i <= index && i < trace.steps.length; i++) rows[trace.steps[i].col] = trace.steps[i].to;
    const step = trace.steps[index];
    const marks = step ? { cells: [[step.from, step.col], [step.to, step.col]], kind: "hint" } : null;
    this.draw(svg, board, rows, { marks, play: () => {} });
  },

  traceInfo(board, trace, index) {
    const step = trace.steps[index];
    if (!step) return { text: "the start: a queen in every column, placed at random" };
    const what = step.from === null ? `place the queen of column ${step.col} on row ${step.to}`
      : `move the queen of column ${step.col} from row ${step.from} to row ${step.to}`;
    return { text: `${what}; ` +
      `${step.attacked} queen${step.attacked === 1 ? " is" : "s are"} attacked` };
  },
};
