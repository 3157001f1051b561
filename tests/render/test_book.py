"""Puzzle books: pages, numbering, solutions at the back, one deadline, reading files."""

from __future__ import annotations

import io

import pypdf
import pytest

from puzzlesmith import book
from puzzlesmith.errors import InvalidPuzzle, UsageError
from puzzlesmith.render import draw
from puzzlesmith.results import Limits, Status

from .toys import PUZZLE as TOY


def nested(svg: str) -> int:
    """How many drawings a page holds."""
    root = draw.parse(svg)
    return sum(1 for e in root.iter(f"{{{draw.NS}}}svg") if e is not root)


@pytest.mark.parametrize(("count", "per_page", "puzzle_pages", "solution_pages"),
                         [(12, 4, 3, 1), (12, 1, 12, 3), (5, 2, 3, 1), (17, 4, 5, 2)])
def test_page_counts(count, per_page, puzzle_pages, solution_pages):
    result = book.make_book(TOY, count=count, seed=1, per_page=per_page)
    assert result.status == Status.SOLVED
    assert (result.puzzle_pages, result.solution_pages) == (puzzle_pages, solution_pages)
    reader = pypdf.PdfReader(io.BytesIO(result.pdf))
    assert len(reader.pages) == result.pages == puzzle_pages + solution_pages


def test_pages_hold_numbered_puzzles_then_their_solutions():
    runs = book._runs(TOY, book.generate_entries(TOY, 6, seed=3, limits=Limits())[0],
                      4, "a4", True, Limits())
    pages = book.layout(runs)
    assert [nested(p) for p in pages] == [4, 2, 6]
    assert [draw.count(p, "star") for p in pages] == [0, 0, 6]
    first = [e.text for e in draw.parse(pages[0]).iter(f"{{{draw.NS}}}text")]
    assert first[0] == "Drawntoy" and {"1", "2", "3", "4"} <= set(first)
    assert "rating easy · seed 3" in first and "1 / 3" in first
    solutions = [e.text for e in draw.parse(pages[2]).iter(f"{{{draw.NS}}}text")]
    assert solutions[0] == "Drawntoy: solutions"


def test_reproducible_by_seed_and_seed_reported():
    from puzzlesmith.seeds import run_seeds

    a = book.make_book(TOY, count=3, seed=7)
    b = book.make_book(TOY, count=3, seed=7)
    made = [1 + seed % 50 for seed in run_seeds(7, 3)]  # the toy's N from each seed
    assert [e.instance for e in a.entries] == [e.instance for e in b.entries] == made
    assert a.to_dict()["seed"] == 7
    from tests.cli.toy import PUZZLE as PLAIN  # a tiny drawing, whatever the seed drawn

    assert book.make_book(PLAIN, count=1).details["seed"] is not None


def test_letter_paper_and_no_solutions():
    result = book.make_book(TOY, count=3, seed=1, paper="letter", solutions=False)
    page = pypdf.PdfReader(io.BytesIO(result.pdf)).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)
    assert (result.pages, result.solution_pages) == (1, 0)


def test_gives_up_at_the_deadline_without_a_book():
    result = book.make_book(TOY, count=50, seed=1, limits=Limits(seconds=0.1), slow=0.02)
    assert result.status == Status.GAVE_UP and result.pdf is None
    assert 0 < len(result.entries) < 50 and "no book written" in result.messages[0]


def test_progress_reports_done_of_total():
    seen = []
    book.make_book(TOY, count=3, seed=1, progress=seen.append)
    stages = [s.extra["stage"] for s in seen]
    assert "generating 3 of 3" in stages and "printing page 2 of 2" in stages
    assert all(s.extra["total"] >= s.extra["done"] for s in seen)


def test_from_texts_one_a_line_for_inline_puzzles():
    result = book.make_book(TOY, texts=[("a.txt", "4"), ("b.txt", "# two\n2\n\n3\n")])
    assert [e.instance for e in result.entries] == [4, 2, 3]
    assert [e.source for e in result.entries] == ["a.txt", "b.txt:2", "b.txt:4"]
    assert result.details["seed"] is None and result.pages == 2


def test_from_texts_errors_name_the_file_and_line():
    with pytest.raises(InvalidPuzzle, match="b.txt: line 2"):
        book.make_book(TOY, texts=[("b.txt", "2\nxx\n")])
    with pytest.raises(InvalidPuzzle, match="no puzzles"):
        book.make_book(TOY, texts=[])


def test_an_unsolvable_puzzle_stops_the_book():
    result = book.make_book(TOY, texts=[("zero.txt", "0")])
    assert result.status == Status.UNSOLVABLE and result.pdf is None
    assert "zero.txt: no solution" in result.messages


@pytest.mark.parametrize(("kwargs", "text"), [
    ({"count": 2, "paper": "a3"}, "unknown paper"),
    ({"count": 2, "per_page": 0}, "--per-page"),
    ({"count": 2, "per_page": 99}, "--per-page"),
    ({}, "--count"),
])
def test_bad_arguments(kwargs, text):
    with pytest.raises(UsageError, match=text):
        book.make_book(TOY, **kwargs)


def test_grid_shape_fits_the_drawings():
    assert book.grid_shape(4, 1.0, 500, 700) == (2, 2)
    assert book.grid_shape(6, 1.0, 500, 700) == (3, 2)
    assert book.grid_shape(2, 3.0, 500, 700) == (2, 1)
    assert book.grid_shape(1, 1.0, 500, 700) == (1, 1)
