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


def check(latin: Latin, answer: tuple[int, ...]) -> tuple[list[str], list[str]]:
    """(violations, the cells they are about): blanks, changed givens, repeats."""
    n, problems, wrong = latin.n, [], []
    for i, (given, value) in enumerate(zip(latin.cells, answer, strict=True)):
        if given and value != given:
            problems.append(f"{cell_name(i, n)} is {given} in the puzzle")
            wrong.append(cell_name(i, n))
    for kind, index in (("row", lambda a, b: a * n + b), ("column", lambda a, b: b * n + a)):
        for a in range(n):
            seen: dict[int, int] = {}
            for b in range(n):
                i = index(a, b)
                if answer[i] in seen:
                    problems.append(f"{cell_name(i, n)} repeats {answer[i]} in {kind} {a + 1}")
                    wrong += [cell_name(j, n) for j in (seen[answer[i]], i)
                              if cell_name(j, n) not in wrong]
                elif answer[i]:
                    seen[answer[i]] = i
    blanks = answer.count(0)
    if blanks:
        problems.append(f"{blanks} cell{'s are' if blanks > 1 else ' is'} blank")
    return problems, wrong
