// Star Battle: click a cell to cycle star / dot / empty; right-click puts or takes a dot.
// The state is one mark per cell: 0 empty, 1 star, 2 dot (the player's "no star here").
import { clear, el, markSet, text, COLOURS, cellSize } from "/puzzles/svg.js";

const EMPTY = 0, STAR = 1, DOT = 2;
const PALETTE = ["#f6d6d6", "#d7e8f7", "#dff2d8", "#f8ecc9", "#e7dcf4", "#d5f0ee", "#f7dfee",
  "#e9e4d4", "#dde3f0", "#f3e1d2", "#e1efe2", "#f0f0d0", "#e0d9e9", "#d9ece6", "#f2dcdc"];

function regionColours(board) {
  // Neighbouring regions get different colours (greedy colouring of the region graph).
  const names = [...new Set(board.regions.join("").replaceAll(board.void, "").replaceAll(" ", ""))];
  const touching = new Map(names.map((n) => [n, new Set()]));
  for (let r = 0; r < board.rows; r++) {
    for (let c = 0; c < board.cols; c++) {
      const a = board.regions[r][c];
      for (const [dr, dc] of [[0, 1], [1, 0]]) {
        const b = (board.regions[r + dr] || "")[c + dc];
        if (b && a !== b && touching.has(a) && touching.has(b)) { touching.get(a).add(b); touching.get(b).add(a); }
      }
    }
  }
  const colour = new Map();
  names.forEach((name, index) => {
    const used = new Set([...touching.get(name)].map((n) => colour.get(n)));
    let k = index % PALETTE.length;
    while (used.has(k % PALETTE.length) && k < index + PALETTE.length) k++;
    colour.set(name, k % PALETTE.length);
  });
  return (name) => PALETTE[(colour.get(name) || 0) % PALETTE.length];
}

function starPath(x, y, radius) {
  const points = [];
  for (let k = 0; k < 10; k++) {
    const angle = -Math.PI / 2 + (k * Math.PI) / 5;
    const length = k % 2 === 0 ? radius : radius * 0.45;
    points.push(`${(x + length * Math.cos(angle)).toFixed(2)},${(y + length * Math.sin(angle)).toFixed(2)}`);
  }
  return `M${points.join("L")}Z`;
}

function touchingStars(board, marks) {
  const bad = new Set();
  for (let r = 0; r < board.rows; r++) {
    for (let c = 0; c < board.cols; c++) {
      if (marks[r * board.cols + c] !== STAR) continue;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr, cc = c + dc;
          if ((dr || dc) && rr >= 0 && cc >= 0 && rr < board.rows && cc < board.cols &&
              marks[rr * board.cols + cc] === STAR) bad.add(`${r},${c}`);
        }
      }
    }
  }
  return bad;
}

function totalStars(board) {
  return board.row_stars.reduce((a, b) => a + b, 0);
}

function drawBoard(svg, board, marks, { highlight, play, focus }) {
  const size = cellSize(board.rows, board.cols, 56, 14);
  const pad = 4;
  clear(svg, board.cols * size + 2 * pad, board.rows * size + 2 * pad);
  const g = el("g", { transform: `translate(${pad},${pad})` }, svg);
  const colourOf = regionColours(board);
  const touching = touchingStars(board, marks);
  for (let r = 0; r < board.rows; r++) {
    for (let c = 0; c < board.cols; c++) {
      const region = board.regions[r][c];
      const isVoid = region === board.void;
      const fill = isVoid ? "#9aa3b0" : region === " " ? "#ffffff" : colourOf(region);
      const rect = el("rect", { x: c * size, y: r * size, width: size, height: size, fill,
        stroke: "#c3c8d0", "stroke-width": 0.6, class: "cell", "data-row": r, "data-col": c }, g);
      if (play && !isVoid) {
        rect.addEventListener("click", () => play({ r, c, button: "left" }));
        rect.addEventListener("contextmenu", (event) => { event.preventDefault(); play({ r, c, button: "right" }); });
      }
      const mark = marks[r * board.cols + c];
      const cx = c * size + size / 2, cy = r * size + size / 2;
      if (mark === STAR) {
        el("path", { d: starPath(cx, cy, size * 0.38), fill: touching.has(`${r},${c}`) ? COLOURS.bad : "#1d2430",
          class: "star", "pointer-events": "none" }, g);
      } else if (mark === DOT) {
        el("circle", { cx, cy, r: Math.max(2, size * 0.08), fill: "#5b6472", class: "dot", "pointer-events": "none" }, g);
      } else if (mark === "x") {
        el("path", { d: `M${cx - size * 0.15},${cy - size * 0.15}L${cx + size * 0.15},${cy + size * 0.15}M${cx + size * 0.15},${cy - size * 0.15}L${cx - size * 0.15},${cy + size * 0.15}`,
          stroke: "#7b8494", "stroke-width": 2, "pointer-events": "none" }, g);
      }
      if (highlight && highlight.cells.has(`${r},${c}`)) {
        el("rect", { x: c * size + 2, y: r * size + 2, width: size - 4, height: size - 4, fill: "none",
          stroke: highlight.colour, "stroke-width": 3, rx: 3, "pointer-events": "none" }, g);
      }
      if (focus && focus[0] === r && focus[1] === c) {
        el("circle", { cx, cy, r: size * 0.46, fill: "none", stroke: COLOURS.hint, "stroke-width": 3, "pointer-events": "none" }, g);
      }
    }
  }
  // Walls between regions, and the frame.
  const walls = [];
  for (let r = 0; r < board.rows; r++) {
    for (let c = 0; c < board.cols; c++) {
      const a = board.regions[r][c];
      if (c + 1 < board.cols && board.regions[r][c + 1] !== a) walls.push(`M${(c + 1) * size},${r * size}v${size}`);
      if (r + 1 < board.rows && board.regions[r + 1][c] !== a) walls.push(`M${c * size},${(r + 1) * size}h${size}`);
    }
  }
  el("path", { d: walls.join(""), stroke: COLOURS.ink, "stroke-width": 2.4, "stroke-linecap": "square", fill: "none", "pointer-events": "none" }, g);
  el("rect", { x: 0, y: 0, width: board.cols * size, height: board.rows * size, fill: "none", stroke: COLOURS.ink, "stroke-width": 3, "pointer-events": "none" }, g);
}

