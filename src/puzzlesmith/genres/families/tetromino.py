"""Families on the shapes of shaded pieces: every shaded cell in a domino (Norinori), and a
tetromino in every region with no two of the same shape touching (LITS)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass

from ..givens import Cell, Givens
from ..grid import key_name, key_names, memo, neighbours, open_cells, units
from ..language import Answer, Deduction, Rule, Violation
from ..verify import regions, touching

_name = key_name
Marks = Mapping[Hashable, object]


@dataclass(frozen=True)
class Dominoes(Rule):
    """Every shaded cell has exactly one shaded neighbour: the shaded cells are dominoes."""

    family = "dominoes"

    def encode(self, enc) -> None:
        g = enc.givens
        for cell in open_cells(g):
            near = [n for n in neighbours(g, cell) if n not in g.walls]
            enc.model.add([enc.lit(cell, False)] + enc.lits(near))
            enc.model.extend([enc.lit(cell, False), enc.lit(a, False), enc.lit(b, False)]
                             for i, a in enumerate(near) for b in near[i + 1:])

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """A domino found: the cells around it are white; a shaded cell with one way left:
        its partner; a cell boxed in by white cells: white."""
        return self._deductions(g, open_cells(g), marks)

    def deduce_near(self, g: Givens, marks: Marks, changed) -> Iterator[Deduction]:
        """As :meth:`deduce` at the changed cells and beside them."""
        cells = {n for key in changed for n in [key, *neighbours(g, key)]} - g.walls
        return self._deductions(g, sorted(cells), marks)

    def _deductions(self, g: Givens, cells: list[Cell], marks: Marks) -> Iterator[Deduction]:
        for cell in cells:
            near = [n for n in neighbours(g, cell) if n not in g.walls]
            shaded = [n for n in near if marks.get(n) is True]
            free = tuple(n for n in near if n not in marks)
            if marks.get(cell) is True:
                if len(shaded) > 1 or not (shaded or free):
                    yield Deduction((cell,), None, self.family,
                                    f"the shaded {_name(cell)} is in no domino")
                elif shaded and free:
                    yield Deduction(free, False, self.family, f"beside the domino "
                                    f"{key_names(sorted((cell, shaded[0])))}")
                elif not shaded and len(free) == 1:
                    yield Deduction(free, True, self.family,
                                    f"it is the only partner left for {_name(cell)}")
            elif cell not in marks and not free and not shaded:
                yield Deduction((cell,), False, self.family,
                                "shaded, it would have no partner for a domino")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        return [Violation(tuple(piece), self.family, f"the shaded cells at {_name(piece[0])} "
                          f"are {len(piece)}, not a domino")
                for piece in regions(answer) if len(piece) != 2]


# The tetrominoes by name, each in one orientation; the others are its turns and mirrors.
_SHAPES = {"L": ((0, 0), (1, 0), (2, 0), (2, 1)), "I": ((0, 0), (1, 0), (2, 0), (3, 0)),
           "T": ((0, 0), (0, 1), (0, 2), (1, 1)), "S": ((0, 1), (0, 2), (1, 0), (1, 1))}


def _orientations() -> list[tuple[str, tuple[Cell, ...]]]:
    """Every tetromino of :data:`_SHAPES` in each of its distinct orientations, at the
    origin."""
    found = []
    for name, cells in _SHAPES.items():
        seen = set()
        for flip in (1, -1):
            for turn in range(4):
                moved = [(r, c * flip) for r, c in cells]
                for _ in range(turn):
                    moved = [(c, -r) for r, c in moved]
                top, left = min(r for r, _ in moved), min(c for _, c in moved)
                shape = tuple(sorted((r - top, c - left) for r, c in moved))
                if shape not in seen:
                    seen.add(shape)
                    found.append((name, shape))
    return found


Placement = tuple[str, tuple[Cell, ...]]


def _placements(g: Givens) -> list[list[Placement]]:
    """Each region's tetrominoes that fit inside it (the regions in number order)."""
    shapes = _orientations()
    found = []
    for cells in units(g, "region"):
        inside = set(cells) - g.walls
        found.append([(name, placed) for r, c in sorted(inside) for name, shape in shapes
                      for placed in [tuple((r + dr - shape[0][0], c + dc - shape[0][1])
                                           for dr, dc in shape)]
                      if inside.issuperset(placed)])  # the shape's first cell on (r, c)
    return found


