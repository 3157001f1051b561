"""The SVG drawing of any declared genre, from its :class:`~.givens.Givens` and the kind of
its unknowns (no code per genre), on the shared drawing pieces of :mod:`puzzlesmith.render`.

Drawn for print, in black and white: thin grey cell lines (grid points as dots for a loop),
thick region borders, given walls black with their numbers in white, clue numbers in cells
('?' for a clue of any size).  An answer is drawn on it: marked cells as the genre's
``Shading.mark`` says (dark grey shading that leaves a clue readable, Light Up's bulbs as
discs, stars; small dots on the cells a player's ``answer.ruled_out`` holds), loop edges
and the borders of areas, as thick lines between grid points (or cell centres), numbers in
blue (a finished Fillomino's pieces with thick borders between them).  Masyu's pearls are
circles, white (1) or black (2); Slant's clues sit in small circles on the grid points, its
diagonals are drawn in the cells (``\\`` the marked ones, ``/`` the others).

>>> from .declared import lightup
>>> g = lightup.read("1.\\n.#")
>>> drawn = svg(lightup, g, frozenset({(0, 1)}))
>>> draw.count(drawn, "wall"), draw.count(drawn, "clue"), draw.count(drawn, "bulb")
(2, 1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable

from ..render import draw
from .givens import ANY, Cell, Givens
from .grid import Edge
from .language import Answer, Genre

__all__ = ["svg", "CELL", "clue_text"]

#: The side of a cell in SVG units.
CELL = 36
SHADE = "#555"
ANSWER_INK = "#1f4fbf"


def clue_text(n: int) -> str:
    """A clue as printed: its number, or '?' for a clue of any size."""
    return "?" if n == ANY else str(n)


def svg(genre: Genre, g: Givens, answer: Answer | None = None) -> str:
    """The grid of ``g`` drawn for ``genre``, with ``answer`` (a frozenset of the genre's
    unknowns: marked cells, loop edges, or ``(cell, number)`` pairs) drawn on it."""
    kind, answer = genre.unknowns.kind, answer or frozenset()
    mark = getattr(genre.unknowns, "mark", None)  # how a Shading genre's marks are drawn
    body = [*_cells(g, kind), *_walls(g), *_given_borders(g)]
    if mark == "slant":
        body += _diagonals(g, answer)
    elif mark:
        body += _marks(answer, mark) + _dots(getattr(answer, "ruled_out", ()))
    if g.points:
        body += _point_clues(g)
    elif kind == "centres":
        body += _pearls(g)
    else:
        body += _clues(g, set(answer) if mark == "shade" else set())
    if kind in ("loop", "borders", "centres"):
        body += _loop(answer, CELL / 2 if kind == "centres" else 0)
    elif kind == "numbers":
        body += _numbers((cell, n) for cell, n in answer if cell not in g.numbers)
        if any(rule.family == "polyominoes" for rule in genre.rules):
            body += _pieces(g, answer)
    pad = CELL * (0.3 if g.points else 0.15)  # room for the clues on the outer points
    return draw.document(g.cols * CELL + 2 * pad, g.rows * CELL + 2 * pad, body, x=-pad, y=-pad)


def _cells(g: Givens, kind: str) -> list[str]:
    """The grid: cell lines and the frame, or the grid points of a loop; region borders."""
    if kind == "loop":
        return [draw.dot(c * CELL, r * CELL, CELL * 0.07, cls="point")
                for r in range(g.rows + 1) for c in range(g.cols + 1)]
    body = [draw.grid_lines(g.rows, g.cols, CELL, stroke="#999", width=1)]
    if g.regions:
        body.append(draw.region_walls([list(row) for row in g.regions], CELL, line=CELL * 0.08))
    body.append(draw.frame(g.cols * CELL, g.rows * CELL, line=CELL * 0.1))
    return body


def _square(cell: Cell, fill: str, cls: str) -> str:
    r, c = cell
    return (f'<rect class="{cls}" x="{c * CELL}" y="{r * CELL}" width="{CELL}" '
            f'height="{CELL}" fill="{fill}"/>')


def _walls(g: Givens) -> list[str]:
    """The given walls, black."""
    return [_square(cell, draw.INK, "wall") for cell in sorted(g.walls)]


def _centre(cell: Cell) -> tuple[float, float]:
    return (cell[1] + 0.5) * CELL, (cell[0] + 0.5) * CELL


def _marks(marked: Iterable[Cell], mark: str) -> list[str]:
    """The marked cells: shaded, a bulb (a disc), or a star."""
    body = []
    for cell in sorted(marked):
        x, y = _centre(cell)
        if mark == "bulb":
            body.append(draw.dot(x, y, CELL * 0.3, cls="bulb"))
        elif mark == "star":
            body.append(draw.star(x, y + CELL * 0.02, CELL * 0.36))
        else:
            body.append(_square(cell, SHADE, "shaded"))
    return body


def _dots(cells: Iterable[Cell]) -> list[str]:
    """Small dots on the cells a player ruled out (a ``ruled_out`` set beside the answer)."""
    return [draw.dot(*_centre(cell), CELL * 0.08) for cell in sorted(cells)]


def _text(cell: Cell, text: str, fill: str, cls: str, weight: str = "normal") -> str:
    size = CELL * 0.6
    x, y = _centre(cell)
    drawn = draw.label(x, y + size * 0.36, text, size, weight=weight, fill=fill)
    return drawn.replace("<text ", f'<text class="{cls}" ', 1)


def _clues(g: Givens, shaded: set[Cell]) -> list[str]:
    """The clue numbers: white on a wall or a shaded cell, black elsewhere."""
    return [_text(cell, clue_text(n), "#fff" if cell in g.walls or cell in shaded else draw.INK,
                  "clue", "bold")
            for cell, n in sorted(g.numbers.items())]


def _loop(edges: Iterable[Edge], shift: float = 0) -> list[str]:
    """The loop's edges, each a thick line between two grid points (``shift``ed to join the
    cells' centres)."""
    width = draw.num(CELL * 0.12)
    return [f'<line class="edge" x1="{c1 * CELL + shift}" y1="{r1 * CELL + shift}" '
            f'x2="{c2 * CELL + shift}" y2="{r2 * CELL + shift}" stroke="{draw.INK}" '
            f'stroke-width="{width}" stroke-linecap="round"/>'
            for (r1, c1), (r2, c2) in sorted(edges)]


