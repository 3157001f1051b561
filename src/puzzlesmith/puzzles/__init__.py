"""The puzzle registry: every puzzle is one object with the same surface.

>>> names()
['starbattle', 'net', 'sliding', 'queens']
>>> get("queens").name
'queens'

The surface is described in :mod:`puzzlesmith.puzzles.protocol`.  More puzzles (a module
whose ``PUZZLE`` is a :class:`Puzzle`) can be registered in code, ``REGISTRY[name] = module``,
or for the command line with ``PUZZLESMITH_PUZZLES="name=module,..."``.  Puzzle packages are
imported on first use, and none of them imports numba until a verb runs.
"""

from __future__ import annotations

import importlib
import os

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


def _plugins(spec: str) -> dict[str, str]:
    """``name=module,name=module`` from ``$PUZZLESMITH_PUZZLES``: more puzzles to register."""
    pairs = (item.partition("=") for item in spec.split(",") if item.strip())
    return {name.strip(): module.strip() for name, _, module in pairs if module.strip()}


REGISTRY.update(_plugins(os.environ.get("PUZZLESMITH_PUZZLES", "")))


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
