"""Solver traces for "watch the solver": the steps a search takes, recorded for replay.

The engines do not report their steps yet, so each trace here is built around an engine
without changing it: a problem object that records what the engine asks of it.
"""

from __future__ import annotations

from typing import Any

from ..puzzles.protocol import Puzzle
from ..results import Limits

__all__ = ["trace", "TRACERS"]

#: puzzle name -> {method name: tracer}; the first method is the default.
TRACERS: dict[str, dict] = {}


def trace(puzzle: Puzzle, instance: Any, *, state: Any = None, method: str | None = None,
          seed: int | None = None, steps: int = 3000, limits: Limits | None = None) -> dict:
    """Trace ``method`` (default: the puzzle's first) on ``instance``: a JSON object with the
    steps, the outcome and the statistics."""
    from .api import BadRequest

    methods = TRACERS[puzzle.name]
    method = method or next(iter(methods))
    if method not in methods:
        raise BadRequest(f"unknown trace method {method!r}; expected one of "
                         f"{', '.join(methods)}")
    return methods[method](puzzle, instance, state=state, seed=seed, steps=steps,
                           limits=limits or Limits())
