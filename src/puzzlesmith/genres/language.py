"""The declaration language: a :class:`Genre` is its givens, its unknowns and its rules.

A rule is an instance of a rule family (a :class:`Rule` subclass).  A family knows three
things: ``encode`` (clauses for the complete solver), ``deduce`` (deductions a player
understands, each a :class:`Deduction`) and ``check`` (a direct check of a finished grid,
sharing no code with the other two).

An answer is a frozenset: of the marked cells (shaded cells, Light Up's bulbs) for
:class:`Shading`, of the loop's edges for :class:`LoopEdges`, of ``(cell, number)`` pairs for
:class:`Numbers`.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from ..results import Check
from .givens import Cell, Givens
from .grid import centre_grid, grid_edges, key_names, open_cells
from .textgrid import read_grid

if TYPE_CHECKING:
    from .encoding import Encoding

__all__ = ["Genre", "Rule", "Deduction", "Violation", "Unknowns", "Shading", "LoopEdges",
           "Numbers", "Borders", "CentreLoop", "Answer", "Words", "Make"]

Answer = frozenset


@dataclass(frozen=True)
class Words:
    """How a player says a key's value: what a cell (or edge) is when marked, when not, and
    the supposition of marking it or not ("shading it")."""

    yes: str = "is shaded"
    no: str = "is white"
    many_yes: str = "are shaded"
    many_no: str = "are white"
    suppose_yes: str = "shading it"
    suppose_no: str = "leaving it white"
    centres: bool = False
    """The keys are edges between the cells' centres (named ``r1c1-r1c2``)."""

    def said(self, value: object, many: bool = False) -> str:
        """The predicate for ``value`` (True: marked), singular or plural."""
        if many:
            return self.many_yes if value else self.many_no
        return self.yes if value else self.no


SHADED = Words()
LIGHTS = Words("has a light", "has no light", "have lights", "have no light",
               "a light there", "leaving it without a light")
LINES = Words("is a line", "is crossed out", "are lines", "are crossed out",
              "a line there", "crossing it out")
NUMBERS = Words("is right", "is ruled out", "are right", "are ruled out", "writing it",
                "ruling it out")
BORDERS = Words("is a border", "is no border", "are borders", "are no borders",
                "a border there", "joining the cells there")


class Unknowns:
    """What the player fills in: one boolean unknown per key."""

    kind: ClassVar[str] = ""
    words: Words = SHADED

    def keys(self, g: Givens) -> list[Hashable]:
        """The keys of the unknowns, one SAT variable each."""
        raise NotImplementedError

    def encode(self, enc: Encoding) -> None:
        """Clauses every answer of this kind obeys (none by default)."""


@dataclass(frozen=True)
class Shading(Unknowns):
    """Each open cell (not a given wall) marked or not: shaded, or Light Up's bulbs.
    ``words``: how a player says it; ``mark``: how a marked cell is drawn and played,
    ``"shade"`` (a shaded cell), ``"bulb"`` (Light Up), ``"star"`` or ``"slant"`` (a marked
    cell holds a ``\\`` diagonal, the others a ``/``: Slant)."""

    words: Words = SHADED
    mark: str = "shade"
    kind = "shading"
    MARKS: ClassVar[tuple[str, ...]] = ("shade", "bulb", "star", "slant")

    def __post_init__(self) -> None:
        if self.mark not in self.MARKS:
            raise ValueError(f"unknown mark {self.mark!r}; expected one of {', '.join(self.MARKS)}")

    def keys(self, g: Givens) -> list[Hashable]:
        return list(open_cells(g))


class LoopEdges(Unknowns):
    """Each edge between two grid points on the loop or not."""

    kind = "loop"
    words = LINES

    def keys(self, g: Givens) -> list[Hashable]:
        return list(grid_edges(g))


