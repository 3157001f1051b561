"""Polyominoes of equal numbers, each as many cells as its number (Fillomino).

The unknowns are a number per cell (:class:`~..language.Numbers`).  Encoding: a cell of
n > 1 has a neighbour of n, at most n - 1 of them, a 1 none; lazily, a piece of equal
numbers n bigger than n forbids n on n + 1 of its cells, and one smaller than n needs n
around it.  The given numbers stay (:class:`GivenNumbers`, a rule of its own:
each given number is one unit clause, so a generator can guard it clue by clue).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
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
        near = _near(g)
        for a, b in sorted(g.params.get("borders", ())):  # a given border parts two numbers
            enc.model.extend([-enc.lit((a, n)), -enc.lit((b, n))] for n in numbers)
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
        """The one number left in a cell; a number out across a given border; a piece too
        big; a complete piece keeps its number from its neighbours; a piece with one way out
        grows there; a cell a piece cannot reach n cells without; cells too far for the one
        piece of n a small room holds; n beside pieces it would join past n; no room for n."""
        return self._deduce(g, marks, None)

    def deduce_near(self, g: Givens, marks: Marks, changed) -> Iterator[Deduction]:
        """As :meth:`deduce` in the changed cells, and for each number n whose room changed
        (a cell lost n, or got a number), in the rooms for n around those cells (in a room
        of more than 3n cells, at the pieces there: the whole room says nothing new)."""
        return self._deduce(g, marks, changed)

    def _deduce(self, g: Givens, marks: Marks, changed) -> Iterator[Deduction]:
        """The deductions everywhere (``changed`` None), or near the ``changed`` keys."""
        numbers = range(1, max([self.high, *g.numbers.values()]) + 1)
        near = memo(g, "piece-near", _near)
        number = {cell: n for cell, n in g.numbers.items() if n != ANY}
        cells = sorted(near if changed is None else {key[0] for key in changed})
        number.update({key[0]: key[1] for key, value in marks.items() if value is True})
        yield from self._cells(cells, numbers, marks, number)
        yield from self._borders(g, cells, marks, number)
        rooms = _rooms(near, marks, number, numbers, changed)
        pieces = {n: [(piece, room) for room in found for piece, _ in
                      _pieces({cell: n for cell in room if number.get(cell) == n}, near)]
                  + [(piece, None) for piece in _pieces_at(n, loose, near, number, found)]
                  for n, (found, loose) in rooms.items()}
        for n, found in pieces.items():
            for piece, room in found:
                yield from self._piece(piece, n, near, marks, room, number)
        for n, found in pieces.items():
            yield from self._joins([(piece, n) for piece, _ in found], near, marks, number)
        for n, (found, _) in rooms.items():
            if n > 1:
                yield from self._room(n, found, marks, number)

    def _cells(self, cells: list[Cell], numbers: range, marks: Marks,
               number: dict) -> Iterator[Deduction]:
        """A cell's number rules out the others; a cell with one number left holds it."""
        for cell in cells:
            left = [n for n in numbers if marks.get((cell, n)) is not False]
            if cell in number:
                others = tuple((cell, n) for n in left if n != number[cell])
                if others:
                    yield Deduction(others, False, self.family, f"{key_name(cell)} holds "
                                    f"{number[cell]}")
            elif len(left) == 1 and len(numbers) > 1:
                yield Deduction(((cell, left[0]),), True, self.family, "no other number fits")

    def _borders(self, g: Givens, cells: list[Cell], marks: Marks,
                 number: dict) -> Iterator[Deduction]:
        """A number beside a given border is not across it."""
        across = memo(g, "borders-at", _across)
        for cell in cells:
            n = number.get(cell)
            if n is None:
                continue
            out = tuple((o, n) for o in across.get(cell, ()) if (o, n) not in marks)
            if out:
                yield Deduction(out, False, self.family, f"a given border parts it from the "
                                f"{n} in {key_name(cell)}")

    def _piece(self, piece: list[Cell], n: int, near: dict, marks: Marks,
               room: set[Cell] | None, number: dict) -> Iterator[Deduction]:
        """A piece of n: too big, complete, or with one way out (``room``: the cells joined
        to it where n may go, None when more than 3n)."""
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
        elif len(piece) < n and room is not None:
            yield from self._through(piece, n, near, marks, room, where)
            yield from self._far(piece, n, near, marks, room, number, where)

    def _far(self, piece: list[Cell], n: int, near: dict, marks: Marks, room: set[Cell],
             number: dict, where: str) -> Iterator[Deduction]:
        """The cells of a room too small for two pieces of n, further from its one piece of
        n than the piece can grow: the piece fills all the n there may be."""
        inside = set(piece)
        if len(room) >= 2 * n or any(number.get(cell) == n for cell in room - inside):
            return
        reached = _reach_within(piece, near, room, n - len(piece))
        far = tuple((cell, n) for cell in sorted(room - reached) if (cell, n) not in marks)
        if far:
            yield Deduction(far, False, self.family, f"{where} cannot reach them, and there is "
                            f"no room for another piece of {n}")

    def _through(self, piece: list[Cell], n: int, near: dict, marks: Marks, room: set[Cell],
                 where: str) -> Iterator[Deduction]:
        """The cells an incomplete piece of n cannot reach n cells without (its room small)."""
        if len(room) > 3 * n:
            return
        maybe = room - set(piece) if len(room) <= n else _cuts(piece, room, near)
        for cell in sorted(maybe):
            if (cell, n) not in marks and \
                    len(_reach(piece, near, (room - {cell}).__contains__, n)) < n:
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

    def _room(self, n: int, rooms: list[set[Cell]], marks: Marks,
              number: dict) -> Iterator[Deduction]:
        """Cells where n may go but whose room for n (of ``rooms``) is fewer than n cells; a
        piece of n whose room is just n cells fills it."""
        small, filled = [], []
        for part in rooms:
            if len(part) < n:
                small += part
            elif len(part) == n and any(number.get(cell) == n for cell in part):
                filled += part
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
        found += [Violation((a, b), self.family, f"the given border between {key_name(a)} and "
                            f"{key_name(b)} parts two {held[a][0]}s")
                  for a, b in sorted(g.params.get("borders", ()))
                  if len(held[a]) == len(held[b]) == 1 and held[a] == held[b]]
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


