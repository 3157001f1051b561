"""render --format png|pdf, book, and --plot through the command line, on toy puzzles."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pytest

from puzzlesmith import puzzles
from puzzlesmith.render import draw, export

from .conftest import run_cli


@pytest.fixture
def drawn(monkeypatch):
    monkeypatch.setitem(puzzles.REGISTRY, "drawntoy", "tests.render.toys")
    return run_cli


def test_render_svg_has_a_title_line_and_the_solution(drawn):
    code, out, err = drawn(["render", "drawntoy", "5", "--solution", "--format", "svg"])
    assert code == 0, err
    root = draw.parse(out)
    assert root.get("viewBox") and draw.count(out, "star") == 1
    texts = [e.text for e in root.iter(f"{{{draw.NS}}}text")]
    assert texts == ["Drawntoy · solution"]
    assert draw.count(drawn(["render", "drawntoy", "5", "--format", "svg"])[1], "star") == 0


@pytest.mark.parametrize("fmt", ["png", "pdf"])
def test_render_binary_formats(drawn, tmp_path, fmt):
    target = tmp_path / f"board.{fmt}"
    code, out, err = drawn(["render", "drawntoy", "5", "--format", fmt, "--out", target])
    assert code == 0, err
    data = target.read_bytes()
    if fmt == "png":
        assert data[:8] == export.PNG_MAGIC
    else:
        assert export.pdf_pages(data) == 1


def test_render_json_carries_the_svg(drawn):
    code, out, _ = drawn(["render", "drawntoy", "3", "--format", "json", "--solution"])
    body = json.loads(out)
    assert code == 0 and body["status"] == "solved"
    assert draw.count(body["drawing"], "star") == 1


def test_book_pdf_and_json_report(toy, tmp_path):
    target = tmp_path / "b.pdf"
    code, out, err = toy(["book", "toy", "--count", "12", "--per-page", "4", "--seed", "1",
                          "--out", target, "--format", "json"])
    assert code == 0, err
    body = json.loads(out)
    assert {"puzzle", "status", "seconds", "nodes"} <= set(body)
    assert (body["puzzles"], body["pages"], body["puzzle_pages"]) == (12, 4, 3)
    assert len(pypdf.PdfReader(target).pages) == 4
    assert "12 puzzles, 4 pages (3 of puzzles, 1 of solutions), seed 1" in err


def test_book_from_a_directory(toy, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for n in (3, 4, 5):
        (folder / f"{n}.txt").write_text(f"{n}\n")
    (folder / ".hidden").write_text("junk")
    target = tmp_path / "b.pdf"
    code, out, err = toy(["book", "toy", "--from", folder, "--per-page", "2", "--out", target,
                          "--format", "json", "--paper", "letter"])
    assert code == 0, err
    assert [e["source"].rsplit("/", 1)[1] for e in json.loads(out)["entries"]] == \
        ["3.txt", "4.txt", "5.txt"]
    assert len(pypdf.PdfReader(target).pages) == 3


def test_book_gives_up_at_the_timeout_and_writes_nothing(toy, tmp_path):
    target = tmp_path / "b.pdf"
    code, out, err = toy(["book", "toy", "--count", "40", "--slow", "0.02", "--timeout", "0.2",
                          "--out", target, "--format", "json"])
    assert code == 3 and json.loads(out)["status"] == "gave-up"
    assert not target.exists() and "Traceback" not in err


@pytest.mark.parametrize("args", [
    ["--count", "2"],  # no --out
    ["--count", "2", "--from", "x", "--out", "b.pdf"],
    ["--count", "0", "--out", "b.pdf"],
    ["--count", "2", "--per-page", "99", "--out", "b.pdf"],
    ["--count", "2", "--paper", "a3", "--out", "b.pdf"],
    ["--from", "/no/such/dir", "--out", "b.pdf"],
    ["--count", "2", "--out", "/no/such/dir/b.pdf"],
    ["--count", "2", "--out", "-"],
])
def test_book_bad_usage_is_one_error_line(toy, tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    code, out, err = toy(["book", "toy", *args, "--format", "json"])
    assert code == 2 and json.loads(out)["status"] == "error", (out, err)
    assert "Traceback" not in err and not (tmp_path / "b.pdf").exists()


def test_compare_and_bench_plots(drawn, tmp_path):
    pytest.importorskip("matplotlib")
    chart = tmp_path / "c.svg"
    code, out, err = drawn(["compare", "drawntoy", "4", "--plot", chart, "--format", "json"])
    assert code == 0, err
    svg = chart.read_text()
    assert draw.parse(svg).get("viewBox") and "fast / h" in svg and "gave up" in svg
    chart = tmp_path / "b.png"
    code, out, err = drawn(["bench", "drawntoy", "--repeat", "1", "--plot", chart])
    assert code == 0, err
    assert chart.read_bytes()[:8] == export.PNG_MAGIC


def test_plot_errors_come_before_the_work(drawn, tmp_path, monkeypatch):
    import sys

    code, out, err = drawn(["compare", "drawntoy", "4", "--plot", tmp_path / "c.jpg",
                            "--format", "json"])
    assert code == 2 and ".svg, .png or .pdf" in json.loads(out)["error"]
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, out, err = drawn(["bench", "drawntoy", "--plot", tmp_path / "c.png"])
    assert code == 2 and "puzzlesmith[plot]" in err and err.count("\n") == 1


def test_book_is_made_of_the_generated_puzzles(tmp_path):
    """The book of seed S holds the puzzles ``generate --seed S --count N`` prints."""
    code, made, err = run_cli(["generate", "starbattle", "--size", "6", "--stars", "1",
                               "--seed", "4", "--count", "2", "--format", "json"])
    assert code == 0, err
    folder = tmp_path / "in"
    folder.mkdir()
    for k, one in enumerate(json.loads(made)["puzzles"]):
        (folder / f"{k}.sb").write_text(one["text"])
    code, out, err = run_cli(["book", "starbattle", "--from", folder, "--out", tmp_path / "a.pdf",
                              "--format", "json"])
    assert code == 0, err
    ratings = [e["rating"] for e in json.loads(out)["entries"]]
    code, out, err = run_cli(["book", "starbattle", "--size", "6", "--stars", "1", "--seed", "4",
                              "--count", "2", "--out", tmp_path / "b.pdf", "--format", "json"])
    assert code == 0, err
    assert [e["rating"] for e in json.loads(out)["entries"]] == ratings
    assert ratings == [one["rating"] for one in json.loads(made)["puzzles"]]


def test_render_real_puzzles_as_png(tmp_path):
    target = tmp_path / "board.png"
    from puzzlesmith import examples

    source = Path(examples.__file__).with_name("starbattle_12x12_2.sb")
    code, _, err = run_cli(["render", "starbattle", source, "--solution", "--format", "png",
                            "--out", target])
    assert code == 0, err
    assert target.read_bytes()[:8] == export.PNG_MAGIC


def test_book_from_one_file_of_several_puzzles(tmp_path):
    made = tmp_path / "made.sb"
    code, _, err = run_cli(["generate", "starbattle", "--size", "6", "--stars", "1", "--seed", "1",
                            "--count", "3", "--out", made])
    assert code == 0, err
    code, out, err = run_cli(["book", "starbattle", "--from", made, "--per-page", "3",
                              "--out", tmp_path / "b.pdf", "--format", "json"])
    assert code == 0, err
    body = json.loads(out)
    assert body["puzzles"] == 3 and body["pages"] == 2
    assert [e["source"].rsplit("/", 1)[1] for e in body["entries"]] == \
        ["made.sb#1", "made.sb#2", "made.sb#3"]


def test_book_from_a_file_of_boards_one_a_line(tmp_path):
    """Generation defaults (sliding's --size 4) do not reach the parsing of --from files."""
    boards = tmp_path / "boards.txt"
    boards.write_text("8 6 7 2 5 4 3 0 1\n# a comment\n\n1 2 3 4 5 6 0 7 8\n")
    code, out, err = run_cli(["book", "sliding", "--from", boards, "--out", tmp_path / "b.pdf",
                              "--format", "json"])
    assert code == 0, err
    body = json.loads(out)
    assert body["puzzles"] == 2 and body["seed"] is None
    assert [e["source"].rsplit(":", 1)[1] for e in body["entries"]] == ["1", "4"]
