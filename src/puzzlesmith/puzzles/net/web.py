"""Net on the web page: the board, the marks of a hint or a check, and the puzzle's own
deductions replayed as a trace.  Tiles are hex digits (1 up, 2 left, 4 down, 8 right);
``barriers``: per tile, the mask of its sides closed by a barrier."""

from __future__ import annotations

from typing import Any

from ...results import HintResult
from ..web import replay
from .board import Board


def view(instance: Board) -> dict:
    tiles = [[int(v) for v in row] for row in instance.tiles]
    closed = instance.barriers or [[0] * len(tiles[0]) for _ in tiles]
    return {"kind": "net", "rows": len(tiles), "cols": len(tiles[0]), "tiles": tiles,
            "wrap": bool(instance.wrap), "connected": bool(instance.connected),
            "barriers": [[int(v) for v in row] for row in closed]}


def _decided(hint: HintResult) -> tuple[int, int, str] | None:
    """(row, column, tile as a hex digit) of the tile ``hint`` turns, from 0."""
    details = hint.details
    if not {"row", "column", "tile"} <= set(details):
        return None
    return int(details["row"]) - 1, int(details["column"]) - 1, str(details["tile"])


def hint_marks(instance: Board, state: Any, hint: HintResult) -> list | None:
    if (decided := _decided(hint)) is None:
        return None
    r, c, tile = decided
    return [[r, c, int(tile, 16)]]


def _apply(lines: list[list[str]], hint: HintResult) -> list[int] | None:
    """Turn the tile ``hint`` decides; its cell."""
    if (decided := _decided(hint)) is None:
        return None
    r, c, tile = decided
    lines[r][c] = tile
    return [r, c]


deductions = replay(_apply, "grid", lambda puzzle, instance: puzzle.format(instance, "grid"))

TRACERS = {"deductions": deductions}
