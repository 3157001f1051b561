"""SVG drawings of N-Queens: a board up to 64 queens, a permutation plot above."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles.queens.board import Board
from puzzlesmith.puzzles.queens.render import BOARD_UP_TO, PLOT_MAX, queens_svg

SVG = "{http://www.w3.org/2000/svg}"


def test_board_draws_every_queen_givens_apart(queens):
    board = queens.example()
    answer = queens.solve(board).solution
    svg = queens.render_svg(board, answer)
    root = ET.fromstring(svg)
    crowns = [p for p in root.iter(f"{SVG}path") if p.get("class") == "queen"]
    assert len(crowns) == 8
    assert sum(p.get("fill") == "#111111" for p in crowns) == len(board.givens)
    assert len([p for p in ET.fromstring(queens.render_svg(board)).iter(f"{SVG}path")
                if p.get("class") == "queen"]) == len(board.givens)


def test_plot_above_the_board_size(queens):
    board = Board(BOARD_UP_TO + 1)
    rows = queens.solve(board).solution
    root = ET.fromstring(queens.render_svg(board, rows))
    paths = list(root.iter(f"{SVG}path"))
    assert len(paths) == 1 and paths[0].get("d").count("M") == board.n
    assert root.get("viewBox") == f"0 0 {board.n} {board.n}"


def test_render_verb_text_and_svg(queens):
    result = queens.render(Board(4), solution=True, style="board")
    assert result.details["drawing"] == "..Q.\nQ...\n...Q\n.Q.."
    assert queens.render(Board(4), style="board").details["drawing"] == "....\n" * 3 + "...."
    big = queens.render(Board(10**5), solution=True)
    assert big.details["drawing"].startswith("<svg")
    with pytest.raises(InvalidPuzzle):
        queens.render(Board(10**5), solution=True, style="board")


def test_plot_cap():
    with pytest.raises(InvalidPuzzle, match="limited"):
        queens_svg(PLOT_MAX + 1)
