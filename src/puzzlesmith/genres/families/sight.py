"""Families along lines: line of sight to the first wall (Light Up's light), and all
different numbers among the white cells of a row or column (Hitori)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass

from ..givens import Cell, Givens
from ..grid import key_name, memo, neighbours, open_cells, sight_lines
from ..language import Answer, Deduction, Rule, Violation
from ..verify import all_cells, seen_from

_name = key_name
Marks = Mapping[Hashable, object]


@dataclass(frozen=True)
class LineOfSight(Rule):
    """Marked cells light their row and column up to the first wall: every open cell is lit,
    and no two marked cells see each other."""

    family = "line-of-sight"

    def encode(self, enc) -> None:
        g = enc.givens
        lines = sight_lines(g)
        seen: dict = {cell: set() for cell in open_cells(g)}
        for line in lines:
            enc.model.at_most(enc.lits(line), 1)
            for cell in line:
                seen[cell].update(line)
        for cell in open_cells(g):
            enc.model.add(enc.lits(sorted(seen[cell])))

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """Cells a light sees have no light; a dark cell that only one cell can still light
        gets its light there."""
        seen = memo(g, "seen", _seen)
        return self._at_cells(seen, marks, list(seen))

    def deduce_near(self, g: Givens, marks: Marks, changed) -> Iterator[Deduction]:
        """As :meth:`deduce` at the changed cells and at the cells they see."""
        seen = memo(g, "seen", _seen)
        return self._at_cells(seen, marks, sorted({c for key in changed
                                                   for c in (key, *seen[key])}))

    def _at_cells(self, seen: dict, marks: Marks, cells: list[Cell]) -> Iterator[Deduction]:
        """The deductions at the lights and at the dark cells among ``cells``."""
        lit = {key for key, value in marks.items() if value is True}
        for light in (cell for cell in cells if cell in lit):
            other = next((c for c in seen[light] if c in lit), None)
            if other is not None:
                yield Deduction((light, other), None, self.family, "two lights see each other")
                return
            free = tuple(c for c in seen[light] if c not in marks)
            if free:
                yield Deduction(free, False, self.family, f"the light at {_name(light)} "
                                "shines there")
        for cell in cells:
            if cell in lit or not lit.isdisjoint(seen[cell]):
                continue  # lit
            spots = [c for c in (cell, *seen[cell]) if c not in marks]
            if not spots:
                yield Deduction((cell,), None, self.family, f"nothing can light {_name(cell)}")
                return
            if len(spots) == 1:
                why = ("no other cell can light it" if spots[0] == cell else
                       f"it is the last cell that can light {_name(cell)}")
                yield Deduction((spots[0],), True, self.family, why)

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        found = []
        for cell in all_cells(g.rows, g.cols):
            if cell in g.walls:
                continue
            seen = seen_from(cell, g.rows, g.cols, g.walls)
            if cell not in answer and not answer.intersection(seen):
                found.append(Violation((cell,), self.family, f"{_name(cell)} is dark"))
            if cell in answer and answer.intersection(seen):
                found.append(Violation((cell,), self.family,
                                       f"the light at {_name(cell)} sees another"))
        return found


@dataclass(frozen=True)
class AllDifferent(Rule):
    """No number twice among the unshaded cells of a row or of a column.

    ``apart``: the genre also keeps shaded cells apart (:class:`NoAdjacent`), which gives
    Hitori's classic patterns: a cell between two equal numbers is white (one of them is
    shaded beside it), and beside a pair of equal numbers the same number elsewhere in the
    line is shaded (one of the pair stays white).
    """

    apart: bool = False
    family = "all-different"
    techniques = {"sandwich": 1, "pair": 1}

    def encode(self, enc) -> None:
        g = enc.givens
        for line in _lines(g):
            same = defaultdict(list)
            for cell in line:
                if cell in g.numbers:
                    same[g.numbers[cell]].append(cell)
            for cells in same.values():
                enc.model.at_most(enc.lits(cells, False), 1)

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """A white number's twins in its row and column are shaded; with ``apart``, the
        sandwich and the pair."""
        if self.apart:
            for found in memo(g, "patterns", _patterns):
                free = tuple(cell for cell in found.cells if cell not in marks)
                if free:
                    yield Deduction(free, found.value, found.family, found.reason)
        for where, cells in memo(g, "twins", _twins):
            white = [cell for cell in cells if marks.get(cell) is False]
            if len(white) > 1:
                yield Deduction(tuple(white), None, self.family,
                                f"{g.numbers[white[0]]} twice in white in {where}")
            elif white:
                free = tuple(cell for cell in cells if cell not in marks)
                if free:
                    yield Deduction(free, True, self.family, f"the {g.numbers[white[0]]} at "
                                    f"{_name(white[0])} is white in {where}")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        found = []
        for r in range(g.rows):
            found += self._repeats(g, answer, [(r, c) for c in range(g.cols)], f"row {r + 1}")
        for c in range(g.cols):
            found += self._repeats(g, answer, [(r, c) for r in range(g.rows)], f"column {c + 1}")
        return found

    def clues(self, g: Givens, answer: Answer) -> dict[Cell, int]:
        """On a layout of numbers all different in every line (a Latin square): the white
        cells keep theirs, a shaded cell repeats a white neighbour's (chosen by its own)."""
        found = dict(g.numbers)
        for cell in answer:
            twins = [g.numbers[n] for n in neighbours(g, cell) if n not in answer]
            if twins and cell in g.numbers:
                found[cell] = twins[g.numbers[cell] % len(twins)]
        return found

    def _repeats(self, g: Givens, answer: Answer, line: list, where: str) -> list[Violation]:
        white = [cell for cell in line if cell not in answer and cell in g.numbers]
        found = []
        for n in sorted({g.numbers[cell] for cell in white}):
            cells = tuple(cell for cell in white if g.numbers[cell] == n)
            if len(cells) > 1:
                found.append(Violation(cells, self.family, f"{n} twice in white in {where}"))
        return found


