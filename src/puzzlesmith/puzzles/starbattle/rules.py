"""A rule-based Star Battle solver that works the way people do, to rate and explain puzzles.

The rules, from easiest to hardest (each step applies the easiest rule that makes progress):

========== ======= ===================================================================
rule       level   what it says
========== ======= ===================================================================
neighbours easy    the cells around a star are empty
complete   easy    a row, column or region with all its stars has its other cells empty
forced     easy    a unit with as many free cells as missing stars has a star in each
squeeze    medium  a unit's free cells split into 2×2 blocks (at most one star each); when
                   the blocks are as few as the missing stars, every block holds one star:
                   a block of one cell is a star, and a cell beside every cell of a block
                   (or in the block but outside the unit) is empty
confined   medium  regions lying inside one row (or column) take all its stars: the row's
                   other cells are empty; a row inside its regions, likewise
confined-k hard    the same for k regions inside k adjacent rows or columns (k >= 2)
trial      hard    a star here would break a rule (by the easy rules): the cell is empty
========== ======= ===================================================================

A puzzle is rated by the hardest rule it needs; "needs search" when the rules stall, and
"no solution" when they reach a contradiction.  The same rules give hints: from a player's
marks, :func:`next_step` is the easiest deduction that makes progress.

Every function takes ``limits``: past the deadline they raise
:class:`~puzzlesmith.errors.LimitReached` (checked between rule applications and inside the
long scans), so that rating a large board ends on time.

>>> from .formats import parse
>>> puzzle = parse("AABBCC\\nAABCCC\\nAABCCC\\nDDBBEE\\nDDBBEF\\nDDBBFF\\n")
>>> rating = rate(puzzle)
>>> rating.level, rating.solved
('medium', True)
>>> print(next_step(puzzle))
squeeze (region E): empty: r5c6
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import UsageError
from ...results import Limits
from .board import Marks, StarBattle, cell_name

__all__ = ["rate", "explain", "next_step", "broken_rule", "Rating", "Step", "Explanation",
           "LEVELS", "RULES", "NO_SOLUTION"]

UNKNOWN, STAR, EMPTY = 0, 1, 2
RULES = {"neighbours": "easy", "complete": "easy", "forced": "easy", "squeeze": "medium",
         "confined": "medium", "confined-k": "hard", "trial": "hard"}
LEVELS = ("easy", "medium", "hard", "needs search")
NO_SOLUTION = "no solution"  # the rating of a puzzle the rules prove impossible

Cell = tuple[int, int]


@dataclass
class Step:
    """One deduction: the rule, the unit it is about, the cells it decides."""

    rule: str
    unit: str
    stars: list[Cell] = field(default_factory=list)
    empties: list[Cell] = field(default_factory=list)

    def __str__(self) -> str:
        parts = []
        if self.stars:
            parts.append("star at " + ", ".join(_name(c) for c in self.stars))
        if self.empties:
            parts.append("empty: " + ", ".join(_name(c) for c in self.empties))
        return f"{self.rule} ({self.unit}): {'; '.join(parts)}"


@dataclass
class Rating:
    """The hardest level needed, how often each rule fired, and whether the rules finished."""

    level: str
    counts: dict[str, int]
    solved: bool
    steps: list[Step]


@dataclass
class Explanation:
    """The steps the rules found, the final state of every cell (0 unknown, 1 star,
    2 empty), and whether they finished (``solved``) or proved the puzzle impossible
    (``contradiction``, the last step then being a ``contradiction`` step)."""

    steps: list[Step]
    state: dict[Cell, int]
    solved: bool
    contradiction: bool


_name = cell_name


class Contradiction(Exception):
    """The board breaks a rule (only raised inside trials and for broken puzzles)."""

    def __init__(self, reason: str = ""):
        super().__init__(reason)
        self.reason = reason


class _Board:
    """The dynamic state: every cell UNKNOWN, STAR or EMPTY; units as cell lists."""

    def __init__(self, puzzle: StarBattle, marks: Marks | None = None,
                 limits: Limits | None = None, phase: str = "applying the rules"):
        self.puzzle = puzzle
        self.limits, self.phase = limits or Limits(), phase
        self.rows, self.cols = puzzle.rows, puzzle.columns
        self.state = {cell: UNKNOWN for cell in puzzle.cells()}
        if marks is not None:
            for cell in marks.empties:
                if cell in self.state:
                    self.state[cell] = EMPTY
            for cell in marks.stars:
                if cell not in self.state:
                    raise Contradiction(f"a star on {_name(cell)}, which must stay empty")
                self.state[cell] = STAR
        self.units: list[tuple[str, list[Cell], int]] = []
        for r in range(self.rows):
            self.units.append((f"row {r + 1}", [(r, c) for c in range(self.cols)
                                                 if (r, c) in self.state], puzzle.row_stars[r]))
        for c in range(self.cols):
            self.units.append((f"column {c + 1}", [(r, c) for r in range(self.rows)
                                                    if (r, c) in self.state],
                               puzzle.column_stars[c]))
        members: dict[str, list[Cell]] = {region: [] for region in puzzle.region_stars}
        for cell in self.state:
            region = puzzle.grid[cell[0]][cell[1]]
            if region in members:
                members[region].append(cell)
        for region, k in puzzle.region_stars.items():
            self.units.append((f"region {region}", members[region], k))

    def copy(self) -> _Board:
        twin = object.__new__(_Board)
        twin.__dict__.update(self.__dict__)
        twin.state = dict(self.state)
        return twin

    def tick(self) -> None:
        """Raise LimitReached once the deadline has passed."""
        self.limits.check(self.phase)

    def around(self, cell: Cell):
        r, c = cell
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and (r + dr, c + dc) in self.state:
                    yield r + dr, c + dc

    def apply(self, step: Step) -> None:
        for cell in step.stars:
            self.state[cell] = STAR
        for cell in step.empties:
            self.state[cell] = EMPTY

    def missing(self, cells: list[Cell], need: int) -> tuple[int, list[Cell]]:
        """Stars still missing in a unit and its unknown cells; raises on a broken unit."""
        stars = sum(1 for cell in cells if self.state[cell] == STAR)
        free = [cell for cell in cells if self.state[cell] == UNKNOWN]
        if stars > need or stars + len(free) < need:
            raise Contradiction
        return need - stars, free

    def unit_problem(self) -> str | None:
        """The first unit whose stars cannot be right any more, in words, or None."""
        for name, cells, need in self.units:
            stars = sum(1 for cell in cells if self.state[cell] == STAR)
            free = sum(1 for cell in cells if self.state[cell] == UNKNOWN)
            if stars > need:
                return f"{name} has {stars} stars, needs {need}"
            if stars + free < need:
                return f"{name} needs {need} stars but has room for {stars + free}"
        return None

    def solved(self) -> bool:
        return all(v != UNKNOWN for v in self.state.values())


# -- the rules: each returns the first Step it finds, or None -------------------------------------

def _neighbours(board: _Board) -> Step | None:
    for cell, value in board.state.items():
        if value == STAR:
            board.tick()
            empties = [nb for nb in board.around(cell) if board.state[nb] == UNKNOWN]
            if any(board.state[nb] == STAR for nb in board.around(cell)):
                raise Contradiction
            if empties:
                return Step("neighbours", _name(cell), empties=empties)
    return None


def _complete(board: _Board) -> Step | None:
    for name, cells, need in board.units:
        board.tick()
        missing, free = board.missing(cells, need)
        if missing == 0 and free:
            return Step("complete", name, empties=free)
    return None


def _forced(board: _Board) -> Step | None:
    for name, cells, need in board.units:
        board.tick()
        missing, free = board.missing(cells, need)
        if missing and missing == len(free):
            return Step("forced", name, stars=free)
    return None


def _blocks(board: _Board, free: list[Cell]) -> list[list[Cell]]:
    """Split cells into groups inside 2×2 blocks, greedily, fewest groups first."""
    left = set(free)
    groups = []
    for cell in sorted(free):
        if cell not in left:
            continue
        r, c = cell
        best: list[Cell] = [cell]
        for top, lft in ((r, c), (r - 1, c), (r, c - 1), (r - 1, c - 1)):
            block = [x for x in ((top, lft), (top + 1, lft), (top, lft + 1), (top + 1, lft + 1))
                     if x in left]
            if cell in block and len(block) > len(best):
                best = block
        groups.append(best)
        left -= set(best)
    return groups


def _squeeze(board: _Board) -> Step | None:
    for name, cells, need in board.units:
        board.tick()
        missing, free = board.missing(cells, need)
        if not missing:
            continue
        groups = _blocks(board, free)
        if len(groups) < missing:
            raise Contradiction
        if len(groups) > missing:
            continue
        stars = [g[0] for g in groups if len(g) == 1]
        empties = set()
        for group in groups:
            seen = None
            for cell in group:
                near = set(board.around(cell)) | {cell}
                seen = near if seen is None else seen & near
            empties |= {x for x in seen - set(group) if board.state[x] == UNKNOWN}
        if stars or empties:
            return Step("squeeze", name, stars=stars, empties=sorted(empties - set(stars)))
    return None


def _confined(board: _Board, wide: bool) -> Step | None:
    """Regions inside a band of rows or columns: one line wide, or (``wide``) more."""
    regions = [(name, *board.missing(cells, need)) for name, cells, need in board.units
               if name.startswith("region")]
    for axis, size, label in ((0, board.rows, "rows"), (1, board.cols, "columns")):
        lines = [u for u in board.units if u[0].startswith("row" if axis == 0 else "column")]
        for a in range(size):
            for b in (range(a + 1, size) if wide else (a,)):
                board.tick()
                band_need, band_free = 0, []
                for _, cells, need in lines[a:b + 1]:
                    missing, free = board.missing(cells, need)
                    band_need += missing
                    band_free += free
                if not band_need:
                    continue
                band = set(band_free)
                inside = [(n, m, f) for n, m, f in regions if f and set(f) <= band]
                touching = [(n, m, f) for n, m, f in regions if band & set(f)]
                unit = f"{label} {a + 1}-{b + 1}" if a < b else f"{label[:-1]} {a + 1}"
                if sum(m for _, m, _ in inside) == band_need:
                    owned = {x for _, _, f in inside for x in f}
                    empties = sorted(band - owned)
                    if empties:
                        names = ", ".join(n for n, _, _ in inside)
                        return Step(_confined_rule(a, b), f"{names} inside {unit}",
                                    empties=empties)
                if sum(m for _, m, _ in touching) == band_need:
                    empties = sorted({x for _, _, f in touching for x in f} - band)
                    if empties:
                        return Step(_confined_rule(a, b), f"{unit} inside their regions",
                                    empties=empties)
    return None


def _confined_rule(a: int, b: int) -> str:
    return "confined" if a == b else "confined-k"


def _trial(board: _Board) -> Step | None:
    for cell, value in board.state.items():
        if value != UNKNOWN:
            continue
        board.tick()
        twin = board.copy()
        twin.state[cell] = STAR
        try:
            _run(twin, _TRIAL_RULES, [])
        except Contradiction:
            return Step("trial", f"a star at {_name(cell)} breaks a rule", empties=[cell])
    return None


def _confined_one(board: _Board) -> Step | None:
    return _confined(board, False)


def _confined_many(board: _Board) -> Step | None:
    return _confined(board, True)


_TRIAL_RULES = (_neighbours, _complete, _forced)
#: The rules a solver of each level may use, easiest first.
_BY_LEVEL = {"easy": _TRIAL_RULES,
             "medium": (*_TRIAL_RULES, _squeeze, _confined_one),
             "hard": (*_TRIAL_RULES, _squeeze, _confined_one, _confined_many, _trial)}


def _run(board: _Board, rules, steps: list[Step]) -> None:
    """Apply the easiest rule that makes progress until none does (raises on contradiction)."""
    while not board.solved():
        board.tick()
        for rule in rules:
            step = rule(board)
            if step is not None:
                board.apply(step)
                steps.append(step)
                break
        else:
            return
    for _unit, cells, need in board.units:
        board.tick()
        board.missing(cells, need)


def explain(puzzle: StarBattle, level: str = "hard", *, marks: Marks | None = None,
            limits: Limits | None = None, phase: str = "explaining") -> Explanation:
    """The human-style steps from the start (or from ``marks``) using the rules up to
    ``level``, until the rules finish, stall or prove there is no solution (then the last
    step is a ``contradiction``).  Raises LimitReached past the deadline."""
    rules = _rules_of(level)
    steps: list[Step] = []
    try:
        board = _Board(puzzle, marks, limits, phase)
    except Contradiction as error:
        return Explanation([Step("contradiction", error.reason)], {}, False, True)
    try:
        _run(board, rules, steps)
    except Contradiction:
        steps.append(Step("contradiction", "the rules prove there is no solution"))
        return Explanation(steps, board.state, False, True)
    return Explanation(steps, board.state, board.solved(), False)


def _rules_of(level: str):
    try:
        return _BY_LEVEL[level]
    except KeyError:
        raise UsageError(f"unknown level {level!r}; expected one of "
                         f"{', '.join(_BY_LEVEL)}") from None


def rate(puzzle: StarBattle, *, limits: Limits | None = None) -> Rating:
    """Rate by the hardest rule needed; ``needs search`` when the rules cannot finish."""
    explained = explain(puzzle, limits=limits, phase="rating")
    steps = explained.steps
    counts = {rule: 0 for rule in RULES}
    if explained.contradiction:
        return Rating(NO_SOLUTION, counts, False, steps)
    for step in steps:
        counts[step.rule] += 1
    if not explained.solved:
        level = "needs search"
    else:
        used = [LEVELS.index(RULES[rule]) for rule, n in counts.items() if n]
        level = LEVELS[max(used, default=0)]
    return Rating(level, counts, explained.solved, steps)


def broken_rule(puzzle: StarBattle, marks: Marks) -> str | None:
    """The first rule a player's marks break, in words (touching stars, a unit with too many
    stars or too little room), or None."""
    try:
        board = _Board(puzzle, marks)
    except Contradiction as error:
        return error.reason
    for cell in sorted(marks.stars):
        for other in board.around(cell):
            if other in marks.stars and cell < other:
                return f"the stars at {_name(cell)} and {_name(other)} touch"
    return board.unit_problem()


def next_step(puzzle: StarBattle, marks: Marks | None = None, *, level: str = "hard",
              limits: Limits | None = None) -> Step | None:
    """The easiest deduction (up to ``level``) that makes progress from ``marks``, or None
    when the rules stall or the board is decided.  Marks that break a rule give a
    ``contradiction`` step naming it."""
    problem = broken_rule(puzzle, marks) if marks is not None else None
    if problem:
        return Step("contradiction", problem)
    rules = _rules_of(level)
    board = _Board(puzzle, marks, limits, "finding a hint")
    try:
        for rule in rules:
            board.tick()
            step = rule(board)
            if step is not None:
                return step
    except Contradiction:
        return Step("contradiction", board.unit_problem() or "the marks leave no solution")
    return None
