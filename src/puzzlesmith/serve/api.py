"""The JSON API as plain functions: one request body in, one (HTTP status, JSON object) out.

The web app (:mod:`.app`) only reads bodies, queues requests and writes answers; everything a
request means happens here, in a worker thread, so it can be tested without a server.

Answers are the command line's ``--format json`` objects (``result.to_dict()``): ``puzzle``,
``status``, ``seconds``, ``nodes``, then the verb's fields.  Two additions for browsers:
``generate`` repeats the first puzzle's ``"text"`` at the top level, and ``solve`` adds
``"answer"``, the solution in the answer format that ``check`` and ``hint`` take as
``"state"``.  Bad input is HTTP 400 with ``"status": "error"`` and ``"error"``.  The puzzle
name ``any`` (``/api/any/VERB``) means the puzzle whose game ID or link the ``"text"`` is
(:func:`puzzlesmith.puzzles.identify`; 404 when no puzzle reads it).

>>> status, body = handle("nosuch", "solve", {}, Settings())
>>> status, body["status"], body["error"].startswith("unknown puzzle 'nosuch'; expected one of")
(404, 'error', True)
"""

from __future__ import annotations

import logging
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ..cores import default_jobs
from ..errors import InvalidPuzzle, NotRecognised, PuzzleError
from ..jsonout import jsonable
from ..puzzles import get, identify, names
from ..puzzles.protocol import Option, Puzzle
from ..results import Limits, Result, Stats, Status
from ..verbs import failure_from, failure_object, parse_input, run_verb
from .errors import BadRequest

__all__ = ["Settings", "handle", "catalogue", "script", "warm_up", "VERBS", "start_limits"]


@dataclass(frozen=True)
class Settings:
    """The bounds every request runs under (``puzzlesmith serve`` sets them from its flags)."""

    #: Largest request body, in bytes (the puzzle text is inside it).
    max_body: int = 1_000_000
    #: Seconds a request may take, queueing included; a request may ask for less.
    timeout: float = 10.0
    #: Search nodes a request may use (None: only the time limit).
    nodes: int | None = None
    #: Requests computed at once (worker threads; default: every core); more wait in line.
    workers: int = field(default_factory=default_jobs)
    #: Requests waiting beyond the workers before the server answers 503.
    max_pending: int = 64
    #: Most puzzles one ``generate`` request may ask for.
    max_count: int = 20
    #: Most steps a solver trace returns (A* on the hardest 8-puzzle takes about 6,700).
    max_trace: int = 8000


#: The verbs the API offers, with the body fields each takes besides the puzzle's options.
VERBS: dict[str, tuple[str, ...]] = {
    "generate": ("seed", "count"),
    "solve": ("text", "seed"),
    "count": ("text", "limit", "unique"),
    "rate": ("text",),
    "hint": ("text", "state"),
    "check": ("text", "state"),
    "render": ("text", "solution", "state"),
    "view": ("text",),
    "trace": ("text", "state", "method", "seed", "steps"),
}
#: Fields every request may carry.
COMMON = ("timeout", "nodes")
#: The protocol verb whose options (and support) each API verb follows.
PROTOCOL_VERB = {"view": "solve", "trace": "solve"}
#: The puzzle name of ``/api/any/VERB``: the puzzle whose shared format the text is in.
ANY = "any"


def start_limits(body: Any, settings: Settings) -> Limits:
    """The request's started :class:`Limits`: the server's bounds, or less if asked."""
    seconds, nodes = settings.timeout, settings.nodes
    if isinstance(body, dict):
        if (asked := body.get("timeout")) is not None:
            seconds = min(seconds, _number(asked, "timeout", minimum=0.0))
        if (asked := body.get("nodes")) is not None:
            asked = _whole(asked, "nodes", minimum=1)
            nodes = asked if nodes is None else min(nodes, asked)
    return Limits(seconds=seconds, nodes=nodes).started()


def catalogue() -> dict:
    """The answer of ``GET /api/puzzles``: the names, and each puzzle's tab label, verbs,
    options, trace methods and own script (its URL; None: the page's generic one)."""
    about = {}
    for name in names():
        try:
            puzzle = get(name)
        except ImportError as error:  # a puzzle that cannot load is left out, not fatal
            logging.getLogger("puzzlesmith.serve").error("puzzle %s: %s", name, error)
            continue
        about[name] = {
            "title": puzzle.title,
            "label": puzzle.label,
            "script": f"/puzzles/{name}/{puzzle.web_script}" if puzzle.web_script else None,
            "defaults": puzzle.web_defaults,
            "verbs": sorted(v for v in VERBS if _offers(puzzle, v)),
            "inline": puzzle.inline,
            "example": _example_text(puzzle),
            "options": [_describe(o) for o in puzzle.options],
            "trace": list(puzzle.tracers),
        }
    return {"status": "solved", "puzzles": list(about), "about": about}


