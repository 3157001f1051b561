"""Star Battle as a puzzle object: the one surface of :mod:`puzzlesmith.puzzles.protocol`.

>>> from puzzlesmith.puzzles import get
>>> sb = get("starbattle")
>>> puzzle = sb.parse("AABBCC\\nAABCCC\\nAABCCC\\nDDBBEE\\nDDBBEF\\nDDBBFF\\n")
>>> result = sb.solve(puzzle, unique=True)
>>> print(sb.format_answer(puzzle, result.solution, "board"))
..*...
*.....
...*..
.....*
.*....
....*.
>>> result.verdict().value, result.details["solution"][0]
('solved', '..*...')
>>> sb.is_solution(puzzle, result.solution).ok
True
>>> print(sb.hint(puzzle).text)
squeeze (region E): empty: r5c6
>>> sb.rate(puzzle).level
'medium'

Sizes: a puzzle may have at most :data:`~.board.MAX_SIDE` (200) rows and columns unless
``max_size`` raises the cap (checked before anything is built; a 200×200 model takes about
0.6 s and 60 MB).  Generated puzzles have one region per row, so at most 62 rows.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from ...engines.kernels import KERNELS, KERNELS_HELP
from ...results import (
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
from ..protocol import Option, Progress, Puzzle, explain_steps, within_limits
from ..web import wrong_marks
from . import deduce, formats, generate, solve, web
from .board import (
    MAX_SIDE,
    Cell,
    Marks,
    StarBattle,
    cell_name,
    implied_stars,
    normal_forms,
    solution_rows,
    stars_of,
)
from .check import violations, wrong_cells
from .render import svg as board_svg

__all__ = ["StarBattlePuzzle", "PUZZLE"]

_READS = ("solve", "count", "render", "rate", "hint", "check")  # verbs that parse a puzzle


class StarBattlePuzzle(Puzzle):
    """Star Battle ("Two Not Touch"): stars in every row, column and region, none touching."""

    name = "starbattle"
    label = "Star Battle"
    file_patterns = ("*.sb", "*.txt")
    title = ("Star Battle: place the given number of stars in every row, column and region "
             "so that no two stars touch, not even diagonally.")
    verbs = frozenset({"solve", "count", "generate", "render", "rate", "hint", "check",
                       "bench"})
    options = (
        Option("stars", _READS, int, None, "Stars per unit (default: the file's size line, "
               "or what the grid implies).", phase="parse", minimum=0),
        Option("row_stars", _READS, int, None, "Stars in each row (default: from --stars).",
               phase="parse", minimum=0),
        Option("column_stars", _READS, int, None,
               "Stars in each column (default: from --stars).", phase="parse", minimum=0),
        Option("region_stars", _READS, int, None,
               "Stars in each region (default: from --stars).", phase="parse", minimum=0),
        Option("max_size", _READS, int, MAX_SIDE, "Largest number of rows or columns read.",
               phase="parse", minimum=1),
        Option("unique", ("solve",), bool, False,
               "Also prove the solution unique (exit 1 if not)."),
        Option("explain", ("solve",), bool, False,
               "Also give the deductions step by step (stderr; JSON: \"steps\")."),
        Option("kernels", ("solve", "count"), KERNELS, "auto", KERNELS_HELP),
        Option("size", ("generate",), str, "10", "N or ROWSxCOLUMNS."),
        Option("rows", ("generate",), int, None, "Rows (overrides --size).", minimum=1),
        Option("cols", ("generate",), int, None, "Columns (overrides --size).", minimum=1),
        Option("stars", ("generate",), int, None,
               "Stars per row and region (default: what the size implies).", minimum=1),
        Option("difficulty", ("generate",), generate.DIFFICULTIES, None,
               "Shape each puzzle until the rating solver gives this level."),
        Option("allow_search", ("generate",), bool, False,
               "Also keep puzzles the deductions cannot finish (they need search); by default "
               "every puzzle is solved by deductions."),
        Option("method", ("generate",), generate.METHODS, generate.METHODS[0],
               "Generation method."),
    )
    quick_params = {"size": "6", "stars": 1}
    styles = {"solve": formats.ANSWER_STYLES, "format": formats.PUZZLE_STYLES,
              "render": ("framed", "puzzlink"), "generate": ("sb", "puzzlink")}
    shared_style = "puzzlink"
    shared_name = "puzz.link URL"

    # -- reading and writing ---------------------------------------------------------------

    parse = staticmethod(formats.parse)
    parse_all = staticmethod(formats.parse_all)
    format = staticmethod(formats.format)
    format_answer = staticmethod(formats.format_answer)
    parse_answer = staticmethod(formats.parse_marks)

    def recognises(self, text: str) -> bool:
        """A puzz.link (pzprjs) URL of a Star Battle, given inline or pasted."""
        return formats.is_puzzlink(text.removeprefix("\ufeff"))

    def reads_inline(self, source: str) -> bool:
        """Any pzprjs link is read (one of another genre is refused, naming it)."""
        return bool(formats.PUZZLINK_URL.fullmatch(source.removeprefix("\ufeff")))

    def example(self) -> StarBattle:
        """The seed document's 12×12 two-star puzzle (with its solution)."""
        text = resources.files("puzzlesmith.examples").joinpath("starbattle_12x12_2.sb")
        return self.parse(text.read_text(encoding="utf-8"))

    def describe(self, instance: StarBattle) -> str:
        """The size in words: ``10×10, 2 stars`` (or the stars per row, column and region)."""
        units = {*instance.row_stars, *instance.column_stars, *instance.region_stars.values()}
        if len(units) == 1:
            k = units.pop()
            stars = f"{k} star{'s' if k != 1 else ''}"
        else:
            def one(values: Any) -> str:
                return "/".join(map(str, sorted(set(values))))

            stars = (f"stars {one(instance.row_stars)} a row, {one(instance.column_stars)} "
                     f"a column, {one(instance.region_stars.values())} a region")
        return f"{instance.rows}×{instance.columns}, {stars}"

    def size(self, instance: StarBattle) -> str:
        return f"{instance.rows}x{instance.columns}"

    symmetric_texts = staticmethod(normal_forms)

    # -- the verbs -------------------------------------------------------------------------

    def solve(self, instance: StarBattle, *, limits: Limits | None = None,
              seed: int | None = None, progress: Progress | None = None,
              unique: bool = False, explain: bool = False,
              kernels: str = "auto") -> SolveResult:
        """The first solution (stars as sorted cells; ``details["solution"]`` as rows), with
        ``unique`` a proof of uniqueness, with ``explain`` the deductions' steps;
        ``kernels``: see :mod:`puzzlesmith.engines.kernels`."""
        result = solve.solve(instance, unique=unique, seed=seed, limits=limits,
                             progress=progress, kernels=kernels)
        if result.solution is not None:
            result.details["solution"] = solution_rows(instance, result.solution)
            if instance.given is not None:
                agrees = set(result.solution) == instance.given
                result.details["agrees_with_file"] = agrees
                if not agrees:
                    result.messages.append("warning: this solution differs from the one in the "
                                           "file (the puzzle has more than one)")
        if explain and result.status is not Status.GAVE_UP:
            explained = within_limits(result, lambda: deduce.explain(instance, limits=limits))
            if explained is not None:
                explain_steps(result, explained)
        return result

    def count(self, instance: StarBattle, *, limit: int | None = None,
              limits: Limits | None = None, progress: Progress | None = None,
              kernels: str = "auto") -> CountResult:
        """Count the solutions up to ``limit`` (``kernels``: see :meth:`solve`)."""
        return solve.count(instance, limit, limits=limits, progress=progress, kernels=kernels)

    def check_generate_params(self, *, size: str = "10", rows: int | None = None,
                              cols: int | None = None, stars: int | None = None,
                              difficulty: str | None = None, method: str = "grow",
                              allow_search: bool = False) -> dict:
        """The shape: ``size`` ("N" or "RxC"), or ``rows`` and ``cols``; ``stars`` per row
        and region (default: what the size implies), so ``rows * stars / cols`` per column.
        Every puzzle is finished by the deductions unless ``allow_search``."""
        size_rows, size_cols = generate.parse_size(size)
        rows, cols = rows or size_rows, cols or size_cols
        stars = stars or implied_stars(rows, cols)
        return {"rows": rows, "columns": cols, "stars": stars, "method": method,
                "difficulty": difficulty, "by_rules": not allow_search}

    def generate_details(self, params: dict) -> dict:
        return {key: params[key] for key in ("rows", "columns", "stars")}

    def generate_one(self, seed: int, *, limits: Limits, stats: Stats,
                     progress: Progress | None = None, **params: Any) -> Generated:
        """A puzzle proven unique and rated (see :func:`.generate.generate_one`), at
        exactly ``difficulty`` when given; one node budget and deadline cover the run."""
        return generate.generate_one(seed=seed, budget=generate.Budget(limits, stats),
                                     progress=progress, **params)

    def rate(self, instance: StarBattle, *, limits: Limits | None = None) -> RateResult:
        """The hardest deduction the puzzle needs (``details["deductions"]``: how often each
        fired); ``no solution`` (status unsolvable) when the deductions prove it impossible."""
        rating = deduce.rate(instance, limits=limits)
        status = Status.UNSOLVABLE if rating.level == deduce.NO_SOLUTION else Status.SOLVED
        return RateResult(status, Stats(len(rating.steps)),
                          level=rating.level, solved_by_deductions=rating.solved,
                          details={"deductions": rating.counts})

    def hint(self, instance: StarBattle, state: Marks | list[Cell] | None = None, *,
             limits: Limits | None = None) -> HintResult:
        """The next step from the player's marks (default: the empty board): a mistake in
        the marks if there is one, else the easiest rule that decides a cell (named, with
        the cells it decides), else a star the exact solver places."""
        marks = state if isinstance(state, Marks) else Marks(
            frozenset(stars_of(state)) if state is not None else frozenset())
        return self._hint(instance, marks, limits)

    def _hint(self, instance: StarBattle, marks: Marks, limits: Limits) -> HintResult:
        problem = deduce.broken_rule(instance, marks)
        if problem:
            return _hint_result("mistake", f"a mistake: {problem}", problem)
        reachable = solve.solve(instance, marks=marks, limits=limits)
        nodes = reachable.stats.nodes
        if reachable.status is Status.UNSOLVABLE:
            anyway = solve.solve(instance, limits=limits)
            nodes += anyway.stats.nodes
            if anyway.status is Status.UNSOLVABLE:
                return HintResult(Status.UNSOLVABLE, Stats(nodes),
                                  text="the puzzle has no solution",
                                  details={"rule": "no solution"})
            if anyway.solution is not None:
                truth = set(anyway.solution)
                wrong = sorted(marks.stars - truth) + sorted(marks.empties & truth)
                names = ", ".join(cell_name(c) for c in wrong)
                return _hint_result("mistake", f"a mistake: no solution has these marks; "
                                    f"wrong: {names}", "marks", wrong=wrong, nodes=nodes)
            return HintResult(Status.GAVE_UP, Stats(nodes), details={"reason": "undecided"})
        if not violations(instance, marks.stars):
            return _hint_result("done", "solved: every star is in place", "board", nodes=nodes)
        step = deduce.hint(instance, marks, limits=limits)
        if step is not None:
            return _hint_result(step.rule, str(step), step.unit, step.stars, step.empties,
                                nodes=nodes)
        if reachable.solution is None:
            return HintResult(Status.GAVE_UP, Stats(nodes), details={"reason": "undecided"})
        cell = next(c for c in reachable.solution if c not in marks.stars)
        return _hint_result("search", f"search (no rule applies): star at {cell_name(cell)}",
                            "board", [cell], nodes=nodes)

    def is_solution(self, instance: StarBattle, answer: Marks | list[Cell]) -> Check:
        """The independent checker: every rule the stars break, in words;
        ``details["wrong"]`` names the stars that break one (``r3c5``)."""
        return Check.of(violations(instance, answer), wrong=lambda: [
            cell_name(c) for c in wrong_cells(instance, answer)])

    render_svg = staticmethod(board_svg)

    # -- the web page (:mod:`.web`) -------------------------------------------------------

    web_view = staticmethod(web.view)
    hint_marks = staticmethod(web.hint_marks)
    violation_marks = staticmethod(wrong_marks)
    tracers = web.TRACERS

    def demo(self) -> str:
        """The seed's 12×12 puzzle solved, proven unique and rated; a new 8×8 puzzle."""
        puzzle = self.example()
        result = self.solve(puzzle, unique=True)
        made = self.generate(seed=1, size="8", stars=1).puzzles[0]
        return "\n".join([
            "Star Battle: the seed's 12x12 two-star puzzle, solved and proven unique\n",
            self.format_answer(puzzle, result.solution, "framed"),
            f"\n{result.stats.seconds * 1000:.1f} ms, {result.stats.nodes} nodes, "
            f"unique: {result.unique}, rating: {self.rate(puzzle).level}",
            "\nA new 8x8 one-star puzzle (seed 1), proven unique:\n",
            self.format_answer(made.instance, made.solution, "framed"),
        ])


def _hint_result(rule: str, text: str, unit: str, stars: list[Cell] = (),
                 empties: list[Cell] = (), nodes: int = 0,
                 wrong: list[Cell] = ()) -> HintResult:
    """A hint with the rule it applies and the cells it touches (named ``r1c2``): stars to
    place, cells to rule out, and marks that are wrong."""
    move = deduce.Step(rule, unit, list(stars), list(empties))
    details = {"rule": rule, "unit": unit, "stars": [cell_name(c) for c in stars],
               "empties": [cell_name(c) for c in empties]}
    if wrong:
        details["wrong"] = [cell_name(c) for c in wrong]
    return HintResult(Status.SOLVED, Stats(nodes), text=text, move=move, details=details)


PUZZLE = StarBattlePuzzle()
