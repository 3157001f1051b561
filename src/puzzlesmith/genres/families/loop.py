"""Families on one loop along the grid's edges: each point has 0 or 2 loop edges and the
loop is one piece (lazily), and a clue counts the loop edges around its cell (Slitherlink).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import combinations

from ..cuts import pieces
from ..givens import Cell, Givens
from ..grid import Edge, cell_edges, grid_edges, key_name, key_names, memo, point_edges, point_name
from ..language import Answer, Deduction, Rule, Violation
from ..verify import loop_pieces

Marks = Mapping[Hashable, object]


@dataclass(frozen=True)
class Loop(Rule):
    """One loop without crossings or branches: each grid point has 0 or 2 loop edges, and
    the loop edges form one piece (there is at least one)."""

    family = "loop"

    def encode(self, enc) -> None:
        g = enc.givens
        at = point_edges(g)
        for edges in at.values():
            lits = enc.lits(edges)
            enc.model.extend([-lit] + [o for o in lits if o != lit] for lit in lits)
            enc.model.extend([-a, -b, -c] for a, b, c in combinations(lits, 3))
        edges = grid_edges(g)
        lits = enc.lits(edges)
        enc.model.add(lits)

        def lazy(model) -> list[list[int]]:
            true = model.true_vars
            on = [edge for edge, lit in zip(edges, lits, strict=True) if lit in true]
            return _loop_cuts(on, at, enc.lit)
        enc.add_lazy(lazy)

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """At each point: two lines, the rest crossed out; one line and one way on; no
        line and one edge left, crossed out.  No edge closes a loop that leaves lines out."""
        yield from self._at_points(memo(g, "point-edges", point_edges), marks)
        yield from self._early_loops(g, marks, {e for e, value in marks.items() if value is True})

    def deduce_near(self, g: Givens, marks: Marks, changed) -> Iterator[Deduction]:
        """As :meth:`deduce` at the ends of the changed edges; loops only after a new line."""
        at = memo(g, "point-edges", point_edges)
        order = memo(g, "point-order", _point_order)
        points = sorted({p for edge in changed for p in edge}, key=order.__getitem__)
        yield from self._at_points({p: at[p] for p in points}, marks)
        yield from self._early_loops(g, marks, changed)

    def _at_points(self, at: dict, marks: Marks) -> Iterator[Deduction]:
        """The deductions at each point of ``at`` (point -> its edges)."""
        for point, edges in at.items():
            values = [marks.get(e) for e in edges]
            if None not in values and values.count(True) in (0, 2):
                continue  # settled
            on = [e for e, value in zip(edges, values, strict=True) if value is True]
            free = tuple(e for e, value in zip(edges, values, strict=True) if value is None)
            if len(on) > 2 or (len(on) == 1 and not free):
                yield Deduction(tuple(on), None, self.family, f"the loop branches or ends at "
                                f"{point_name(point)}")
                return
            if free and len(on) == 2:
                yield Deduction(free, False, self.family,
                                f"the loop already passes {point_name(point)}")
            elif len(free) == 1 and len(on) == 1:
                yield Deduction(free, True, self.family,
                                f"the line at {point_name(point)} has one way on")
            elif len(free) == 1 and not on:
                yield Deduction(free, False, self.family,
                                f"it would end the loop at {point_name(point)}")

    def _early_loops(self, g: Givens, marks: Marks, changed) -> Iterator[Deduction]:
        """An edge joining the two ends of one line closes a loop too early when other
        lines exist; a closed loop beside other lines is a contradiction.  Only the pieces
        that ``changed`` edges (the others were looked at before) make new are looked at:
        those with a new line, and the one that held every line before."""
        links = memo(g, "point-links", _point_links)
        lines = list(marks.values()).count(True)
        new = [edge for edge in changed if marks.get(edge) is True]
        if not new:
            return
        pieces: list[tuple[set, int, bool]] = []
        for a, _ in new:
            if not any(a in piece[0] for piece in pieces):
                pieces.append(_piece(a, links, marks))
        old = next((e for e, value in marks.items() if value is True and e not in changed), None)
        if old is not None and sum(piece[1] for piece in pieces) == len(new):
            piece = _piece(old[0], links, marks)  # the old lines' piece, if they were one
            if piece[1] == lines - len(new):
                pieces.append(piece)
        pieces = [piece for piece in pieces if piece[1] < lines]
        order = memo(g, "edge-order", _edge_order)
        closed = [sorted({e for p in points for e, _ in links[p] if marks.get(e) is True},
                         key=order.__getitem__) for points, _, is_closed in pieces if is_closed]
        if closed:
            yield Deduction(tuple(min(closed, key=lambda edges: order[edges[0]])), None,
                            self.family, "a loop closed while other lines are left out")
            return
        joining = {e for points, _, _ in pieces for p in points for e, q in links[p]
                   if q in points and e not in marks}
        for edge in sorted(joining, key=order.__getitem__):
            yield Deduction((edge,), False, self.family,
                            "it would close a loop that leaves other lines out")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        degree: dict = {}
        for a, b in answer:
            degree[a] = degree.get(a, 0) + 1
            degree[b] = degree.get(b, 0) + 1
        found = [Violation((p,), self.family, f"the loop has {d} ends at point {p}")
                 for p, d in sorted(degree.items()) if d != 2]
        parts = loop_pieces(answer)
        if len(parts) != 1:
            found.append(Violation(tuple(p[0] for p in parts), self.family,
                                   f"the loop is in {len(parts)} pieces, expected one"))
        return found


def _loop_cuts(on: list[Edge], at: dict, lit: Callable) -> list[list[int]]:
    """For each piece of the loop (set of points P), one of its edges and an edge of another
    piece are both on only if an edge leaving P is on."""
    joined: dict = {}
    for a, b in on:
        joined.setdefault(a, []).append(b)
        joined.setdefault(b, []).append(a)
    parts = pieces(joined, joined.__getitem__)
    if len(parts) < 2:
        return []
    first = {id(part): next(e for e in on if e[0] in part) for part in parts}
    clauses = []
    for i, part in enumerate(parts):
        other = parts[1 if i == 0 else 0]
        leaving = {e for p in part for e in at[p] if not (e[0] in part and e[1] in part)}
        clauses.append([-lit(first[id(part)]), -lit(first[id(other)])]
                       + [lit(e) for e in sorted(leaving)])
    return clauses


@dataclass(frozen=True)
class LoopCount(Rule):
    """A clue counts the loop edges around its cell: cell sets ``at(givens)`` gives."""

    at: Callable[[Givens], list[tuple[list[Cell], int]]]
    family = "loop-count"
    techniques = {"line at a corner": 1, "both or neither": 1}

    def encode(self, enc) -> None:
        for cells, n in self.at(enc.givens):
            edges = [edge for cell in cells for edge in cell_edges(cell)]
            enc.model.exactly(enc.lits(edges), n)

    def clues(self, g: Givens, answer: Answer) -> dict[Cell, int]:
        """Each cell's count of loop edges around it (``at`` gives one cell set per clue,
        in the order of the clue cells)."""
        places = sorted(g.cells())
        sets = self.at(replace(g, numbers=dict.fromkeys(places, 0)))
        return {cell: sum(edge in answer for c in cells for edge in cell_edges(c))
                for cell, (cells, _) in zip(places, sets, strict=True)}

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """A clue with its lines found: the rest crossed out; with just enough edges left:
        they are all lines."""
        return self._at_clues(g, marks, memo(g, ("clue-edges", self.at), self._clue_edges))

    def deduce_near(self, g: Givens, marks: Marks, changed) -> Iterator[Deduction]:
        """As :meth:`deduce` on the clues with a changed edge at a corner of their cells."""
        clues = memo(g, ("clue-edges", self.at), self._clue_edges)
        near = memo(g, ("clues-at", self.at), self._clues_at)
        chosen = sorted({i for edge in changed for p in edge for i in near.get(p, ())})
        return self._at_clues(g, marks, [clues[i] for i in chosen])

    def _clue_edges(self, g: Givens) -> list[tuple[list[Cell], int, list[Edge]]]:
        """Each clue's cells, number and edges."""
        return [(cells, n, [edge for cell in cells for edge in cell_edges(cell)])
                for cells, n in self.at(g)]

    def _clues_at(self, g: Givens) -> dict:
        """The clues (indices) with each grid point at a corner of their cells."""
        found: dict = {}
        for i, (cells, _, _) in enumerate(self._clue_edges(g)):
            for r, c in cells:
                for p in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)):
                    found.setdefault(p, []).append(i)
        return found

    def _at_clues(self, g: Givens, marks: Marks, clues: list) -> Iterator[Deduction]:
        """The deductions at each clue of ``clues`` (cells, number, edges)."""
        for cells, n, edges in clues:
            values = [marks.get(e) for e in edges]
            on = values.count(True)
            if None not in values and on == n:
                continue
            free = tuple(e for e, value in zip(edges, values, strict=True) if value is None)
            where = f"the {n} at {key_name(cells[0])}"
            if on > n or on + len(free) < n:
                yield Deduction(tuple(edges), None, self.family, f"{where} cannot be met")
                return
            if free and on == n:
                has = f"has its {n} lines" if n else "takes no line"
                yield Deduction(free, False, self.family, f"{where} {has}")
            elif free and on + len(free) == n:
                yield Deduction(free, True, self.family, f"{where} needs every edge left")
            elif len(cells) == 1:
                yield from _corner_pairs(g, free, n - on, marks, where)

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        found = []
        for cells, n in self.at(g):
            (r, c), = cells
            around = {((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
                      ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))}
            if len(around & answer) != n:
                found.append(Violation(((r, c),), self.family, f"r{r + 1}c{c + 1} has "
                                       f"{len(around & answer)} loop edges, expected {n}"))
        return found