def script(name: str, file: str) -> str | None:
    """The text of puzzle ``name``'s own JavaScript module ``file``, found in the puzzle's
    package (None unless ``file`` is its ``web_script``)."""
    if name not in names() or file != (puzzle := get(name)).web_script:
        return None
    package = sys.modules[type(puzzle).__module__].__package__
    return resources.files(package).joinpath(file).read_text(encoding="utf-8")


def warm_up(seconds: float = 60.0) -> None:
    """Solve every puzzle's example once, then load (or compile) every registered kernel
    (the examples' solves need not touch them all), so that no
    request pays for a compilation; failures are logged, never raised."""
    from ..engines.kernels import warm_all

    log = logging.getLogger("puzzlesmith.serve")
    for name in names():
        try:
            puzzle = get(name)
            puzzle.solve(puzzle.example(), limits=Limits(seconds=seconds).started())
        except Exception as error:  # noqa: BLE001  (a warm-up must not stop the server)
            log.warning("warming up %s: %s: %s", name, type(error).__name__, error)
    try:
        warm_all()
    except Exception as error:  # noqa: BLE001
        log.warning("warming up the kernels: %s: %s", type(error).__name__, error)


def handle(name: str, verb: str, body: Any, settings: Settings,
           limits: Limits | None = None) -> tuple[int, dict]:
    """Answer one request: (HTTP status, JSON object).  Never raises for bad input."""
    began = time.monotonic()
    puzzle: Puzzle | None = None
    try:
        if name == ANY:
            name = _identified(body)
        if name not in names():
            known = ", ".join(names())
            raise BadRequest(f"unknown puzzle {name!r}; expected one of {known}", 404)
        puzzle = get(name)
        if verb not in VERBS or not _offers(puzzle, verb):
            offered = ", ".join(v for v in VERBS if _offers(puzzle, v))
            raise BadRequest(f"{name} has no {verb!r}; the API offers {offered}", 404)
        if not isinstance(body, dict):
            raise BadRequest("the request body must be a JSON object")
        if limits is None:
            limits = start_limits(body, settings)
        answer = VERB_HANDLERS[verb](puzzle, _Request(puzzle, verb, body, settings), limits)
        return (400 if answer.get("status") == "error" else 200), jsonable(answer)
    except BadRequest as error:
        stats = Stats(seconds=time.monotonic() - began)
        return error.status, failure_object(name if puzzle else None, Status.ERROR,
                                            str(error), stats)
    except (PuzzleError, MemoryError, RecursionError, ValueError) as error:
        failure = failure_from(error)
        stats = Stats(seconds=time.monotonic() - began)
        code = 400 if failure.status is Status.ERROR else 200
        return code, failure_object(name, failure.status, failure.text, stats)


# -- requests ------------------------------------------------------------------------------


