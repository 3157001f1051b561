"""Net: formats, the shared instances under both rules, the seed sample, the generator."""

from __future__ import annotations

import csv
import random

import pytest

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles import net
from puzzlesmith.results import Limits, Status


def manifest(shared_data):
    with open(shared_data / "net" / "manifest.tsv", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))



NAMES = [f"net_{style}_{k}x{k}_{i}" for style in ("ust", "grow") for k in (5, 10, 20, 40)
         for i in (1, 2, 3)]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("connected", [False, True], ids=["local", "connected"])
def test_shared_instances(shared_data, name, connected):
    rows = {r["name"]: r for r in manifest(shared_data)}
    row = rows[name]
    folder = shared_data / "net"
    board = net.parse((folder / f"{name}.txt").read_text())
    made_from = net.parse((folder / f"{name}.sol.txt").read_text()).tiles
    assert net.is_solution(board, made_from, connected=connected)
    result = net.unique(board, connected=connected)
    assert result.status is Status.SOLVED
    assert net.is_solution(board, result.solution, connected=connected)
    expected = int(row["net_count_le2" if connected else "local_count_le2"]) == 1
    assert result.unique is expected
    if not expected:
        assert result.other != result.solution
        assert net.is_solution(board, result.other, connected=connected)


def test_seed_sample_gives_the_seed_solution(shared_data):
    folder = shared_data / "net"
    board = net.parse((folder / "seed_sample.txt").read_text())
    printed = (folder / "seed_sample.sol.txt").read_text().split()
    result = net.unique(board)
    assert result.unique is True
    assert net.format_grid(result.solution).split() == printed
    assert net.solve(board, connected=True).status is Status.UNSOLVABLE


SEED_DRAWING = "\n".join(line.ljust(55) for line in [
    "",
    "  o----o    o    o    o    o    o    o    o    o    o",
    "  |    |",
    "  |    |",
    "  o----o    o----o----o    o----o    o    o    o----o",
    "  |    |    |    |    |    |    |    |    |    |",
    "  |    |    |    |    |    |    |    |    |    |",
    "  o    o    o    o    o    o----o    o----o    o    o",
    "",
])


def test_drawing_matches_the_seed():
    grid = net.parse("c6000000000\nd7ce6c644c2\n11111939310\n").tiles
    assert net.draw(grid) == SEED_DRAWING
    assert net.format_grid(grid) == "c6000000000\nd7ce6c644c2\n11111939310"
    assert net.to_json(grid) == ["c6000000000", "d7ce6c644c2", "11111939310"]


@pytest.mark.parametrize("text, message", [
    ("", "empty puzzle"),
    ("\n  \n", "empty puzzle"),
    ("12\n3g\n", "line 2, column 2: 'g' is not a hex digit"),
    ("12\n345\n", "line 2: row has 3 tiles, expected 2"),
    ("12\n\n34\n", "line 2: row has 0 tiles, expected 2"),
])
def test_bad_input(text, message):
    with pytest.raises(InvalidPuzzle, match=message):
        net.parse(text)


def test_parse_accepts_case_and_trailing_space():
    assert net.parse("\nAb  \ncD\n\n").tiles == ((10, 11), (12, 13))


def test_rotation_convention():
    assert net.rotate(net.UP) == net.LEFT and net.rotate(net.RIGHT) == net.UP
    assert net.rotations(5) == (5, 10) and net.rotations(15) == (15,)
    assert len(net.rotations(1)) == 4


def brute_force_count(board, connected, cap=3):
    """Independent counter: a plain backtracker over rotations, cell by cell in row order,
    checking only the neighbours already placed; complete grids go through is_solution."""
    rows, cols = board.rows, board.cols
    grid = [[0] * cols for _ in range(rows)]
    found = 0

    def fits(i, j, v):
        if j > 0 and bool(v & net.LEFT) != bool(grid[i][j - 1] & net.RIGHT):
            return False
        return not (i > 0 and bool(v & net.UP) != bool(grid[i - 1][j] & net.DOWN))

    def place(k):
        nonlocal found
        if found >= cap:
            return
        if k == rows * cols:
            if net.is_solution(board, tuple(map(tuple, grid)), connected=connected):
                found += 1
            return
        i, j = divmod(k, cols)
        for v in net.rotations(board.tiles[i][j]):
            if fits(i, j, v):
                grid[i][j] = v
                place(k + 1)

    place(0)
    return found


