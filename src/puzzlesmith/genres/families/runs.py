"""Families on runs of white cells: what a clue sees along its row and column up to the
first shaded cell (Kurodoko's numbers), and runs that may not cross two region borders
(Heyawake)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass

from ..givens import Cell, Givens
from ..grid import STEPS, key_name, key_names, memo, units
from ..language import Answer, Deduction, Rule, Violation
from ..select import region_numbers
from .shading import Count

_name = key_name
Marks = Mapping[Hashable, object]
_WAYS = ("up", "down", "left", "right")


def _ray(g: Givens, cell: Cell, step: tuple[int, int]) -> list[Cell]:
    """The cells from ``cell`` (left out) in the direction ``step`` up to a wall or the edge."""
    found, (r, c) = [], cell
    while True:
        r, c = r + step[0], c + step[1]
        if not (0 <= r < g.rows and 0 <= c < g.cols) or (r, c) in g.walls:
            return found
        found.append((r, c))


def _rays(g: Givens) -> dict[Cell, list[list[Cell]]]:
    """Each clue's four rays (up, down, left, right)."""
    return {cell: [_ray(g, cell, step) for step in STEPS] for cell in g.numbers}


@dataclass(frozen=True)
class SightCount(Rule):
    """A clue counts the white cells it sees along its row and column, itself included, up
    to the first shaded cell or the edge (Kurodoko, Tatham's Range); ``at(givens)`` gives
    the counting cells with their numbers."""

    at: Callable[[Givens], list[tuple[list[Cell], int]]]
    family = "sight-count"

    def encode(self, enc) -> None:
        g = enc.givens
        rays = memo(g, "rays", _rays)
        for [cell], n in self.at(g):
            enc.model.add([enc.lit(cell, False)])  # a clue sees itself: it is white
            seen = []
            for k, ray in enumerate(rays[cell]):
                before = None
                for i, other in enumerate(ray[:n]):
                    now = enc.aux(("sight", cell, k, i))
                    enc.model.add([-now, enc.lit(other, False)])
                    if before is None:
                        enc.model.add([enc.lit(other, True), now])
                    else:
                        enc.model.extend([[-now, before], [-before, enc.lit(other, True), now]])
                    before = now
                    seen.append(now)
            enc.model.exactly(seen, n - 1)

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """Cells a clue must see (the other ways cannot see enough), and the cell that closes a
        way (seeing it would see too many)."""
        return self._deductions(g, memo(g, ("sight-clues", self.at), self.at), marks)

    def deduce_near(self, g: Givens, marks: Marks, changed) -> Iterator[Deduction]:
        """As :meth:`deduce` for the clues that see a changed cell."""
        clues = memo(g, ("sight-clues", self.at), self.at)
        seeing = memo(g, ("sight-at", self.at), lambda g: _seeing(g, clues))
        chosen = sorted({i for key in changed for i in seeing.get(key, ())})
        return self._deductions(g, [clues[i] for i in chosen], marks)

    def _deductions(self, g: Givens, clues: list, marks: Marks) -> Iterator[Deduction]:
        rays = memo(g, "rays", _rays)
        for [cell], n in clues:
            sure = [_run(ray, marks, (False,)) for ray in rays[cell]]
            most = [_run(ray, marks, (False, None)) for ray in rays[cell]]
            clue = f"the {n} at {_name(cell)}"
            if 1 + sum(sure) > n or 1 + sum(most) < n:
                yield Deduction((cell,), None, self.family, f"{clue} cannot see {n} cells")
                continue
            for way, ray in enumerate(rays[cell]):
                need = n - 1 - (sum(most) - most[way])
                free = tuple(c for c in ray[sure[way]:max(need, 0)] if c not in marks)
                if free:
                    yield Deduction(free, False, self.family, f"{clue} must see {need} cells "
                                    f"{_WAYS[way]}: the other ways see at most "
                                    f"{sum(most) - most[way] + 1}")
                if sure[way] < len(ray) and ray[sure[way]] not in marks:
                    beyond = _run(ray[sure[way] + 1:], marks, (False,))
                    if sum(sure) + 2 + beyond > n:
                        yield Deduction((ray[sure[way]],), True, self.family,
                                        f"{clue} would see more than {n} cells")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        found = []
        for [cell], n in self.at(g):
            seen = _visible(g, answer, cell)
            if seen != n:
                found.append(Violation((cell,), self.family,
                                       f"the {n} at {_name(cell)} sees {seen} cells"))
        return found

    def clues(self, g: Givens, answer: Answer) -> dict[Cell, int]:
        """Every white cell's count of the white cells it sees."""
        return {(r, c): _visible(g, answer, (r, c)) for r in range(g.rows) for c in range(g.cols)
                if (r, c) not in answer and (r, c) not in g.walls}


