"""Masyu's pearls on a loop through the cells' centres (:class:`~.loop.Loop` with
``centres``): the loop passes every pearl; at a black pearl (2) it turns and goes straight
on through the next cell on both legs; at a white pearl (1) it goes straight and turns in at
least one of the cells before and after.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass

from ..givens import Cell, Givens
from ..grid import key_name
from ..language import Answer, Deduction, Rule, Violation

Marks = Mapping[Hashable, object]
WHITE, BLACK = 1, 2
STEPS = ((0, -1), (0, 1), (-1, 0), (1, 0))  # left, right, up, down: pairs are opposite
OTHER = (1, 0, 3, 2)


def _edge(a: Cell, b: Cell) -> tuple[Cell, Cell] | None:
    return (a, b) if a < b else (b, a)


def _arms(g: Givens, cell: Cell) -> list[tuple]:
    """For each direction: the edge out of ``cell`` and the edge beyond it (None outside)."""
    r, c = cell
    arms = []
    for dr, dc in STEPS:
        one, two = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
        inside = [0 <= p[0] < g.rows and 0 <= p[1] < g.cols for p in (one, two)]
        arms.append((_edge(cell, one) if inside[0] else None,
                     _edge(one, two) if inside[0] and inside[1] else None))
    return arms


def _implications(g: Givens, cell: Cell, pearl: int) -> Iterator[tuple]:
    """(edge, value, edge, value, reason): the first edge so, the second follows; an edge
    outside the grid (None) is never on the loop."""
    arms = _arms(g, cell)
    kind = "black" if pearl == BLACK else "white"
    at = f"the {kind} pearl at {key_name(cell)}"
    for d, (one, two) in enumerate(arms):
        opposite = arms[OTHER[d]][0]
        across = [arms[k][0] for k in ((2, 3) if d < 2 else (0, 1))]
        if pearl == BLACK:
            yield one, True, opposite, False, f"{at} turns"
            yield one, False, opposite, True, f"{at} is on the loop and turns"
            yield one, True, two, True, f"{at} goes straight on for a cell on each leg"
            yield two, False, one, False, f"{at} cannot go that way: no straight leg there"
        else:
            yield one, True, opposite, True, f"{at} goes straight through"
            yield one, False, opposite, False, f"{at} goes straight through"
            for side in across:
                yield one, True, side, False, f"{at} goes straight through"
                yield one, False, side, True, f"{at} is on the loop, straight through"


def _ways(g: Givens, cell: Cell, pearl: int) -> Iterator[tuple[frozenset, tuple]]:
    """Each way the loop may pass a pearl: the edges (edge, on) it needs, the next cells'
    own included (a leg of a black pearl goes straight through the next cell; a white pearl's
    neighbours on the loop do not both go straight on, and a pearl beside it must be
    passed as it asks); with the edges onward of a white pearl's neighbours, not both on."""
    arms = _arms(g, cell)
    turns = [(h, v) for h in (0, 1) for v in (2, 3)]
    shapes = turns if pearl == BLACK else [(0, 1), (2, 3)]
    for shape in shapes:
        needs = {(arms[d][0], d in shape) for d in range(4)}
        straight = []  # the directions whose next cell goes straight on
        if pearl == BLACK:
            straight = list(shape)
        for d in shape:
            n = _step(cell, d)
            if g.numbers.get(n) == WHITE and pearl == WHITE:
                straight.append(d)
            if g.numbers.get(n) == BLACK and pearl == BLACK:
                needs.add((None, True))  # a black pearl's leg cannot pass another one
        for d in straight:
            needs |= _straight_through(g, _step(cell, d), d)
        if pearl == WHITE and len(set(straight)) == 2:
            needs.add((None, True))  # both neighbours straight on: no turn beside it
        if (None, True) not in needs and not {(e, not on) for e, on in needs} & needs:
            onward = tuple(arms[d][1] for d in shape) if pearl == WHITE else ()
            yield frozenset(needs), onward


def _step(cell: Cell, d: int) -> Cell:
    return cell[0] + STEPS[d][0], cell[1] + STEPS[d][1]


def _straight_through(g: Givens, cell: Cell, d: int) -> set:
    """The edges of ``cell`` when the loop goes straight through it along direction ``d``."""
    arms = _arms(g, cell)
    return {(arms[k][0], (k < 2) == (d < 2)) for k in range(4)}


