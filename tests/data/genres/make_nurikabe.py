"""Make tests/data/genres/nurikabe/<R>x<C>.txt: unique Nurikabe puzzles, proven unique twice.

Run as ``python3 tests/data/genres/make_nurikabe.py [--count 5] [--seed 1] [SIZE ...]``
(SIZE like ``10x10``; default 5x5 7x7 10x10 12x12 15x15 20x20).

1. A random solution: start all shaded; while a 2x2 block is all shaded, whiten one of its
   cells (at times one beside an area first) that keeps the shaded cells in one piece and joins at
   most one white area, of fewer than ``max_area`` cells (when no cell of the block can: one
   that merges areas); then grow random areas by a shaded cell beside them, on the same
   conditions.  Each area gets its size as a clue in one of its cells, at random.
2. While our SAT solver (``genres.solve.count``, limit 2) finds a second answer T, the
   puzzle is repaired: a cell white in the solution S and shaded in T takes its area's clue
   (T is then wrong); after 20 repairs the solution is dropped.
3. The proof, independent of our solver: puzzlekit's Nurikabe model (OR-Tools CP-SAT, its own
   flood-fill areas and rank-tree connectivity) must accept S, and with a constraint "differ
   from S in some cell" must be infeasible.

Each puzzle is written as a text grid under a ``; `` comment with its seed, then its answer as
``; `` lines ('#' shaded).
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from ortools.sat.python import cp_model as cp
from puzzlekit.core.position import Position
from puzzlekit.solvers.nurikabe import NurikabeSolver

from puzzlesmith.genres.declared import nurikabe
from puzzlesmith.genres.givens import Givens
from puzzlesmith.genres.solve import count
from puzzlesmith.genres.textgrid import write_grid

OUT = Path(__file__).resolve().parent / "nurikabe"
SIZES = ("5x5", "7x7", "10x10", "12x12", "15x15", "20x20")
Cell = tuple[int, int]
REPAIRS = 20
JOINS = (0.0, 0.3)  # how often a block prefers a cell beside an area: one a solution, at random


def beside(cell: Cell, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols]


def one_piece(cells: set[Cell], rows: int, cols: int) -> bool:
    """True when ``cells`` are orthogonally connected (or empty)."""
    if not cells:
        return True
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for n in beside(todo.pop(), rows, cols):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


class Draft:
    """A solution being made: the shaded cells and each white cell's area number."""

    def __init__(self, rows: int, cols: int, max_area: int):
        self.rows, self.cols, self.max_area = rows, cols, max_area
        self.shaded = {(r, c) for r in range(rows) for c in range(cols)}
        self.area: dict[Cell, int] = {}
        self.next_area = 0

    def whiten(self, cell: Cell, merge: bool = False) -> bool:
        """Whiten ``cell`` if the shaded cells stay in one piece and it joins at most one
        area, of fewer than ``max_area`` cells (``merge``: any areas, of any size)."""
        areas = {self.area[n] for n in beside(cell, self.rows, self.cols) if n in self.area}
        if not merge and (len(areas) > 1 or (areas and self.size(*areas) >= self.max_area)):
            return False
        if not one_piece(self.shaded - {cell}, self.rows, self.cols):
            return False
        self.shaded.discard(cell)
        new = self._new_area()
        for white, area in self.area.items():
            if area in areas:
                self.area[white] = new
        self.area[cell] = new
        return True

    def joins(self, cell: Cell) -> bool:
        """True when ``cell`` is beside a white area."""
        return any(n in self.area for n in beside(cell, self.rows, self.cols))

    def _new_area(self) -> int:
        self.next_area += 1
        return self.next_area

    def size(self, area: int) -> int:
        return sum(1 for a in self.area.values() if a == area)

    def blocks(self) -> list[list[Cell]]:
        return [[(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)]
                for r in range(self.rows - 1) for c in range(self.cols - 1)
                if {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= self.shaded]


def random_solution(rows: int, cols: int, rng: random.Random) -> Draft | None:
    """A random valid shading with its areas, or None when a 2x2 block cannot be broken."""
    draft = Draft(rows, cols, max_area=rng.choice((4, 6, 8)))
    join = rng.choice(JOINS)  # above 0: larger areas, fewer clues, and fewer unique
    stuck: set[tuple[Cell, ...]] = set()
    while blocks := [b for b in draft.blocks() if tuple(b) not in stuck]:
        block = rng.choice(blocks)
        cells = rng.sample(block, 4)  # cells joining an area first, at times
        if rng.random() < join:
            cells.sort(key=lambda cell: not draft.joins(cell))
        if not any(draft.whiten(cell) for cell in cells) and \
                not any(draft.whiten(cell, merge=True) for cell in cells):  # merging areas
            stuck.add(tuple(block))
    if draft.blocks():
        return None
    for _ in range(rows * cols // 4):
        cell = rng.choice(sorted(draft.shaded))
        if draft.joins(cell):
            draft.whiten(cell)
    return draft


def clues(draft: Draft, rng: random.Random) -> dict[Cell, int]:
    """One clue per area, at a random cell of it."""
    cells: dict[int, list[Cell]] = {}
    for cell, area in sorted(draft.area.items()):
        cells.setdefault(area, []).append(cell)
    return {rng.choice(members): len(members) for members in cells.values()}


def unique_puzzle(draft: Draft, rng: random.Random) -> Givens | None:
    """The draft's clues, repaired until our solver finds one answer (or None)."""
    numbers = clues(draft, rng)
    for _ in range(REPAIRS):
        g = Givens(draft.rows, draft.cols, numbers=dict(numbers))
        found = count(nurikabe, g, 2, keep=True)
        others = [s for s in found.solutions if s != frozenset(draft.shaded)]
        if not others:
            return g if found.count == 1 else None
        moved = sorted(c for c in others[0] if c not in draft.shaded)
        cell = rng.choice(moved)
        old = next(c for c in numbers if draft.area.get(c) == draft.area[cell])
        numbers[cell] = numbers.pop(old)
    return None


def proven_unique(g: Givens, shaded: frozenset[Cell]) -> bool:
    """puzzlekit's CP-SAT model accepts ``shaded`` and has no other answer."""
    grid = [[str(g.numbers.get((r, c), "-")) for c in range(g.cols)] for r in range(g.rows)]
    verdicts = []
    for differ in (False, True):
        model = NurikabeSolver(g.rows, g.cols, grid)
        model._add_constr()
        black = [model.is_black[Position(r, c)] for r in range(g.rows) for c in range(g.cols)]
        wanted = [int((r, c) in shaded) for r in range(g.rows) for c in range(g.cols)]
        changed = sum((1 - v) if w else v for v, w in zip(black, wanted, strict=True))
        model.model.Add(changed >= 1 if differ else changed == 0)
        model.solver.parameters.num_workers = 1
        model.solver.parameters.max_time_in_seconds = 600
        verdicts.append(model.solver.Solve(model.model))
    return verdicts == [cp.OPTIMAL, cp.INFEASIBLE]


def make(size: str, how_many: int, seed: int) -> list[str]:
    """``how_many`` proven puzzles of ``size`` as text blocks."""
    rows, cols = map(int, size.split("x"))
    rng, blocks, tries = random.Random(f"{seed}-{size}"), [], 0
    while len(blocks) < how_many:
        tries += 1
        draft = random_solution(rows, cols, rng)
        g = draft and unique_puzzle(draft, rng)
        if g is None or not proven_unique(g, frozenset(draft.shaded)):
            continue
        answer = ["; " + "".join("#" if (r, c) in draft.shaded else "." for c in range(cols))
                  for r in range(rows)]
        blocks.append("\n".join([f"; made by make_nurikabe.py, seed {seed}, try {tries}; "
                                 "unique by our solver and by puzzlekit's CP-SAT model",
                                 write_grid(g), "; answer", *answer]))
        print(size, len(blocks), "try", tries, flush=True)
    return blocks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", default=SIZES)
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    for size in args.sizes:
        text = "\n\n".join(make(size, args.count, args.seed)) + "\n"
        (OUT / f"{size}.txt").write_text(text)


if __name__ == "__main__":
    main()