class _Request:
    """One request body, checked field by field against what the verb takes."""

    def __init__(self, puzzle: Puzzle, verb: str, body: dict, settings: Settings):
        self.puzzle, self.verb, self.body, self.settings = puzzle, verb, body, settings
        own = self.options()
        allowed = set(VERBS[verb]) | set(COMMON) | {o.name for o in own}
        unknown = sorted(set(body) - allowed)
        if unknown:
            raise BadRequest(f"{verb} takes no field {unknown[0]!r}; it takes "
                             f"{', '.join(sorted(allowed))}")
        self.params = {o.name: convert(o, body[o.name]) for o in own
                       if body.get(o.name) is not None}

    def options(self) -> list[Option]:
        if self.verb == "check":  # check runs parse only
            return self.puzzle.options_for("check", "parse") or \
                self.puzzle.options_for("solve", "parse")
        if self.verb in ("view", "trace"):
            return self.puzzle.options_for("solve", "parse")
        return self.puzzle.options_for(self.verb)

    def text(self, field: str = "text", *, required: bool = True) -> str | None:
        value = self.body.get(field)
        if value is None:
            if required:
                what = "the puzzle in its text format" if field == "text" else \
                    "the answer in the puzzle's answer format"
                raise BadRequest(f"{self.verb} needs {field!r}: {what}")
            return None
        if isinstance(value, list) and all(isinstance(line, str) for line in value):
            value = "\n".join(value)
        if isinstance(value, int | float) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise BadRequest(f"{field!r} must be text, not {_kind(value)}")
        if "\0" in value:
            raise BadRequest(f"{field!r} holds binary data (a NUL character), not text")
        if len(value) > self.puzzle.max_input:
            raise BadRequest(f"{field!r} is longer than {self.puzzle.max_input:,} characters")
        return value.removeprefix("\ufeff")

    def run(self, limits: Limits, **params: Any) -> tuple[Any, Result]:
        """Run the verb on the body's text (:func:`~puzzlesmith.verbs.run_verb`), with its
        options and ``params``."""
        text = self.text()
        state = self.text("state", required=self.verb == "check") \
            if self.verb in ("hint", "check") else None
        return run_verb(self.puzzle, self.verb, text, params={**self.params, **params},
                        state=state, limits=limits)

    def instance(self, limits: Limits):
        """The body's puzzle, parsed (for the verbs that are the API's own)."""
        verb = PROTOCOL_VERB.get(self.verb, self.verb)
        return parse_input(self.puzzle, verb, self.text(), self.params, limits)[0]

    def state(self, instance, *, required: bool):
        text = self.text("state", required=required)
        if text is None:
            return None
        return self.puzzle.parse_answer(instance, text)

    def get(self, field: str, convert_to: Callable[[Any, str], Any], default=None):
        value = self.body.get(field)
        return default if value is None else convert_to(value, field)


def _identified(body: Any) -> str:
    """The puzzle ``/api/any/VERB`` is about: the one whose shared format (a Tatham game ID,
    a puzz.link URL) the body's ``"text"`` is in; 404 when no puzzle reads the text."""
    text = body.get("text") if isinstance(body, dict) else None
    if not isinstance(text, str):
        raise BadRequest("'any' needs 'text': a Tatham game ID or a puzz.link URL")
    try:
        return identify(text)[0].name
    except NotRecognised as error:
        raise BadRequest(str(error), 404) from None
    except InvalidPuzzle as error:
        raise BadRequest(str(error)) from None


def _offers(puzzle: Puzzle, verb: str) -> bool:
    if verb == "view":
        return True
    if verb == "trace":
        return bool(puzzle.tracers)
    return verb in puzzle.verbs


# -- the verbs -----------------------------------------------------------------------------


def _generate(puzzle: Puzzle, request: _Request, limits: Limits) -> dict:
    count = request.get("count", _whole, 1)
    if not 1 <= count <= request.settings.max_count:
        raise BadRequest(f"'count' must be between 1 and {request.settings.max_count}")
    _, result = run_verb(puzzle, "generate", limits=limits,
                         params={**request.params, "seed": request.get("seed", _whole),
                                 "count": count})
    answer = _dict(result)
    if result.puzzles:
        answer["text"] = result.puzzles[0].text
    return answer


def _solve(puzzle: Puzzle, request: _Request, limits: Limits) -> dict:
    instance, result = request.run(limits, seed=request.get("seed", _whole))
    answer = _dict(result)
    if result.solution is not None:
        answer["answer"] = puzzle.format_answer(instance, result.solution, _answer_style(puzzle))
    return answer


def _count(puzzle: Puzzle, request: _Request, limits: Limits) -> dict:
    limit = request.get("limit", lambda v, f: _whole(v, f, minimum=1))
    unique = request.get("unique", _flag, False)
    return _dict(request.run(limits, limit=limit, unique=unique)[1])


def _rate(puzzle: Puzzle, request: _Request, limits: Limits) -> dict:
    return _dict(request.run(limits)[1])


def _marked(puzzle: Puzzle, request: _Request, limits: Limits) -> dict:
    """``hint`` and ``check``, with the cells to mark on the board (the hint's, or the
    broken rules')."""
    instance, result = request.run(limits)
    answer = _dict(result)
    state = request.state(instance, required=False)
    if request.verb == "hint":
        marks = None if result.move is None else puzzle.hint_marks(instance, state, result)
    else:
        marks = None if result.ok else puzzle.violation_marks(instance, state, result)
    if marks:
        answer["marks"] = marks
    return answer


def _render(puzzle: Puzzle, request: _Request, limits: Limits) -> dict:
    if request.text("state", required=False) is not None:
        instance = request.instance(limits)
        drawing = puzzle.render_svg(instance, request.state(instance, required=True))
        return _dict(Result(Status.SOLVED, details={"drawing": drawing}, puzzle=puzzle.name))
    solution = request.get("solution", _flag, False)
    return _dict(request.run(limits, style="svg", solution=solution)[1])


