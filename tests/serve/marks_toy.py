"""The template puzzle with a web view that uses every mark, region walls and an edge of the
generic grid (the answer written with them is not a Latin square's: only the page is tested)."""

from __future__ import annotations

from puzzlesmith.puzzles.template.puzzle import LatinPuzzle


class Marks(LatinPuzzle):
    name = "marks"

    def web_view(self, instance) -> dict:
        n = instance.n
        return {**super().web_view(instance), "marks": ["shade", "dot", "star"],
                "answer": {"empty": ".", "shade": "#", "dot": "x", "star": "*"},
                "regions": [[c >= n // 2 for c in range(n)] for _ in range(n)],
                "edges": [[3, 0, 3, 1]]}


PUZZLE = Marks()
