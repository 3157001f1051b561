"""Solve, count and prove unique a declared genre's puzzle with the complete solver.

>>> from .declared import lightup
>>> g = lightup.read('''
... ...
... 2.#
... .#.
... ''')
>>> result = solve(lightup, g, unique=True)
>>> sorted(result.solution), result.unique
([(0, 2), (1, 1), (2, 0), (2, 2)], True)
>>> count(lightup, lightup.read('..#|..#|#.1'.replace('|', chr(10)))).count
2
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..engines import sat
from ..results import CountResult, Limits, SolveResult, Stats
from .encoding import Encoding
from .givens import Givens
from .language import Answer, Genre

__all__ = ["encode", "solutions", "solve", "count"]

Progress = Callable[[Stats], None] | None


def encode(genre: Genre, g: Givens, limits: Limits | None = None) -> Encoding:
    """The SAT model of ``genre`` on the givens ``g``."""
    return Encoding(genre, g, limits)


def solutions(genre: Genre, g: Givens, *, limits: Limits | None = None,
              progress: Progress = None, solver: str = sat.DEFAULT_SOLVER) -> Iterator[Answer]:
    """Every answer of the puzzle, lazily (see :mod:`.language` for the answer types)."""
    enc, limits = _built(genre, g, limits)
    search = sat.solutions(enc.model, enc.answer_vars(), lazy=enc.lazy, limits=limits,
                           progress=progress, solver=solver)
    return (enc.decode(found) for found in search)


def solve(genre: Genre, g: Givens, *, unique: bool = False, limits: Limits | None = None,
          progress: Progress = None, solver: str = sat.DEFAULT_SOLVER) -> SolveResult:
    """The first answer; with ``unique=True`` a second one is looked for ("take two")."""
    enc, limits = _built(genre, g, limits)
    result = sat.solve(enc.model, enc.answer_vars(), unique=unique, lazy=enc.lazy,
                       limits=limits, progress=progress, solver=solver)
    if result.solution is not None:
        result.solution = enc.decode(result.solution)
    result.puzzle = genre.name
    return result


def count(genre: Genre, g: Givens, limit: int | None = None, *, limits: Limits | None = None,
          progress: Progress = None, solver: str = sat.DEFAULT_SOLVER,
          keep: bool = False) -> CountResult:
    """Count the answers exactly, or up to ``limit``; ``keep`` keeps them in ``solutions``."""
    enc, limits = _built(genre, g, limits)
    result = sat.count(enc.model, enc.answer_vars(), limit, lazy=enc.lazy, limits=limits,
                       progress=progress, solver=solver, keep=keep)
    result.solutions = [enc.decode(found) for found in result.solutions]
    result.puzzle = genre.name
    return result


def _built(genre: Genre, g: Givens, limits: Limits | None) -> tuple[Encoding, Limits]:
    """The model, built under ``limits`` started now (one deadline for building and search)."""
    limits = (limits or Limits()).started()
    return encode(genre, g, limits), limits
