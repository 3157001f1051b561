"""Region grids of the generator: cells numbered by region, grown, merged, handed over.

A grid is a list of rows of region numbers (-1: in no region yet); :func:`as_puzzle` names
the regions by :data:`REGION_NAMES`.
"""

from __future__ import annotations

import random

from .board import Cell, StarBattle

REGION_NAMES = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def neighbours(cell: Cell, rows: int, columns: int):
    r, c = cell
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < rows and 0 <= c + dc < columns:
            yield r + dr, c + dc


def connected(cells: list[Cell], rows: int, columns: int) -> bool:
    todo, seen = [cells[0]], {cells[0]}
    members = set(cells)
    while todo:
        cell = todo.pop()
        for nb in neighbours(cell, rows, columns):
            if nb in members and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(members)


def as_puzzle(grid: list[list[int]], stars: int) -> StarBattle:
    rows, columns = len(grid), len(grid[0])
    text = tuple("".join(REGION_NAMES[g] for g in row) for row in grid)
    names = list(dict.fromkeys(ch for row in text for ch in row))
    return StarBattle(text, (stars,) * rows, (rows * stars // columns,) * columns,
                      dict.fromkeys(names, stars))


def handovers(grid: list[list[int]], cell: Cell) -> list[int]:
    """Neighbouring regions that may take ``cell`` with its own region staying connected."""
    rows, columns = len(grid), len(grid[0])
    r, c = cell
    mine = grid[r][c]
    others = sorted({grid[nr][nc] for nr, nc in neighbours(cell, rows, columns)} - {mine})
    if not others:
        return []
    rest = [(rr, cc) for rr in range(rows) for cc in range(columns)
            if grid[rr][cc] == mine and (rr, cc) != cell]
    if not rest or not connected(rest, rows, columns):
        return []
    return others


def hand_over(grid: list[list[int]], cell: Cell, rng: random.Random) -> bool:
    """Give ``cell`` to a neighbouring region if its own region stays connected."""
    regions = handovers(grid, cell)
    if regions:
        grid[cell[0]][cell[1]] = rng.choice(regions)
    return bool(regions)


def grow_regions(rows: int, columns: int, stars: int, planted: list[Cell],
                 rng: random.Random) -> list[list[int]] | None:
    """Regions of ``stars`` stars each: a flood from every star, then merges.  None if stuck."""
    owner = [[-1] * columns for _ in range(rows)]
    frontier = []
    for n, (r, c) in enumerate(planted):
        owner[r][c] = n
        frontier.append((r, c))
    while frontier:  # random flood fill: one-star regions
        k = rng.randrange(len(frontier))
        cell = frontier[k]
        free = [nb for nb in neighbours(cell, rows, columns) if owner[nb[0]][nb[1]] < 0]
        if not free:
            frontier[k] = frontier[-1]
            frontier.pop()
            continue
        r, c = rng.choice(free)
        owner[r][c] = owner[cell[0]][cell[1]]
        frontier.append((r, c))
    if stars == 1:
        return owner
    group = _merge(rows, columns, stars, len(planted), owner, rng)
    if group is None:
        return None
    return [[group[owner[r][c]] for c in range(columns)] for r in range(rows)]


def _merge(rows: int, columns: int, stars: int, count_: int, owner: list[list[int]],
           rng: random.Random) -> list[int] | None:
    """Join adjacent one-star regions into groups of ``stars``; the region -> group map."""
    adjacent: list[set[int]] = [set() for _ in range(count_)]
    for r in range(rows):
        for c in range(columns):
            for nr, nc in neighbours((r, c), rows, columns):
                if owner[nr][nc] != owner[r][c]:
                    adjacent[owner[r][c]].add(owner[nr][nc])
    for _ in range(20):  # bounded retries of the greedy merge
        group = list(range(count_))
        members = {g: {g} for g in range(count_)}
        while True:
            open_groups = [g for g in members if len(members[g]) < stars]
            if not open_groups:
                return [sorted(members).index(group[g]) for g in range(count_)]

            def partners(g, mem=members, grp=group):
                near = {grp[x] for m in mem[g] for x in adjacent[m]} - {g}
                return [h for h in near if len(mem[h]) + len(mem[g]) <= stars]

            choices = [(len(partners(g)), rng.random(), g) for g in open_groups]
            _, _, g = min(choices)
            options = partners(g)
            if not options:
                break
            h = min(options, key=lambda x: (len(partners(x)), rng.random()))
            for m in members[h]:
                group[m] = g
            members[g] |= members.pop(h)
    return None
