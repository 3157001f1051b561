"""The complete solver's model of one puzzle: the unknowns' variables, the rules' clauses and
their lazy checks, built on the SAT engine.

A rule's ``encode`` reads :attr:`Encoding.givens`, asks :meth:`Encoding.lit` for the literal
of an unknown (:meth:`Encoding.aux` for an auxiliary variable), adds clauses and cardinality
constraints to :attr:`Encoding.model`, and may register a lazy check with
:meth:`Encoding.add_lazy` (given a :class:`Model`, the clauses it breaks).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING

from ..engines.sat import SatModel
from ..errors import InvalidPuzzle
from ..results import Limits
from .givens import Givens

if TYPE_CHECKING:
    from .language import Genre

MAX_CELLS = 10_000
LazyCheck = Callable[["Model"], list[list[int]]]


class Model:
    """One SAT model seen through the genre's keys."""

    def __init__(self, enc: Encoding, true_vars: frozenset[int]):
        self.enc, self.true_vars = enc, true_vars

    def true(self, key: Hashable) -> bool:
        """True when the unknown ``key`` is true (a key that is no unknown is false)."""
        return self.enc.vars.get(key) in self.true_vars

    def aux(self, key: Hashable) -> bool:
        """True when the auxiliary variable ``key`` is true."""
        return self.enc.aux(key) in self.true_vars


class Encoding:
    """The SAT model of ``genre`` on ``givens``: one variable per unknown, then the rules
    (``limits``: a deadline passed while building raises :class:`LimitReached`)."""

    def __init__(self, genre: Genre, givens: Givens, limits: Limits | None = None):
        _validate(givens)
        limits = limits or Limits()
        self.genre, self.givens = genre, givens
        self.model = SatModel()
        self.keys = genre.unknowns.keys(givens)
        self.vars = {key: self.model.var(("unknown", key)) for key in self.keys}
        self.lazy_checks: list[LazyCheck] = []
        self.false = self.model.var(("false",))
        self.model.add([-self.false])
        genre.unknowns.encode(self)
        for rule in genre.rules:
            limits.check("building the model")
            rule.encode(self)

    def aux(self, key: Hashable) -> int:
        """The auxiliary variable named ``key`` (made on first use)."""
        return self.model.var(("aux", key))

    def lit(self, key: Hashable, value: bool = True) -> int:
        """The literal "``key`` is ``value``"; a key that is no unknown (a wall for shading)
        is a constant false literal."""
        var = self.vars.get(key, self.false)
        return var if value else -var

    def lits(self, keys: Iterable[Hashable], value: bool = True) -> list[int]:
        """The literals "``key`` is ``value``" of ``keys``."""
        return [self.lit(key, value) for key in keys]

    def add_lazy(self, check: LazyCheck) -> None:
        """Register a lazy check: given a :class:`Model`, the clauses it breaks."""
        self.lazy_checks.append(check)

    def lazy(self, true_vars: frozenset[int]) -> list[list[int]]:
        """The clauses the model breaks, from every lazy check (the engine's callback)."""
        model = Model(self, true_vars)
        return [clause for check in self.lazy_checks for clause in check(model)]

    def answer_vars(self) -> list[int]:
        """The variables an answer is made of (two answers differ on them)."""
        return [self.vars[key] for key in self.keys]

    def decode(self, true_vars: frozenset[int]) -> frozenset:
        """The answer: the keys of the true unknowns."""
        return frozenset(key for key in self.keys if self.vars[key] in true_vars)


def _validate(g: Givens) -> None:
    """Refuse a grid too large or empty, and givens outside the grid."""
    if g.rows * g.cols > MAX_CELLS or min(g.rows, g.cols) < 1:
        raise InvalidPuzzle(f"the grid is {g.rows}x{g.cols}: from 1 to {MAX_CELLS} cells")
    for r, c in [*g.numbers, *g.walls]:
        if not (0 <= r < g.rows + g.points and 0 <= c < g.cols + g.points):
            raise InvalidPuzzle(f"a given at row {r + 1}, column {c + 1} is outside the "
                                f"{g.rows}x{g.cols} grid")
