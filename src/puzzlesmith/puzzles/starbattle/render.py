"""Star Battle drawings: the framed text board and SVG, on the shared drawing pieces.

The SVG is drawn for print, in black and white: thin grey cell lines, thick black walls
between regions, black stars, small dots on cells a player ruled out, grey cells for cells
that must stay empty (``.``).

>>> puzzle = StarBattle(("ab", "bb"), (1, 1), (1, 1), {"a": 1, "b": 1})
>>> print(framed(puzzle, [(0, 0), (1, 1)]))
+---+---+
| * |   |
+---+   +
|     * |
+---+---+
>>> svg(puzzle, [(0, 0)]).count("<polygon")
1
>>> drawn = svg(puzzle, Marks(frozenset({(0, 0)}), frozenset({(0, 1), (1, 0)})))
>>> draw.count(drawn, "star"), draw.count(drawn, "dot")
(1, 2)
"""

from __future__ import annotations

from collections.abc import Iterable

from ...render import draw
from .board import NO_REGION, VOID, Cell, Marks, StarBattle, solution_rows, stars_of

__all__ = ["framed", "svg"]

#: The side of a cell in SVG units.
CELL = 36


def _marks(puzzle: StarBattle, answer: Marks | Iterable[Cell] | None,
           star: str, ruled_out: str) -> list[str] | None:
    """One character per cell: ``star`` on stars, ``ruled_out`` on ruled-out marks."""
    if answer is None:
        return None
    table = str.maketrans({"*": star, "x": ruled_out, ".": " "})
    return [row.translate(table) for row in solution_rows(puzzle, answer)]


def framed(puzzle: StarBattle, answer: Marks | Iterable[Cell] | None = None) -> str:
    """The seed's ``render_board``: ``+---+`` frames, walls between regions, ``*`` stars
    (and ``x`` on cells a player ruled out)."""
    regions = puzzle.grid
    rows, cols = len(regions), len(regions[0])
    marks = _marks(puzzle, answer, "*", "x") or [" " * cols] * rows
    lines = ["+" + "---+" * cols]
    for r in range(rows):
        cells = []
        for c in range(cols):
            wall = c == cols - 1 or regions[r][c] != regions[r][c + 1]
            cells.append(f" {marks[r][c]} {'|' if wall else ' '}")
        lines.append("|" + "".join(cells))
        floor = ["---" if r == rows - 1 or regions[r][c] != regions[r + 1][c] else "   "
                 for c in range(cols)]
        lines.append("+" + "".join(f"{f}+" for f in floor))
    return "\n".join(lines)


def svg(puzzle: StarBattle, answer: Marks | Iterable[Cell] | None = None) -> str:
    """An SVG drawing: thick walls between regions, stars drawn (and a dot on cells a
    player ruled out)."""
    rows, cols, cell = puzzle.rows, puzzle.columns, CELL
    body = []
    void = [f"M{c * cell},{r * cell}h{cell}v{cell}h-{cell}z"
            for r, row in enumerate(puzzle.grid) for c, ch in enumerate(row) if ch == VOID]
    if void:
        body.append(f'<path class="void" d="{"".join(void)}" fill="#c8c8c8"/>')
    body.append(draw.grid_lines(rows, cols, cell, stroke="#999", width=1))
    # walls between regions, and around cells in no region (they belong to none)
    grid = [[ch if ch != NO_REGION else (r, c) for c, ch in enumerate(row)]
            for r, row in enumerate(puzzle.grid)]
    body.append(draw.region_walls(grid, cell, line=cell * 0.1))
    body.append(draw.frame(cols * cell, rows * cell, line=cell * 0.12))
    if answer is not None:
        for r, c in stars_of(answer):
            body.append(draw.star((c + 0.5) * cell, (r + 0.52) * cell, cell * 0.36))
        if isinstance(answer, Marks):
            for r, c in sorted(answer.empties - answer.stars):
                body.append(draw.dot((c + 0.5) * cell, (r + 0.5) * cell, cell * 0.09))
    pad = cell * 0.1
    return draw.document(cols * cell + 2 * pad, rows * cell + 2 * pad, body, x=-pad, y=-pad)

