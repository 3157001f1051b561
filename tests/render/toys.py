"""Toy puzzles for the drawing tests: the CLI's toy with a real drawing, a comparison and a
benchmark (so that charts and books can be tested apart from any real puzzle)."""

from __future__ import annotations

from puzzlesmith.render import draw
from puzzlesmith.results import Result, Stats, Status
from tests.cli.toy import Toy


class DrawnToy(Toy):
    """N is drawn as a row of N cells, with a star on the answer's cell."""

    name = "drawntoy"
    verbs = Toy.verbs | {"compare", "bench"}

    def render_svg(self, instance, answer=None):
        cell = 20
        body = [draw.grid_lines(1, instance, cell), draw.frame(instance * cell, cell)]
        if answer is not None:
            body.append(draw.star((answer - 0.5) * cell, cell / 2, cell * 0.4))
        return draw.document(instance * cell, cell, body)

    def compare(self, instance, *, limits=None, progress=None):
        rows = [{"method": m, "heuristic": "h", "status": s, "nodes": n, "seconds": t,
                 "length": instance}
                for m, s, n, t in (("fast", "solved", 10, 0.001), ("slow", "gave-up", 10**6, 2))]
        return Result(Status.SOLVED, Stats(nodes=10), details={"rows": rows, "table": "t"})


PUZZLE = DrawnToy()
