"""Families along lines: line of sight to the first wall (Light Up's light), and all
different numbers among the white cells of a row or column (Hitori)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ..givens import Givens
from ..grid import open_cells, sight_lines
from ..language import Answer, Rule, Violation
from ..verify import all_cells, seen_from


def _name(cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


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
    """No number twice among the unshaded cells of a row or of a column."""

    family = "all-different"

    def encode(self, enc) -> None:
        g = enc.givens
        for line in _lines(g):
            same = defaultdict(list)
            for cell in line:
                if cell in g.numbers:
                    same[g.numbers[cell]].append(cell)
            for cells in same.values():
                enc.model.at_most(enc.lits(cells, False), 1)

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        found = []
        for r in range(g.rows):
            found += self._repeats(g, answer, [(r, c) for c in range(g.cols)], f"row {r + 1}")
        for c in range(g.cols):
            found += self._repeats(g, answer, [(r, c) for r in range(g.rows)], f"column {c + 1}")
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
