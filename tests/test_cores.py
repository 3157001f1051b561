"""One place decides the default parallelism, and it respects CPU pinning."""

from __future__ import annotations

from pathlib import Path

import puzzlesmith
from puzzlesmith import cores
from puzzlesmith.serve.api import Settings

ROOT = Path(__file__).resolve().parents[1]


def test_default_jobs_follows_the_cpu_set(monkeypatch):
    monkeypatch.setattr(cores.os, "sched_getaffinity", lambda pid: {3}, raising=False)
    monkeypatch.setattr(cores.os, "cpu_count", lambda: 64)
    assert cores.default_jobs() == 1
    assert Settings().workers == 1


def test_no_other_module_counts_cores():
    asks = ("cpu_count(", "sched_getaffinity(")
    others = [path for folder in (Path(puzzlesmith.__file__).parent, ROOT / "benchmarks")
              for path in folder.rglob("*.py")
              if path.name != "cores.py" and any(a in path.read_text() for a in asks)]
    assert others == []
