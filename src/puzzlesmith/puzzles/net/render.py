"""SVG drawings of Net boards: pipes, the source, and loose ends in an unsolved state.

Tiles are squares with a pipe per connector.  As in Tatham's Net, the *source* (a black
square) sits in the middle of the board (the non-empty tile nearest to the centre): pipes
linked to it are drawn black, the others grey, and every *loose end* (a connector that points
off the board or meets no connector of its neighbour) gets a ring.  Single-connector tiles
(the "computers") get a disc.  Black, greys and one red (the rings) print readably in
black and white.  ``plain=True`` draws a puzzle for print: every pipe black, no rings
(what books print).  A barrier is a thick dark blue bar on the tile edge it
closes (on both sides of the frame when it closes the wrap edge).  The drawing is a few
``<path>`` elements, about 30 bytes a tile; boards over :data:`MAX_SVG_TILES` tiles are
refused before anything is built.

>>> svg = render_svg(((12, 6), (9, 3)))
>>> svg.startswith("<svg") and svg.endswith("</svg>"), "loose" in svg
(True, False)
>>> "loose" in render_svg(((12, 6), (9, 1)))
True
>>> 'class="barriers" d="M0 32h32"' in render_svg(((12, 6), (9, 3)), barriers=((4, 0), (1, 0)))
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

import numpy as np

from ...errors import InvalidPuzzle

__all__ = ["render_svg", "MAX_SVG_TILES"]

_ON, _OFF, _LOOSE, _BARRIER = "#111", "#8c8c8c", "#d62728", "#1f3f8f"

#: The largest board drawn as SVG (the drawing of a bigger one would be unreadable).
MAX_SVG_TILES = 100_000

_SIDES = ((1, -1, 0, 4), (2, 0, -1, 8), (4, 1, 0, 1), (8, 0, 1, 2))   # bit, di, dj, back
_ENDS = {1: (0, -1), 2: (-1, 0), 4: (0, 1), 8: (1, 0)}


def render_svg(grid: Sequence[Sequence[int]], *, wrap: bool = False, cell: int = 32,
               plain: bool = False, barriers: Sequence[Sequence[int]] = ()) -> str:
    """An SVG drawing of ``grid`` (tile masks, row by row); ``cell`` is the tile's size;
    ``plain``: every pipe black and no loose ends marked (a puzzle for print);
    ``barriers``: per tile, the mask of its sides closed by a barrier (a board's
    ``barriers``)."""
    rows = len(grid)
    cols = len(grid[0]) if rows else 0
    if rows * cols == 0:
        raise InvalidPuzzle("nothing to draw: the board is empty")
    if rows * cols > MAX_SVG_TILES:
        raise InvalidPuzzle(f"a {rows}x{cols} board is too big to draw as SVG (more than "
                            f"{MAX_SVG_TILES:,} tiles)")
    tiles = np.array(grid, dtype=np.int64).reshape(-1)
    near = _neighbours(rows, cols, wrap)
    loose = np.zeros(tiles.shape[0], dtype=np.int64)        # per tile, the loose ends' bits
    for bit, (nb, back) in near.items():
        meets = (nb >= 0) & ((tiles[np.maximum(nb, 0)] & back) != 0)
        loose |= np.where(((tiles & bit) != 0) & ~meets, bit, 0)
    source = _source(tiles, rows, cols)
    if plain:
        powered, loose = np.ones(tiles.shape[0], dtype=bool), np.zeros_like(loose)
    else:
        powered = _powered(tiles, loose, near, source)
    h, r = cell // 2, max(cell // 6, 1)
    pipe = ["".join(f"l{dx * h} {dy * h}m{-dx * h} {-dy * h}" for bit, (dx, dy) in _ENDS.items()
                    if v & bit) for v in range(16)]
    dot = f"m{-r} 0a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0m{r} 0"
    ring = {bit: f"m{dx * (h - r) - r} {dy * (h - r)}a{r} {r} 0 1 0 {2 * r} 0"
                 f"a{r} {r} 0 1 0 {-2 * r} 0m{r - dx * (h - r)} {-dy * (h - r)}"
            for bit, (dx, dy) in _ENDS.items()}
    pipes: dict[bool, list[str]] = {True: [], False: []}
    dots: dict[bool, list[str]] = {True: [], False: []}
    marks = []
    single = {1, 2, 4, 8}
    for c in np.flatnonzero(tiles).tolist():
        i, j = divmod(c, cols)
        v = int(tiles[c])
        at = f"M{j * cell + h} {i * cell + h}"
        on = bool(powered[c])
        pipes[on].append(at + pipe[v])
        if v in single:
            dots[on].append(at + dot)
        if loose[c]:
            marks.append(at + "".join(ring[bit] for bit in _ENDS if loose[c] & bit))
    width, height = cols * cell, rows * cell
    lines = "".join(f"M{j * cell} 0V{height}" for j in range(1, cols))
    lines += "".join(f"M0 {i * cell}H{width}" for i in range(1, rows))
    si, sj = divmod(source, cols)
    s = cell * 3 // 10
    pad = max(cell // 16, 1)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 2 * pad}" '
             f'height="{height + 2 * pad}" '
             f'viewBox="{-pad} {-pad} {width + 2 * pad} {height + 2 * pad}">',
             f'<rect width="{width}" height="{height}" fill="#fff"/>',
             f'<path d="{lines}" stroke="#c8c8c8" stroke-width="1" fill="none"/>']
    for on, colour in ((False, _OFF), (True, _ON)):
        if pipes[on]:
            parts.append(f'<path class="pipes" d="{"".join(pipes[on])}" stroke="{colour}" '
                         f'stroke-width="{max(cell // 6, 1)}" stroke-linecap="round" '
                         'fill="none"/>')
        if dots[on]:
            parts.append(f'<path class="computers" d="{"".join(dots[on])}" fill="{colour}"/>')
    parts.append(f'<rect class="source" x="{sj * cell + h - s}" y="{si * cell + h - s}" '
                 f'width="{2 * s}" height="{2 * s}" fill="{_ON}"/>')
    if marks:
        parts.append(f'<path class="loose" d="{"".join(marks)}" fill="none" '
                     f'stroke="{_LOOSE}" stroke-width="{max(cell // 14, 1)}"/>')
    if barriers:
        parts.append(f'<path class="barriers" d="{_barrier_path(barriers, cell)}" '
                     f'stroke="{_BARRIER}" stroke-width="{max(cell // 5, 2)}" '
                     'stroke-linecap="square" fill="none"/>')
    dash = ' stroke-dasharray="6 4"' if wrap else ""
    parts.append(f'<rect class="frame" width="{width}" height="{height}" fill="none" '
                 f'stroke="{_ON}" stroke-width="{pad}"{dash}/>')
    parts.append("</svg>")
    return "\n".join(parts)


def _barrier_path(barriers: Sequence[Sequence[int]], cell: int) -> str:
    """The bars of the barriers: the right and lower side of each tile, and the left and
    upper side of the first column and row (the wrap edge drawn on both sides)."""
    out = []
    for i, row in enumerate(barriers):
        for j, closed in enumerate(row):
            x, y = j * cell, i * cell
            if closed & 8:
                out.append(f"M{x + cell} {y}v{cell}")
            if closed & 4:
                out.append(f"M{x} {y + cell}h{cell}")
            if closed & 2 and j == 0:
                out.append(f"M{x} {y}v{cell}")
            if closed & 1 and i == 0:
                out.append(f"M{x} {y}h{cell}")
    return "".join(out)


def _neighbours(rows: int, cols: int, wrap: bool) -> dict[int, tuple[np.ndarray, int]]:
    """Per side bit: every tile's neighbour on that side (-1: off the board), the bit back."""
    i, j = np.divmod(np.arange(rows * cols, dtype=np.int64), cols)
    out = {}
    for bit, di, dj, back in _SIDES:
        ni, nj = i + di, j + dj
        if wrap:
            out[bit] = ((ni % rows) * cols + nj % cols, back)
        else:
            inside = (ni >= 0) & (ni < rows) & (nj >= 0) & (nj < cols)
            out[bit] = (np.where(inside, ni * cols + nj, -1), back)
    return out


def _source(tiles: np.ndarray, rows: int, cols: int) -> int:
    """The non-empty tile nearest to the centre (the centre itself on an empty board)."""
    centre = (rows // 2) * cols + cols // 2
    full = np.flatnonzero(tiles)
    if tiles[centre] or not full.size:
        return centre
    i, j = np.divmod(full, cols)
    far = np.abs(i - rows // 2) + np.abs(j - cols // 2)
    return int(full[np.lexsort((j, i, far))[0]])


def _powered(tiles: np.ndarray, loose: np.ndarray, near: dict, source: int) -> np.ndarray:
    """The tiles linked to the source through matching connectors."""
    seen = np.zeros(tiles.shape[0], dtype=bool)
    if not tiles[source]:
        return seen
    linked = tiles & ~loose
    seen[source] = True
    todo = deque([source])
    steps = [(bit, nb.tolist()) for bit, (nb, _) in near.items()]
    linked_list = linked.tolist()
    while todo:
        c = todo.popleft()
        for bit, nb in steps:
            if linked_list[c] & bit:
                d = nb[c]
                if not seen[d]:
                    seen[d] = True
                    todo.append(d)
    return seen
