"""Shared helpers for the N-Queens tests: the puzzle object and a naive second checker."""

from __future__ import annotations

import itertools

import pytest

from puzzlesmith.puzzles import get


@pytest.fixture(scope="session")
def queens():
    return get("queens")


def brute_force_is_solution(rows, givens=()) -> bool:
    """A second, naive checker: no two queens share a row or a diagonal, givens kept."""
    return all(rows[c] == r for c, r in givens) and all(
        ra != rb and abs(ra - rb) != b - a
        for (a, ra), (b, rb) in itertools.combinations(enumerate(rows), 2))


def brute_force_count(n: int, givens=()) -> int:
    """Solutions keeping ``givens``, by trying every permutation (small N only)."""
    return sum(brute_force_is_solution(p, givens) for p in itertools.permutations(range(n)))