def _seeing(g: Givens, clues: list) -> dict[Cell, list[int]]:
    """The clues (indices) whose cell or rays hold each cell."""
    rays = memo(g, "rays", _rays)
    found: dict[Cell, list[int]] = {}
    for i, ([cell], _) in enumerate(clues):
        for other in [cell, *(c for ray in rays[cell] for c in ray)]:
            found.setdefault(other, []).append(i)
    return found


def _run(ray: list[Cell], marks: Marks, values: tuple) -> int:
    """How many cells of ``ray`` from its start have a mark among ``values`` (None:
    undecided)."""
    for i, cell in enumerate(ray):
        if marks.get(cell) not in values:
            return i
    return len(ray)


def _visible(g: Givens, answer: Answer, cell: Cell) -> int:
    """The check's count: ``cell`` and the open unshaded cells it sees in four directions."""
    seen = 1
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = cell[0] + dr, cell[1] + dc
        while 0 <= r < g.rows and 0 <= c < g.cols and (r, c) not in answer \
                and (r, c) not in g.walls:
            seen, r, c = seen + 1, r + dr, c + dc
    return seen


@dataclass(frozen=True)
class RoomRuns(Rule):
    """No row or column has a run of white cells crossing two region borders: one of the
    cells from just before a border to just after the next is shaded (Heyawake)."""

    family = "room-runs"

    def encode(self, enc) -> None:
        for window in memo(enc.givens, "room-windows", _windows):
            enc.model.add(enc.lits(window))

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """A window across three rooms with one undecided cell and the rest white: shaded."""
        return self._deductions(memo(g, "room-windows", _windows), marks)

    def deduce_near(self, g: Givens, marks: Marks, changed) -> Iterator[Deduction]:
        """As :meth:`deduce` on the windows holding a changed cell."""
        windows = memo(g, "room-windows", _windows)
        at = memo(g, "room-windows-at", lambda g: _windows_at(windows))
        chosen = sorted({i for key in changed for i in at.get(key, ())})
        return self._deductions([windows[i] for i in chosen], marks)

    def _deductions(self, windows: list[list[Cell]], marks: Marks) -> Iterator[Deduction]:
        for window in windows:
            if any(marks.get(cell) is True for cell in window):
                continue
            free = [cell for cell in window if cell not in marks]
            where = f"{key_names((window[0], window[-1]))}"
            if not free:
                yield Deduction(tuple(window), None, self.family,
                                f"the white run from {where} spans three rooms")
            elif len(free) == 1:
                yield Deduction((free[0],), True, self.family, f"else the white run from "
                                f"{where} would span three rooms")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        found = []
        lines = [[(r, c) for c in range(g.cols)] for r in range(g.rows)]
        lines += [[(r, c) for r in range(g.rows)] for c in range(g.cols)]
        for line in lines:
            run: list[Cell] = []
            for cell in [*line, None]:
                if cell is not None and cell not in answer:
                    run.append(cell)
                    continue
                rooms = sum(g.regions[a[0]][a[1]] != g.regions[b[0]][b[1]]
                            for a, b in zip(run, run[1:], strict=False)) + 1
                if rooms > 2:
                    found.append(Violation(tuple(run), self.family, f"the white run from "
                                           f"{_name(run[0])} to {_name(run[-1])} spans {rooms} "
                                           "rooms"))
                run = []
        return found


def _windows_at(windows: list[list[Cell]]) -> dict[Cell, list[int]]:
    """The windows (indices) each cell is in."""
    found: dict[Cell, list[int]] = {}
    for i, window in enumerate(windows):
        for cell in window:
            found.setdefault(cell, []).append(i)
    return found


def _windows(g: Givens) -> list[list[Cell]]:
    """Each row's and column's stretches from the cell before one region border to the cell
    after the next."""
    units(g, "region")  # refuses a grid without regions
    found = []
    for line in units(g, "row") + units(g, "column"):
        rooms = [g.regions[r][c] for r, c in line]
        borders = [i for i in range(len(line) - 1) if rooms[i] != rooms[i + 1]]
        found += [line[a:b + 2] for a, b in zip(borders, borders[1:], strict=False)]
    return found


@dataclass(frozen=True)
class RegionCount(Count):
    """A region's number, on its first cell, counts its shaded cells (Heyawake)."""

    sets: Callable[[Givens], list[tuple[list[Cell], int]]] = region_numbers

    def clues(self, g: Givens, answer: Answer) -> dict[Cell, int]:
        """Each region's shaded count, on its first cell."""
        return {cells[0]: sum(cell in answer for cell in cells) for cells in units(g, "region")}
