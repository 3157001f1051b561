"""Barriers in Net: the board and its text block, the checker, the model (solutions never
cross one, counts agree with a brute force), the deductions, the drawing and the generator."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles.net import model
from puzzlesmith.puzzles.net.board import DOWN, LEFT, RIGHT, UP, Board, barrier_edges, barrier_grid
from puzzlesmith.puzzles.net.check import violations
from puzzlesmith.puzzles.net.deduce import explain, rate
from puzzlesmith.puzzles.net.formats import format_board, parse, validate
from puzzlesmith.puzzles.net.generate import generate_one
from puzzlesmith.puzzles.net.render import render_svg

from ...cli.conftest import run_cli
from .helpers import NET, brute_force_count, random_board

#: A 3x3 tree; its solution leaves the links below row 1, columns 1 and 2 unused (barred).
SOLVED = ((8, 10, 6), (12, 14, 7), (1, 1, 1))
TEXT = "85c\n6e7\n424\nbarriers\n1 1 down\n1 2 down\n"


def crossing(board: Board, grid) -> list[tuple[int, int, int]]:
    """The links of ``grid`` across a barrier of ``board`` (plain loops)."""
    out = []
    for i, j, bit in barrier_edges(board):
        ni, nj = (i, (j + 1) % board.cols) if bit == RIGHT else ((i + 1) % board.rows, j)
        back = LEFT if bit == RIGHT else UP
        if grid[i][j] & bit and grid[ni][nj] & back:
            out.append((i, j, bit))
    return out


def test_text_block_reads_and_writes_back():
    board = parse(TEXT, connected=True)
    assert board.barriers == ((4, 4, 0), (1, 1, 0), (0, 0, 0))
    assert barrier_edges(board) == [(0, 0, DOWN), (0, 1, DOWN)]
    assert format_board(board) == TEXT.strip()
    assert parse(format_board(board), connected=True) == board
    # the other sides name the same barriers; words, letters, any case, CRLF
    same = parse("85c\r\n6e7\r\n424\r\nBarriers:\r\n2 1 up\r\n2 2 U\r\n", connected=True)
    assert same == board
    assert parse("85c\n6e7\n424\n", connected=True).barriers == ()


@pytest.mark.parametrize("text, words", [
    (TEXT + "x 2 down\n", "line 7: expected a barrier as ROW COLUMN SIDE"),
    (TEXT + "1 2 sideways\n", "line 7: expected a barrier"),
    (TEXT + "4 1 down\n", "line 7: barrier at row 4, column 1 is off the 3x3 board"),
    ("85c\n6e7\n424\nbarriers\n1 1 right\n",
     "line 1, column 2: tile 5 points off the 3x3 board or across a barrier"),
])
def test_text_block_errors_name_the_line(text, words):
    with pytest.raises(InvalidPuzzle, match=re.escape(words)):
        parse(text)
    code, out, err = run_cli(["solve", "net", "-"], stdin=text)
    assert code == 2 and out == "" and err.count("\n") == 1 and words in err


def test_border_barriers_are_dropped_unless_wrapping():
    assert barrier_grid(2, 2, [(0, 1, RIGHT), (1, 0, DOWN)]) == ()
    assert barrier_grid(2, 2, [(0, 1, RIGHT)], wrap=True) == ((2, 8), (0, 0))
    board = validate(Board(((1, 4), (1, 4)), wrap=True, barriers=((8, 0), (0, 0))))
    assert board.barriers == ((8, 2), (0, 0))                   # made whole on both cells
    with pytest.raises(InvalidPuzzle, match="not a 2x2 grid of masks"):
        validate(Board(((1, 4), (1, 4)), barriers=((0,),)))


def test_checker_rejects_a_link_across_a_barrier(tmp_path):
    board = parse(TEXT, connected=True)
    assert violations(board, SOLVED) == []
    closed = replace(board, barriers=barrier_grid(3, 3, [(1, 1, DOWN)]))
    assert violations(closed, SOLVED) == [          # the barred link links nothing
        "row 2, column 2: its down connector crosses the barrier to row 3, column 2",
        "the tiles form 2 separate networks, not one"]
    assert not NET.is_solution(closed, SOLVED).ok
    assert NET.solve(closed, unique=True).status.value == "unsolvable"
    puzzle, answer = tmp_path / "p.txt", tmp_path / "a.txt"
    puzzle.write_text(format_board(closed) + "\n")
    answer.write_text(NET.format_answer(closed, SOLVED) + "\n")   # with its barriers block
    code, out, _ = run_cli(["check", "net", puzzle, answer, "--connected"])
    assert code == 1 and "crosses the barrier to row 3, column 2" in out


def test_solve_respects_barriers():
    board = next(b for seed in range(500)
                 if model.count(b := random_board(4, 4, random.Random(seed), connected=True),
                                3).count > 1)
    first, second = model.count(board, 3).solutions[:2]
    unused = [(i, j, bit) for i in range(4) for j in range(4) for bit in (RIGHT, DOWN)
              if not first[i][j] & bit]
    barred = replace(board, barriers=barrier_grid(4, 4, unused))
    assert crossing(barred, second)                       # the other solution is barred
    result = NET.solve(barred, unique=True)
    assert result.unique is True and result.solution == first
    assert crossing(barred, result.solution) == []
    code, out, _ = run_cli(["solve", "net", "-", "--unique", "--connected"],
                           stdin=format_board(barred))
    assert code == 0 and NET.parse_answer(barred, out) == first
    assert out.split("barriers")[1] == format_board(barred).split("barriers")[1] + "\n"


@st.composite
def barred_boards(draw) -> Board:
    rows, cols = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    wrap = draw(st.booleans())
    board = random_board(rows, cols, random.Random(draw(st.integers(0, 10**6))), wrap=wrap,
                         connected=draw(st.booleans()), tree=draw(st.booleans()))
    links = [(i, j, bit) for i in range(rows) for j in range(cols) for bit in (RIGHT, DOWN)]
    chosen = draw(st.lists(st.sampled_from(links), max_size=len(links)))
    return replace(board, barriers=barrier_grid(rows, cols, chosen, wrap=wrap))


@settings(max_examples=60, deadline=None)
@given(barred_boards())
def test_counts_agree_with_brute_force(board):
    expected = brute_force_count(board, cap=5)           # complete grids go through the checker
    try:
        validate(board)
    except InvalidPuzzle:
        assert expected == 0
        return
    found = model.count(board, 5)
    assert found.count == expected
    for grid in found.solutions:
        assert violations(board, grid) == [] and crossing(board, grid) == []


@settings(max_examples=60, deadline=None)
@given(barred_boards())
def test_text_round_trip(board):
    text = format_board(board)
    try:
        validate(board)
    except InvalidPuzzle:                   # a tile that cannot turn clear: parse refuses it
        with pytest.raises(InvalidPuzzle, match="whichever way it is turned"):
            parse(text, wrap=board.wrap, connected=board.connected)
    else:
        assert parse(text, wrap=board.wrap, connected=board.connected) == board
        assert NET.parse_answer(board, text) == board.tiles   # the block is left out


def test_deductions_use_barriers():
    board = parse(TEXT, connected=True)
    done = explain(board)
    assert done.solved
    assert any("a barrier is below" in step for step in done.steps)
    assert rate(board).level in ("easy", "medium")


def test_drawing_has_a_bar_per_barrier():
    board = parse(TEXT, connected=True)
    svg = NET.render_svg(board)
    assert 'class="barriers" d="M0 32h32M32 32h32"' in svg
    wrapped = render_svg(((1, 4), (1, 4)), wrap=True, barriers=((10, 10), (0, 0)))
    assert 'd="M32 0v32M0 0v32M64 0v32"' in wrapped          # the wrap edge on both sides
    assert "barriers" not in NET.render_svg(parse(TEXT.split("barriers")[0]))


@pytest.mark.parametrize("wrap", [False, True])
def test_generator_puts_barriers_on_unused_links(wrap):
    made = generate_one(6, 7, connected=True, wrap=wrap, rng=random.Random(5), barriers=0.5)
    board, solution = made.board, made.solution
    unused = sum(1 for i in range(6) for j in range(7) for bit in (RIGHT, DOWN)
                 if (wrap or (j < 6 if bit == RIGHT else i < 5)) and not solution[i][j] & bit)
    assert len(barrier_edges(board)) == unused // 2
    assert crossing(board, solution) == [] and violations(board, solution) == []
    assert model.take_two(board).uniqueness() is True
    plain = generate_one(6, 7, connected=True, wrap=wrap, rng=random.Random(5))
    assert plain.board.tiles == board.tiles and plain.board.barriers == ()


def test_generate_cli_barriers():
    code, out, _ = run_cli(["generate", "net", "--size", "8x8", "--connected", "--barriers",
                            "0.3", "--seed", "2", "--format", "tatham"])
    assert code == 0 and re.fullmatch(r"8x8:[0-9a-fhv]+\n", out) and "h" in out
    board = NET.parse(out)
    result = NET.solve(board, unique=True)
    assert result.unique is True and crossing(board, result.solution) == []
    code, out, _ = run_cli(["generate", "net", "--size", "5x5", "--barriers", "0.5",
                            "--seed", "2"])
    assert code == 0 and "\nbarriers\n" in out
    assert NET.parse(out).barriers
    code, _, err = run_cli(["generate", "net", "--barriers", "1.5"])
    assert code == 2 and "0 to 1" in err


def drawn_barriers(drawing: str) -> set[tuple[int, int, int]]:
    """The barriers a ``drawing`` shows: ``#`` at the right edge, ``=`` on the bottom edge."""
    lines = drawing.splitlines()
    found = set()
    for n, line in enumerate(lines):
        for k, ch in enumerate(line):
            if ch == "#":
                found.add((n // 3, k // 5, RIGHT))
            elif ch == "=":
                assert n % 3 == 2, drawing
                found.add((n // 3, k // 5, DOWN))
    return found


@pytest.mark.parametrize("wrap", [False, True])
def test_text_drawing_shows_every_barrier(wrap):
    made = generate_one(5, 6, connected=True, wrap=wrap, rng=random.Random(3), barriers=0.5)
    board, solution = made.board, made.solution
    edges = set(barrier_edges(board))
    assert edges
    puzzle_drawing = NET.format(board, "drawing")
    plain = NET.format(replace(board, barriers=()), "drawing")
    for drawing in (puzzle_drawing, NET.format_answer(board, solution, "drawing")):
        assert drawn_barriers(drawing) == edges
        assert drawing.count("#") == 3 * sum(bit == RIGHT for *_, bit in edges)
    for marked, bare in zip(puzzle_drawing.splitlines(), plain.splitlines(), strict=True):
        assert all(a == b or a in "#=" for a, b in zip(marked, bare, strict=True))


def test_generate_draws_barriers():
    result = NET.generate(size="4x5", connected=True, barriers=0.5, seed=2, count=2)
    drawing = NET.report_text("generate", None, result, "drawing")
    assert drawing == "\n\n".join(NET.format(g.instance, "drawing") for g in result.puzzles)
    assert "#" in drawing or "=" in drawing
