"""Pentomino tiling as exact cover: the classic benchmark of Dancing Links.

The 12 pieces and every cell of the board are primary items; each placement of a piece is an
option.  Every cell must be covered, so the board has the pieces' 60 cells (3×20, 4×15, 5×12,
6×10).  For a larger board, pass its cells as ``secondary=`` items yourself (cells may then
stay empty): :func:`placements` makes no secondary item.

>>> from puzzlesmith.engines.exactcover import ExactCover
>>> ExactCover(placements(3, 20)).count().count  # 2 tilings, times 4 symmetries
8

This module is an example of the engine, not a registered puzzle.
"""

from __future__ import annotations

__all__ = ["PIECES", "placements"]

#: The 12 free pentominoes, each drawn once (rows of '#').
PIECES = {
    "F": [".##", "##.", ".#."], "I": ["#####"], "L": ["####", "#..."], "N": ["##..", ".###"],
    "P": ["##", "##", "#."], "T": ["###", ".#.", ".#."], "U": ["#.#", "###"],
    "V": ["#..", "#..", "###"], "W": ["#..", "##.", ".##"], "X": [".#.", "###", ".#."],
    "Y": ["####", ".#.."], "Z": ["##.", ".#.", ".##"],
}

Cell = tuple[int, int]


def orientations(shape: list[str]) -> set[frozenset[Cell]]:
    """The distinct rotations and reflections of a piece, each normalised to the origin."""
    cells = [(r, c) for r, row in enumerate(shape) for c, ch in enumerate(row) if ch == "#"]
    found = set()
    for _ in range(2):
        for _ in range(4):
            cells = [(c, -r) for r, c in cells]
            top, left = min(r for r, _ in cells), min(c for _, c in cells)
            found.add(frozenset((r - top, c - left) for r, c in cells))
        cells = [(r, -c) for r, c in cells]
    return found


def placements(rows: int, cols: int) -> dict[tuple, list]:
    """Every placement of every piece on a ``rows``×``cols`` board: ``{(piece, cells): items}``."""
    options = {}
    for name, shape in PIECES.items():
        for form in orientations(shape):
            height = 1 + max(r for r, _ in form)
            width = 1 + max(c for _, c in form)
            for r in range(rows - height + 1):
                for c in range(cols - width + 1):
                    cells = tuple(sorted((r + dr, c + dc) for dr, dc in form))
                    options[(name, cells)] = [name, *cells]
    return options
