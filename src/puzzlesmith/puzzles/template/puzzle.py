"""Latin square completion, the template puzzle: every verb of the protocol, small.

Fill the n×n grid so that every row and every column holds 1..n once.  Copy this package
to add a puzzle (see docs/new-puzzle.md); its imports of puzzlesmith are absolute, so the
copy works anywhere, in puzzlesmith or in a plugin distribution.

>>> latin = PUZZLE.example()
>>> result = PUZZLE.solve(latin)
>>> print(PUZZLE.format_answer(latin, result.solution), end="")
4312
1243
3124
2431
>>> PUZZLE.is_solution(latin, result.solution).ok, PUZZLE.count(latin).count
(True, 1)
>>> print(PUZZLE.hint(latin).text)
r1c2 is 3: the only place for 3 in row 1
"""

from __future__ import annotations

import random
from typing import Any

from puzzlesmith.errors import InvalidPuzzle, LimitReached, UsageError
from puzzlesmith.puzzles.protocol import Option, Progress, Puzzle
from puzzlesmith.puzzles.symmetry import TURNS, first_seen
from puzzlesmith.puzzles.web import wrong_marks
from puzzlesmith.render import draw
from puzzlesmith.results import (
    Check,
    CountResult,
    Generated,
    HintResult,
    Limits,
    RateResult,
    SolveResult,
    Stats,
    Status,
    count_status,
)

from . import board, solve
from .board import MAX_SIDE, MIN_SIDE, Latin, cell_name

CELL = 36  # the side of a cell in SVG units


