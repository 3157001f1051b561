"""One runner per verb: read the arguments, call the library (:mod:`puzzlesmith.verbs`
where it runs the verb whole), return (instance, result).

Runners only translate command-line values into library calls; every verdict, count status
and table comes from the library.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from ..book import make_book
from ..puzzles.protocol import Puzzle
from ..render import plot
from ..render.figure import figure
from ..results import Limits, Status
from ..verbs import Failure, parse_input, run_verb
from .contract import Tracker, check_out, read_source, write_out

Runner = Callable[[Puzzle, dict, Limits, Tracker, str], tuple]


def _text(puzzle: Puzzle, params: dict, limits: Limits) -> str:
    """Read the SOURCE argument (popping it and --max-input from ``params``)."""
    source = params.pop("source")
    text = read_source(source, inline=puzzle.reads_inline(source),
                       max_input=params.pop("max_input"))
    limits.check("reading the input")
    return text


def _runner(verb: str, answer: str | None = None) -> Runner:
    """The runner of a verb the library runs whole (:func:`~puzzlesmith.verbs.run_verb`);
    ``answer`` names the argument holding the player's marks or answer, if the verb takes
    one (a file, ``-`` or the text itself)."""

    def run(puzzle, params, limits, tracker, fmt):
        max_input = params["max_input"]
        answer_source = params.pop(answer) if answer else None
        text = _text(puzzle, params, limits)
        state = None if answer_source is None else \
            read_source(answer_source, inline=True, max_input=max_input)
        return run_verb(puzzle, verb, text, params=params, state=state, limits=limits,
                        progress=tracker)

    return run


def generate(puzzle, params, limits, tracker, fmt):
    how_many, to_store, db = params.pop("how_many"), params.pop("to_store"), params.pop("db")
    _, result = run_verb(puzzle, "generate", params={**params, "count": how_many},
                         limits=limits, progress=tracker)
    if to_store:
        from .store import store_generated

        _, run = puzzle.split_params("generate", params)
        store_generated(puzzle, result, db, {k: v for k, v in run.items() if k != "seed"},
                        limits)
    return None, result


def render(puzzle, params, limits, tracker, fmt):
    if fmt in ("svg", "png", "pdf", "json"):
        instance, run = parse_input(puzzle, "render", _text(puzzle, params, limits), params,
                                    limits)
        drawing = "svg" if fmt == "json" else fmt
        return instance, figure(puzzle, instance, fmt=drawing, limits=limits, **run)
    return run_verb(puzzle, "render", _text(puzzle, params, limits),
                    params={**params, "style": fmt}, limits=limits)


def compare(puzzle, params, limits, tracker, fmt):
    chart = _chart(params.pop("plot"))
    source = params.get("source")
    instance, run = parse_input(puzzle, "compare", _text(puzzle, params, limits), params,
                                limits)
    result = puzzle.compare(instance, limits=limits, progress=tracker, **run)
    if chart:
        title = f"compare {puzzle.name}: {_one_line(source)}"
        write_out(plot.compare_chart(result.details.get("rows", []), title=title,
                                     fmt=plot.plot_format(chart)), chart)
    return instance, result


def bench(puzzle, params, limits, tracker, fmt):
    chart = _chart(params.pop("plot"))
    _, run = puzzle.split_params("bench", params)
    files = run.pop("files")
    texts = {path: read_source(path, max_input=puzzle.max_input) for path in files}
    result = puzzle.bench(texts, limits=limits, progress=tracker, **run)
    if chart and result.details.get("figures"):
        write_out(plot.bench_chart(result.details["figures"], fmt=plot.plot_format(chart),
                                   title=f"bench {puzzle.name}"), chart)
    return None, result

def _chart(path: str | None) -> str | None:
    """Check a --plot FILE before any work: matplotlib there, a known format, writable."""
    if path is None:
        return None
    plot.plot_format(path)
    plot.require()
    check_out(path)
    return path


def _one_line(text: str | None) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= 60 else text[:57] + "..."


def book(puzzle, params, limits, tracker, fmt):
    source, how_many = params.pop("source"), params.pop("how_many")
    max_input = params.pop("max_input")
    parse_names = {o.name for o in puzzle.options_for("render", "parse")}
    run_names = {o.name for o in puzzle.options_for("generate")}
    options = {k: params.pop(k) for k in list(params) if k in parse_names | run_names}
    options = {k: v for k, v in options.items() if v is not None}
    texts = None
    if source is not None:
        if how_many is not None:
            raise Failure(Status.ERROR, "give either --count N (generate) or --from FILE|DIR")
        texts = [(path, read_source(path, max_input=max_input)) for path in _files(source)]
    result = make_book(puzzle, count=how_many, texts=texts, limits=limits, progress=tracker,
                       parse_params={k: v for k, v in options.items() if k in parse_names},
                       **params, **{k: v for k, v in options.items() if k in run_names})
    if result.pdf is not None:
        made = f"{len(result.entries)} puzzles, {result.pages} pages " \
               f"({result.puzzle_pages} of puzzles, {result.solution_pages} of solutions)"
        seed = result.details.get("seed")
        result.messages.append(made + (f", seed {seed}" if seed is not None else ""))
    return None, result


def _files(source: str) -> list[str]:
    """FILE itself, or the files in DIR (sorted, hidden files left out)."""
    if not os.path.isdir(source):
        return [source]
    paths = sorted(os.path.join(source, name) for name in os.listdir(source)
                   if not name.startswith("."))
    paths = [p for p in paths if os.path.isfile(p)]
    if not paths:
        raise Failure(Status.ERROR, f"{source}: no puzzle files in this directory")
    return paths


RUNNERS: dict[str, Runner] = {
    "solve": _runner("solve"), "count": _runner("count"), "generate": generate,
    "render": render, "rate": _runner("rate"), "hint": _runner("hint", "state"),
    "check": _runner("check", "answer"), "compare": compare, "bench": bench, "book": book,
}
