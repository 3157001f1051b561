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
from .board import NO_REGION, VOID, StarBattle

#: Largest board a trace takes (a trace is for watching, not for solving).
MAX_TRACE_CELLS = 15 * 15


HELP = ("Place stars so that every row, column and region has its number of them and no two "
        "stars touch, not even diagonally. Click: star, dot, empty; right-click: the other way.")


def view(instance: StarBattle) -> dict:
    """A grid of tinted regions; the voids stay empty (grey); stars and dots to place."""
    voids = [(r, c) for r, line in enumerate(instance.grid) for c, ch in enumerate(line)
             if ch == VOID]
    return {"kind": "grid", "rows": instance.rows, "cols": instance.columns, "tint": True,
            "regions": [[None if ch in (VOID, NO_REGION) else ch for ch in line]
                        for line in instance.grid],
            "givens": [[r, c, ""] for r, c in voids],
            "fills": [[r, c, "#9aa3b0"] for r, c in voids],
            "marks": ["star", "dot"], "answer": {"empty": ".", "star": "*", "dot": "x"},
            "goal": {"mark": "star", "count": sum(instance.row_stars), "noun": "stars"},
            "apart": {"mark": "star", "diagonal": True},
            "help": HELP}


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


def _said(kind: str, event: dict) -> str:
    """An exact-cover node in words."""
    at = event["option"] if kind in ("choose", "undo") else None
    where = f"r{at[0] + 1}c{at[1] + 1}" if at else ""
    unit = _unit(event["item"])
    return f"depth {event['depth']}: " + {
        "choose": f"a star at {where}, the first for {unit}; propagated",
        "undo": f"a star at {where} for {unit} breaks a rule: undone",
        "exhausted": f"no star left for {unit}: back up",
        "solution": "every unit has its stars: a solution"}[kind]


def exact_cover(board: dict, *, seed, steps, limits, puzzle, instance, **_) -> dict:
    """Each node of the exact-cover engine: the star taken, the first for its unit, or the
    decision undone, in words, and the marks after it (the answer text)."""
    rows, cols = board["rows"], board["cols"]
    if rows * cols > MAX_TRACE_CELLS:
        raise UsageError(f"a trace takes boards of at most {MAX_TRACE_CELLS} cells")
    kept = Steps(steps)

    def record(kind: str, event: dict) -> None:
        if not kept.room():
            return
        marks = [["."] * cols for _ in range(rows)]
        for key, mark in (("taken", "*"), ("excluded", "x")):
            for r, c in event[key]:
                marks[r][c] = mark
        at = event["option"] if kind in ("choose", "undo") else None
        kept.append({"kind": EXACT_COVER_KINDS[kind], "depth": event["depth"],
                     "cell": list(at) if at else None, "text": _said(kind, event),
                     "answer": "\n".join(map("".join, marks))})

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
