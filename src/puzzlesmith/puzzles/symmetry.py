"""The eight turns and reflections of a rectangular grid, for the puzzles' store keys
(:meth:`~puzzlesmith.puzzles.protocol.Puzzle.symmetric_texts`).

A :class:`Turn` reverses the order of the rows (``upside``), then each row (``mirror``), then
swaps rows and columns (``transpose``).

>>> [" ".join(map("".join, turn.grid(["ab", "cd"]))) for turn in TURNS]
['ab cd', 'ba dc', 'cd ab', 'dc ba', 'ac bd', 'bd ac', 'ca db', 'db ca']
>>> TURNS[1].sides(0b0011), TURNS[4].sides(0b0011)  # up and left: mirrored, transposed
(9, 3)
>>> renamed(["b.", "ab"], keep=".")
'1,./2,1'
"""

from __future__ import annotations

from collections.abc import Container, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Turn", "TURNS", "renamed", "first_seen"]


@dataclass(frozen=True)
class Turn:
    """One of the eight symmetries of a rectangle."""

    upside: bool
    mirror: bool
    transpose: bool

    def grid(self, rows: Sequence[Sequence[Any]]) -> list[list[Any]]:
        """A grid (a sequence of rows) turned."""
        rows = [list(row[::-1] if self.mirror else row) for row in rows]
        rows = rows[::-1] if self.upside else rows
        return [list(column) for column in zip(*rows, strict=True)] if self.transpose else rows

    def lines(self, row_values: Sequence, column_values: Sequence) -> tuple[Sequence, Sequence]:
        """Values kept per row and per column (a row's star count), turned: (rows, columns)."""
        rows = row_values[::-1] if self.upside else row_values
        columns = column_values[::-1] if self.mirror else column_values
        return (columns, rows) if self.transpose else (rows, columns)

    def cell(self, row: int, column: int, rows: int, columns: int) -> tuple[int, int]:
        """Where the cell (row, column) of a ``rows`` × ``columns`` grid goes."""
        row = rows - 1 - row if self.upside else row
        column = columns - 1 - column if self.mirror else column
        return (column, row) if self.transpose else (row, column)

    def sides(self, mask: int) -> int:
        """A mask of a cell's sides (1 up, 2 left, 4 down, 8 right), turned."""
        up, left, down, right = (mask >> k & 1 for k in range(4))
        if self.upside:
            up, down = down, up
        if self.mirror:
            left, right = right, left
        if self.transpose:
            up, left, down, right = left, up, right, down
        return up | left << 1 | down << 2 | right << 3


#: The eight symmetries, those that keep rows as rows first.
TURNS = tuple(Turn(upside, mirror, transpose) for transpose in (False, True)
              for upside in (False, True) for mirror in (False, True))



def renamed(rows: Sequence[Sequence[Hashable]], keep: Container = ()) -> str:
    """A grid as text, its values (but those in ``keep``) renamed 1, 2, ... in order of first
    appearance: the same text for two relabellings of one grid."""
    names = {value: k for k, value in enumerate(first_seen(rows, keep), 1)}
    return "/".join(",".join(str(names.get(v, v)) for v in row) for row in rows)


def first_seen(rows: Sequence[Sequence[Hashable]], keep: Container = ()) -> list:
    """The values of a grid (but those in ``keep``) in order of first appearance."""
    return list(dict.fromkeys(v for row in rows for v in row if v not in keep))
