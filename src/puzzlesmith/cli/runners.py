"""One runner per verb: read the input, call the puzzle object, return (instance, result).

Runners only translate command-line values into library calls; every verdict, count status
and table comes from the library.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from ..book import make_book
from ..puzzles.protocol import Puzzle
from ..render import plot
from ..render.figure import figure
from ..results import Limits, Stats, Status
from .contract import Failure, Tracker, check_out, read_source, write_out

Runner = Callable[[Puzzle, dict, Limits, Tracker, str], tuple]


def _instance(verb: str, puzzle: Puzzle, params: dict, limits: Limits):
    """Read and parse the SOURCE argument; returns (instance, the verb's own params)."""
    source = params.pop("source")
    text = read_source(source, inline=puzzle.reads_inline(source),
                       max_input=params.pop("max_input"))
    limits.check("reading the input")
    parse_params, run_params = puzzle.split_params(verb, params)
    instance = puzzle.parse(text, **parse_params)
    limits.check("parsing the input")
    return instance, run_params


def solve(puzzle, params, limits, tracker, fmt):
    instance, run = _instance("solve", puzzle, params, limits)
    return instance, puzzle.solve(instance, limits=limits, progress=tracker, **run)


def count(puzzle, params, limits, tracker, fmt):
    instance, run = _instance("count", puzzle, params, limits)
    if run.pop("unique"):
        run.pop("limit")
        return instance, puzzle.prove_unique(instance, limits=limits, progress=tracker, **run)
    return instance, puzzle.count(instance, limits=limits, progress=tracker, **run)


def generate(puzzle, params, limits, tracker, fmt):
    _, run = puzzle.split_params("generate", params)
    how_many, to_store, db = run.pop("how_many"), run.pop("to_store"), run.pop("db")
    result = puzzle.generate(count=how_many, limits=limits, progress=tracker, **run)
    if to_store:
        from .store import store_generated

        store_generated(puzzle, result, db, {k: v for k, v in run.items() if k != "seed"},
                        limits)
    return None, result


def render(puzzle, params, limits, tracker, fmt):
    instance, run = _instance("render", puzzle, params, limits)
    if fmt in ("svg", "png", "pdf", "json"):
        drawing = "svg" if fmt == "json" else fmt
        return instance, figure(puzzle, instance, fmt=drawing, limits=limits, **run)
    return instance, puzzle.render(instance, style=fmt, limits=limits, **run)


def rate(puzzle, params, limits, tracker, fmt):
    instance, run = _instance("rate", puzzle, params, limits)
    return instance, puzzle.rate(instance, limits=limits, **run)


def hint(puzzle, params, limits, tracker, fmt):
    state_source = params.pop("state")
    max_input = params["max_input"]
    instance, run = _instance("hint", puzzle, params, limits)
    state = None
    if state_source is not None:
        state = puzzle.parse_answer(instance, read_source(state_source, inline=True,
                                                          max_input=max_input))
    return instance, puzzle.hint(instance, state, limits=limits, **run)


def check(puzzle, params, limits, tracker, fmt):
    answer_source = params.pop("answer")
    max_input = params["max_input"]
    instance, _ = _instance("check", puzzle, params, limits)
    began = time.monotonic()
    answer = puzzle.parse_answer(instance, read_source(answer_source, inline=True,
                                                       max_input=max_input))
    verdict = puzzle.is_solution(instance, answer)
    verdict.stats = Stats(seconds=time.monotonic() - began)
    return instance, verdict


def compare(puzzle, params, limits, tracker, fmt):
    chart = _chart(params.pop("plot"))
    source = params.get("source")
    instance, run = _instance("compare", puzzle, params, limits)
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
    "solve": solve, "count": count, "generate": generate, "render": render, "rate": rate,
    "hint": hint, "check": check, "compare": compare, "bench": bench, "book": book,
}
