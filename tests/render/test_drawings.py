"""Every puzzle's drawings: the right things drawn (that each is well-formed SVG with a
viewBox and a title: tests/test_conformance.py)."""

from __future__ import annotations

import re

import pytest

from puzzlesmith.puzzles import get
from puzzlesmith.render import draw, export
from puzzlesmith.render.figure import figure

SB, NET = get("starbattle"), get("net")


def well_formed(svg: str) -> str:
    assert draw.parse(svg).get("viewBox"), "no viewBox"
    return svg


@pytest.mark.parametrize("name", ["starbattle", "net"])
@pytest.mark.parametrize("fmt", ["png", "pdf"])
def test_png_and_pdf(name, fmt):
    puzzle = get(name)
    data = figure(puzzle, puzzle.example(), fmt=fmt, solution=True).details["drawing"]
    assert data[:8] == export.PNG_MAGIC if fmt == "png" else export.pdf_pages(data) == 1


def test_starbattle_stars_walls_and_dots():
    from puzzlesmith.puzzles.starbattle.board import Marks

    puzzle = SB.example()                                # 12×12, 2 stars
    assert SB.describe(puzzle) == "12×12, 2 stars"
    assert draw.count(well_formed(SB.render_svg(puzzle)), "star") == 0
    solved = SB.solve(puzzle).solution
    svg = well_formed(SB.render_svg(puzzle, solved))
    assert draw.count(svg, "star") == 24
    walls = next(e for e in draw.parse(svg).iter() if e.get("class") == "walls").get("d")
    grid = puzzle.grid
    inner = sum(1 for r in range(12) for c in range(11) if grid[r][c] != grid[r][c + 1])
    inner += sum(1 for r in range(11) for c in range(12) if grid[r][c] != grid[r + 1][c])
    assert len(re.findall(r"M", walls)) == inner
    marks = Marks(frozenset(list(solved)[:3]), frozenset({(0, 0), (5, 5)}) - set(solved))
    drawn = SB.render_svg(puzzle, marks)
    assert draw.count(drawn, "star") == 3 and draw.count(drawn, "dot") == len(marks.empties)


def test_starbattle_void_cells_are_shaded():
    puzzle = SB.parse("AB.\nA.C\nABC\n", stars=1)
    svg = well_formed(SB.render_svg(puzzle))
    assert draw.count(svg, "void") == 1
    void = next(e for e in draw.parse(svg).iter() if e.get("class") == "void")
    assert void.get("d").count("M") == 2


def paths(svg: str, cls: str) -> str:
    """The ``d`` of every path of class ``cls``, joined."""
    return "".join(e.get("d") for e in draw.parse(svg).iter() if e.get("class") == cls)


def connectors(grid) -> int:
    return sum(bin(v).count("1") for row in grid for v in row)


def test_net_pipes_source_computers_and_loose_ends():
    board = NET.generate(seed=3, size="5x5").puzzles[0].instance
    assert NET.describe(board).startswith("5×5")
    shown = well_formed(NET.render_svg(board))
    assert paths(shown, "pipes").count("l") == connectors(board.tiles)  # a stroke a connector
    singles = sum(1 for row in board.tiles for v in row if v in (1, 2, 4, 8))
    assert paths(shown, "computers").count("a") == 2 * singles  # two arcs a disc
    assert draw.count(shown, "source") == 1 and draw.count(shown, "loose") == 1
    solved = well_formed(NET.render_svg(board, NET.solve(board).solution))
    assert draw.count(solved, "loose") == 0 and draw.count(solved, "source") == 1
    plain = well_formed(NET.book_svg(board))
    assert draw.count(plain, "loose") == 0
    assert paths(plain, "pipes").count("l") == connectors(board.tiles)


def test_queens_board_and_permutation_plot():
    queens = get("queens")
    board = queens.example()                          # 8×8 with given queens
    assert queens.describe(board) == f"8×8, {len(board.givens)} given"
    svg = well_formed(queens.render_svg(board, queens.solve(board).solution))
    assert draw.count(svg, "queen") == 8
    assert draw.count(well_formed(queens.render_svg(board)), "queen") == len(board.givens)
    big = queens.parse("100")
    plot = well_formed(queens.render_svg(big, queens.solve(big).solution))
    assert draw.count(plot, "queen") == 0
    assert sum(e.get("d", "").count("M") for e in draw.parse(plot).iter()) == 100


def test_sliding_board_strip_of_frames_and_book_solution():
    sliding = get("sliding")
    task = sliding.parse("8 6 7 2 5 4 3 0 1")
    assert sliding.describe(task) == "3×3"
    assert draw.count(well_formed(sliding.render_svg(task)), "tile") == 8
    moves = sliding.solve(task).solution                  # 31 moves, optimal
    strip = well_formed(sliding.render_svg(task, moves))
    assert draw.count(strip, "tile") == 8 * (len(moves) + 1)
    assert strip.count('stroke="#111"') == len(moves)      # the tile each move slid, outlined
    compact = well_formed(sliding.book_solution_svg(task, moves))
    texts = [e.text for e in draw.parse(compact).iter(f"{{{draw.NS}}}text")
             if e.get("class") == "moves"]
    assert texts[0] == f"{len(moves)} moves, slide:" and len(texts) == 1 + 4
    slid = [int(t) for line in texts[1:] for t in line.split()[1:]]
    from puzzlesmith.puzzles.sliding.render import moved_tiles

    assert slid == moved_tiles(task.board, moves) and len(slid) == len(moves)
