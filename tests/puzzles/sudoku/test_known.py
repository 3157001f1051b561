"""Sudoku against known facts: grid counts, brute force on small boards, and top95."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.sudoku import board as sb

from .test_board import brute_force_count

SUDOKU = get("sudoku")


def test_288_grids_of_4x4():
    assert SUDOKU.count(SUDOKU.parse("." * 16)).count == 288


def test_x_and_jigsaw_4x4_counts_agree_with_brute_force():
    empty_x = SUDOKU.parse("." * 16, variant="x")
    assert SUDOKU.count(empty_x).count == brute_force_count(empty_x, 10_000)
    jigsaw = SUDOKU.parse("sudoku 4 jigsaw\n" + "." * 16 + "\n\nAAAB\nCABB\nCCDB\nCDDD\n")
    assert SUDOKU.count(jigsaw).count == brute_force_count(jigsaw, 10_000)


@st.composite
def partial_boards(draw):
    """A small board (4x4, 2x3, 3x2 boxes; X or not) with some random givens, which may
    clash or leave many solutions."""
    box = draw(st.sampled_from([(2, 2), (2, 3), (3, 2)]))
    n = box[0] * box[1]
    cells = draw(st.lists(st.tuples(st.integers(0, n * n - 1), st.integers(1, n)),
                          max_size=n + 4))
    givens = [0] * (n * n)
    for cell, value in cells:
        givens[cell] = value
    return sb.make(givens, n, box=box, diagonals=draw(st.booleans()))


@settings(max_examples=25, deadline=None)
@given(partial_boards())
def test_counts_agree_with_brute_force(board):
    limit = 10
    counted = SUDOKU.count(board, limit=limit)
    assert counted.count == brute_force_count(board, limit)
    solved = SUDOKU.solve(board)
    assert (solved.solution is not None) == (counted.count > 0)
    if solved.solution is not None:
        assert SUDOKU.is_solution(board, solved.solution).ok


def test_top95_sample_solved_and_proven_unique(data_dir):
    """Every third puzzle of top95 (32 of 95; all of them take about 3 s)."""
    puzzles = SUDOKU.parse_all((data_dir / "sudoku" / "top95.txt").read_text())
    assert len(puzzles) == 95
    for board in puzzles[::3]:
        result = SUDOKU.solve(board, unique=True)
        assert result.unique is True
        assert SUDOKU.is_solution(board, result.solution).ok
