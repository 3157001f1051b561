"""A rule-based Star Battle solver that works the way people do, to rate and explain puzzles.

The rules, from easiest to hardest (each step applies the easiest rule that makes progress):

============ ======= =================================================================
rule         level   what it says
============ ======= =================================================================
neighbours   easy    the cells around a star are empty
complete     easy    a row, column or region with all its stars has its other cells empty
forced       easy    a unit with as many free cells as missing stars has a star in each
squeeze      easy    a unit's free cells split into 2×2 blocks (at most one star each);
                     when the blocks are as few as the missing stars, every block holds
                     one star: a block of one cell is a star, and a cell beside every cell
                     of a block is empty
shared       easy    a unit missing one star: a cell beside all of its free cells is empty
                     (the pair or triple of cells that must share the star)
band-squeeze medium  the squeeze on two adjacent rows (or columns) together
confined     medium  regions lying inside one row (or column) take all its stars: the
                     row's other cells are empty; a row inside its regions, likewise
counting     medium  a star here would leave a unit too little room (its free cells,
                     counted in 2×2 blocks, fewer than its missing stars): the cell is empty
confined-k   hard    the same as confined for k regions inside k adjacent rows or columns
                     (k >= 2), and the mirror: k rows whose stars all lie in k regions
trial        hard    a star here leads, by the easy rules, to a broken unit: empty
deep-trial   expert  the same, with the medium rules in the consequence as well
============ ======= =================================================================

A puzzle is rated by the hardest rule it needs; "needs search" when the rules stall, and
"no solution" when they reach a contradiction.  The same rules give hints: from a player's
marks, :func:`hint` is the easiest deduction that makes progress.

Trials are incremental: a trial that found nothing is not repeated until a unit its
consequences touched has changed, and cells are tried most promising first (those whose
star would empty the most cells).

Every function takes ``limits``: past the deadline they raise
:class:`~puzzlesmith.errors.LimitReached` (checked between rule applications and inside the
long scans), so that rating a large board ends on time.

>>> from .formats import parse
>>> puzzle = parse("AABBCC\\nAABCCC\\nAABCCC\\nDDBBEE\\nDDBBEF\\nDDBBFF\\n")
>>> rating = rate(puzzle)
>>> rating.level, rating.solved
('medium', True)
>>> print(hint(puzzle))
squeeze (region E): empty: r5c6
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from ...errors import check_method
from ...results import Limits
from .board import Marks, StarBattle, cell_name

__all__ = ["rate", "explain", "decide", "hint", "broken_rule", "Rating", "Step", "Explanation",
           "LEVELS", "RULES", "NO_SOLUTION"]

UNKNOWN, STAR, EMPTY = 0, 1, 2
RULES = {"neighbours": "easy", "complete": "easy", "forced": "easy", "squeeze": "easy",
         "shared": "easy", "band-squeeze": "medium", "confined": "medium",
         "counting": "medium", "confined-k": "hard", "trial": "hard", "deep-trial": "expert"}
LEVELS = ("easy", "medium", "hard", "expert", "needs search")
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


#: the geometry (rows, columns, cells) last seen, with its 2×2 memo and :func:`_geometry`
#: (one tuple, swapped whole)
_MEMO: list = [None]


def _geometry(cells: list[Cell]):
    """The cells' index, every cell's neighbours and the 2×2 blocks it lies in (by index):
    what depends on the cells alone, shared by every board of the same cells."""
    index = {cell: i for i, cell in enumerate(cells)}
    nbrs = [tuple(index[(r + dr, c + dc)] for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                  if (dr or dc) and (r + dr, c + dc) in index) for r, c in cells]
    blocks_of = [
        [tuple(index[x] for x in ((top, lft), (top, lft + 1), (top + 1, lft),
                                  (top + 1, lft + 1)) if x in index)
         for top, lft in ((r, c), (r, c - 1), (r - 1, c), (r - 1, c - 1))]
        for r, c in cells]
    return index, nbrs, blocks_of


class _Shape:
    """The static board: cells by index, their neighbours, the units and their needs.

    Units are the rows, then the columns, then the regions; ``bands`` are pairs of adjacent
    rows (or columns) for the squeeze.
    """

    def __init__(self, puzzle: StarBattle):
        self.puzzle = puzzle
        self.rows, self.cols = puzzle.rows, puzzle.columns
        cells = self.cells = list(puzzle.cells())
        geometry = (self.rows, self.cols, tuple(cells))
        entry = _MEMO[0]
        if entry is None or entry[0] != geometry:
            entry = _MEMO[0] = (geometry, {}, _geometry(cells))
        _, self.memo, (index, self.nbrs, self.blocks_of) = entry
        self.index = index
        names: list[str] = []
        members: list[tuple[int, ...]] = []
        need: list[int] = []
        for r in range(self.rows):
            names.append(f"row {r + 1}")
            members.append(tuple(index[(r, c)] for c in range(self.cols) if (r, c) in index))
            need.append(puzzle.row_stars[r])
        for c in range(self.cols):
            names.append(f"column {c + 1}")
            members.append(tuple(index[(r, c)] for r in range(self.rows) if (r, c) in index))
            need.append(puzzle.column_stars[c])
        by_region: dict[str, list[int]] = {region: [] for region in puzzle.region_stars}
        for i, (r, c) in enumerate(cells):
            region = puzzle.grid[r][c]
            if region in by_region:
                by_region[region].append(i)
        self.first_region = len(names)
        for region, k in puzzle.region_stars.items():
            names.append(f"region {region}")
            members.append(tuple(by_region[region]))
            need.append(k)
        self.names, self.members, self.need = names, members, need
        self.unit_of: list[list[int]] = [[] for _ in cells]
        for u, cells_of in enumerate(members):
            for i in cells_of:
                self.unit_of[i].append(u)
        self.bands = [(f"rows {r + 1}-{r + 2}", r, r + 1) for r in range(self.rows - 1)]
        self.bands += [(f"columns {c + 1}-{c + 2}", self.rows + c, self.rows + c + 1)
                       for c in range(self.cols - 1)]


class _Board:
    """The dynamic state: every cell UNKNOWN, STAR or EMPTY, with the stars and free cells of
    every unit counted.  A trial works on a :meth:`copy` that records the units it touched."""

    def __init__(self, puzzle: StarBattle, marks: Marks | None = None,
                 limits: Limits | None = None, phase: str = "applying the rules"):
        shape = self.shape = _Shape(puzzle)
        self.limits, self.phase = limits or Limits(), phase
        self.value = [UNKNOWN] * len(shape.cells)
        if marks is not None:
            for cell in marks.empties:
                if cell in shape.index:
                    self.value[shape.index[cell]] = EMPTY
            for cell in marks.stars:
                if cell not in shape.index:
                    raise Contradiction(f"a star on {_name(cell)}, which must stay empty")
                self.value[shape.index[cell]] = STAR
        self.stars = [sum(1 for i in m if self.value[i] == STAR) for m in shape.members]
        self.free = [sum(1 for i in m if self.value[i] == UNKNOWN) for m in shape.members]
        self.changed = [0] * len(shape.members)  # the clock at each unit's last change
        self.clock = 1
        self.dirty: set[int] | None = None       # a trial's units still to look at
        self.touched: set[int] | None = None     # a trial's units read or changed
        self.new_stars: list[int] = []
        self.tried: dict[tuple[str, int], tuple[int, frozenset[int]]] = {}

    @property
    def state(self) -> dict[Cell, int]:
        return dict(zip(self.shape.cells, self.value, strict=True))

    def copy(self) -> _Board:
        twin = object.__new__(_Board)
        twin.shape, twin.limits, twin.phase = self.shape, self.limits, self.phase
        twin.value, twin.stars, twin.free = self.value[:], self.stars[:], self.free[:]
        twin.changed, twin.clock, twin.tried = self.changed, self.clock, self.tried
        twin.dirty, twin.touched, twin.new_stars = set(), set(), []
        return twin

    def tick(self) -> None:
        """Raise LimitReached once the deadline has passed."""
        self.limits.check(self.phase)

    def _mark(self, u: int) -> None:
        if self.dirty is None:
            self.changed[u] = self.clock
        else:
            self.dirty.add(u)
            self.touched.add(u)

    def put_star(self, i: int) -> None:
        value = self.value
        if value[i] != UNKNOWN:
            if value[i] == EMPTY:
                raise Contradiction
            return
        for j in self.shape.nbrs[i]:
            if value[j] == STAR:
                raise Contradiction(f"it touches the star at {_name(self.shape.cells[j])}")
        value[i] = STAR
        need = self.shape.need
        for u in self.shape.unit_of[i]:
            self.stars[u] += 1
            self.free[u] -= 1
            if self.stars[u] > need[u]:
                raise Contradiction(f"{self.shape.names[u]} gets too many stars")
            self._mark(u)
        self.new_stars.append(i)

    def put_empty(self, i: int) -> None:
        if self.value[i] != UNKNOWN:
            if self.value[i] == STAR:
                raise Contradiction
            return
        self.value[i] = EMPTY
        need = self.shape.need
        for u in self.shape.unit_of[i]:
            self.free[u] -= 1
            if self.stars[u] + self.free[u] < need[u]:
                raise Contradiction(f"{self.shape.names[u]} has too little room")
            self._mark(u)

    def apply(self, step: Step) -> None:
        index = self.shape.index
        self.clock += 1
        for cell in step.stars:
            self.put_star(index[cell])
        for cell in step.empties:
            self.put_empty(index[cell])
        self.new_stars.clear()

    def open_cells(self, u: int) -> list[int]:
        value = self.value
        return [i for i in self.shape.members[u] if value[i] == UNKNOWN]

    def unit_problem(self) -> str | None:
        """The first unit whose stars cannot be right any more, in words, or None."""
        shape = self.shape
        for u, name in enumerate(shape.names):
            stars, free, need = self.stars[u], self.free[u], shape.need[u]
            if stars > need:
                return f"{name} has {stars} stars, needs {need}"
            if stars + free < need:
                return f"{name} needs {need} stars but has room for {stars + free}"
        return None

    def solved(self) -> bool:
        return UNKNOWN not in self.value

    def cells_of(self, ids) -> list[Cell]:
        cells = self.shape.cells
        return sorted(cells[i] for i in ids)


# -- 2×2 blocks ---------------------------------------------------------------------------------

def _blocks(shape: _Shape, free: list[int]) -> list[list[int]]:
    """Split cells (ids, ascending) into groups inside 2×2 blocks, greedily, fewest groups
    first: as many groups as there are is at least the most stars the cells can hold.
    Remembered for every board of the same shape (trials meet the same cells again)."""
    key = tuple(free)
    memo = shape.memo
    groups = memo.get(key)
    if groups is None:
        if len(memo) > MEMO_SIZE:
            memo.clear()
        groups = memo[key] = _split(shape, free)
    return groups


MEMO_SIZE = 200_000  # 2×2 splits remembered per board geometry


def _split(shape: _Shape, free: list[int]) -> list[list[int]]:
    left = set(free)
    groups = []
    blocks_of = shape.blocks_of
    for i in free:
        if i not in left:
            continue
        best = [i]
        for block in blocks_of[i]:
            group = [x for x in block if x in left]
            if len(group) > len(best):
                best = group
        groups.append(best)
        left.difference_update(best)
    return groups


def _band_blocks(shape: _Shape, free: list[int], axis: int) -> list[list[int]]:
    """The free cells of two adjacent lines in 2×2 windows, leftmost first (optimal)."""
    cells = shape.cells
    along = sorted(free, key=lambda i: cells[i][1 - axis])
    groups: list[list[int]] = []
    start = None
    for cell in along:
        pos = cells[cell][1 - axis]
        if start is not None and pos <= start + 1:
            groups[-1].append(cell)
        else:
            start = pos
            groups.append([cell])
    return groups


_BAND_BLOCKS = (lambda shape, ids: _band_blocks(shape, ids, 0),
                lambda shape, ids: _band_blocks(shape, ids, 1))


def _squeeze_of(board: _Board, free: list[int], missing: int, groups_of,
                name: str = "a unit") -> tuple[list[int], set[int]] | None:
    """The squeeze on one unit (or band): singleton blocks are stars, cells beside a whole
    block are empty; None when the blocks outnumber the missing stars."""
    if len(free) > 4 * missing:  # more blocks than missing stars, whatever the split
        return None
    shape = board.shape
    groups = groups_of(shape, free)
    if len(groups) < missing:
        raise Contradiction(f"{name} has too little room")
    if len(groups) > missing:
        return None
    value = board.value
    stars = [g[0] for g in groups if len(g) == 1]
    empties: set[int] = set()
    for ids in groups:
        seen = set(shape.nbrs[ids[0]])
        for i in ids[1:]:
            seen.intersection_update(shape.nbrs[i])
        empties.update(j for j in seen if value[j] == UNKNOWN and j not in ids)
    return stars, empties - set(stars)


def _common_neighbours(board: _Board, free: list[int]) -> set[int]:
    nbrs, value = board.shape.nbrs, board.value
    seen = set(nbrs[free[0]])
    for i in free[1:]:
        seen.intersection_update(nbrs[i])
        if not seen:
            break
    return {j for j in seen if value[j] == UNKNOWN}


# -- the rules: each returns the first Step it finds, or None -------------------------------------

def _neighbours(board: _Board) -> Step | None:
    shape, value = board.shape, board.value
    for i, v in enumerate(value):
        if v == STAR:
            empties = [j for j in shape.nbrs[i] if value[j] == UNKNOWN]
            if empties:
                return Step("neighbours", _name(shape.cells[i]), empties=board.cells_of(empties))
    return None


def _complete(board: _Board) -> Step | None:
    shape = board.shape
    for u, need in enumerate(shape.need):
        if board.free[u] and board.stars[u] == need:
            return Step("complete", shape.names[u], empties=board.cells_of(board.open_cells(u)))
    return None


def _forced(board: _Board) -> Step | None:
    shape = board.shape
    for u, need in enumerate(shape.need):
        free = board.free[u]
        if free and need - board.stars[u] == free:
            return Step("forced", shape.names[u], stars=board.cells_of(board.open_cells(u)))
    return None


def _squeeze(board: _Board) -> Step | None:
    shape = board.shape
    board.tick()
    for u, need in enumerate(shape.need):
        missing = need - board.stars[u]
        if not missing:
            continue
        found = _squeeze_of(board, board.open_cells(u), missing, _blocks, shape.names[u])
        if found and (found[0] or found[1]):
            return Step("squeeze", shape.names[u], stars=board.cells_of(found[0]),
                        empties=board.cells_of(found[1]))
    return None


def _band_squeeze(board: _Board) -> Step | None:
    shape = board.shape
    board.tick()
    for name, u, v in shape.bands:
        missing = shape.need[u] + shape.need[v] - board.stars[u] - board.stars[v]
        if not missing:
            continue
        axis = 0 if u < shape.rows else 1
        found = _squeeze_of(board, board.open_cells(u) + board.open_cells(v), missing,
                            _BAND_BLOCKS[axis], name)
        if found and (found[0] or found[1]):
            return Step("band-squeeze", name, stars=board.cells_of(found[0]),
                        empties=board.cells_of(found[1]))
    return None


def _shared(board: _Board) -> Step | None:
    shape = board.shape
    for u, need in enumerate(shape.need):
        if need - board.stars[u] == 1 and board.free[u] > 1:
            free = board.open_cells(u)
            empties = _common_neighbours(board, free)
            if empties:
                return Step("shared", f"{shape.names[u]}: {_cells_text(board, free)}",
                            empties=board.cells_of(empties))
    return None


def _cells_text(board: _Board, ids) -> str:
    return " or ".join(_name(c) for c in board.cells_of(ids))


def _confined(board: _Board, wide: bool) -> Step | None:
    """Regions inside a band of rows or columns: one line wide, or (``wide``) more."""
    shape, value, cells = board.shape, board.value, board.shape.cells
    board.tick()
    regions = range(shape.first_region, len(shape.members))
    for axis, size, label, first in ((0, shape.rows, "rows", 0),
                                     (1, shape.cols, "columns", shape.rows)):
        # free cells of every region per line, and each region's span of lines
        per_line: dict[int, list[int]] = {}
        span = {}
        for g in regions:
            if not board.free[g]:
                continue
            counts = [0] * size
            for i in shape.members[g]:
                if value[i] == UNKNOWN:
                    counts[cells[i][axis]] += 1
            lines = [x for x, n in enumerate(counts) if n]
            per_line[g] = counts
            span[g] = (lines[0], lines[-1])
        missing = {g: shape.need[g] - board.stars[g] for g in span}
        line_missing = [shape.need[first + x] - board.stars[first + x] for x in range(size)]
        line_free = [board.free[first + x] for x in range(size)]
        for a in range(size):
            board.tick()
            band_need = band_free = 0
            for b in range(a, size if wide else a + 1):
                band_need += line_missing[b]
                band_free += line_free[b]
                if a == b and wide:
                    continue
                if not band_need:
                    continue
                inside = [g for g, (lo, hi) in span.items() if a <= lo and hi <= b]
                touching = [g for g, (lo, hi) in span.items() if lo <= b and hi >= a]
                unit = f"{label} {a + 1}-{b + 1}" if a < b else f"{label[:-1]} {a + 1}"
                rule = "confined" if a == b else "confined-k"
                if (sum(missing[g] for g in inside) == band_need
                        and band_free > sum(board.free[g] for g in inside)):
                    owned = {i for g in inside for i in shape.members[g]}
                    empties = [i for x in range(a, b + 1)
                               for i in board.open_cells(first + x) if i not in owned]
                    names = ", ".join(shape.names[g] for g in inside)
                    if empties:
                        return Step(rule, f"{names} inside {unit}",
                                    empties=board.cells_of(empties))
                if (sum(missing[g] for g in touching) == band_need
                        and sum(board.free[g] for g in touching) > band_free):
                    empties = [i for g in touching for i in board.open_cells(g)
                               if not a <= cells[i][axis] <= b]
                    if empties:
                        return Step(rule, f"{unit} inside their regions",
                                    empties=board.cells_of(empties))
    return None


_confined_one = functools.partial(_confined, wide=False)
_confined_many = functools.partial(_confined, wide=True)


# -- trials -----------------------------------------------------------------------------------

def _settle(board: _Board, deep: int) -> None:
    """Propagate a trial copy to a fixpoint: neighbours, complete and forced, and with
    ``deep`` the squeeze and shared (1), and the band squeeze and one-line confinement (2);
    raises on a contradiction."""
    shape, value = board.shape, board.value
    need, members, nbrs = shape.need, shape.members, shape.nbrs
    dirty, touched = board.dirty, board.touched
    while True:
        while board.new_stars:
            for j in nbrs[board.new_stars.pop()]:
                if value[j] == UNKNOWN:
                    board.put_empty(j)
        if not dirty:
            return
        u = dirty.pop()
        free = board.free[u]
        if not free:
            continue
        missing = need[u] - board.stars[u]
        if missing == 0:
            for i in members[u]:
                if value[i] == UNKNOWN:
                    board.put_empty(i)
        elif missing == free:
            for i in members[u]:
                if value[i] == UNKNOWN:
                    board.put_star(i)
        elif deep:
            _deep_unit(board, u, missing, deep, touched)


def _deep_unit(board: _Board, u: int, missing: int, deep: int, touched: set[int]) -> None:
    shape = board.shape
    free = board.free[u]
    if deep < 2 and free > 4 * missing and (missing > 1 or free > 8):
        return  # neither the squeeze nor a shared star can say anything here
    open_ = board.open_cells(u)
    found = _squeeze_of(board, open_, missing, _blocks, shape.names[u])
    if found:
        _place(board, *found)
    elif missing == 1:
        for i in _common_neighbours(board, open_):
            board.put_empty(i)
    if deep < 2:
        return
    # one unit's free cells inside another needing as many stars: the rest of it is empty
    open_ = board.open_cells(u)
    if open_:
        missing = shape.need[u] - board.stars[u]
        common = set(shape.unit_of[open_[0]])
        for i in open_[1:]:
            common.intersection_update(shape.unit_of[i])
        for v in common - {u}:
            touched.add(v)
            if shape.need[v] - board.stars[v] == missing and board.free[v] > len(open_):
                mine = set(open_)
                for i in board.open_cells(v):
                    if i not in mine:
                        board.put_empty(i)
    if u < shape.first_region:  # the squeeze on the bands this line belongs to
        axis_end = shape.rows if u < shape.rows else shape.first_region
        axis_start = 0 if u < shape.rows else shape.rows
        for v in (u - 1, u + 1):
            if not axis_start <= v < axis_end:
                continue
            touched.add(v)
            lo, hi = min(u, v), max(u, v)
            band_missing = shape.need[lo] + shape.need[hi] - board.stars[lo] - board.stars[hi]
            if not band_missing:
                continue
            axis = 0 if u < shape.rows else 1
            found = _squeeze_of(board, board.open_cells(lo) + board.open_cells(hi),
                                band_missing, _BAND_BLOCKS[axis],
                                f"{shape.names[lo]} and {shape.names[hi]}")
            if found:
                _place(board, *found)


def _place(board: _Board, stars: list[int], empties: set[int]) -> None:
    for i in stars:
        board.put_star(i)
    for i in empties:
        board.put_empty(i)


def _candidates(board: _Board) -> list[int]:
    """The cells worth a trial, most promising first: unknown cells beside (or in) a tight
    unit, one whose free cells fit in at most one 2×2 block per missing star and one more,
    those whose star empties the most cells first."""
    shape, value, nbrs = board.shape, board.value, board.shape.nbrs
    need, stars, free, unit_of = shape.need, board.stars, board.free, shape.unit_of
    tight = [free[u] and free[u] <= 4 * (need[u] - stars[u]) + TIGHT_SLACK
             for u in range(len(need))]
    near = [value[i] == UNKNOWN and any(tight[u] for u in unit_of[i])
            for i in range(len(value))]
    scored = [(-sum(1 for j in nbrs[i] if value[j] == UNKNOWN), i)
              for i, v in enumerate(value)
              if v == UNKNOWN and (near[i] or any(near[j] for j in nbrs[i]))]
    scored.sort()
    return [i for _, i in scored]


TIGHT_SLACK = 1  # the cells a trial may start from: see _candidates


def _try(board: _Board, rule: str, consequence) -> Step | None:
    """The first candidate whose star ``consequence`` proves impossible, as a Step."""
    tried, changed = board.tried, board.changed
    for n, i in enumerate(_candidates(board)):
        if not n % 16:
            board.tick()
        key = (rule, i)
        if _tried_already(tried, changed, key):
            continue
        twin = board.copy()
        try:
            twin.put_star(i)
            consequence(twin)
        except Contradiction as broken:
            cell = board.shape.cells[i]
            why = broken.reason or "a unit has too little room"
            return Step(rule, f"a star at {_name(cell)}: {why}", empties=[cell])
        tried[key] = (board.clock, frozenset(twin.touched))
    return None


def _tried_already(tried: dict, changed: list[int], key: tuple[str, int]) -> bool:
    """True when the trial ``key`` found nothing and no unit it touched changed since."""
    when, units = tried.get(key, (0, ()))
    return key in tried and all(changed[u] <= when for u in units)


def _counting(board: _Board) -> Step | None:
    """The counting trial, worked out without a copy of the board: a star at a candidate
    takes its unknown neighbours (and itself) from their units' room."""
    shape, value, tried, changed = board.shape, board.value, board.tried, board.changed
    need, members, unit_of, nbrs = shape.need, shape.members, shape.unit_of, shape.nbrs
    for n, i in enumerate(_candidates(board)):
        if not n % 32:
            board.tick()
        key = ("counting", i)
        if _tried_already(tried, changed, key):
            continue
        gone = [j for j in nbrs[i] if value[j] == UNKNOWN]
        gone.append(i)
        hit: dict[int, int] = {}
        for j in gone:
            for u in unit_of[j]:
                hit[u] = hit.get(u, 0) + 1
        mine = unit_of[i]
        for u, lost in hit.items():
            missing = need[u] - board.stars[u] - (u in mine)
            room = board.free[u] - lost
            if missing > room or (
                    1 < missing <= room <= 4 * (missing - 1)
                    and len(_blocks(shape, [k for k in members[u]
                                            if value[k] == UNKNOWN and k not in gone]))
                    < missing):
                cell = shape.cells[i]
                return Step("counting", f"a star at {_name(cell)} leaves {shape.names[u]} "
                            f"too little room", empties=[cell])
        tried[key] = (board.clock, frozenset(hit))
    return None