def random_board(rows, cols, rng, wrap=False):
    tiles = tuple(tuple(rng.choice([1, 3, 5, 7, 3, 5, 7, 15, 0]) for _ in range(cols))
                  for _ in range(rows))
    return net.Board(tiles, wrap)


@pytest.mark.parametrize("case", range(40))
def test_counts_agree_with_brute_force(case):
    rng = random.Random(case)
    rows, cols = rng.choice([(2, 2), (2, 3), (3, 3), (3, 2), (1, 4), (3, 4), (4, 4)])
    wrap = case % 3 == 0
    if rng.random() < 0.6:
        tree = net.spanning_tree(rows, cols, wrap=wrap, rng=rng)
        board = net.Board(tuple(tuple(net.rotate(t, rng.randrange(4)) for t in r)
                                for r in tree), wrap)
    else:
        board = random_board(rows, cols, rng, wrap)
    for connected in (False, True):
        result = net.count(board, 3, connected=connected)
        assert result.count == brute_force_count(board, connected)
        assert all(net.is_solution(board, g, connected=connected) for g in result.solutions)


@pytest.mark.parametrize("rows, cols, connected, wrap, style", [
    (3, 3, False, False, "ust"), (4, 4, True, False, "grow"), (3, 3, True, True, "ust"),
    (4, 4, False, True, "ust"), (4, 5, True, True, "grow"),
])
def test_generated_puzzles_are_unique_by_brute_force(rows, cols, connected, wrap, style):
    made = net.generate(rows, cols, connected=connected, wrap=wrap, style=style, seed=11)
    assert made.status is Status.SOLVED
    assert net.is_solution(made.board, made.solution, connected=connected)
    assert brute_force_count(made.board, connected) == 1


@pytest.mark.parametrize("connected", [False, True])
@pytest.mark.parametrize("style", net.STYLES)
def test_generated_10x10_is_unique(connected, style):
    made = net.generate(10, 10, connected=connected, style=style, seed=5)
    assert made.status is Status.SOLVED
    check = net.unique(made.board, connected=connected, seed=99)
    assert check.unique is True and check.solution == made.solution
    assert net.is_solution(made.board, made.solution, connected=connected)
    assert net.generate(10, 10, connected=connected, style=style, seed=5).board == made.board


def test_spanning_trees_are_trees():
    rng = random.Random(3)
    for style in net.STYLES:
        for wrap in (False, True):
            tree = net.spanning_tree(7, 9, wrap=wrap, style=style, rng=rng)
            assert net.is_solution(net.Board(tree, wrap), tree, connected=True)
            if style == "grow":
                assert all(t != 15 for row in tree for t in row)


def test_limits_give_up():
    board = net.parse(net.format_grid(net.spanning_tree(20, 20, rng=random.Random(1))))
    result = net.unique(board, connected=True, limits=Limits(nodes=1))
    assert result.status is Status.GAVE_UP or result.unique is not None
    stopped = net.generate(20, 20, seed=0, max_rounds=1)      # seed 0 needs several rounds
    assert stopped.status is Status.GAVE_UP and stopped.board is None


def test_svg_is_small_and_well_formed():
    svg = net.render_svg(net.example().tiles)
    assert svg.startswith("<svg") and svg.endswith("</svg>") and svg.count("<line") > 20


def test_docstring_examples():
    import doctest

    from puzzlesmith.engines import csp

    for module in (net, csp):
        assert doctest.testmod(module).failed == 0


def test_validate_boards_built_in_code():
    with pytest.raises(InvalidPuzzle, match="line 1, column 2: tile 16"):
        net.solve(net.Board(((1, 16),)))
    with pytest.raises(InvalidPuzzle, match="row has 1 tiles"):
        net.validate(net.Board(((1, 4), (2,))))
    assert net.validate(net.example()) == net.example()
