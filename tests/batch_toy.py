"""A toy puzzle that misbehaves on purpose, for batch tests: ``crash`` kills its process,
``hang`` ignores every limit, ``boom`` raises an unexpected exception; any number is the
toy of :mod:`tests.cli.toy`.  ``generate`` makes the puzzle N from the seed N; a file
``1;2;3`` holds three puzzles."""

from __future__ import annotations

import os
import time

from puzzlesmith.results import Generated, GenerateResult, Status
from tests.cli.toy import Toy


class Stubborn(Toy):
    name = "stubborn"

    def parse(self, text, base=10):
        word = text.strip()
        if word in ("crash", "hang", "boom"):
            return word
        return super().parse(text, base)

    def parse_all(self, text, **params):
        return [self.parse(part, **params) for part in text.split(";")]

    def format(self, instance, style=None):
        return f"{instance}"

    def solve(self, instance, **params):
        if instance == "crash":
            os._exit(7)
        if instance == "hang":
            time.sleep(60)
        if instance == "boom":
            raise RuntimeError("kaboom")
        return super().solve(instance, **params)

    def generate(self, *, seed=None, limits=None, progress=None, count=1, **params):
        from puzzlesmith.seeds import run_seeds

        made = [Generated(n, f"{n}\n", 1, seed=n)
                for n in run_seeds(1 if seed is None else seed, count)]
        return GenerateResult(Status.SOLVED, puzzles=made, puzzle=self.name)


PUZZLE = Stubborn()
