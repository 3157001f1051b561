"""Drawings of sliding-tile boards: framed text and SVG (with an answer: a strip of frames).

Boards are read through their ``rows``, ``cols`` and ``tiles`` (``0`` the blank), so this
module depends on no puzzle code.

>>> from types import SimpleNamespace as Board
>>> print(framed(Board(rows=2, cols=2, tiles=(1, 2, 3, 0))))
+---+---+
| 1 | 2 |
+---+---+
| 3 |   |
+---+---+
>>> svg = board_svg(Board(rows=2, cols=2, tiles=(1, 2, 0, 3)), "R")
>>> svg.startswith("<svg") and svg.count("<g ") == 2   # two frames: the start, after R
True
>>> moved_tiles(Board(rows=2, cols=2, tiles=(1, 2, 0, 3)), "RU")
[3, 2]

In a strip of frames each frame after the start outlines the tile that just moved.  Books
print solutions small, as the start board and the tiles to slide (:func:`solution_svg`).
"""

from __future__ import annotations

from html import escape

__all__ = ["framed", "board_svg", "solution_svg", "moved_tiles", "MAX_FRAMES"]


#: Answers up to this many moves are drawn as a strip of frames; longer ones as the blank's
#: path (arrows) over the start board.
MAX_FRAMES = 40
_STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def framed(board) -> str:
    """The board drawn with a frame, the blank as an empty cell."""
    width = len(str(board.rows * board.cols - 1))
    rule = "+" + "+".join("-" * (width + 2) for _ in range(board.cols)) + "+"
    lines = [rule]
    for r in range(board.rows):
        row = board.tiles[r * board.cols:(r + 1) * board.cols]
        cells = [(str(t) if t else "").rjust(width) for t in row]
        lines.append("| " + " | ".join(cells) + " |")
        lines.append(rule)
    return "\n".join(lines)


def _tiles_after(board, moves: str) -> list[tuple[int, ...]]:
    tiles, cols = list(board.tiles), board.cols
    out = [tuple(tiles)]
    blank = tiles.index(0)
    for letter in moves:
        dr, dc = _STEP[letter]
        other = blank + dr * cols + dc
        tiles[blank], tiles[other] = tiles[other], 0
        blank = other
        out.append(tuple(tiles))
    return out


def moved_tiles(board, moves: str) -> list[int]:
    """The tile each move slides (into the blank), in order."""
    frames = _tiles_after(board, moves)
    return [after[before.index(0)] for before, after in zip(frames, frames[1:], strict=False)]


def _frame(rows: int, cols: int, tiles, x: float, y: float, cell: float, label: str,
           solved: tuple[int, ...] | None, moved: int | None = None) -> list[str]:
    out = [f'<g transform="translate({x:g},{y:g})">']
    if label:
        out.append(f'<text x="{cols * cell / 2:g}" y="-6" text-anchor="middle" '
                   f'font-size="{max(cell * 0.4, 9):.0f}" fill="#333">{escape(label)}</text>')
    out.append(f'<rect x="-2" y="-2" width="{cols * cell + 4:g}" height="{rows * cell + 4:g}" '
               'fill="#555" rx="3"/>')
    for i, tile in enumerate(tiles):
        r, c = divmod(i, cols)
        if tile == 0:
            out.append(f'<rect x="{c * cell:g}" y="{r * cell:g}" width="{cell:g}" '
                       f'height="{cell:g}" fill="#777"/>')
            continue
        home = solved is not None and solved[i] == tile
        edge = (f'stroke="#111" stroke-width="{max(cell * 0.09, 1.5):.1f}"'
                if tile == moved else 'stroke="#8a7a4a"')
        out.append(f'<rect class="tile" x="{c * cell + 1:g}" y="{r * cell + 1:g}" '
                   f'width="{cell - 2:g}" height="{cell - 2:g}" rx="{cell * 0.12:.1f}" '
                   f'fill="{"#cfe3c4" if home else "#f6ecc4"}" {edge}/>')
        out.append(f'<text x="{(c + 0.5) * cell:g}" y="{(r + 0.5) * cell:g}" '
                   f'text-anchor="middle" dominant-baseline="central" '
                   f'font-size="{cell * (0.45 if tile < 100 else 0.34):.1f}" '
                   f'font-family="sans-serif">{tile}</text>')
    out.append("</g>")
    return out


