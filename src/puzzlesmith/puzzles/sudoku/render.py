"""The SVG drawing of a Sudoku: thin cell lines, thick region walls, the diagonals of the X
variant, givens in black and the answer's values in blue.

>>> from .board import parse
>>> svg = render_svg(parse("sudoku 2x2\\n1...\\n..1.\\n.1..\\n...1\\n"))
>>> svg.count('class="given"')
4
"""

from __future__ import annotations

from ...render import draw
from .board import Sudoku, symbol

__all__ = ["render_svg", "CELL"]

#: The side of a cell in SVG units.
CELL = 36
ANSWER_INK = "#1f4fbf"


def render_svg(board: Sudoku, answer: tuple[int, ...] | None = None) -> str:
    """The board, with ``answer`` (a filled or partly filled grid) drawn on it."""
    n, cell = board.size, CELL
    body = []
    if board.diagonals:
        d = f"M0,0L{n * cell},{n * cell}M{n * cell},0L0,{n * cell}"
        body.append(f'<path class="diagonals" d="{d}" stroke="#bbb" stroke-width="2" '
                    'stroke-dasharray="4 4" fill="none"/>')
    body.append(draw.grid_lines(n, n, cell, stroke="#999", width=1))
    grid = [[board.regions[r * n + c] for c in range(n)] for r in range(n)]
    body.append(draw.region_walls(grid, cell, line=cell * 0.08))
    body.append(draw.frame(n * cell, n * cell, line=cell * 0.1))
    size = cell * 0.6
    for i, value in enumerate(board.givens):
        entry = value or (answer[i] if answer is not None else 0)
        if not entry:
            continue
        x, y = (i % n + 0.5) * cell, (i // n + 0.5) * cell + size * 0.36
        text = draw.label(x, y, symbol(entry), size, weight="bold" if value else "normal",
                          fill=draw.INK if value else ANSWER_INK)
        kind = "given" if value else "entry"
        body.append(text.replace("<text ", f'<text class="{kind}" ', 1))
    pad = cell * 0.1
    return draw.document(n * cell + 2 * pad, n * cell + 2 * pad, body, x=-pad, y=-pad)
