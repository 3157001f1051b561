"""The declared genres as puzzles (:mod:`puzzlesmith.puzzles.declared`): their formats, shared
texts that name the puzzle, answers as text, and the verbs the conformance test cannot see."""

from __future__ import annotations

import dataclasses
import json
import sys
import types
from pathlib import Path

import pytest

from puzzlesmith import puzzles
from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.genres.declared import lightup
from puzzlesmith.genres.language import Deduction
from puzzlesmith.puzzles import declared, get, identify
from puzzlesmith.puzzles.web import wrong_marks
from puzzlesmith.render import draw
from puzzlesmith.results import Status
from tests.cli.conftest import one_line, run_cli

GENRES = ("lightup", "hitori", "nurikabe", "slitherlink")
PZPRJS = {"lightup": "lightup", "hitori": "hitori", "nurikabe": "nurikabe",
          "slitherlink": "slither"}
TATHAM = {"lightup": "lightup", "singles": "hitori", "loopy": "slitherlink"}


def pzprjs(data_dir: Path, name: str) -> dict:
    return json.loads((data_dir / "genres" / "pzprjs" / f"{PZPRJS[name]}.json").read_text())[0]


def tatham_ids(data_dir: Path, game: str, per_file: int = 2) -> list[str]:
    folder = data_dir / "genres" / "tatham" / game
    return [line for path in sorted(folder.glob("*.txt"))
            for line in path.read_text().split()[:per_file]]


@pytest.mark.parametrize("name", GENRES)
def test_pzprjs_urls_name_their_genre_and_solve_to_its_answer(data_dir, name):
    case = pzprjs(data_dir, name)
    puzzle, g = identify(case["url"])
    assert puzzle.name == name and puzzle.format(g, "puzzlink") == case["url"]
    result = puzzle.solve(g, unique=True)
    assert result.unique is True and puzzle.is_solution(g, result.solution).ok
    if "answer" in case:
        marked = {(r, c) for r, row in enumerate(case["answer"]) for c, ch in enumerate(row)
                  if ch == "#"}
        assert result.solution == marked
    else:
        assert result.solution == {tuple(map(tuple, edge)) for edge in case["loop"]}


@pytest.mark.parametrize(("game", "name"), TATHAM.items())
def test_tatham_ids_read_write_and_solve(data_dir, game, name):
    """Every fresh Tatham ID of every preset (20 each; 10 at 20x20): read, written back,
    solved, proven unique and checked."""
    puzzle = get(name)
    for text in tatham_ids(data_dir, game, per_file=20):
        g = puzzle.parse(text)
        assert puzzle.recognises(text) and puzzle.format(g, "tatham") == text
        result = puzzle.solve(g, unique=True)
        assert result.unique is True and puzzle.is_solution(g, result.solution).ok


@pytest.mark.parametrize("game", TATHAM)
def test_tatham_ids_name_their_genre(data_dir, game):
    """Every ID, Singles' of hex digits too (Net takes only tiles with a spanning tree's
    count of ends)."""
    texts = tatham_ids(data_dir, game, per_file=20)
    assert {identify(text)[0].name for text in texts} == {TATHAM[game]}


def test_net_and_fifteen_ids_stay_theirs():
    assert identify("3x2:ce6224")[0].name == "net"
    assert identify("2x2:1,2,3,0")[0].name == "sliding"
    singles = "5x5:1331414522413314514221134"  # hex digits, but not a spanning tree's ends
    assert identify(singles)[0].name == "hitori"
    code, out, err = run_cli(["solve", "hitori", singles, "--unique"])
    assert code == 0 and len(out.split()) == 5, err


@pytest.mark.parametrize("name", GENRES)
@pytest.mark.parametrize("style", ["grid", "puzzlink", "tatham"])
def test_every_format_reads_back(name, style):
    puzzle = get(name)
    g = puzzle.example()
    if style not in puzzle.styles["format"]:
        assert name == "nurikabe"
        return
    assert puzzle.canonical(puzzle.parse(puzzle.format(g, style))) == puzzle.canonical(g)


