"""The puzzle registry: every puzzle is one object with the same surface.

>>> names()
['starbattle', 'net', 'sliding', 'queens']
>>> get("queens").name
'queens'

The surface is described in :mod:`puzzlesmith.puzzles.protocol`.  Puzzle packages are imported
on first use, and none of them imports numba until a verb runs.
"""

from __future__ import annotations

import importlib

from ..errors import UsageError
from .protocol import Option, Puzzle

__all__ = ["get", "names", "Puzzle", "Option"]

#: name -> the module whose ``PUZZLE`` attribute is the puzzle object, in tour order.
REGISTRY = {
    "starbattle": "puzzlesmith.puzzles.starbattle.puzzle",
    "net": "puzzlesmith.puzzles.net.puzzle",
    "sliding": "puzzlesmith.puzzles.sliding.puzzle",
    "queens": "puzzlesmith.puzzles.queens.puzzle",
}


def names() -> list[str]:
    """The registered puzzles' names."""
    return list(REGISTRY)


def get(name: str) -> Puzzle:
    """The puzzle object called ``name``; a clear error for an unknown name."""
    try:
        module = REGISTRY[name]
    except KeyError:
        known = ", ".join(REGISTRY)
        raise UsageError(f"unknown puzzle {name!r}; expected one of {known}") from None
    return importlib.import_module(module).PUZZLE
