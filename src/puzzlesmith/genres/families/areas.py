"""Areas of white cells, each holding exactly one clue, as many cells as its number
(Nurikabe's islands).

Encoding: every white cell is owned by one clue within reach, white neighbours have the same
owner, each clue owns as many cells as its number; each owner's cells are connected
(lazily: a piece of an owner's cells away from its clue needs an owned cell around it).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass

from ..cuts import cuts
from ..givens import ANY, Cell, Givens
from ..grid import key_name, key_names, neighbours, open_cells
from ..language import Answer, Deduction, Rule, Violation
from ..verify import all_cells, regions
from .pieces import reach_from

Marks = Mapping[Hashable, object]


@dataclass(frozen=True)
class Areas(Rule):
    """Each area of white cells holds exactly one clue, and as many cells as its number
    ('?' any number)."""

    family = "areas"
    strength = 2

    def encode(self, enc) -> None:
        g = enc.givens
        reach = {clue: _within(g, clue, n) for clue, n in sorted(g.numbers.items())}
        own = {(cell, clue): enc.aux(("owner", cell, clue))
               for clue, cells in reach.items() for cell in sorted(cells)}
        near = {clue: {cell: [n for n in neighbours(g, cell) if n in cells] for cell in cells}
                for clue, cells in reach.items()}
        owners: dict[Cell, list[int]] = {cell: [] for cell in open_cells(g)}
        for (cell, clue), var in own.items():
            owners[cell].append(var)
            for other in neighbours(g, cell):  # white neighbours have the same owner
                if other not in g.walls:
                    agree = [own[other, clue]] if (other, clue) in own else []
                    enc.model.add([-var, enc.lit(other)] + agree)
        for cell, vars_ in owners.items():
            _owned_once(enc, cell, vars_)
        for clue, cells in reach.items():
            enc.model.add([own[clue, clue]])
            if g.numbers[clue] != ANY:
                enc.model.exactly([own[cell, clue] for cell in sorted(cells)], g.numbers[clue])
            for cell in sorted(cells - {clue}):  # an owned cell has an owned neighbour
                enc.model.add([-own[cell, clue]] + [own[n, clue] for n in near[clue][cell]])

        def lazy(model) -> list[list[int]]:
            found = []
            for clue, cells in reach.items():
                mine = [cell for cell in cells if own[cell, clue] in model.true_vars]
                if len(mine) > 1:
                    found += cuts(mine, near[clue].__getitem__,
                                  lambda cell, clue=clue: own[cell, clue], root=clue)
            return found
        enc.add_lazy(lazy)

    def clues(self, g: Givens, answer: Answer) -> dict[Cell, int]:
        """One clue per white area, at its first cell: the area's size."""
        white = [cell for cell in open_cells(g) if cell not in answer]
        return {area[0]: len(area) for area in regions(white)}

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """Islands too big or with two clues; a complete island walled in; a cell beside two
        islands shaded; an island with one way out grows there; cells no island reaches are
        shaded."""
        near = {cell: [n for n in neighbours(g, cell) if n not in g.walls]
                for cell in open_cells(g)}
        white = {cell for cell in near if marks.get(cell) is False}
        islands = [_Island(g, cells, near, marks) for cells in _pieces(white, near)]
        for island in islands:
            if island.broken:
                yield Deduction(tuple(island.cells), None, self.family, island.broken)
                return
        owner = {cell: i for i, island in enumerate(islands) if island.clue
                 for cell in island.cells}
        for island in islands:
            yield from island.deductions(self.family)
        for cell in near:
            sides = {owner[n] for n in near[cell] if n in owner}
            if cell not in marks and len(sides) > 1:
                named = key_names(sorted(islands[i].clue for i in sides))
                yield Deduction((cell,), True, self.family,
                                f"it would join the islands of {named}")
        yield from self._out_of_reach(g, near, marks, islands, owner)

    def _out_of_reach(self, g: Givens, near: dict, marks: Marks, islands: list,
                      owner: dict) -> Iterator[Deduction]:
        """Cells no clue's island can reach are shaded (an unnumbered island there is a
        contradiction)."""
        reached: set = set()
        for i, island in enumerate(islands):
            if island.clue is None:
                continue
            blocked = {n for cell, j in owner.items() if j != i for n in (cell, *near[cell])}
            reached |= island.reach(blocked)
        lost = tuple(cell for cell in near if cell not in reached and cell not in marks)
        stranded = [cell for cell in near if marks.get(cell) is False and cell not in reached]
        if stranded:
            yield Deduction((stranded[0],), None, self.family, "no island can reach it")
        elif lost:
            yield Deduction(lost, True, self.family, "no island can reach them" if len(lost) > 1
                            else "no island can reach it")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        white = [cell for cell in all_cells(g.rows, g.cols)
                 if cell not in answer and cell not in g.walls]
        found = []
        for area in regions(white):
            clues = [cell for cell in area if cell in g.numbers]
            if len(clues) != 1:
                found.append(Violation(tuple(area), self.family,
                                       f"a white area holds {len(clues)} clues"))
            elif g.numbers[clues[0]] not in (ANY, len(area)):
                found.append(Violation(tuple(area), self.family, f"the area of "
                                       f"{g.numbers[clues[0]]} has {len(area)} cells"))
        return found


