"""Conformance: every registered puzzle, and the modules in :data:`EXTRA`, through every verb
it declares.

Everything comes from the puzzle objects (``verbs``, ``styles``, ``options``, ``example()``
and ``quick_params``), nothing from tables keyed by puzzle name: a puzzle is tested here by
being registered.  Each puzzle is run on a small instance, the first puzzle ``generate``
prints with the quick options (so the generated text is also read back by every verb), or
the example for a puzzle that does not generate; the example itself is drawn, viewed on the
web and stored.  What is particular to one puzzle lives in its own tests folder, as files:
hostile input only it can get wrong in ``tests/puzzles/<name>/hostile/``, turned or mirrored
copies of its example in ``tests/puzzles/<name>/symmetric/``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from puzzlesmith import puzzles
from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles.protocol import Option, Puzzle
from puzzlesmith.render import draw
from puzzlesmith.results import EXIT_CODES, Status
from puzzlesmith.seeds import run_seeds
from puzzlesmith.serve.api import Settings, handle
from puzzlesmith.store import Store, entry_for
from tests.cli.conftest import one_line, run_cli

#: Puzzle modules tested besides the registered puzzles (each module's ``PUZZLE``).
EXTRA = ("puzzlesmith.puzzles.template.puzzle", "tests.plugin_example.puzzlesmith_latin.puzzle")

EXTRA_MODULES = {puzzles.from_module(m).name: m for m in EXTRA}
MODULES = {**puzzles.registry(), **EXTRA_MODULES}
NAMES = list(MODULES)
#: Limits for runs that may search far: a node budget, and time only as a backstop.
SMALL_LIMITS = ("--nodes", "20000", "--timeout", "2")
#: Input every reader refuses (exit 2), written to a file.
HOSTILE = {
    "empty": b"",
    "blank lines": b"\n\n  \n",
    "binary": b"\x00\x01\x02\xff",
    "unknown characters": b"@#$%\n&*()\n",
    "huge number": b"9" * 5000,
}
#: A large number given on the command line to puzzles that read a board there (``inline``):
#: a large board to some (N-Queens), bad input to others.
LARGE_INLINE = "2000"
OWN_CASES = Path(__file__).parent / "puzzles"
FULL = "/dev/full"


def puzzle(name: str) -> Puzzle:
    return puzzles.from_module(MODULES[name])


def pairs(which=lambda p: p.verbs) -> list[tuple[str, str]]:
    return [(name, verb) for name in NAMES for verb in sorted(which(puzzle(name)))]


def ids(cases) -> list[str]:
    return [" ".join(map(str, case)) for case in cases]


@pytest.fixture(scope="module", autouse=True)
def registered():
    """The modules of :data:`EXTRA` in the registry while these tests run."""
    with pytest.MonkeyPatch.context() as patch:
        for name, module in EXTRA_MODULES.items():
            patch.setitem(puzzles.REGISTRY, name, module)
        yield


# -- the instance each puzzle is run on ------------------------------------------------------


def quick(p: Puzzle, verb: str) -> dict:
    """The puzzle's quick options that ``verb`` takes when it runs (not those that say how to
    read the instance)."""
    if verb == "book":  # a book of generated puzzles
        verb = "generate"
    offered = {o.name for o in p.options_for(verb) if verb == "generate" or o.phase == "run"}
    return {k: v for k, v in p.quick_params.items() if k in offered}


def flags(params: dict) -> list[str]:
    """Keyword arguments as command-line flags."""
    out: list[str] = []
    for name, value in params.items():
        flag = "--" + name.replace("_", "-")
        out += [flag] if value is True else [] if value in (None, False) else [flag, str(value)]
    return out


@cache
def instance_text(name: str) -> str:
    """What the tests feed the puzzle: the first puzzle ``generate`` prints with the quick
    options, or the example for a puzzle that does not generate."""
    p = puzzle(name)
    if "generate" not in p.verbs:
        return p.format(p.example())
    code, out, err = run_cli(["generate", name, *flags(quick(p, "generate")), "--seed", "1"])
    assert code == 0, err
    return out


@cache
def answer_text(name: str) -> str:
    """The answer ``solve`` prints for the instance."""
    code, out, err = run_cli(["solve", name, "-"], stdin=instance_text(name))
    assert code == 0, err
    return out


def write(path: Path, text: str | bytes) -> str:
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return str(path)


def arguments(name: str, verb: str, folder: Path, **options) -> list[str]:
    """The arguments of ``puzzlesmith VERB NAME`` on the instance (files in ``folder``), with
    the quick options and ``options``."""
    chosen = flags({**quick(puzzle(name), verb), **options})
    if verb in ("generate", "book"):
        return [*chosen, "--seed", "1", *(["--count", "1"] if verb == "book" else [])]
    source = write(folder / "puzzle.txt", instance_text(name))
    if verb == "bench":
        return [source, "--repeat", "1", *chosen]
    if verb == "check":
        return [source, write(folder / "answer.txt", answer_text(name)), *chosen]
    return [source, *chosen]


# -- the contract ------------------------------------------------------------------------


def contract(args: list[str]) -> tuple[int, dict, str]:
    """Run ``args`` with ``--format json``: exactly one JSON object on stdout with the
    contract's fields, the exit code its status's, no traceback; (code, object, stderr)."""
    code, out, err = run_cli([*args, "--format", "json"])
    body = json.loads(out)
    assert {"puzzle", "status", "seconds", "nodes"} <= set(body), body
    assert isinstance(body["seconds"], int | float) and isinstance(body["nodes"], int), body
    assert code == EXIT_CODES[Status(body["status"])], (code, body, err)
    assert "Traceback" not in err
    return code, body, err


@pytest.mark.parametrize(("name", "verb"), pairs(), ids=ids(pairs()))
def test_every_verb_keeps_the_json_contract(name, verb, tmp_path):
    code, body, err = contract([verb, name, *arguments(name, verb, tmp_path)])
    assert (code, body["puzzle"]) == (0, name), (body, err)


STYLES = [(name, verb, style) for name, verb in pairs()
          for style in puzzle(name).styles.get(verb, ())]


@pytest.mark.parametrize(("name", "verb", "style"), STYLES, ids=ids(STYLES))
def test_every_style_prints_the_answer(name, verb, style, tmp_path):
    code, out, err = run_cli([verb, name, *arguments(name, verb, tmp_path), "--format", style])
    assert code == 0 and out.strip() and "Traceback" not in err, (code, out, err)
    p = puzzle(name)
    if verb == "generate" and style in (p.styles["format"][0], p.shared_style):
        assert p.parse(out) is not None  # read back in the puzzle's own and shared formats


@pytest.mark.parametrize("name", [n for n in NAMES if "solve" in puzzle(n).verbs])
def test_check_accepts_the_solve_answer(name):
    p = puzzle(name)
    instance = p.parse(instance_text(name))
    assert p.is_solution(instance, p.parse_answer(instance, answer_text(name))).ok
    solution = p.solve(instance, **quick(p, "solve")).solution
    text = p.format_answer(instance, solution, (p.styles.get("solve") or (None,))[0])
    assert p.is_solution(instance, p.parse_answer(instance, text)).ok


# -- drawings, book, web page, store ---------------------------------------------------------


@pytest.mark.parametrize("name", [n for n in NAMES if "render" in puzzle(n).verbs])
def test_drawings_are_well_formed_svg(name, tmp_path):
    p = puzzle(name)
    draw.parse(p.render_svg(p.example()))
    for solution in ([], ["--solution"]) if "solve" in p.verbs else ([],):
        code, out, err = run_cli(["render", name, *arguments(name, "render", tmp_path), *solution,
                                  "--format", "svg"])
        assert code == 0, err
        drawing = draw.parse(out)
        title = next(drawing.iter(f"{{{draw.NS}}}text")).text
        assert drawing.get("viewBox") and title.endswith("solution") == bool(solution)


@pytest.mark.parametrize("name", [n for n in NAMES if {"solve", "render", "generate"}
                                  <= puzzle(n).verbs])
def test_a_book_of_generated_puzzles(name, tmp_path):
    import pypdf

    target = tmp_path / "b.pdf"
    code, body, err = contract(["book", name, *arguments(name, "book", tmp_path), "--count", "2",
                                "--per-page", "1", "--out", target])
    assert code == 0, err
    assert (body["puzzles"], body["puzzle_pages"]) == (2, 2)
    assert [e["seed"] for e in body["entries"]] == list(run_seeds(1, 2))
    assert len(pypdf.PdfReader(target).pages) == body["pages"] > 2


@pytest.mark.parametrize("name", NAMES)
def test_the_web_view_of_the_example(name):
    p = puzzle(name)
    code, body = handle(name, "view", {"text": p.format(p.example())}, Settings())
    assert code == 200 and body["board"], body
    assert p.canonical(p.parse(body["text"])) == p.canonical(p.example())


def data_files(name: str, folder: str) -> dict[str, bytes]:
    """The files of ``tests/puzzles/<name>/<folder>/``: a puzzle's own cases."""
    return {path.stem: path.read_bytes()
            for path in sorted((OWN_CASES / name / folder).glob("*.txt"))}


