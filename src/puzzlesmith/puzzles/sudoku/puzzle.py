"""Sudoku as a puzzle object: the one surface of :mod:`puzzlesmith.puzzles.protocol`.

>>> from puzzlesmith.puzzles import get
>>> sudoku = get("sudoku")
>>> board = sudoku.example()
>>> result = sudoku.solve(board, unique=True)
>>> print(sudoku.format_answer(board, result.solution, "line"), end="")
483921657967345821251876493548132976729564138136798245372689514814253769695417382
>>> result.unique, sudoku.is_solution(board, result.solution).ok
(True, True)
>>> sudoku.rate(board).level
'easy'
>>> print(sudoku.hint(board).text)
naked single: r1c4 = 9
"""

from __future__ import annotations

from typing import Any

from ...engines.kernels import KERNELS, KERNELS_HELP, check_kernels
from ...errors import UsageError, check_method
from ...results import (
    Check,
    CountResult,
    Generated,
    HintResult,
    Limits,
    RateResult,
    Result,
    SolveResult,
    Stats,
    Status,
)
from ..protocol import Option, Progress, Puzzle, explain_steps, within_limits
from ..web import wrong_marks
from . import board as sb
from . import deduce, formats, generate, solve, web
from .board import VARIANTS, Sudoku, cell_name, symbol
from .check import violations, wrong_cells
from .generate import DIFFICULTIES, SYMMETRIES
from .render import render_svg as board_svg

__all__ = ["SudokuPuzzle", "PUZZLE"]

_READS = ("solve", "count", "render", "rate", "hint", "check")
#: The built-in example (an easy classic puzzle, solved by singles).
EXAMPLE = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


