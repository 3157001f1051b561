"""Tatham's dead-end rule: sound, the same from scratch and step by step, both kernels."""

from __future__ import annotations

import random

import numpy as np
import pytest

from puzzlesmith.puzzles.net.board import Board
from puzzlesmith.puzzles.net.dead_ends import DeadEnds
from puzzlesmith.puzzles.net.generate import spanning_tree


def board_of(size: int, wrap: bool, seed: int) -> tuple[Board, np.ndarray]:
    """A grown tree as a connected-rule board, and its solution as bitset domains."""
    tree = spanning_tree(size, size, wrap=wrap, style="grow", rng=random.Random(seed))
    board = Board(tree, wrap, True)
    return board, (1 << board.flat).astype(np.int64)


@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize("compiled", [False, True], ids=["python", "numba"])
def test_narrowing_step_by_step_agrees_with_from_scratch_and_keeps_the_solution(wrap,
                                                                                 compiled):
    rng = random.Random(5)
    for seed in range(3):
        board, solution = board_of(9, wrap, seed)
        steady = DeadEnds(board)
        steady.use_compiled(compiled)
        dom = board.fitting()
        while True:
            fresh = DeadEnds(board)
            fresh.use_compiled(compiled)
            alone = dom.copy()
            before = dom.copy()
            ok = steady.propagate(dom)
            assert ok is fresh.propagate(alone) is True
            assert np.array_equal(dom, alone)
            cells, old = steady.narrowed                      # what it reports it narrowed
            assert np.array_equal(cells, np.flatnonzero(dom != before))
            assert np.array_equal(old, before[cells])
            assert np.all(dom & solution)                     # never cuts the solution
            open_tiles = np.flatnonzero(dom & (dom - 1)).tolist()
            if not open_tiles:
                break
            c = rng.choice(open_tiles)
            other = dom[c] & ~solution[c]
            narrower = solution[c] | (other & -other)          # keep the solution
            dom[c] = narrower if narrower != dom[c] else solution[c]


def test_a_pocket_with_no_way_out_fails():
    board = Board(((1, 3), (1, 3)), False, True)
    dom = board.fitting()
    dom[0], dom[2] = 1 << 4, 1 << 1                            # the two ends face each other
    before = dom.copy()
    assert DeadEnds(board).propagate(dom) is False
    assert np.array_equal(dom, before)                         # left as it was


@pytest.mark.parametrize("wrap", [False, True])
def test_the_search_setting_keeps_every_cut_of_a_small_pocket_and_the_solution(wrap):
    for seed in range(3):
        board, solution = board_of(9, wrap, seed)
        exact, loose = DeadEnds(board), DeadEnds(board)
        loose.for_search()
        assert loose.spread < exact.spread
        dom, other = board.fitting(), board.fitting()
        assert exact.propagate(dom) is loose.propagate(other) is True
        assert np.all(other & solution) and np.all(dom | other == other)   # looser, sound
    pocket = Board(((1, 3), (1, 3)), False, True)
    rule = DeadEnds(pocket)
    rule.for_search()
    dom = pocket.fitting()
    dom[0], dom[2] = 1 << 4, 1 << 1
    assert rule.propagate(dom) is False


@pytest.mark.parametrize("compiled", [False, True], ids=["python", "numba"])
def test_diff_lists_the_changed_tiles_and_tells_a_wider_domain(compiled):
    from puzzlesmith.puzzles.net import dead_ends

    diff = dead_ends.compiled().diff if compiled else dead_ends._PYTHON.diff
    last = np.array([7, 3, 1, 6], dtype=np.int64)
    cells = np.zeros(4, dtype=np.int64)
    assert diff(np.array([7, 1, 1, 2], dtype=np.int64), last, cells) == 2
    assert cells[:2].tolist() == [1, 3] and last.tolist() == [7, 1, 1, 2]
    assert diff(np.array([7, 1, 3, 2], dtype=np.int64), last, cells) == -1
    assert last.tolist() == [7, 1, 3, 2]
