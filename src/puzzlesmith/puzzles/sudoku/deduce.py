"""The deductions: a solver on pencil marks that rates puzzles, explains them and gives hints.

The deductions, tried easiest first after every step (the documented order):

=================  ========  ======  ================================================
technique          level     weight  what it does
=================  ========  ======  ================================================
naked single       easy          1   a cell with one candidate left takes it
hidden single      easy          2   a value with one place left in a unit goes there
locked candidates  medium        5   a value confined to where two units meet leaves the
                                     rest of the other unit (pointing, claiming)
naked pair         medium        8   two cells of a unit with the same two candidates
hidden pair        medium       10   two values with the same two places in a unit
naked triple       hard         15   (and quad, 25): k cells with k candidates in all
hidden triple      hard         18   (and quad, 25): k values with k places in all
x-wing             hard         20   a value in two rows confined to two columns (or
                                     columns to rows): it leaves the rest of those lines
swordfish          hard         30   the same with three lines
xy-wing            hard         35   a pivot xy with pincers xz, yz: z leaves the cells
                                     both pincers see
search             extreme     100   none of the above applies: the rest needs search
=================  ========  ======  ================================================

The rating is the level of the hardest technique used; the score is that technique's
weight plus a hundredth of the weights of all steps (it grows with the difficulty and, within
a level, with the work).

>>> from .board import parse
>>> board = parse("sudoku 2x2\\n12..\\n..12\\n2...\\n...3\\n")
>>> rating = rate(board)
>>> rating.level, rating.solved, len(rating.steps)
('easy', True, 7)
>>> str(rating.steps[0])
'naked single: r1c3 = 3'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations

from ...results import Limits
from .board import Sudoku, cell_name, symbol
from .model import candidates

__all__ = ["Step", "Rating", "rate", "hint", "LEVELS", "WEIGHTS"]

#: The grades, easiest first ("extreme": the deductions stall; "no solution": they prove
#: the puzzle impossible).
LEVELS = ("easy", "medium", "hard", "extreme")
NO_SOLUTION = "no solution"
#: technique -> (level, weight).
WEIGHTS = {
    "naked single": ("easy", 1), "hidden single": ("easy", 2),
    "locked candidates": ("medium", 5), "naked pair": ("medium", 8),
    "hidden pair": ("medium", 10), "naked triple": ("hard", 15),
    "hidden triple": ("hard", 18), "x-wing": ("hard", 20), "naked quad": ("hard", 25),
    "hidden quad": ("hard", 25), "swordfish": ("hard", 30), "xy-wing": ("hard", 35),
    "search": ("extreme", 100),
}
_SUBSET = {2: "pair", 3: "triple", 4: "quad"}


@dataclass
class Step:
    """One deduction: the technique, where, the values placed and the candidates removed."""

    rule: str
    where: str
    placed: list[tuple[int, int]] = field(default_factory=list)
    removed: list[tuple[int, int]] = field(default_factory=list)
    n: int = 9

    def __str__(self) -> str:
        parts = [f"{cell_name(c, self.n)} = {symbol(v)}" for c, v in self.placed]
        if self.removed:
            by_value: dict[int, list[int]] = {}
            for c, v in self.removed:
                by_value.setdefault(v, []).append(c)
            parts += [f"not {symbol(v)} in {' '.join(cell_name(c, self.n) for c in cells)}"
                      for v, cells in sorted(by_value.items())]
        where = f" ({self.where})" if self.where else ""
        return f"{self.rule}{where}: {'; '.join(parts)}"


@dataclass
class Rating:
    """What the rule solver did: its steps, whether it finished, the level and score."""

    steps: list[Step]
    solved: bool
    contradiction: bool
    level: str
    score: float
    counts: dict[str, int]


class Marks:
    """The pencil marks: per cell the bit mask of its candidates, and the values placed."""

    def __init__(self, board: Sudoku, masks: list[int]):
        self.board, self.n, self.masks = board, board.size, masks
        self.values = [_single(m) for m in masks]
        self.units = [cells for _, cells in board.units]
        self.names = [name for name, _ in board.units]
        self.units_of: list[list[int]] = [[] for _ in masks]
        for u, cells in enumerate(self.units):
            for cell in cells:
                self.units_of[cell].append(u)
        self.peers = [sorted({p for u in self.units_of[c] for p in self.units[u]} - {c})
                      for c in range(len(masks))]
        for cell, value in enumerate(self.values):
            if value:
                self._clear_peers(cell, value)

    def _clear_peers(self, cell: int, value: int) -> None:
        bit = ~(1 << (value - 1))
        for p in self.peers[cell]:
            self.masks[p] &= bit

    def apply(self, step: Step) -> None:
        for cell, value in step.removed:
            self.masks[cell] &= ~(1 << (value - 1))
        for cell, value in step.placed:
            self.masks[cell] = 1 << (value - 1)
            self.values[cell] = value
            self._clear_peers(cell, value)

    def broken(self) -> bool:
        """True when a cell has no candidate or a unit cannot place some value."""
        if 0 in self.masks:
            return True
        full, masks = (1 << self.n) - 1, self.masks
        for cells in self.units:
            union = 0
            for c in cells:
                union |= masks[c]
            if union != full:
                return True
        return False

    def solved(self) -> bool:
        return all(self.values)

    def places(self, unit: int, value: int) -> list[int]:
        bit = 1 << (value - 1)
        return [c for c in self.units[unit] if self.masks[c] & bit]


def _single(mask: int) -> int:
    return mask.bit_length() if mask and not mask & (mask - 1) else 0


def _union(masks) -> int:
    total = 0
    for m in masks:
        total |= m
    return total


def _bits(mask: int) -> list[int]:
    return [v + 1 for v in range(mask.bit_length()) if mask >> v & 1]


# -- the deductions ----------------------------------------------------------------------------


def _naked_single(m: Marks) -> Iterator[Step]:
    for cell, mask in enumerate(m.masks):
        if not m.values[cell] and _single(mask):
            yield Step("naked single", "", [(cell, _single(mask))], n=m.n)


def _hidden_single(m: Marks) -> Iterator[Step]:
    for u, cells in enumerate(m.units):
        once = twice = 0  # the values with a place in the unit, and with two or more
        for c in cells:
            twice |= once & m.masks[c]
            once |= m.masks[c]
        alone = once & ~twice
        while alone:
            bit = alone & -alone
            alone ^= bit
            cell = next(c for c in cells if m.masks[c] & bit)
            if not m.values[cell]:
                yield Step("hidden single", m.names[u], [(cell, bit.bit_length())], n=m.n)


def _locked(m: Marks) -> Iterator[Step]:
    for a, cells in enumerate(m.units):
        once = twice = placed = 0  # values with a place, with two or more, placed
        for c in cells:
            twice |= once & m.masks[c]
            once |= m.masks[c]
            if m.values[c]:
                placed |= m.masks[c]
        for value in range(1, m.n + 1):
            if not twice >> (value - 1) & 1 or placed >> (value - 1) & 1:
                continue
            places = m.places(a, value)
            shared = set(m.units_of[places[0]]).intersection(*(m.units_of[c] for c in places))
            bit = 1 << (value - 1)
            for b in sorted(shared - {a}):
                gone = [(c, value) for c in m.units[b] if c not in places and m.masks[c] & bit]
                if gone:
                    yield Step("locked candidates", f"{m.names[a]} and {m.names[b]}",
                               removed=gone, n=m.n)


def _naked_subsets(size: int):
    def technique(m: Marks) -> Iterator[Step]:
        for u, cells in enumerate(m.units):
            open_cells = [c for c in cells if not m.values[c]]
            # A cell with more than ``size`` candidates is in no such group.
            small = [c for c in open_cells if bin(m.masks[c]).count("1") <= size]
            for group in combinations(small, size):
                union = _union(m.masks[c] for c in group)
                if bin(union).count("1") != size:
                    continue
                gone = [(c, v) for c in open_cells if c not in group
                        for v in _bits(m.masks[c] & union)]
                if gone:
                    yield Step(f"naked {_SUBSET[size]}", m.names[u], removed=gone, n=m.n)
    return technique


def _hidden_subsets(size: int):
    def technique(m: Marks) -> Iterator[Step]:
        for u, cells in enumerate(m.units):
            # A value with more than ``size`` places is in no such group.
            placed = {m.values[c] for c in cells}
            where = {v: m.places(u, v) for v in range(1, m.n + 1) if v not in placed}
            free = [v for v, places in where.items() if len(places) <= size]
            for values in combinations(free, size):
                places = set().union(*(where[v] for v in values))
                if len(places) != size:
                    continue
                keep = sum(1 << (v - 1) for v in values)
                gone = [(c, v) for c in sorted(places) for v in _bits(m.masks[c] & ~keep)]
                if gone:
                    yield Step(f"hidden {_SUBSET[size]}", m.names[u], removed=gone, n=m.n)
    return technique


def _fish(size: int):
    name = {2: "x-wing", 3: "swordfish"}[size]

    def technique(m: Marks) -> Iterator[Step]:
        n = m.n
        for value in range(1, n + 1):
            bit = 1 << (value - 1)
            for base, cover in ((0, n), (n, 0)):  # rows on columns, columns on rows
                lines = {}
                for line in range(n):
                    places = m.places(base + line, value)
                    if 2 <= len(places) <= size and not any(m.values[c] for c in places):
                        lines[line] = {_line_of(c, n, cover) for c in places}
                for group in combinations(sorted(lines), size):
                    covers = set().union(*(lines[g] for g in group))
                    if len(covers) != size:
                        continue
                    inside = {c for g in group for c in m.units[base + g]}
                    gone = [(c, value) for k in sorted(covers) for c in m.units[cover + k]
                            if c not in inside and m.masks[c] & bit]
                    if gone:
                        kind = "rows" if base == 0 else "columns"
                        where = f"{kind} {', '.join(str(g + 1) for g in group)}"
                        yield Step(name, where, removed=gone, n=n)
    return technique


def _line_of(cell: int, n: int, cover: int) -> int:
    """The column (cover 0... n: columns) or row of a cell, for the fish."""
    return cell % n if cover == n else cell // n


def _xy_wing(m: Marks) -> Iterator[Step]:
    pairs = [c for c, mask in enumerate(m.masks) if not m.values[c] and bin(mask).count("1") == 2]
    for pivot in pairs:
        x, y = _bits(m.masks[pivot])
        wings = [c for c in m.peers[pivot] if c in set(pairs)]
        for a, b in combinations(wings, 2):
            ma, mb, mp = m.masks[a], m.masks[b], m.masks[pivot]
            if mp in (ma, mb) or ma == mb:
                continue
            z = ma & mb & ~mp
            if not z or bin(z).count("1") != 1 or (ma | mb) & mp != mp:
                continue
            if not (ma & mp and mb & mp and (ma & mp) != (mb & mp)):
                continue
            seen = set(m.peers[a]) & set(m.peers[b])
            gone = [(c, z.bit_length()) for c in sorted(seen - {pivot}) if m.masks[c] & z
                    and not m.values[c]]
            if gone:
                where = f"pivot {cell_name(pivot, m.n)} {x}{y}"
                yield Step("xy-wing", where, removed=gone, n=m.n)


TECHNIQUES = [_naked_single, _hidden_single, _locked, _naked_subsets(2), _hidden_subsets(2),
              _naked_subsets(3), _hidden_subsets(3), _fish(2), _naked_subsets(4),
              _hidden_subsets(4), _fish(3), _xy_wing]


def hint(board: Sudoku, values: tuple[int, ...] | None = None,
              marks: Marks | None = None) -> Step | None:
    """The easiest deduction from the givens and ``values`` (the player's entries); None
    when no technique applies."""
    if marks is None:
        marks = start(board, values)
        if marks is None:
            return None
    for technique in TECHNIQUES:
        step = next(technique(marks), None)
        if step is not None:
            return step
    return None


def start(board: Sudoku, values: tuple[int, ...] | None = None) -> Marks | None:
    """The pencil marks of the givens (and ``values``); None when they clash."""
    if values is not None:
        board = board.with_givens(tuple(g or v for g, v in zip(board.givens, values,
                                                               strict=True)))
    masks = candidates(board)
    return None if masks is None else Marks(board, masks)


def rate(board: Sudoku, *, limits: Limits | None = None) -> Rating:
    """Apply the deductions until solved or stuck; the grade and score of what it took."""
    marks = start(board)
    steps: list[Step] = []
    if marks is None or marks.broken():
        return Rating(steps, False, True, NO_SOLUTION, 0.0, {})
    while not marks.solved():
        if limits is not None:
            limits.check("rating")
        step = hint(board, marks=marks)
        if step is None:
            break
        steps.append(step)
        marks.apply(step)
        if marks.broken():
            return Rating(steps, False, True, NO_SOLUTION, 0.0, _counts(steps))
    solved = marks.solved()
    rules = [s.rule for s in steps] + ([] if solved else ["search"])
    hardest = max(rules, key=lambda r: WEIGHTS[r][1], default="naked single")
    level, weight = WEIGHTS[hardest]
    score = round(weight + sum(WEIGHTS[r][1] for r in rules) / 100, 2)
    return Rating(steps, solved, False, level, score, _counts(steps, solved))


def _counts(steps: list[Step], solved: bool = True) -> dict[str, int]:
    counts = {rule: 0 for rule in WEIGHTS}
    for step in steps:
        counts[step.rule] += 1
    if not solved:
        counts["search"] = 1
    return counts
