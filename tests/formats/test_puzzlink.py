"""Star Battle <-> puzz.link (pzprjs) URLs: round trips, real links, an independent decoder,
and errors as one line (exit 2)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.starbattle.board import StarBattle
from puzzlesmith.puzzles.starbattle.formats import format_puzzlink, parse_puzzlink

from ..cli.conftest import run_cli
from .helpers import assert_one_line_error, lines

STARBATTLE = get("starbattle")
URLS = lines("starbattle-puzzlink.txt")


def independent_regions(url: str) -> set[frozenset]:
    """A second, plain decoder: every wall bit as a '0'/'1' character, then union-find."""
    cols, rows, _, body = url.split("?", 1)[1].split("/")[1:5]
    cols, rows = int(cols), int(rows)
    across, down = (cols - 1) * rows, cols * (rows - 1)
    first = (across + 4) // 5
    bits_a = "".join(format(int(ch, 32), "05b") for ch in body[:first])[:across]
    bits_d = "".join(format(int(ch, 32), "05b") for ch in body[first:])[:down]
    parent = {(r, c): (r, c) for r in range(rows) for c in range(cols)}

    def root(cell):
        while parent[cell] != cell:
            cell = parent[cell]
        return cell

    for k, bit in enumerate(bits_a):
        if bit == "0":
            r, c = divmod(k, cols - 1)
            parent[root((r, c))] = root((r, c + 1))
    for k, bit in enumerate(bits_d):
        if bit == "0":
            r, c = divmod(k, cols)
            parent[root((r, c))] = root((r + 1, c))
    groups: dict = {}
    for cell in parent:
        groups.setdefault(root(cell), set()).add(cell)
    return {frozenset(g) for g in groups.values()}


def regions(puzzle: StarBattle) -> set[frozenset]:
    groups: dict = {}
    for r, row in enumerate(puzzle.grid):
        for c, ch in enumerate(row):
            groups.setdefault(ch, set()).add((r, c))
    return {frozenset(g) for g in groups.values()}


def test_the_pzprjs_test_puzzle():
    """pzprjs's own test gives this link's rooms (test/script/starbattle.js)."""
    puzzle = parse_puzzlink("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou")
    rooms = ["000111", "011122", "033442", "553342", "544442", "522222"]
    assert puzzle.grid == tuple(row.translate(str.maketrans("012345", "ABCDEF"))
                                for row in rooms)


@pytest.mark.parametrize("url", URLS)
def test_real_links(url):
    puzzle = STARBATTLE.parse(url)
    assert regions(puzzle) == independent_regions(url)
    assert format_puzzlink(puzzle).split("?")[1] == url.split("?")[1]
    result = STARBATTLE.solve(puzzle, unique=True)
    assert result.unique is True
    assert STARBATTLE.is_solution(puzzle, result.solution).ok


@st.composite
def partitions(draw) -> StarBattle:
    """Random region grids: random labels, each connected piece its own region."""
    rows, cols = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    labels = draw(st.lists(st.integers(0, 3), min_size=rows * cols, max_size=rows * cols))
    names = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    names += "".join(chr(c) for c in range(0x100, 0x300) if chr(c).isalpha())
    piece = [[-1] * cols for _ in range(rows)]
    count = 0
    for r0 in range(rows):
        for c0 in range(cols):
            if piece[r0][c0] < 0:
                piece[r0][c0], todo = count, [(r0, c0)]
                while todo:
                    r, c = todo.pop()
                    for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                        if (0 <= nr < rows and 0 <= nc < cols and piece[nr][nc] < 0
                                and labels[nr * cols + nc] == labels[r * cols + c]):
                            piece[nr][nc] = count
                            todo.append((nr, nc))
                count += 1
    grid = tuple("".join(names[k] for k in row) for row in piece)
    return StarBattle(grid, (0,) * rows, (0,) * cols, dict.fromkeys(set("".join(grid)), 0))


@settings(max_examples=200, deadline=None)
@given(partitions())
def test_round_trip(puzzle):
    url = format_puzzlink(puzzle)
    assert independent_regions(url) == regions(puzzle)
    back = parse_puzzlink(url)
    assert regions(back) == regions(puzzle)
    assert format_puzzlink(back) == url


def test_generate_links_decode_to_the_same_regions():
    code, sb, _ = run_cli(["generate", "starbattle", "--size", "8", "--count", "2",
                           "--seed", "11"])
    code2, out, _ = run_cli(["generate", "starbattle", "--size", "8", "--count", "2",
                             "--seed", "11", "--format", "puzzlink"])
    assert code == code2 == 0
    made = STARBATTLE.parse_all(sb)
    links = out.split()
    assert len(links) == 2 and all(u.startswith("https://puzz.link/p?starbattle/8/8/1/")
                                   for u in links)
    assert [independent_regions(u) for u in links] == [regions(p) for p in made]


def test_cli_reads_links_from_argument_file_and_stdin(tmp_path):
    url = URLS[0]
    by_arg = run_cli(["solve", "starbattle", url, "--unique"])
    path = tmp_path / "link.txt"
    path.write_text(url + "\n")
    by_file = run_cli(["solve", "starbattle", str(path)])
    by_stdin = run_cli(["solve", "starbattle", "-"], stdin=url)
    assert by_arg[0] == by_file[0] == by_stdin[0] == 0
    assert by_arg[1] == by_file[1] == by_stdin[1]
    code, out, _ = run_cli(["render", "starbattle", url, "--format", "puzzlink"])
    assert code == 0 and out.strip() == url
    assert run_cli(["solve", "starbattle", url, "--format", "puzzlink"])[1].strip() == url


@pytest.mark.parametrize("url, words", [
    ("https://puzz.link/p?nurikabe/6/6/1/4ilbhgdnmhou", "unknown puzzle type 'nurikabe'"),
    ("https://puzz.link/p?starbattle/v:/6/6/1/4ilbhgdnmhou", "variant 'v:'"),
    ("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhoU",
     "borders: 'U' is not 0-9a-v (body character 14)"),
    ("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmho",
     "the borders have 11 characters, a 6x6 grid (columns x rows) needs 12"),
    ("https://puzz.link/p?starbattle/6/6/4ilbhgdnmhou", "expected the stars count"),
    ("https://puzz.link/p?starbattle/9/9/42/12a955kh37khi20fe0g13toea1c07g",
     "row 1 cannot hold 42 stars"),
    ("https://puzz.link/p?starbattle/0/6/1/", "each side must be 1 to"),
])
def test_errors_are_one_line(url, words):
    assert_one_line_error(parse_puzzlink, "starbattle", url, words)


def test_links_refuse_what_they_cannot_hold():
    holes = StarBattle(("A.", "AA"), (1, 0), (1, 0), {"A": 1})
    with pytest.raises(InvalidPuzzle, match="stay empty"):
        format_puzzlink(holes)
    split = StarBattle(("AB", "BA"), (1, 1), (1, 1), {"A": 1, "B": 1})
    with pytest.raises(InvalidPuzzle, match="several pieces"):
        format_puzzlink(split)