def _within(g: Givens, clue: Cell, n: int) -> list[Cell]:
    """The open cells an area of ``n`` cells from ``clue`` can reach (any: all of them),
    never beside another clue (that cell would join the two areas)."""
    steps = g.rows * g.cols if n == ANY else n - 1
    others = set(g.numbers) - {clue}
    beside_others = others | {m for other in others for m in neighbours(g, other)}
    seen, frontier = {clue}, [clue]
    for _ in range(steps):
        reached = {m for cell in frontier for m in neighbours(g, cell)
                   if m not in g.walls and m not in beside_others} - seen
        seen |= reached
        frontier = sorted(reached)
    return seen


def _owned_once(enc, cell: Cell, owners: list[int]) -> None:
    """A white ``cell`` has exactly one owner; an owned cell is white."""
    enc.model.add([enc.lit(cell)] + owners)
    enc.model.at_most(owners, 1)
    enc.model.extend([-var, enc.lit(cell, False)] for var in owners)


class _Island:
    """A piece of white cells: its clue (if one), its size and its undecided neighbours."""

    def __init__(self, g: Givens, cells: list[Cell], near: dict, marks: Marks) -> None:
        self.cells, self.near, self.marks = cells, near, marks
        clues = [cell for cell in cells if cell in g.numbers]
        self.clue = clues[0] if len(clues) == 1 else None
        self.size = g.numbers[self.clue] if self.clue else None
        self.exits = sorted({n for cell in cells for n in near[cell] if n not in marks})
        self.broken = ""
        if len(clues) > 1:
            self.broken = f"one island holds the clues at {key_names(clues)}"
        elif self.size not in (None, ANY) and len(cells) > self.size:
            self.broken = f"the island of {key_name(self.clue)} is too big"
        elif not self.exits and (self.clue is None or self.size not in (ANY, len(cells))):
            self.broken = "an island is walled in before it is complete"

    def deductions(self, family: str) -> Iterator[Deduction]:
        """Walls around a complete island; the only way out of an incomplete one."""
        done = self.size not in (None, ANY) and len(self.cells) == self.size
        where = f"the island of {key_name(self.clue)}" if self.clue else "an unnumbered island"
        if done and self.exits:
            yield Deduction(tuple(self.exits), True, family, f"{where} is complete")
        elif not done and len(self.exits) == 1 and self.size != ANY:
            yield Deduction(tuple(self.exits), False, family, f"{where} can only grow there")

    def reach(self, blocked: set) -> set:
        """The cells this island can still take, within its size, avoiding ``blocked``."""
        steps = len(self.near) if self.size == ANY else self.size - len(self.cells)
        seen, frontier = set(self.cells), list(self.cells)
        for _ in range(steps):
            frontier = [n for cell in frontier for n in self.near[cell]
                        if n not in seen and self.marks.get(n) is not True and n not in blocked]
            seen.update(frontier)
        return seen


def _pieces(cells: set, near: dict) -> list[list[Cell]]:
    """The connected pieces of ``cells``."""
    left, found = set(cells), []
    while left:
        piece = reach_from(min(left), cells, near)
        left -= piece
        found.append(sorted(piece))
    return found
