"""``drawn``: the CLI runner with the drawn toy puzzle registered."""

from __future__ import annotations

import pytest

from puzzlesmith import puzzles
from tests.cli.conftest import run_cli


@pytest.fixture
def drawn(monkeypatch):
    monkeypatch.setitem(puzzles.REGISTRY, "drawntoy", "tests.render.toys")
    return run_cli
