"""One drawing of a puzzle, ready to print: its SVG with a title line, as SVG, PNG or PDF.

This is what ``puzzlesmith render PUZZLE FILE --format svg|png|pdf`` writes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..results import Limits, Result, Status
from . import draw, export

if TYPE_CHECKING:  # the drawings are below the puzzles, which call them
    from ..puzzles.protocol import Puzzle

__all__ = ["figure"]


def figure(puzzle: Puzzle, instance: Any, *, fmt: str = "svg", solution: bool = False,
           title: bool = True, rating: str | None = None, seed: int | None = None,
           limits: Limits | None = None, **params: Any) -> Result:
    """Draw ``instance`` (solved first when ``solution``) with a title line (puzzle, size,
    and ``rating`` and ``seed`` when known) in ``fmt`` (``svg``, ``png``, ``pdf``).

    The drawing is ``details["drawing"]``: text for SVG, bytes otherwise.  A puzzle that
    cannot be solved (or gives up at the limit) gives that status and no drawing.
    """
    if fmt not in export.FORMATS:
        export.convert("", fmt)  # the error naming the formats
    result = puzzle.render(instance, solution=solution, style="svg", limits=limits, **params)
    if result.status != Status.SOLVED:
        return result
    svg = result.details["drawing"]
    if title:
        svg = draw.titled(svg, draw.caption(puzzle, instance, rating=rating, seed=seed,
                                            solution=solution))
    if limits is not None:
        limits.check(f"drawing the {fmt.upper()}")
    result.details["drawing"] = export.convert(svg, fmt)
    if fmt != "svg":
        result.details["bytes"] = len(result.details["drawing"])
    return result
