"""Star Battle's independent checker: does a star placement break a rule, and which?

Checked directly on the grid, with nothing shared with the solvers but the board.

>>> puzzle = StarBattle(("ab", "cd"), (1, 1), (1, 1), {"a": 1, "b": 0, "c": 0, "d": 1})
>>> violations(puzzle, [(0, 0), (1, 1)])
['stars at r1c1 and r2c2 touch']
>>> violations(puzzle, [(0, 0)])
['row 2 has 0 stars, needs 1', 'column 2 has 0 stars, needs 1', "region 'd' has 0 stars, needs 1"]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .board import VOID, Cell, Marks, StarBattle, cell_name, stars_of

__all__ = ["violations", "wrong_cells"]


def violations(puzzle: StarBattle, stars: Marks | Iterable[Cell]) -> list[str]:
    """Every rule the star placement breaks, in words; empty when it is a solution.

    Checked directly on the grid, independently of any solver.
    """
    return [text for text, _ in _broken(puzzle, stars)]


def wrong_cells(puzzle: StarBattle, stars: Marks | Iterable[Cell]) -> list[Cell]:
    """The stars that break a rule (on an empty cell, touching another, or in a row, column
    or region with too many), in order: the cells a check marks.

    >>> wrong_cells(StarBattle(("ab", "cd"), (1, 1), (1, 1), {"a": 1, "b": 0}), [(0, 0), (0, 1)])
    [(0, 0), (0, 1)]
    """
    return sorted({cell for _, cells in _broken(puzzle, stars) for cell in cells})


def _broken(puzzle: StarBattle, stars: Marks | Iterable[Cell]
            ) -> Iterator[tuple[str, tuple[Cell, ...]]]:
    """Each rule broken: (in words, the stars that break it)."""
    listed = stars_of(stars)
    cells = set(listed)
    if len(cells) != len(listed):
        yield "a cell is listed twice", ()
    inside = {(r, c) for r, c in cells if 0 <= r < puzzle.rows and 0 <= c < puzzle.columns}
    for cell in sorted(cells - inside):
        yield f"star at {cell} is off the board", ()
    for r, c in sorted(inside):
        if puzzle.grid[r][c] == VOID:
            yield f"star on the empty cell {cell_name((r, c))}", ((r, c),)
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            if (r + dr, c + dc) in inside:
                yield (f"stars at {cell_name((r, c))} and {cell_name((r + dr, c + dc))} "
                       "touch", ((r, c), (r + dr, c + dc)))
    for unit, want, got in _units(puzzle, sorted(inside)):
        if len(got) != want:
            yield (f"{unit} has {len(got)} stars, needs {want}",
                   tuple(got) if len(got) > want else ())


def _units(puzzle: StarBattle, stars: list[Cell]) -> Iterator[tuple[str, int, list[Cell]]]:
    """(name, stars needed, stars in it) of every row, column and region."""
    for r, want in enumerate(puzzle.row_stars):
        yield f"row {r + 1}", want, [s for s in stars if s[0] == r]
    for c, want in enumerate(puzzle.column_stars):
        yield f"column {c + 1}", want, [s for s in stars if s[1] == c]
    for region, want in puzzle.region_stars.items():
        yield f"region {region!r}", want, [s for s in stars if puzzle.grid[s[0]][s[1]] == region]
