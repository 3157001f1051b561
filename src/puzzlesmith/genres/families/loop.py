"""Families on one loop along the grid's edges: each point has 0 or 2 loop edges and the
loop is one piece (lazily), and a clue counts the loop edges around its cell (Slitherlink).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from ..cuts import pieces
from ..givens import Cell, Givens
from ..grid import Edge, cell_edges, grid_edges, point_edges
from ..language import Answer, Rule, Violation
from ..verify import loop_pieces


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
        enc.model.add(enc.lits(grid_edges(g)))

        def lazy(model) -> list[list[int]]:
            on = [edge for edge in grid_edges(g) if model.true(edge)]
            return _loop_cuts(on, at, enc.lit)
        enc.add_lazy(lazy)

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
    on_set = set(on)
    points = {p for edge in on for p in edge}
    joined = {p: [q for e in at[p] if e in on_set for q in e if q != p] for p in points}
    parts = pieces(points, joined.__getitem__)
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

    def encode(self, enc) -> None:
        for cells, n in self.at(enc.givens):
            edges = [edge for cell in cells for edge in cell_edges(cell)]
            enc.model.exactly(enc.lits(edges), n)

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
