"""Families on shaded cells: counts in cell sets, fixed white cells, no two side by side,
no 2x2 block, connectivity of the shaded or of the unshaded cells."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass

from ..cuts import cuts
from ..givens import Cell, Givens
from ..grid import blocks, neighbours, open_cells
from ..language import Answer, Deduction, Rule, Violation
from ..verify import all_cells, regions, touching


def _name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


@dataclass(frozen=True)
class Count(Rule):
    """Exactly n shaded cells in each cell set ``sets(givens)`` gives (a clue's neighbours)."""

    sets: Callable[[Givens], list[tuple[list[Cell], int]]]
    family = "count"

    def encode(self, enc) -> None:
        for cells, n in self.sets(enc.givens):
            enc.model.exactly(enc.lits(cells), n)

    def deduce(self, g: Givens, marks: Mapping[Hashable, object]) -> Iterator[Deduction]:
        """A set with all its n shaded cells found: the rest are white; a set with just
        enough undecided cells left: they are all shaded."""
        for cells, n in self.sets(g):
            live = [c for c in cells if c not in g.walls]
            shaded = [c for c in live if marks.get(c) is True]
            free = tuple(c for c in live if c not in marks)
            if free and len(shaded) == n:
                yield Deduction(free, False, self.family, f"the {n} shaded cells are found")
            elif free and len(shaded) + len(free) == n:
                yield Deduction(free, True, self.family, f"{n} cells must be shaded")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        found = []
        for cells, n in self.sets(g):
            shaded = len(answer.intersection(cells))
            if shaded != n:
                where = ", ".join(_name(cell) for cell in cells)
                found.append(Violation(tuple(cells), self.family,
                                       f"{shaded} marked among {where}, expected {n}"))
        return found


@dataclass(frozen=True)
class Unshaded(Rule):
    """The cells ``at(givens)`` gives are never shaded (Nurikabe's numbers)."""

    at: Callable[[Givens], list[Cell]]
    family = "unshaded"

    def encode(self, enc) -> None:
        enc.model.extend([enc.lit(cell, False)] for cell in self.at(enc.givens))

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        return [Violation((cell,), self.family, f"{_name(cell)} must stay white")
                for cell in self.at(g) if cell in answer]


@dataclass(frozen=True)
class NoAdjacent(Rule):
    """No two shaded cells side by side."""

    family = "no-adjacent"

    def encode(self, enc) -> None:
        g = enc.givens
        for cell in open_cells(g):
            for other in neighbours(g, cell):
                if other > cell:
                    enc.model.add([enc.lit(cell, False), enc.lit(other, False)])

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        return [Violation((a, b), self.family, f"{_name(a)} and {_name(b)} are both shaded")
                for a in sorted(answer) for b in touching(a) if b > a and b in answer]


@dataclass(frozen=True)
class NoBlock(Rule):
    """No ``height`` x ``width`` block of shaded cells."""

    height: int = 2
    width: int = 2
    family = "no-block"

    def encode(self, enc) -> None:
        for block in blocks(enc.givens, self.height, self.width):
            enc.model.add(enc.lits(block, False))

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        found = []
        for r, c in sorted(answer):
            block = [(r + i, c + j) for i in range(self.height) for j in range(self.width)]
            if all(cell in answer for cell in block):
                found.append(Violation(tuple(block), self.family,
                                       f"a shaded {self.height}x{self.width} block at "
                                       f"{_name((r, c))}"))
        return found


@dataclass(frozen=True)
class Connected(Rule):
    """The shaded cells (``shaded=False``: the unshaded open cells) form one piece.

    Encoding: no cell of the piece is alone unless it is the only one; then cuts, lazily.
    """

    shaded: bool = True
    family = "connected"

    def encode(self, enc) -> None:
        g, wanted = enc.givens, self.shaded
        cells = open_cells(g)
        near = {cell: [n for n in neighbours(g, cell) if n not in g.walls] for cell in cells}
        several = enc.aux(("several", wanted))  # more than one cell of the piece
        enc.model.at_most(enc.lits(cells, wanted), 1, when=-several)
        for cell in cells:
            enc.model.add([enc.lit(cell, not wanted), -several] + enc.lits(near[cell], wanted))

        def lazy(model) -> list[list[int]]:
            present = [cell for cell in cells if model.true(cell) == wanted]
            return cuts(present, near.__getitem__, lambda cell: enc.lit(cell, wanted))
        enc.add_lazy(lazy)

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        if self.shaded:
            chosen = set(answer)
        else:
            chosen = {c for c in all_cells(g.rows, g.cols) if c not in answer and c not in g.walls}
        parts = regions(chosen)
        what = "shaded" if self.shaded else "white"
        return [Violation(tuple(part), self.family, f"the {what} cells are cut off at "
                          f"{_name(part[0])}") for part in parts[1:]] if len(parts) > 1 else []
