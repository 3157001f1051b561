"""Star Battle: every shared puzzle, brute force on small grids, parsing errors, formats."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles import starbattle as sb
from puzzlesmith.results import Limits, Status

LARGE: set[str] = set()  # puzzles left out of the test, if any get too slow


def shared_puzzles(folder):
    return sorted(p for p in (folder / "starbattle").glob("*.sb") if p.stem not in LARGE)


def test_every_shared_puzzle_is_solved_and_proven_unique(shared_data):
    puzzles = shared_puzzles(shared_data)
    assert len(puzzles) >= 40
    for path in puzzles:
        puzzle = sb.parse(path.read_text())
        result = sb.solve(puzzle, unique=True)
        assert result.status is Status.SOLVED, path.name
        assert sb.is_solution(puzzle, result.solution), path.name
        assert set(result.solution) == puzzle.given, path.name
        assert result.unique is True, path.name


def test_seed_example_in_the_seeds_letters():
    puzzle = sb.example()
    result = sb.solve(puzzle)
    letters = sb.format_solution(puzzle, result.solution, "letters").splitlines()
    assert letters[0] == "aaBbBccccccc" and letters[-1] == "hHhfffiLllll"
    line = sb.format_solution(puzzle, result.solution, "line")
    assert len(line) == 144 and line.count("*") == 24 and set(line) == {"*", "|"}
    framed = sb.format_solution(puzzle, result.solution, "framed")
    assert framed.startswith("+---+") and framed.count("*") == 24


def brute_force(puzzle):
    """All placements by enumerating star sets row by row."""
    rows = []
    for r in range(puzzle.rows):
        choices = [c for c in range(puzzle.columns) if puzzle.grid[r][c] != sb.VOID]
        rows.append(list(itertools.combinations(choices, puzzle.row_stars[r])))
    found = set()
    for pick in itertools.product(*rows):
        stars = [(r, c) for r, cs in enumerate(pick) for c in cs]
        if sb.is_solution(puzzle, stars):
            found.add(frozenset(stars))
    return found


@st.composite
def small_puzzles(draw):
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    letters = draw(st.sampled_from(["ab", "abc", "abcd"]))
    cell = st.sampled_from(letters + ". ") if draw(st.booleans()) else st.sampled_from(letters)
    grid = tuple("".join(draw(cell) for _ in range(cols)) for _ in range(rows))
    per_row = draw(st.integers(0, 2))
    regions = list(dict.fromkeys(ch for row in grid for ch in row if ch not in ". "))
    total = per_row * rows
    per_col = None if total % cols else total // cols
    region_counts = {r: draw(st.integers(0, 2)) for r in regions}
    return grid, per_row, per_col, region_counts


@settings(max_examples=120, deadline=None)
@given(small_puzzles())
def test_matches_brute_force(case):
    grid, per_row, per_col, region_counts = case
    if per_col is None:
        return
    puzzle = sb.StarBattle(grid, (per_row,) * len(grid), (per_col,) * len(grid[0]),
                           region_counts)
    expected = brute_force(puzzle)
    got = {frozenset(s) for s in sb.solutions(puzzle)}
    assert got == expected
    assert sb.count(puzzle).count == len(expected)


def test_plain_grid_defaults_and_options():
    puzzle = sb.parse(sb.EXAMPLE_6X6)
    assert puzzle.row_stars == (1,) * 6 and puzzle.region_stars["A"] == 1
    two = sb.parse(sb.example().grid and "\n".join(sb.example().grid))
    assert two.row_stars == (2,) * 12  # 12 wide implies two stars
    assert sb.parse(sb.EXAMPLE_6X6, 1).column_stars == (1,) * 6


def test_non_square_with_different_counts():
    # 2 rows x 4 columns, 2 regions: 2 stars per row, 1 per column, 2 per region
    puzzle = sb.parse("aabb\naabb\n", row_stars=2, column_stars=1, region_stars=2)
    assert sb.count(puzzle).count == 0  # two stars in a 2-wide region always touch
    puzzle = sb.parse("aaaabbbb\naaaabbbb\nccccdddd\nccccdddd\n", row_stars=2,
                      column_stars=1, region_stars=2)
    solutions = {frozenset(s) for s in sb.solutions(puzzle)}
    assert len(solutions) == 2 and solutions == brute_force(puzzle)


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty puzzle"),
    ("\n\n", "empty puzzle"),
    ("abc\nab\nabc\n", "line 2: row has 2 cells, expected 3"),
    ("abc\na#c\nabc\n", "line 2, column 2: unexpected character '#'"),
    ("aab\nabb\n", "cannot be shared equally"),
    ("size 2 2\nregions\nab\nab\n", "line 1: expected 'size ROWS COLUMNS STARS'"),
    ("size 2 2 1\nab\n", "before 'regions'"),
    ("size 3 3 1\nregions\nabc\nabc\n", "2 rows, expected 3"),
    ("size 2 2 1\nregions\nab\nab\nsolution\n*x\n..\n", "column 2: unexpected character 'x'"),
    ("size 2 2 1\nregions\nab\nab\nsolution\n*.\n.*\n", "solution block breaks the rules"),
])
def test_bad_input_is_a_clear_error(text, message):
    with pytest.raises(InvalidPuzzle, match=message.replace("(", r"\(").replace(")", r"\)")):
        sb.parse(text)


def test_impossible_star_counts():
    with pytest.raises(InvalidPuzzle, match="row 1 cannot hold 3 stars"):
        sb.parse("aaaa\nbbbb\ncccc\ndddd\n", 3)


def test_sb_round_trip():
    puzzle = sb.example()
    text = sb.format(puzzle, sorted(puzzle.given))
    again = sb.parse(text)
    assert again.grid == puzzle.grid and again.given == puzzle.given


def test_unsolvable_and_gave_up():
    assert sb.solve(sb.parse("ab\nab\n", 1)).status is Status.UNSOLVABLE
    result = sb.solve(sb.example(), limits=Limits(nodes=1))
    assert result.status in (Status.GAVE_UP, Status.SOLVED)


def test_random_seed_gives_valid_reproducible_solutions():
    puzzle = sb.StarBattle((" " * 8,) * 8, (1,) * 8, (1,) * 8, {})  # regionless: 8 queens
    found = set()
    for seed in range(6):
        a, b = sb.solve(puzzle, seed=seed), sb.solve(puzzle, seed=seed)
        assert a.solution == b.solution and sb.is_solution(puzzle, a.solution)
        found.add(tuple(a.solution))
    assert len(found) > 2


def test_checker_names_what_is_wrong():
    puzzle = sb.parse(sb.EXAMPLE_6X6)
    problems = sb.violations(puzzle, [(0, 0), (1, 1)])
    assert any("touch" in p for p in problems)
    assert any("row 3 has 0 stars" in p for p in problems)