_trial = functools.partial(_try, rule="trial", consequence=lambda twin: _settle(twin, 1))
_deep_trial = functools.partial(_try, rule="deep-trial",
                                consequence=lambda twin: _settle(twin, 2))


_EASY = (_neighbours, _complete, _forced, _squeeze, _shared)
_MEDIUM = (*_EASY, _band_squeeze, _confined_one, _counting)
_HARD = (*_MEDIUM, _confined_many, _trial)
#: The rules a solver of each level may use, easiest first.
_BY_LEVEL = {"easy": _EASY, "medium": _MEDIUM, "hard": _HARD, "expert": (*_HARD, _deep_trial)}


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


def decide(puzzle: StarBattle, level: str = "expert", *, limits: Limits | None = None,
           phase: str = "applying the rules",
           marks: Marks | None = None) -> tuple[dict[Cell, int], bool]:
    """What the rules up to ``level`` decide from ``marks`` (if any; every cell 0 open,
    1 star, 2 empty) and whether they prove there is no solution: the state :func:`explain`
    ends in, reached faster (the easy rules run to their fixpoint in one go, no steps are
    recorded)."""
    rules = _rules_of(level)[len(_EASY):]
    try:
        board = _Board(puzzle, marks, limits, phase)
        since = -1  # the clock at the last fixpoint: only units changed after it are looked at
        while not board.solved():
            board.tick()
            _settle_easy(board, since)
            since = board.clock
            if board.solved():
                break
            for rule in rules:
                step = rule(board)
                if step is not None:
                    board.apply(step)
                    break
            else:
                break
    except Contradiction:
        return board.state, True
    return board.state, False


