"""The text grid shared by the declared genres: one row a line, one token a cell.

Tokens: '.' empty, a number (a clue), '#' a wall, '?' a clue of any size.  A row is read
character by character, or split on blanks when it has any (for numbers above 9).

>>> g = read_grid('''
... 1.#
... ?.2
... ''', numbered_walls=True)
>>> g.rows, g.cols, sorted(g.numbers.items()), sorted(g.walls)
(2, 3, [((0, 0), 1), ((1, 0), -1), ((1, 2), 2)], [(0, 0), (0, 2), (1, 0), (1, 2)])
"""

from __future__ import annotations

from ..errors import InvalidPuzzle
from .givens import ANY, Cell, Givens

MAX_SIDE = 100


def read_grid(text: str, *, numbered_walls: bool = False, points: bool = False) -> Givens:
    """The :class:`Givens` of a text grid; ``numbered_walls`` makes every clue a wall;
    ``points``: the tokens are the grid points, one row and column more than the cells."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines:
        raise InvalidPuzzle("the grid is empty")
    rows = [line.split() if " " in line else list(line) for line in lines]
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
    return Givens(len(rows) - points, width - points, numbers=numbers, walls=frozenset(walls),
                  points=points)


def write_grid(g: Givens) -> str:
    """The text grid of ``g`` (blank-separated when a number has two digits)."""
    def token(cell: Cell) -> str:
        n = g.numbers.get(cell)
        return ("#" if cell in g.walls else ".") if n is None else "?" if n == ANY else str(n)
    rows = [[token((r, c)) for c in range(g.cols + g.points)] for r in range(g.rows + g.points)]
    sep = " " if any(len(t) > 1 for row in rows for t in row) else ""
    return "\n".join(sep.join(row) for row in rows)


def _number(token: str, r: int, c: int) -> int:
    if token == "?":
        return ANY
    if not token.isdigit():
        raise InvalidPuzzle(f"unknown cell {token!r}", line=r + 1, column=c + 1)
    return int(token)
