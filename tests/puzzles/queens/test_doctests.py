"""The docstring examples of the metaheuristic engines and of N-Queens run as written
(also run by ``--doctest-modules``; this keeps them in the focused queens test run)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["puzzlesmith.engines.annealing", "puzzlesmith.engines.genetic",
           "puzzlesmith.engines.minconflicts", "puzzlesmith.puzzles.queens",
           "puzzlesmith.puzzles.queens.board", "puzzlesmith.puzzles.queens.check",
           "puzzlesmith.puzzles.queens.solve",
           "puzzlesmith.puzzles.queens.counting", "puzzlesmith.puzzles.queens.generate",
           "puzzlesmith.puzzles.queens.deduce", "puzzlesmith.puzzles.queens.puzzle",
           "puzzlesmith.puzzles.queens.render"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
