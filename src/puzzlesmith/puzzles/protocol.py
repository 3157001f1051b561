"""The one surface every puzzle offers, in the spirit of Tatham's ``struct game``.

A puzzle is an object (a subclass of :class:`Puzzle`, one instance per puzzle kind, found
with :func:`puzzlesmith.puzzles.get`) with the same methods and argument names everywhere:

==============================  ===============================================================
``parse(text, **params)``       the puzzle's text format -> an instance; validation inside,
                                :class:`~puzzlesmith.errors.InvalidPuzzle` with line/column
``format(instance, style)``     an instance as text (``styles["format"]``; the first is the
                                format ``parse`` reads back)
``format_answer(inst, a, s)``   a solution as text (``styles["solve"]``)
``parse_answer(inst, text)``    a player's answer in the puzzle's answer format
``solve(inst, *, limits,        a :class:`~puzzlesmith.results.SolveResult`
seed, progress, **params)``
``count(inst, *, limit,         a :class:`~puzzlesmith.results.CountResult`
limits, progress, **params)``
``generate(*, seed, limits,     a :class:`~puzzlesmith.results.GenerateResult` of
progress, count, **params)``    ``count`` puzzles (every one proven unique where promised):
                                one loop for every puzzle, over the puzzle's
``generate_one(seed, *,         one :class:`~puzzlesmith.results.Generated` puzzle
limits, stats, **params)``      (``check_generate_params`` refuses bad options first)
``rate(inst, *, limits)``       a :class:`~puzzlesmith.results.RateResult`
``hint(inst, state=None, *,     a :class:`~puzzlesmith.results.HintResult`: the next step
limits)``                       from ``state`` (the player's marks, or the start)
``is_solution(inst, answer)``   a :class:`~puzzlesmith.results.Check`: an independent checker
``render_svg(inst, answer)``    an SVG drawing (``answer`` drawn on it when given)
``recognises(text)``            True for a text in the puzzle's shared format
                                (``shared_style``: a Tatham game ID, a puzz.link URL),
                                which ``parse`` reads and ``shared_text(inst)`` writes
``verbs``                       the verbs this puzzle supports (absent verbs are not stubs)
``label``, ``describe(inst)``   the name for people ("Star Battle") and an instance's size in
                                words ("10×10, 2 stars"): titles and book captions
``size(inst)``,                 the store's size ("10x10") and one normal text per variant
``symmetric_texts(inst)``       that is the same puzzle (turned, mirrored, relabelled)
``book_svg(inst)``, ...         the drawings a book prints (default: ``render_svg``)
``web_view(inst)``, marks,      the web page's board as data (``kind: "grid"`` is drawn by the
``tracers``, ``web_script``     page's generic grid), the cells a hint or check marks, solver
                                traces, and the puzzle's own script when it has one
==============================  ===============================================================

Everything about a puzzle is reached through this object: the shared layers (the CLI, serve,
the store, book, batch, drawing) name no puzzle.  ``docs/new-puzzle.md`` shows how to add
one, starting from the template puzzle in :mod:`puzzlesmith.puzzles.template`.

``limits`` is a :class:`~puzzlesmith.results.Limits` (None: unlimited), ``seed`` an
``int | None``, ``progress`` a callable taking one :class:`~puzzlesmith.results.Stats`.
Searches that reach a limit return status ``gave-up``; they do not raise.

Puzzle-specific options (the stars of a Star Battle, Net's wrapping rule, sliding's method)
are declared once as :class:`Option` rows in :attr:`Puzzle.options`: the library takes them
as keyword arguments, the command line turns them into flags.  ``phase="parse"`` options go
to :meth:`Puzzle.parse`; ``phase="run"`` options to the verb's method.

A puzzle module must import without numba: kernels load when a verb first runs.
"""

from __future__ import annotations

