"""Explain, rate and hint a declared genre's puzzle from its families' named deductions.

The loop takes the cheapest deduction on offer (families by their declared ``strength``),
writes it on the marks and starts again.  When no family has anything to say, a *trial*
supposes a value for one undecided key and propagates every family until a contradiction
(depth 1); depth 2 also lets the propagation run depth-1 trials.  A trial that fails is
itself a named step ("r2c3 is white: shading it leads to a contradiction: ...").

A puzzle's level is the hardest thing it needs (:data:`LEVELS`):

======== =================================================================
easy     the simple families only (strength 0 and 1: counts, lines of sight,
         neighbours, the loop at a point)
medium   a whole-grid look too (strength 2: connectivity, islands), or short trials:
         a supposition that fails within :data:`SHORT` rounds of deductions
hard     trials of depth 1
extreme  trials of depth 2
beyond   not finished even with trials of depth 2
======== =================================================================

>>> from .declared import lightup
>>> g = lightup.read('''
... ...
... 2.#
... .#.
... ''')
>>> print(next_step(lightup, g, {}))
r3c1 has a light: no other cell can light it
>>> print(explain(lightup, g).steps[2])  # doctest: +NORMALIZE_WHITESPACE
r1c1 has no light: a light there leads to a contradiction: it is the last cell that can
light r2c2, but r1c2 has no light (r1c2)
>>> rating = rate(lightup, g)
>>> rating.level, rating.deductions
('medium', {'line-of-sight': 4, 'short trial': 1, 'count': 1})
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace

from ..errors import LimitReached
from ..results import Limits
from .givens import Givens
from .grid import key_name
from .language import Deduction, Genre

__all__ = ["LEVELS", "Explained", "Rating", "explain", "rate", "level_at_most", "next_step"]

LEVELS = ("easy", "medium", "hard", "extreme", "beyond")
TRIAL_DEPTH = 2
SHORT = 2
"""A depth-1 trial is short when its contradiction comes within this many rounds; short ones
are looked for first (they read better), then longer ones (:data:`LONGER` rounds, then in
full: most contradictions come soon, and a capped propagation is cheap)."""
LONGER = (6,)
_WEIGHTS = {0: 0, 1: 1, 2: 2}
"""The score of a step by its family's strength (a trial's: :data:`_TRIALS`)."""
_TRIALS = {"short trial": (1, 5), "trial-1": (2, 20), "trial-2": (3, 400)}
"""The level (index in :data:`LEVELS`) and score of each kind of trial."""

Marks = dict[Hashable, object]


@dataclass
class Explained:
    """The steps that explain a puzzle (or a position): each ``str()`` is a sentence."""

    steps: list[Deduction]
    solved: bool
    contradiction: bool
    why: str | None
    marks: Marks
    level: str
    score: int


@dataclass
class Rating:
    """A puzzle's ``level`` (one of :data:`LEVELS`), its ``score`` (grows with the number and
    strength of the steps), how many steps each family, technique or trial gave, and the
    steps."""

    level: str
    score: int
    deductions: dict[str, int] = field(default_factory=dict)
    steps: list[Deduction] = field(default_factory=list)


def explain(genre: Genre, g: Givens, marks: Mapping[Hashable, object] | None = None, *,
            limits: Limits | None = None, most: str = "extreme") -> Explained:
    """The steps from ``marks`` (nothing decided by default) to the end, or to a stall;
    with ``most``, only the deductions and trials up to that level (the steps are those
    of the full explanation as long as it needs nothing harder: it takes the cheapest)."""
    solver = _Solver(genre, g, limits, LEVELS.index(most))
    solver.settled = not marks  # from nothing decided, no rule contradicts a cheapest step
    state: Marks = dict(marks or {})
    steps: list[Deduction] = []
    bad = None
    while bad is None and (step := solver.next_step(state)) is not None:
        steps.append(step)
        bad = solver.apply(state, step)
        if bad is not None and bad is not step:
            steps.append(bad)
    solved = bad is None and solver.finished(state)
    why = str(bad) if bad is not None else None
    if bad is None and not solved:
        why = "stuck: no deduction and no trial of depth 2 decides another cell"
    level, score = _level(genre, steps, solved)
    return Explained(steps, solved, bad is not None, why, state, level, score)


def rate(genre: Genre, g: Givens, *, limits: Limits | None = None,
         most: str = "extreme") -> Rating:
    """The level the puzzle needs, from its explanation; with ``most``, the level when it
    is at most that one, else ``beyond`` (a check of the level, stopped at the first
    stall: no harder step is looked for)."""
    found = explain(genre, g, limits=limits, most=most)
    counts: dict[str, int] = {}
    for step in found.steps:
        counts[step.family] = counts.get(step.family, 0) + 1
    return Rating(found.level, found.score, counts, found.steps)


def level_at_most(genre: Genre, g: Givens, most: str, *,
                  limits: Limits | None = None) -> str | None:
    """The puzzle's level when it is at most ``most``, else None: the least level whose
    deductions (and trials) solve it, each level run to its end before the next, without
    the one-step-at-a-time record of :func:`rate` (the same level while the deductions only
    ever add: a deduction found stays found when more is known)."""
    found = _Solver(genre, g, limits, LEVELS.index(most)).least_level()
    return None if found is None else LEVELS[found]


def next_step(genre: Genre, g: Givens, marks: Mapping[Hashable, object]) -> Deduction | None:
    """The cheapest step from ``marks``: a deduction, a trial, a contradiction, or None."""
    return _Solver(genre, g, None).next_step(dict(marks))


def _level(genre: Genre, steps: list[Deduction], finished: bool) -> tuple[str, int]:
    """The hardest step's level and the score of all the steps."""
    strength = _strengths(genre)
    hardest, score = 0, 0
    for step in steps:
        if step.family in _TRIALS:
            level, cost = _TRIALS[step.family]
            hardest, score = max(hardest, level), score + cost
        else:
            hardest = max(hardest, strength.get(step.family, 1) - 1)
            score += _WEIGHTS.get(strength.get(step.family, 1), 2)
    return (LEVELS[hardest] if finished else LEVELS[-1]), score