def _lines(g: Givens) -> list[list]:
    rows = [[(r, c) for c in range(g.cols)] for r in range(g.rows)]
    return rows + [[(r, c) for r in range(g.rows)] for c in range(g.cols)]


def _seen(g: Givens) -> dict[Cell, list[Cell]]:
    """The cells each open cell sees (itself left out)."""
    seen: dict[Cell, list[Cell]] = {cell: [] for cell in open_cells(g)}
    for line in sight_lines(g):
        for cell in line:
            seen[cell] += [other for other in line if other != cell]
    return seen


def _twins(g: Givens) -> list[tuple[str, list[Cell]]]:
    """Each group of two or more equal numbers in a row or column, with where it is."""
    groups = []
    for i, line in enumerate(_lines(g)):
        where = f"row {i + 1}" if i < g.rows else f"column {i - g.rows + 1}"
        same = defaultdict(list)
        for cell in line:
            if cell in g.numbers and cell not in g.walls:
                same[g.numbers[cell]].append(cell)
        groups += [(where, cells) for _, cells in sorted(same.items()) if len(cells) > 1]
    return groups


def _patterns(g: Givens) -> list[Deduction]:
    """The sandwiches (x y x: y white) and pairs (x x side by side: other x shaded) of the
    rows and columns, from the numbers alone."""
    found = []
    for where, cells in _twins(g):
        along = 1 if where.startswith("row") else 0
        n = g.numbers[cells[0]]
        for a, b in zip(cells, cells[1:], strict=False):
            gap = b[along] - a[along]
            if gap == 2:
                middle = (a[0] + 1 - along, a[1] + along)
                found.append(Deduction((middle,), False, "sandwich", f"it lies between the "
                                       f"{n}s at {_name(a)} and {_name(b)}, one of them shaded"))
            elif gap == 1:
                others = tuple(c for c in cells if c not in (a, b))
                if others:
                    found.append(Deduction(others, True, "pair", f"one of the {n}s side by "
                                           f"side at {_name(a)} and {_name(b)} stays white"))
    return found
