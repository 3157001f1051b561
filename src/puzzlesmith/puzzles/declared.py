"""A declared genre as a puzzle: :class:`GenrePuzzle` gives every declared genre the one
surface of :mod:`puzzlesmith.puzzles.protocol`, from the genre layer (:mod:`puzzlesmith.genres`).

A module registered as a puzzle that has no ``PUZZLE`` but declares ``GENRE`` (with ``CLUES``,
the numbers a clue may hold, and ``EXAMPLE``, a small text grid) is made a puzzle by
:func:`genre_puzzle`, once per genre.

>>> from puzzlesmith.puzzles import get
>>> lightup = get("lightup")
>>> g = lightup.parse("https://puzz.link/p?akari/3/3/i7.g.g")
>>> lightup.format(g).split()
['...', '2.#', '.#.']
>>> lightup.format(g, "tatham")
'3x3:c2aBaBa'
>>> result = lightup.solve(g, unique=True)
>>> print(lightup.format_answer(g, result.solution), end="")
..*
2*#
*#*
>>> result.unique, lightup.is_solution(g, result.solution).ok
(True, True)
>>> get("slitherlink").parse("3x2t0:2a1b3").numbers
{(0, 0): 2, (0, 2): 1, (1, 2): 3}

Answers are the genre layer's (frozensets of marked cells or loop edges); :class:`Marks` adds
the keys a player ruled out.  ``rate``, ``hint`` and ``--explain`` come from
:mod:`puzzlesmith.genres.deduce`, the drawing and web board from
:mod:`puzzlesmith.genres.drawing` and :mod:`puzzlesmith.genres.view`, where this install has
them (a plain drawing and a text board otherwise).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import random
import re
from collections import Counter
from collections.abc import Hashable, Iterable
from types import ModuleType
from typing import Any

from ..errors import InvalidPuzzle, check_method
from ..genres import codec, generate, tatham
from ..genres import solve as complete
from ..genres.givens import ANY, Cell, Givens
from ..genres.language import Genre
from ..genres.textgrid import read_grid, write_grid
from ..render import draw
from ..results import (
    Check,
    CountResult,
    Generated,
    HintResult,
    Limits,
    RateResult,
    SolveResult,
    Stats,
    Status,
)
from .protocol import Option, Progress, Puzzle, explain_steps, within_limits
from .symmetry import TURNS
from .web import wrong_marks

__all__ = ["GenrePuzzle", "Marks", "genre_puzzle", "cell_name"]

DEFAULT_MOST = "hard"
"""The hardest level ``generate`` makes unless asked (Tatham's tiers end at hard; an
extreme puzzle is made when asked for)."""
CELL = 30  # the side of a cell in the plain drawing, in SVG units
_URL = re.compile(r"\s*(?:[A-Za-z][\w+.-]*://|\?[A-Za-z])")  # a grid has no '?' then letter
_ID = re.compile(r"\s*\d+x\d+[a-z0-9.]*:")
_RULED_OUT = "x"
_BACK, _FORWARD = "\\", "/"  # Slant's diagonals: a marked cell's, an unmarked one's


class Marks(frozenset):
    """A player's marks: the marked keys (the answer so far) and, as ``ruled_out``, the keys
    said not to be marked ('x')."""

    ruled_out: frozenset = frozenset()

    def __new__(cls, marked: Iterable = (), ruled_out: Iterable = ()) -> Marks:
        marks = super().__new__(cls, marked)
        marks.ruled_out = frozenset(ruled_out)
        return marks

    def known(self) -> dict[Hashable, bool]:
        """Key -> True (marked) or False (ruled out), as the deductions take them."""
        return {**dict.fromkeys(self.ruled_out, False), **dict.fromkeys(self, True)}


def _installed(name: str) -> bool:
    """True when this install has ``puzzlesmith.genres.<name>`` (nothing is imported)."""
    return importlib.util.find_spec(f"puzzlesmith.genres.{name}") is not None


def _genre_module(name: str) -> ModuleType | None:
    """``puzzlesmith.genres.<name>`` (deduce, drawing, view) when installed, else None."""
    return importlib.import_module(f"puzzlesmith.genres.{name}") if _installed(name) else None


@functools.cache
def genre_puzzle(module: ModuleType) -> GenrePuzzle:
    """The puzzle of a genre declaration module (``GENRE``, ``CLUES``, ``EXAMPLE``)."""
    return GenrePuzzle(module.GENRE, clues=module.CLUES, example=module.EXAMPLE,
                       rules=module.__doc__ or "")


class GenrePuzzle(Puzzle):
    """A declared genre with every verb of the protocol."""

    file_patterns = ("*.txt",)
    options = (
        Option("unique", ("solve",), bool, False,
               "Also prove the solution unique (exit 1 if not)."),
    )

    def __init__(self, genre: Genre, *, clues: range, example: str, rules: str = ""):
        self.genre, self.clues, self.example_text = genre, clues, example
        self.name = genre.name
        self.pid = codec.url_format(genre.puzzlink or genre.name).pid
        game = next((g for g in tatham.GAMES.values() if g.genre == self.pid), None)
        self.game = game.name if game else None
        shared = ("puzzlink", "tatham") if self.game else ("puzzlink",)
        self.styles = {"format": ("grid", *shared), "solve": ("grid",), "render": ("grid",),
                       "generate": ("grid", *shared)}
        self.shared_style = "puzzlink"
        self.shared_name = "puzz.link URL"  # and a Tatham game ID where self.game
        self.title = " ".join(rules.split()) or genre.title  # the rules card
        deduce = _installed("deduce")
        makes = genre.make is not None
        self.verbs = frozenset({"solve", "count", "render", "check",
                                *(("generate",) if makes else ()),
                                *(("rate", "hint") if deduce else ())})
        if makes:
            self.options = (*self.options, *_generate_options(deduce))
        self.quick_params = {"size": "5"}
        if deduce:
            self.options = (*self.options, Option(
                "explain", ("solve", "rate"), bool, False,
                "Also give the deductions step by step (stderr; JSON: \"steps\")."))

    @property
    def label(self) -> str:
        return self.genre.title

    # -- reading and writing ---------------------------------------------------------------

    def parse(self, text: str) -> Givens:
        """A text grid ('.' empty, numbers, '#' a wall, '?' any clue), a puzz.link URL or,
        where Tatham has the genre, a Tatham game ID."""
        text = text.removeprefix("\ufeff")
        if _URL.match(text):
            if codec.url_genre(text) not in (None, self.pid):
                raise InvalidPuzzle(f"a puzz.link URL of {codec.url_genre(text)}, not of "
                                    f"{self.name}")
            g = codec.decode_url(text, {self.pid: codec.FORMATS[self.pid]})[1]
        elif _ID.match(text):
            if not self.game:
                raise InvalidPuzzle(f"Tatham's collection has no {self.label}: give a text "
                                    "grid or a puzz.link URL")
            g = tatham.decode_id(text, self.game)[1]
        else:
            g = read_grid(text, numbered_walls=self.genre.numbered_walls,
                          points=self.genre.point_clues)
        return self._checked(g)

    def _checked(self, g: Givens) -> Givens:
        """``g``, its clues within :attr:`clues`."""
        for (r, c), n in sorted(g.numbers.items()):
            if n != ANY and n not in self.clues:
                raise InvalidPuzzle(f"r{r + 1}c{c + 1}: a {self.label} clue is "
                                    f"{self.clues.start} to {self.clues.stop - 1}, got {n}")
        return g

    def recognises(self, text: str) -> bool:
        """A puzz.link URL of this genre, or a Tatham game ID shaped as this genre's."""
        text = text.removeprefix("\ufeff")
        return codec.url_genre(text) == self.pid or bool(
            self.game and tatham.id_genre(text) == self.pid)

    def reads_inline(self, source: str) -> bool:
        """A URL or a game ID of any genre is read (and refused, naming its genre)."""
        return "\n" not in source.strip() and bool(_URL.match(source) or _ID.match(source))

    def format(self, instance: Givens, style: str | None = None) -> str:
        style = style or "grid"
        check_method(style, self.styles["format"], "style")
        if style == "puzzlink":
            return codec.encode_url(self.pid, instance)
        if style == "tatham":
            return tatham.encode_id(self.game, instance)
        return write_grid(instance) + "\n"

    def format_answer(self, instance: Givens, answer: Iterable, style: str | None = None) -> str:
        """The grid with '#' on shaded cells ('*' on lights, where '#' is a wall) and '.'
        elsewhere, or the loop drawn with '-' and '|' between '+' points."""
        check_method(style or "grid", self.styles["solve"], "style")
        answer, kind = frozenset(answer), self.genre.unknowns.kind
        if kind in ("loop", "borders"):
            frame = _frame(instance) if kind == "borders" else frozenset()
            return "\n".join(_loop_lines(instance, answer | frame)) + "\n"
        if kind == "centres":
            return "\n".join(_centre_lines(instance, answer)) + "\n"
        if kind == "numbers":
            rows = [[str(n) for _, n in sorted(row)] for row in _by_row(instance, answer)]
            wide = any(len(t) > 1 for row in rows for t in row)
            return "\n".join((" " if wide else "").join(row) for row in rows) + "\n"
        if self._mark() == _BACK:
            return "".join("".join(_BACK if (r, c) in answer else _FORWARD
                                   for c in range(instance.cols)) + "\n"
                           for r in range(instance.rows))
        return "\n".join(" ".join(row) if any(len(t) > 1 for t in row) else "".join(row)
                         for row in self._answer_tokens(instance, answer)) + "\n"

    def _mark(self) -> str:
        """The character of a marked cell: '#' shaded, '*' a bulb (or a star), '\\' a
        diagonal (Slant, whose unmarked cells are '/')."""
        mark = getattr(self.genre.unknowns, "mark", "shade")
        return {"shade": "#", "slant": _BACK}.get(mark, "*")

    def _answer_tokens(self, g: Givens, answer: frozenset) -> list[list[str]]:
        return [[self._mark() if (r, c) in answer else token if (r, c) in g.walls else "."
                 for c, token in enumerate(row)] for r, row in enumerate(_tokens(g))]

    def parse_answer(self, instance: Givens, text: str) -> Marks:
        """A player's answer or marks, as :meth:`format_answer` writes it; 'x' rules a cell
        (or an edge) out, and a given (a wall, a number) may be written as in the puzzle."""
        lines = [line.rstrip() for line in text.removeprefix("\ufeff").strip("\n").splitlines()]
        if self.genre.unknowns.kind in ("loop", "borders"):
            marks = _read_loop(instance, lines)
            keys = frozenset(self.genre.unknowns.keys(instance))
            return Marks(marks & keys, marks.ruled_out & keys)
        if self.genre.unknowns.kind == "numbers":
            return _read_numbers(instance, lines)
        if self.genre.unknowns.kind == "centres":
            return _read_centres(instance, lines)
        if len(lines) != instance.rows:
            raise InvalidPuzzle(f"the answer has {len(lines)} rows, expected {instance.rows}")
        marked, ruled_out, mark = set(), set(), self._mark()
        out = _FORWARD if mark == _BACK else _RULED_OUT
        givens = [["."] * instance.cols] * instance.rows if instance.points else _tokens(instance)
        for r, (line, given) in enumerate(zip(lines, givens, strict=True)):
            tokens = line.split() if " " in line.strip() else list(line.strip())
            if len(tokens) != instance.cols:
                raise InvalidPuzzle(f"row has {len(tokens)} cells, expected {instance.cols}",
                                    line=r + 1)
            for c, token in enumerate(tokens):
                if token in (".", given[c]) or (token == "#" and (r, c) in instance.walls):
                    continue
                if token not in (mark, out) or (r, c) in instance.walls:
                    raise InvalidPuzzle(f"{token!r} is not {mark!r}, {out!r} or '.'",
                                        line=r + 1, column=c + 1)
                (marked if token == mark else ruled_out).add((r, c))
        return Marks(marked, ruled_out)

    def example(self) -> Givens:
        return self.parse(self.example_text)

    def describe(self, instance: Givens) -> str:
        return f"{instance.rows}×{instance.cols}"

    def size(self, instance: Givens) -> str:
        return f"{instance.rows}x{instance.cols}"

    def symmetric_texts(self, instance: Givens) -> list[str]:
        """The text grid of each of the eight turns and mirrors of the givens."""
        return [write_grid(_turned(instance, turn)) + "\n" for turn in TURNS]

    # -- the verbs -------------------------------------------------------------------------

    def solve(self, instance: Givens, *, limits: Limits | None = None,
              seed: int | None = None, progress: Progress | None = None,
              unique: bool = False, explain: bool = False) -> SolveResult:
        """The first answer of the complete solver (``details["solution"]``: its lines);
        with ``unique``, a second is looked for; with ``explain``, the deductions' steps."""
        result = complete.solve(self.genre, instance, unique=unique, limits=limits,
                                progress=progress)
        if result.solution is not None:
            result.details["solution"] = self.format_answer(instance, result.solution) \
                .splitlines()
        if explain and result.status is not Status.GAVE_UP:
            deduce = _genre_module("deduce")
            explained = within_limits(result, lambda: deduce.explain(
                self.genre, instance, limits=limits))
            if explained is not None:
                explain_steps(result, explained)
        return result

    def count(self, instance: Givens, *, limit: int | None = None,
              limits: Limits | None = None, progress: Progress | None = None) -> CountResult:
        """Count the answers exactly, or up to ``limit``."""
        return complete.count(self.genre, instance, limit, limits=limits, progress=progress)

    def check_generate_params(self, *, size: str = "10", difficulty: str | None = None) -> dict:
        """``size`` ("N" or "ROWSxCOLUMNS") and ``difficulty`` (a level, or None: any),
        refused before any work."""
        rows, cols = generate.parse_size(size)
        if difficulty is not None:
            check_method(difficulty, generate.LEVELS, "difficulty")
        return {"rows": rows, "cols": cols, "difficulty": difficulty}

    def generate_details(self, params: dict) -> dict:
        return {"rows": params["rows"], "columns": params["cols"]}

    def generate_one(self, seed: int, *, limits: Limits, stats: Stats,
                     progress: Progress | None = None, rows: int = 10, cols: int = 10,
                     difficulty: str | None = None) -> Generated:
        """A puzzle proven unique by the complete solver (see :mod:`~..genres.generate`),
        rated: at exactly ``difficulty`` when given, else at most :data:`DEFAULT_MOST` (a
        harder one is made again: its rating could take minutes)."""
        rng = random.Random(seed)
        while True:
            made = generate.generate(self.genre, rows, cols, rng=rng, difficulty=difficulty,
                                     limits=limits, stats=stats, progress=progress)
            if made.level or "rate" not in self.verbs:
                level = made.level
                break
            level = self._level(made.givens, limits)
            if level is not None:
                break
        return Generated(made.givens, self.format(made.givens), made.answer, seed=seed,
                         rating=level, details={"unique": True, "tries": made.tries,
                                                "clues": len(made.givens.numbers)})

    def _level(self, g: Givens, limits: Limits) -> str | None:
        """The level :meth:`rate` gives a unique puzzle when at most :data:`DEFAULT_MOST`
        (by the level check: the deductions level by level, no step record), else None."""
        deduce = _genre_module("deduce")
        return deduce.level_at_most(self.genre, g, DEFAULT_MOST, limits=limits)

    def rate(self, instance: Givens, *, limits: Limits | None = None,
             explain: bool = False) -> RateResult:
        """The level of the hardest deduction (or trial depth) the puzzle needs, its score,
        and how often each deduction fired; unsolvable when they prove there is no answer."""
        found = _genre_module("deduce").explain(self.genre, instance, limits=limits)
        fired = Counter(step.family for step in found.steps)  # as deduce.rate counts them
        result = RateResult(Status.UNSOLVABLE if found.contradiction else Status.SOLVED,
                            Stats(len(found.steps)), level=found.level,
                            solved_by_deductions=found.solved,
                            details={"score": found.score, "deductions": dict(fired)})
        if explain:
            explain_steps(result, found)
        return result

    def hint(self, instance: Givens, state: Iterable | None = None, *,
             limits: Limits | None = None) -> HintResult:
        """The next step from the player's marks (default: none): a mark no answer has, else
        the easiest deduction, else a key of the answer ("search")."""
        marks = state if isinstance(state, Marks) else Marks(state or ())
        truth = complete.solve(self.genre, instance, limits=limits)
        stats = Stats(truth.stats.nodes)
        if truth.status is Status.UNSOLVABLE:
            return HintResult(Status.UNSOLVABLE, stats, text="the puzzle has no solution",
                              details={"rule": "no solution"})
        if truth.solution is None:
            return HintResult(Status.GAVE_UP, stats, details={"reason": "undecided"})
        name = functools.partial(cell_name, instance)
        wrong = _mistakes(marks, truth.solution)
        if wrong:
            return _hint(f"a mistake: {', '.join(map(name, wrong))}", "mistake", stats,
                         [(key, None) for key in wrong], name)
        if self.is_solution(instance, frozenset(marks)).ok:
            return _hint("solved", "done", stats, [], name)
        step = _genre_module("deduce").next_step(self.genre, instance, marks.known())
        if step is not None:
            return _hint(str(step), step.family, stats,
                         [(key, bool(step.value)) for key in step.cells], name)
        key = min(truth.solution - marks)
        return _hint(f"search (no deduction applies): {name(key)}", "search", stats,
                     [(key, True)], name)

    def is_solution(self, instance: Givens, answer: Iterable) -> Check:
        """The genre's independent check; ``details["wrong"]`` names the cells at fault."""
        check = self.genre.check(instance, frozenset(answer))
        if "wrong" in check.details:
            check.details["wrong"] = sorted({cell_name(instance, key)
                                             for key in check.details["wrong"]})
        return check

    def render_svg(self, instance: Givens, answer: Iterable | None = None) -> str:
        """The genre layer's drawing where installed, else a plain one."""
        drawing = _genre_module("drawing")
        if drawing is not None:
            return drawing.svg(self.genre, instance, answer)
        return _plain_svg(instance, None if answer is None else frozenset(answer),
                          self.genre.unknowns.kind in ("loop", "centres"),
                          lights=self._mark() == "*")

    # -- the web page ----------------------------------------------------------------------

    def violation_marks(self, instance: Givens, answer: Any, check: Check) -> list | None:
        """The cells of the player's mistakes (a mark the answer has not, a dot or a cross
        where it has one), else those the check names."""
        truth = complete.solve(self.genre, instance).solution if answer is not None else None
        wrong = [] if truth is None else _mistakes(answer, truth)
        return [list(_cell(instance, key)) for key in wrong] or \
            wrong_marks(instance, answer, check)

    def web_view(self, instance: Givens) -> dict:
        """The genre layer's board where installed, else a plain grid: the givens, and
        shading (or lights) to place where the unknowns are cells."""
        view = _genre_module("view")
        if view is not None:
            return view.web_view(self.genre, instance)
        board = {"kind": "grid", "rows": instance.rows, "cols": instance.cols,
                 "givens": [[r, c, token] for r, row in enumerate(_tokens(instance))
                            for c, token in enumerate(row) if token != "."],
                 "fills": [[r, c, "#555"] for r, c in sorted(instance.walls)],
                 "help": self.title}
        if self.genre.unknowns.kind == "shading":
            kind = self.genre.unknowns.mark
            board.update(marks=[kind, "dot"],
                         answer={"empty": ".", kind: self._mark(), "dot": _RULED_OUT})
        return board

    def answer_marks(self, instance: Givens, answer: Any) -> dict | None:
        view = _genre_module("view")
        return None if view is None else view.answer_marks(self.genre, instance, answer)

    def hint_marks(self, instance: Givens, state: Any, hint: HintResult) -> list | None:
        """The keys ``hint`` decides: a mark or a dot on a cell ("wrong" clears a mistake),
        a loop edge drawn, crossed out or cleared, a number placed or ruled out (a pencil
        mark rubbed out)."""
        view = _genre_module("view")
        if self.genre.unknowns.kind in ("loop", "borders", "centres"):
            return None if view is None else [view.line_mark(instance, key, value)
                                              for key, value in hint.move or ()]
        if self.genre.unknowns.kind == "numbers":  # a number written, or a pencil mark out
            kinds = {None: "wrong", True: "number", False: "unnote"}
            return [[*cell, kinds[value], n] for (cell, n), value in hint.move or ()] or None
        kinds = {None: "wrong", True: self.genre.unknowns.mark, False: "dot"}
        return [[*key, kinds[value]] for key, value in hint.move or ()] or None


