"""Star Battle on the web page: the board, the marks of a hint or a check, and the traces
(the exact-cover engine's nodes, or the puzzle's own deductions replayed).  The answer
format is one line per row: '*' a star, 'x' ruled out, '.' unknown; hints and checks name
their cells ``r3c5``."""

from __future__ import annotations

from typing import Any

from ...engines.events import recording
from ...errors import UsageError
from ...results import HintResult
from ..web import EXACT_COVER_KINDS, Steps, cell, outcome, replay, solved
from .board import StarBattle

#: Largest board a trace takes (a trace is for watching, not for solving).
MAX_TRACE_CELLS = 15 * 15


def view(instance: StarBattle) -> dict:
    return {"kind": "starbattle", "rows": instance.rows, "cols": instance.columns,
            "regions": list(instance.grid), "void": ".", "none": " ",
            "row_stars": list(instance.row_stars), "column_stars": list(instance.column_stars),
            "region_stars": dict(instance.region_stars)}


def hint_marks(instance: StarBattle, state: Any, hint: HintResult) -> list:
    return [[*at, kind] for key, kind in (("stars", "star"), ("empties", "dot"), ("wrong", "wrong"))
            for name in hint.details.get(key, ()) if (at := cell(name)) is not None]


def _unit(item) -> str:
    """A model item as the page names it."""
    if item is None:
        return "a free choice"
    kind, *where = item
    if kind in ("row", "column"):
        return f"{kind} {where[0] + 1}"
    return f"region {where[0]}" if kind == "region" else "a 2x2 block"


def exact_cover(board: dict, *, seed, steps, limits, puzzle, instance, **_) -> dict:
    """Each node of the exact-cover engine: the star taken, the first for its unit, or the
    decision undone, and the board after it."""
    rows, cols = board["rows"], board["cols"]
    if rows * cols > MAX_TRACE_CELLS:
        raise UsageError(f"a trace takes boards of at most {MAX_TRACE_CELLS} cells")
    kept = Steps(steps)

    def record(kind: str, event: dict) -> None:
        if not kept.room():
            return
        marks = [["-"] * cols for _ in range(rows)]
        for key, mark in (("taken", "*"), ("excluded", "x")):
            for r, c in event[key]:
                marks[r][c] = mark
        for r, line in enumerate(board["regions"]):
            for c, region in enumerate(line):
                if region == board["void"]:
                    marks[r][c] = "."
        at = event["option"] if kind in ("choose", "undo") else None
        kept.append({"kind": EXACT_COVER_KINDS[kind], "unit": _unit(event["item"]) if at else None,
                     "depth": event["depth"], "cell": list(at) if at else None,
                     "board": "".join(map("".join, marks))})

    with recording(record):
        result = solved(puzzle, instance, kept, limits, seed=seed, kernels="python")
    return outcome(result, kept, solution=[list(at) for at in result.solution]
                   if result.solution else None)


def _apply(lines: list[list[str]], hint: HintResult) -> list[int] | None:
    """Mark the stars and empties ``hint`` decides; the first of its cells."""
    if hint.details.get("rule") in (None, "mistake", "done"):
        return None
    first = None
    for key, mark in (("stars", "*"), ("empties", "x")):
        for name in hint.details.get(key, ()):
            if (at := cell(name)) is not None:
                lines[at[0]][at[1]] = mark
                first = first or at
    return first


deductions = replay(_apply, "board", lambda puzzle, instance: "\n".join(
    "." * len(row) for row in instance.grid))

TRACERS = {"exactcover": exact_cover, "deductions": deductions}