@pytest.mark.parametrize("name", GENRES)
def test_answers_read_back_with_ruled_out_marks(name):
    puzzle = get(name)
    g = puzzle.example()
    answer = puzzle.solve(g).solution
    text = puzzle.format_answer(g, answer)
    assert puzzle.parse_answer(g, text) == answer
    ruled = text.replace(" " if name == "slitherlink" else ".", "x", 1)
    marks = puzzle.parse_answer(g, ruled)
    assert marks == answer and len(marks.ruled_out) == 1
    assert set(marks.known().values()) == {True, False}


def test_the_loop_drawing():
    puzzle = get("slitherlink")
    g = puzzle.parse("3.")
    loop = puzzle.solve(g).solution
    assert puzzle.format_answer(g, loop) == "+-+-+\n|3  |\n+-+-+\n"
    with pytest.raises(InvalidPuzzle, match="is not an edge"):
        puzzle.parse_answer(g, "+-+-+\n|3  |\n+*+-+\n")
    with pytest.raises(InvalidPuzzle, match="expected 3"):
        puzzle.parse_answer(g, "+-+-+\n")


def test_a_wrong_answer_names_its_cells():
    puzzle = get("hitori")
    g = puzzle.parse("11\n12")
    check = puzzle.is_solution(g, frozenset())
    assert not check.ok and "r1c1" in check.details["wrong"]
    with pytest.raises(InvalidPuzzle, match="column 2"):
        puzzle.parse_answer(g, "#*\n..")
    assert puzzle.parse_answer(g, "#1\n12") == {(0, 0)}  # the numbers of white cells kept


@pytest.mark.parametrize("name", GENRES)
def test_the_store_keys_the_eight_turns_alike(name):
    puzzle = get(name)
    texts = puzzle.symmetric_texts(puzzle.example())
    assert len(texts) == 8 and puzzle.canonical(puzzle.example()) in texts
    turned = puzzle.parse(texts[6])
    assert min(puzzle.symmetric_texts(turned)) == min(texts)


def test_the_plain_drawing(monkeypatch):
    monkeypatch.setattr(declared, "_genre_module", lambda name: None)
    for name in GENRES:
        puzzle = get(name)
        g = puzzle.example()
        for answer in (None, puzzle.solve(g).solution):
            assert draw.parse(puzzle.render_svg(g, answer)).get("viewBox")


# -- the command line ------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "name"), [
    ("https://puzz.link/p?akari/3/3/i7.g.g", "lightup"),
    ("7x7t0:b2a321a3a2a2b1f33a3c021b33g1a3b3", "slitherlink"),
    ("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g", "nurikabe"),
])
def test_solve_a_link_or_id_without_naming_the_puzzle(text, name):
    code, out, err = run_cli(["solve", text, "--unique", "--format", "json"])
    assert code == 0 and json.loads(out)["puzzle"] == name, err


@pytest.mark.parametrize(("args", "code", "words"), [
    (["solve", "https://puzz.link/p?akari/3/3/zz"], 2, "puzz.link URL"),
    (["solve", "lightup", "https://puzz.link/p?slither/3/3/zz"], 2, "of slither, not of lightup"),
    (["count", "slitherlink", "2x2t1:ab"], 2, "'t1' is not read"),
    (["solve", "lightup", "5x5:a"], 2, "ends after 1 of 25 cells"),
    (["solve", "nurikabe", "file:9."], 1, "no solution"),
    (["solve", "slitherlink", "file:4.\n.4"], 1, "no solution"),
    (["solve", "hitori", "tests/puzzles/hitori/hostile/clue-out-of-range.txt"], 2,
     "clue is 1 to 35, got 0"),
])
def test_hostile_texts_end_in_one_line(args, code, words, tmp_path):
    if args[-1].startswith("file:"):
        (tmp_path / "p.txt").write_text(args[-1].removeprefix("file:"))
        args[-1] = str(tmp_path / "p.txt")
    got, out, err = run_cli(args)
    assert got == code and words in one_line(err) and "Traceback" not in err, err


# -- rate, hint and --explain, on the deductions' interface ----------------------------------


def fake_deduce(step: Deduction | None) -> types.SimpleNamespace:
    """A stand-in for ``puzzlesmith.genres.deduce`` with the interface the adapter uses."""
    explained = types.SimpleNamespace(steps=[step] if step else [], solved=step is not None,
                                      contradiction=False, why=None, level="easy", score=1)
    return types.SimpleNamespace(explain=lambda genre, g, marks=None, *, limits=None: explained,
                                 next_step=lambda genre, g, marks: step)


