"""Rectangles, each holding exactly one clue, as many cells as its number (Shikaku).

The unknowns are the borders between cells (:class:`~..language.Borders`).  Encoding: one
variable per candidate rectangle of each clue (its area, holding the clue and no other);
exactly one per clue, each cell covered exactly once; an edge is a border exactly when the
rectangle covering one of its cells does not cover the other.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass

from ...errors import InvalidPuzzle
from ..givens import ANY, Cell, Givens
from ..grid import Edge, key_name, memo
from ..language import Answer, Deduction, Rule, Violation
from ..verify import all_cells

MAX_CELLS_COVERED = 2_000_000
"""Clues whose rectangles cover more cells in all (counted once per rectangle: '?' clues on a
large grid) are refused before the rectangles are made."""
Marks = Mapping[Hashable, object]
Rect = tuple[int, int, int, int]  # top, left, height, width


@dataclass(frozen=True)
class Rectangles(Rule):
    """The grid is cut into rectangles, each with exactly one clue equal to its area."""

    family = "rectangles"
    strength = 2

    def encode(self, enc) -> None:
        g = enc.givens
        options = memo(g, "rectangles", _candidates)
        covering: dict[Cell, list[int]] = {cell: [] for cell in g.cells()}
        joining: dict[Edge, list[int]] = {}
        for clue, rects in options.items():
            chosen = [enc.aux(("rect", clue, rect)) for rect in rects]
            enc.model.exactly(chosen, 1) if chosen else enc.model.add([enc.false])
            for var, rect in zip(chosen, rects, strict=True):
                for cell in _cells(rect):
                    covering[cell].append(var)
                for edge, inner in _edges(g, rect):
                    if inner:
                        joining.setdefault(edge, []).append(var)
                        enc.model.add([-var, enc.lit(edge, False)])
        for vars_ in covering.values():  # then an edge no rectangle crosses is a border
            enc.model.exactly(vars_, 1) if vars_ else enc.model.add([enc.false])
        for edge in enc.genre.unknowns.keys(g):
            enc.model.add([enc.lit(edge), *joining.get(edge, ())])

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """An edge every rectangle left to a clue agrees on; a clue with no rectangle left."""
        for clue, rects in memo(g, "rectangles", _candidates).items():
            fits = [rect for rect in rects if _fits(g, rect, marks)]
            named = f"the {g.numbers[clue] if g.numbers[clue] != ANY else '?'} at " \
                    f"{key_name(clue)}"
            if not fits:
                yield Deduction((clue,), None, self.family, f"no rectangle fits {named}")
                return
            agreed = dict(_edges(g, fits[0]))
            for rect in fits[1:]:
                edges = dict(_edges(g, rect))
                agreed = {e: v for e, v in agreed.items() if edges.get(e) == v}
            for inner in (False, True):
                edges = tuple(e for e, v in sorted(agreed.items())
                              if v == inner and e not in marks)
                if edges:
                    them = "them" if len(edges) > 1 else "it"
                    where = "inside" if inner else "on its side"
                    yield Deduction(edges, not inner, self.family,
                                    f"every rectangle {named} can take has {them} {where}")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        found = []
        for area in _areas(g, answer):
            clues = [cell for cell in area if cell in g.numbers]
            rows = {r for r, _ in area}
            cols = {c for _, c in area}
            if len(rows) * len(cols) != len(area):
                found.append(Violation(tuple(area), self.family, "an area is no rectangle"))
            if len(clues) != 1:
                found.append(Violation(tuple(area), self.family,
                                       f"a rectangle holds {len(clues)} clues"))
            elif g.numbers[clues[0]] not in (ANY, len(area)):
                found.append(Violation(tuple(area), self.family, f"the rectangle of "
                                       f"{g.numbers[clues[0]]} has {len(area)} cells"))
        return found + _loose_borders(g, answer, self.family)

    def clues(self, g: Givens, answer: Answer) -> dict[Cell, int]:
        """Each rectangle's area, at each of its cells (a puzzle shows one per rectangle)."""
        return {cell: len(area) for area in _areas(g, answer) for cell in area}


def _candidates(g: Givens) -> dict[Cell, list[Rect]]:
    """Each clue's rectangles: its area ('?': any), inside the grid, holding no other clue,
    none taking a cell another clue surely takes, each covering the cells only it can."""
    clues = _prefix_sums(g)
    found, work = {}, 0
    for (r, c), n in sorted(g.numbers.items()):
        sides = [(h, w) for h in range(1, g.rows + 1) for w in range(1, g.cols + 1)
                 if n == ANY or h * w == n]
        work += sum(min(h, r + 1, g.rows - r) * min(w, c + 1, g.cols - c) * h * w
                    for h, w in sides)
        if work > MAX_CELLS_COVERED:
            raise InvalidPuzzle(f"the clues fit too many rectangles (the one at "
                                f"{key_name((r, c))} passes {MAX_CELLS_COVERED} cells in all)")
        found[r, c] = [(top, left, h, w) for h, w in sides
                       for top in range(max(0, r - h + 1), min(r, g.rows - h) + 1)
                       for left in range(max(0, c - w + 1), min(c, g.cols - w) + 1)
                       if _clues_in(clues, top, left, h, w) == 1]
    return _pruned(found)


