// Net: turn the tiles so that every connector meets another and (connected rule) all tiles
// form one tree.  Click turns a tile clockwise, right-click anticlockwise, shift-click locks
// it.  The part connected to the source (the centre tile) is lit.
// A tile is a mask of connectors: 1 up, 2 left, 4 down, 8 right (one hex digit).
// board.barriers: per tile, the mask of its sides closed by a barrier (no link crosses one).
import { clear, el, markSet, COLOURS, cellSize } from "/puzzles/svg.js";

const UP = 1, LEFT = 2, DOWN = 4, RIGHT = 8;
const SIDES = [[UP, -1, 0, DOWN], [LEFT, 0, -1, RIGHT], [DOWN, 1, 0, UP], [RIGHT, 0, 1, LEFT]];

function clockwise(v) { return ((v >> 1) | (v << 3)) & 15; }        // up -> right -> down -> left
function turned(v, quarter) { for (let k = 0; k < ((quarter % 4) + 4) % 4; k++) v = clockwise(v); return v; }

function tileAt(board, state, r, c) { return turned(board.tiles[r][c], state.turns[r][c]); }

function closed(board, r, c, bit) { return Boolean(board.barriers && board.barriers[r][c] & bit); }

function neighbour(board, r, c, dr, dc, bit = 0) {
  // The tile next to (r, c), or null off the board or behind a barrier on side ``bit``.
  if (bit && closed(board, r, c, bit)) return null;
  let rr = r + dr, cc = c + dc;
  if (board.wrap) { rr = (rr + board.rows) % board.rows; cc = (cc + board.cols) % board.cols; }
  return rr >= 0 && cc >= 0 && rr < board.rows && cc < board.cols ? [rr, cc] : null;
}

function source(board) { return [Math.floor(board.rows / 2), Math.floor(board.cols / 2)]; }

function lit(board, state) {
  // Cells reached from the source through matching connectors.
  const [sr, sc] = source(board);
  const seen = new Set([`${sr},${sc}`]);
  const queue = [[sr, sc]];
  while (queue.length) {
    const [r, c] = queue.pop();
    const v = tileAt(board, state, r, c);
    for (const [bit, dr, dc, back] of SIDES) {
      if (!(v & bit)) continue;
      const next = neighbour(board, r, c, dr, dc, bit);
      if (!next) continue;
      const [rr, cc] = next;
      if (tileAt(board, state, rr, cc) & back && !seen.has(`${rr},${cc}`)) { seen.add(`${rr},${cc}`); queue.push(next); }
    }
  }
  return seen;
}

function matched(board, state) {
  for (let r = 0; r < board.rows; r++) {
    for (let c = 0; c < board.cols; c++) {
      const v = tileAt(board, state, r, c);
      for (const [bit, dr, dc, back] of SIDES) {
        const next = neighbour(board, r, c, dr, dc, bit);
        const other = next ? tileAt(board, state, next[0], next[1]) & back : 0;
        if (Boolean(v & bit) !== Boolean(other)) return false;
      }
    }
  }
  return true;
}

