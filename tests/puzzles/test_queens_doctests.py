"""The docstring examples of the metaheuristic engines and of N-Queens run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["puzzlesmith.engines.annealing", "puzzlesmith.engines.genetic",
           "puzzlesmith.engines.minconflicts", "puzzlesmith.puzzles.queens"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