import functools
import inspect
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import LimitReached, NoPuzzle, PuzzleError, UsageError, check_method
from ..results import (
    Check,
    CountResult,
    Generated,
    GenerateResult,
    HintResult,
    Limits,
    RateResult,
    Result,
    SolveResult,
    Stats,
    Status,
)
from ..seeds import random_seed, run_seeds

__all__ = ["Puzzle", "Option", "VERBS", "RUN_VERBS", "BATCH_VERBS", "Progress",
           "check_method", "within_limits", "explain_steps"]

#: Every verb a puzzle may support; ``check`` runs :meth:`Puzzle.is_solution`.
VERBS = ("solve", "count", "generate", "render", "rate", "hint", "check", "compare", "bench")
#: The verbs run whole on one input (:func:`puzzlesmith.verbs.run_verb`, the web API): all
#: but ``compare`` and ``bench``, which the front ends run themselves.
RUN_VERBS = tuple(v for v in VERBS if v not in ("compare", "bench"))
#: The verbs ``batch`` runs on many inputs, one line of JSON each.
BATCH_VERBS = ("solve", "count", "rate", "generate")

Progress = Callable[[Stats], None]


@dataclass(frozen=True)
class Option:
    """One puzzle-specific option, offered to the verbs in ``verbs``.

    ``type`` is ``int``, ``float``, ``str``, ``bool`` (a flag) or a tuple of choices;
    ``name`` is the keyword argument (``row_stars``), the flag is ``--row-stars``.
    """

    name: str
    verbs: tuple[str, ...]
    type: Any = str
    default: Any = None
    help: str = ""
    phase: str = "run"  # "parse": passed to parse(); "run": passed to the verb's method
    minimum: float | None = None
    #: Other spellings of the flag on the command line (``("-j",)``).
    aliases: tuple[str, ...] = ()

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


def within_limits(result: Result, work: Callable[[], Any]) -> Any:
    """``work()``, its seconds added to ``result``'s; None when it reaches a limit, which
    makes ``result`` gave-up with the reason."""
    began = time.monotonic()
    try:
        return work()
    except LimitReached as reached:
        result.status = Status.GAVE_UP
        result.details["reason"] = str(reached)
        return None
    finally:
        result.stats.seconds += time.monotonic() - began


def explain_steps(result: Result, explained: Any) -> None:
    """The deductions' ``explained.steps`` as ``details["steps"]`` and numbered messages,
    then whether they solve the puzzle, stall, or prove it has no solution (``why``)."""
    steps, why = explained.steps, getattr(explained, "why", None)
    result.details["steps"] = [str(step) for step in steps]
    result.messages += [f"{n:3d}. {step}" for n, step in enumerate(steps, 1)]
    result.messages.append(
        "the deductions prove there is no solution" + (f": {why}" if why else "")
        if explained.contradiction else "the deductions solve it, without search"
        if explained.solved else "the deductions stall here: the rest needs search")


#: The result types of the verbs that give up at a limit rather than raise.
_GAVE_UP = {"solve": SolveResult, "count": functools.partial(CountResult, complete=False),
            "rate": RateResult, "hint": HintResult}


def _naming(name: str, verb: Callable[..., Result]) -> Callable[..., Result]:
    """``verb`` with its ``limits`` started (never None), its result naming the puzzle
    (``result.puzzle``) and timed when the verb did not time it; for the verbs of
    :data:`_GAVE_UP`, a :class:`~puzzlesmith.errors.LimitReached` is a gave-up result."""
    takes_limits = "limits" in inspect.signature(verb).parameters

    @functools.wraps(verb)
    def named(self: Puzzle, *args: Any, **kwargs: Any) -> Result:
        began = time.monotonic()
        if takes_limits:
            kwargs["limits"] = (kwargs.get("limits") or Limits()).started(began)
        try:
            result = verb(self, *args, **kwargs)
        except LimitReached as reached:
            if name not in _GAVE_UP:
                raise
            result = _GAVE_UP[name](Status.GAVE_UP, Stats(seconds=time.monotonic() - began),
                                    details={"reason": str(reached)})
        result.puzzle = self.name
        if not result.stats.seconds:
            result.stats.seconds = time.monotonic() - began
        return result
    return named