class LatinPuzzle(Puzzle):
    """Latin square completion: every row and column holds 1..n once."""

    name = "latin"
    label = "Latin square"
    title = "Latin square: fill the grid so that every row and column holds 1..n once."
    verbs = frozenset({"solve", "count", "generate", "render", "rate", "hint", "check"})
    options = (Option("size", ("generate",), int, 5, "The side of the grid (2 to 9).",
                      minimum=MIN_SIDE),)
    styles = {verb: ("grid",) for verb in ("format", "solve", "render", "generate")}
    file_patterns = ("*.txt",)
    answer_style = "grid"

    # -- reading and writing ---------------------------------------------------------------

    def parse(self, text: str) -> Latin:
        return board.parse(text)

    def format(self, instance: Latin, style: str | None = None) -> str:
        return board.format(instance)

    def format_answer(self, instance: Latin, answer: tuple[int, ...],
                      style: str | None = None) -> str:
        return board.format(Latin(instance.n, tuple(answer)))

    def parse_answer(self, instance: Latin, text: str) -> tuple[int, ...]:
        """A grid like the puzzle's, blanks allowed (a player's partial answer)."""
        grid = board.parse(text)
        if grid.n != instance.n:
            raise InvalidPuzzle(f"the answer has {grid.n} rows, expected {instance.n}")
        return grid.cells

    def example(self) -> Latin:
        return self.parse("..12\n.2..\n3..4\n....\n")

    # -- the verbs -------------------------------------------------------------------------

    def solve(self, instance: Latin, *, limits: Limits | None = None, seed: int | None = None,
              progress: Progress | None = None) -> SolveResult:
        """The first solution of a depth-first search (``details["solution"]``: its rows)."""
        stats = Stats()
        try:
            found = next(solve.search(instance.cells, instance.n, stats=stats, limits=limits),
                         None)
            status = Status.SOLVED if found else Status.UNSOLVABLE
        except LimitReached:  # caught here to keep the nodes searched
            found, status = None, Status.GAVE_UP
        rows = self.format_answer(instance, found).split() if found else None
        return SolveResult(status, stats, solution=found,
                           details={"solution": rows} if rows else {})

    def count(self, instance: Latin, *, limit: int | None = None,
              limits: Limits | None = None, progress: Progress | None = None) -> CountResult:
        """The solutions, counted up to ``limit``."""
        stats, found, complete = Stats(), 0, True
        search = solve.search(instance.cells, instance.n, limits=limits, stats=stats)
        try:
            for _ in search:
                found += 1
                if found == limit:
                    complete = False
                    break
        except LimitReached:  # caught here to keep the count so far
            complete = False
        return CountResult(count_status(found, complete, limit), stats, count=found,
                           complete=complete, limit=limit)

    def check_generate_params(self, *, size: int = 5) -> dict:
        """Refuse a size the generator cannot make, before any work."""
        if not isinstance(size, int) or not MIN_SIDE <= size <= MAX_SIDE:
            raise UsageError(f"size takes {MIN_SIDE} to {MAX_SIDE}, got {size!r}")
        return {"size": size}

    def generate_one(self, seed: int, *, limits: Limits, stats: Stats,
                     progress: Progress | None = None, size: int = 5) -> Generated:
        """One puzzle, unique and minimal, made from ``seed`` (``LimitReached`` at a limit)."""
        cells, solution = solve.generate(size, random.Random(seed), limits=limits, stats=stats)
        latin = Latin(size, cells)
        return Generated(latin, board.format(latin), solution, seed=seed,
                         rating=self.rate(latin).level,
                         details={"unique": True, "givens": size * size - cells.count(0)})

    def rate(self, instance: Latin, *, limits: Limits | None = None) -> RateResult:
        """easy: hidden singles suffice; medium: naked singles too; hard: search needed."""
        steps, cells = solve.deduce(instance.cells, instance.n)
        fired = {rule: sum(s.rule == rule for s in steps)
                 for rule in ("hidden single", "naked single")}
        level = "hard" if 0 in cells else "medium" if fired["naked single"] else "easy"
        return RateResult(Status.SOLVED, Stats(nodes=len(steps)), level=level,
                          solved_by_deductions=0 not in cells, details={"deductions": fired})

    def hint(self, instance: Latin, state: tuple[int, ...] | None = None, *,
             limits: Limits | None = None) -> HintResult:
        """The next step from ``state``: undo a mistake, else a deduction, else the
        solution's value of a cell.  ``move``: (cell, value) pairs, 0 to clear."""
        n, played = instance.n, state or instance.cells
        cells = tuple(given or value for given, value in zip(instance.cells, played, strict=True))
        truth = self.solve(instance, limits=limits)
        if truth.solution is None:
            text = "the puzzle has no solution" if truth.status is Status.UNSOLVABLE else ""
            return HintResult(truth.status, truth.stats, text=text)
        wrong = [i for i, v in enumerate(cells) if v and v != truth.solution[i]]
        if wrong:
            names = [cell_name(i, n) for i in wrong]
            return HintResult(Status.SOLVED, truth.stats, move=[(i, 0) for i in wrong],
                              text=f"a mistake: {', '.join(names)}",
                              details={"rule": "mistake", "wrong": names})
        if 0 not in cells:
            return HintResult(Status.SOLVED, truth.stats, text="solved")
        step = solve.hint(cells, n)
        if step is None:
            i = cells.index(0)
            step = solve.Step("search", i, truth.solution[i], "no deduction applies")
        return HintResult(Status.SOLVED, truth.stats, text=step.text(n),
                          move=[(step.cell, step.value)],
                          details={"rule": step.rule, "placed": [[cell_name(step.cell, n),
                                                                  step.value]]})

    def is_solution(self, instance: Latin, answer: tuple[int, ...]) -> Check:
        """The independent checker; ``details["wrong"]``: the cells of the violations."""
        problems, wrong = board.check(instance, tuple(answer))
        verdict = Check.of(problems)
        if wrong:
            verdict.details["wrong"] = wrong
        return verdict

    def render_svg(self, instance: Latin, answer: tuple[int, ...] | None = None) -> str:
        """Thin cell lines, a frame, givens in bold and the answer's values in blue."""
        n, size = instance.n, CELL * 0.6
        body = [draw.grid_lines(n, n, CELL), draw.frame(n * CELL, n * CELL)]
        for i, given in enumerate(instance.cells):
            value = given or (answer[i] if answer is not None else 0)
            if value:
                body.append(draw.label((i % n + 0.5) * CELL, (i // n + 0.5) * CELL + size * 0.36,
                                       str(value), size, weight="bold" if given else "normal",
                                       fill=draw.INK if given else "#1f4fbf"))
        return draw.document(n * CELL + 4, n * CELL + 4, body, x=-2, y=-2)

    # -- the store and the book ------------------------------------------------------------

    def describe(self, instance: Latin) -> str | None:
        return f"{instance.n}×{instance.n}"

    def size(self, instance: Latin) -> str | None:
        return f"{instance.n}x{instance.n}"

    def symmetric_texts(self, instance: Latin) -> list[str]:
        """The texts of the grid turned and mirrored, each with its digits renumbered in
        reading order (a relabelled square is the same puzzle)."""
        n, texts = instance.n, []
        for turn in TURNS:
            cells = [v for row in turn.grid([instance.cells[r * n:r * n + n] for r in range(n)])
                     for v in row]
            digit = {v: k for k, v in enumerate(first_seen([cells], keep=(0,)), 1)}
            texts.append(board.format(Latin(n, tuple(digit.get(v, 0) for v in cells))))
        return texts

    # -- the web page: a grid described as data, drawn by the page's generic board ---------

    def web_view(self, instance: Latin) -> dict:
        n = instance.n
        return {"kind": "grid", "rows": n, "cols": n, "marks": ["number", "pencil"],
                "symbols": "".join(map(str, range(1, n + 1))), "answer": {"empty": "."},
                "givens": [[i // n, i % n, str(v)] for i, v in enumerate(instance.cells) if v],
                "help": "Fill every row and column with 1.." + str(n) + " once: click a cell "
                        "and type; Shift+digit: a pencil mark; Backspace: clear."}

    def hint_marks(self, instance: Latin, state: Any, hint: HintResult) -> list | None:
        n = instance.n
        return [[i // n, i % n, "number", str(v)] if v else [i // n, i % n, "wrong"]
                for i, v in hint.move or ()]

    violation_marks = staticmethod(wrong_marks)  # the cells the checker names

    def answer_marks(self, instance: Latin, answer: tuple[int, ...]) -> dict | None:
        return {"rows": self.format_answer(instance, answer).split()}


PUZZLE = LatinPuzzle()