def _settle_easy(board: _Board, since: int = -1) -> None:
    """Run the easy rules on the board itself to their fixpoint, from the units changed
    after the clock ``since`` (what they find in the others is found already)."""
    units = [u for u, when in enumerate(board.changed) if when > since]
    board.clock += 1
    board.dirty, board.touched = set(units), set()
    board.new_stars = [i for i, v in enumerate(board.value) if v == STAR]
    try:
        _settle(board, 1)
    finally:
        for u in board.touched:
            board.changed[u] = board.clock
        board.dirty = board.touched = None
        board.new_stars = []


def explain(puzzle: StarBattle, level: str = "expert", *, marks: Marks | None = None,
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
        if board.unit_problem():
            raise Contradiction
        _run(board, rules, steps)
    except Contradiction:
        steps.append(Step("contradiction", "the rules prove there is no solution"))
        return Explanation(steps, board.state, False, True)
    return Explanation(steps, board.state, board.solved(), False)


def _rules_of(level: str):
    check_method(level, _BY_LEVEL, "level")
    return _BY_LEVEL[level]


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
        r, c = cell
        for other in ((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
            if other in marks.stars and cell < other:
                return f"the stars at {_name(cell)} and {_name(other)} touch"
    return board.unit_problem()


def hint(puzzle: StarBattle, marks: Marks | None = None, *, level: str = "expert",
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
