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