def _prefix_sums(g: Givens) -> list[list[int]]:
    """The number of clues above and left of each grid point."""
    sums = [[0] * (g.cols + 1) for _ in range(g.rows + 1)]
    for r in range(g.rows):
        for c in range(g.cols):
            sums[r + 1][c + 1] = (sums[r][c + 1] + sums[r + 1][c] - sums[r][c]
                                  + ((r, c) in g.numbers))
    return sums


def _clues_in(sums: list[list[int]], top: int, left: int, h: int, w: int) -> int:
    return (sums[top + h][left + w] - sums[top][left + w] - sums[top + h][left]
            + sums[top][left])


def _pruned(found: dict[Cell, list[Rect]]) -> dict[Cell, list[Rect]]:
    """Candidates left when a cell every rectangle of a clue covers is that clue's, and a cell
    only one clue can reach is covered by each rectangle it keeps (until nothing changes)."""
    cells = {rect: frozenset(_cells(rect)) for rects in found.values() for rect in rects}
    changed = True
    while changed:
        changed = False
        owner = {cell: clue for clue, rects in found.items() if rects
                 for cell in frozenset.intersection(*(cells[rect] for rect in rects))}
        reach: dict[Cell, set[Cell]] = {}
        for clue, rects in found.items():
            for rect in rects:
                for cell in cells[rect]:
                    reach.setdefault(cell, set()).add(clue)
        needs: dict[Cell, set[Cell]] = {}
        for cell, clues in reach.items():
            if len(clues) == 1:
                needs.setdefault(next(iter(clues)), set()).add(cell)
        for clue, rects in found.items():
            need = needs.get(clue, set())
            kept = [rect for rect in rects if need <= cells[rect] and all(
                owner.get(cell, clue) == clue for cell in cells[rect])]
            changed |= len(kept) < len(rects)
            found[clue] = kept
    return found


def _cells(rect: Rect) -> list[Cell]:
    top, left, h, w = rect
    return [(top + i, left + j) for i in range(h) for j in range(w)]


def _edges(g: Givens, rect: Rect) -> list[tuple[Edge, bool]]:
    """The edges between cells a rectangle touches: (edge, True) inside, (edge, False) on
    its sides (the grid's frame left out)."""
    top, left, h, w = rect
    bottom, right = top + h, left + w
    found = []
    for r in range(top, bottom + 1):
        if 0 < r < g.rows:
            found += [(((r, c), (r, c + 1)), top < r < bottom) for c in range(left, right)]
    for c in range(left, right + 1):
        if 0 < c < g.cols:
            found += [(((r, c), (r + 1, c)), left < c < right) for r in range(top, bottom)]
    return found


def _fits(g: Givens, rect: Rect, marks: Marks) -> bool:
    """True when the known borders allow ``rect``."""
    return all(marks.get(edge, not inner) == (not inner) for edge, inner in _edges(g, rect))


def _areas(g: Givens, answer: Answer) -> list[list[Cell]]:
    """The areas the borders cut the grid into (for the check: computed plainly here)."""
    joined: dict[Cell, list[Cell]] = {cell: [] for cell in all_cells(g.rows, g.cols)}
    for r, c in joined:
        for other, edge in (((r, c + 1), ((r, c + 1), (r + 1, c + 1))),
                            ((r + 1, c), ((r + 1, c), (r + 1, c + 1)))):
            if other in joined and edge not in answer:
                joined[r, c].append(other)
                joined[other].append((r, c))
    seen: set[Cell] = set()
    areas = []
    for start in joined:
        if start not in seen:
            area, todo = [start], [start]
            seen.add(start)
            while todo:
                for nxt in joined[todo.pop()]:
                    if nxt not in seen:
                        seen.add(nxt)
                        area.append(nxt)
                        todo.append(nxt)
            areas.append(sorted(area))
    return areas


def _loose_borders(g: Givens, answer: Answer, family: str) -> list[Violation]:
    """Borders with the same area on both sides, and edges that are not between cells."""
    area_of = {cell: i for i, area in enumerate(_areas(g, answer)) for cell in area}
    found = []
    for edge in sorted(answer):
        (r1, c1), (r2, c2) = edge
        sides = ((r1 - 1, c1), (r1, c1)) if r1 == r2 else ((r1, c1 - 1), (r1, c1))
        if not all(side in area_of for side in sides) or (r2 - r1) + (c2 - c1) != 1:
            found.append(Violation((edge,), family, "a border is not between two cells"))
        elif area_of[sides[0]] == area_of[sides[1]]:
            found.append(Violation(sides, family, "a border ends inside an area"))
    return found
