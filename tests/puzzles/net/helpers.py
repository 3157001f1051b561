"""Independent helpers for the Net tests: a brute-force counter and random boards."""

from __future__ import annotations

import csv
import random

from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.net.board import LEFT, UP, Board, rotate, rotations
from puzzlesmith.puzzles.net.generate import spanning_tree

NET = get("net")


def manifest(data_dir) -> dict[str, dict]:
    with open(data_dir / "net" / "manifest.tsv", newline="") as f:
        return {row["name"]: row for row in csv.DictReader(f, delimiter="\t")}


def brute_force_count(board: Board, cap: int = 3) -> int:
    """A plain backtracker over rotations, cell by cell in row order, checking only the
    neighbours already placed; complete grids go through the checker."""
    rows, cols = board.rows, board.cols
    grid = [[0] * cols for _ in range(rows)]
    found = 0

    def fits(i, j, v):
        if j > 0 and bool(v & LEFT) != bool(grid[i][j - 1] & 8):
            return False
        return not (i > 0 and bool(v & UP) != bool(grid[i - 1][j] & 4))

    def place(k):
        nonlocal found
        if found >= cap:
            return
        if k == rows * cols:
            if NET.is_solution(board, tuple(map(tuple, grid))):
                found += 1
            return
        i, j = divmod(k, cols)
        for v in rotations(board.tiles[i][j]):
            if fits(i, j, v):
                grid[i][j] = v
                place(k + 1)

    place(0)
    return found


def random_board(rows: int, cols: int, rng: random.Random, *, wrap: bool = False,
                 connected: bool = False, tree: bool = True) -> Board:
    """A scrambled random spanning tree (``tree``) or random tiles."""
    if tree:
        grid = spanning_tree(rows, cols, wrap=wrap, rng=rng)
        tiles = tuple(tuple(rotate(t, rng.randrange(4)) for t in r) for r in grid)
    else:
        tiles = tuple(tuple(rng.choice([1, 3, 5, 7, 3, 5, 7, 15, 0]) for _ in range(cols))
                      for _ in range(rows))
    return Board(tiles, wrap, connected)
