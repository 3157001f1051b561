// Sliding tiles: click a tile next to the gap, or press an arrow key to slide a tile that way.
// The state is the current tiles and the moves made; a move names the direction in which the
// *blank* goes (U, D, L, R), as in puzzlesmith's answers.
import { clear, el, escape, text, COLOURS, cellSize } from "/puzzles/svg.js";

const STEP = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };
// An arrow key slides a tile in its direction, so the blank goes the other way.
const KEYS = { ArrowUp: "D", ArrowDown: "U", ArrowLeft: "R", ArrowRight: "L" };
const DIGITS = "0123456789abcdefghijklmnopqrstuv";

function slide(board, tiles, letter) {
  const blank = tiles.indexOf(0);
  const r = Math.floor(blank / board.cols), c = blank % board.cols;
  const [dr, dc] = STEP[letter];
  if (r + dr < 0 || r + dr >= board.rows || c + dc < 0 || c + dc >= board.cols) return null;
  const other = blank + dr * board.cols + dc;
  const next = tiles.slice();
  next[blank] = next[other];
  next[other] = 0;
  return next;
}

function letterFor(board, tiles, cell) {
  // The blank move that slides the tile in ``cell`` into the gap (null if not adjacent).
  const blank = tiles.indexOf(0);
  for (const [letter, [dr, dc]] of Object.entries(STEP)) {
    const r = Math.floor(blank / board.cols) + dr, c = (blank % board.cols) + dc;
    if (r >= 0 && c >= 0 && r < board.rows && c < board.cols && r * board.cols + c === cell) return letter;
  }
  return null;
}

function same(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function drawTiles(svg, board, tiles, { play, highlight, caption, small }) {
  const size = small ? 24 : cellSize(board.rows, board.cols, 96, 28);
  const pad = 6;
  clear(svg, board.cols * size + 2 * pad, board.rows * size + 2 * pad + (caption ? 26 : 0));
  const g = el("g", { transform: `translate(${pad},${pad})` }, svg);
  el("rect", { x: -3, y: -3, width: board.cols * size + 6, height: board.rows * size + 6, rx: 8, fill: "#3b4452" }, g);
  tiles.forEach((tile, cell) => {
    const r = Math.floor(cell / board.cols), c = cell % board.cols;
    if (tile === 0) return;
    const home = board.goal.indexOf(tile) === cell;
    const group = el("g", { class: "cell tile", "data-tile": tile, "data-row": r, "data-col": c }, g);
    el("rect", { x: c * size + 2, y: r * size + 2, width: size - 4, height: size - 4, rx: 7,
      fill: highlight && highlight.has(cell) ? COLOURS.hint : home ? "#f4efe2" : "#e4e9f2",
      stroke: "#1d2430", "stroke-width": 1 }, group);
    text(group, c * size + size / 2, r * size + size / 2, String(tile),
      { "font-size": size * 0.4, "font-weight": 600, fill: "#1d2430", "pointer-events": "none" });
    if (play) group.addEventListener("click", () => { const letter = letterFor(board, tiles, cell); if (letter) play(letter); });
  });
  if (caption) text(svg, pad + (board.cols * size) / 2, board.rows * size + 2 * pad + 12, caption, { "font-size": 14, fill: "#1d2430" });
}

function boardText(board, name) {
  // "268103745" -> "268/1·3/745": rows apart, the blank as a dot.
  const cells = [...name].map((ch) => (ch === "0" ? "\u00b7" : ch));
  const rows = [];
  for (let r = 0; r < board.rows; r++) rows.push(cells.slice(r * board.cols, (r + 1) * board.cols).join(board.cols > 4 || board.rows * board.cols > 16 ? " " : ""));
  return rows.join("/");
}

function parseState(board, name) {
  return [...name].map((ch) => DIGITS.indexOf(ch));
}

export default {
  hidden: ["pdb"],           // pattern databases are the solver's business

  help: "Slide the tiles into order, the gap last. Click a tile next to the gap, or use the " +
        "arrow keys (an arrow slides a tile in its direction).",

  init(board) {
    return { tiles: board.tiles.slice(), moves: "" };
  },

  async prepare(game, api) {
    // The optimal length, for the move counter (a small board solves in milliseconds).
    const answer = await api(game.name, "solve", { text: game.text, timeout: 5 });
    if (answer.answer !== undefined && answer.optimal !== false) {
      game.info.optimal = (answer.moves !== undefined ? answer.moves : answer.answer).replace(/[^UDLR]/gi, "").length;
    }
  },

  apply(board, state, letter) {
    const tiles = slide(board, state.tiles, letter);
    if (!tiles) return null;
    const last = state.moves.slice(-1);
    const opposite = { U: "D", D: "U", L: "R", R: "L" }[letter];
    // Taking a move back shortens the move list, as a player would count it.
    const moves = last === opposite ? state.moves.slice(0, -1) : state.moves + letter;
    return { tiles, moves };
  },

  key(board, state, event) {
    const letter = KEYS[event.key];
    return letter && slide(board, state.tiles, letter) ? letter : null;
  },

  complete(board, state) {
    return same(state.tiles, board.goal);
  },

  answer(board, state) {
    return state.moves;
  },

  fromAnswer(board, answer, state) {
    let tiles = board.tiles.slice();
    const moves = answer.replace(/[^UDLR]/gi, "").toUpperCase();
    for (const letter of moves) tiles = slide(board, tiles, letter) || tiles;
    return { tiles, moves };
  },

  counter(game) {
    const made = game.state.moves.length;
    const optimal = game.info.optimal;
    return optimal !== undefined ? `${made} moves (optimal: ${optimal})` : `${made} moves`;
  },

  hintMove(board, state, answer) {
    const letter = answer.move && typeof answer.move === "string" ? answer.move :
      answer.move && answer.move.blank ? answer.move.blank : null;
    return letter && slide(board, state.tiles, letter) ? letter : null;
  },

  traceState(board, state) {
    return state.moves || null;
  },

  draw(svg, board, state, { marks, play }) {
    let highlight = null;
    if (marks && marks.cells && marks.cells.length) {
      highlight = new Set(marks.cells.map(([r, c]) => r * board.cols + c));
    }
    drawTiles(svg, board, state.tiles, { play, highlight });
  },

  drawTrace(svg, board, trace, index) {
    const step = trace.steps[index];
    const caption = trace.method === "idastar" ? `g ${step.g} + h ${step.h} = f ${step.f}  (bound ${step.bound})`
      : `g ${step.g} + h ${step.h} = f ${step.f}`;
    drawTiles(svg, board, parseState(board, step.state), { caption });
  },

  traceInfo(board, trace, index) {
    const step = trace.steps[index];
    if (trace.method === "idastar") {
      return {
        text: `iteration ${step.iteration} (bound ${step.bound}): expand the board at depth ${step.g}, f = ${step.f}`,
        html: `<p>path from the start: <code>${escape(step.path || "(the start)")}</code></p>`,
      };
    }
    const rows = step.frontier.map(([name, g, h]) =>
      `<tr><td>${escape(boardText(board, name))}</td><td>${g}</td><td>${h}</td><td>${g + h}</td></tr>`).join("");
    return {
      text: `expand the board with f = ${step.f} (g ${step.g}, h ${step.h}); ` +
            `${step.open} on the frontier, ${step.closed} expanded`,
      html: `<p>next on the frontier (best f first):</p><table><tr><th>board</th><th>g</th>` +
            `<th>h</th><th>f</th></tr>${rows}</table>`,
    };
  },
};