@dataclass(frozen=True)
class Tetrominoes(Rule):
    """Each region holds exactly four shaded cells in one piece, an L, I, T or S (turned or
    mirrored), and two pieces of the same shape in different regions never touch (LITS)."""

    family = "tetrominoes"

    def encode(self, enc) -> None:
        g = enc.givens
        region_of = {cell: k for k, cells in enumerate(units(g, "region")) for cell in cells}
        for k, placed in enumerate(memo(g, "tetrominoes", _placements)):
            chosen = [enc.aux(("tetromino", k, i)) for i in range(len(placed))]
            enc.model.exactly(chosen, 1)
            covering: dict[Cell, list[int]] = {}
            for var, (name, cells) in zip(chosen, placed, strict=True):
                enc.model.extend([-var, enc.lit(cell)] for cell in cells)
                enc.model.add([-var, enc.aux(("shape", k, name))])
                for cell in cells:
                    covering.setdefault(cell, []).append(var)
            enc.model.extend([enc.lit(cell, False), *covering.get(cell, [])]
                             for cell, region in region_of.items() if region == k)
        for a in open_cells(g):
            for b in neighbours(g, a):
                if b > a and b not in g.walls and region_of[a] != region_of[b]:
                    enc.model.extend([enc.lit(a, False), enc.lit(b, False),
                                      -enc.aux(("shape", region_of[a], name)),
                                      -enc.aux(("shape", region_of[b], name))]
                                     for name in _SHAPES)

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """In each region, the tetrominoes that still fit (no white cell, every shaded cell of
        the region, no shaded 2x2 block, not touching a shaded cell of a region whose shape is
        settled as theirs): cells in all of them are shaded, cells in none white; none left is a
        contradiction."""
        rooms = units(g, "region")
        fits = [_fits(placed, cells, marks) for cells, placed in
                zip(rooms, memo(g, "tetrominoes", _placements), strict=True)]
        region_of = memo(g, "region-of", _region_of)
        settled = {k: found[0][0] for k, found in enumerate(fits)
                   if found and len({name for name, _ in found}) == 1}
        for k, cells in enumerate(rooms):
            left = [p for name, p in fits[k] if not any(
                settled.get(region_of[n]) == name and region_of[n] != k and marks.get(n) is True
                for cell in p for n in neighbours(g, cell))]
            yield from self._covering(cells, left, marks)

    def _covering(self, cells: list[Cell], fits: list[set], marks: Marks) -> Iterator[Deduction]:
        where = f"the region at {_name(cells[0])}"
        if not fits:
            yield Deduction(tuple(cells), None, self.family, f"no tetromino fits {where}")
            return
        every, some = set.intersection(*fits), set.union(*fits)
        sure = tuple(sorted(cell for cell in every if cell not in marks))
        if sure:
            yield Deduction(sure, True, self.family,
                            f"every tetromino that fits {where} covers them")
        out = tuple(cell for cell in cells if cell not in some and cell not in marks)
        if out:
            yield Deduction(out, False, self.family, f"no tetromino that fits {where} "
                            "covers them")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        found, shape_of = [], {}
        by_region: dict[int, list[Cell]] = {}
        for r in range(g.rows):
            for c in range(g.cols):
                by_region.setdefault(g.regions[r][c], []).append((r, c))
        for number, cells in by_region.items():
            shaded = [cell for cell in cells if cell in answer]
            if len(shaded) != 4 or len(regions(shaded)) != 1:
                found.append(Violation(tuple(cells), self.family, f"the region at "
                                       f"{_name(cells[0])} has {len(shaded)} shaded cells, "
                                       "not one tetromino"))
            else:
                shape_of[number] = _shape_name(shaded)
        for a in sorted(answer):
            for b in touching(a):
                if b > a and b in answer and _same(g, shape_of, a, b):
                    shape = shape_of[g.regions[a[0]][a[1]]]
                    found.append(Violation((a, b), self.family, f"two {shape} shapes touch at "
                                           f"{_name(a)} and {_name(b)}"))
        return found


def _region_of(g: Givens) -> dict[Cell, int]:
    """Each cell's region, by its index in :func:`units`."""
    return {cell: k for k, cells in enumerate(units(g, "region")) for cell in cells}


def _fits(placed: list[Placement], cells: list[Cell], marks: Marks) -> list[tuple[str, set]]:
    """The region's tetrominoes with no white cell, holding its shaded cells, making no
    shaded 2x2 block."""
    shaded = {cell for cell in cells if marks.get(cell) is True}
    found = []
    for name, p in placed:
        inside = set(p)
        if shaded <= inside and not any(marks.get(cell) is False for cell in p) \
                and not _block(inside, marks):
            found.append((name, inside))
    return found


def _block(piece: set, marks: Marks) -> bool:
    """True when ``piece`` with the shaded cells makes a shaded 2x2 block."""
    for r, c in piece:
        for top, left in ((r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)):
            square = [(top, left), (top + 1, left), (top, left + 1), (top + 1, left + 1)]
            if all(cell in piece or marks.get(cell) is True for cell in square):
                return True
    return False


def _same(g: Givens, shape_of: dict, a: Cell, b: Cell) -> bool:
    """True when ``a`` and ``b`` lie in different regions holding the same shape."""
    ra, rb = g.regions[a[0]][a[1]], g.regions[b[0]][b[1]]
    return ra != rb and shape_of.get(ra) is not None and shape_of.get(ra) == shape_of.get(rb)


def _shape_name(cells: list[Cell]) -> str:
    """The check's own naming of four joined cells: by their box and how they bend."""
    rows, cols = {r for r, _ in cells}, {c for _, c in cells}
    box = sorted((len(rows), len(cols)))
    if box == [1, 4]:
        return "I"
    if box == [2, 2]:
        return "O"
    joined = {cell: sum(n in cells for n in touching(cell)) for cell in cells}
    if max(joined.values()) == 3:
        return "T"
    lines = [sum(r == x for r, _ in cells) for x in rows] + [sum(c == y for _, c in cells)
                                                               for y in cols]
    return "L" if 3 in lines else "S"