def _generate_options(deduce: bool) -> tuple[Option, ...]:
    """The generate options: the size, and the difficulty where the deductions rate."""
    size = Option("size", ("generate",), str, "10", "N or ROWSxCOLUMNS.")
    if not deduce:
        return (size,)
    return (size, Option("difficulty", ("generate",), generate.LEVELS, None,
                         "The level the puzzle rates at (default: any)."))


def cell_name(g: Givens, key: Any) -> str:
    """A key's cell as ``r3c5`` (a loop's point or edge: the cell below and right of its
    first point, kept inside the grid)."""
    r, c = _cell(g, key)
    return f"r{r + 1}c{c + 1}"


def _cell(g: Givens, key: Any) -> Cell:
    """A key's cell (a loop's point or edge: the cell below and right of its first point,
    kept inside the grid)."""
    while isinstance(key[0], tuple):
        key = key[0]
    r, c = key
    return min(r, g.rows - 1), min(c, g.cols - 1)


def _mistakes(marks: Any, truth: frozenset) -> list:
    """The keys a player marked that ``truth`` does not, and those ruled out that it does."""
    ruled_out = getattr(marks, "ruled_out", frozenset())
    return sorted((frozenset(marks) - truth) | (ruled_out & truth))


def _hint(text: str, rule: str, stats: Stats, move: list[tuple[Any, bool | None]],
          name) -> HintResult:
    """A hint with its rule and ``move``: (key, True marked / False not / None a mistake);
    ``details["cells"]`` (and ``"wrong"``) name its cells ``r1c2``."""
    names = sorted({name(key) for key, _ in move})
    wrong = {"wrong": names} if any(value is None for _, value in move) else {}
    return HintResult(Status.SOLVED, stats, text=text, move=move,
                      details={"rule": rule, "cells": names, **wrong})


