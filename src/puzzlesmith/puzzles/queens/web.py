"""N-Queens on the web page: the board, the marks of a hint or a check, and the min-conflicts
trace.  Rows and columns count from 0; givens are (column, row); an answer is the row of
each column's queen (None: no queen)."""

from __future__ import annotations

from typing import Any

from ...engines.events import recording
from ...errors import UsageError
from ...results import Check, HintResult
from ..web import Steps, outcome, solved
from .board import Board
from .check import attacked

#: Largest board a trace takes (a trace is for watching, not for solving).
MAX_TRACE = 64
#: Largest board whose attacked queens a check marks.
MAX_MARKED = 1000


def view(instance: Board) -> dict:
    return {"kind": "queens", "n": int(instance.n),
            "givens": [[int(c), int(r)] for c, r in instance.givens]}


def hint_marks(instance: Board, state: Any, hint: HintResult) -> list | None:
    move = hint.details.get("move")
    if not isinstance(move, dict) or "row" not in move:
        return None
    marks = [[move["row"], move["column"]]]
    if move.get("from_row") is not None:
        marks.append([move["from_row"], move["column"]])
    return marks


def violation_marks(instance: Board, answer: Any, check: Check) -> list | None:
    return attacked(instance, answer) if instance.n <= MAX_MARKED else None


def answer_marks(instance: Board, answer: Any) -> dict:
    return {"queens": [[r, c] for c, r in enumerate(answer) if r is not None]}


def min_conflicts(board: dict, *, marks, seed, steps, limits, puzzle, instance, **_) -> dict:
    """Each queen the solver places (``"from": null``) or moves in its column (a repair, or
    a restart), from the given queens and the player's, with the attacked queens after it."""
    n = board["n"]
    if n > MAX_TRACE:
        raise UsageError(f"a trace takes at most {MAX_TRACE} queens, not {n}")
    start: list[int | None] = [None] * n
    for c, r in board.get("givens", []):
        start[c] = r
    for r, c in (marks or {}).get("queens", []):
        start[c] = r
    kept, shown = Steps(steps), list(start)

    def attacked_now(problem) -> int:
        return sum(problem.conflicts(c, problem.value(c)) > 0 for c in range(n))

    def record(kind: str, event: dict) -> None:
        problem = event["problem"]
        if kind == "repair":
            moves = [(event["var"], event["old"], event["new"])]
        else:  # a start: every queen placed (from None) or moved
            moves = [(c, shown[c], problem.value(c)) for c in range(n)
                     if shown[c] != problem.value(c)]
        for c, old, new in moves:
            shown[c] = new
            if kept.room():
                kept.append({"col": c, "from": old, "to": new,
                             "attacked": attacked_now(problem)})

    with recording(record):
        result = solved(puzzle, instance, kept, limits, method="minconflicts", seed=seed,
                        start=start if marks else None)
    return outcome(result, kept, start=start)


TRACERS = {"minconflicts": min_conflicts}