def _near(g: Givens) -> dict[Cell, list[Cell]]:
    """Each cell's neighbours, less those across a given border."""
    across = _across(g)
    return {cell: [o for o in neighbours(g, cell) if o not in across.get(cell, ())]
            for cell in g.cells()}


def _across(g: Givens) -> dict[Cell, list[Cell]]:
    """The cells across a given border from each cell."""
    found: dict[Cell, list[Cell]] = {}
    for a, b in g.params.get("borders", ()):
        found.setdefault(a, []).append(b)
        found.setdefault(b, []).append(a)
    return found


def _rooms(near: dict, marks: Marks, number: dict, numbers: range,
           changed) -> dict[int, tuple[list[set[Cell]], list[Cell]]]:
    """For each number n, the rooms for n (the areas of cells where n may go, side by side)
    and the cells in rooms of more than 3n cells: all of them (``changed`` None), or those
    at a changed cell, for the numbers it changed (a larger room is not needed whole)."""
    if changed is None:
        return {n: _areas(n, sorted(near), near, marks, number, len(near)) for n in numbers}
    touched: dict[int, set[Cell]] = {}
    for cell, n in changed:
        if marks.get((cell, n)) is True:  # a new number: the others still open lost the cell
            ns = [m for m in numbers if m == n or marks.get((cell, m)) is not False]
        elif (cell, number.get(cell)) in changed or number.get(cell, n) == n:
            ns = [n]
        else:
            continue  # the cell held another number already
        for m in ns:
            touched.setdefault(m, set()).update((cell, *near[cell]))
    return {n: _areas(n, sorted(cells), near, marks, number, 3 * n)
            for n, cells in sorted(touched.items())}


def _areas(n: int, seeds: list[Cell], near: dict, marks: Marks, number: dict,
           most: int) -> tuple[list[set[Cell]], list[Cell]]:
    """The areas of cells where n may go (not ruled out, no other number) at the seeds, of
    at most ``most`` cells; the seeds in larger ones."""
    found: list[set[Cell]] = []
    seen: set[Cell] = set()
    for seed in seeds:
        if seed in seen or marks.get((seed, n)) is False or number.get(seed, n) != n:
            continue
        area, todo = {seed}, [seed]
        for cell in todo:
            for other in near[cell]:
                if other not in area and marks.get((other, n)) is not False and \
                        number.get(other, n) == n:
                    area.add(other)
                    todo.append(other)
            if len(area) > most:
                break
        seen |= area
        if len(area) <= most:
            found.append(area)
    inside = {cell for area in found for cell in area}
    return found, [cell for cell in seeds if cell in seen and cell not in inside]


def _pieces_at(n: int, cells: list[Cell], near: dict, number: dict,
               rooms: list[set[Cell]]) -> list[list[Cell]]:
    """The pieces of n holding some of ``cells``, and those an open cell would join to them,
    but none in ``rooms``."""
    taken = set().union(*rooms)

    def same(cell: Cell) -> bool:
        return number.get(cell) == n and cell not in taken
    joined = _reach([cell for cell in cells if same(cell)], near, same, len(near))
    beside = {p for cell in joined for o in near[cell] if o not in number for p in near[o]
              if same(p)}
    joined = _reach([*joined, *beside], near, same, len(near))
    return [piece for piece, _ in _pieces(dict.fromkeys(joined, n), near)]


def _reach(start: list[Cell], near: dict, allowed: Callable[[Cell], bool],
           limit: int) -> list[Cell]:
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


def _reach_within(start: list[Cell], near: dict, room: set[Cell], steps: int) -> set[Cell]:
    """The cells of ``room`` at most ``steps`` steps from ``start`` (through the room)."""
    seen, edge = set(start), list(start)
    for _ in range(steps):
        edge = [o for cell in edge for o in near[cell] if o in room and o not in seen]
        seen.update(edge)
    return seen


def _cuts(piece: list[Cell], room: list[Cell], near: dict) -> set[Cell]:
    """The cells of ``room`` that cut some of it off ``piece`` (the articulation points of
    the room with the piece as one node, None; Tarjan's low points, without recursion)."""
    inside, within = set(piece), set(room)

    def links(node: Cell | None) -> list:
        cells = piece if node is None else (node,)
        return list({None if o in inside else o for c in cells for o in near[c]
                     if o in within} - {node})
    order: dict = {None: 0}
    low: dict = {None: 0}
    stack = [(None, iter(links(None)))]
    cuts = set()
    while stack:
        node, todo = stack[-1]
        for other in todo:
            if other not in order:
                order[other] = low[other] = len(order)
                stack.append((other, iter(links(other))))
                break
            low[node] = min(low[node], order[other])
        else:
            stack.pop()
            if stack:
                parent = stack[-1][0]
                low[parent] = min(low[parent], low[node])
                if parent is not None and low[node] >= order[parent]:
                    cuts.add(parent)
    return cuts


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
