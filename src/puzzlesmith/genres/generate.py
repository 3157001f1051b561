"""Make unique puzzles of a declared genre from its declaration alone.

The steps, generic over the rule families (the genre's :class:`~.language.Make` hint picks
the layout and what happens to the clues):

1. a layout where the genre has one: walls (a share of the cells, with a turn symmetry), a
   Latin square of numbers, or regions grown from random cells (:mod:`.regions`); the clues
   on the grid points where the genre says so (Slant);
2. a random answer: the complete solver's model of the rules that read no clue, solved with
   random phases; or, for the area genres, a random partition into rectangles or
   polyominoes (:mod:`.partition`) written as the genre's unknowns;
3. every clue the rules read off that answer (:meth:`~.language.Rule.clues`);
4. with ``clues="remove"``: while another answer obeys every clue, that answer becomes ours
   when it shows more clues (where a clue shows wherever the answer allows one, as Masyu's
   pearls, it shows ours as well: a climb towards a constrained answer); then clue removal
   while the puzzle stays unique; with ``"all"``, the puzzle is kept when it is unique (else
   a new answer is tried); with ``"one"``, one clue per area at a random cell, a clue moved
   within its area while another answer gives it another area.
   On regions, a puzzle with every clue that is not unique has its regions changed to rule
   out the other answer.

Uniqueness is proven by ONE incremental SAT instance per answer: each clue's clauses carry a
selector literal, the answer is blocked (behind a selector too, for the climb), so "is the
puzzle without this clue still unique" is one solve under assumptions (unsatisfiable:
unique).  A clue rule is local: its clauses for one clue are its encoding on the layout with
that clue alone.

With a ``difficulty`` (a level of :mod:`.deduce`), the clues removed are those that leave
the puzzle solved by the deductions up to that level (a level check,
:func:`.deduce.level_at_most`: the deductions up to the level run to their end), and the
puzzle is kept when it rates exactly that level (the last check's level: no second rating).

>>> from .declared import lightup
>>> made = generate(lightup, 6, 6, seed=1)
>>> count(lightup, made.givens, 2).count, lightup.check(made.givens, made.answer).ok
(1, True)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Collection, Hashable
from dataclasses import dataclass, replace

from pysat.solvers import Solver

from ..engines.sat import DEFAULT_SOLVER
from ..errors import InvalidPuzzle, UsageError
from ..results import Limits, Stats
from .encoding import Encoding
from .givens import Cell, Givens
from .grid import units
from .language import Answer, Genre, Rule
from .partition import answer_of, areas_of, polyominoes, rectangles
from .regions import Regions, flood, grow, moves, near
from .solve import count
from .verify import regions as pieces

__all__ = ["Made", "generate", "layout", "parse_size", "LEVELS"]

LEVELS = ("easy", "medium", "hard", "extreme")
"""The levels a puzzle can be asked for (:data:`.deduce.LEVELS` but ``beyond``)."""
SOLVER = DEFAULT_SOLVER
MAX_SIDE = 100
ANSWERS = 2
"""How many answers are tried on one layout before a new one is made."""
REPAIRS = 200
"""How many other answers a Latin square's numbers are changed (or clues moved within their
area) to rule out, at most."""
CLIMBS = 100
"""How many times an answer gives way to another that shows more clues, at most."""
PARTITIONS = {"rectangles": lambda rows, cols, largest, rng: rectangles(rows, cols, rng),
              "polyominoes": polyominoes}
"""The answers made as a random partition of the grid (largest: a piece's most cells)."""
"""How many other answers a Latin square's numbers (or the regions) are changed to rule
out, at most."""
KEPT_OTHERS = 30
"""How many of the last other answers a change of the regions must keep ruled out."""

Progress = Callable[[Stats], None] | None


@dataclass
class Made:
    """A generated puzzle: its givens, its (unique) answer, its level when one was asked
    (or rated), and how many answers were tried."""

    givens: Givens
    answer: Answer
    level: str | None
    tries: int


def generate(genre: Genre, rows: int, cols: int, *, seed: int | None = None,
             rng: random.Random | None = None, difficulty: str | None = None,
             limits: Limits | None = None, stats: Stats | None = None,
             progress: Progress = None) -> Made:
    """A unique puzzle of ``genre`` on a ``rows`` x ``cols`` grid (at ``difficulty`` when
    given), from ``seed`` or the random state ``rng``; ``limits`` raise
    :class:`~puzzlesmith.errors.LimitReached`; ``stats.nodes`` counts SAT conflicts."""
    if genre.make is None:
        raise UsageError(f"{genre.title} does not generate puzzles yet")
    if difficulty is not None and difficulty not in LEVELS:
        raise UsageError(f"unknown difficulty {difficulty!r}; expected one of "
                         f"{', '.join(LEVELS)}")
    rng = rng or random.Random(seed)
    limits = (limits or Limits()).started()
    stats = stats if stats is not None else Stats()
    rest = tuple(rule for rule in genre.rules if not _reads_clues(rule))
    tries = 0
    while True:
        base, grown_around = _layout(genre, rows, cols, rng)
        enc = _model(replace(genre, rules=rest), rows, cols) if genre.make.layout in PARTITIONS \
            else Encoding(replace(genre, rules=rest), base)
        for _ in range(ANSWERS):
            limits.check("generating")
            tries += 1
            made = _attempt(genre, enc, rng, difficulty, stats, grown_around)
            grown_around = None
            if progress is not None:
                progress(stats)
            if made is not None:
                givens, answer, level = made
                return Made(givens, answer, level, tries)


def parse_size(text: str) -> tuple[int, int]:
    """``"10"`` or ``"8x12"`` as (rows, columns), refused when not so or past the limits.

    >>> parse_size("8x12"), parse_size("10")
    ((8, 12), (10, 10))
    """
    parts = str(text).strip().lower().replace("×", "x").split("x")
    if len(parts) > 2 or not all(p.isascii() and p.isdigit() and len(p) <= 4 for p in parts):
        raise UsageError(f"size {text!r}: expected N or ROWSxCOLUMNS, e.g. 10 or 8x12")
    rows, cols = int(parts[0]), int(parts[-1])
    if not (2 <= rows <= MAX_SIDE and 2 <= cols <= MAX_SIDE):
        raise UsageError(f"size {text!r}: rows and columns from 2 to {MAX_SIDE}")
    return rows, cols


def layout(genre: Genre, rows: int, cols: int, rng: random.Random) -> Givens:
    """The layout the genre's hint asks for: walls, a Latin square, regions, or an empty
    grid."""
    return _layout(genre, rows, cols, rng)[0]


def _layout(genre: Genre, rows: int, cols: int,
            rng: random.Random) -> tuple[Givens, Answer | None]:
    """The layout, with the answer its regions were grown around (or None)."""
    make = genre.make
    if make.layout == "walls":
        return Givens(rows, cols, walls=_walls(rows, cols, make.density, make.symmetry,
                                               rng)), None
    if make.layout == "latin":
        return Givens(rows, cols, numbers=_latin(rows, cols, rng)), None
    if make.layout == "regions" and make.around is not None:
        regions, answer = _around_answer(genre, rows, cols, rng)
        return Givens(rows, cols, regions=regions), answer
    if make.layout == "regions":
        return Givens(rows, cols, regions=grow(rows, cols, make.sizes, rng)), None
    return Givens(rows, cols, points=genre.point_clues), None  # partitions: on an empty grid


def _around_answer(genre: Genre, rows: int, cols: int,
                   rng: random.Random) -> tuple[Regions, Answer | None]:
    """Regions grown around the pieces of a random answer, and that answer: with
    ``around="pieces"`` an answer of the rules that need no regions (Norinori: dominoes),
    one region a piece; with ``"regions"`` an answer on regions of the hint's sizes, one
    region around each region's marked cells (LITS: its tetromino)."""
    empty = Givens(rows, cols)
    if genre.make.around == "pieces":
        rules = tuple(rule for rule in genre.rules if not _reads_clues(rule)
                      and _needs_no_regions(genre, rule, empty))
    else:
        empty = replace(empty, regions=grow(rows, cols, genre.make.sizes, rng))
        rules = tuple(rule for rule in genre.rules if not _reads_clues(rule))
    search = _Search(Encoding(replace(genre, rules=rules), empty), Stats())
    try:
        answer = search.random_answer(rng, genre.make.share)
    finally:
        search.close()
    if answer is None:
        return grow(rows, cols, genre.make.sizes, rng), None
    if genre.make.around == "pieces":
        return flood(pieces(answer), rows, cols, rng), answer
    seeds = [[cell for cell in cells if cell in answer] for cells in units(empty, "region")]
    return flood([seed for seed in seeds if seed], rows, cols, rng), answer


def _needs_no_regions(genre: Genre, rule: Rule, empty: Givens) -> bool:
    """True when ``rule`` encodes on a grid without regions."""
    try:
        Encoding(replace(genre, rules=(rule,)), empty)
    except InvalidPuzzle:
        return False
    return True


def _attempt(genre: Genre, enc: Encoding, rng: random.Random, difficulty: str | None,
             stats: Stats, answer: Answer | None = None) -> tuple | None:
    """``answer`` (when it obeys the rules on the layout) or one answer of the model ``enc``
    (the rules that read no clue, on the layout) made into a puzzle, or None (not unique,
    or not at the level)."""
    readers = [rule for rule in genre.rules if _reads_clues(rule)]
    base, make = enc.givens, genre.make
    search = _Search(enc, stats)
    try:
        if make.layout in PARTITIONS:
            largest = getattr(genre.unknowns, "high", base.rows * base.cols)
            answer = answer_of(genre.unknowns.kind, base,
                               PARTITIONS[make.layout](base.rows, base.cols, largest, rng))
        elif answer is None or not genre.check(_with_clues(genre, base, answer), answer).ok:
            answer = search.random_answer(rng, make.share)
        if answer is None:
            return None
        clues = _clues_of(readers, base, answer)
        if make.clues == "all":
            return _kept(genre, replace(base, numbers=clues), answer, difficulty, stats, rng)
        if make.clues == "one":
            return _placed(genre, base, answer, clues, difficulty, stats, rng)
        return _removed(genre, base, answer, clues, readers, search, rng, difficulty)
    finally:
        search.close()


def _kept(genre: Genre, g: Givens, answer: Answer, difficulty: str | None,
          stats: Stats, rng: random.Random) -> tuple | None:
    """The puzzle with every clue when it is unique (and at ``difficulty``), proven by a
    fresh model of every rule (a clue rule such as islands is not local).  On a Latin
    square, another answer is ruled out by repeating, in a cell shaded in ours but white in
    the other, a number white in the other's row or column (ours stays right); another
    answer shading more cells than ours becomes ours.  On regions, a cell where the answers
    differ moves to a neighbouring region (ours stays right)."""
    others: list[Answer] = []
    for _ in range(REPAIRS):
        other = _other(genre, g, answer, stats)
        if other is None:
            level = _level_at_most(genre, g, difficulty) if difficulty else None
            return (g, answer, level) if level == difficulty else None
        if genre.make.layout == "regions":
            others = [other, *others[:KEPT_OTHERS - 1]]
            g = _regrown(genre, g, answer, others, rng)
            if g is None:
                return None
            continue
        if genre.make.layout != "latin":
            return None
        if other > answer:  # ours was not maximal: the other one is ours now
            answer = other
            continue
        g = _repeat_number(g, answer, other, rng)
        if g is None:
            return None
    return None


def _placed(genre: Genre, base: Givens, answer: Answer, clues: dict[Cell, int],
            difficulty: str | None, stats: Stats, rng: random.Random) -> tuple | None:
    """One clue per area of ``answer`` at a random cell, kept when the puzzle is unique (and
    at ``difficulty``).  Another answer is ruled out by moving a clue whose area there is
    not ours to a cell of ours outside it (the other answer's area for it then misses it)."""
    kind = genre.unknowns.kind
    areas = areas_of(kind, base, answer)
    at = [rng.choice(area) for area in areas]
    for _ in range(REPAIRS):
        g = replace(base, numbers={cell: clues[cell] for cell in at})
        other = _other(genre, g, answer, stats)
        if other is None:
            level = _level_at_most(genre, g, difficulty) if difficulty else None
            return (g, answer, level) if level == difficulty else None
        theirs = {cell: set(area) for area in areas_of(kind, base, other) for cell in area}
        moved = [i for i, cell in enumerate(at) if set(areas[i]) != theirs[cell]]
        i = rng.choice(moved)
        at[i] = rng.choice(sorted(set(areas[i]) - theirs[at[i]]))
    return None


def _other(genre: Genre, g: Givens, answer: Answer, stats: Stats) -> Answer | None:
    """An answer of ``g`` other than ``answer``, or None."""
    found = count(genre, g, 2, keep=True)
    stats.nodes += found.stats.nodes
    return next((other for other in found.solutions if other != answer), None)


def _regrown(genre: Genre, g: Givens, answer: Answer, others: list[Answer],
             rng: random.Random) -> Givens | None:
    """``g`` with a cell where ``answer`` and the first of ``others`` differ (white in ours
    first), or one beside them, moved to a neighbouring region, the clues read off
    ``answer`` again, when ``answer`` stays right and every one of ``others`` wrong (so that
    no move undoes another; None: no such cell)."""
    differ = sorted(answer ^ others[0])
    rng.shuffle(differ)
    beside = sorted({n for cell in differ for n in near(cell, g.rows, g.cols)} - set(differ))
    rng.shuffle(beside)
    for cell in sorted(differ, key=lambda cell: cell in answer) + beside:
        options = moves(g.regions, cell)
        rng.shuffle(options)
        for regions in options:
            changed = _with_clues(genre, replace(g, regions=regions, numbers={}), answer)
            if genre.check(changed, answer).ok \
                    and not any(genre.check(changed, other).ok for other in others):
                return changed
    return None


def _with_clues(genre: Genre, g: Givens, answer: Answer) -> Givens:
    """``g`` with every clue the rules read off ``answer``."""
    clues: dict[Cell, int] = {}
    for rule in genre.rules:
        if _reads_clues(rule):
            clues.update(rule.clues(g, answer))
    return replace(g, numbers=clues)


def _repeat_number(g: Givens, answer: Answer, other: Answer,
                   rng: random.Random) -> Givens | None:
    """``g`` with a cell shaded in ``answer`` but white in ``other`` given the number of a
    cell white in ``other`` in its row or column (None: no such cell)."""
    cells = sorted(answer - other)
    rng.shuffle(cells)
    for r, c in cells:
        line = [(r, k) for k in range(g.cols)] + [(k, c) for k in range(g.rows)]
        twins = sorted({g.numbers[cell] for cell in line
                        if cell not in other and cell != (r, c)} - {g.numbers[r, c]})
        if twins:
            return replace(g, numbers={**g.numbers, (r, c): rng.choice(twins)})
    return None


def _removed(genre: Genre, base: Givens, answer: Answer, clues: dict[Cell, int],
             readers: list[Rule], search: _Search, rng: random.Random,
             difficulty: str | None) -> tuple | None:
    """Clues removed one at a time, in a random order, while the puzzle stays unique; None
    when even every clue leaves it ambiguous (after :func:`_climbed`).  With a
    ``difficulty``, the puzzle is the one along the removals with the fewest clues that the
    deductions up to that level solve (a binary search of level checks; the puzzle with
    every clue is checked first: too hard, the answer goes), then each clue left goes when
    the puzzle stays solved at the level.  The puzzle is kept when it rates exactly
    ``difficulty`` (the last check's level: no second rating)."""
    climbed = _climbed(readers, base, answer, clues, search)
    if climbed is None:
        return None
    answer, clues = climbed
    kept = set(clues)
    order = sorted(clues)
    rng.shuffle(order)

    def without(gone: Collection[Cell]) -> Givens:
        return replace(base, numbers={c: n for c, n in sorted(clues.items()) if c not in gone})

    first = None
    if difficulty is not None:
        first = _level_at_most(genre, without(()), difficulty)
        if first is None:
            return None  # too hard even with every clue
    removed: list[Cell] = []
    for cell in order:
        kept.discard(cell)
        if search.unique(kept, cell):
            search.drop(cell)
            removed.append(cell)
        else:
            kept.add(cell)
    if difficulty is None:
        return without(set(removed)), answer, None
    k, level = _last_at_most(genre, lambda k: without(set(removed[:k])), len(removed),
                             difficulty, first)
    if level != difficulty:
        gone, level = _greedy(genre, without, removed[:k], removed[k + 1:], difficulty)
    else:
        gone = removed[:k]
    return (without(set(gone)), answer, difficulty) if level == difficulty else None


def _climbed(readers: list[Rule], base: Givens, answer: Answer, clues: dict[Cell, int],
             search: _Search) -> tuple[Answer, dict[Cell, int]] | None:
    """The answer and its clues once every clue makes it unique: while another answer obeys
    them, that one becomes ours when it shows more clues (a Masyu loop obeying our pearls
    allows them too: one with more pearls has fewer answers); None when it shows no more, or
    after :data:`CLIMBS` steps."""
    for _ in range(CLIMBS):
        search.guard(readers, clues, answer)
        other = search.other(set(clues))
        if other is None:
            return answer, clues
        more = _clues_of(readers, base, other)
        if len(more) <= len(clues):
            return None
        answer, clues = other, more
    return None


def _clues_of(readers: list[Rule], base: Givens, answer: Answer) -> dict[Cell, int]:
    """Every clue the rules ``readers`` read off ``answer`` on the layout ``base``."""
    clues: dict[Cell, int] = {}
    for rule in readers:
        clues.update(rule.clues(base, answer))
    return clues


def _greedy(genre: Genre, without: Callable[[Collection[Cell]], Givens], gone: list[Cell],
            rest: list[Cell], difficulty: str) -> tuple[list[Cell], str]:
    """``gone`` and each clue of ``rest`` whose removal leaves the puzzle solved by the
    deductions up to ``difficulty`` (solved at a level: unique), and the level then (the
    clue after ``gone`` in the removal order is known to be needed: not tried again)."""
    level = _level_at_most(genre, without(gone), difficulty)
    for cell in rest:
        found = _level_at_most(genre, without([*gone, cell]), difficulty)
        if found is not None:
            gone, level = [*gone, cell], found
            if level == difficulty:
                break
    return gone, level


def _last_at_most(genre: Genre, after: Callable[[int], Givens], n: int, difficulty: str,
                  first: str) -> tuple[int, str]:
    """The largest k in 0..n whose puzzle ``after(k)`` rates at most ``difficulty`` (taking
    the rating to grow with k; ``after(0)`` does, at level ``first``) and its level."""
    level = _level_at_most(genre, after(n), difficulty)
    if level is not None:
        return n, level
    low, high, level = 0, n, first  # after(low) rates at most difficulty, after(high) above
    while high - low > 1:
        middle = (low + high) // 2
        found = _level_at_most(genre, after(middle), difficulty)
        if found is not None:
            low, level = middle, found
        else:
            high = middle
    return low, level


def _level_at_most(genre: Genre, g: Givens, difficulty: str) -> str | None:
    """The puzzle's level when it is at most ``difficulty``, else None: the deductions up to
    that level run to their end (exactly the rating's level while it needs no more)."""
    from .deduce import level_at_most

    return level_at_most(genre, g, difficulty)


@functools.lru_cache(maxsize=4)
def _model(genre: Genre, rows: int, cols: int) -> Encoding:
    """The model of ``genre``'s rules on an empty grid, kept for the next puzzle (where the
    answer is a partition, every layout is the empty grid)."""
    return Encoding(genre, Givens(rows, cols))


def _reads_clues(rule: Rule) -> bool:
    """True when the rule's family reads clue numbers off an answer."""
    return type(rule).clues is not Rule.clues


class _Search:
    """One incremental SAT instance for one answer (and those it climbs to): the rules that
    read no clue, then each clue's clauses behind a selector literal, and the answer blocked."""

    def __init__(self, enc: Encoding, stats: Stats, solver: str = SOLVER):
        self.enc, self.stats = enc, stats
        self.solver = Solver(name=solver, bootstrap_with=enc.model.clauses)
        self.selectors: dict[tuple[Cell, int], int] = {}
        self.current: dict[Cell, int] = {}
        """The selector of each clue of the answer guarded last."""
        self.blocked = self.blocks = 0
        self.broken: dict[int, int] = {}
        """For a clue of one literal (by its selector), its negation: another answer of the
        clues but it breaks it (the puzzle with every clue kept so far is unique)."""

    def random_answer(self, rng: random.Random, share: float) -> Answer | None:
        """An answer of the rules found with random phases (a share ``share`` marked)."""
        lits = [v if rng.random() < share else -v for v in self.enc.answer_vars()]
        self.solver.set_phases(lits)
        true = self._solve([])
        return None if true is None else self.enc.decode(true)

    def guard(self, readers: list[Rule], clues: dict[Cell, int], answer: Answer) -> None:
        """Add each clue's clauses behind its selector (once per cell and number), and
        block ``answer`` (behind a selector too: the answer guarded before is not)."""
        enc, model = self.enc, self.enc.model
        layout, lazy = enc.givens, len(enc.lazy_checks)
        for clue in sorted(clues.items()):
            if clue in self.selectors:
                continue
            selector = self.selectors[clue] = model.var(("clue", clue))
            start = len(model.clauses)
            enc.givens = replace(layout, numbers=dict([clue]))
            for rule in readers:
                rule.encode(enc)
            if len(model.clauses) == start + 1 and len(model.clauses[start]) == 1:
                self.broken[selector] = -model.clauses[start][0]
            for clause in model.clauses[start:]:
                self.solver.add_clause([*clause, -selector])
            del model.clauses[start:]  # the model stays that of the layout's answers
        enc.givens = layout
        self.current = {cell: self.selectors[cell, n] for cell, n in clues.items()}
        if len(enc.lazy_checks) != lazy:
            raise ValueError("a clue rule with lazy checks cannot be guarded clue by clue")
        self.blocks += 1
        keys, self.blocked = set(answer), model.var(("blocked", self.blocks))
        self.solver.add_clause([enc.lit(key, key not in keys) for key in enc.keys]
                               + [-self.blocked])

    def other(self, kept: set[Cell]) -> Answer | None:
        """An answer obeying the clues ``kept`` other than those blocked, or None."""
        true = self._solve(self._assumptions(kept))
        return None if true is None else self.enc.decode(true)

    def unique(self, kept: set[Cell], gone: Cell | None = None) -> bool:
        """True when no other answer obeys the clues ``kept`` (the answer is blocked); with
        the clue ``gone`` just taken from a unique puzzle, another answer breaks it."""
        assumptions = self._assumptions(kept)
        if self.current.get(gone) in self.broken:
            assumptions.append(self.broken[self.current[gone]])
        return self._solve(assumptions) is None

    def drop(self, cell: Cell) -> None:
        """Remove the clue at ``cell`` for good."""
        self.solver.add_clause([-self.current[cell]])

    def _assumptions(self, kept: set[Cell]) -> list[int]:
        return [self.blocked, *map(self.current.__getitem__, sorted(kept))]

    def _solve(self, assumptions: list[int]) -> frozenset[int] | None:
        """The true variables of a model accepted by the lazy checks, or None."""
        while self.solver.solve(assumptions=assumptions):
            true = frozenset(self.solver.get_model())  # the true variables, and -v
            cuts = self.enc.lazy(true)
            if not cuts:
                return true
            for clause in cuts:
                self.solver.add_clause(clause)
        return None

    def close(self) -> None:
        self.stats.nodes += int(self.solver.accum_stats().get("conflicts", 0))
        self.solver.delete()


def _walls(rows: int, cols: int, density: float, symmetry: int,
           rng: random.Random) -> frozenset[Cell]:
    """About ``density`` of the cells, in orbits of the turn symmetry (2, 4; else none)."""
    orbits = sorted({_orbit(cell, rows, cols, symmetry) for cell in
                     ((r, c) for r in range(rows) for c in range(cols))})
    rng.shuffle(orbits)
    walls: set[Cell] = set()
    for orbit in orbits:
        if len(walls) >= round(density * rows * cols):
            break
        walls.update(orbit)
    return frozenset(walls)


def _orbit(cell: Cell, rows: int, cols: int, symmetry: int) -> tuple[Cell, ...]:
    """The cells ``cell`` turns to under the symmetry (a quarter turn on square grids)."""
    r, c = cell
    found = {cell}
    if symmetry in (2, 4):
        found.add((rows - 1 - r, cols - 1 - c))
    if symmetry == 4 and rows == cols:
        found |= {(c, rows - 1 - r), (rows - 1 - c, r)}
    return tuple(sorted(found))


def _latin(rows: int, cols: int, rng: random.Random) -> dict[Hashable, int]:
    """Numbers 1..max(rows, cols), all different in every row and column, shuffled."""
    n = max(rows, cols)
    row_order, col_order, symbols = (rng.sample(range(n), n) for _ in range(3))
    return {(r, c): symbols[(row_order[r] + col_order[c]) % n] + 1
            for r in range(rows) for c in range(cols)}
