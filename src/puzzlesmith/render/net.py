"""SVG drawings of Net boards: pipes, the source, and loose ends in an unsolved state.

Tiles are squares with a pipe per connector.  As in Tatham's Net, the *source* sits in the
middle of the board (the non-empty tile nearest to the centre): pipes linked to it are drawn
in blue, the others in grey, and every *loose end* (a connector that points off the board or
meets no connector of its neighbour) gets a red mark.  Single-connector tiles (the
"computers") get a dot.  The drawing is a few ``<path>`` elements, about 30 bytes a tile;
boards over :data:`MAX_SVG_TILES` tiles are refused before anything is built.

>>> svg = render_svg(((12, 6), (9, 3)))
>>> svg.startswith("<svg") and svg.endswith("</svg>"), "loose" in svg
(True, False)
>>> "loose" in render_svg(((12, 6), (9, 1)))
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from ..errors import InvalidPuzzle

__all__ = ["render_svg", "MAX_SVG_TILES"]

#: The largest board drawn as SVG (the drawing of a bigger one would be unreadable).
MAX_SVG_TILES = 100_000

_SIDES = ((1, -1, 0, 4), (2, 0, -1, 8), (4, 1, 0, 1), (8, 0, 1, 2))   # bit, di, dj, back
_ENDS = {1: (0, -1), 2: (-1, 0), 4: (0, 1), 8: (1, 0)}


def render_svg(grid: Sequence[Sequence[int]], *, wrap: bool = False, cell: int = 32) -> str:
    """An SVG drawing of ``grid`` (tile masks, row by row)."""
    rows = len(grid)
    cols = len(grid[0]) if rows else 0
    if rows * cols == 0:
        raise InvalidPuzzle("nothing to draw: the board is empty")
    if rows * cols > MAX_SVG_TILES:
        raise InvalidPuzzle(f"a {rows}x{cols} board is too big to draw as SVG (more than "
                            f"{MAX_SVG_TILES:,} tiles)")
    loose, linked = _connections(grid, wrap)
    powered = _powered(grid, linked, _source(grid))
    h = cell / 2
    width, height = cols * cell, rows * cell
    lines = "".join(f"M{j * cell} 0V{height}" for j in range(1, cols))
    lines += "".join(f"M0 {i * cell}H{width}" for i in range(1, rows))
    pipes: dict[bool, list[str]] = {True: [], False: []}
    dots: dict[bool, list[str]] = {True: [], False: []}
    marks = []
    r = cell / 6
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            if not v:
                continue
            x, y = j * cell + h, i * cell + h
            on = (i, j) in powered
            for bit, (dx, dy) in _ENDS.items():
                if v & bit:
                    pipes[on].append(f"M{x:g} {y:g}l{dx * h:g} {dy * h:g}")
                    if (i, j, bit) in loose:
                        marks.append(f"M{x + dx * (h - r):g} {y + dy * (h - r):g}"
                                     f"m{-r:g} 0a{r:g} {r:g} 0 1 0 {2 * r:g} 0"
                                     f"a{r:g} {r:g} 0 1 0 {-2 * r:g} 0")
            if bin(v).count("1") == 1:
                dots[on].append(f"M{x - r:g} {y:g}a{r:g} {r:g} 0 1 0 {2 * r:g} 0"
                                f"a{r:g} {r:g} 0 1 0 {-2 * r:g} 0")
    si, sj = _source(grid)
    s = cell * 0.3
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">',
             f'<rect width="{width}" height="{height}" fill="#f4f1ea"/>',
             f'<path d="{lines}" stroke="#ccc" stroke-width="1" fill="none"/>']
    for on, colour in ((False, "#8a8a8a"), (True, "#1f5fa8")):
        if pipes[on]:
            parts.append(f'<path class="pipes" d="{"".join(pipes[on])}" stroke="{colour}" '
                         f'stroke-width="{cell / 8:g}" stroke-linecap="round" fill="none"/>')
        if dots[on]:
            parts.append(f'<path class="computers" d="{"".join(dots[on])}" fill="{colour}"/>')
    parts.append(f'<rect class="source" x="{sj * cell + h - s:g}" y="{si * cell + h - s:g}" '
                 f'width="{2 * s:g}" height="{2 * s:g}" fill="#1f5fa8"/>')
    if marks:
        parts.append(f'<path class="loose" d="{"".join(marks)}" fill="#d62728"/>')
    parts.append("</svg>")
    return "\n".join(parts)


def _neighbour(i: int, j: int, di: int, dj: int, rows: int, cols: int,
               wrap: bool) -> tuple[int, int] | None:
    ni, nj = i + di, j + dj
    if wrap:
        return ni % rows, nj % cols
    return (ni, nj) if 0 <= ni < rows and 0 <= nj < cols else None


def _connections(grid, wrap: bool) -> tuple[set, dict]:
    """The loose ends ``(i, j, bit)`` and, per tile, the tiles its connectors reach."""
    rows, cols = len(grid), len(grid[0])
    loose, linked = set(), {}
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            for bit, di, dj, back in _SIDES:
                if not v & bit:
                    continue
                there = _neighbour(i, j, di, dj, rows, cols, wrap)
                if there is None or not grid[there[0]][there[1]] & back:
                    loose.add((i, j, bit))
                else:
                    linked.setdefault((i, j), []).append(there)
    return loose, linked


def _source(grid) -> tuple[int, int]:
    """The non-empty tile nearest to the centre (the centre itself on an empty board)."""
    rows, cols = len(grid), len(grid[0])
    ci, cj = rows // 2, cols // 2
    if grid[ci][cj]:
        return ci, cj
    best = None
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            if v:
                d = (abs(i - ci) + abs(j - cj), i, j)
                best = d if best is None or d < best else best
    return (ci, cj) if best is None else (best[1], best[2])


def _powered(grid, linked: dict, source: tuple[int, int]) -> set:
    """The tiles linked to the source through matching connectors."""
    if not grid[source[0]][source[1]]:
        return set()
    seen = {source}
    todo = deque([source])
    while todo:
        for there in linked.get(todo.popleft(), ()):
            if there not in seen:
                seen.add(there)
                todo.append(there)
    return seen
