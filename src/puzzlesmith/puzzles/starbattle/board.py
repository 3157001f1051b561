"""Star Battle (also "Alberi", "Two Not Touch") as generalized exact cover.

Rules: an m×n grid divided into regions; place the given number of stars in every row,
every column and every region so that no two stars touch, not even diagonally.  As in the
seed, cells marked ``.`` must stay empty, cells marked with a space belong to no region, and
rows, columns and regions may have different counts.

The model: one option per cell that may hold a star, covering its row, its column and its
region (primary items, each needing its count) and every 2×2 block it lies in (secondary
items: at most one star per block is exactly "no two stars touch").  The engine's pigeonhole
bounds then find the human solver's 2×2 "squeeze" rules by themselves: a row's free cells,
grouped by the blocks and regions they share, bound how many stars it can still take.

>>> puzzle = parse(EXAMPLE_6X6)
>>> result = solve(puzzle)
>>> print(format_solution(puzzle, result.solution, "board"))
.*....
...*..
.....*
..*...
*.....
....*.
>>> is_solution(puzzle, result.solution)
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib import resources

from ...engines.exactcover import CountResult, ExactCover
from ...errors import InvalidPuzzle, UsageError
from ...results import Limits, Stats, Status

__all__ = [
    "StarBattle", "StarBattleResult", "parse", "format", "validate", "model", "solve",
    "solutions", "count", "is_solution", "violations", "format_solution", "example",
    "FORMATS", "STAR", "EMPTY", "VOID", "NO_REGION",
]

STAR, EMPTY = "*", "."        # the solution rows of the .sb format and of JSON
VOID, NO_REGION = ".", " "    # in a region grid: a cell that stays empty; a cell in no region
FORMATS = ("board", "letters", "line", "framed")

EXAMPLE_6X6 = """\
AABBCC
AABCCC
AABCCC
DDBBEE
DDBBEF
DDBBFF
"""

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


@dataclass
class StarBattleResult:
    """A solve's outcome: status, the star cells (sorted), statistics, uniqueness verdict."""

    status: Status
    solution: list[Cell] | None
    stats: Stats
    unique: bool | None = None


# -- parsing ----------------------------------------------------------------------------------

def parse(text: str, stars: int | None = None, *, row_stars: int | None = None,
          column_stars: int | None = None, region_stars: int | None = None) -> StarBattle:
    """Read a puzzle: a plain grid of region letters, or the ``.sb`` format.

    ``stars`` sets the count of every unit not set on its own; by default a ``.sb`` file's
    ``size`` line, else the count the grid implies (:func:`implied_stars`).  Row and column
    counts follow from the region count when only that is known.
    """
    lines = text.splitlines()
    if any(_SIZE_LINE.match(line) or line.strip() == "regions" for line in lines):
        grid, size, given = _parse_sb(lines)
        stars = stars if stars is not None else size
    else:
        numbered = [(n, line) for n, line in enumerate(lines, 1) if line.strip()]
        grid, given = _check_grid(numbered), None
    if given is not None:
        _check_solution_shape(given, grid)
    puzzle = _with_counts(grid, stars, row_stars, column_stars, region_stars)
    if given is not None:
        given_cells = frozenset((r, c) for r, row in enumerate(given[1])
                                for c, ch in enumerate(row) if ch == STAR)
        puzzle = StarBattle(puzzle.grid, puzzle.row_stars, puzzle.column_stars,
                            puzzle.region_stars, given_cells)
    validate(puzzle)
    if puzzle.given is not None and (broken := violations(puzzle, sorted(puzzle.given))):
        raise InvalidPuzzle(f"the solution block breaks the rules: {broken[0]}")
    return puzzle


_SIZE_LINE = re.compile(r"^\s*size\s")