function drawNet(svg, board, state, { play, highlight, focus }) {
  const size = cellSize(board.rows, board.cols, 56, 14);
  const pad = 4;
  clear(svg, board.cols * size + 2 * pad, board.rows * size + 2 * pad);
  const g = el("g", { transform: `translate(${pad},${pad})` }, svg);
  const on = lit(board, state);
  const [sr, sc] = source(board);
  const width = Math.max(3, size * 0.16);
  for (let r = 0; r < board.rows; r++) {
    for (let c = 0; c < board.cols; c++) {
      const x = c * size, y = r * size, cx = x + size / 2, cy = y + size / 2;
      const locked = state.locked[r][c];
      const cell = el("g", { class: "cell tile", "data-row": r, "data-col": c }, g);
      el("rect", { x, y, width: size, height: size, fill: locked ? "#c9ced6" : "#eef1f6", stroke: "#aab2bf", "stroke-width": 0.8 }, cell);
      const v = tileAt(board, state, r, c);
      const colour = on.has(`${r},${c}`) ? "#17a2b8" : "#3b4452";
      const segments = [];
      if (v & UP) segments.push(`M${cx},${cy}V${y}`);
      if (v & DOWN) segments.push(`M${cx},${cy}V${y + size}`);
      if (v & LEFT) segments.push(`M${cx},${cy}H${x}`);
      if (v & RIGHT) segments.push(`M${cx},${cy}H${x + size}`);
      if (segments.length) el("path", { d: segments.join(""), stroke: colour, "stroke-width": width, "stroke-linecap": "butt", "pointer-events": "none" }, cell);
      const count = [UP, LEFT, DOWN, RIGHT].filter((b) => v & b).length;
      if (r === sr && c === sc) {
        el("rect", { x: cx - size * 0.22, y: cy - size * 0.22, width: size * 0.44, height: size * 0.44, fill: "#17a2b8", stroke: "#1d2430", "stroke-width": 1.5, "pointer-events": "none" }, cell);
      } else if (count === 1) {
        el("rect", { x: cx - size * 0.17, y: cy - size * 0.17, width: size * 0.34, height: size * 0.34, fill: on.has(`${r},${c}`) ? "#bfeff5" : "#f8f9fb", stroke: colour, "stroke-width": 2, "pointer-events": "none" }, cell);
      } else if (count > 1) {
        el("circle", { cx, cy, r: width / 2, fill: colour, "pointer-events": "none" }, cell);
      }
      if (highlight && highlight.cells.has(`${r},${c}`)) {
        el("rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, fill: "none", stroke: highlight.colour, "stroke-width": 3, rx: 3, "pointer-events": "none" }, cell);
      }
      if (focus && focus[0] === r && focus[1] === c) {
        el("circle", { cx, cy, r: size * 0.45, fill: "none", stroke: COLOURS.hint, "stroke-width": 3, "pointer-events": "none" }, cell);
      }
      if (play) {
        cell.addEventListener("click", (event) => play({ r, c, action: event.shiftKey ? "lock" : "cw" }));
        cell.addEventListener("contextmenu", (event) => { event.preventDefault(); play({ r, c, action: "ccw" }); });
      }
    }
  }
  const bars = [];  // each barrier on the right of / below its tile (and the wrap edge's other side)
  for (let r = 0; r < board.rows; r++) {
    for (let c = 0; c < board.cols; c++) {
      const x = c * size, y = r * size;
      if (closed(board, r, c, RIGHT)) bars.push(`M${x + size},${y}v${size}`);
      if (closed(board, r, c, DOWN)) bars.push(`M${x},${y + size}h${size}`);
      if (c === 0 && closed(board, r, c, LEFT)) bars.push(`M${x},${y}v${size}`);
      if (r === 0 && closed(board, r, c, UP)) bars.push(`M${x},${y}h${size}`);
    }
  }
  if (bars.length) el("path", { class: "barriers", d: bars.join(""), stroke: "#1f3f8f", "stroke-width": Math.max(3, size * 0.14), "stroke-linecap": "square", "pointer-events": "none" }, g);
  el("rect", { x: 0, y: 0, width: board.cols * size, height: board.rows * size, fill: "none", stroke: COLOURS.ink, "stroke-width": board.wrap ? 1 : 3, "stroke-dasharray": board.wrap ? "4 3" : null, "pointer-events": "none" }, g);
}

function copy(state) {
  return { turns: state.turns.map((row) => row.slice()), locked: state.locked.map((row) => row.slice()) };
}

const HEX = "0123456789abcdef";

export default {
  help: "Turn the tiles so that every connector meets another and all tiles join into one " +
        "network without loops. Click: turn clockwise; right-click: anticlockwise; " +
        "shift-click: lock. The part joined to the centre tile is lit.",

  init(board) {
    return { turns: board.tiles.map((row) => row.map(() => 0)), locked: board.tiles.map((row) => row.map(() => false)) };
  },

  apply(board, state, move) {
    const { r, c } = move;
    const next = copy(state);
    if (move.action === "lock") { next.locked[r][c] = !state.locked[r][c]; return next; }
    if (state.locked[r][c]) return null;
    if (move.action === "set") {
      if (state.turns[r][c] === move.turns) return null;
      next.turns[r][c] = move.turns;
      return next;
    }
    // A straight or a cross may look the same turned: still a move, as in Tatham's Net.
    next.turns[r][c] = (state.turns[r][c] + (move.action === "ccw" ? 3 : 1)) % 4;
    return next;
  },

  complete(board, state) {
    return matched(board, state);
  },

  // The answer format: the turned tiles, one hex digit each, one row per line.
  answer(board, state) {
    return board.tiles.map((row, r) => row.map((_, c) => HEX[tileAt(board, state, r, c)]).join("")).join("\n");
  },

  fromAnswer(board, answer, state) {
    const next = copy(state || this.init(board));
    answer.trim().split("\n").forEach((line, r) => {
      [...line.trim()].forEach((ch, c) => {
        const want = parseInt(ch, 16);
        for (let k = 0; k < 4; k++) if (turned(board.tiles[r][c], k) === want) { next.turns[r][c] = k; break; }
      });
    });
    return next;
  },

  counter(game) {
    const on = lit(game.board, game.state).size;
    const all = game.board.tiles.flat().filter((v) => v).length;
    return `${game.moves} move${game.moves === 1 ? "" : "s"}, ${on} of ${all} tiles lit`;
  },

  hintMove(board, state, answer) {
    const cells = answer.marks || [];
    if (!cells.length || cells[0].length < 3) return null;
    const [r, c, tile] = cells[0];
    for (let k = 0; k < 4; k++) {
      if (turned(board.tiles[r][c], k) === tile) return state.turns[r][c] === k ? null : { r, c, action: "set", turns: k };
    }
    return null;
  },

  traceState(board, state) {
    // The deductions start from the player's tiles once any is turned.
    return state.turns.some((row) => row.some((k) => k)) ? this.answer(board, state) : null;
  },

  draw(svg, board, state, { marks, play }) {
    const colour = marks && marks.kind === "hint" ? COLOURS.hint : COLOURS.bad;
    drawNet(svg, board, state, { play, highlight: marks ? { cells: markSet(marks), colour } : null });
  },

  drawTrace(svg, board, trace, index) {
    const step = trace.steps[index];
    const state = this.fromAnswer(board, step.answer, null);
    drawNet(svg, board, state, { focus: step.cell });
  },

  traceInfo(board, trace, index) {
    return { text: trace.steps[index].text || "" };
  },
};
