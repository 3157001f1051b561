// Small helpers shared by the puzzle drawings.
const NS = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, value);
  }
  if (parent) parent.append(node);
  return node;
}

export function clear(svg, width, height) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
}

export function text(parent, x, y, content, attrs = {}) {
  const node = el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, parent);
  node.textContent = content;
  return node;
}

// The cells a hint or a check points at: [[row, column], ...] -> a Set of "r,c".
export function markSet(marks) {
  return new Set(((marks && marks.cells) || []).map(([r, c]) => `${r},${c}`));
}

export function escape(value) {
  return String(value).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[ch]));
}

export const COLOURS = {
  hint: "#f2b705",
  bad: "#c0392b",
  good: "#1f8a4c",
  ink: "#1d2430",
  grid: "#9aa3b0",
};

// The side of a cell: at most ``largest`` pixels, small enough for the board to fit the
// window beside the controls (and never below ``smallest``).
export function cellSize(rows, cols, largest, smallest = 12) {
  const wide = Math.min(window.innerWidth - 380, 900);
  const high = Math.max(window.innerHeight - 260, 240);
  return Math.max(smallest, Math.min(largest, Math.floor(wide / cols), Math.floor(high / rows)));
}