def _point_order(g: Givens) -> dict:
    """Each grid point's place in :func:`point_edges` (deductions keep that order)."""
    return {p: i for i, p in enumerate(point_edges(g))}


def _edge_order(g: Givens) -> dict:
    """Each edge's place in :func:`grid_edges` (deductions keep that order)."""
    return {e: i for i, e in enumerate(grid_edges(g))}


def _point_links(g: Givens) -> dict:
    """Each grid point's edges, each with the point at its other end."""
    return {p: [(e, e[1] if e[0] == p else e[0]) for e in edges]
            for p, edges in point_edges(g).items()}


def _piece(start: tuple, links: dict, marks: Marks) -> tuple[set, int, bool]:
    """The points of the piece of line through the point ``start``, its number of lines,
    and whether it is closed (two lines at every point)."""
    points, todo, ends, closed = {start}, [start], 0, True
    while todo:
        on = [q for e, q in links[todo.pop()] if marks.get(e) is True]
        ends, closed = ends + len(on), closed and len(on) == 2
        for q in on:
            if q not in points:
                points.add(q)
                todo.append(q)
    return points, ends // 2, closed


def _corner_pairs(g: Givens, free: tuple, wanted: int, marks: Marks,
                  where: str) -> Iterator[Deduction]:
    """Two free edges of a clue meeting at a corner.  A line reaching that corner: they are
    not both lines, so when the clue misses one edge only the others are lines.  Nothing
    else free at the corner: they are both lines or neither, so the clue decides them."""
    one_missing = len(free) == wanted + 1
    if not one_missing and wanted != 1:
        return
    at = memo(g, "point-edges", point_edges)
    for a, b in combinations(free, 2):
        corner = set(a) & set(b)
        if not corner:
            continue
        around = [marks.get(e) for e in at[corner.pop()] if e not in (a, b)]
        rest = tuple(e for e in free if e not in (a, b))
        if one_missing and rest and True in around:
            yield Deduction(rest, True, "line at a corner", f"{where} misses one edge, and a "
                            f"line reaching the corner of {key_names((a, b))} leaves only one "
                            "of them")
            return
        if all(value is False for value in around):
            need = "misses only one edge" if one_missing else "needs only one more line"
            yield Deduction((a, b), one_missing, "both or neither", f"{key_names((a, b))} "
                            f"meet at a corner with no other way, and {where} {need}")
            return