def turned_copies(p: Puzzle) -> list:
    """Copies of the example turned or mirrored: its ``symmetric_texts`` that read back as a
    different text, and the puzzle's own in ``tests/puzzles/<name>/symmetric/``."""
    example = p.canonical(p.example())
    texts = [*p.symmetric_texts(p.example()),
             *(text.decode() for text in data_files(p.name, "symmetric").values())]
    copies = []
    for text in texts:
        try:
            copy = p.parse(text)
        except InvalidPuzzle:  # a normal form, not a text of the puzzle's format
            continue
        if p.canonical(copy) != example:
            copies.append(copy)
    return copies


@pytest.mark.parametrize("name", NAMES)
def test_the_store_refuses_a_turned_or_mirrored_copy(name, tmp_path):
    p = puzzle(name)
    if not hasattr(p, "symmetric_texts"):
        pytest.skip("Puzzle.symmetric_texts is not there yet")
    copies = turned_copies(p)
    if not copies:
        pytest.skip(f"no turned copy of the {name} example to add")
    with Store(tmp_path / "store.db") as store:
        assert store.add(entry_for(p, p.example())).added
        assert not any(store.add(entry_for(p, copy)).added for copy in copies)
        assert len(store) == 1


# -- hostile input and parameters ------------------------------------------------------------


