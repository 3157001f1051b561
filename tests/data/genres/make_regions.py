"""Make tests/data/genres/{norinori,heyawake,lits}.txt and the larger sets
tests/data/genres/<genre>/<R>x<C>.txt: random region puzzles kept when our solver proves them
unique (run as ``python3 tests/data/genres/make_regions.py [GENRE:SIZE ...]``, e.g.
``heyawake:10x10``; seeded, so the files are the same each time).

- Norinori: dominoes placed at random, none touching, each grown into a region by random
  flooding over the white cells.
- Heyawake: rooms cut as rectangles, an answer found by the solver without numbers, every
  room numbered from it, then numbers removed while the puzzle stays unique.
- LITS: regions of 4 to 6 cells grown at random.

Beyond 6x6 a random layout is seldom unique: while two answers differ, a cell where they
differ moves to a neighbouring region (kept when the puzzle still has an answer).
"""

from __future__ import annotations

import random
import sys
from itertools import islice
from pathlib import Path

from puzzlesmith.genres.declared import heyawake, lits, norinori
from puzzlesmith.genres.givens import Givens
from puzzlesmith.genres.regions import grow
from puzzlesmith.genres.solve import count, solutions, solve
from puzzlesmith.genres.textgrid import write_grid

HERE = Path(__file__).parent
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def near(cell, rows, cols):
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < rows and 0 <= c + dc < cols]


def flood(seeds: list[set], rows: int, cols: int, rng: random.Random) -> tuple:
    """Grow the seed regions over the other cells at random; the region grid."""
    owner = {cell: k for k, cells in enumerate(seeds) for cell in cells}
    while len(owner) < rows * cols:
        frontier = [(n, k) for cell, k in owner.items() for n in near(cell, rows, cols)
                    if n not in owner]
        cell, k = rng.choice(frontier)
        owner[cell] = k
    return tuple(tuple(owner[r, c] for c in range(cols)) for r in range(rows))


def norinori_puzzle(rows: int, cols: int, rng: random.Random) -> Givens:
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    taken: set = set()
    dominoes = []
    for cell in cells:
        options = [n for n in near(cell, rows, cols) if not taken
                   & ({cell, n} | set(near(cell, rows, cols)) | set(near(n, rows, cols)))]
        if options:
            pair = {cell, rng.choice(options)}
            dominoes.append(pair)
            taken |= pair
    return Givens(rows, cols, regions=flood(dominoes, rows, cols, rng))


def lits_puzzle(rows: int, cols: int, rng: random.Random) -> Givens:
    return Givens(rows, cols, regions=grow(rows, cols, (4, 6), rng))


def rectangles(rows: int, cols: int, rng: random.Random) -> tuple:
    """Rooms: the grid cut at random into rectangles of at most 12 cells."""
    rooms, todo = [], [(0, 0, rows, cols)]
    while todo:
        r, c, h, w = todo.pop()
        if h * w <= rng.choice((4, 6, 9, 12)) or (h == 1 and w == 1):
            rooms.append((r, c, h, w))
            continue
        if (w > h or h == 1) and w > 1:
            cut = rng.randint(1, w - 1)
            todo += [(r, c, h, cut), (r, c + cut, h, w - cut)]
        else:
            cut = rng.randint(1, h - 1)
            todo += [(r, c, cut, w), (r + cut, c, h - cut, w)]
    owner = {(r + i, c + j): k for k, (r, c, h, w) in enumerate(rooms)
             for i in range(h) for j in range(w)}
    return tuple(tuple(owner[r, c] for c in range(cols)) for r in range(rows))


def heyawake_puzzle(rows: int, cols: int, rng: random.Random) -> Givens | None:
    regions = rectangles(rows, cols, rng)
    empty = Givens(rows, cols, regions=regions)
    shaded = solve(heyawake, empty).solution
    if shaded is None:
        return None
    rooms: dict = {}
    for r in range(rows):
        for c in range(cols):
            rooms.setdefault(regions[r][c], []).append((r, c))
    numbers = {cells[0]: sum(cell in shaded for cell in cells) for cells in rooms.values()}
    if count(heyawake, Givens(rows, cols, numbers, regions=regions), 2).count != 1:
        return None
    for cell in rng.sample(sorted(numbers), len(numbers)):
        fewer = {k: v for k, v in numbers.items() if k != cell}
        if count(heyawake, Givens(rows, cols, fewer, regions=regions), 2).count == 1:
            numbers = fewer
    return Givens(rows, cols, numbers, regions=regions)


def refined(genre, g: Givens, rng: random.Random, steps: int = 300) -> Givens | None:
    """``g`` with cells moved between regions until it is unique, or None."""
    for _ in range(steps):
        found = list(islice(solutions(genre, g), 2))
        if len(found) < 2:
            return g if found else None
        for _ in range(20):
            moved = _moved(g, rng.choice(sorted(found[0] ^ found[1])), rng)
            if moved is not None and next(iter(solutions(genre, moved)), None) is not None:
                g = moved
                break
    return None


def _moved(g: Givens, cell, rng: random.Random) -> Givens | None:
    """``g`` with ``cell`` given to a neighbouring region, if its own stays in one piece."""
    grid = [list(row) for row in g.regions]
    old = grid[cell[0]][cell[1]]
    others = sorted({grid[r][c] for r, c in near(cell, g.rows, g.cols)} - {old})
    if not others:
        return None
    grid[cell[0]][cell[1]] = rng.choice(others)
    rest = [(r, c) for r in range(g.rows) for c in range(g.cols) if grid[r][c] == old]
    seen, todo = {rest[0]} if rest else set(), rest[:1]
    while todo:
        for n in near(todo.pop(), g.rows, g.cols):
            if n not in seen and grid[n[0]][n[1]] == old:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(rest) or len(rest) < 2:
        return None
    return Givens(g.rows, g.cols, g.numbers, regions=tuple(map(tuple, grid)))


MAKERS = {"norinori": (norinori, norinori_puzzle), "heyawake": (heyawake, heyawake_puzzle),
          "lits": (lits, lits_puzzle)}


def make(name: str, rows: int, cols: int, wanted: int, seed: int) -> list[str]:
    genre, maker = MAKERS[name]
    rng, found, tries = random.Random(seed), [], 0
    while len(found) < wanted:
        tries += 1
        g = maker(rows, cols, rng)
        if g is not None and name != "heyawake" and rows * cols > 36:
            g = refined(genre, g, rng)
        if g is not None and count(genre, g, 2).count == 1:
            found.append(f"; generated, seed {seed} try {tries}\n{write_grid(g)}")
    return found


def main(sets: list[str]) -> None:
    if not sets:
        for name in MAKERS:
            (HERE / f"{name}.txt").write_text("\n\n".join(make(name, 6, 6, 5, 1)) + "\n")
    for chosen in sets:
        name, size = chosen.split(":")
        rows, cols = map(int, size.split("x"))
        (HERE / name).mkdir(exist_ok=True)
        (HERE / name / f"{size}.txt").write_text(
            "\n\n".join(make(name, rows, cols, 10, 2)) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
