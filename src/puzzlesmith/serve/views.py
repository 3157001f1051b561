"""Boards as JSON for the front end, and the cells a hint or a check points at.

The API's answers are the puzzles' own JSON objects; the browser also needs the board itself
(regions, tiles, sizes) to draw it, and the cells to highlight for a hint or a violation.
These are read from each puzzle's text formats (``format`` and ``format_answer``), which
are part of its public contract, so nothing here depends on how an instance is stored.
"""

from __future__ import annotations

import re
from typing import Any

from ..puzzles.protocol import Puzzle
from ..results import Check, HintResult

__all__ = ["view", "hint_marks", "violation_marks", "answer_marks"]


def view(puzzle: Puzzle, instance: Any) -> dict:
    """The board of ``instance`` as the front end draws it (``kind`` names the drawing)."""
    make = VIEWS.get(puzzle.name, getattr(type(puzzle), "web_view", None))
    if make is None:
        return {"kind": "text", "text": puzzle.format(instance)}
    return make(puzzle, instance)


def hint_marks(puzzle: Puzzle, instance: Any, state: Any, hint: HintResult) -> list | None:
    """The cells a hint is about, as ``[row, column, mark]`` rows (None when unknown)."""
    make = HINT_MARKS.get(puzzle.name, getattr(type(puzzle), "hint_marks", None))
    return None if make is None or hint.move is None else make(puzzle, instance, state, hint)


def violation_marks(puzzle: Puzzle, instance: Any, answer: Any, check: Check) -> list | None:
    """The cells the violations are about, as ``[row, column]`` rows (None when unknown)."""
    make = VIOLATION_MARKS.get(puzzle.name, getattr(type(puzzle), "violation_marks", None))
    return None if make is None or check.ok else make(puzzle, instance, answer, check)


def answer_marks(puzzle: Puzzle, instance: Any, answer: Any) -> dict | None:
    """A player's answer (as ``parse_answer`` read it) in the view's terms, for traces."""
    make = ANSWER_MARKS.get(puzzle.name)
    return None if make is None or answer is None else make(puzzle, instance, answer)


# -- N-Queens ------------------------------------------------------------------------------
# The answer format is the row of each column's queen ("1 3 . 2"); givens are (column, row).


def _queens_view(puzzle: Puzzle, instance: Any) -> dict:
    return {"kind": "queens", "n": int(instance.n),
            "givens": [[int(c), int(r)] for c, r in getattr(instance, "givens", ())]}


def _queens_rows(puzzle: Puzzle, instance: Any, answer: Any) -> list:
    text = puzzle.format_answer(instance, answer, "rows")
    return [None if t in (".", "-") else int(t) for t in text.split()]


def _queens_hint(puzzle: Puzzle, instance: Any, state: Any, hint: HintResult) -> list | None:
    move = hint.details.get("move")
    if not isinstance(move, dict) or "row" not in move:
        return None
    marks = [[move["row"], move["column"]]]
    if move.get("from_row") is not None:
        marks.append([move["from_row"], move["column"]])
    return marks


def _queens_attacked(puzzle: Puzzle, instance: Any, answer: Any, check: Check) -> list | None:
    if int(instance.n) > 1000:
        return None
    rows = _queens_rows(puzzle, instance, answer)
    queens = [(r, c) for c, r in enumerate(rows) if r is not None]
    lines: dict[tuple, int] = {}
    for r, c in queens:
        for key in (("row", r), ("up", r + c), ("down", r - c)):
            lines[key] = lines.get(key, 0) + 1
    return [[r, c] for r, c in queens
            if any(lines[key] > 1 for key in (("row", r), ("up", r + c), ("down", r - c)))]


def _queens_marks(puzzle: Puzzle, instance: Any, answer: Any) -> dict:
    rows = _queens_rows(puzzle, instance, answer)
    return {"queens": [[r, c] for c, r in enumerate(rows) if r is not None]}


# -- Star Battle ---------------------------------------------------------------------------
# The answer format is one line per row: '*' a star, 'x' ruled out, '.' unknown.


def _starbattle_view(puzzle: Puzzle, instance: Any) -> dict:
    return {"kind": "starbattle", "rows": instance.rows, "cols": instance.columns,
            "regions": list(instance.grid), "void": ".", "none": " ",
            "row_stars": list(instance.row_stars), "column_stars": list(instance.column_stars),
            "region_stars": dict(instance.region_stars)}


