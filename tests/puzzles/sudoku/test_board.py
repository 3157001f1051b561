"""Sudoku: reading, variants, solving, checking, hints and drawings."""

from __future__ import annotations

import pytest

from puzzlesmith.errors import InvalidPuzzle, UsageError
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.sudoku import board as sb
from puzzlesmith.results import Status

SUDOKU = get("sudoku")
EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
JIGSAW = """\
sudoku 9 jigsaw
.........
.........
.........
.........
.........
.........
.........
.........
.........

AAAABBCCC
AAABBBCCC
AABBBBFCC
DDDDEEFFC
DDDEEEFFF
DDEEEEFFF
GGGGHHIII
GGGHHHIII
GGHHHHIII
"""


def test_the_line_and_the_grid_read_alike():
    grid = "\n".join(EASY[r * 9:r * 9 + 9] for r in range(9))
    framed = "\n".join(" ".join(EASY[r * 9:r * 9 + 9]) + (" \n------" if r % 3 == 2 else "")
                       for r in range(9))
    assert SUDOKU.parse(EASY) == SUDOKU.parse(grid) == SUDOKU.parse(framed)
    assert SUDOKU.parse(EASY.replace("0", ".")).givens == SUDOKU.parse(EASY).givens


@pytest.mark.parametrize(("text", "where", "words"), [
    ("", None, "empty"),
    ("1" * 80, "line 1", "n*n characters"),
    (EASY[:40] + "@" + EASY[41:], "line 1, column 41", "unexpected character"),
    ("12\n3", "line 2", "row 2 has 1 cells"),
    ("sudoku 2x2\n1...\n..5.\n.1..\n...1", "line 3, column 3", "out of range"),
    ("sudoku 3x2\n" + "." * 16, "line 2", "36 characters for 6x6"),
    ("sudoku 3x2\n" + "." * 16, None, "got 16"),
    ("sudoku 9 jigsaw\n" + "." * 81, None, "needs its regions"),
    (JIGSAW.replace("GGHHHHIII", "GGHHHHIIA"), None, "region 'A' has 10 cells"),
    ("sudoku 9 wobbly\n" + "." * 81, "line 1", "unknown word"),
    ("." * 49, None, "no box shape"),
])
def test_bad_input_is_one_line_naming_the_place(text, where, words):
    with pytest.raises(InvalidPuzzle) as error:
        SUDOKU.parse(text)
    message = str(error.value)
    assert words in message and "\n" not in message
    if where:
        assert message.startswith(where), message


def test_box_shapes_and_the_count_of_4x4_grids():
    assert SUDOKU.count(SUDOKU.parse("." * 16)).count == 288  # the known number of 4x4 grids
    for box in ("2x2", "2x3", "3x2", "3x3", "3x4", "4x3", "4x4"):
        rows, cols = sb.parse_box(box)
        n = rows * cols
        board = SUDOKU.parse("." * n * n, box=box)
        assert board.box == (rows, cols)
        solved = SUDOKU.solve(board)
        assert SUDOKU.is_solution(board, solved.solution).ok, box
    with pytest.raises(UsageError):
        sb.parse_box("3by3")


def test_classic_solve_unique_and_check():
    board = SUDOKU.parse(EASY)
    result = SUDOKU.solve(board, unique=True)
    assert result.unique and SUDOKU.is_solution(board, result.solution).ok
    wrong = list(result.solution)
    wrong[0], wrong[1] = wrong[1], wrong[0]
    assert not SUDOKU.is_solution(board, wrong).ok
    answer = SUDOKU.parse_answer(board, SUDOKU.format_answer(board, result.solution))
    assert answer == result.solution
    clash = SUDOKU.parse("11" + "." * 79)
    assert SUDOKU.solve(clash).status is Status.UNSOLVABLE
    assert SUDOKU.count(clash).count == 0


def test_x_and_jigsaw_variants_hold_their_extra_units():
    x = SUDOKU.parse("." * 81, variant="x")
    solved = SUDOKU.solve(x).solution
    assert {solved[k * 10] for k in range(9)} == set(range(1, 10))
    assert {solved[(k + 1) * 8] for k in range(9)} == set(range(1, 10))
    assert SUDOKU.parse(SUDOKU.format(x)).diagonals  # the header keeps the variant
    jigsaw = SUDOKU.parse(JIGSAW)
    assert jigsaw.jigsaw and SUDOKU.parse(SUDOKU.format(jigsaw)) == jigsaw
    answer = SUDOKU.solve(jigsaw).solution
    assert SUDOKU.is_solution(jigsaw, answer).ok
    both = SUDOKU.parse(JIGSAW, variant="jigsaw-x")
    assert both.diagonals and SUDOKU.is_solution(both, SUDOKU.solve(both).solution).ok
    # the checker sees the regions: the plain solution of the jigsaw breaks a box
    plain = SUDOKU.solve(SUDOKU.parse("." * 81)).solution
    assert not SUDOKU.is_solution(jigsaw, plain).ok


def test_not_unique_and_counts_with_a_limit():
    board = SUDOKU.parse("sudoku 2x2\n1...\n..1.\n.1..\n...1\n")
    assert SUDOKU.solve(board, unique=True).unique is False
    assert SUDOKU.count(board).count == 18
    limited = SUDOKU.count(board, limit=5)
    assert (limited.count, limited.complete) == (5, False)


