"""Counting N-Queens solutions: OEIS A000170, givens, limits, worker processes."""

from __future__ import annotations

import pytest

from puzzlesmith.errors import InvalidPuzzle, UsageError
from puzzlesmith.puzzles.queens.board import Board, construct
from puzzlesmith.puzzles.queens.counting import KNOWN_COUNTS, solutions
from puzzlesmith.results import Limits, Stats, Status

from .conftest import brute_force_count, brute_force_is_solution

#: OEIS A000170, N = 1..14 (typed from the sequence, independently of KNOWN_COUNTS).
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596]


@pytest.mark.parametrize("n", range(1, 15))
def test_count_matches_oeis(queens, n):
    result = queens.count(Board(n))
    assert result.complete and result.count == A000170[n - 1] == KNOWN_COUNTS[n]
    assert result.status is (Status.SOLVED if result.count else Status.UNSOLVABLE)
    assert result.to_dict()["known"] == A000170[n - 1]


@pytest.mark.parametrize("n", range(1, 11))
def test_counting_with_a_limit_or_givens_agrees_with_oeis(queens, n):
    """The other search (column order, givens, limits) on the same boards."""
    result = queens.count(Board(n), limit=10**6)
    assert result.complete and result.count == A000170[n - 1]


def test_count_agrees_with_enumeration_and_brute_force():
    for n in range(1, 9):
        found = list(solutions(Board(n)))
        assert len(found) == A000170[n - 1]
        assert found == sorted(found) and all(brute_force_is_solution(r) for r in found)
    assert list(solutions(Board(6))) == [[1, 3, 5, 0, 2, 4], [2, 5, 1, 4, 0, 3],
                                         [3, 0, 4, 1, 5, 2], [4, 2, 0, 5, 3, 1]]


@pytest.mark.parametrize("givens", [((0, 0),), ((1, 3),), ((0, 1), (7, 6)), ((2, 0), (5, 7)),
                                    ((3, 3), (4, 5))])
def test_count_with_givens_agrees_with_brute_force(queens, givens):
    board = Board(8, givens)
    expected = brute_force_count(8, givens)
    result = queens.count(board)
    assert result.complete and result.count == expected
    assert all(queens.is_solution(board, rows).ok for rows in solutions(board))
    assert len(list(solutions(board))) == expected


def test_count_with_givens_on_a_larger_board(queens):
    rows = construct(24)
    board = Board(24, tuple((c, int(rows[c])) for c in range(0, 24, 3)))
    result = queens.count(board)
    assert result.complete and result.count >= 1
    assert rows.tolist() in list(solutions(board))


def test_limit_stops_the_count(queens):
    result = queens.count(Board(10), limit=5)
    assert result.count == 5 and not result.complete and result.status is Status.SOLVED
    assert result.to_dict()["count"] == 5 and result.limit == 5
    assert queens.count(Board(4), limit=5).to_dict()["complete"] is True


def test_prove_unique(queens):
    assert queens.prove_unique(queens.example()).details["unique"] is True
    eight = queens.prove_unique(Board(8))
    assert eight.details["unique"] is False and eight.verdict() is Status.UNSOLVABLE
    assert queens.prove_unique(Board(3)).verdict() is Status.UNSOLVABLE


def test_count_14_on_two_processes(queens):
    result = queens.count(Board(14), processes=2)
    assert result.complete and result.count == 365596
    assert result.stats.extra["processes"] == 2


def test_count_with_no_time_is_incomplete(queens):
    for processes in (1, 2):
        result = queens.count(Board(13), limits=Limits(seconds=0), processes=processes)
        assert not result.complete and result.count < 73712
        assert result.status is Status.GAVE_UP and result.details["stopped_by"] == "time"


def test_a_count_whose_parts_never_pause_still_stops_at_the_deadline(queens, monkeypatch):
    """Parts that end within one chunk give the driver no pause to look at the clock: the
    count looks between parts (a 15-queens count once ran 0.7 s with --timeout 0.3)."""
    from functools import partial

    from puzzlesmith.engines.driver import MAX_CHUNK, ChunkDriver
    from puzzlesmith.puzzles.queens import counting

    monkeypatch.setattr(counting, "ChunkDriver", partial(ChunkDriver, first_chunk=MAX_CHUNK))
    result = queens.count(Board(12), limits=Limits(seconds=0), processes=1)
    assert result.status is Status.GAVE_UP and result.details["stopped_by"] == "time"
    assert result.stats.extra["done"] == 1 < result.stats.extra["jobs"]


def test_node_limit_is_exact_and_counts_what_it_saw(queens):
    result = queens.count(Board(12), limits=Limits(nodes=10_000))
    assert result.status is Status.GAVE_UP and result.stats.nodes == 10_000
    assert 0 < result.count < 14200 and result.details["stopped_by"] == "nodes"
    with_givens = queens.count(Board(12, ((0, 5),)), limits=Limits(nodes=500))
    assert with_givens.status is Status.GAVE_UP and with_givens.stats.nodes == 500


def test_ctrl_c_keeps_the_count_so_far(queens):
    def interrupt(stats: Stats):
        if stats.nodes > 100_000:
            raise KeyboardInterrupt

    result = queens.count(Board(13), progress=interrupt, processes=1)
    assert result.status is Status.GAVE_UP and result.details["stopped_by"] == "interrupt"
    assert 0 < result.count < 73712


def test_count_refuses_huge_boards_and_bad_arguments(queens):
    with pytest.raises(InvalidPuzzle, match="N <= 60"):
        queens.count(Board(61))
    with pytest.raises(InvalidPuzzle):
        queens.count(Board(2 * 10**7))
    with pytest.raises(UsageError):
        queens.count(Board(8), limit=0)
    with pytest.raises(UsageError):
        queens.count(Board(8), processes=0)


def test_counting_a_larger_board_with_a_limit(queens):
    result = queens.count(Board(24), limit=2)
    assert result.count == 2 and result.status is Status.SOLVED and not result.complete


@pytest.mark.slow
def test_count_16(queens):
    result = queens.count(Board(16))
    assert result.complete and result.count == KNOWN_COUNTS[16] == 14772512