@pytest.fixture
def deduce(monkeypatch):
    step = Deduction(((0, 1),), False, "count", "the 2 shaded cells are found")
    real = declared._genre_module
    monkeypatch.setattr(declared, "_genre_module",
                        lambda name: fake_deduce(step) if name == "deduce" else real(name))
    return step


def test_rate_hint_and_explain_use_the_deductions(deduce):
    puzzle = get("lightup")
    g = puzzle.parse("...\n2.#\n.#.")
    rating = puzzle.rate(g, explain=True)
    assert (rating.level, rating.details["deductions"]) == ("easy", {"count": 1})
    assert rating.details["steps"] == [str(deduce)]
    hint = puzzle.hint(g)
    assert hint.text == str(deduce) and hint.details["cells"] == ["r1c2"]
    assert puzzle.hint_marks(g, None, hint) == [[0, 1, "dot"]]
    solved = puzzle.solve(g, explain=True)
    assert solved.details["steps"] == [str(deduce)]


def test_a_hint_finds_a_mistake_and_the_end(deduce):
    puzzle = get("lightup")
    g = puzzle.parse("...\n2.#\n.#.")
    answer = puzzle.solve(g).solution
    wrong = puzzle.hint(g, puzzle.parse_answer(g, "*..\n2.#\n.#."))
    assert wrong.details["rule"] == "mistake" and wrong.details["wrong"] == ["r1c1"]
    assert puzzle.hint(g, answer).details["rule"] == "done"
    impossible = puzzle.hint(puzzle.parse("1#\n#."))
    assert impossible.status is Status.UNSOLVABLE and impossible.details["rule"] == "no solution"


def test_a_plugin_that_declares_a_genre_is_a_puzzle(monkeypatch):
    """A module registered like any plugin (here by hand) with ``GENRE`` and no ``PUZZLE``."""
    module = types.ModuleType("akari_plugin", "Akari: Light Up under another name.")
    module.GENRE = dataclasses.replace(lightup, name="akari", title="Akari")
    module.CLUES, module.EXAMPLE = range(5), "...\n2.#\n.#."
    monkeypatch.setitem(sys.modules, "akari_plugin", module)
    monkeypatch.setitem(puzzles.REGISTRY, "akari", "akari_plugin")
    akari = get("akari")
    assert akari is get("akari") and akari.label == "Akari" and akari.title.startswith("Akari:")
    assert akari.solve(akari.example(), unique=True).unique is True


def test_check_marks_the_players_mistakes():
    """On the page, Check marks the cells whose marks no answer has (a bulb too many, a dot
    on a bulb's cell), before the rules the marks break."""
    puzzle = get("lightup")
    g = puzzle.parse("...\n2.#\n.#.")
    state = puzzle.parse_answer(g, "*.x\n2.#\n.#.")
    check = puzzle.is_solution(g, state)
    assert puzzle.violation_marks(g, state, check) == [[0, 0], [0, 2]]
    right = puzzle.parse_answer(g, "..*\n2..\n.#.")  # no mistake, not finished
    check = puzzle.is_solution(g, right)
    assert puzzle.violation_marks(g, right, check) == wrong_marks(g, right, check) != []


def test_a_numbers_hint_places_or_rules_out_a_number():
    """A Numbers genre's hint keys (cell, n): placed ("number"), ruled out ("unnote": the
    pencil mark rubbed out), a mistake cleared ("wrong")."""
    from puzzlesmith.genres.language import Genre, Numbers
    from puzzlesmith.puzzles.declared import GenrePuzzle
    from puzzlesmith.results import HintResult, Stats

    toy = Genre("numbertoy", "Number toy", Numbers(1, 3), (), puzzlink="hitori")
    puzzle = GenrePuzzle(toy, clues=range(1, 4), example="..")
    hint = HintResult(Status.SOLVED, Stats(), move=[(((0, 1), 2), True), (((0, 0), 3), False),
                                                    (((0, 0), 1), None)])
    assert puzzle.hint_marks(puzzle.example(), None, hint) == [
        [0, 1, "number", 2], [0, 0, "unnote", 3], [0, 0, "wrong", 1]]