def _cell(name: str) -> list[int] | None:
    """``r3c5`` -> ``[2, 4]``."""
    match = re.fullmatch(r"r(\d+)c(\d+)", str(name))
    return [int(match[1]) - 1, int(match[2]) - 1] if match else None


def _starbattle_hint(puzzle: Puzzle, instance: Any, state: Any, hint: HintResult) -> list:
    marks = []
    for key, kind in (("stars", "star"), ("empties", "dot"), ("wrong", "wrong")):
        for name in hint.details.get(key, ()):
            if (cell := _cell(name)) is not None:
                marks.append([*cell, kind])
    return marks


def _starbattle_marks(puzzle: Puzzle, instance: Any, answer: Any) -> list[list[str]]:
    return [list(line) for line in puzzle.format_answer(instance, answer, "board").splitlines()]


def _starbattle_wrong(puzzle: Puzzle, instance: Any, answer: Any, check: Check) -> list:
    """Stars that touch another, and the stars of a unit holding too many."""
    grid = _starbattle_marks(puzzle, instance, answer)
    stars = [(r, c) for r, line in enumerate(grid) for c, ch in enumerate(line) if ch == "*"]
    star_set = set(stars)
    wrong = {(r, c) for r, c in stars for dr in (-1, 0, 1) for dc in (-1, 0, 1)
             if (dr or dc) and (r + dr, c + dc) in star_set}
    units: dict[tuple, list] = {}
    for r, c in stars:
        units.setdefault(("row", r), []).append((r, c))
        units.setdefault(("column", c), []).append((r, c))
        units.setdefault(("region", instance.grid[r][c]), []).append((r, c))
    for (kind, key), cells in units.items():
        need = (instance.row_stars[key] if kind == "row" else
                instance.column_stars[key] if kind == "column" else
                instance.region_stars.get(key, len(cells)))
        if len(cells) > need:
            wrong.update(cells)
    return [list(cell) for cell in sorted(wrong)]


# -- Net -----------------------------------------------------------------------------------
# The answer format is the puzzle's own: the tiles as turned, one hex digit each (1 up,
# 2 left, 4 down, 8 right), one row per line (then the puzzle's barriers block, left out
# here).  ``barriers``: per tile, the mask of its sides closed by a barrier.

_SIDES = ((1, -1, 0, 4), (2, 0, -1, 8), (4, 1, 0, 1), (8, 0, 1, 2))


def _net_view(puzzle: Puzzle, instance: Any) -> dict:
    tiles = [[int(v) for v in row] for row in instance.tiles]
    closed = getattr(instance, "barriers", ()) or [[0] * len(tiles[0]) for _ in tiles]
    return {"kind": "net", "rows": len(tiles), "cols": len(tiles[0]), "tiles": tiles,
            "wrap": bool(getattr(instance, "wrap", False)),
            "connected": bool(getattr(instance, "connected", False)),
            "barriers": [[int(v) for v in row] for row in closed]}


def _net_grid(puzzle: Puzzle, instance: Any, answer: Any) -> list[list[int]]:
    text = puzzle.format_answer(instance, answer, "grid").split("barriers")[0]
    return [[int(ch, 16) for ch in line.strip()] for line in text.splitlines() if line.strip()]


def _net_hint(puzzle: Puzzle, instance: Any, state: Any, hint: HintResult) -> list | None:
    details = hint.details
    if not {"row", "column", "tile"} <= set(details):
        return None
    return [[int(details["row"]) - 1, int(details["column"]) - 1, int(str(details["tile"]), 16)]]


def _net_loose(puzzle: Puzzle, instance: Any, answer: Any, check: Check) -> list:
    """Tiles with a connector that meets no connector (or points off the board, or across
    a barrier)."""
    grid = _net_grid(puzzle, instance, answer)
    rows, cols, wrap = len(grid), len(grid[0]), bool(getattr(instance, "wrap", False))
    closed = getattr(instance, "barriers", ()) or [[0] * cols for _ in range(rows)]
    loose = []
    for r in range(rows):
        for c in range(cols):
            for bit, dr, dc, back in _SIDES:
                rr, cc = r + dr, c + dc
                if wrap:
                    rr, cc = rr % rows, cc % cols
                inside = 0 <= rr < rows and 0 <= cc < cols and not closed[r][c] & bit
                if bool(grid[r][c] & bit) != bool(inside and grid[rr][cc] & back):
                    loose.append([r, c])
                    break
    return loose


