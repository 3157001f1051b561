"""Solving N-Queens through the puzzle object: every answer goes through ``is_solution``."""

from __future__ import annotations

import pytest

from puzzlesmith.engines import driver
from puzzlesmith.errors import InvalidPuzzle, UsageError
from puzzlesmith.puzzles.queens.board import Board, construct
from puzzlesmith.puzzles.queens.solve import CAPS, METHODS
from puzzlesmith.results import Limits, Stats, Status

from .conftest import brute_force_is_solution

SIZES = {"construct": [1, 4, 5, 6, 7, 8, 9, 14, 15, 20, 99, 100, 1000],
         "backtrack": [1, 4, 5, 6, 8, 12, 20],
         "minconflicts": [1, 4, 5, 6, 8, 12, 32, 99, 100, 1000],
         "annealing": [1, 4, 5, 8, 12, 32, 100],
         "genetic": [1, 4, 5, 8, 16, 32]}


def solved(queens, board, result):
    """The result is solved, its answer checked by both checkers."""
    assert result.status is Status.SOLVED, result
    assert queens.is_solution(board, result.solution).ok
    assert brute_force_is_solution(result.solution[:200], [g for g in board.givens
                                                           if g[0] < 200])
    assert result.details["rows"] == result.solution
    return result.solution


@pytest.mark.parametrize(("method", "n"), [(m, n) for m in METHODS for n in SIZES[m]])
def test_every_method_places_queens(queens, method, n):
    board = Board(n)
    result = queens.solve(board, method=method, seed=1)
    rows = solved(queens, board, result)
    assert result.details["method"] == method
    assert isinstance(rows, list) and all(isinstance(r, int) for r in rows)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("n", [2, 3])
def test_two_and_three_queens_are_unsolvable(queens, method, n):
    result = queens.solve(Board(n), method=method)
    assert result.status is Status.UNSOLVABLE and result.solution is None
    assert "cannot be placed" in result.messages[0]


@pytest.mark.parametrize("method", ["backtrack", "minconflicts", "annealing", "genetic"])
@pytest.mark.parametrize("n", [8, 12, 150])
def test_givens_are_kept(queens, method, n):
    if CAPS[method] is not None and n > CAPS[method] or (method == "genetic" and n > 32):
        pytest.skip("beyond the method's practical size")
    rows = construct(n)  # givens taken from a solution, so that one completion exists
    board = Board(n, tuple((c, int(rows[c])) for c in (1, 3, n - 1)))
    solved(queens, board, queens.solve(board, method=method, seed=2))


def test_default_method(queens):
    assert queens.solve(Board(10**5)).details["method"] == "construct"
    assert queens.solve(Board(8, ((0, 0),))).details["method"] == "backtrack"
    big = Board(200, ((0, 0), (1, 2)))
    result = queens.solve(big)
    assert result.details["method"] == "minconflicts"
    solved(queens, big, result)


def test_construct_rejects_givens_and_unknown_methods_fail_first(queens):
    with pytest.raises(UsageError, match="cannot keep given queens"):
        queens.solve(Board(8, ((0, 0),)), method="construct")
    with pytest.raises(UsageError, match="unknown method"):
        queens.solve(Board(10**8), method="simplex")  # before the size is looked at


@pytest.mark.parametrize("method", ["annealing", "genetic", "backtrack"])
def test_caps_are_checked_before_any_work(queens, method):
    with pytest.raises(InvalidPuzzle, match=f"{method} is limited"):
        queens.solve(Board(CAPS[method] + 1), method=method)


def test_a_board_of_givens_only_is_its_own_answer(queens):
    board = Board(4, ((0, 1), (1, 3), (2, 0), (3, 2)))
    for method in ("backtrack", "minconflicts", "annealing", "genetic"):
        assert queens.solve(board, method=method).solution == [1, 3, 0, 2]


def test_impossible_completion(queens):
    board = Board(4, ((0, 0),))  # no 4-queens solution has a corner queen
    assert queens.solve(board).status is Status.UNSOLVABLE
    assert "keeps the given queens" in queens.solve(board).messages[0]
    result = queens.solve(board, method="minconflicts", seed=1)
    assert result.status is Status.GAVE_UP and result.details["stopped_by"] == "budget"


@pytest.mark.parametrize(("method", "n"), [("minconflicts", 12), ("minconflicts", 1500),
                                           ("annealing", 12), ("annealing", 150),
                                           ("genetic", 12)])