class SudokuPuzzle(Puzzle):
    """Sudoku: every row, column and box (or region, or diagonal) holds each value once."""

    name = "sudoku"
    label = "Sudoku"
    title = ("Sudoku: fill the grid so that every row, column and box holds each value once "
             "(any box shape, jigsaw, X).")
    verbs = frozenset({"solve", "count", "generate", "render", "rate", "hint", "check"})
    options = (
        Option("box", _READS, str, None, "The box shape ROWSxCOLUMNS (default: what the "
               "grid's side implies, 3x3 for 9x9, 2x3 for 6x6).", phase="parse"),
        Option("variant", _READS, VARIANTS, None, "jigsaw: irregular regions (given after "
               "the grid); x: both diagonals too (default: what the input says).",
               phase="parse"),
        Option("unique", ("solve",), bool, False,
               "Also prove the solution unique (exit 1 if not)."),
        Option("explain", ("solve", "rate"), bool, False,
               "Also give the deductions step by step (stderr; JSON: \"steps\")."),
        Option("kernels", ("solve", "count"), KERNELS, "auto", KERNELS_HELP),
        Option("size", ("generate",), int, 9, "The side of the board (boxes: what it "
               "implies, unless --box).", minimum=2),
        Option("box", ("generate",), str, None, "The box shape ROWSxCOLUMNS (sets the side)."),
        Option("variant", ("generate",), VARIANTS, "classic",
               "x: both diagonals hold every value too; jigsaw: random irregular regions."),
        Option("difficulty", ("generate",), DIFFICULTIES, None,
               "Make puzzles of this grade (see rate; extreme: the deductions stall)."),
        Option("symmetry", ("generate",), SYMMETRIES, "rotational",
               "Givens in half-turn symmetric pairs, or anywhere."),
    )
    quick_params = {"box": "2x2"}
    styles = {"solve": formats.ANSWER_STYLES, "format": formats.PUZZLE_STYLES,
              "render": formats.PUZZLE_STYLES, "generate": formats.PUZZLE_STYLES}
    file_patterns = ("*.txt", "*.sudoku", "*.sdk")
    shared_style = "tatham"
    shared_name = "Tatham game ID"

    # -- reading and writing ---------------------------------------------------------------

    # A grid, a one-line puzzle, a Tatham Solo game ID or a puzz.link URL (see :mod:`.formats`).
    parse = staticmethod(formats.parse)
    parse_all = staticmethod(formats.parse_all)
    recognises = staticmethod(formats.shared)
    reads_inline = staticmethod(formats.inline)
    format = staticmethod(formats.format)
    format_answer = staticmethod(formats.format_answer)
    parse_answer = staticmethod(sb.parse_answer)

    def example(self) -> Sudoku:
        return self.parse(EXAMPLE)

    def describe(self, instance: Sudoku) -> str:
        """The size and variant: ``9×9``, ``9×9 jigsaw``, ``9×9 X``."""
        words = ["jigsaw"] * instance.jigsaw + ["X"] * instance.diagonals
        return " ".join([f"{instance.size}×{instance.size}", *words])

    def size(self, instance: Sudoku) -> str:
        return f"{instance.size}x{instance.size}"

    symmetric_texts = staticmethod(sb.normal_forms)

    # -- the verbs -------------------------------------------------------------------------

    def solve(self, instance: Sudoku, *, limits: Limits | None = None, seed: int | None = None,
              progress: Progress | None = None, unique: bool = False, explain: bool = False,
              kernels: str = "auto") -> SolveResult:
        """The solution on the exact-cover engine (a filled grid, ``details["solution"]`` as
        rows); with ``unique``, take two; with ``explain``, the deductions' steps."""
        check_kernels(kernels)
        result = solve.solve(instance, unique=unique, limits=limits, progress=progress,
                             kernels=kernels)
        if result.solution is not None:
            n = instance.size
            rows = [result.solution[r * n:r * n + n] for r in range(n)]
            result.details["solution"] = ["".join(symbol(v) for v in row) for row in rows]
        if explain and result.status is not Status.GAVE_UP:
            rating = within_limits(result, lambda: deduce.rate(instance, limits=limits))
            if rating is not None:
                explain_steps(result, rating)
        return result

    def count(self, instance: Sudoku, *, limit: int | None = None,
              limits: Limits | None = None, progress: Progress | None = None,
              kernels: str = "auto") -> CountResult:
        """Count the solutions up to ``limit``."""
        check_kernels(kernels)
        return solve.count(instance, limit, limits=limits, progress=progress, kernels=kernels)

    def check_generate_params(self, *, size: int = 9, box: str | None = None,
                              variant: str = "classic", difficulty: str | None = None,
                              symmetry: str = "rotational") -> dict:
        """The empty board of ``size`` (or ``box``) and ``variant`` to generate on."""
        return {"shape": _shape(size, box, variant), "jigsaw": "jigsaw" in variant,
                "difficulty": difficulty, "symmetry": symmetry}

    def generate_one(self, seed: int, *, limits: Limits, stats: Stats,
                     progress: Progress | None = None, **params: Any) -> Generated:
        """A puzzle proven unique and minimal for its symmetry (or one group of givens
        more, for the grade: see :mod:`.generate`), at ``difficulty`` when given."""
        return generate.generate_one(seed=seed, limits=limits, stats=stats, **params)

    def rate(self, instance: Sudoku, *, limits: Limits | None = None,
             explain: bool = False) -> RateResult:
        """The grade of the hardest technique the puzzle needs (:mod:`.deduce`): ``level``
        and ``details["difficulty"]`` (easy, medium, hard, extreme: needs search),
        ``details["score"]`` (grows with difficulty), how often each deduction fired."""
        rating = deduce.rate(instance, limits=limits)
        fired = {k: v for k, v in rating.counts.items() if v}
        result = RateResult(Status.UNSOLVABLE if rating.contradiction else Status.SOLVED,
                            Stats(len(rating.steps)), level=rating.level,
                            solved_by_deductions=rating.solved, details={
                                "difficulty": rating.level, "score": rating.score,
                                "deductions": fired})
        if explain:
            explain_steps(result, rating)
        return result

    def hint(self, instance: Sudoku, state: tuple[int, ...] | None = None, *,
             limits: Limits | None = None) -> HintResult:
        """The next step from the player's entries (default: the givens): a wrong entry if
        there is one, else the easiest technique that applies, else a value from the
        solution ("search")."""
        n = instance.size
        values = tuple(state) if state is not None else instance.givens
        truth = solve.solve(instance, limits=limits)
        stats = Stats(truth.stats.nodes)
        if truth.status is Status.UNSOLVABLE:
            return HintResult(Status.UNSOLVABLE, stats, text="the puzzle has no solution",
                              details={"rule": "no solution"})
        if truth.solution is None:
            return HintResult(Status.GAVE_UP, stats, details={"reason": "undecided"})
        wrong = [i for i, v in enumerate(values) if v and v != truth.solution[i]]
        if wrong:
            names = ", ".join(cell_name(i, n) for i in wrong)
            text = f"a mistake: {names} {'does' if len(wrong) == 1 else 'do'} not hold that"
            undo = deduce.Step("mistake", "", removed=[(i, values[i]) for i in wrong], n=n)
            return self._hint(text, "mistake", stats, n, undo, wrong=wrong)
        if all(values):
            return self._hint("solved: every cell is filled in", "done", stats, n)
        step = deduce.hint(instance, values)
        if step is None:
            cell = next(i for i, v in enumerate(values) if not v)
            step = deduce.Step("search", "no technique applies",
                               [(cell, truth.solution[cell])], n=n)
        return self._hint(str(step), step.rule, stats, n, step)

    def _hint(self, text: str, rule: str, stats: Stats, n: int,
              step: deduce.Step | None = None, wrong: list[int] = ()) -> HintResult:
        details: dict[str, Any] = {"rule": rule}
        if step is not None:
            details["placed"] = [[cell_name(c, n), v] for c, v in step.placed]
            details["removed"] = [[cell_name(c, n), v] for c, v in step.removed]
        if wrong:
            details["wrong"] = [cell_name(i, n) for i in wrong]
        return HintResult(Status.SOLVED, stats, text=text, move=step, details=details)

    def is_solution(self, instance: Sudoku, answer: tuple[int, ...]) -> Check:
        """The independent checker (:mod:`.check`); ``details["wrong"]`` names the filled
        cells that break a rule (``r3c5``), for a player's partly filled grid."""
        return Check.of(violations(instance, answer), wrong=lambda: [
            cell_name(i, instance.size) for i in wrong_cells(instance, answer)])

    render_svg = staticmethod(board_svg)

    def report_text(self, verb: str, instance: Any, result: Result,
                    style: str | None = None, *, limits: Limits | None = None) -> str | None:
        """As the protocol's; ``rate`` also prints the score."""
        if verb == "rate" and result.level is not None:
            lines = [f"rating: {result.level} (score {result.details.get('score')})"]
            lines += [f"  {k:<18} {v}" for k, v in result.details.get("deductions", {}).items()]
            return "\n".join(lines)
        return super().report_text(verb, instance, result, style, limits=limits)

    # -- the web page (:mod:`.web`) -------------------------------------------------------

    web_defaults = {"difficulty": "easy"}
    web_view = staticmethod(web.view)
    hint_marks = staticmethod(web.hint_marks)
    violation_marks = staticmethod(wrong_marks)
    tracers = web.TRACERS

    def demo(self) -> str:
        """The example solved, proven unique and rated."""
        board = self.example()
        result = self.solve(board, unique=True)
        rating = self.rate(board)
        return "\n".join([
            "Sudoku: a classic 9x9 puzzle, solved on the exact-cover engine\n",
            sb.format(board), sb.format_answer(board, result.solution),
            f"{result.stats.seconds * 1000:.1f} ms, {result.stats.nodes} nodes, unique: "
            f"{result.unique}, rating: {rating.level} (score {rating.details['score']})"])


def _shape(size: int, box: str | None, variant: str) -> Sudoku:
    """The empty board to generate on."""
    if box is not None:
        shape = sb.parse_box(box)
        size = shape[0] * shape[1]
    elif not isinstance(size, int) or not 4 <= size <= sb.MAX_SIDE:
        raise UsageError(f"--size takes a side from 4 to {sb.MAX_SIDE}, got {size!r}")
    else:
        shape = sb.default_box(size)
        if shape is None:
            raise UsageError(f"a {size}x{size} board has no box shape; give --box")
    if size < 4:
        raise UsageError(f"a board needs a side of at least 4, got {size}")
    check_method(variant, VARIANTS, "variant")
    return sb.make([0] * size * size, size, box=shape, diagonals=variant.endswith("x"))


PUZZLE = SudokuPuzzle()