class Puzzle:
    """Base class of the puzzle objects; subclasses override what their ``verbs`` promise.
    The result of every verb a subclass writes names the puzzle (``result.puzzle``), and
    ``solve``, ``count``, ``rate`` and ``hint`` that reach a limit return status gave-up."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for verb in ("solve", "count", "rate", "hint", "is_solution", "render", "compare",
                     "bench"):
            if verb in vars(cls):
                setattr(cls, verb, _naming(verb, vars(cls)[verb]))

    #: The registry name (``starbattle``).
    name: ClassVar[str] = ""
    #: A one-line description for help pages.
    title: ClassVar[str] = ""
    #: The verbs this puzzle supports.
    verbs: ClassVar[frozenset[str]] = frozenset()
    #: Puzzle-specific options (see :class:`Option`).
    options: ClassVar[tuple[Option, ...]] = ()
    #: Text styles per verb; the first is the default.  ``json`` is always offered by the CLI
    #: and ``svg`` (``png``, ``pdf``) for ``render``.
    styles: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: True when a short instance may be given on the command line instead of a file
    #: (a sliding board ``"1 2 3 ..."``, a queens ``N``).
    inline: ClassVar[bool] = False
    #: The most puzzles one :meth:`generate` makes.
    max_count: ClassVar[int] = 10**9
    #: Upper bound on the characters of input ``parse`` accepts (raised with --max-input).
    max_input: ClassVar[int] = 10_000_000
    #: Glob patterns of this puzzle's files, for a folder given to ``batch`` or ``store add``.
    file_patterns: ClassVar[tuple[str, ...]] = ("*",)
    #: The style of the format other apps share this puzzle in (a Tatham game ID, a puzz.link
    #: URL): :meth:`parse` reads it, :meth:`recognises` knows it; None when there is none.
    shared_style: ClassVar[str | None] = None
    #: What players call that format ("Tatham game ID", "puzz.link URL").
    shared_name: ClassVar[str] = ""

    # -- reading and writing ---------------------------------------------------------------

    def parse(self, text: str, **params: Any) -> Any:
        raise NotImplementedError

    def format(self, instance: Any, style: str | None = None) -> str:
        raise NotImplementedError

    def format_answer(self, instance: Any, answer: Any, style: str | None = None) -> str:
        raise NotImplementedError

    def parse_answer(self, instance: Any, text: str) -> Any:
        raise NotImplementedError

    def reads_inline(self, source: str) -> bool:
        """True when a command-line SOURCE that names no file is the puzzle itself: always
        for :attr:`inline` puzzles, and for a text in this puzzle's shared format."""
        return self.inline or self.recognises(source)

    def recognises(self, text: str) -> bool:
        """True when ``text`` is in this puzzle's :attr:`shared_style`, recognised by its
        prefix (a Tatham game ID, a puzz.link URL) before it is read; see
        :func:`puzzlesmith.puzzles.identify`."""
        return False

    def shared_text(self, instance: Any) -> str | None:
        """``instance`` in the :attr:`shared_style` (None when the puzzle has none, or when
        that format cannot hold this instance)."""
        if self.shared_style is None:
            return None
        try:
            return self.format(instance, self.shared_style)
        except PuzzleError:
            return None

    def canonical(self, instance: Any) -> str:
        """The instance as one canonical text (what the puzzle store keeps and compares):
        by default :meth:`format` in its first style, lines stripped of trailing blanks."""
        text = self.format(instance, (self.styles.get("format") or (None,))[0])
        return "\n".join(line.rstrip() for line in text.strip("\n").splitlines()) + "\n"

    # -- the store and print ---------------------------------------------------------------

    @property
    def label(self) -> str:
        """The name for people ("Star Battle"): a subclass's ``label``, else the name."""
        return self.name.capitalize()

    def describe(self, instance: Any) -> str | None:
        """The size in words for captions ("10×10, 2 stars"), if the puzzle says."""
        return None

    def size(self, instance: Any) -> str | None:
        """The size the store files the instance under ("10x10"), if the puzzle says."""
        return None

    def symmetric_texts(self, instance: Any) -> list[str]:
        """One normal-form text per variant that is the same puzzle (turned, mirrored,
        relabelled); the store keys a puzzle by the least."""
        return [self.canonical(instance)]

    def book_svg(self, instance: Any) -> str:
        """The instance as a book prints it (by default :meth:`render_svg`)."""
        return self.render_svg(instance)

    def book_solution_svg(self, instance: Any, answer: Any) -> str:
        """A solution as a book prints it, small, at the back (by default :meth:`render_svg`)."""
        return self.render_svg(instance, answer)

    def example(self) -> Any:
        """A small built-in instance (for ``demo`` and quick tests)."""
        raise NotImplementedError

    # -- the verbs -------------------------------------------------------------------------

    def solve(self, instance: Any, *, limits: Limits | None = None, seed: int | None = None,
              progress: Progress | None = None, **params: Any) -> SolveResult:
        raise NotImplementedError

    def count(self, instance: Any, *, limit: int | None = None, limits: Limits | None = None,
              progress: Progress | None = None, **params: Any) -> CountResult:
        raise NotImplementedError

    def generate(self, *, seed: int | None = None, limits: Limits | None = None,
                 progress: Progress | None = None, count: int = 1,
                 **params: Any) -> GenerateResult:
        """``count`` puzzles, puzzle ``k`` made by :meth:`generate_one` from
        :func:`~puzzlesmith.seeds.puzzle_seed` ``(seed, k)`` (``seed`` drawn when None).
        A limit, Ctrl-C or :class:`~puzzlesmith.errors.NoPuzzle` ends the run, keeping the
        puzzles made, with ``details["reason"]``; bad parameters fail before any work."""
        if isinstance(count, bool) or not isinstance(count, int) \
                or not 1 <= count <= self.max_count:
            raise UsageError(f"count must be a whole number from 1 to {self.max_count:,}, "
                             f"got {count!r}")
        params = self.check_generate_params(**params)
        seed = random_seed() if seed is None else seed
        limits = (limits or Limits()).started()
        began = time.monotonic()
        stats = Stats(extra={"made": 0, "total": count})
        made: list[Generated] = []
        status, why = Status.SOLVED, ""
        try:
            for one_seed in run_seeds(seed, count):
                limits.check("generating")
                made.append(self.generate_one(one_seed, limits=limits, stats=stats,
                                              progress=progress, **params))
                stats.extra["made"] = len(made)
                stats.seconds = time.monotonic() - began
                if progress is not None:
                    progress(stats)
        except (LimitReached, NoPuzzle) as stop:
            status = Status.UNSOLVABLE if isinstance(stop, NoPuzzle) else Status.GAVE_UP
            why = str(stop)
        except KeyboardInterrupt:
            status, why = Status.GAVE_UP, "interrupted"
        stats.seconds = time.monotonic() - began
        stats.extra.pop("stage", None)
        result = GenerateResult(status, stats, puzzles=made, puzzle=self.name,
                                details={**self.generate_details(params), "seed": seed})
        if why:
            result.details["reason"] = f"{len(made)} of {count:,} puzzles made: {why}"
        return result

    def check_generate_params(self, **params: Any) -> dict:
        """The generate options checked (refused with a UsageError before any work) and
        normalised: the keyword arguments every :meth:`generate_one` of the run gets."""
        return params

    def generate_details(self, params: dict) -> dict:
        """What the JSON of a run says about the checked ``params`` (the board's size)."""
        return {}

    def generate_one(self, seed: int, *, limits: Limits, stats: Stats,
                     progress: Progress | None = None, **params: Any) -> Generated:
        """One puzzle from ``seed``, adding its nodes and counters to the run's ``stats``;
        raises :class:`~puzzlesmith.errors.LimitReached` when ``limits`` stop it and
        :class:`~puzzlesmith.errors.NoPuzzle` when no puzzle of ``params`` exists."""
        raise NotImplementedError

    def rate(self, instance: Any, *, limits: Limits | None = None, **params: Any) -> RateResult:
        raise NotImplementedError

    def hint(self, instance: Any, state: Any = None, *, limits: Limits | None = None,
             **params: Any) -> HintResult:
        raise NotImplementedError

    def is_solution(self, instance: Any, answer: Any) -> Check:
        raise NotImplementedError

    def render_svg(self, instance: Any, answer: Any = None, **params: Any) -> str:
        raise NotImplementedError

    def compare(self, instance: Any, *, limits: Limits | None = None, **params: Any) -> Any:
        raise NotImplementedError

    def demo(self) -> str:
        """A short text tour of this puzzle on its example (for ``puzzlesmith demo``): by
        default the example and, where the puzzle solves, its solution."""
        instance = self.example()
        lines = [f"{self.label} {self.describe(instance) or ''}".rstrip(), self.format(instance)]
        if "solve" in self.verbs and (answer := self.solve(instance).solution) is not None:
            lines += ["solution:", self.format_answer(instance, answer)]
        return "\n".join(line.rstrip("\n") for line in lines)

    def parse_all(self, text: str, **params: Any) -> list:
        """Every instance in ``text`` (puzzles whose files may hold several override this)."""
        return [self.parse(text, **params)]

    def bench(self, texts: dict[str, str] | None = None, *, repeat: int = 5,
              limits: Limits | None = None, progress: Progress | None = None,
              **params: Any) -> Result:
        """Median times of the verbs on the instances in ``texts`` (name -> text; default:
        the example); see :func:`puzzlesmith.bench.benchmark`.  ``details["table"]`` is text."""
        from ..bench import benchmark

        instances = {}
        for name, text in (texts or {}).items():
            found = self.parse_all(text, **params)
            for k, instance in enumerate(found, 1):
                instances[name if len(found) == 1 else f"{name}#{k}"] = instance
        return benchmark(self, instances, repeat=repeat, limits=limits, progress=progress)

    # -- generic verbs built on the others -------------------------------------------------

    def prove_unique(self, instance: Any, *, limits: Limits | None = None,
                     progress: Progress | None = None, **params: Any) -> CountResult:
        """Count up to two solutions ("take two"): the verdict is solved only when there is
        exactly one; ``details["unique"]`` is True, False, or None when a limit stopped it."""
        result = self.count(instance, limit=2, limits=limits, progress=progress, **params)
        unique = result.uniqueness()
        result.details["unique"] = unique
        result.wanted_unique = True
        return result

    def render(self, instance: Any, *, solution: bool = False, style: str = "svg",
               limits: Limits | None = None, **params: Any) -> Result:
        """Draw ``instance`` (solved first when ``solution``) as SVG or a text style; the
        drawing is ``details["drawing"]``.  Gives up (or finds no solution) as ``solve`` does."""
        answer, result = None, None
        if solution:
            result = self.solve(instance, limits=limits, **params)
            answer = result.solution
            if answer is None:
                return Result(result.status, result.stats, puzzle=self.name)
        if style == "svg":
            drawing = self.render_svg(instance, answer)
        elif answer is not None:
            drawing = self.format_answer(instance, answer, style)
        else:
            drawing = self.format(instance, style)
        stats = result.stats if result is not None else Stats()
        return Result(Status.SOLVED, stats, details={"drawing": drawing}, puzzle=self.name)

    def report_text(self, verb: str, instance: Any, result: Result,
                    style: str | None = None, *, limits: Limits | None = None) -> str | None:
        """The text the CLI prints for ``result`` in ``style`` (None: nothing on stdout).
        Formatting a very large answer checks the deadline of ``limits`` (``LimitReached``)
        where the puzzle can (queens' millions of rows)."""
        if verb == "solve":
            if result.solution is None:
                return None
            return self.format_answer(instance, result.solution, style)
        if verb == "count":
            return f"{result.count}{'' if result.complete else '+'}"
        if verb == "generate":  # in another style than the first: each formatted anew
            if style in (None, *self.styles.get("generate", ())[:1]):
                return "\n".join(g.text.rstrip("\n") for g in result.puzzles) or None
            texts = [self.format(g.instance, style).rstrip("\n") for g in result.puzzles]
            return ("\n\n" if any("\n" in t for t in texts) else "\n").join(texts) or None
        if verb == "rate":
            lines = [f"rating: {result.level}"]
            counts = result.details.get("deductions", {})
            lines += [f"  {k:<12} {v}" for k, v in counts.items() if v]
            return "\n".join(lines)
        if verb == "hint":
            return result.text or None
        if verb == "check":
            return "ok" if result.ok else "\n".join(result.violations)
        if verb == "render":
            return result.details.get("drawing")
        if verb in ("compare", "bench"):
            return result.details.get("table")
        return None

    # -- the web page ----------------------------------------------------------------------

    #: The answer style of the page's solved boards (None: the first of ``solve``'s styles).
    answer_style: ClassVar[str | None] = None
    #: The file name of this puzzle's own JavaScript module, in its package (``"web.js"``);
    #: None: the page draws it with its generic module.
    web_script: ClassVar[str | None] = None
    #: The generate options the page's form starts with (Sudoku's easy level, say).
    web_defaults: ClassVar[dict[str, Any]] = {}
    #: The solver traces the page can watch, method name -> tracer (the first is the
    #: default; see :mod:`puzzlesmith.puzzles.web`).
    tracers: ClassVar[dict[str, Callable[..., dict]]] = {}

    def web_view(self, instance: Any) -> dict:
        """The board as the web page draws it (``kind`` names the drawing)."""
        return {"kind": "text", "text": self.format(instance)}

    def hint_marks(self, instance: Any, state: Any, hint: HintResult) -> list | None:
        """The cells ``hint`` is about, as ``[row, column, ...]`` rows (None: unknown)."""
        return None

    def violation_marks(self, instance: Any, answer: Any, check: Check) -> list | None:
        """The cells ``check`` (of ``answer``) says break a rule, as ``[row, column]`` rows."""
        return None

    def answer_marks(self, instance: Any, answer: Any) -> dict | None:
        """A player's answer (as :meth:`parse_answer` read it) in the view's terms."""
        return None

    # -- helpers for subclasses and front ends ---------------------------------------------

    def options_for(self, verb: str, phase: str | None = None) -> list[Option]:
        """The options offered to ``verb`` (and passed in ``phase``, when given)."""
        return [o for o in self.options
                if verb in o.verbs and (phase is None or o.phase == phase)]

    def split_params(self, verb: str, params: dict) -> tuple[dict, dict]:
        """Split keyword arguments into (parse params, run params) for ``verb``."""
        parse_names = {o.name for o in self.options_for(verb, "parse")}
        parse = {k: v for k, v in params.items() if k in parse_names}
        run = {k: v for k, v in params.items() if k not in parse_names}
        return parse, run

    def check_verb(self, verb: str) -> None:
        if verb not in self.verbs:
            offered = ", ".join(sorted(self.verbs))
            raise UsageError(f"{self.name} has no {verb!r}; it offers {offered}")

    #: Options that make this puzzle's verbs quick (small generate sizes), for demos and the
    #: conformance test; each verb takes those of them it offers.
    quick_params: ClassVar[dict[str, Any]] = {}

    def __repr__(self) -> str:
        return f"<puzzle {self.name}: {', '.join(sorted(self.verbs))}>"
