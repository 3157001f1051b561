"""One verb on one puzzle: parse the input, keep the limits, run the verb, map a failure.

This is the one way through the library that the command line (:mod:`puzzlesmith.cli`),
batch runs (:mod:`puzzlesmith.batch`) and the web API (:mod:`puzzlesmith.serve`) share;
each of them only translates: arguments in, and text, JSON lines or HTTP answers out.

>>> from puzzlesmith.puzzles import get
>>> instance, result = run_verb(get("queens"), "count", "6", params={"unique": True})
>>> result.verdict().value, result.count
('unsolvable', 2)
>>> failure_from(LimitReached("time limit reached")).status.value
'gave-up'
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from .errors import LimitReached, PuzzleError
from .puzzles.protocol import RUN_VERBS
from .results import Limits, Result, Stats, Status

if TYPE_CHECKING:
    from .puzzles.protocol import Progress, Puzzle

__all__ = ["run_verb", "parse_input", "Failure", "failure_from", "failure_object"]


def run_verb(puzzle: Puzzle, verb: str, text: str | None = None, *,
             params: dict | None = None, state: str | None = None,
             limits: Limits | None = None, progress: Progress | None = None
             ) -> tuple[Any, Result]:
    """Run ``verb`` of ``puzzle`` on the puzzle ``text`` (none for ``generate``) with the
    keyword ``params`` (the puzzle's options and the verb's own, split here into parse and
    run parameters) under ``limits``; returns ``(instance, result)``.

    ``count`` with ``unique`` proves uniqueness ("take two") instead of counting; ``hint``
    starts from the player's marks ``state`` and ``check`` checks the answer ``state`` (both
    in the puzzle's answer format), timed from after parsing.  Errors are raised (see
    :func:`failure_from` for what each becomes)."""
    if verb not in RUN_VERBS:
        raise ValueError(f"run_verb runs {', '.join(RUN_VERBS)}, not {verb!r}")
    limits = limits if limits is not None else Limits().started()
    if verb == "generate":
        _, run = puzzle.split_params(verb, dict(params or {}))
        return None, puzzle.generate(limits=limits, progress=progress, **run)
    instance, run = parse_input(puzzle, verb, text, params, limits)
    if verb == "solve":
        return instance, puzzle.solve(instance, limits=limits, progress=progress, **run)
    if verb == "count":
        if run.pop("unique", False):
            run.pop("limit", None)
            return instance, puzzle.prove_unique(instance, limits=limits, progress=progress,
                                                 **run)
        return instance, puzzle.count(instance, limits=limits, progress=progress, **run)
    if verb == "rate":
        return instance, puzzle.rate(instance, limits=limits, **run)
    if verb == "hint":
        marks = None if state is None else puzzle.parse_answer(instance, state)
        return instance, puzzle.hint(instance, marks, limits=limits, **run)
    if verb == "check":
        began = time.monotonic()
        verdict = puzzle.is_solution(instance, puzzle.parse_answer(instance, state))
        verdict.stats = Stats(seconds=time.monotonic() - began)
        return instance, verdict
    return instance, puzzle.render(instance, limits=limits, **run)


def parse_input(puzzle: Puzzle, verb: str, text: str, params: dict | None,
                limits: Limits) -> tuple[Any, dict]:
    """Parse ``text`` with the parse options among ``params`` (those ``verb`` takes), and
    check ``limits``; returns ``(instance, the other params)``."""
    parse, run = puzzle.split_params(verb, dict(params or {}))
    instance = puzzle.parse(text, **parse)
    limits.check("parsing the input")
    return instance, run


class Failure(Exception):
    """A run ends with ``status`` (error or gave-up) and a one-line ``text``."""

    def __init__(self, status: Status, text: str):
        super().__init__(text)
        self.status, self.text = status, text


def failure_from(error: BaseException, *, internal: bool = False) -> Failure:
    """What an exception raised by a run means: gave-up at a limit (Ctrl-C, a limit, out of
    memory, input nested too deeply) or an error (bad input or usage, an OS error).  Any
    other exception is raised again, or with ``internal`` becomes an error saying so."""
    if isinstance(error, Failure):
        return error
    if isinstance(error, KeyboardInterrupt):
        return Failure(Status.GAVE_UP, "interrupted")
    if isinstance(error, RecursionError):
        return Failure(Status.GAVE_UP, "the input is nested too deeply")
    if isinstance(error, LimitReached):
        return Failure(Status.GAVE_UP, str(error))
    if isinstance(error, MemoryError):
        return Failure(Status.GAVE_UP, "out of memory (lower the size, or set a limit)")
    if isinstance(error, PuzzleError | ValueError):  # a library ValueError is about the input
        return Failure(Status.ERROR, str(error))
    if isinstance(error, OSError):
        return Failure(Status.ERROR, error.strerror or str(error))
    if internal:
        return Failure(Status.ERROR, f"internal error: {type(error).__name__}: {error}")
    raise error


def failure_object(puzzle: str | None, status: Status, text: str, stats: Stats | None,
                   **extra) -> dict:
    """The JSON object of a run that failed or gave up before it had a result."""
    stats = stats or Stats()
    head = {"puzzle": puzzle} if puzzle else {}
    body = {**head, "status": status.value, **stats.as_dict(), **extra}
    body["error" if status is Status.ERROR else "reason"] = text
    return body
