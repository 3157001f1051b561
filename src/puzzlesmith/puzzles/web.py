"""Helpers for the puzzles' web pages: the steps of a solver trace, and cell names.

A tracer (:attr:`Puzzle.tracers <puzzlesmith.puzzles.protocol.Puzzle.tracers>`) runs the
puzzle's own solver while :func:`puzzlesmith.engines.events.recording` is set and keeps the
engine's steps in the page's terms; :func:`puzzlesmith.serve.trace.trace` calls it as
``tracer(board, marks=, seed=, steps=, limits=, puzzle=, instance=, state=)``.

>>> cell("r3c5"), cell("e5")
([2, 4], None)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from ..results import Check, Limits, Result

__all__ = ["Steps", "solved", "outcome", "replay", "cell", "wrong_marks", "EXACT_COVER_KINDS"]

#: The exact-cover engine's events -> the page's step kinds.
EXACT_COVER_KINDS = {"choose": "take", "undo": "fail", "solution": "solution",
                     "exhausted": "fail"}


class Steps(list):
    """The steps kept: at most ``cap``; ``cut`` once one more was offered."""

    def __init__(self, cap: int):
        super().__init__()
        self.cap, self.cut = cap, False

    def room(self) -> bool:
        """True if one more step is kept (else the trace is cut)."""
        self.cut = self.cut or len(self) >= self.cap
        return not self.cut


def solved(puzzle: Any, instance: Any, steps: Steps, limits: Limits, **options) -> Result:
    """``puzzle.solve`` under ``limits`` and at most ``steps.cap`` nodes."""
    nodes = steps.cap if limits.nodes is None else min(steps.cap, limits.nodes)
    return puzzle.solve(instance, limits=dataclasses.replace(limits, nodes=nodes), **options)


def outcome(result: Result, steps: Steps, **more) -> dict:
    """A tracer's answer: the solver's status and nodes, the steps kept, and ``more``."""
    return {"status": result.status.value, "nodes": result.stats.nodes, "steps": steps,
            "truncated": steps.cut or result.status.value == "gave-up", **more}


def replay(apply: Callable, style: str, start: Callable[[Any, Any], str]) -> Callable[..., dict]:
    """A tracer that asks the puzzle for hints from ``start(puzzle, instance)`` (or the player's
    state, in the answer ``style``) and plays each, until the puzzle is solved or no hint
    decides a cell.  ``apply(lines, hint)`` returns the cell the hint decides and changes
    ``lines`` (the state as lines of characters in the answer format), or None."""

    def run(board: dict, *, puzzle, instance, state, steps, limits, **_) -> dict:
        begin = start(puzzle, instance) if state is None else \
            puzzle.format_answer(instance, state, style)
        lines = [list(line) for line in begin.splitlines()]
        trail, nodes, status = [], 0, "gave-up"
        while len(trail) < steps and not limits.expired():
            current = puzzle.parse_answer(instance, "\n".join(map("".join, lines)))
            if puzzle.is_solution(instance, current).ok:
                status = "solved"
                break
            hint = puzzle.hint(instance, current, limits=limits)
            nodes += hint.stats.nodes
            decided = apply(lines, hint) if hint.status == "solved" else None
            if decided is None:
                break
            trail.append({"kind": "rule", "rule": hint.details.get("rule"), "text": hint.text,
                          "cell": decided, "answer": "\n".join(map("".join, lines)),
                          "board": "".join("".join(line) for line in lines)})
        return {"status": status, "nodes": nodes, "steps": trail,
                "truncated": status != "solved"}

    return run


def cell(name: str) -> list[int] | None:
    """A cell named ``r3c5`` as ``[row, column]`` from 0 (None for another name)."""
    match = re.fullmatch(r"r(\d+)c(\d+)", str(name))
    return [int(match[1]) - 1, int(match[2]) - 1] if match else None


def wrong_marks(instance: Any, answer: Any, check: Check) -> list[list[int]]:
    """The cells the checker names in ``check.details["wrong"]``: a puzzle's
    :meth:`~puzzlesmith.puzzles.protocol.Puzzle.violation_marks` when its checker names them."""
    return [at for name in check.details.get("wrong", ()) if (at := cell(name))]
