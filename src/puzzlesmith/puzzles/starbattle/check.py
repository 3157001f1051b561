"""Star Battle's independent checker: does a star placement break a rule, and which?

Checked directly on the grid, with nothing shared with the solvers but the board.

>>> puzzle = StarBattle(("ab", "cd"), (1, 1), (1, 1), {"a": 1, "b": 0, "c": 0, "d": 1})
>>> violations(puzzle, [(0, 0), (1, 1)])
['stars at r1c1 and r2c2 touch']
>>> violations(puzzle, [(0, 0)])
['row 2 has 0 stars, needs 1', 'column 2 has 0 stars, needs 1', "region 'd' has 0 stars, needs 1"]
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import VOID, Cell, Marks, StarBattle, cell_name, stars_of

__all__ = ["violations"]


def violations(puzzle: StarBattle, stars: Marks | Iterable[Cell]) -> list[str]:
    """Every rule the star placement breaks, in words; empty when it is a solution.

    Checked directly on the grid, independently of any solver.
    """
    listed = stars_of(stars)
    problems = []
    cells = set(listed)
    if len(cells) != len(listed):
        problems.append("a cell is listed twice")
    inside = {(r, c) for r, c in cells if 0 <= r < puzzle.rows and 0 <= c < puzzle.columns}
    for cell in sorted(cells - inside):
        problems.append(f"star at {cell} is off the board")
    for r, c in sorted(inside):
        if puzzle.grid[r][c] == VOID:
            problems.append(f"star on the empty cell {cell_name((r, c))}")
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            if (r + dr, c + dc) in inside:
                problems.append(f"stars at {cell_name((r, c))} and "
                                f"{cell_name((r + dr, c + dc))} touch")
    for r, want in enumerate(puzzle.row_stars):
        got = sum(1 for s in inside if s[0] == r)
        if got != want:
            problems.append(f"row {r + 1} has {got} stars, needs {want}")
    for c, want in enumerate(puzzle.column_stars):
        got = sum(1 for s in inside if s[1] == c)
        if got != want:
            problems.append(f"column {c + 1} has {got} stars, needs {want}")
    for region, want in puzzle.region_stars.items():
        got = sum(1 for r, c in inside if puzzle.grid[r][c] == region)
        if got != want:
            problems.append(f"region {region!r} has {got} stars, needs {want}")
    return problems
