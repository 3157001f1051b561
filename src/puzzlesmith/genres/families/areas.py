"""Areas of white cells, each holding exactly one clue, as many cells as its number
(Nurikabe's islands).

Encoding: every white cell is owned by one clue within reach, white neighbours have the same
owner, each clue owns as many cells as its number; each owner's cells are connected
(lazily: a piece of an owner's cells away from its clue needs an owned cell around it).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cuts import cuts
from ..givens import ANY, Cell, Givens
from ..grid import neighbours, open_cells
from ..language import Answer, Rule, Violation
from ..verify import all_cells, regions


@dataclass(frozen=True)
class Areas(Rule):
    """Each area of white cells holds exactly one clue, and as many cells as its number
    ('?' any number)."""

    family = "areas"

    def encode(self, enc) -> None:
        g = enc.givens
        reach = {clue: _within(g, clue, n) for clue, n in g.numbers.items()}
        owners: dict[Cell, list[Cell]] = {cell: [] for cell in open_cells(g)}
        for clue, cells in reach.items():
            for cell in cells:
                owners[cell].append(clue)

        def own(cell: Cell, clue: Cell) -> int:
            return enc.aux(("owner", cell, clue))
        for cell, clues in owners.items():
            clues.sort()
            lits = [own(cell, clue) for clue in clues]
            enc.model.add([enc.lit(cell)] + lits)
            enc.model.at_most(lits, 1)
            enc.model.extend([-lit, enc.lit(cell, False)] for lit in lits)
            for other in owners.keys() & set(neighbours(g, cell)):
                for clue in clues:
                    agree = [own(other, clue)] if clue in owners.get(other, ()) else []
                    enc.model.add([-own(cell, clue), enc.lit(other)] + agree)
        for clue, cells in sorted(reach.items()):
            enc.model.add([own(clue, clue)])
            if g.numbers[clue] != ANY:
                enc.model.exactly([own(cell, clue) for cell in sorted(cells)], g.numbers[clue])

        def lazy(model) -> list[list[int]]:
            found = []
            for clue, cells in sorted(reach.items()):
                mine = [cell for cell in cells if model.aux(("owner", cell, clue))]
                found += cuts(mine, lambda cell, clue=clue: _near(g, reach[clue], cell),
                              lambda cell, clue=clue: own(cell, clue), root=clue)
            return found
        enc.add_lazy(lazy)

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


def _near(g: Givens, cells: set[Cell], cell: Cell) -> list[Cell]:
    return [n for n in neighbours(g, cell) if n in cells]