def _tokens(g: Givens) -> list[list[str]]:
    """The text grid's tokens, row by row (its regions block left out)."""
    lines = write_grid(g).split("\n\n")[0].splitlines()
    return [line.split() if " " in line else list(line) for line in lines]


def _turned(g: Givens, turn) -> Givens:
    """The givens turned or mirrored."""
    def moved(cell: Cell) -> Cell:
        return turn.cell(*cell, g.rows, g.cols)
    rows, cols = (g.cols, g.rows) if turn.transpose else (g.rows, g.cols)
    if g.points:  # the clues turn on the grid points
        return Givens(rows, cols, {turn.cell(*p, g.rows + 1, g.cols + 1): n
                                   for p, n in g.numbers.items()}, points=True)
    regions = None
    if g.regions is not None:
        moved_regions = {moved(cell): g.regions[cell[0]][cell[1]] for cell in g.cells()}
        regions = tuple(tuple(moved_regions[r, c] for c in range(cols)) for r in range(rows))
    return Givens(rows, cols, {moved(cell): n for cell, n in g.numbers.items()},
                  frozenset(map(moved, g.walls)), regions)


def _loop_lines(g: Givens, edges: frozenset) -> list[str]:
    """The loop drawn: '+' points, '-' and '|' loop edges, the clues in the cells (each
    cell as wide as the widest clue)."""
    w = _cell_width(g)
    lines = []
    for r in range(g.rows + 1):
        lines.append("+" + "+".join(("-" if ((r, c), (r, c + 1)) in edges else " ") * w
                                    for c in range(g.cols)) + "+")
        if r < g.rows:
            lines.append("".join(("|" if ((r, c), (r + 1, c)) in edges else " ")
                                 + _clue(g, (r, c)).rjust(w) for c in range(g.cols + 1))
                         [:(w + 1) * g.cols + 1])
    return [line.rstrip() for line in lines]


