"""N-Queens: every method's answer goes through the independent checker ``is_solution``."""

from __future__ import annotations

import itertools

import pytest

from puzzlesmith.errors import InvalidPuzzle, UsageError
from puzzlesmith.puzzles import queens
from puzzlesmith.puzzles.queens import METHODS, is_solution
from puzzlesmith.results import Limits, Status

#: OEIS A000170, N = 1..14.
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596]


def brute_force_is_solution(rows):
    """A second, naive checker: no two queens share a row or a diagonal."""
    return all(ra != rb and abs(ra - rb) != b - a
               for (a, ra), (b, rb) in itertools.combinations(enumerate(rows), 2))


# -- the checker -------------------------------------------------------------------------

def test_checker_agrees_with_brute_force_on_all_small_permutations():
    for n in range(1, 7):
        for rows in itertools.permutations(range(n)):
            assert is_solution(rows) == brute_force_is_solution(rows)


@pytest.mark.parametrize("bad", [None, [], [0, 0], [1, 3, 0, 4], [-1, 1], "ab", [[0]], [0.5]])
def test_checker_rejects_malformed_answers(bad):
    assert not is_solution(bad)


# -- solving -----------------------------------------------------------------------------

SIZES = {"construct": [1, 4, 5, 6, 7, 8, 9, 14, 15, 20, 99, 100, 1000],
         "backtrack": [1, 4, 5, 6, 8, 12, 20],
         "minconflicts": [1, 4, 5, 8, 12, 32, 99, 100, 1000],
         "annealing": [1, 4, 5, 8, 12, 32, 100],
         "genetic": [1, 4, 5, 8, 16, 32]}


@pytest.mark.parametrize(("method", "n"), [(m, n) for m in METHODS for n in SIZES[m]])
def test_every_method_places_queens(method, n):
    result = queens.solve(n, method, seed=1)
    assert result.status is Status.SOLVED and result.method == method
    assert is_solution(result.rows) and brute_force_is_solution(result.rows[:200])
    assert isinstance(result.rows, list) and all(isinstance(r, int) for r in result.rows)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("n", [2, 3])
def test_two_and_three_queens_are_unsolvable(method, n):
    result = queens.solve(n, method)
    assert result.status is Status.UNSOLVABLE and result.rows is None


def test_backtracking_proves_two_and_three_unsolvable():
    for n in (2, 3):
        assert list(queens.solutions(n)) == []


def test_construct_formula_for_all_n_up_to_300():
    for n in range(1, 301):
        rows = queens.construct(n)
        if n in (2, 3):
            assert rows is None
        else:
            assert is_solution(rows), n


@pytest.mark.parametrize(("method", "n"), [("minconflicts", 12), ("minconflicts", 150),
                                           ("annealing", 12), ("annealing", 150),
                                           ("genetic", 12)])
def test_randomised_methods_are_deterministic_under_a_seed(method, n):
    a = queens.solve(n, method, seed=42)
    b = queens.solve(n, method, seed=42)
    assert a.rows == b.rows and a.stats.nodes == b.stats.nodes
    assert is_solution(a.rows)


def test_default_method_is_the_construction():
    assert queens.default_method(10**7) == "construct"
    result = queens.solve(10**5)
    assert result.method == "construct" and is_solution(result.rows)


def test_unknown_method_fails_before_any_work():
    with pytest.raises(UsageError, match="unknown method"):
        queens.solve(10**8 + 1, "simplex")  # even the size is not looked at first


@pytest.mark.parametrize("method", ["backtrack", "genetic", "annealing", "minconflicts"])
def test_step_limit_gives_up(method):
    n = {"backtrack": 30, "genetic": 40, "annealing": 40, "minconflicts": 60}[method]
    result = queens.solve(n, method, seed=1, limits=Limits(nodes=5))
    assert result.status is Status.GAVE_UP and result.rows is None


def test_compiled_kernels_large_board():
    for method in ("minconflicts", "annealing"):
        result = queens.solve(2000, method, seed=3)
        assert result.status is Status.SOLVED and is_solution(result.rows)


def test_solutions_of_six_are_the_four_known_ones():
    found = list(queens.solutions(6))
    assert found == [[1, 3, 5, 0, 2, 4], [2, 5, 1, 4, 0, 3], [3, 0, 4, 1, 5, 2],
                     [4, 2, 0, 5, 3, 1]]
    assert all(is_solution(rows) for rows in found)


# -- counting ----------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(1, 15))
def test_count_matches_oeis(n):
    result = queens.count(n)
    assert result.complete and result.count == A000170[n - 1]


def test_count_agrees_with_enumeration():
    for n in range(1, 9):
        assert queens.count(n).count == len(list(queens.solutions(n)))


def test_count_14_on_two_processes():
    result = queens.count(14, processes=2)
    assert result.complete and result.count == 365596
    assert result.stats.extra["processes"] == 2


def test_count_with_no_time_is_incomplete():
    result = queens.count(13, limits=Limits(seconds=0))
    assert not result.complete and result.count < 73712


def test_count_refuses_huge_boards():
    with pytest.raises(InvalidPuzzle):
        queens.count(31)


# -- parsing and formatting --------------------------------------------------------------

@pytest.mark.parametrize(("text", "n"), [("8", 8), (" 32\n", 32), ("1e6", 10**6),
                                         ("10_000", 10_000), ("1E3", 1000)])
def test_parse(text, n):
    assert queens.parse(text) == n


@pytest.mark.parametrize("text", ["", "abc", "0", "-4", "2.5", "1e9", "nan", "inf"])
def test_parse_rejects(text):
    with pytest.raises(InvalidPuzzle):
        queens.parse(text)


@pytest.mark.parametrize("bad", [0, -1, 10**9, 2.0, "8", True])
def test_validate_rejects(bad):
    with pytest.raises(InvalidPuzzle):
        queens.validate(bad)


def test_board_format_is_the_seeds():
    rows = [1, 3, 0, 2]
    assert queens.format_board(rows) == "..K.\nK...\n...K\n.K.."
    assert queens.format_rows(rows) == "1 3 0 2"
    lines = queens.format_board(queens.solve(32, "annealing", seed=1).rows).splitlines()
    assert len(lines) == 32 and all(line.count("K") == 1 and set(line) <= {"K", "."}
                                    for line in lines)
