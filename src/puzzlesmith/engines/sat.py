"""A puzzle-agnostic SAT engine on python-sat: a model builder and a lazy-constraint driver.

A :class:`SatModel` holds variables, clauses and cardinality constraints.  :func:`solutions`
solves it, asks an optional ``lazy`` callback about each model (the callback returns clauses
the model breaks, such as connectivity cuts; none means the model is accepted), yields the
accepted models as the set of true *answer* variables, and blocks each one over the answer
variables so that the next call finds a different answer.  Counting enumerates to the end
(or a limit); uniqueness takes two.

The solver runs in bounded chunks of conflicts (a conflict is a node of
:class:`~puzzlesmith.results.Stats`), so node and time limits act between chunks.

>>> model = SatModel()
>>> a, b, c = model.new(3)
>>> model.exactly([a, b, c], 2)
>>> count(model, [a, b, c]).count
3
>>> sorted(solve(model, [a, b, c], unique=True).solution), solve(model, [a, b]).unique
([1, 2], None)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from ..errors import UsageError, check_method
from ..results import CountResult, Limits, SolveResult, Stats, Status, count_status
from .driver import ChunkDriver

__all__ = ["SatModel", "SatSearch", "solutions", "solve", "count", "SOLVERS", "DEFAULT_SOLVER"]

#: The solvers offered; the default was the fastest on the declared genres (see the note).
SOLVERS = ("cadical153", "cadical195", "glucose4", "glucose42", "minisat22", "maplechrono")
DEFAULT_SOLVER = "cadical153"

Lazy = Callable[[frozenset[int]], list[list[int]]]
"""Given a model's literals (variable v is true when v is in it), the clauses it breaks
(empty: the model is accepted)."""


class SatModel:
    """Variables (numbered from 1), clauses and cardinality constraints over literals."""

    def __init__(self) -> None:
        self.pool = IDPool()
        self.clauses: list[list[int]] = []

    def new(self, n: int = 1) -> list[int]:
        """``n`` fresh variables."""
        return [self.pool._next() for _ in range(n)]

    def var(self, key: object) -> int:
        """The variable named ``key`` (made on first use)."""
        return self.pool.id(key)

    @property
    def top(self) -> int:
        """The highest variable number in use."""
        return self.pool.top

    def add(self, clause: Iterable[int]) -> None:
        """Add one clause (a disjunction of literals; empty = unsatisfiable)."""
        self.clauses.append(list(clause))

    def extend(self, clauses: Iterable[Iterable[int]]) -> None:
        """Add several clauses."""
        for clause in clauses:
            self.add(clause)

    def at_most(self, lits: Sequence[int], k: int, *, when: int | None = None) -> None:
        """At most ``k`` of ``lits`` are true (only when the literal ``when`` is true)."""
        if k < 0:
            self.add([] if when is None else [-when])
        elif k < len(lits):
            self._card(CardEnc.atmost, lits, k, when)

    def at_least(self, lits: Sequence[int], k: int) -> None:
        """At least ``k`` of ``lits`` are true."""
        if k > len(lits):
            self.add([])
        elif k == len(lits):
            self.extend([lit] for lit in lits)
        elif k == 1:
            self.add(lits)
        elif k > 1:
            self._card(CardEnc.atleast, lits, k)

    def exactly(self, lits: Sequence[int], k: int) -> None:
        """Exactly ``k`` of ``lits`` are true."""
        self.at_most(lits, k)
        self.at_least(lits, k)

    def _card(self, encode: Callable, lits: Sequence[int], k: int,
              when: int | None = None) -> None:
        kind = EncType.pairwise if k == 1 and len(lits) <= 6 else EncType.seqcounter
        if k == 0:
            clauses = [[-lit] for lit in lits]
        else:
            clauses = encode(lits=list(lits), bound=k, vpool=self.pool, encoding=kind).clauses
        guard = [] if when is None else [-when]
        self.extend(clause + guard for clause in clauses)


class SatSearch:
    """One enumeration: an iterator of accepted answers (frozensets of true answer variables).

    ``status`` is None while running, then SOLVED (exhausted after some answers), UNSOLVABLE
    (none) or GAVE_UP (a node or time limit stopped it).  ``stats.nodes`` counts conflicts;
    ``stats.extra`` counts ``solutions``, ``models`` and the ``cuts`` added lazily.
    """

    def __init__(self, model: SatModel, answer: Sequence[int], *, lazy: Lazy | None = None,
                 limits: Limits | None = None, progress: Callable[[Stats], None] | None = None,
                 solver: str = DEFAULT_SOLVER):
        check_method(solver, SOLVERS, "SAT solver")
        self.answer = list(answer)
        self.lazy = lazy
        self.status: Status | None = None
        self.found = 0
        self.driver = ChunkDriver(limits, progress, Stats(extra={
            "solutions": 0, "models": 0, "cuts": 0, "solver": solver}))
        self.stats = self.driver.stats
        self._solver = Solver(name=solver, bootstrap_with=model.clauses)

    @property
    def gave_up(self) -> bool:
        """True once a limit stopped the search before it was exhausted."""
        return self.status is Status.GAVE_UP

    def __iter__(self) -> Iterator[frozenset[int]]:
        return self

    def __next__(self) -> frozenset[int]:
        while self.status is None:
            if self.stats.extra["models"] and self.driver.out_of_time():
                self._finish(Status.GAVE_UP)
                break
            true = self._next_model()
            if true is None:
                break
            cuts = self.lazy(true) if self.lazy is not None else []
            if cuts:
                self.stats.extra["cuts"] += len(cuts)
                for clause in cuts:
                    self._solver.add_clause(clause)
                continue
            chosen = frozenset(v for v in self.answer if v in true)
            self._solver.add_clause([-v if v in chosen else v for v in self.answer])
            self.found += 1
            self.stats.extra["solutions"] = self.found
            return chosen
        raise StopIteration

    def _next_model(self) -> frozenset[int] | None:
        """The literals of the next model, or None (exhausted or a limit: ``status``)."""
        solver, driver = self._solver, self.driver
        while True:
            done = self._conflicts()
            solver.conf_budget(max(driver.budget() - done, 1))
            outcome = solver.solve_limited()
            stopped = driver.after(self._conflicts(), paused=outcome is None)
            if outcome is True:
                self.stats.extra["models"] += 1
                return frozenset(solver.get_model())
            if outcome is False:
                self._finish(Status.SOLVED if self.found else Status.UNSOLVABLE)
                return None
            if stopped:
                self._finish(Status.GAVE_UP)
                return None

    def _conflicts(self) -> int:
        return int(self._solver.accum_stats().get("conflicts", 0))

    def _finish(self, status: Status) -> None:
        self.status = status
        self._solver.delete()


def solutions(model: SatModel, answer: Sequence[int], *, lazy: Lazy | None = None,
              limits: Limits | None = None, progress: Callable[[Stats], None] | None = None,
              solver: str = DEFAULT_SOLVER) -> SatSearch:
    """Lazily yield the accepted answers of ``model``, each the frozenset of true variables
    of ``answer``; two answers always differ on ``answer``."""
    return SatSearch(model, answer, lazy=lazy, limits=limits, progress=progress, solver=solver)


def solve(model: SatModel, answer: Sequence[int], *, unique: bool = False,
          lazy: Lazy | None = None, limits: Limits | None = None,
          progress: Callable[[Stats], None] | None = None,
          solver: str = DEFAULT_SOLVER) -> SolveResult:
    """The first answer; with ``unique=True`` also look for a second ("take two")."""
    search = solutions(model, answer, lazy=lazy, limits=limits, progress=progress,
                       solver=solver)
    found = list(islice(search, 2 if unique else 1))
    status = Status.SOLVED if found else Status.GAVE_UP if search.gave_up else Status.UNSOLVABLE
    verdict = None
    if unique:
        verdict = False if len(found) > 1 else None if search.gave_up else bool(found)
    return SolveResult(status, search.stats, solution=found[0] if found else None,
                       unique=verdict, wanted_unique=unique)


def count(model: SatModel, answer: Sequence[int], limit: int | None = None, *,
          lazy: Lazy | None = None, limits: Limits | None = None,
          progress: Callable[[Stats], None] | None = None, solver: str = DEFAULT_SOLVER,
          keep: bool = False) -> CountResult:
    """Count the answers, stopping at ``limit`` of them (then ``complete`` is False);
    ``keep`` keeps them in ``solutions``."""
    if limit is not None and limit < 1:
        raise UsageError(f"limit must be at least 1, got {limit}")
    search = solutions(model, answer, lazy=lazy, limits=limits, progress=progress,
                       solver=solver)
    kept = []
    for chosen in search:
        if keep:
            kept.append(chosen)
        if limit is not None and search.found >= limit:
            break
    complete = search.status in (Status.SOLVED, Status.UNSOLVABLE)
    total = search.found
    return CountResult(count_status(total, complete, limit), search.stats, count=total,
                       complete=complete, limit=limit, solutions=kept)
