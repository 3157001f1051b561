"""Net's store key: the board turned and mirrored, each tile as its shape.

A Net puzzle is the shape of every tile, however it is turned at the start; every shape
(end, straight, corner, T, cross) is its own mirror image.

>>> corner_straight, turned = Board(((3, 5),)), Board(((6,), (10,)))
>>> min(normal_forms(corner_straight)) == min(normal_forms(turned))
True
>>> min(normal_forms(corner_straight)) == min(normal_forms(Board(((3, 3),))))
False
"""

from __future__ import annotations

from ..symmetry import TURNS
from .board import Board, rotations

__all__ = ["normal_forms"]


def normal_forms(board: Board) -> list[str]:
    """One text per turn and reflection of ``board``: its rules, the least turn of every
    tile, and the sides its barriers close."""
    shapes = [[min(rotations(v)) for v in row] for row in board.tiles]
    rules = f"wrap={board.wrap} connected={board.connected}"
    return [f"{rules}|{_hex(turn.grid(shapes))}|"
            + _hex([[turn.sides(v) for v in row] for row in turn.grid(board.barriers)])
            for turn in TURNS]


def _hex(grid: list[list[int]]) -> str:
    return "/".join("".join(f"{v:x}" for v in row) for row in grid)