def _cell_width(g: Givens) -> int:
    """The characters of the widest clue (at least one)."""
    return max([1, *(len(_clue(g, cell)) for cell in g.numbers)])


def _frame(g: Givens) -> frozenset:
    """The grid edges of the frame (drawn around an answer of borders)."""
    across = [((r, c), (r, c + 1)) for r in (0, g.rows) for c in range(g.cols)]
    down = [((r, c), (r + 1, c)) for r in range(g.rows) for c in (0, g.cols)]
    return frozenset(across + down)


def _by_row(g: Givens, answer: frozenset) -> list[list]:
    """An answer of ``(cell, number)`` pairs, row by row ('.' for a cell without one)."""
    rows: list[list] = [[] for _ in range(g.rows)]
    for (r, c), n in answer:
        if 0 <= r < g.rows:
            rows[r].append(((r, c), n))
    held = [{cell for cell, _ in row} for row in rows]
    for r, c in g.cells():
        if (r, c) not in held[r]:
            rows[r].append(((r, c), "."))
    return rows


def _read_numbers(g: Givens, lines: list[str]) -> Marks:
    """A grid of numbers, one character a cell or separated by spaces ('.' none)."""
    if len(lines) != g.rows:
        raise InvalidPuzzle(f"the answer has {len(lines)} rows, expected {g.rows}")
    found = set()
    for r, line in enumerate(lines):
        tokens = line.split() if " " in line.strip() else list(line.strip())
        if len(tokens) != g.cols:
            raise InvalidPuzzle(f"row has {len(tokens)} cells, expected {g.cols}", line=r + 1)
        for c, token in enumerate(tokens):
            if token == ".":
                continue
            if not token.isdigit() or len(token) > 6:
                raise InvalidPuzzle(f"{token[:10]!r} is not a number or '.'", line=r + 1,
                                    column=c + 1)
            found.add(((r, c), int(token)))
    held = {cell for cell, _ in found}
    return Marks(found | {(cell, n) for cell, n in g.numbers.items() if cell not in held})