export default {
  help: "Place stars so that every row, column and region has its number of them and no two " +
        "stars touch, not even diagonally. Click: star, dot, empty. Right-click: dot.",

  init(board) {
    return new Array(board.rows * board.cols).fill(EMPTY);
  },

  apply(board, marks, move) {
    const k = move.r * board.cols + move.c;
    const next = marks.slice();
    if (move.set !== undefined) next[k] = move.set;
    else if (move.button === "right") next[k] = marks[k] === DOT ? EMPTY : DOT;
    else next[k] = (marks[k] + 1) % 3;
    return next[k] === marks[k] ? null : next;
  },

  complete(board, marks) {
    return marks.filter((m) => m === STAR).length === totalStars(board);
  },

  // The answer format: one line per row, '*' a star, 'x' ruled out (a dot), '.' unknown.
  answer(board, marks) {
    const lines = [];
    for (let r = 0; r < board.rows; r++) {
      let line = "";
      for (let c = 0; c < board.cols; c++) line += "*.x"[[STAR, EMPTY, DOT].indexOf(marks[r * board.cols + c])];
      lines.push(line);
    }
    return lines.join("\n");
  },

  fromAnswer(board, answer, marks) {
    const next = new Array(board.rows * board.cols).fill(EMPTY);
    answer.trim().split("\n").forEach((line, r) => {
      [...line.trim()].forEach((ch, c) => { if (ch === "*") next[r * board.cols + c] = STAR; });
    });
    // Keep nothing else: a solved board shows its stars only.
    return next;
  },

  counter(game) {
    const stars = game.state.filter((m) => m === STAR).length;
    return `${stars} of ${totalStars(game.board)} stars`;
  },

  hintMove(board, marks, answer) {
    // The first cell the hint decides (a wrong mark is cleared).
    for (const [r, c, kind] of answer.marks || []) {
      const set = kind === "star" ? STAR : kind === "dot" ? DOT : EMPTY;
      if (marks[r * board.cols + c] !== set) return { r, c, set };
    }
    return null;
  },

  draw(svg, board, marks, { marks: highlight, play }) {
    const colour = highlight && highlight.kind === "hint" ? COLOURS.hint : COLOURS.bad;
    drawBoard(svg, board, marks, { highlight: highlight ? { cells: markSet(highlight), colour } : null, play });
  },

  drawTrace(svg, board, trace, index) {
    const step = trace.steps[index];
    const marks = [...step.board].map((ch) => (ch === "*" ? STAR : ch === "x" ? "x" : EMPTY));
    drawBoard(svg, board, marks, { focus: step.cell });
  },

  traceInfo(board, trace, index) {
    const step = trace.steps[index];
    if (step.kind === "rule") return { text: step.text };
    const where = step.cell ? `r${step.cell[0] + 1}c${step.cell[1] + 1}` : "";
    const what = {
      take: `a star at ${where}, the first for ${step.unit}; propagated`,
      fail: `a star at ${where} for ${step.unit} breaks a rule: undone`,
      back: `no star at ${where} leaves ${step.unit} short: back up`,
      solution: "every unit has its stars: a solution",
    }[step.kind] || step.kind;
    return { text: `depth ${step.depth}: ${what}` };
  },
};
