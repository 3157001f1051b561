"""Shared fixtures: the instances with known answers in tests/data (see its README)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

DATA = Path(__file__).resolve().parent / "data"


#: Hypothesis checks no wall time either: no per-example deadline (200 ms by default) and no
#: "too slow" health check, both of which a busy machine trips.  A test's own ``@settings``
#: start from this profile.
settings.register_profile("puzzlesmith", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("puzzlesmith")


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """The folder ``tests/data``: published puzzles and tables with known answers, copied into
    the repository so that every clone runs every test (a missing file fails its test)."""
    assert DATA.is_dir(), f"test data not found at {DATA}"
    return DATA


@pytest.fixture(scope="session", autouse=True)
def private_table_cache(tmp_path_factory) -> Path:
    """Pattern databases built by any test go to a temporary folder, never the user's cache."""
    path = tmp_path_factory.mktemp("table-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PUZZLESMITH_CACHE_DIR", str(path))
        yield path


@pytest.fixture(scope="session", autouse=True)
def no_progress_lines():
    """No progress lines on stderr (every 5 s off a terminal): a slow machine must not add
    lines to what a test reads.  A test that wants them sets ``PUZZLESMITH_PROGRESS``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PUZZLESMITH_PROGRESS", "0")
        yield


@pytest.fixture(autouse=True)
def one_shot_process():
    """``kernels="auto"`` decided as in a fresh command (by the model and the node count),
    whatever earlier tests loaded or declared; a test of another kind of process sets it."""
    from puzzlesmith.engines import kernels

    kernels.set_process("one-shot")
    yield
    kernels.set_process("one-shot")
