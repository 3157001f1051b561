"""Polyominoes of equal numbers, each as many cells as its number (Fillomino).

The unknowns are a number per cell (:class:`~..language.Numbers`).  Encoding: the givens
stay; a cell of n > 1 has a neighbour of n, at most n - 1 of them, a 1 none; lazily, a
piece of equal numbers n bigger than n forbids n on n + 1 of its cells, and one smaller
than n needs n around it.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass

from ..givens import ANY, Cell, Givens
from ..grid import key_name, neighbours
from ..language import Answer, Deduction, Rule, Violation
from ..verify import all_cells, regions

Marks = Mapping[Hashable, object]


@dataclass(frozen=True)
class Polyominoes(Rule):
    """Each piece of side-by-side equal numbers n has exactly n cells; given numbers stay.
    The deductions try numbers up to ``high`` (or the largest clue), as the unknowns do."""

    high: int = 9
    family = "polyominoes"
    strength = 2

    def encode(self, enc) -> None:
        g = enc.givens
        numbers = enc.genre.unknowns.numbers(g)
        near = {cell: neighbours(g, cell) for cell in g.cells()}
        for cell, n in sorted(g.numbers.items()):
            if n != ANY:
                enc.model.add([enc.lit((cell, n))])
        for cell, around in near.items():
            for n in numbers:
                same = enc.lits((other, n) for other in around)
                if n == 1:
                    enc.model.extend([-enc.lit((cell, 1)), -lit] for lit in same)
                    continue
                enc.model.add([-enc.lit((cell, n)), *same])
                if n <= len(same):
                    enc.model.at_most(same, n - 1, when=enc.lit((cell, n)))
        for a, b in _pairs(near):  # two side by side of n > 2 have a third n beside them
            around = sorted({*near[a], *near[b]} - {a, b})
            for n in numbers[2:]:
                enc.model.add([-enc.lit((a, n)), -enc.lit((b, n)),
                               *enc.lits((p, n) for p in around)])

        keyed = [(cell, n, enc.lit((cell, n))) for cell in near for n in numbers]

        def lazy(model) -> list[list[int]]:
            true = model.true_vars
            number = {cell: n for cell, n, var in keyed if var in true}
            return [_cut(enc, piece, n, near) for piece, n in _pieces(number, near)
                    if len(piece) != n]
        enc.add_lazy(lazy)

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """The one number left in a cell; a piece too big; a complete piece keeps its number
        from its neighbours; a piece with one way out grows there; no room for n."""
        numbers = range(1, max([self.high, *g.numbers.values()]) + 1)
        near = {cell: neighbours(g, cell) for cell in g.cells()}
        number = {cell: n for cell, n in g.numbers.items() if n != ANY}
        for cell, n in sorted(number.items()):
            if (cell, n) not in marks:
                yield Deduction(((cell, n),), True, self.family, "the number is given")
        number.update({key[0]: key[1] for key, value in marks.items() if value is True})
        for cell in near:
            left = [n for n in numbers if marks.get((cell, n)) is not False]
            if cell in number:
                others = tuple((cell, n) for n in left if n != number[cell])
                if others:
                    yield Deduction(others, False, self.family, f"{key_name(cell)} holds "
                                    f"{number[cell]}")
            elif len(left) == 1 and len(numbers) > 1:
                yield Deduction(((cell, left[0]),), True, self.family, "no other number fits")
        for piece, n in _pieces(number, near):
            yield from self._piece(piece, n, near, marks, number)
        for n in numbers:
            yield from self._room(n, near, marks, number)

    def _piece(self, piece: list[Cell], n: int, near: dict, marks: Marks,
               number: dict) -> Iterator[Deduction]:
        """A piece of n: too big, complete, or with one way out."""
        where = f"the piece of {n} at {key_name(piece[0])}"
        if len(piece) > n:
            yield Deduction(tuple((cell, n) for cell in piece), None, self.family,
                            f"{where} has {len(piece)} cells")
            return
        inside = set(piece)
        out = sorted({o for cell in piece for o in near[cell] if o not in inside
                      and marks.get((o, n)) is not False and number.get(o, n) == n})
        if len(piece) == n and out:
            yield Deduction(tuple((o, n) for o in out), False, self.family, f"{where} is "
                            "complete")
        elif len(piece) < n and len(out) == 1:
            yield Deduction(((out[0], n),), True, self.family, f"{where} can only grow there")
        elif len(piece) < n and not out:
            yield Deduction(tuple((cell, n) for cell in piece), None, self.family,
                            f"{where} is walled in before it is complete")

    def _room(self, n: int, near: dict, marks: Marks, number: dict) -> Iterator[Deduction]:
        """Cells where n may go but whose room for it is fewer than n cells."""
        free = {cell for cell in near if marks.get((cell, n)) is not False
                and number.get(cell, n) == n}
        small = [cell for piece, _ in _pieces(dict.fromkeys(free, n), near)
                 if len(piece) < n for cell in piece]
        fresh = tuple((cell, n) for cell in sorted(small) if (cell, n) not in marks)
        if fresh:
            yield Deduction(fresh, False, self.family, f"there is no room for a piece of {n}")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        held: dict[Cell, list[int]] = {cell: [] for cell in all_cells(g.rows, g.cols)}
        for cell, n in answer:
            held.setdefault(cell, []).append(n)
        found = [Violation((cell,), self.family, f"{len(ns)} numbers in one cell")
                 for cell, ns in sorted(held.items()) if len(ns) != 1]
        found += [Violation((cell,), self.family, f"the given {n} is changed")
                  for cell, n in sorted(g.numbers.items()) if n != ANY and held[cell] != [n]]
        for n in sorted({n for ns in held.values() for n in ns}):
            for piece in regions(cell for cell, ns in held.items() if n in ns):
                if len(piece) != n:
                    found.append(Violation(tuple(piece), self.family,
                                           f"a piece of {n}s has {len(piece)} cells"))
        return found

    def clues(self, g: Givens, answer: Answer) -> dict[Cell, int]:
        """Every cell's number."""
        return dict(answer)


def _pairs(near: dict) -> list[tuple[Cell, Cell]]:
    """Each pair of cells side by side, once."""
    return [(a, b) for a in near for b in near[a] if a < b]


def _pieces(number: dict[Cell, int], near: dict) -> list[tuple[list[Cell], int]]:
    """The pieces of side-by-side equal numbers, each with its number, cells in reach order."""
    seen: set[Cell] = set()
    found = []
    for start, n in number.items():
        if start in seen:
            continue
        piece, seen_here = [start], {start}
        for cell in piece:
            for other in near[cell]:
                if other not in seen_here and number.get(other) == n:
                    seen_here.add(other)
                    piece.append(other)
        seen |= seen_here
        found.append((piece, n))
    return found


def _cut(enc, piece: list[Cell], n: int, near: dict) -> list[int]:
    """The clause a piece of the wrong size breaks: too big, its first n + 1 cells (joined)
    are not all n; too small, it is not all n or some cell around it is n."""
    if len(piece) > n:
        return [enc.lit((cell, n), False) for cell in piece[:n + 1]]
    inside = set(piece)
    around = sorted({other for cell in piece for other in near[cell] if other not in inside})
    return enc.lits(((cell, n) for cell in piece), False) + enc.lits((c, n) for c in around)