def _clue(g: Givens, cell: Cell) -> str:
    n = g.numbers.get(cell)
    return " " if n is None else "?" if n == ANY else str(n)


def _read_loop(g: Givens, lines: list[str]) -> Marks:
    """The loop edges of a drawing as :func:`_loop_lines` writes it ('x': ruled out)."""
    if len(lines) != 2 * g.rows + 1:
        raise InvalidPuzzle(f"the drawing has {len(lines)} lines, expected {2 * g.rows + 1} "
                            f"(a line of points and edges, then one of edges and cells)")
    step = 2 if max(map(len, lines)) <= 2 * g.cols + 1 else _cell_width(g) + 1
    width = step * g.cols + 1  # cells as wide as the clues, or one character (the board)
    on, off = set(), set()
    for y, line in enumerate(lines):
        if len(line) > width:
            raise InvalidPuzzle(f"the line has {len(line)} characters, expected at most "
                                f"{width}", line=y + 1)
        line = line.ljust(width)
        for x in range(y % 2 == 0, len(line), step):
            r, c = divmod(y, 2)[0], x // step
            edge = ((r, c), (r, c + 1)) if y % 2 == 0 else ((r, c), (r + 1, c))
            mark = line[x]
            if mark in "-|":
                on.add(edge)
            elif mark == _RULED_OUT:
                off.add(edge)
            elif mark not in " .":
                raise InvalidPuzzle(f"{mark!r} is not an edge ('-', '|', 'x' or blank)",
                                    line=y + 1, column=x + 1)
    return Marks(on, off)


