"""Reverse, the smallest puzzle: write the given word backwards.

>>> PUZZLE.solve(PUZZLE.parse("stressed")).solution
'desserts'
"""

from __future__ import annotations

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles.protocol import Puzzle
from puzzlesmith.results import Check, SolveResult, Stats, Status


class Reverse(Puzzle):
    """A word; its solution is the word backwards."""

    name = "reverse"
    title = "Reverse: write the word backwards (an example plugin)."
    verbs = frozenset({"solve", "check", "render"})
    styles = {"solve": ("plain",), "format": ("plain",), "render": ("plain",)}
    inline = True

    def parse(self, text: str) -> str:
        word = text.strip()
        if not word.isalpha():
            raise InvalidPuzzle(f"not a word: {word[:20]!r}", line=1, column=1)
        return word

    def format(self, instance: str, style: str | None = None) -> str:
        return instance

    def format_answer(self, instance: str, answer: str, style: str | None = None) -> str:
        return answer

    def parse_answer(self, instance: str, text: str) -> str:
        return text.strip()

    def example(self) -> str:
        return "stressed"

    def solve(self, instance: str, *, limits=None, seed=None, progress=None) -> SolveResult:
        return SolveResult(Status.SOLVED, Stats(nodes=1), solution=instance[::-1],
                           puzzle=self.name)

    def is_solution(self, instance: str, answer: str) -> Check:
        wrong = [] if answer == instance[::-1] else [f"{answer!r} is not {instance!r} reversed"]
        return Check.of(wrong, puzzle=self.name)

    def render_svg(self, instance: str, answer: str | None = None) -> str:
        text = answer or instance
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40">'
                f'<text x="10" y="25">{text}</text></svg>')


PUZZLE = Reverse()