class Borders(Unknowns):
    """Each edge between two cells a border between areas or not (the grid edges inside the
    grid, as a loop's edges are written)."""

    kind = "borders"
    words = BORDERS

    def keys(self, g: Givens) -> list[Hashable]:
        return [edge for edge in grid_edges(g) if _inside(g, edge)]


def _inside(g: Givens, edge: tuple[Cell, Cell]) -> bool:
    """True when ``edge`` lies between two cells (not on the frame)."""
    (r1, c1), (r2, c2) = edge
    return 0 < r1 < g.rows if r1 == r2 else 0 < c1 < g.cols


class CentreLoop(LoopEdges):
    """Each edge between the centres of two orthogonally adjacent cells on the loop or not
    (Masyu): the edges of :func:`~.grid.centre_grid`, whose points are the cells."""

    kind = "centres"
    words = replace(LINES, centres=True)

    def keys(self, g: Givens) -> list[Hashable]:
        return list(grid_edges(centre_grid(g)))


@dataclass(frozen=True)
class Numbers(Unknowns):
    """A number from ``low`` to ``high`` in each open cell (a key per cell and number);
    ``upto_clues``: up to the largest clue where it is more than ``high``."""

    low: int = 1
    high: int = 9
    upto_clues: bool = False
    kind = "numbers"
    words: Words = NUMBERS

    def numbers(self, g: Givens) -> range:
        """The numbers a cell of ``g`` may hold."""
        top = max([self.high, *g.numbers.values()]) if self.upto_clues else self.high
        return range(self.low, top + 1)

    def keys(self, g: Givens) -> list[Hashable]:
        return [(cell, n) for cell in open_cells(g) for n in self.numbers(g)]

    def encode(self, enc: Encoding) -> None:
        """Exactly one number in each open cell."""
        numbers = self.numbers(enc.givens)
        for cell in open_cells(enc.givens):
            enc.model.exactly(enc.lits((cell, n) for n in numbers), 1)


@dataclass(frozen=True)
class Deduction:
    """A named deduction: ``cells`` take ``value`` by ``family``, because of ``reason``.

    ``value`` None is a contradiction: the marks already break the rule at ``cells``.
    ``str()`` is the player's sentence, in the genre's ``words``.

    >>> print(Deduction(((2, 3),), False, "connected", "shading it would cut the white cells"))
    r3c4 is white: shading it would cut the white cells
    """

    cells: tuple[Cell, ...]
    value: object
    family: str
    reason: str
    words: Words = SHADED

    @property
    def contradiction(self) -> bool:
        """True when the marks break a rule (no value can be given)."""
        return self.value is None

    def __str__(self) -> str:
        if self.contradiction:
            return f"contradiction at {key_names(self.cells, self.words.centres)}: {self.reason}"
        said = self.words.said(self.value, len(self.cells) > 1)
        return f"{key_names(self.cells, self.words.centres)} {said}: {self.reason}"


@dataclass(frozen=True)
class Violation:
    """A broken rule in a finished grid: the cells at fault and what is wrong."""

    cells: tuple[Hashable, ...]
    family: str
    message: str


class Rule:
    """A rule family: subclasses set ``family`` and provide the three parts."""

    family: ClassVar[str] = "rule"
    strength: ClassVar[int] = 1
    """How hard a player finds this family's deductions: 0 given, 1 simple, 2 a whole-grid
    look (connectivity, areas); the cheapest are tried first."""
    techniques: ClassVar[dict[str, int]] = {}
    """The strength of each named technique whose deductions carry their own name (in
    ``Deduction.family``) instead of the family's."""

    def strength_of(self, name: str) -> int:
        """The strength of the technique ``name`` (the family's own by default)."""
        return self.techniques.get(name, self.strength)

    def encode(self, enc: Encoding) -> None:
        """Add this rule's clauses (and lazy checks) to the complete solver's model."""
        raise NotImplementedError

    def deduce(self, g: Givens, marks: Mapping[Hashable, object]) -> Iterator[Deduction]:
        """Deductions from the known ``marks`` (key -> value); none by default."""
        raise NotImplementedError(f"{self.family} has no deductions yet")

    def deduce_near(self, g: Givens, marks: Mapping[Hashable, object],
                    changed: Collection[Hashable]) -> Iterator[Deduction]:
        """The deductions of :meth:`deduce` that can be new when only the ``changed`` keys got
        their values since the last call (the others were all written on ``marks``).  A
        family that knows where its deductions look overrides this; by default, all."""
        return self.deduce(g, marks)

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        """The violations of this rule in the finished ``answer``."""
        raise NotImplementedError

    def clues(self, g: Givens, answer: Answer) -> dict[Cell, int]:
        """For every cell where this rule could show a clue, the number it would show for
        the finished ``answer`` (the generator's hook); none by default."""
        return {}