def _parse_sb(lines: list[str]) -> tuple[tuple[str, ...], int, tuple[int, list[str]] | None]:
    """The ``.sb`` format: comments, ``size R C K``, ``regions`` rows, optional ``solution``."""
    size: tuple[int, int, int] | None = None
    sections: dict[str, list[tuple[int, str]]] = {}
    current = None
    for n, raw in enumerate(lines, 1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if _SIZE_LINE.match(line):
            fields = line.split()
            if len(fields) != 4 or not all(f.isdigit() for f in fields[1:]):
                raise InvalidPuzzle("expected 'size ROWS COLUMNS STARS'", line=n)
            size = (int(fields[1]), int(fields[2]), int(fields[3]))
        elif line.strip() in ("regions", "solution"):
            current = line.strip()
            sections[current] = []
        elif current is None:
            raise InvalidPuzzle(f"unexpected line {line.strip()!r} before 'regions'", line=n)
        else:
            sections[current].append((n, line))
    if size is None:
        raise InvalidPuzzle("missing 'size ROWS COLUMNS STARS' line")
    if "regions" not in sections:
        raise InvalidPuzzle("missing 'regions' section")
    grid = _check_grid(sections["regions"], expected=size[:2])
    given = None
    if "solution" in sections:
        rows = sections["solution"]
        given = (rows[0][0] if rows else len(lines), [row for _, row in rows])
        _check_grid(rows, expected=size[:2], alphabet=STAR + EMPTY, what="solution row")
    return grid, size[2], given


def _check_grid(numbered: list[tuple[int, str]], expected: tuple[int, int] | None = None,
                alphabet: str | None = None, what: str = "row") -> tuple[str, ...]:
    """Rows of equal length with allowed characters; errors name line and column."""
    if not numbered:
        raise InvalidPuzzle("empty puzzle: no rows")
    width = expected[1] if expected else len(numbered[0][1])
    for n, row in numbered:
        if len(row) != width:
            raise InvalidPuzzle(f"{what} has {len(row)} cells, expected {width}", line=n)
        for c, ch in enumerate(row, 1):
            bad = (ch not in alphabet) if alphabet else not (ch.isalnum() or ch in VOID + NO_REGION)
            if bad:
                raise InvalidPuzzle(f"unexpected character {ch!r} in {what}", line=n, column=c)
    if expected and len(numbered) != expected[0]:
        raise InvalidPuzzle(f"{len(numbered)} {what}s, expected {expected[0]}",
                            line=numbered[-1][0])
    return tuple(row for _, row in numbered)


def _check_solution_shape(given: tuple[int, list[str]], grid: tuple[str, ...]) -> None:
    line, rows = given
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == STAR and grid[r][c] == VOID:
                raise InvalidPuzzle(f"solution puts a star on the empty cell at row {r + 1}, "
                                    f"column {c + 1}", line=line + r)


def implied_stars(rows: int, columns: int) -> int:
    """The usual star count for a grid: 1 up to 9 wide, 2 from 10, 3 from 14, 4 from 17, …"""
    side = min(rows, columns)
    return 1 if side < 10 else 2 if side < 14 else 3 if side < 17 else 4 + (side - 17) // 4


def _with_counts(grid: tuple[str, ...], stars: int | None, row_stars: int | None,
                 column_stars: int | None, region_stars: int | None) -> StarBattle:
    """Fill in every unit's count from what was given, as the seed's consistency rule implies."""
    rows, cols = len(grid), len(grid[0])
    regions = list(dict.fromkeys(ch for row in grid for ch in row if ch not in VOID + NO_REGION))
    if stars is None and region_stars is None and row_stars is None and column_stars is None:
        stars = implied_stars(rows, cols)
    per_region = region_stars if region_stars is not None else stars
    total = None
    for count, units in ((per_region, len(regions)), (row_stars, rows), (column_stars, cols)):
        if count is not None and units:
            total = count * units
            break
    if total is None:  # only `stars` given and no regions: it counts per row
        total = stars * rows

    def share(given: int | None, units: int, what: str) -> int:
        if given is not None:
            return given
        if stars is not None and units and stars * units == total:
            return stars
        if units == 0 or total % units:
            raise InvalidPuzzle(f"{total} stars cannot be shared equally among {units} {what}")
        return total // units

    per_row = share(row_stars, rows, "rows")
    per_col = share(column_stars, cols, "columns")
    per_region = share(per_region, len(regions), "regions") if regions else 0
    return StarBattle(grid, (per_row,) * rows, (per_col,) * cols,
                      dict.fromkeys(regions, per_region))


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
    for r, k in enumerate(puzzle.row_stars):
        room = (puzzle.columns + 1) // 2
        if k > room:
            raise InvalidPuzzle(f"row {r + 1} cannot hold {k} stars that do not touch")


# -- formatting ---------------------------------------------------------------------------------

def format(puzzle: StarBattle, solution: list[Cell] | None = None) -> str:  # noqa: A001
    """The ``.sb`` text of a puzzle, with a ``solution`` block when one is given."""
    k = puzzle.row_stars[0]
    lines = [f"size {puzzle.rows} {puzzle.columns} {k}", "regions", *puzzle.grid]
    if solution is not None:
        lines += ["solution", *solution_rows(puzzle, solution)]
    return "\n".join(lines) + "\n"


def solution_rows(puzzle: StarBattle, solution: list[Cell]) -> list[str]:
    """Rows of ``*`` (star) and ``.`` (empty): the JSON answer and the ``.sb`` block."""
    stars = set(solution)
    return ["".join(STAR if (r, c) in stars else EMPTY for c in range(puzzle.columns))
            for r in range(puzzle.rows)]


def format_solution(puzzle: StarBattle, solution: list[Cell], style: str = "board") -> str:
    """A solved board in one of :data:`FORMATS`.

    ``board``: rows of ``*``/``.``; ``letters``: the region letters with the stars' letters in
    the other case (the seed's capitalised letters); ``line``: the seed's one-line ``*``/``|``
    form; ``framed``: the seed's ``render_board`` with walls between regions.
    """
    from ...render.text import framed_grid

    rows = solution_rows(puzzle, solution)
    if style == "board":
        return "\n".join(rows)
    if style == "letters":
        return "\n".join(
            "".join(ch.swapcase() if s == STAR else ch for ch, s in zip(g, row, strict=True))
            for g, row in zip(puzzle.grid, rows, strict=True))
    if style == "line":
        return "".join(rows).replace(EMPTY, "|")
    if style == "framed":
        return framed_grid(list(puzzle.grid), [row.replace(EMPTY, " ") for row in rows])
    raise UsageError(f"unknown format {style!r}; choose from {', '.join(FORMATS)}")


def example() -> StarBattle:
    """The seed document's 12×12 two-star puzzle (with its solution)."""
    text = resources.files("puzzlesmith.examples").joinpath("starbattle_12x12_2.sb").read_text()
    return parse(text)


# -- solving ---------------------------------------------------------------------------------

def model(puzzle: StarBattle, *, seed: int | None = None) -> ExactCover:
    """The exact-cover model (see the module docstring); options are the cells."""
    rows, cols = puzzle.rows, puzzle.columns
    options = {}
    for r, c in puzzle.cells():
        items = [("row", r), ("column", c)]
        if puzzle.grid[r][c] != NO_REGION:
            items.append(("region", puzzle.grid[r][c]))
        items += [("block", br, bc)
                  for br in range(max(r - 1, 0), min(r, max(rows - 2, 0)) + 1)
                  for bc in range(max(c - 1, 0), min(c, max(cols - 2, 0)) + 1)]
        options[(r, c)] = items
    multiplicity = {("row", r): k for r, k in enumerate(puzzle.row_stars)}
    multiplicity.update({("column", c): k for c, k in enumerate(puzzle.column_stars)})
    multiplicity.update({("region", g): k for g, k in puzzle.region_stars.items()})
    blocks = [("block", br, bc) for br in range(max(rows - 1, 1)) for bc in range(max(cols - 1, 1))]
    return ExactCover(options, secondary=blocks, multiplicity=multiplicity, random=seed)


def solutions(puzzle: StarBattle, *, seed: int | None = None,
              limits: Limits | None = None) -> Iterator[list[Cell]]:
    """Lazily yield every solution as a sorted list of star cells."""
    for chosen in model(puzzle, seed=seed).solutions(limits):
        yield sorted(chosen)


def solve(puzzle: StarBattle, *, unique: bool = False, seed: int | None = None,
          limits: Limits | None = None,
          progress: Callable[[Stats], None] | None = None) -> StarBattleResult:
    """Solve; with ``unique=True`` also prove the solution unique (or find a second)."""
    result = model(puzzle, seed=seed).solve(unique=unique, limits=limits, progress=progress)
    solution = sorted(result.solution) if result.solution is not None else None
    return StarBattleResult(result.status, solution, result.stats, result.unique)


def count(puzzle: StarBattle, limit: int | None = None, *, limits: Limits | None = None,
          progress: Callable[[Stats], None] | None = None) -> CountResult:
    """Count the solutions, up to ``limit``."""
    return model(puzzle).count(limit, limits=limits, progress=progress)


# -- checking (independent of the solver) ------------------------------------------------------

def violations(puzzle: StarBattle, stars: list[Cell]) -> list[str]:
    """Every rule the star placement breaks, in words; empty when it is a solution."""
    problems = []
    cells = set(stars)
    if len(cells) != len(stars):
        problems.append("a cell is listed twice")
    for r, c in cells:
        if not (0 <= r < puzzle.rows and 0 <= c < puzzle.columns):
            problems.append(f"star at ({r}, {c}) is off the board")
        elif puzzle.grid[r][c] == VOID:
            problems.append(f"star on the empty cell at row {r + 1}, column {c + 1}")
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and (r + dr, c + dc) in cells and (r, c) < (r + dr, c + dc):
                    problems.append(f"stars at row {r + 1}, column {c + 1} and row {r + dr + 1},"
                                    f" column {c + dc + 1} touch")
    for r, want in enumerate(puzzle.row_stars):
        got = sum(1 for s in cells if s[0] == r)
        if got != want:
            problems.append(f"row {r + 1} has {got} stars, needs {want}")
    for c, want in enumerate(puzzle.column_stars):
        got = sum(1 for s in cells if s[1] == c)
        if got != want:
            problems.append(f"column {c + 1} has {got} stars, needs {want}")
    for region, want in puzzle.region_stars.items():
        got = sum(1 for r, c in cells if 0 <= r < puzzle.rows and 0 <= c < puzzle.columns
                  and puzzle.grid[r][c] == region)
        if got != want:
            problems.append(f"region {region!r} has {got} stars, needs {want}")
    return problems


def is_solution(puzzle: StarBattle, stars: list[Cell]) -> bool:
    """True when the stars satisfy every rule (checked directly, not through the model)."""
    return not violations(puzzle, stars)