def readers(p: Puzzle) -> set[str]:
    """The verbs that read a puzzle."""
    return p.verbs - {"generate", "bench"}


def writers(p: Puzzle) -> set[str]:
    """The verbs that write an answer (``book``: its PDF)."""
    return p.verbs | ({"book"} if {"solve", "render", "generate"} <= p.verbs else set())


def own_cases(name: str) -> dict[str, bytes]:
    """The puzzle's own hostile inputs: the files in ``tests/puzzles/<name>/hostile/``."""
    return {f"own {label}": text for label, text in data_files(name, "hostile").items()}


BAD_INPUT = [(name, verb, label) for name, verb in pairs(readers)
             for label in [*HOSTILE, *own_cases(name)]]


@pytest.mark.parametrize(("name", "verb", "label"), BAD_INPUT, ids=ids(BAD_INPUT))
def test_bad_input_exits_2_with_one_line(name, verb, label, tmp_path):
    source = write(tmp_path / "bad.txt", {**HOSTILE, **own_cases(name)}[label])
    answer = [source] if verb == "check" else []
    code, body, err = contract([verb, name, source, *answer])
    assert (code, body["status"]) == (2, "error")
    one_line(err)


def hostile_values(option: Option) -> list:
    """Values that push ``option`` to its limits: every choice, the largest numbers, one
    below the minimum, text that is no size."""
    if isinstance(option.type, tuple):
        return list(option.type)
    if option.type is bool:
        return [True]
    below = [] if option.minimum is None else [option.minimum - 1]
    if option.type is int:
        return [10 ** 9, *below]
    if option.type is float:
        return [1e9, *below]
    return ["0", "x", "-3", "10x0", "100000x100000", "9" * 40]


PARAMETERS = [(name, verb, option.name, value) for name, verb in pairs()
              for option in puzzle(name).options_for(verb)
              for value in hostile_values(option)]


@pytest.mark.parametrize(("name", "verb", "option", "value"), PARAMETERS, ids=ids(PARAMETERS))
def test_hostile_parameters_end_in_a_status(name, verb, option, value, tmp_path):
    limits = SMALL_LIMITS if verb != "check" else ()
    code, body, err = contract([verb, name, *arguments(name, verb, tmp_path, **{option: value}),
                                *limits])
    if code == 2:
        one_line(err)


LARGE = [(name, verb, style) for name, verb in pairs(readers) if puzzle(name).inline
         for style in puzzle(name).styles.get(verb, ())]


@pytest.mark.parametrize(("name", "verb", "style"), LARGE, ids=ids(LARGE))
def test_every_style_of_a_large_inline_board(name, verb, style):
    answer = [LARGE_INLINE] if verb == "check" else []
    limits = SMALL_LIMITS if verb != "check" else ()
    code, out, err = run_cli([verb, name, LARGE_INLINE, *answer, *limits, "--format", style])
    assert code in (0, 1, 2, 3) and "Traceback" not in err, (code, err)
    if code == 2:
        one_line(err)


# -- files that cannot be read or written, and counts no limit allows --------------------------


@pytest.mark.skipif(not Path(FULL).exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(("name", "verb"), pairs(writers), ids=ids(pairs(writers)))
def test_out_on_a_full_device_fails_with_one_line(name, verb, tmp_path):
    code, body, err = contract([verb, name, *arguments(name, verb, tmp_path), "--out", FULL])
    assert code == 2 and one_line(err) == f"error: cannot write {FULL}: No space left on device"
    assert FULL in body["error"] and body["puzzle"] == name
    assert Path(FULL).is_char_device()  # written directly, never replaced by a file


@pytest.mark.parametrize("name", [n for n in NAMES if readers(puzzle(n))])
def test_a_missing_file_exits_2(name):
    verb = min(readers(puzzle(name)))
    answer = ["x"] if verb == "check" else []
    code, body, err = contract([verb, name, "/no/such/file.txt", *answer])
    assert (code, body["status"]) == (2, "error")
    one_line(err)


@pytest.mark.parametrize(("name", "verb"), pairs(), ids=ids(pairs()))
def test_an_unwritable_output_exits_2_before_any_work(name, verb, tmp_path):
    target = tmp_path / "missing" / "out.txt"
    code, body, err = contract([verb, name, *arguments(name, verb, tmp_path), "--out", target])
    assert (code, body["status"]) == (2, "error") and not target.exists()


@pytest.mark.parametrize("name", [n for n in NAMES if "generate" in puzzle(n).verbs])
def test_absurd_counts_end_at_the_limit(name):
    # A hundred million puzzles cannot be made in 1 s: only the limit (or a refusal) ends it.
    code, body, _ = contract(["generate", name, *flags(quick(puzzle(name), "generate")),
                              "--count", "100000000", "--timeout", "1"])
    assert code in (2, 3)
