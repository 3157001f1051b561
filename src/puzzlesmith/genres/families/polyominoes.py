"""Polyominoes of equal numbers, each as many cells as its number (Fillomino).

The unknowns are a number per cell (:class:`~..language.Numbers`).  Encoding: a cell of
n > 1 has a neighbour of n, at most n - 1 of them, a 1 none; lazily, a piece of equal
numbers n bigger than n forbids n on n + 1 of its cells, and one smaller than n needs n
around it.  The given numbers stay (:class:`GivenNumbers`, a rule of its own:
each given number is one unit clause, so a generator can guard it clue by clue).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass

from ..givens import ANY, Cell, Givens
from ..grid import key_name, memo, neighbours
from ..language import Answer, Deduction, Rule, Violation
from ..verify import all_cells, regions

Marks = Mapping[Hashable, object]


@dataclass(frozen=True)
class Polyominoes(Rule):
    """Each piece of side-by-side equal numbers n has exactly n cells.  The deductions try
    numbers up to ``high`` (or the largest clue), as the unknowns do."""

    high: int = 9
    family = "polyominoes"
    strength = 2

    def encode(self, enc) -> None:
        g = enc.givens
        numbers = enc.genre.unknowns.numbers(g)
        near = {cell: neighbours(g, cell) for cell in g.cells()}
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
        near = memo(g, "near", lambda g: {cell: neighbours(g, cell) for cell in g.cells()})
        number = {cell: n for cell, n in g.numbers.items() if n != ANY}
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
        pieces = _pieces(number, near)
        for piece, n in pieces:
            yield from self._piece(piece, n, near, marks, number)
        yield from self._joins(pieces, near, marks, number)
        for n in numbers[1:]:
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
        elif len(piece) < n:
            yield from self._through(piece, n, near, marks, number, where)

    def _through(self, piece: list[Cell], n: int, near: dict, marks: Marks, number: dict,
                 where: str) -> Iterator[Deduction]:
        """The cells an incomplete piece of n cannot reach n cells without (its room small)."""
        def can(cell: Cell) -> bool:
            return marks.get((cell, n)) is not False and number.get(cell, n) == n
        room = _reach(piece, near, can, 3 * n)
        if len(room) > 3 * n:
            return
        for cell in sorted(set(room) - set(piece)):
            if (cell, n) not in marks and \
                    len(_reach(piece, near, lambda c, cell=cell: c != cell and can(c), n)) < n:
                yield Deduction(((cell, n),), True, self.family, f"{where} cannot reach {n} "
                                "cells without it")

    def _joins(self, pieces: list, near: dict, marks: Marks,
               number: dict) -> Iterator[Deduction]:
        """An open cell beside pieces of n that it would join into more than n cells."""
        joined: dict[tuple[Cell, int], int] = {}
        for piece, n in pieces:
            inside = set(piece)
            for cell in {o for c in piece for o in near[c] if o not in inside}:
                if cell not in number:
                    joined[cell, n] = joined.get((cell, n), 0) + len(piece)
        for (cell, n), size in sorted(joined.items()):
            if size + 1 > n and (cell, n) not in marks:
                yield Deduction(((cell, n),), False, self.family, f"{n} there would make a "
                                f"piece of {size + 1}")

    def _room(self, n: int, near: dict, marks: Marks, number: dict) -> Iterator[Deduction]:
        """Cells where n may go but whose room for it is fewer than n cells; a piece of n
        whose room is just n cells fills it."""
        free = {cell: n for cell in near if marks.get((cell, n)) is not False
                and number.get(cell, n) == n}
        small, filled = [], []
        for room, _ in _pieces(free, near):
            if len(room) < n:
                small += room
            elif len(room) == n and any(number.get(cell) == n for cell in room):
                filled += room
        for cells, value, reason in ((small, False, f"there is no room for a piece of {n}"),
                                     (filled, True, f"a piece of {n} has just {n} cells of "
                                      "room")):
            fresh = tuple((cell, n) for cell in sorted(cells) if (cell, n) not in marks)
            if fresh:
                yield Deduction(fresh, value, self.family, reason)

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        held: dict[Cell, list[int]] = {cell: [] for cell in all_cells(g.rows, g.cols)}
        for cell, n in answer:
            held.setdefault(cell, []).append(n)
        found = [Violation((cell,), self.family, f"{len(ns)} numbers in one cell")
                 for cell, ns in sorted(held.items()) if len(ns) != 1]
        for n in sorted({n for ns in held.values() for n in ns}):
            for piece in regions(cell for cell, ns in held.items() if n in ns):
                if len(piece) != n:
                    found.append(Violation(tuple(piece), self.family,
                                           f"a piece of {n}s has {len(piece)} cells"))
        return found



@dataclass(frozen=True)
class GivenNumbers(Rule):
    """The given numbers stay in their cells ('?': any number)."""

    family = "given numbers"
    strength = 0

    def encode(self, enc) -> None:
        for cell, n in sorted(enc.givens.numbers.items()):
            if n != ANY:
                enc.model.add([enc.lit((cell, n))])

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        for cell, n in sorted(g.numbers.items()):
            if n != ANY and (cell, n) not in marks:
                yield Deduction(((cell, n),), True, self.family, "the number is given")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        return [Violation((cell,), self.family, f"the given {n} is changed")
                for cell, n in sorted(g.numbers.items()) if n != ANY and (cell, n) not in answer]

    def clues(self, g: Givens, answer: Answer) -> dict[Cell, int]:
        """Every cell's number."""
        return dict(answer)


def _reach(start: list[Cell], near: dict, allowed, limit: int) -> list[Cell]:
    """The cells joined to ``start`` through ``allowed`` ones, stopping past ``limit``."""
    seen, todo = set(start), list(start)
    for cell in todo:
        for other in near[cell]:
            if other not in seen and allowed(other):
                seen.add(other)
                todo.append(other)
                if len(seen) > limit:
                    return list(seen)
    return list(seen)


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
