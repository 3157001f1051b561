"""Shared fixtures: the instances in ../shared/data (skipped cleanly when absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The folder ``../shared/data`` beside the checkout."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data not found at {SHARED_DATA}")
    return SHARED_DATA


@pytest.fixture(scope="session", autouse=True)
def private_table_cache(tmp_path_factory) -> Path:
    """Pattern databases built by any test go to a temporary folder, never the user's cache."""
    path = tmp_path_factory.mktemp("table-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PUZZLESMITH_CACHE_DIR", str(path))
        yield path