@dataclass(frozen=True)
class Pearls(Rule):
    """Masyu's pearls: the numbers of the givens, 1 white and 2 black."""

    family = "pearls"
    techniques = {"pearl shapes": 1}

    def encode(self, enc) -> None:
        g = enc.givens
        for cell, pearl in sorted(g.numbers.items()):
            arms = _arms(g, cell)
            enc.model.add(enc.lits(one for one, _ in arms))
            for a, av, b, bv, _ in _implications(g, cell, pearl):
                enc.model.add([enc.lit(a, not av), enc.lit(b, bv)])
            if pearl == WHITE:
                for d in (0, 2):  # not both neighbours straight on
                    (one, two), (_, far) = arms[d], arms[d + 1]
                    enc.model.add([enc.lit(one, False), enc.lit(two, False), enc.lit(far, False)])

    def deduce(self, g: Givens, marks: Marks) -> Iterator[Deduction]:
        """Each pearl's edges from its others: a black pearl turns with straight legs, a
        white one goes straight through, and turns beside it on at least one side."""
        def value(edge):
            return False if edge is None else marks.get(edge)
        for cell, pearl in sorted(g.numbers.items()):
            for a, av, b, bv, reason in _implications(g, cell, pearl):
                if value(a) is av and value(b) is not bv:
                    cells = (b,) if value(b) is None else tuple(e for e in (a, b) if e)
                    yield Deduction(cells, bv if value(b) is None else None, self.family, reason)
            if pearl == WHITE:
                yield from self._white_turns(g, cell, value)
            yield from self._shapes(g, cell, pearl, value)

    def _shapes(self, g: Givens, cell: Cell, pearl: int, value) -> Iterator[Deduction]:
        """The ways the loop may pass the pearl, with the cells beside it: an edge the same
        in each is decided; none left is a contradiction."""
        ways = [needs for needs, onward in _ways(g, cell, pearl)
                if all(value(edge) is not (not on) for edge, on in needs)
                and not (onward and all(value(edge) is True for edge in onward))]
        kind = "black" if pearl == BLACK else "white"
        where = f"the {kind} pearl at {key_name(cell)}"
        if not ways:
            yield Deduction((cell,), None, "pearl shapes", f"{where} cannot be passed")
            return
        common = set(ways[0]).intersection(*ways[1:])
        for edge, on in sorted(common, key=str):
            how = "so" if len(ways) == 1 else f"in {len(ways)} ways, all alike there"
            if value(edge) is None:
                yield Deduction((edge,), on, "pearl shapes", f"{where} can only be passed {how}")

    def _white_turns(self, g: Givens, cell: Cell, value) -> Iterator[Deduction]:
        arms = _arms(g, cell)
        for d in (0, 2):
            (one, near), (_, far) = arms[d], arms[d + 1]
            for straight, other in ((near, far), (far, near)):
                if value(one) is True and value(straight) is True and value(other) is None:
                    yield Deduction((other,), False, self.family, f"the white pearl at "
                                    f"{key_name(cell)} needs a turn beside it")

    def check(self, g: Givens, answer: Answer) -> list[Violation]:
        found = []
        for (r, c), pearl in sorted(g.numbers.items()):
            def on(dr, dc, r=r, c=c, k=0):
                a, b = (r + k * dr, c + k * dc), (r + (k + 1) * dr, c + (k + 1) * dc)
                return (min(a, b), max(a, b)) in answer
            ways = [(dr, dc) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)) if on(dr, dc)]
            straight = len(ways) == 2 and ways[0][0] == -ways[1][0] and ways[0][1] == -ways[1][1]
            onward = [on(dr, dc, k=1) for dr, dc in ways]
            good = len(ways) == 2 and (not straight and all(onward) if pearl == BLACK
                                       else straight and not all(onward))
            if not good:
                kind = "black" if pearl == BLACK else "white"
                found.append(Violation(((r, c),), self.family, f"the {kind} pearl at "
                                       f"r{r + 1}c{c + 1} is not passed as it asks"))
        return found

    def clues(self, g: Givens, answer: Answer) -> dict[Cell, int]:
        """The pearl the loop's shape allows in each cell: black where it turns with both
        legs straight on, white where it goes straight and turns beside it."""
        shown = {}
        for cell in g.cells():
            for pearl in (BLACK, WHITE):
                if not Pearls().check(Givens(g.rows, g.cols, {cell: pearl}), answer):
                    shown[cell] = pearl
        return shown