def board_svg(board, moves: str | None = None, *, goal=None, cell: float | None = None) -> str:
    """The board as SVG; with ``moves`` (the blank's directions) the answer drawn too.

    Up to :data:`MAX_FRAMES` moves: a strip of numbered frames (the start, then the board
    after each move, labelled with the move), wrapped in rows.  Longer answers: the start
    board with the blank's path drawn as arrows, and the final board beside it.  Tiles on
    their goal cell (when ``goal`` is given) are tinted green.
    """
    rows, cols = board.rows, board.cols
    solved = tuple(goal.tiles) if goal is not None else None
    if not moves:
        cell = cell or max(12.0, min(48.0, 480 / max(rows, cols)))
        body = _frame(rows, cols, board.tiles, 4, 4, cell, "", solved)
        return _svg(cols * cell + 8, rows * cell + 8, body)
    if len(moves) <= MAX_FRAMES:
        frames = _tiles_after(board, moves)
        cell = cell or max(8.0, min(36.0, 160 / max(rows, cols)))
        per_row = max(1, min(len(frames), int(960 // (cols * cell + 16))))
        width, height = cols * cell + 16, rows * cell + 28
        body = []
        slid = [None, *moved_tiles(board, moves)]
        for k, tiles in enumerate(frames):
            label = "start" if k == 0 else f"{k}: {moves[k - 1]}"
            x = 8 + (k % per_row) * width
            y = 22 + (k // per_row) * height
            body += _frame(rows, cols, tiles, x, y, cell, label, solved, slid[k])
        lines = -(-len(frames) // per_row)
        return _svg(per_row * width + 8, lines * height + 8, body)
    cell = cell or max(12.0, min(48.0, 480 / max(rows, cols)))
    frames = _tiles_after(board, moves)
    body = _frame(rows, cols, frames[0], 8, 22, cell, f"start: {len(moves)} moves", solved)
    body += _frame(rows, cols, frames[-1], cols * cell + 40, 22, cell, "end", solved)
    blank = board.tiles.index(0)
    points = []
    for letter in " " + moves:
        if letter != " ":
            dr, dc = _STEP[letter]
            blank += dr * cols + dc
        r, c = divmod(blank, cols)
        points.append(f"{8 + (c + 0.5) * cell:.1f},{22 + (r + 0.5) * cell:.1f}")
    body.insert(0, '<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" '
                'markerWidth="5" markerHeight="5" orient="auto-start-reverse">'
                '<path d="M0,0L10,5L0,10z" fill="#c0392b"/></marker></defs>')
    body.append(f'<polyline points="{" ".join(points)}" fill="none" stroke="#c0392b" '
                f'stroke-opacity="0.6" stroke-width="{max(cell * 0.08, 1.5):.1f}" '
                'marker-end="url(#arrow)"/>')
    return _svg(2 * cols * cell + 48, rows * cell + 30, body)


def solution_svg(task, moves: str) -> str:
    """A solution as a book prints it, small: the start board, and the tiles to slide in
    order, numbered ten to a line."""
    board, rows, cols = task.board, task.board.rows, task.board.cols
    cell = 30.0
    solved = tuple(task.goal.tiles)
    body = _frame(rows, cols, board.tiles, 4, 4, cell, "", solved)
    tiles = moved_tiles(board, moves)
    size = 13.0
    x0, per_line = cols * cell + 20, 10
    width = x0 + per_line * size * 1.75 + 30
    count = f"{len(tiles)} move{'s' if len(tiles) != 1 else ''}"
    lines = [(f"{count}, slide:" if tiles else "solved already", True)]
    for k in range(0, len(tiles), per_line):
        lines.append((f"{k + 1}. " + " ".join(map(str, tiles[k:k + per_line])), False))
    for n, (text, bold) in enumerate(lines):
        weight = ' font-weight="bold"' if bold else ""
        body.append(f'<text class="moves" x="{x0:g}" y="{4 + size * (1.1 + 1.45 * n):.1f}" '
                    f'font-size="{size:g}" font-family="sans-serif"{weight}>'
                    f'{escape(text)}</text>')
    height = max(rows * cell + 8, 8 + size * 1.45 * len(lines))
    return _svg(width, height, body)


def _svg(width: float, height: float, body: list[str]) -> str:
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
            f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}">')
    return "\n".join([head, *body, "</svg>"])
