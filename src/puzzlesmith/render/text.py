"""Plain-text drawings of grid boards."""

from __future__ import annotations

__all__ = ["framed_grid"]


def framed_grid(regions: list[str], marks: list[str] | None = None) -> str:
    """Draw a grid with ``+---+`` frames, walls between different regions (the seed's board).

    ``marks`` gives the character shown in each cell (default: blank).

    >>> print(framed_grid(["ab", "bb"], ["* ", " *"]))
    +---+---+
    | * |   |
    +---+   +
    |     * |
    +---+---+
    """
    rows, cols = len(regions), len(regions[0])
    marks = marks or [" " * cols] * rows
    lines = ["+" + "---+" * cols]
    for r in range(rows):
        cells = []
        for c in range(cols):
            wall = c == cols - 1 or regions[r][c] != regions[r][c + 1]
            cells.append(f" {marks[r][c]} {'|' if wall else ' '}")
        lines.append("|" + "".join(cells))
        floor = ["---" if r == rows - 1 or regions[r][c] != regions[r + 1][c] else "   "
                 for c in range(cols)]
        lines.append("+" + "".join(f"{f}+" for f in floor))
    return "\n".join(lines)
