"""Families on one diagonal per cell (Slant): a marked cell holds ``\\`` (joining its top-left
and bottom-right corners), an unmarked one ``/``.  :class:`CornerCount`: a number at a grid
point counts the diagonals that touch it; :class:`NoCycle`: the diagonals form no loop
(lazily, a cut for each loop a model makes).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass

from ..givens import ANY, Cell, Givens
from ..grid import key_name, memo, point_name
from ..language import Answer, Deduction, Rule, Violation

Marks = Mapping[Hashable, object]
Point = tuple[int, int]


def corner_cells(g: Givens, point: Point) -> list[tuple[Cell, bool]]:
    """The cells around a grid point, each with the value (True ``\\``) that touches it."""
    r, c = point
    around = (((r - 1, c - 1), True), ((r - 1, c), False), ((r, c - 1), False), ((r, c), True))
    return [(cell, value) for cell, value in around
            if 0 <= cell[0] < g.rows and 0 <= cell[1] < g.cols]


def diagonal(cell: Cell, value: bool) -> tuple[Point, Point]:
    """The two grid points the cell's diagonal joins (``value`` True: ``\\``)."""
    r, c = cell
    return ((r, c), (r + 1, c + 1)) if value else ((r, c + 1), (r + 1, c))


@dataclass(frozen=True)
class CornerCount(Rule):
    """A number at a grid point counts the diagonals touching it (the givens' numbers, on
    the grid points)."""

    family = "corner-count"

    def encode(self, enc) -> None:
        g = enc.givens
        for point, n in sorted(g.numbers.items()):
            if n != ANY:
                enc.model.exactly([enc.lit(cell, v) for cell, v in corner_cells(g, point)], n)

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """A number with its diagonals found: the others point away; with just enough cells
        left: they all touch it."""
        for point, n in sorted(g.numbers.items()):
            around = corner_cells(g, point)
            touching = sum(marks.get(cell) is v for cell, v in around)
            free = [(cell, v) for cell, v in around if marks.get(cell) is None]
            where = f"the {n} at {point_name(point)}"
            why = "has its diagonals" if touching == n else "needs every cell left"
            if n == ANY or not free and touching == n:
                continue
            if touching > n or touching + len(free) < n:
                yield Deduction(tuple(c for c, _ in around), None, self.family,
                                f"{where} cannot be met")
            elif touching == n or touching + len(free) == n:
                for cell, v in free:  # the values differ per cell: one deduction each
                    yield Deduction((cell,), v == (touching < n), self.family, f"{where} {why}")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        found = []
        for (r, c), n in sorted(g.numbers.items()):
            ends = 0
            for cr in (r - 1, r):
                for cc in (c - 1, c):
                    if 0 <= cr < g.rows and 0 <= cc < g.cols:
                        back = (cr, cc) in answer
                        ends += back == ((cr, cc) in ((r - 1, c - 1), (r, c)))
            if n != ANY and ends != n:
                found.append(Violation(((min(r, g.rows - 1), min(c, g.cols - 1)),), self.family,
                                       f"the {n} at point {r},{c} touches {ends} diagonals"))
        return found

    def clues(self, g: Givens, answer: Answer) -> dict[Cell, int]:
        """Every grid point's count of the diagonals touching it."""
        return {(r, c): sum((cell in answer) is v for cell, v in corner_cells(g, (r, c)))
                for r in range(g.rows + 1) for c in range(g.cols + 1)}


class _Joined:
    """Union-find over grid points."""

    def __init__(self):
        self.up: dict = {}

    def root(self, p):
        while self.up.get(p, p) != p:
            self.up[p] = self.up.get(self.up[p], self.up[p])  # halve the path
            p = self.up[p]
        return p

    def join(self, a, b) -> bool:
        """Join a and b; False when they were joined already (a loop closes)."""
        ra, rb = self.root(a), self.root(b)
        self.up[ra] = rb
        return ra != rb


@dataclass(frozen=True)
class NoCycle(Rule):
    """The diagonals form no loop."""

    family = "no-loop"

    def encode(self, enc) -> None:
        cells = list(enc.givens.cells())
        lits = enc.lits(cells)
        width = enc.givens.cols + 1

        def lazy(model) -> list[list[int]]:
            true = model.true_vars
            values = [lit in true for lit in lits]
            return [[enc.lit(cell, not v) for cell, v in loop]
                    for loop in _loops(cells, values, width)]
        enc.add_lazy(lazy)

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """A diagonal whose ends are already joined would close a loop: the other one."""
        joined = _Joined()
        for cell in memo(g, "cells", lambda g: list(g.cells())):
            value = marks.get(cell)
            if value is not None and not joined.join(*diagonal(cell, value)):
                yield Deduction((cell,), None, self.family, "the diagonals make a loop")
                return
        for cell in g.cells():
            if marks.get(cell) is None:
                closing = [value for value in (True, False)
                           if joined.root(diagonal(cell, value)[0])
                           == joined.root(diagonal(cell, value)[1])]
                if closing:
                    yield Deduction((cell,), None if len(closing) == 2 else not closing[0],
                                    self.family, f"the other diagonal would close a loop at "
                                    f"{key_name(cell)}")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        links: dict = {}
        for r, c in g.cells():
            a, b = ((r, c), (r + 1, c + 1)) if (r, c) in answer else ((r, c + 1), (r + 1, c))
            links.setdefault(a, []).append((b, (r, c)))
            links.setdefault(b, []).append((a, (r, c)))
        seen: set = set()
        for start in sorted(links):
            if start in seen:
                continue
            stack, used = [(start, None)], set()
            seen.add(start)
            while stack:
                p, via = stack.pop()
                for q, cell in links[p]:
                    if cell == via or cell in used:
                        continue
                    used.add(cell)
                    if q in seen:
                        return [Violation((cell,), self.family, "the diagonals make a loop "
                                          f"through r{cell[0] + 1}c{cell[1] + 1}")]
                    seen.add(q)
                    stack.append((q, cell))
        return []


def _loops(cells: list[Cell], values: list[bool], width: int) -> list[list[tuple[Cell, bool]]]:
    """For each diagonal closing a loop (in the order of ``cells``, whose ``values`` are
    given), the loop's cells with their values; [] when there is none.  A grid point is a
    number here, ``r * width + c`` (``width``: the points in a row), for speed."""
    up = list(range((cells[-1][0] + 2) * width)) if cells else []
    links: dict = {}
    found = []
    for cell, value in zip(cells, values, strict=True):
        p = cell[0] * width + cell[1]
        a, b = (p, p + width + 1) if value else (p + 1, p + width)
        ra, rb = a, b
        while up[ra] != ra:
            up[ra] = ra = up[up[ra]]  # halve the path
        while up[rb] != rb:
            up[rb] = rb = up[up[rb]]
        if ra == rb:
            found.append([*_path(links, a, b), (cell, value)])
            continue
        up[ra] = rb
        links.setdefault(a, []).append((b, cell, value))
        links.setdefault(b, []).append((a, cell, value))
    return found


def _path(links: dict, a: int, b: int) -> list[tuple[Cell, bool]] | None:
    """The diagonals on a path from a to b in a forest, or None."""
    back = {a: None}
    todo = [a]
    while todo:
        p = todo.pop()
        if p == b:
            path = []
            while back[p] is not None:
                p, cell, value = back[p]
                path.append((cell, value))
            return path
        for q, cell, value in links.get(p, ()):
            if q not in back:
                back[q] = (p, cell, value)
                todo.append(q)
    return None
