"""Families on shaded cells: counts in cell sets or in every row, column and region, fixed
white cells, no two side by side (or touching), no 2x2 block, connectivity of the shaded or
of the unshaded cells."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, replace

from ...errors import InvalidPuzzle
from ..cuts import cuts
from ..givens import Cell, Givens
from ..grid import (
    UNIT_KINDS,
    around,
    blocks,
    key_name,
    key_names,
    memo,
    neighbours,
    open_cells,
    units,
)
from ..language import Answer, Deduction, Rule, Violation
from ..verify import all_cells, lines_and_regions, regions, touching
from .pieces import cut_cells, reach_from

_name = key_name
Marks = Mapping[Hashable, object]


@dataclass(frozen=True)
class Count(Rule):
    """Exactly n shaded cells in each cell set ``sets(givens)`` gives (a clue's neighbours)."""

    sets: Callable[[Givens], list[tuple[list[Cell], int]]]
    family = "count"

    def encode(self, enc) -> None:
        _exactly(enc, self.sets(enc.givens))

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """A set with all its n marked cells found: the rest are not marked; a set with just
        enough undecided cells left: they are all marked."""
        return _count_deductions(g, memo(g, ("sets", self.sets), self.sets), marks, self.family)

    def deduce_near(self, g: Givens, marks: Marks, changed) -> Iterator[Deduction]:
        """As :meth:`deduce` on the sets with a changed cell."""
        sets = memo(g, ("sets", self.sets), self.sets)
        at = memo(g, ("sets-at", self.sets), lambda g: _sets_at(sets))
        chosen = sorted({i for key in changed for i in at.get(key, ())})
        return _count_deductions(g, [sets[i] for i in chosen], marks, self.family)

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        found = []
        for cells, n in self.sets(g):
            shaded = len(answer.intersection(cells))
            if shaded != n:
                where = ", ".join(_name(cell) for cell in cells)
                found.append(Violation(tuple(cells), self.family,
                                       f"{shaded} marked among {where}, expected {n}"))
        return found

    def clues(self, g: Givens, answer: Answer) -> dict[Cell, int]:
        """Each wall's (each cell's, in a grid without walls) count of marked cells in its
        set (``sets`` gives one set per clue, in the order of the clue cells)."""
        places = sorted(g.walls or g.cells())
        sets = self.sets(replace(g, numbers=dict.fromkeys(places, 0)))
        return {cell: len(answer.intersection(cells))
                for cell, (cells, _) in zip(places, sets, strict=True)}


@dataclass(frozen=True)
class FixedCount(Count):
    """As :class:`Count`, with numbers the genre fixes (Norinori's two per region): no clue
    to read off an answer."""

    clues = Rule.clues


def _exactly(enc, sets: list[tuple[list[Cell], int]]) -> None:
    """Exactly n shaded cells in each cell set (the engine's cardinality constraints)."""
    for cells, n in sets:
        enc.model.exactly(enc.lits(cells), n)


def _sets_at(sets: list[tuple[list[Cell], int]]) -> dict[Cell, list[int]]:
    """The sets (indices) each cell is in."""
    found: dict[Cell, list[int]] = {}
    for i, (cells, _) in enumerate(sets):
        for cell in cells:
            found.setdefault(cell, []).append(i)
    return found


def _count_deductions(g: Givens, sets: list[tuple[list[Cell], int]], marks: Marks,
                      family: str) -> Iterator[Deduction]:
    """Count's deductions on each ``(cells, n)`` of ``sets``; one that cannot be met is a
    contradiction."""
    for cells, n in sets:
        live = [c for c in cells if c not in g.walls]
        shaded = [c for c in live if marks.get(c) is True]
        free = tuple(c for c in live if c not in marks)
        where = _set_name(g, cells, n)
        if len(shaded) > n or len(shaded) + len(free) < n:
            yield Deduction(tuple(live), None, family, f"{where} cannot be met")
        elif free and len(shaded) == n:
            yield Deduction(free, False, family, f"{where} is already met")
        elif free and len(shaded) + len(free) == n:
            yield Deduction(free, True, family, f"{where} needs every cell left")


@dataclass(frozen=True)
class CountEach(Rule):
    """Exactly ``params[param]`` shaded cells in every unit of each kind in ``units``
    (row, column, region): Star Battle's stars."""

    param: str
    units: tuple[str, ...] = ("row", "column", "region")
    family = "count"

    def __post_init__(self) -> None:
        unknown = set(self.units) - set(UNIT_KINDS)
        if unknown:
            raise ValueError(f"unknown units {sorted(unknown)}; known: {', '.join(UNIT_KINDS)}")

    def sets(self, g: Givens) -> list[tuple[list[Cell], int]]:
        """Every unit's cells with the count the givens' parameter says."""
        n = _param(g, self.param)
        return [(cells, n) for kind in self.units for cells in units(g, kind)]

    def encode(self, enc) -> None:
        _exactly(enc, self.sets(enc.givens))

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """As :meth:`Count.deduce`, on every row, column or region."""
        return _count_deductions(g, self.sets(g), marks, self.family)

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        n, found = g.params[self.param], []
        every = lines_and_regions(g.rows, g.cols, g.regions)
        for kind in self.units:
            for where, cells in every[kind].items():
                marked = sum(cell in answer for cell in cells)
                if marked != n:
                    found.append(Violation(tuple(cells), self.family,
                                           f"{where} has {marked} marked, expected {n}"))
        return found


def _param(g: Givens, name: str) -> int:
    """The givens' whole-number parameter ``name``, or InvalidPuzzle."""
    n = g.params.get(name)
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise InvalidPuzzle(f"the puzzle needs its number of {name} (a whole number), got {n!r}")
    return n


@dataclass(frozen=True)
class Unshaded(Rule):
    """The cells ``at(givens)`` gives are never shaded (Nurikabe's numbers)."""

    at: Callable[[Givens], list[Cell]]
    family = "unshaded"

    strength = 0

    def encode(self, enc) -> None:
        enc.model.extend([enc.lit(cell, False)] for cell in self.at(enc.givens))

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """A given cell is white."""
        for cell in self.at(g):
            if marks.get(cell) is not False:
                yield Deduction((cell,), False, self.family, "it holds a number")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        return [Violation((cell,), self.family, f"{_name(cell)} must stay white")
                for cell in self.at(g) if cell in answer]


@dataclass(frozen=True)
class NoAdjacent(Rule):
    """No two shaded cells side by side (``diagonal``: nor corner to corner)."""

    diagonal: bool = False
    family = "no-adjacent"

    def _beside(self, g: Givens, cell: Cell) -> list[Cell]:
        return around(g, cell) if self.diagonal else neighbours(g, cell)

    def encode(self, enc) -> None:
        g = enc.givens
        for cell in open_cells(g):
            for other in self._beside(g, cell):
                if other > cell and other not in g.walls:
                    enc.model.add([enc.lit(cell, False), enc.lit(other, False)])

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """The cells touching a shaded cell are white."""
        for cell in open_cells(g):
            if marks.get(cell) is not True:
                continue
            near = [n for n in self._beside(g, cell) if n not in g.walls]
            both = tuple(n for n in near if marks.get(n) is True and n > cell)
            if both:
                yield Deduction((cell, both[0]), None, self.family, "two shaded cells touch")
            free = tuple(n for n in near if n not in marks)
            if free:
                yield Deduction(free, False, self.family, f"beside the shaded {_name(cell)}")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        return [Violation((a, b), self.family, f"{_name(a)} and {_name(b)} touch")
                for a in sorted(answer) for b in touching(a, self.diagonal)
                if b > a and b in answer]


@dataclass(frozen=True)
class NoBlock(Rule):
    """No ``height`` x ``width`` block of shaded cells."""

    height: int = 2
    width: int = 2
    family = "no-block"

    def encode(self, enc) -> None:
        for block in blocks(enc.givens, self.height, self.width):
            enc.model.add(enc.lits(block, False))

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """The last cell of a block whose other cells are shaded is white."""
        size = f"{self.height}x{self.width}"
        for block in blocks(g, self.height, self.width):
            left = [cell for cell in block if marks.get(cell) is not True]
            if not left:
                yield Deduction(tuple(block), None, self.family, f"a shaded {size} block")
            elif len(left) == 1 and left[0] not in marks and left[0] not in g.walls:
                yield Deduction((left[0],), False, self.family,
                                f"shading it would make a shaded {size} block")

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
    strength = 1
    techniques = {"one way out": 1, "connected": 2}

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

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """Pieces that cannot meet; cells out of reach of the piece; cells whose loss
        would cut the piece in two."""
        wanted, what = self.shaded, "shaded" if self.shaded else "white"
        near = memo(g, "open-near", _open_near)
        present = [cell for cell in near if marks.get(cell) is wanted]
        if not present:
            return
        possible = {cell for cell in near if marks.get(cell, wanted) is wanted}
        reached = reach_from(present[0], possible, near)
        apart = [cell for cell in present if cell not in reached]
        if apart:
            yield Deduction((present[0], apart[0]), None, self.family,
                            f"the {what} cells cannot join")
            return
        away = tuple(cell for cell in near if cell in possible and cell not in reached)
        if away:
            yield Deduction(away, not wanted, self.family,
                            f"the other {what} cells cannot be reached from there")
        yield from self._one_way_out(near, marks, present)
        other = "leaving it white" if wanted else "shading it"
        for cell in cut_cells(present[0], reached, near, set(present)):
            yield Deduction((cell,), wanted, self.family,
                            f"{other} would cut the {what} cells in two")

    def _one_way_out(self, near: dict, marks: Marks, present: list) -> Iterator[Deduction]:
        """A cell of the piece (which has others) with one undecided neighbour left and the
        rest blocked: the piece goes on there."""
        if len(present) < 2:
            return
        what = "shaded" if self.shaded else "white"
        for cell in present:
            ways = [n for n in near[cell] if marks.get(n, self.shaded) is self.shaded]
            if len(ways) == 1 and ways[0] not in marks:
                yield Deduction((ways[0],), self.shaded, "one way out",
                                f"it is the only way out of the {what} {_name(cell)}")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        if self.shaded:
            chosen = set(answer)
        else:
            chosen = {c for c in all_cells(g.rows, g.cols) if c not in answer and c not in g.walls}
        parts = regions(chosen)
        what = "shaded" if self.shaded else "white"
        return [Violation(tuple(part), self.family, f"the {what} cells are cut off at "
                          f"{_name(part[0])}") for part in parts[1:]] if len(parts) > 1 else []


def _open_near(g: Givens) -> dict[Cell, list[Cell]]:
    """Each open cell's open neighbours."""
    return {cell: [n for n in neighbours(g, cell) if n not in g.walls] for cell in open_cells(g)}


def _set_name(g: Givens, cells: list[Cell], n: int) -> str:
    """A player's name for a counted set: the clue it surrounds, its row or its column."""
    for clue, number in g.numbers.items():
        if number == n and sorted(neighbours(g, clue)) == sorted(cells):
            return f"the {n} at {_name(clue)}"
    if len({r for r, _ in cells}) == 1:
        return f"the {n} in row {cells[0][0] + 1}"
    if len({c for _, c in cells}) == 1:
        return f"the {n} in column {cells[0][1] + 1}"
    return f"the {n} among {key_names(cells)}"
