"""Fixtures for the sliding-tile tests: a private pattern-database cache, exact distances."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.sliding import Board, goal_board, legal_moves, move
from puzzlesmith.results import Status

PUZZLE = get("sliding")


@pytest.fixture(scope="session", autouse=True)
def pdb_cache(tmp_path_factory) -> Path:
    """Pattern databases go to a temporary folder, never the user's cache."""
    path = tmp_path_factory.mktemp("pdb-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PUZZLESMITH_CACHE_DIR", str(path))
        yield path


def exact_distances(goal: Board) -> dict[tuple[int, ...], int]:
    """Breadth-first search from the goal over every reachable board (independent of the solver)."""
    dist = {goal.tiles: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        d = dist[board.tiles] + 1
        for letter in legal_moves(board):
            child = move(board, letter)
            if child.tiles not in dist:
                dist[child.tiles] = d
                queue.append(child)
    return dist


@pytest.fixture(scope="session")
def distances_3x3() -> dict[tuple[int, ...], int]:
    return exact_distances(goal_board(3, 3))


@pytest.fixture(scope="session")
def distances_2x4() -> dict[tuple[int, ...], int]:
    return exact_distances(goal_board(2, 4))


def read_instances(path: Path) -> list[tuple[str, int | None]]:
    """``(tiles, known optimal length or None)`` per data line."""
    out = []
    for line in path.read_text().splitlines():
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        n = len(words)
        if int(n ** 0.5) ** 2 == n:
            out.append((" ".join(words), None))
        else:
            out.append((" ".join(words[:-1]), int(words[-1])))
    return out


def solved_length(result, task) -> int:
    """The independent checker on a solve result: solved, and the answer reaches the goal."""
    assert result.status is Status.SOLVED, result.details.get("reason")
    check = PUZZLE.is_solution(task, result.solution)
    assert check.ok, check.violations
    assert result.details["length"] == len(result.solution)
    return len(result.solution)
