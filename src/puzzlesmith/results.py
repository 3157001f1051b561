"""Statuses and statistics shared by every engine and puzzle."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import StrEnum

__all__ = ["Status", "Stats", "Limits", "EXIT_CODES"]


class Status(StrEnum):
    """How a search ended.  The values are the JSON ``"status"`` strings."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    GAVE_UP = "gave-up"


#: The CLI contract: one exit code per status (2 is reserved for bad input or usage).
EXIT_CODES = {Status.SOLVED: 0, Status.UNSOLVABLE: 1, Status.GAVE_UP: 3}


@dataclass
class Stats:
    """Statistics of one run: search nodes, wall-clock seconds, and engine-specific extras."""

    nodes: int = 0
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"nodes": self.nodes, "seconds": round(self.seconds, 6), **self.extra}


@dataclass(frozen=True)
class Limits:
    """Budgets that stop a search with status ``GAVE_UP`` (``None`` = unlimited)."""

    nodes: int | None = None
    seconds: float | None = None

    def deadline(self) -> float | None:
        """The ``time.monotonic()`` instant at which to give up, if any."""
        return None if self.seconds is None else time.monotonic() + self.seconds