def _centre_lines(g: Givens, edges: frozenset) -> list[str]:
    """A loop through the cells' centres: the cells ('.' or a clue) joined by '-' and '|'."""
    lines = []
    for r in range(g.rows):
        lines.append("".join(_clue(g, (r, c)).replace(" ", ".")
                             + ("-" if ((r, c), (r, c + 1)) in edges else " ")
                             for c in range(g.cols))[:2 * g.cols - 1])
        if r < g.rows - 1:
            lines.append(" ".join("|" if ((r, c), (r + 1, c)) in edges else " "
                                  for c in range(g.cols)))
    return [line.rstrip() for line in lines]


def _read_centres(g: Givens, lines: list[str]) -> Marks:
    """The loop edges of a drawing as :func:`_centre_lines` writes it ('x': ruled out)."""
    if len(lines) != 2 * g.rows - 1:
        raise InvalidPuzzle(f"the drawing has {len(lines)} lines, expected {2 * g.rows - 1} "
                            "(a line of cells, then one of the edges down)")
    on, off = set(), set()
    for y, line in enumerate(lines):
        if len(line) > 2 * g.cols - 1:
            raise InvalidPuzzle(f"the line has {len(line)} characters, expected at most "
                                f"{2 * g.cols - 1}", line=y + 1)
        line = line.ljust(2 * g.cols - 1)
        for x in range(1 - y % 2, len(line), 2):
            r, c = y // 2, x // 2
            edge = ((r, c), (r, c + 1)) if y % 2 == 0 else ((r, c), (r + 1, c))
            if line[x] in "-|":
                on.add(edge)
            elif line[x] == _RULED_OUT:
                off.add(edge)
            elif line[x] not in " .":
                raise InvalidPuzzle(f"{line[x]!r} is not an edge ('-', '|', 'x' or blank)",
                                    line=y + 1, column=x + 1)
    return Marks(on, off)