def _pearls(g: Givens) -> list[str]:
    """Masyu's pearls: 1 a white circle, 2 a black one."""
    return [draw.dot(*_centre(cell), CELL * 0.32, cls="clue",
                     fill="#fff" if n == 1 else draw.INK).replace(
                         "/>", f' stroke="{draw.INK}" stroke-width="{draw.num(CELL * 0.05)}"/>', 1)
            for cell, n in sorted(g.numbers.items())]


def _point_clues(g: Givens) -> list[str]:
    """Clues on the grid points: a number in a small white circle."""
    body = []
    for (r, c), n in sorted(g.numbers.items()):
        x, y, size = c * CELL, r * CELL, CELL * 0.4
        body.append(draw.dot(x, y, CELL * 0.25, fill="#fff").replace(
            "/>", f' stroke="{draw.INK}" stroke-width="{draw.num(CELL * 0.04)}"/>', 1))
        body.append(draw.label(x, y + size * 0.36, clue_text(n), size, fill=draw.INK)
                    .replace("<text ", '<text class="clue" ', 1))
    return body


def _diagonals(g: Givens, answer: Answer) -> list[str]:
    """Slant's diagonals: ``\\`` in the marked cells, ``/`` in the ruled-out ones (all the
    others, when the answer is finished)."""
    ruled_out = getattr(answer, "ruled_out", None)
    if ruled_out is None:
        ruled_out = set(g.cells()) - set(answer) if answer else set()
    width = draw.num(CELL * 0.1)
    return [f'<line class="diagonal" x1="{(c + (cell in ruled_out)) * CELL}" y1="{r * CELL}" '
            f'x2="{(c + (cell not in ruled_out)) * CELL}" y2="{(r + 1) * CELL}" '
            f'stroke="{ANSWER_INK}" stroke-width="{width}" stroke-linecap="round"/>'
            for cell in sorted(set(answer) | set(ruled_out)) for r, c in (cell,)]


def _given_borders(g: Givens) -> list[str]:
    """The borders a puzzle gives between two cells (Fillomino's ``params["borders"]``)."""
    width = draw.num(CELL * 0.08)
    lines = []
    for (r, c), (r2, _) in sorted(g.params.get("borders", ())):
        x1, y1 = (c + 1, r) if r == r2 else (c, r + 1)
        x2, y2 = (x1, y1 + 1) if r == r2 else (x1 + 1, y1)
        lines.append(f'<line class="given-border" x1="{x1 * CELL}" y1="{y1 * CELL}" '
                     f'x2="{x2 * CELL}" y2="{y2 * CELL}" stroke="{draw.INK}" '
                     f'stroke-width="{width}" stroke-linecap="square"/>')
    return lines


def _pieces(g: Givens, answer: Answer) -> list[str]:
    """The borders between the pieces of a finished answer (cells of different numbers)."""
    number = {cell: n for cell, n in g.numbers.items() if n != ANY}
    number.update((cell, n) for cell, n in answer if cell not in number)
    if len(number) < g.rows * g.cols:
        return []
    grid = [[number[r, c] for c in range(g.cols)] for r in range(g.rows)]
    return [draw.region_walls(grid, CELL, line=CELL * 0.08)]


def _numbers(entries: Iterable[tuple[Cell, int]]) -> list[str]:
    """The numbers of the answer, in blue."""
    return [_text(cell, str(n), ANSWER_INK, "entry") for cell, n in sorted(entries)]
