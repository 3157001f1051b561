"""The instance, its text format (one row a line: digits 1..n, ``.`` for a blank) and the
independent checker, which shares no code with the solver.

>>> latin = parse("1.\\n..\\n")
>>> latin.n, latin.cells
(2, (1, 0, 0, 0))
>>> check(latin, (1, 2, 2, 2))
(['r2c2 repeats 2 in row 2', 'r2c2 repeats 2 in column 2'], ['r2c1', 'r2c2', 'r1c2'])
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlesmith.errors import InvalidPuzzle

MIN_SIDE, MAX_SIDE = 2, 9


@dataclass(frozen=True)
class Latin:
    """An n×n grid; ``cells`` row by row, 0 for a blank."""

    n: int
    cells: tuple[int, ...]


def cell_name(i: int, n: int) -> str:
    """Cell ``i`` as players write it: ``r3c4``."""
    return f"r{i // n + 1}c{i % n + 1}"


def parse(text: str) -> Latin:
    """A grid of digits 1..n and ``.``, one row a line (n: the number of rows)."""
    rows = [(k, line.strip()) for k, line in enumerate(text.splitlines(), 1) if line.strip()]
    n = len(rows)
    if not MIN_SIDE <= n <= MAX_SIDE:
        raise InvalidPuzzle(f"a grid has {MIN_SIDE} to {MAX_SIDE} rows, got {n}")
    cells = []
    for line, row in rows:
        if len(row) != n:
            raise InvalidPuzzle(f"the row has {len(row)} cells, expected {n}", line=line)
        for column, ch in enumerate(row, 1):
            if ch != "." and not ("1" <= ch <= str(n)):
                raise InvalidPuzzle(f"{ch!r} is not a digit from 1 to {n} or '.'",
                                    line=line, column=column)
            cells.append(0 if ch == "." else int(ch))
    return Latin(n, tuple(cells))


def format(latin: Latin) -> str:
    """The grid as text, ``parse``'s format."""
    n = latin.n
    return "".join("".join(str(v or ".") for v in latin.cells[r * n:r * n + n]) + "\n"
                   for r in range(n))


def units(n: int) -> list[tuple[str, range]]:
    """Each row and column, by name (``row 2``), with its cells."""
    return ([(f"row {r + 1}", range(r * n, r * n + n)) for r in range(n)]
            + [(f"column {c + 1}", range(c, n * n, n)) for c in range(n)])


def check(latin: Latin, answer: tuple[int, ...]) -> tuple[list[str], list[str]]:
    """(violations, the cells they are about): changed givens, repeats, blanks."""
    n, problems, wrong = latin.n, [], {}
    for i, given in enumerate(latin.cells):
        if given and answer[i] != given:
            problems.append(f"{cell_name(i, n)} is {given} in the puzzle")
            wrong[i] = None
    for unit, members in units(n):
        seen: dict[int, int] = {}
        for i in members:
            if answer[i] in seen:
                problems.append(f"{cell_name(i, n)} repeats {answer[i]} in {unit}")
                wrong.update(dict.fromkeys((seen[answer[i]], i)))
            elif answer[i]:
                seen[answer[i]] = i
    if blanks := answer.count(0):
        problems.append(f"{blanks} cell{'s are' if blanks > 1 else ' is'} blank")
    return problems, [cell_name(i, n) for i in wrong]
