"""Star Battle's board: the puzzle and a player's marks (the checker is :mod:`.check`).

Rules: an m×n grid divided into regions; place the given number of stars in every row,
every column and every region so that no two stars touch, not even diagonally.  As in the
seed, cells marked ``.`` must stay empty, cells marked with a space belong to no region, and
rows, columns and regions may have different counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ...errors import InvalidPuzzle
from ..symmetry import TURNS, first_seen, renamed

__all__ = [
    "StarBattle", "Marks", "Cell", "STAR", "EMPTY", "RULED_OUT", "VOID", "NO_REGION",
    "MAX_SIDE", "cell_name", "implied_stars", "validate", "solution_rows",
    "stars_of", "normal_forms",
]

STAR, EMPTY = "*", "."        # the solution rows of the .sb format and of JSON
RULED_OUT = "x"               # in a player's marks: a cell ruled out ('-' is read too)
VOID, NO_REGION = ".", " "    # in a region grid: a cell that stays empty; a cell in no region
#: Default cap on rows and on columns of a puzzle (``max_size`` raises it); a 200×200 model
#: takes about 0.6 s and 60 MB to build.
MAX_SIDE = 200

Cell = tuple[int, int]


@dataclass(frozen=True)
class StarBattle:
    """A puzzle: the region grid (one character per cell) and the stars each unit needs.

    ``given`` is the solution stated in the input (``.sb`` files), if any.
    """

    grid: tuple[str, ...]
    row_stars: tuple[int, ...]
    column_stars: tuple[int, ...]
    region_stars: dict[str, int] = field(hash=False)
    given: frozenset[Cell] | None = field(default=None, compare=False)

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def columns(self) -> int:
        return len(self.grid[0])

    @property
    def regions(self) -> list[str]:
        """Region names in order of first appearance."""
        return list(dict.fromkeys(ch for row in self.grid for ch in row
                                  if ch not in (VOID, NO_REGION)))

    def cells(self) -> Iterator[Cell]:
        """Cells that may hold a star."""
        for r, row in enumerate(self.grid):
            for c, ch in enumerate(row):
                if ch != VOID:
                    yield r, c

    def with_given(self, stars: Iterable[Cell] | None) -> StarBattle:
        """The same puzzle stating ``stars`` as its solution."""
        given = None if stars is None else frozenset(stars)
        return StarBattle(self.grid, self.row_stars, self.column_stars, self.region_stars, given)


@dataclass(frozen=True)
class Marks:
    """A player's marks (the state for a hint): stars placed and cells ruled out; every
    other cell is unknown.  A solution is marks whose stars break no rule."""

    stars: frozenset[Cell] = frozenset()
    empties: frozenset[Cell] = frozenset()


def stars_of(answer: Marks | Iterable[Cell]) -> list[Cell]:
    """The star cells of an answer (marks, or any iterable of cells), sorted."""
    if isinstance(answer, Marks):
        return sorted(answer.stars)
    return sorted(tuple(cell) for cell in answer)


def cell_name(cell: Cell) -> str:
    """``r3c5`` for the cell in row 3, column 5 (counted from 1).

    >>> cell_name((2, 4))
    'r3c5'
    """
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def implied_stars(rows: int, columns: int) -> int:
    """The usual star count for a grid: 1 up to 9 wide, 2 from 10, 3 from 14, 4 from 17, …

    >>> [implied_stars(n, n) for n in (8, 10, 14, 17, 21)]
    [1, 2, 3, 4, 5]
    """
    side = min(rows, columns)
    return 1 if side < 10 else 2 if side < 14 else 3 if side < 17 else 4 + (side - 17) // 4


def validate(puzzle: StarBattle) -> None:
    """Raise :class:`InvalidPuzzle` unless the counts are consistent (the seed's check)."""
    rows, cols = sum(puzzle.row_stars), sum(puzzle.column_stars)
    if any(k < 0 for k in (*puzzle.row_stars, *puzzle.column_stars,
                           *puzzle.region_stars.values())):
        raise InvalidPuzzle("star counts must not be negative")
    if rows != cols:
        raise InvalidPuzzle(f"rows need {rows} stars in all but columns need {cols}")
    regioned = all(ch != NO_REGION for row in puzzle.grid for ch in row)
    total = sum(puzzle.region_stars.values())
    if puzzle.region_stars and (total > rows or (regioned and total != rows)):
        raise InvalidPuzzle(f"regions need {total} stars in all but rows need {rows}")
    for what, counts, length in (("row", puzzle.row_stars, puzzle.columns),
                                 ("column", puzzle.column_stars, puzzle.rows)):
        for n, k in enumerate(counts):
            if k > (length + 1) // 2:
                raise InvalidPuzzle(f"{what} {n + 1} cannot hold {k} stars that do not touch")


def solution_rows(puzzle: StarBattle, stars: Marks | Iterable[Cell]) -> list[str]:
    """Rows of ``*`` (star) and ``.`` (empty): the JSON answer and the ``.sb`` block.
    Marks show their ruled-out cells as ``x``."""
    marked = set(stars_of(stars))
    empties = stars.empties if isinstance(stars, Marks) else frozenset()
    return ["".join(STAR if (r, c) in marked else RULED_OUT if (r, c) in empties else EMPTY
                    for c in range(puzzle.columns)) for r in range(puzzle.rows)]


def normal_forms(puzzle: StarBattle) -> list[str]:
    """The puzzle turned and mirrored, its regions renamed in order of first appearance: one
    text each, with the stars of every row, column and region."""
    forms = []
    for turn in TURNS:
        grid = turn.grid(puzzle.grid)
        regions = [puzzle.region_stars[name] for name in first_seen(grid, (VOID, NO_REGION))]
        counts = [*turn.lines(puzzle.row_stars, puzzle.column_stars), regions]
        forms.append(" ".join(",".join(map(str, c)) for c in counts)
                     + "|" + renamed(grid, keep=(VOID, NO_REGION)))
    return forms
