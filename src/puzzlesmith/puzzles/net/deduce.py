"""What deductions a Net puzzle needs (``rate``) and the next forced tile (``hint``).

In the spirit of Simon Tatham's Net solver, the deductions are, in order:

* **borders**: a tile has only the orientations that point nowhere off the board nor
  across a barrier;
* **connectors**: arc consistency, a tile keeps an orientation only if each neighbour can
  answer every connector (and every blank side) of it;
* **loops and connectivity** (connected rule): the engine's spanning-tree constraint, no
  link may close a loop and no orientation may cut part of the network off;
* **dead ends** (connected rule): Tatham's dead-end rule (:mod:`.dead_ends`), no
  orientation may lead into branches that cannot reach every tile, however the tiles
  beyond turn.  It is what starts the deductions on a wrapping board, which has no edge.

:func:`rate` says which of them finish the puzzle (levels ``easy``: borders and connectors;
``medium``: loops and connectivity as well; ``tricky``: dead ends as well; ``hard``: search
is needed, with its node count; ``ambiguous``: several solutions).  :func:`hint` replays
them in rounds from the start and names the first tile they force that the player's state
does not show yet, with why.

>>> from .formats import example
>>> rating = rate(example())
>>> rating.level, rating.details["deductions"]  # doctest: +NORMALIZE_WHITESPACE
('easy', {'borders': 2, 'connectors': 21, 'loops and connectivity': 0, 'dead ends': 0,
 'search nodes': 0})
>>> step = hint(example())
>>> step.details
{'row': 1, 'column': 1, 'tile': 'c', 'rule': 'borders'}
>>> print(step.text)  # doctest: +NORMALIZE_WHITESPACE
row 1, column 1: turn the tile half a turn, to connect down and right: the edge of the
board is above and to the left.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from ...engines import csp as cspe
from ...errors import InvalidPuzzle
from ...results import HintResult, Limits, RateResult, Stats, Status
from . import model as netmodel
from .board import DIRECTIONS, SIDE_NAMES, Board, Grid, rotate, rotations
from .check import violations

__all__ = ["rate", "hint", "explain", "Explained", "deducible", "without_dead_ends",
           "LEVELS", "DEDUCED"]

#: The rating levels, easiest first.
LEVELS = ("easy", "medium", "tricky", "hard", "ambiguous")
#: The levels whose puzzles the deductions finish.
DEDUCED = LEVELS[:3]
_ALL = (1 << 16) - 1
_NOT = _ALL & ~netmodel.HAS
_WHERE = {1: "above", 2: "to the left", 4: "below", 8: "to the right"}


def _fixed(dom: np.ndarray) -> np.ndarray:
    return (dom & (dom - 1)) == 0


def _turnable(board: Board) -> np.ndarray:
    """Cells whose tile has more than one orientation."""
    return np.array([len(rotations(t)) > 1 for t in range(16)])[board.flat]


def rate(board: Board, *, limits: Limits | None = None, kernels: str = "auto") -> RateResult:
    """Which deductions finish ``board`` (see the module docstring); ``kernels`` as
    :func:`puzzlesmith.engines.csp.propagate`."""
    limits = (limits or Limits()).started()
    net = netmodel.build(board, limits)
    turnable = _turnable(board)
    rules = {"borders": 0, "connectors": 0, "loops and connectivity": 0, "dead ends": 0,
             "search nodes": 0}

    def result(status: Status, level: str | None, by_rules: bool | None, nodes: int = 0,
               message: str | None = None) -> RateResult:
        rated = RateResult(status, Stats(nodes=nodes), level=level, solved_by_deductions=by_rules,
                           details={"deductions": rules})
        if message and status is Status.GAVE_UP:
            rated.details["reason"] = message
        elif message:
            rated.messages.append(message)
        return rated

    if net.impossible:
        return result(Status.UNSOLVABLE, None, None, message=net.impossible)
    initial = net.csp.initial_domains()
    rules["borders"] = int((_fixed(initial) & turnable).sum())
    ac = cspe.propagate(net.csp, custom=False, limits=limits, kernels=kernels)
    if ac is None:
        return result(Status.UNSOLVABLE, None, None,
                      message="the connectors cannot all be matched")
    rules["connectors"] = int((_fixed(ac) & turnable).sum()) - rules["borders"]
    if _fixed(ac).all():
        return result(Status.SOLVED, "easy", True)
    limits.check("rating")
    if board.connected:
        with without_dead_ends(net):
            tree = cspe.propagate(net.csp, limits=limits, kernels=kernels)
        full = None if tree is None else cspe.propagate(net.csp, tree, limits=limits,
                                                        kernels=kernels)
        if full is None:
            return result(Status.UNSOLVABLE, None, None,
                          message="every way closes a loop or cuts the network")
        rules["loops and connectivity"] = int((_fixed(tree) & turnable).sum()
                                              - (_fixed(ac) & turnable).sum())
        rules["dead ends"] = int((_fixed(full) & turnable).sum()
                                 - (_fixed(tree) & turnable).sum())
        if _fixed(tree).all():
            return result(Status.SOLVED, "medium", True)
        if _fixed(full).all():
            return result(Status.SOLVED, "tricky", True)
    found = netmodel.count(board, 2, limits=limits, net=net)
    nodes = found.stats.nodes
    rules["search nodes"] = nodes
    verdict = found.uniqueness()
    if verdict is None:
        return result(Status.GAVE_UP, "hard", False, nodes,
                      "the search the rating needs reached a limit")
    if found.count == 0:
        return result(Status.UNSOLVABLE, None, False, nodes)
    if not verdict:
        return result(Status.SOLVED, "ambiguous", False, nodes,
                      "the puzzle has more than one solution")
    return result(Status.SOLVED, "hard", False, nodes)


def deducible(net: netmodel.NetModel, limits: Limits | None = None, *,
              kernels: str = "auto", domains: np.ndarray | None = None) -> np.ndarray | None:
    """The domains the deductions (borders, connectors and, under the connected rule,
    loops and connectivity and dead ends) leave, or None if they leave no solution: the puzzle is
    finished by them when every domain is a single orientation (``domains``, default the
    model's, and ``kernels``: as :func:`puzzlesmith.engines.csp.propagate`)."""
    return cspe.propagate(net.csp, domains, limits=limits, kernels=kernels)


@contextmanager
def without_dead_ends(net: netmodel.NetModel) -> Iterator[None]:
    """Within the block, the deductions on ``net`` leave the dead-end rule out."""
    rule = net.dead_ends
    if rule is None:
        yield
        return
    rule.on = False
    try:
        yield
    finally:
        rule.on = True


# --------------------------------------------------------------------------- hints

class _Steps:
    """The deductions of the module docstring, replayed in rounds on the bitset domains."""

    def __init__(self, board: Board, net: netmodel.NetModel):
        self.board = board
        self.net = net
        self.near = board.neighbours()

    def connectors(self, dom: np.ndarray) -> np.ndarray:
        """One synchronous round of arc consistency: every cell against its neighbours."""
        new = dom.copy()
        for bit, _, _, back in DIRECTIONS:
            nb = self.near[bit]
            inside = nb >= 0
            other = dom[np.where(inside, nb, 0)]
            can_have = inside & ((other & netmodel.HAS[back]) != 0)
            can_lack = ~inside | ((other & _NOT[back]) != 0)
            new &= (np.where(can_have, netmodel.HAS[bit], 0)
                    | np.where(can_lack, _NOT[bit], 0))
        return new

    def tree(self, dom: np.ndarray) -> np.ndarray | None:
        """One pass of the spanning-tree constraint (connected rule), or None on failure."""
        new = dom.copy()
        return new if self.net.tree.propagate(new) else None

    def dead_ends(self, dom: np.ndarray) -> np.ndarray | None:
        """One pass of the dead-end rule (connected rule), or None on failure."""
        new = dom.copy()
        return new if self.net.dead_ends.propagate(new) else None

    def reason(self, rule: str, cell: int, value: int, before: np.ndarray) -> str:
        """Why ``rule`` leaves ``value`` the only orientation of ``cell``."""
        if rule == "loops and connectivity":
            return self.reason_tree(cell, value, before)
        if rule == "dead ends":
            return self.reason_dead_ends(cell, value, before)
        return self.reason_connectors(cell, value, before)

    def reason_dead_ends(self, cell: int, value: int, before: np.ndarray) -> str:
        """How many tiles the other orientations of ``cell`` could still reach at most."""
        rule = self.net.dead_ends
        out = rule.bounds(before.copy())
        d = int(before[cell])
        reach = max((1 + sum(int(out[cell, k]) for k in range(4) if r >> k & 1)
                     for r in range(16) if d >> r & 1 and r != value), default=0)
        return (f"any other way would lead into dead ends: its branches reach at most "
                f"{reach} of the {rule.area} tiles")

    def reason_connectors(self, cell: int, value: int, before: np.ndarray) -> str:
        """The neighbours' facts that leave ``value`` the only orientation of ``cell``."""
        tile = int(self.board.flat[cell])
        facts: dict[str, list[str]] = {}
        for bit, _, _, back in DIRECTIONS:
            if len({bool(r & bit) for r in rotations(tile)}) == 1:
                continue                                   # every orientation agrees
            nb = int(self.near[bit][cell])
            if nb < 0:
                facts.setdefault("the edge of the board is", []).append(_WHERE[bit])
                continue
            if self.board.closed[cell] & bit:
                facts.setdefault("a barrier is", []).append(_WHERE[bit])
                continue
            other = int(before[nb])
            if nb == cell:
                continue
            side = SIDE_NAMES[back]
            if other & ~netmodel.HAS[back] & _ALL == 0:
                facts.setdefault(f"must connect {side}", []).append(_WHERE[bit])
            elif other & netmodel.HAS[back] == 0:
                facts.setdefault(f"cannot connect {side}", []).append(_WHERE[bit])
        parts = []
        for fact, where in facts.items():
            if fact.startswith(("the edge", "a barrier")):
                parts.append(f"{fact} {_and(where)}")
            else:
                parts.append(f"the {_tiles(where)} {_and(where)} {fact}")
        return "; ".join(parts) or "its neighbours allow no other way"

    def reason_tree(self, cell: int, value: int, before: np.ndarray) -> str:
        """Why the other orientations of ``cell`` break the connected rule."""
        parent = list(range(self.board.size))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        certain = {}
        for bit, _, _, _ in DIRECTIONS:
            nb = self.near[bit]
            sure = (before & ~netmodel.HAS[bit] & _ALL) == 0
            for c in np.flatnonzero(sure & (nb >= 0)).tolist():
                certain[c, bit] = int(nb[c])
        for (c, _), d in certain.items():
            parent[find(c)] = find(d)
        loop = cut = False
        d = int(before[cell])
        for r in range(16):
            if not d >> r & 1 or r == value:
                continue
            closes = False
            for bit, _, _, _ in DIRECTIONS:
                nb = int(self.near[bit][cell])
                if r & bit and nb >= 0 and (cell, bit) not in certain:
                    closes = closes or find(cell) == find(nb)
            loop = loop or closes
            cut = cut or not closes
        why = []
        if loop:
            why.append("close a loop")
        if cut:
            why.append("cut part of the network off")
        return "any other way would " + " or ".join(why)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _tiles(where: list[str]) -> str:
    return "tile" if len(where) == 1 else "tiles"


def _turns(current: int, target: int) -> str:
    k = next(k for k in range(4) if rotate(current, k) == target)
    return {1: "one quarter turn anticlockwise", 2: "half a turn",
            3: "one quarter turn clockwise"}[k]


def _sides(mask: int) -> str:
    names = [SIDE_NAMES[bit] for bit, _, _, _ in DIRECTIONS if mask & bit]
    return _and(names) if names else "nothing"


def hint(board: Board, state: Grid | None = None, *,
         limits: Limits | None = None) -> HintResult:
    """The next tile forced by the deductions that ``state`` (the player's tiles as turned,
    default: the puzzle as given) does not show yet, and why; if none is, the next tile of
    a solution found by search."""
    limits = (limits or Limits()).started()
    state = board.tiles if state is None else state
    _check_state(board, state)
    flat_state = np.array(state, dtype=np.int64).reshape(-1)

    def answer(status: Status, text: str, cell: int | None = None, value: int | None = None,
               rule: str | None = None, nodes: int = 0) -> HintResult:
        details, move = {}, None
        if cell is not None:
            i, j = divmod(cell, board.cols)
            move = {"row": i + 1, "column": j + 1, "tile": f"{value:x}"}
            details = {**move, "rule": rule}
        return HintResult(status, Stats(nodes=nodes), text=text, move=move, details=details)

    if _matched(board, flat_state) and not violations(board, state):
        return answer(Status.SOLVED, "already solved")
    limits.check("looking for a hint")
    net = netmodel.build(board, limits)
    if net.impossible:
        return answer(Status.UNSOLVABLE, f"no solution: {net.impossible}")
    for rule, before, dom in _rounds(board, net, limits):
        if dom is None:
            return answer(Status.UNSOLVABLE, f"no solution: {_STALLED[rule]}")
        todo = np.flatnonzero(_fixed(dom) & ~_fixed(before) & (dom != 1 << flat_state))
        if todo.size:
            cell = int(todo[0])
            value = int(dom[cell]).bit_length() - 1
            steps = _Steps(board, net)
            why = steps.reason(rule, cell, value, before)
            i, j = divmod(cell, board.cols)
            text = (f"row {i + 1}, column {j + 1}: turn the tile "
                    f"{_turns(int(flat_state[cell]), value)}, to connect {_sides(value)}: "
                    f"{why}.")
            return answer(Status.SOLVED, text, cell, value, rule)
    return _by_search(board, flat_state, limits, answer)


#: Why the deductions found no solution, per rule.
_STALLED = {"borders": "the deductions leave a tile without any orientation",
            "connectors": "the deductions leave a tile without any orientation",
            "loops and connectivity": "every way closes a loop or cuts the network",
            "dead ends": "every way leads into dead ends"}


def _rounds(board: Board, net: netmodel.NetModel, limits: Limits):
    """The deductions replayed in rounds from the start: ``(rule, domains before, domains
    after)`` per round (the first is the borders, from all orientations); ``after`` is
    None when a round leaves no solution.  Stops at the fixpoint."""
    steps = _Steps(board, net)
    dom = net.csp.initial_domains()
    before = np.full_like(dom, _ALL)
    rule = "borders"
    while True:
        if not dom.all():
            yield rule, before, None
            return
        yield rule, before, dom
        limits.check("deducing")
        new = steps.connectors(dom)
        rule = "connectors"
        for name, step in (("loops and connectivity", steps.tree),
                           ("dead ends", steps.dead_ends)):
            if np.array_equal(new, dom) and board.connected:
                new = step(dom)
                rule = name
                if new is None:
                    yield rule, dom, None
                    return
        if np.array_equal(new, dom):
            return
        before, dom = dom, new


def explain(board: Board, *, limits: Limits | None = None) -> Explained:
    """The deductions of the module docstring as steps a person can follow: every tile
    they settle, in the order they settle it, with the rule and why.

    >>> from .formats import example
    >>> done = explain(example())
    >>> done.solved, len(done.steps), done.steps[0]  # doctest: +NORMALIZE_WHITESPACE
    (True, 23, 'row 1, column 1: c (borders): the edge of the board is above and to the
    left')
    """
    limits = (limits or Limits()).started()
    net = netmodel.build(board, limits)
    if net.impossible:
        return Explained([], False, True, net.impossible)
    steps = _Steps(board, net)
    turnable = _turnable(board)
    out: list[str] = []
    dom = None
    for rule, before, dom in _rounds(board, net, limits):
        if dom is None:
            return Explained(out, False, True, _STALLED[rule])
        for cell in np.flatnonzero(_fixed(dom) & ~_fixed(before) & turnable).tolist():
            value = int(dom[cell]).bit_length() - 1
            i, j = divmod(cell, board.cols)
            out.append(f"row {i + 1}, column {j + 1}: {value:x} ({rule}): "
                       f"{steps.reason(rule, cell, value, before)}")
    solved = dom is not None and bool(_fixed(dom).all())
    return Explained(out, solved, False, None)


@dataclass
class Explained:
    """The steps of :func:`explain`; ``solved``: the deductions finish the puzzle;
    ``contradiction``: they prove there is no solution (``why``)."""

    steps: list[str]
    solved: bool
    contradiction: bool
    why: str | None


def _by_search(board: Board, flat_state: np.ndarray, limits: Limits, answer) -> HintResult:
    found = netmodel.solve(board, limits=limits)
    if not found.solutions:
        why = "no solution" if found.status is Status.UNSOLVABLE else "gave up: limit reached"
        return answer(found.status, why, nodes=found.stats.nodes)
    flat = np.array(found.solutions[0], dtype=np.int64).reshape(-1)
    cell = int(np.flatnonzero(flat != flat_state)[0])
    value = int(flat[cell])
    i, j = divmod(cell, board.cols)
    text = (f"row {i + 1}, column {j + 1}: turn the tile "
            f"{_turns(int(flat_state[cell]), value)}, to connect {_sides(value)}: no tile is "
            "forced by the deductions alone any more, this is how a solution found by search "
            "has it.")
    return answer(Status.SOLVED, text, cell, value, "search", nodes=found.stats.nodes)


def _matched(board: Board, flat: np.ndarray) -> bool:
    """Whether every connector of ``flat`` meets one (the local rule, fast)."""
    for (bit, nb), back in zip(board.neighbours().items(), (4, 8, 1, 2), strict=True):
        has = (flat & bit) != 0
        off = nb < 0
        meets = (flat[np.where(off, 0, nb)] & back) != 0
        if np.any(has & off) or np.any(~off & (has != meets)):
            return False
    return True


def _check_state(board: Board, state: Sequence[Sequence[int]]) -> None:
    """The player's state must be the board's tiles, each turned some way."""
    if len(state) != board.rows or any(len(row) != board.cols for row in state):
        raise InvalidPuzzle(f"the state is not a {board.rows}x{board.cols} grid")
    for i, row in enumerate(state):
        for j, v in enumerate(row):
            if v not in rotations(board.tiles[i][j]):
                raise InvalidPuzzle(f"tile {v:x} is not a rotation of the puzzle's tile "
                                    f"{board.tiles[i][j]:x}", line=i + 1, column=j + 1)