def _plain_svg(g: Givens, answer: frozenset | None, loop: bool, *, lights: bool) -> str:
    """A plain drawing: the grid, walls, clues, and the answer (shaded cells, ``lights``
    or the loop)."""
    body = [draw.grid_lines(g.rows, g.cols, CELL, stroke="#999", width=1)]
    for r, c in sorted(g.walls | (frozenset() if loop or answer is None else answer)):
        light = lights and (r, c) not in g.walls
        body.append(draw.dot((c + .5) * CELL, (r + .5) * CELL, CELL * .3) if light else
                    f'<rect x="{c * CELL}" y="{r * CELL}" width="{CELL}" height="{CELL}" '
                    f'fill="{draw.GREY if (r, c) not in g.walls else draw.INK}"/>')
    for (r, c), n in sorted(g.numbers.items()):
        ink = "#fff" if (r, c) in g.walls else draw.INK
        body.append(draw.label((c + .5) * CELL, (r + .7) * CELL, "?" if n == ANY else str(n),
                               CELL * .55, fill=ink))
    for (r1, c1), (r2, c2) in sorted(answer or ()) if loop else ():
        body.append(f'<line x1="{c1 * CELL}" y1="{r1 * CELL}" x2="{c2 * CELL}" '
                    f'y2="{r2 * CELL}" stroke="{draw.INK}" stroke-width="4" '
                    'stroke-linecap="square"/>')
    frame = draw.frame(g.cols * CELL, g.rows * CELL, stroke="#999" if loop else draw.INK,
                       line=1 if loop else 3)
    body.insert(1 if loop else len(body), frame)  # under a loop, over the cells
    return draw.document(g.cols * CELL + 8, g.rows * CELL + 8, body, x=-4, y=-4)