# -- sliding tiles ---------------------------------------------------------------------------
# The answer format is the blank's moves from the start (U, D, L, R).

_STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def _sliding_view(puzzle: Puzzle, instance: Any) -> dict:
    board, goal = instance.board, instance.goal
    return {"kind": "sliding", "rows": board.rows, "cols": board.cols,
            "tiles": list(board.tiles), "goal": list(goal.tiles)}


def _slide(tiles: list[int], cols: int, rows: int, letter: str) -> list[int]:
    blank = tiles.index(0)
    r, c = divmod(blank, cols)
    dr, dc = _STEP[letter]
    if not (0 <= r + dr < rows and 0 <= c + dc < cols):
        return tiles
    other = blank + dr * cols + dc
    tiles = list(tiles)
    tiles[blank], tiles[other] = tiles[other], 0
    return tiles


def _sliding_tiles(instance: Any, moves: str | None) -> list[int]:
    board = instance.board
    tiles = list(board.tiles)
    for letter in moves or "":
        tiles = _slide(tiles, board.cols, board.rows, letter.upper())
    return tiles


def _sliding_hint(puzzle: Puzzle, instance: Any, state: Any, hint: HintResult) -> list | None:
    letter = hint.details.get("move")
    if letter not in _STEP or not isinstance(state, str | None):
        return None
    board = instance.board
    tiles = _sliding_tiles(instance, state)
    blank = tiles.index(0)
    dr, dc = _STEP[letter]
    r, c = divmod(blank, board.cols)
    return [[r + dr, c + dc]]


def _sliding_marks(puzzle: Puzzle, instance: Any, answer: Any) -> dict | None:
    return {"tiles": _sliding_tiles(instance, answer)} if isinstance(answer, str) else None


# -- Sudoku --------------------------------------------------------------------------------
# The answer format is the grid of symbols, one row a line ('.' blank; 10 and up are A, B,
# ...).  Hints and checks name their cells ``r3c5``.


def _sudoku_view(puzzle: Puzzle, instance: Any) -> dict:
    """The board's side, givens (0: blank), region of every cell, whether the diagonals are
    units, the box shape (None for a jigsaw) and the symbols of the values 1, 2, ..."""
    return {"kind": "sudoku", "size": instance.size, "givens": list(instance.givens),
            "regions": list(instance.regions), "diagonals": bool(instance.diagonals),
            "box": list(instance.box) if instance.box else None,
            "symbols": _sudoku_symbols(puzzle, instance)}


def _sudoku_symbols(puzzle: Puzzle, instance: Any) -> str:
    """The symbols of the values 1, 2, ... as the answer format writes them."""
    n = instance.size
    return puzzle.format_answer(instance, tuple(range(1, n + 1)) * n, "line")[:n]


def _sudoku_hint(puzzle: Puzzle, instance: Any, state: Any, hint: HintResult) -> list:
    """``[row, column, "place", value]`` for a value placed, ``"remove"`` for a candidate
    ruled out, ``[row, column, "wrong"]`` for a mistaken entry."""
    marks = [[*cell, kind, value] for key, kind in (("placed", "place"), ("removed", "remove"))
             for name, value in hint.details.get(key, ()) if (cell := _cell(name))]
    return marks + [[*cell, "wrong"] for name in hint.details.get("wrong", ())
                    if (cell := _cell(name))]


def _sudoku_wrong(puzzle: Puzzle, instance: Any, answer: Any, check: Check) -> list:
    """The filled cells the puzzle's checker says break a rule (not the empty ones)."""
    return [cell for name in check.details.get("wrong", ()) if (cell := _cell(name))]


VIEWS: dict = {"queens": _queens_view, "starbattle": _starbattle_view, "net": _net_view,
               "sliding": _sliding_view, "sudoku": _sudoku_view}
HINT_MARKS: dict = {"queens": _queens_hint, "starbattle": _starbattle_hint, "net": _net_hint,
                    "sliding": _sliding_hint, "sudoku": _sudoku_hint}
VIOLATION_MARKS: dict = {"queens": _queens_attacked, "starbattle": _starbattle_wrong,
                         "net": _net_loose, "sudoku": _sudoku_wrong}
ANSWER_MARKS: dict = {"queens": _queens_marks, "sliding": _sliding_marks}
#: The answer style the API's ``"answer"`` uses, where the puzzle's first is not compact.
ANSWER_STYLES: dict = {"sliding": "moves", "queens": "rows"}