@dataclass(frozen=True)
class Make:
    """A hint to the generator (:mod:`.generate`): how a layout is made before the answer,
    ``layout`` None, ``"walls"`` (a share ``density`` of the cells, with ``symmetry`` 2 (half
    turn) or 4 (quarter turn), 0 none), ``"latin"`` (a Latin square of numbers) or
    ``"regions"`` (a random partition into regions of ``sizes`` (least, most) cells, or grown
    around a random answer's pieces: ``around="pieces"``, an answer of the rules that need no
    regions; ``"regions"``, each region's marked cells in an answer on such a partition;
    changed around another answer while the puzzle is not unique); or how the answer is made,
    ``"rectangles"`` or ``"polyominoes"`` (a random partition into such areas, instead of the
    solver's random answer); and ``clues``: ``"remove"`` (every clue, then removed while the
    puzzle stays unique), ``"all"`` (every clue the rules read off the answer is kept) or
    ``"one"`` (one clue per area, moved until the puzzle is unique); ``share``: the share of
    the unknowns the random answer's search tries marked first."""

    layout: str | None = None
    density: float = 0.2
    symmetry: int = 2
    clues: str = "remove"
    share: float = 0.5
    sizes: tuple[int, int] = (4, 6)
    around: str | None = None

    def __post_init__(self) -> None:
        if self.layout not in (None, "walls", "latin", "regions", "rectangles", "polyominoes") \
                or self.clues not in ("remove", "all", "one") \
                or self.around not in (None, "pieces", "regions"):
            raise ValueError(f"unknown layout {self.layout!r} or clues {self.clues!r}")


@dataclass(frozen=True)
class Genre:
    """A declared genre.  ``numbered_walls``: a number in the text grid is also a wall;
    ``make``: the generator's hint (None: the genre does not generate); ``point_clues``: the
    clues sit on the grid points (the text grid is of points)."""

    name: str
    title: str
    unknowns: Unknowns
    rules: tuple[Rule, ...]
    numbered_walls: bool = False
    puzzlink: str | None = None
    make: Make | None = None
    point_clues: bool = False

    def read(self, text: str) -> Givens:
        """The givens of a text grid ('.' empty, numbers, '#' wall, '?' any clue)."""
        return read_grid(text, numbered_walls=self.numbered_walls, points=self.point_clues)

    def deductions(self, g: Givens, marks: Mapping[Hashable, object]) -> Iterator[Deduction]:
        """The deductions every rule offers from the known ``marks``, in this genre's words
        (rules without a propagator offer none)."""
        for rule in self.rules:
            try:
                for found in rule.deduce(g, marks):
                    yield replace(found, words=self.unknowns.words)
            except NotImplementedError:
                continue

    def violations(self, g: Givens, answer: Answer) -> list[Violation]:
        """Every rule's violations in ``answer``."""
        return [v for rule in self.rules for v in rule.check(g, answer)]

    def check(self, g: Givens, answer: Answer) -> Check:
        """The independent verdict on ``answer``; ``details["wrong"]`` lists the cells."""
        found = self.violations(g, answer)
        return Check.of([v.message for v in found], puzzle=self.name,
                        wrong=lambda: sorted({c for v in found for c in v.cells}))
