"""The independent checker: what a filled grid gets wrong, in words (it shares nothing with
the solver's model but the board).

>>> from .board import parse
>>> board = parse("sudoku 2x2\\n1...\\n..1.\\n.1..\\n...1\\n")
>>> violations(board, (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1))
[]
>>> violations(board, (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 1, 2))
['r4c4 is 2, the puzzle gives 1', 'column 3 has 1 more than once', 'column 4 has 2 more than once']
>>> wrong_cells(board, (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 1, 2))
[6, 7, 14, 15]
"""

from __future__ import annotations

from .board import Sudoku, cell_name, symbol

__all__ = ["violations", "wrong_cells"]


def violations(board: Sudoku, answer) -> list[str]:
    """Every rule ``answer`` (n*n values, row by row) breaks, the empty cells last (so that a
    partly filled grid's first violations are its mistakes); empty when it is a solution."""
    n = board.size
    answer = tuple(answer)
    if len(answer) != n * n:
        return [f"the answer has {len(answer)} cells, expected {n * n}"]
    wrong = [f"{cell_name(i, n)} holds {v}, out of range 1 to {n}"
              for i, v in enumerate(answer) if not 0 <= v <= n]
    wrong += [f"{cell_name(i, n)} is {symbol(answer[i])}, the puzzle gives {symbol(g)}"
              for i, g in enumerate(board.givens) if g and answer[i] and answer[i] != g]
    for name, cells in _units(board):
        seen = [answer[i] for i in cells if answer[i]]
        twice = sorted({v for v in seen if seen.count(v) > 1})
        if twice:
            wrong.append(f"{name} has {', '.join(symbol(v) for v in twice)} more than once")
    return wrong + [f"{cell_name(i, n)} is empty" for i, v in enumerate(answer) if not v]


def wrong_cells(board: Sudoku, answer) -> list[int]:
    """The filled cells that break a rule (out of range, not the given, or a value twice in
    a unit), in order: the cells a check marks on a partly filled grid."""
    n = board.size
    answer = tuple(answer)
    if len(answer) != n * n:
        return []
    wrong = {i for i, v in enumerate(answer) if v and (not 0 < v <= n or
                                                       board.givens[i] not in (0, v))}
    for _, cells in _units(board):
        for i in cells:
            if answer[i] and sum(answer[j] == answer[i] for j in cells) > 1:
                wrong.add(i)
    return sorted(wrong)


def _units(board: Sudoku):
    """The units, computed here from the board's side, regions and diagonals."""
    n = board.size
    for r in range(n):
        yield f"row {r + 1}", [r * n + c for c in range(n)]
    for c in range(n):
        yield f"column {c + 1}", [r * n + c for r in range(n)]
    for k in sorted(set(board.regions)):
        yield f"region {k + 1}", [i for i in range(n * n) if board.regions[i] == k]
    if board.diagonals:
        yield "diagonal", [k * (n + 1) for k in range(n)]
        yield "anti-diagonal", [(k + 1) * (n - 1) for k in range(n)]
