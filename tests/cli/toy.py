"""A toy puzzle for testing the command-line contract apart from any real puzzle.

The instance is a whole number N written as text; its solutions are the numbers 1..N.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles.protocol import Option, Puzzle
from puzzlesmith.results import (
    Check,
    CountResult,
    Generated,
    HintResult,
    RateResult,
    SolveResult,
    Stats,
    Status,
    count_status,
)


class Toy(Puzzle):
    name = "toy"
    title = "A toy: N has the solutions 1..N."
    verbs = frozenset({"solve", "count", "generate", "render", "rate", "hint", "check"})
    options = (Option("slow", ("solve", "count", "generate"), float, 0.0, "Seconds per solution."),
               Option("base", ("solve",), int, 10, "Number base.", phase="parse"),
               Option("long", ("solve",), int, 0,
                      "Answer with this many rows, once the time limit has passed."))
    styles = {"solve": ("plain", "stars"), "format": ("plain",), "render": ("plain",)}
    inline = True

    def parse(self, text, base=10):
        try:
            return int(text.strip(), base)
        except ValueError:
            raise InvalidPuzzle(f"not a number: {text.strip()[:20]!r}", line=1, column=1) from None

    def format(self, instance, style=None):
        return str(instance)

    def format_answer(self, instance, answer, style=None):
        return "*" * answer if style == "stars" else str(answer)

    def parse_answer(self, instance, text):
        return self.parse(text)

    def example(self):
        return 3

    def _walk(self, instance, limits, progress, slow):
        stats = Stats()
        for k in range(1, instance + 1):
            if slow:
                time.sleep(slow)
            stats.nodes += 1
            if k == 1 and os.environ.get("TOY_MARK"):   # tells a test the search has begun
                Path(os.environ["TOY_MARK"]).touch()
            if progress:
                progress(stats)
            if limits is not None and limits.expired():
                return stats, k - 1, True
        return stats, instance, False

    def solve(self, instance, *, limits=None, seed=None, progress=None, slow=0.0, long=0):
        if instance <= 0:
            return SolveResult(Status.UNSOLVABLE, puzzle=self.name)
        if long:  # an answer found just at the limit: only writing it is left
            while limits is not None and not limits.expired():
                time.sleep(0.001)
            rows = list(range(long))
            return SolveResult(Status.SOLVED, Stats(nodes=1), solution=rows,
                               details={"rows": rows}, puzzle=self.name)
        stats, done, gave_up = self._walk(instance, limits, progress, slow)
        if gave_up:
            return SolveResult(Status.GAVE_UP, stats, puzzle=self.name)
        return SolveResult(Status.SOLVED, stats, solution=1, details={"solution": 1},
                           puzzle=self.name)

    def count(self, instance, *, limit=None, limits=None, progress=None, slow=0.0):
        stats, done, gave_up = self._walk(max(instance, 0), limits, progress, slow)
        found = done if limit is None else min(done, limit)
        complete = not gave_up and (limit is None or done <= limit)
        return CountResult(count_status(found, complete, limit), stats, count=found,
                           complete=complete, limit=limit, puzzle=self.name)

    def generate_one(self, seed, *, limits, stats, progress=None, slow=0.0):
        # N from the seed, kept small (derived seeds are large): seeds below 50 give N = seed + 1
        if slow:
            time.sleep(slow)
        stats.nodes += 1
        n = 1 + seed % 50
        return Generated(n, str(n), 1, seed=seed, rating="easy")

    def rate(self, instance, *, limits=None):
        return RateResult(Status.SOLVED, level="easy", solved_by_deductions=True,
                          details={"deductions": {"count": instance}})

    def hint(self, instance, state=None, *, limits=None):
        return HintResult(Status.SOLVED, text="try 1", move=1)

    def is_solution(self, instance, answer):
        return Check.of([] if 1 <= answer <= instance else [f"{answer} is not in 1..{instance}"])

    def render_svg(self, instance, answer=None):
        return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {instance} 1"/>'

    def demo(self):
        return "toy demo"


PUZZLE = Toy()