def _view(puzzle: Puzzle, request: _Request, limits: Limits) -> dict:
    instance = request.instance(limits)
    text = request.text()
    answer = {"puzzle": puzzle.name, "status": "solved", "seconds": 0.0, "nodes": 0,
              "text": text.strip() if puzzle.recognises(text) else puzzle.format(instance),
              "board": puzzle.web_view(instance)}
    if (shared := puzzle.shared_text(instance)) is not None:
        answer["shared"] = {"name": puzzle.shared_name, "text": shared}
    return answer


def _trace(puzzle: Puzzle, request: _Request, limits: Limits) -> dict:
    from .trace import trace
    instance = request.instance(limits)
    steps = request.get("steps", lambda v, f: _whole(v, f, minimum=1),
                        request.settings.max_trace)
    state = request.state(instance, required=False)
    return trace(puzzle, instance, state=state, method=request.get("method", _word),
                 seed=request.get("seed", _whole), steps=min(steps, request.settings.max_trace),
                 limits=limits)


VERB_HANDLERS: dict[str, Callable[[Puzzle, _Request, Limits], dict]] = {
    "generate": _generate, "solve": _solve, "count": _count, "rate": _rate, "hint": _marked,
    "check": _marked, "render": _render, "view": _view, "trace": _trace,
}


def _dict(result: Result) -> dict:
    answer = result.to_dict()
    if result.messages:
        answer["messages"] = list(result.messages)
    return answer


def _answer_style(puzzle: Puzzle) -> str | None:
    if puzzle.answer_style is not None:
        return puzzle.answer_style
    styles = puzzle.styles.get("solve")
    return styles[0] if styles else None


def _example_text(puzzle: Puzzle) -> str | None:
    try:
        return puzzle.format(puzzle.example())
    except (NotImplementedError, PuzzleError):
        return None


def _describe(option: Option) -> dict:
    kind = option.type
    if isinstance(kind, tuple):
        kind_name, choices = "choice", list(kind)
    else:
        kind_name, choices = getattr(kind, "__name__", str(kind)), None
    return {"name": option.name, "verbs": list(option.verbs), "type": kind_name,
            "choices": choices, "default": option.default, "help": option.help,
            "phase": option.phase, "minimum": option.minimum}


# -- values --------------------------------------------------------------------------------


def convert(option: Option, value: Any):
    """A JSON value for ``option``, checked as the command line checks its flag."""
    name, kind = option.name, option.type
    if isinstance(kind, tuple):
        if value not in kind:
            raise BadRequest(f"{name!r} must be one of {', '.join(map(str, kind))}, "
                             f"not {_short(value)!r}")
        return value
    if kind is bool:
        return _flag(value, name)
    if kind is int:
        return _whole(value, name, minimum=option.minimum)
    if kind is float:
        return _number(value, name, minimum=option.minimum)
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise BadRequest(f"{name!r} must be text, not {_kind(value)}")
    text = str(value)
    if len(text) > 200:
        raise BadRequest(f"{name!r} is longer than 200 characters")
    return text


def _whole(value: Any, name: str, minimum: float | None = None) -> int:
    number = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str) and len(value.strip()) <= 30:
        text = value.strip()
        if text.lstrip("-").isdigit():
            number = int(text)
    if number is None or abs(number) > 1 << 62:
        raise BadRequest(f"{name!r} must be a whole number, not {_short(value)!r}")
    if minimum is not None and number < minimum:
        raise BadRequest(f"{name!r} must be at least {minimum:g}, not {number}")
    return number


def _number(value: Any, name: str, minimum: float | None = None) -> float:
    number = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = float(value)
    elif isinstance(value, str) and len(value) <= 30:
        try:
            number = float(value)
        except ValueError:
            number = None
    if number is None or not math.isfinite(number):
        raise BadRequest(f"{name!r} must be a finite number, not {_short(value)!r}")
    if minimum is not None and number < minimum:
        raise BadRequest(f"{name!r} must be at least {minimum:g}, not {number:g}")
    return number


def _flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise BadRequest(f"{name!r} must be true or false, not {_short(value)!r}")
    return value


def _word(value: Any, name: str) -> str:
    if not isinstance(value, str) or len(value) > 40:
        raise BadRequest(f"{name!r} must be a short name, not {_short(value)!r}")
    return value


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", bool: "true/false", type(None): "null"}.get(
        type(value), type(value).__name__)


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."