def test_hints_rate_and_explain():
    board = SUDOKU.parse(EASY)
    hint = SUDOKU.hint(board)
    assert hint.details["rule"] in ("naked single", "hidden single")
    cell, value = hint.move.placed[0]
    assert SUDOKU.solve(board).solution[cell] == value
    solution = SUDOKU.solve(board).solution
    state = list(board.givens)
    blank = state.index(0)
    state[blank] = solution[blank] % 9 + 1
    assert SUDOKU.hint(board, tuple(state)).details["rule"] == "mistake"
    assert SUDOKU.hint(board, solution).details["rule"] == "done"
    rated = SUDOKU.rate(board, explain=True)
    assert rated.details["difficulty"] == rated.level == "easy"
    assert rated.details["score"] > 0 and rated.details["steps"]


def test_drawing_marks_givens_entries_and_diagonals():
    board = SUDOKU.parse(EASY)
    svg = SUDOKU.render_svg(board, SUDOKU.solve(board).solution)
    assert svg.count('class="given"') == sum(1 for v in board.givens if v)
    assert svg.count('class="entry"') == sum(1 for v in board.givens if not v)
    assert 'class="diagonals"' not in svg
    assert 'class="diagonals"' in SUDOKU.render_svg(SUDOKU.parse("." * 81, variant="x"))


@pytest.mark.parametrize("box", ["2x2", "2x3"])
def test_generated_puzzles_are_unique_by_brute_force(box):
    made = SUDOKU.generate(seed=3, box=box, count=2)
    for one in made.puzzles:
        board = SUDOKU.parse(one.text, box=box)
        assert brute_force_count(board, 2) == 1
        assert SUDOKU.is_solution(board, one.solution).ok


def test_a_cell_the_givens_force_by_a_single_has_that_value_in_every_solution():
    """The generator's shortcut (no search when the removed cells are singles), checked
    against brute force on random partial 4x4 and 6x6 grids."""
    import random

    from puzzlesmith.puzzles.sudoku import generate

    for box, seed in (("2x2", 1), ("2x3", 2)):
        rng = random.Random(seed)
        shape = SUDOKU.parse("." * (4 if box == "2x2" else 6) ** 2, box=box)
        solution = generate.full_grid(shape, rng)
        peers, units = generate._geometry(shape)
        forced = 0
        for _ in range(40):
            givens = [v if rng.random() < 0.4 else 0 for v in solution]
            for cell, value in enumerate(solution):
                if givens[cell] or not generate._single(givens, cell, value, peers, units):
                    continue
                forced += 1
                for other in range(1, shape.size + 1):
                    if other != value:
                        wrong = givens[:cell] + [other] + givens[cell + 1:]
                        assert brute_force_count(shape.with_givens(tuple(wrong)), 1) == 0
        assert forced > 10


def brute_force_count(board, limit: int) -> int:
    """Solutions by plain backtracking, filling the cell with the fewest values its peers
    allow, checking every unit directly (no shared code with the exact-cover model)."""
    n, grid = board.size, list(board.givens)
    peers = [set() for _ in grid]
    for _, cells in board.units:
        for c in cells:
            peers[c] |= set(cells) - {c}
    if any(v and any(grid[p] == v for p in peers[i]) for i, v in enumerate(grid)):
        return 0
    found = 0

    def allowed(i: int) -> list[int]:
        return [v for v in range(1, n + 1) if all(grid[p] != v for p in peers[i])]

    def place() -> None:
        nonlocal found
        empty = [i for i, v in enumerate(grid) if not v]
        if not empty:
            found += 1
            return
        cell = min(empty, key=lambda i: len(allowed(i)))
        for v in allowed(cell):
            grid[cell] = v
            place()
            grid[cell] = 0
            if found >= limit:
                return

    place()
    return found


@pytest.mark.parametrize("variant", ["jigsaw", "jigsaw-x"])
def test_generated_jigsaws_have_connected_regions_and_one_solution(variant):
    made = SUDOKU.generate(seed=2, size=6, variant=variant, count=2)
    for one in made.puzzles:
        board = SUDOKU.parse(one.text)
        assert board.jigsaw and board.diagonals == variant.endswith("x")
        assert brute_force_count(board, 2) == 1
        for _, cells in board.units[2 * board.size:3 * board.size]:
            assert connected(set(cells), board.size)


def connected(cells: set[int], n: int) -> bool:
    start = min(cells)
    seen, todo = {start}, [start]
    while todo:
        r, c = divmod(todo.pop(), n)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            cell = rr * n + cc
            if 0 <= rr < n and 0 <= cc < n and cell in cells and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return seen == cells


def test_a_node_limit_stops_generation_as_gave_up_never_as_a_verdict():
    """A uniqueness check the node limit cuts short proves nothing: generation gives up
    (it neither keeps an unproven puzzle nor calls the shape unsolvable)."""
    from puzzlesmith.errors import LimitReached
    from puzzlesmith.puzzles.sudoku import generate
    from puzzlesmith.results import Limits

    assert SUDOKU.generate(seed=1, size=9, limits=Limits(nodes=3)).status is Status.GAVE_UP
    open_board = SUDOKU.parse("1" + "." * 80)  # many solutions: takes more than one node
    with pytest.raises(LimitReached):
        generate.unique(open_board, Limits(nodes=1).started())
