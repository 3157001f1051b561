// Any puzzle without a drawing of its own: the text, and the answer typed in as text.
import { clear, text } from "./svg.js";

export default {
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
  drawTrace(svg, board) { this.draw(svg, board, board.text); },
  traceInfo() { return { text: "" }; },
};
