"""Solver traces for "watch the solver": the steps a solver takes, recorded for replay.

A trace runs one of the puzzle's tracers (:attr:`~puzzlesmith.puzzles.protocol.Puzzle.tracers`,
see :mod:`puzzlesmith.puzzles.web`): the puzzle's own solver with the engines' step events
recorded, so that it ends where ``solve`` ends, or its own hints played one by one.  A trace
keeps at most ``steps`` steps; one cut short says ``"truncated": true``.
"""

from __future__ import annotations

import time
from typing import Any

from ..puzzles.protocol import Puzzle
from ..results import Limits
from .errors import BadRequest

__all__ = ["trace"]


def trace(puzzle: Puzzle, instance: Any, *, state: Any = None, method: str | None = None,
          seed: int | None = None, steps: int = 3000, limits: Limits | None = None) -> dict:
    """Trace ``method`` (default: the puzzle's first) on ``instance``: a JSON object with
    ``steps``, the outcome (``status``) and the statistics (``seconds``, ``nodes``)."""
    methods = puzzle.tracers
    method = method or next(iter(methods))
    if method not in methods:
        raise BadRequest(f"unknown trace method {method!r}; expected one of "
                         f"{', '.join(methods)}")
    board = puzzle.web_view(instance)
    marks = None if state is None else puzzle.answer_marks(instance, state)
    began = time.monotonic()
    body = methods[method](board, marks=marks, seed=seed, steps=steps,
                           limits=limits or Limits(), puzzle=puzzle, instance=instance,
                           state=state)
    head = {"puzzle": puzzle.name, "status": body.pop("status"),
            "seconds": round(time.monotonic() - began, 6), "nodes": body.pop("nodes")}
    return {**head, "method": method, "board": board, **body}
