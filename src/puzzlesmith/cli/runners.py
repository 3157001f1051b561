"""One runner per verb: read the input, call the puzzle object, return (instance, result).

Runners only translate command-line values into library calls; every verdict, count status
and table comes from the library.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..puzzles.protocol import Puzzle
from ..results import Limits, Stats
from .contract import Tracker, read_source

Runner = Callable[[Puzzle, dict, Limits, Tracker, str], tuple]


def _instance(verb: str, puzzle: Puzzle, params: dict, limits: Limits):
    """Read and parse the SOURCE argument; returns (instance, the verb's own params)."""
    text = read_source(params.pop("source"), inline=puzzle.inline,
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

        store_generated(puzzle, result, db, {k: v for k, v in run.items() if k != "seed"})
    return None, result


def render(puzzle, params, limits, tracker, fmt):
    instance, run = _instance("render", puzzle, params, limits)
    style = "svg" if fmt == "json" else fmt
    return instance, puzzle.render(instance, style=style, limits=limits, **run)


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
    instance, run = _instance("compare", puzzle, params, limits)
    return instance, puzzle.compare(instance, limits=limits, progress=tracker, **run)


def bench(puzzle, params, limits, tracker, fmt):
    _, run = puzzle.split_params("bench", params)
    files = run.pop("files")
    texts = {path: read_source(path, max_input=puzzle.max_input) for path in files}
    return None, puzzle.bench(texts, limits=limits, progress=tracker, **run)


RUNNERS: dict[str, Runner] = {
    "solve": solve, "count": count, "generate": generate, "render": render, "rate": rate,
    "hint": hint, "check": check, "compare": compare, "bench": bench,
}
