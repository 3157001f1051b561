"""Sudoku on the web page: the board, the marks of a hint or a check, and the exact-cover
trace.  The answer format is the grid of symbols, one row a line ('.' blank; 10 and up are
A, B, ...); hints and checks name their cells ``r3c5``."""

from __future__ import annotations

from typing import Any

from ...engines.events import recording
from ...errors import UsageError
from ...results import HintResult
from ..web import EXACT_COVER_KINDS, Steps, cell, outcome, solved
from .board import Sudoku, format_answer, symbol

#: Largest side a trace takes (a trace is for watching, not for solving).
MAX_TRACE_SIZE = 16
#: The exact-cover engine's events in words.
TEXTS = {"choose": "try {symbol} at {where}",
         "undo": "{symbol} at {where} leads to a dead end: undone",
         "solution": "solved", "exhausted": "no solution"}


HELP = ("Fill the grid so that every row, column and region (thick lines) holds each value "
        "once, and each shaded diagonal too when there are diagonals. Click a cell and type "
        "a value (or use the keys below); Shift+value or the pencil key: a pencil mark; "
        "Backspace: clear; arrow keys: move.")


def view(instance: Sudoku) -> dict:
    """A grid of regions with a keypad; the diagonals shaded when they are units."""
    n = instance.size
    diagonals = [(r, c) for r in range(n) for c in range(n) if r in (c, n - 1 - c)]
    return {"kind": "grid", "rows": n, "cols": n, "keypad": True, "help": HELP,
            "regions": [list(instance.regions[r * n:r * n + n]) for r in range(n)],
            "givens": [[*divmod(i, n), symbol(v)] for i, v in enumerate(instance.givens) if v],
            "fills": [[r, c, "#ece8dc"] for r, c in diagonals] if instance.diagonals else [],
            "marks": ["number", "pencil"], "answer": {"empty": "."},
            "symbols": "".join(symbol(v) for v in range(1, n + 1)),
            "goal": {"mark": "number", "count": n * n, "noun": "cells"}}


def hint_marks(instance: Sudoku, state: Any, hint: HintResult) -> list:
    """``[row, column, "wrong"]`` for a mistaken entry, ``"number"`` for a value placed,
    ``"unnote"`` for a candidate ruled out."""
    wrong = [[*at, "wrong"] for name in hint.details.get("wrong", ()) if (at := cell(name))]
    return wrong + [[*at, kind, symbol(value)]
                    for key, kind in (("placed", "number"), ("removed", "unnote"))
                    for name, value in hint.details.get(key, ()) if (at := cell(name))]


def exact_cover(board: dict, *, steps, limits, puzzle, instance, **_) -> dict:
    """Each node of the exact-cover engine: the digit taken, the first for its unit, or the
    decision undone, and the board after it."""
    size = board["rows"]
    if size > MAX_TRACE_SIZE:
        raise UsageError(f"a trace takes boards of at most {MAX_TRACE_SIZE}x{MAX_TRACE_SIZE}")
    kept = Steps(steps)

    def record(kind: str, event: dict) -> None:
        if not kept.room():
            return
        digits = list(instance.givens)
        for at, value in event["taken"]:
            digits[at] = value
        option = event["option"] if kind in ("choose", "undo") else None
        at = list(divmod(option[0], size)) if option else None
        text = TEXTS[kind].format(symbol=symbol(option[1]) if option else "",
                                  where=f"r{at[0] + 1}c{at[1] + 1}" if at else "")
        kept.append({"kind": EXACT_COVER_KINDS[kind], "depth": event["depth"], "cell": at,
                     "value": option[1] if option else None, "text": text,
                     "answer": format_answer(instance, tuple(digits))})

    with recording(record):
        result = solved(puzzle, instance, kept, limits, kernels="python")
    return outcome(result, kept, solution=None if result.solution is None else
                   format_answer(instance, result.solution))


TRACERS = {"exactcover": exact_cover}
