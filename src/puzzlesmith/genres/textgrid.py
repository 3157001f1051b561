"""The text grid shared by the declared genres: one row a line, one token a cell.

Tokens: '.' empty, a number (a clue), '#' a wall, '?' a clue of any size.  A row is read
character by character, or split on blanks when it has any (for numbers above 9).  A second
block after a blank line gives the regions: one name a cell (a letter or digit, or tokens
split on blanks), the same name the same region.

>>> g = read_grid('''
... 1.#
... ?.2
... ''', numbered_walls=True)
>>> g.rows, g.cols, sorted(g.numbers.items()), sorted(g.walls)
(2, 3, [((0, 0), 1), ((1, 0), -1), ((1, 2), 2)], [(0, 0), (0, 2), (1, 0), (1, 2)])
"""

from __future__ import annotations

import re
import string

from ..errors import InvalidPuzzle
from .givens import ANY, Cell, Givens

MAX_SIDE = 100
_NAMES = string.ascii_letters + string.digits


def read_grid(text: str, *, numbered_walls: bool = False, points: bool = False) -> Givens:
    """The :class:`Givens` of a text grid; ``numbered_walls`` makes every clue a wall;
    ``points``: the tokens are the grid points, one row and column more than the cells."""
    blocks = re.split(r"\n[ \t]*\n", text.strip().replace("\r", ""))
    rows = _rows(blocks[0])
    if not rows:
        raise InvalidPuzzle("the grid is empty")
    width = len(rows[0])
    if len(rows) > MAX_SIDE or width > MAX_SIDE:
        raise InvalidPuzzle(f"the grid is {len(rows)}x{width}, at most {MAX_SIDE} a side")
    numbers: dict[Cell, int] = {}
    walls: set[Cell] = set()
    for r, tokens in enumerate(rows):
        if len(tokens) != width:
            raise InvalidPuzzle(f"row has {len(tokens)} cells, expected {width}", line=r + 1)
        for c, token in enumerate(tokens):
            if token == "#":
                walls.add((r, c))
            elif token != ".":
                numbers[r, c] = _number(token, r, c)
                if numbered_walls:
                    walls.add((r, c))
    if points and min(len(rows), width) < 2:
        raise InvalidPuzzle("a grid of points has at least two rows and two columns")
    regions = _regions(blocks[1:], len(rows), width)
    return Givens(len(rows) - points, width - points, numbers=numbers, walls=frozenset(walls),
                  regions=regions, points=points)


def _rows(block: str) -> list[list[str]]:
    """The tokens of a block's lines."""
    lines = [line.strip() for line in block.splitlines() if line.strip()]
    return [line.split() if " " in line else list(line) for line in lines]


def _regions(blocks: list[str], rows: int, cols: int) -> tuple[tuple[int, ...], ...] | None:
    """The regions block's names as region numbers (in order of first appearance), or None."""
    if not blocks:
        return None
    if len(blocks) > 1:
        raise InvalidPuzzle("expected the grid, then at most one block of regions")
    names = _rows(blocks[0])
    if len(names) != rows or any(len(row) != cols for row in names):
        raise InvalidPuzzle(f"the regions must be {rows} rows of {cols} names, like the grid")
    numbers: dict[str, int] = {}
    return tuple(tuple(numbers.setdefault(name, len(numbers)) for name in row) for row in names)


def write_grid(g: Givens) -> str:
    """The text grid of ``g`` (blank-separated when a number has two digits)."""
    def token(cell: Cell) -> str:
        n = g.numbers.get(cell)
        return ("#" if cell in g.walls else ".") if n is None else "?" if n == ANY else str(n)
    rows = [[token((r, c)) for c in range(g.cols + g.points)] for r in range(g.rows + g.points)]
    sep = " " if any(len(t) > 1 for row in rows for t in row) else ""
    text = "\n".join(sep.join(row) for row in rows)
    if g.regions is None:
        return text
    many = len({k for row in g.regions for k in row}) > len(_NAMES)
    names: dict[int, str] = {}
    lines = [[names.setdefault(k, str(len(names)) if many else _NAMES[len(names)]) for k in row]
             for row in g.regions]
    return text + "\n\n" + "\n".join((" " if many else "").join(row) for row in lines)


def _number(token: str, r: int, c: int) -> int:
    if token == "?":
        return ANY
    if not token.isdigit():
        raise InvalidPuzzle(f"unknown cell {token!r}", line=r + 1, column=c + 1)
    return int(token)
