"""Where a rule applies: functions of the givens naming cells and counts, for declarations.

>>> from .givens import Givens
>>> g = Givens(2, 2, numbers={(0, 0): 1})
>>> clue_neighbours(g), clue_cells(g)
([([(1, 0), (0, 1)], 1)], [(0, 0)])
"""

from __future__ import annotations

from .givens import ANY, Cell, Givens
from .grid import neighbours, units

CellCounts = list[tuple[list[Cell], int]]


def clue_neighbours(g: Givens) -> CellCounts:
    """Each numbered cell's orthogonal neighbours with its number ('?' clues left out)."""
    return [(neighbours(g, cell), n) for cell, n in sorted(g.numbers.items()) if n != ANY]


def clue_cells(g: Givens) -> list[Cell]:
    """The numbered cells."""
    return sorted(g.numbers)


def numbered_cells(g: Givens) -> CellCounts:
    """Each numbered cell alone with its number ('?' clues left out)."""
    return [([cell], n) for cell, n in sorted(g.numbers.items()) if n != ANY]


def region_numbers(g: Givens) -> CellCounts:
    """Each numbered region's cells with its number (Heyawake; '?' left out)."""
    found = []
    for cells in units(g, "region"):
        numbers = [g.numbers[cell] for cell in cells if cell in g.numbers]
        if numbers and numbers[0] != ANY:
            found.append((cells, numbers[0]))
    return found


def two_per_region(g: Givens) -> CellCounts:
    """Every region's cells with the count 2 (Norinori)."""
    return [(cells, 2) for cells in units(g, "region")]