def test_randomised_methods_are_deterministic_under_a_seed(queens, method, n):
    a = queens.solve(Board(n), method=method, seed=42)
    b = queens.solve(Board(n), method=method, seed=42)
    assert a.solution == b.solution and a.stats.nodes == b.stats.nodes
    solved(queens, Board(n), a)


@pytest.mark.parametrize(("method", "n"), [("minconflicts", 1500), ("annealing", 150),
                                           ("backtrack", 14)])
def test_compiled_runs_do_not_depend_on_the_chunking(queens, method, n, monkeypatch):
    board = Board(n, ((0, 3),))
    whole = queens.solve(board, method=method, seed=5)
    monkeypatch.setattr(driver, "CHUNK_SECONDS", 1e-7)  # chunks of a handful of nodes
    calls = []
    chunked = queens.solve(board, method=method, seed=5, progress=calls.append)
    assert len(calls) > 20
    assert chunked.solution == whole.solution and chunked.stats.nodes == whole.stats.nodes


@pytest.mark.parametrize(("method", "n"), [("backtrack", 30), ("genetic", 40), ("annealing", 40),
                                           ("minconflicts", 60), ("annealing", 1000),
                                           ("minconflicts", 5000)])
def test_node_limit_gives_up(queens, method, n):
    result = queens.solve(Board(n), method=method, seed=1, limits=Limits(nodes=5))
    assert result.status is Status.GAVE_UP and result.solution is None
    assert result.details["stopped_by"] == "nodes"


@pytest.mark.parametrize(("method", "n"), [("annealing", 10**6), ("minconflicts", 10**6),
                                           ("backtrack", 60)])
def test_large_compiled_run_with_a_short_limit_gives_up_promptly(queens, method, n):
    """Issue 14: compiled code runs in chunks, so a limit stops it within a chunk."""
    exact = queens.solve(Board(n), method=method, seed=1, limits=Limits(nodes=200_000))
    assert exact.status is Status.GAVE_UP and exact.details["stopped_by"] == "nodes"
    assert 200_000 <= exact.stats.nodes <= 200_050  # a start's probes finish their column
    at_once = queens.solve(Board(n), method=method, seed=1, limits=Limits(seconds=0))
    assert at_once.status is Status.GAVE_UP and at_once.details["stopped_by"] == "time"
    assert at_once.stats.nodes <= driver.FIRST_CHUNK + 50  # one first chunk, no more
    if method != "minconflicts":  # (min-conflicts may solve 10^6 queens in 0.2 s)
        timed = queens.solve(Board(n), method=method, seed=1, limits=Limits(seconds=0.2))
        assert timed.status is Status.GAVE_UP and timed.details["stopped_by"] == "time"
        assert 0 < timed.stats.nodes < 10**9  # a few chunks, not one unbounded call


def test_ctrl_c_between_chunks_gives_up(queens):
    def interrupt(stats: Stats):
        if stats.nodes > 1000:
            raise KeyboardInterrupt

    for method in ("annealing", "minconflicts", "backtrack"):
        n = 60 if method == "backtrack" else 10**5
        result = queens.solve(Board(n), method=method, seed=1, progress=interrupt)
        assert result.status is Status.GAVE_UP and result.details["stopped_by"] == "interrupt"
        assert result.stats.nodes > 1000


def test_progress_gets_stats(queens):
    seen = []
    queens.solve(Board(2000), method="annealing", seed=3, progress=seen.append)
    assert seen and all(isinstance(s, Stats) for s in seen)
    assert {"runs", "energy", "temperature"} <= set(seen[-1].extra)


def test_unique_option(queens):
    example = queens.example()
    result = queens.solve(example, unique=True)
    assert result.unique is True and result.verdict() is Status.SOLVED
    assert result.to_dict()["unique"] is True
    result = queens.solve(Board(8), unique=True)
    assert result.unique is False and result.verdict() is Status.UNSOLVABLE
    with pytest.raises(InvalidPuzzle, match="uniqueness"):
        queens.solve(Board(100), unique=True)


def test_compiled_kernels_large_board(queens):
    for method in ("minconflicts", "annealing"):
        board = Board(2000)
        solved(queens, board, queens.solve(board, method=method, seed=3))


@pytest.mark.slow
def test_ten_million_queens(queens):
    board = Board(10**7)
    result = queens.solve(board, method="minconflicts", seed=1)
    assert result.status is Status.SOLVED and queens.is_solution(board, result.solution).ok