def _strengths(genre: Genre) -> dict[str, int]:
    """The strength of every family and named technique of ``genre``."""
    found = {}
    for rule in genre.rules:
        found[rule.family] = rule.strength
        found.update(rule.techniques)
    return found


class _Solver:
    """One puzzle's rules by strength, its keys, its words and its deadline."""

    def __init__(self, genre: Genre, g: Givens, limits: Limits | None,
                 most: int = TRIAL_DEPTH + 1) -> None:
        self.genre, self.g, self.most = genre, g, most
        self.rules = sorted(genre.rules, key=lambda rule: rule.strength)
        self.floors = _floors(self.rules)
        self.settled = False
        self.strength = _strengths(genre)
        self.keys = genre.unknowns.keys(g)
        self.words = genre.unknowns.words
        self.near = _near_keys(self.keys)
        self.deadline = (limits or Limits()).started().deadline()

    def finished(self, marks: Marks) -> bool:
        """Every key decided and the grid passes the independent check."""
        if len(marks) < len(self.keys):
            return False
        return not self.genre.violations(self.g, frozenset(k for k in self.keys if marks[k]))

    def next_step(self, marks: Marks) -> Deduction | None:
        """The first new deduction of the cheapest technique, else the first trial."""
        best, least = None, None
        for rule, floor in zip(self.rules, self.floors, strict=True):
            if (least is not None and rule.strength >= least) or floor > self.most + 1:
                break
            if self.settled and least is not None and least <= floor:
                break
            for found in rule.deduce(self.g, marks):
                if self.settled and least is not None and least <= floor:
                    break
                fresh = tuple(key for key in found.cells if key not in marks)
                if found.contradiction:
                    return replace(found, words=self.words)
                strength = self.strength.get(found.family, rule.strength)
                if fresh and strength <= self.most + 1 and (least is None or strength < least):
                    best, least = replace(found, cells=fresh, words=self.words), strength
        if best is not None:
            return best
        if len(marks) == len(self.keys):
            return None
        return self.trial_up_to(marks, self.most)

    def trial_up_to(self, marks: Marks, most: int) -> Deduction | None:
        """The cheapest trial of a level up to ``most`` (an index in :data:`LEVELS`)."""
        if most < _TRIALS["short trial"][0]:
            return None
        found = self.trial(marks, 1, SHORT)
        if most < _TRIALS["trial-1"][0]:
            return found
        for rounds in LONGER:
            found = found or self.trial(marks, 1, rounds)
        for depth in range(1, min(TRIAL_DEPTH, most - 1) + 1):
            found = found or self.trial(marks, depth)
        return found

    def any_trial(self, marks: Marks, most: int) -> Deduction | None:
        """A trial of a level up to ``most``, whichever (a whole trial of depth 1 fails
        wherever a capped one does: past the short ones, no capped pass first)."""
        if most <= _TRIALS["short trial"][0]:
            return self.trial_up_to(marks, most)
        found = self.trial(marks, 1)
        for depth in range(2, min(TRIAL_DEPTH, most - 1) + 1):
            found = found or self.trial(marks, depth)
        return found

    def least_level(self) -> int | None:
        """The least level whose deductions and trials solve the puzzle from nothing, up to
        :attr:`most` (None: none does): each level's deductions run to their end, near the
        keys just set, before a trial of it; the next level goes on from there."""
        marks: Marks = {}
        for most in range(self.most + 1):
            near: set = set(self.keys)
            while True:
                if self.settle(marks, most, near) is not None:
                    return None
                if len(marks) == len(self.keys):
                    return None if self.broken(marks) else most
                step = self.any_trial(marks, most)
                if step is None:
                    break
                marks[step.cells[0]] = step.value
                near = {step.cells[0]}
        return None

    def settle(self, marks: Marks, most: int, near: set) -> Deduction | None:
        """Every deduction of a level up to ``most``, looked for near the keys ``near`` and
        those set since, until none is left (a costlier family only when the cheaper ones
        have nothing new); the contradiction met, if any."""
        rules = [rule for rule in self.rules if _least_strength(rule) <= most + 1]
        new = [set(near) for _ in rules]
        index = 0
        while index < len(rules):
            self.check_time()
            rule, before = rules[index], len(marks)
            found = list(rule.deduce_near(self.g, marks, new[index]))
            new[index].clear()
            for step in found:
                if self.strength.get(step.family, rule.strength) > most + 1:
                    continue
                bad = self.spread(marks, step, new)
                if bad is not None:
                    return bad
            index = 0 if len(marks) > before else index + 1
        return None

    def spread(self, marks: Marks, step: Deduction, new: list[set]) -> Deduction | None:
        """:meth:`apply` ``step``, its newly set keys added to every family's ``new`` keys
        (where each looks next); the contradiction met, if any."""
        fresh = [key for key in step.cells if key not in marks]
        bad = self.apply(marks, step)
        if bad is None:
            for keys in new:
                keys.update(fresh)
        return bad

    def apply(self, marks: Marks, step: Deduction) -> Deduction | None:
        """Write ``step`` on ``marks``; the contradiction when it meets another value."""
        if step.contradiction:
            return step
        for key in step.cells:
            if marks.setdefault(key, step.value) != step.value:
                said = self.words.said(marks[key])
                return Deduction((key,), None, step.family,
                                 f"{step.reason}, but {key_name(key)} {said}")
        return None

    def propagate(self, marks: Marks, changed: Hashable, depth: int = 0,
                  rounds: int | None = None) -> Deduction | None:
        """Every family's deductions (and trials below ``depth``) until none is left, or for
        at most ``rounds`` rounds; the contradiction met, if any.  ``marks`` less the key
        ``changed`` gave no new deduction: each family looks near the keys set since its
        last look."""
        new: list[set] = [{changed} for _ in self.rules]
        for _ in range(rounds or len(self.keys) + 1):
            self.check_time()
            before = len(marks)
            for rule, near in zip(self.rules, new, strict=True):
                found = list(rule.deduce_near(self.g, marks, near))
                near.clear()
                for step in found:
                    bad = self.spread(marks, step, new)
                    if bad is not None:
                        return bad
            if len(marks) == before and depth:
                found = self.trial(marks, depth)
                if found is not None:
                    marks[found.cells[0]] = found.value
                    for keys in new:
                        keys.add(found.cells[0])
            if len(marks) == before:
                return self.broken(marks)
        return None

    def broken(self, marks: Marks) -> Deduction | None:
        """A finished grid that breaks a rule, as a contradiction."""
        if len(marks) < len(self.keys):
            return None
        answer = frozenset(k for k in self.keys if marks[k])
        wrong = self.genre.violations(self.g, answer)
        return Deduction(wrong[0].cells, None, wrong[0].family, wrong[0].message) if wrong \
            else None

    def trial(self, marks: Marks, depth: int, rounds: int | None = None) -> Deduction | None:
        """A value for one undecided key whose opposite leads to a contradiction, when the
        propagation may use trials of ``depth - 1`` (and ``rounds`` rounds).  Keys beside
        the most decided ones are tried first."""
        free = [key for key in self.keys if key not in marks]
        free.sort(key=lambda key: -sum(1 for k in self.near[key] if k in marks))
        for key in free:
            for value in (True, False):
                supposed = dict(marks)
                supposed[key] = value
                bad = self.propagate(supposed, key, depth - 1, rounds)
                if bad is not None:
                    how = self.words.suppose_yes if value else self.words.suppose_no
                    deeper = " (with trials inside)" if depth > 1 else ""
                    kind = "short trial" if rounds == SHORT else f"trial-{depth}"
                    return Deduction((key,), not value, kind, f"{how} leads to "
                                     f"a contradiction{deeper}: {_told(bad)}", self.words)
        return None

    def check_time(self) -> None:
        """Raise :class:`LimitReached` past the deadline."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise LimitReached("gave up rating at the time limit")


def _floors(rules: list) -> list[int]:
    """For each rule, the least strength it or a later rule (or their techniques) gives: a
    step at most that strong is the cheapest (when no contradiction is to come)."""
    floors, least = [], None
    for rule in reversed(rules):
        own = _least_strength(rule)
        least = own if least is None else min(least, own)
        floors.append(least)
    return floors[::-1]


def _least_strength(rule) -> int:
    """The least strength of the rule's family and techniques."""
    return min((rule.strength, *rule.techniques.values()))


def _near_keys(keys: list[Hashable]) -> dict[Hashable, list[Hashable]]:
    """The keys beside each key: a cell's four neighbours, an edge's edges at its ends."""
    known = set(keys)
    if keys and isinstance(keys[0][0], int):
        return {(r, c): [k for k in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                         if k in known] for r, c in keys}
    at: dict = {}
    for edge in keys:
        for point in edge:
            at.setdefault(point, []).append(edge)
    return {edge: [k for p in edge for k in at[p] if k != edge] for edge in keys}


def _told(bad: Deduction) -> str:
    """A contradiction's reason with where it is."""
    return f"{bad.reason} ({', '.join(key_name(k) for k in bad.cells[:4])})"
