"""Bringing a unique Star Battle to a level of the rules (:mod:`.deduce`) by reshaping its
regions: easing (cells the rules leave open handed to neighbouring regions), the last
repairs by trials and pushes, and building large boards' regions so the rules finish them.
"""

from __future__ import annotations

import collections
import random

from .board import NO_REGION, Cell, Marks, StarBattle
from .deduce import LEVELS, decide, rate
from .proof import Budget, hand_over_share, proven_unique, rules_state, second_solution
from .regions import REGION_NAMES, as_puzzle, connected, handovers, neighbours


def to_level(puzzle: StarBattle, stars: int, planted: list[Cell], difficulty: str | None,
             by_rules: bool, rng: random.Random,
             budget: Budget) -> tuple[StarBattle | None, str]:
    """The unique ``puzzle`` brought to ``difficulty`` (or, with none and ``by_rules``, to
    any level the rules finish) and its rating, or (None, "") when that fails."""
    if difficulty is None:
        level = rate(puzzle, limits=budget.limits).level
        if level != SEARCH or not by_rules:
            return puzzle, level
        target = LEVELS[-2]
    else:
        target = difficulty
        below = LEVELS.index(target) - 1
        if below >= 0 and finished(rules_state(puzzle, LEVELS[below], budget)):
            return None, ""  # easier than asked: easing only makes puzzles easier
    eased = ease(puzzle, stars, planted, target, rng, budget)
    if eased is None:
        return None, ""
    level = rate(eased, limits=budget.limits).level
    if level == difficulty or (difficulty is None and level != SEARCH):
        return eased, level
    return None, ""


SEARCH = LEVELS[-1]  # "needs search"


def finished(state: dict[Cell, int]) -> bool:
    return all(state.values())


def ease(puzzle: StarBattle, stars: int, planted: list[Cell], level: str, rng: random.Random,
         budget: Budget, exact: bool = True) -> StarBattle | None:
    """Hand cells the ``level`` rules leave undecided to neighbouring regions, keeping the
    puzzle unique, while the rules decide more (or, a few times, as much: a step across a
    plateau) but the rules of the level below do not finish it; the puzzle once the
    ``level`` rules finish it, or None.  Without ``exact``, neither uniqueness nor the
    level below is checked on the way (the rules finishing it proves it unique), the
    moves out of the smallest regions go first, and once at most :data:`TRIAL_OPEN` cells
    stay open :func:`by_trials` finishes it."""
    grid = [[REGION_NAMES.index(ch) for ch in row] for row in puzzle.grid]
    rows, columns = len(grid), len(grid[0])
    planted_set = set(planted)
    state = rules_state(puzzle, level, budget)
    sideways, tries = EASING_SIDEWAYS, EASING_TRIES
    below = LEVELS[LEVELS.index(level) - 1] if LEVELS.index(level) and exact else None
    unique = proven_unique if exact else (lambda trial, budget: True)
    for _ in range(rows * columns):
        budget.check()
        decided = sum(1 for v in state.values() if v)
        if decided == rows * columns:
            return puzzle
        budget.report(f"easing to {level}", open=rows * columns - decided)
        if not exact and rows * columns - decided <= TRIAL_OPEN:
            return by_trials(puzzle, state, planted, rng, budget)
        moves, others = [], []  # cells the rules leave open first, then the decided ones
        for cell, v in state.items():
            if cell not in planted_set:
                (others if v else moves).extend((cell, g) for g in handovers(grid, cell))
        rng.shuffle(moves)
        rng.shuffle(others)
        if not exact:  # out of the smallest regions first: a tight region starts a chain
            sizes = collections.Counter(g for row in grid for g in row)
            moves.sort(key=lambda move: sizes[grid[move[0][0]][move[0][1]]] // TIGHT_STEP)
        moves += others
        level_move = None
        for cell, region in moves[:min(EASING_MOVES, tries)]:
            tries -= 1
            old = grid[cell[0]][cell[1]]
            grid[cell[0]][cell[1]] = region
            trial = as_puzzle(grid, stars)
            after = rules_state(trial, level, budget)
            now = sum(1 for v in after.values() if v)
            if now == rows * columns and below and finished(rules_state(trial, below, budget)):
                now = -1  # this move makes the puzzle easier than ``level``
            if now > decided and unique(trial, budget):
                puzzle, state = trial, after
                budget.stats.extra["repairs"] += 1
                break
            if now == decided and level_move is None:
                level_move = (cell, region, trial, after)
            grid[cell[0]][cell[1]] = old
        else:
            if not sideways or level_move is None or not unique(level_move[2], budget):
                return None if exact else by_trials(puzzle, state, planted, rng, budget)
            sideways -= 1
            cell, region, puzzle, state = level_move
            grid[cell[0]][cell[1]] = region
    return None


EASING_MOVES = 60    # moves tried per easing round
EASING_TRIES = 200   # moves tried in all, then a fresh start
EASING_SIDEWAYS = 20 # moves per easing that decide no more (across a plateau)
TIGHT_STEP = 4  # region sizes that differ by less count as one when easing picks moves


def by_trials(puzzle: StarBattle, state: dict[Cell, int], planted: list[Cell],
              rng: random.Random, budget: Budget) -> StarBattle | None:
    """Where easing stalls with at most :data:`TRIAL_OPEN` cells open (``state``: what
    the easier rules decide): ``puzzle`` once the rules with trials finish it, else once
    a search finds no second solution, repaired by second solutions (a search among so
    few open cells is quick) up to :data:`FINAL_REPAIRS` times; None otherwise."""
    if sum(1 for v in state.values() if not v) > TRIAL_OPEN:
        return None
    grid = [[REGION_NAMES.index(ch) for ch in row] for row in puzzle.grid]
    stars = puzzle.row_stars[0]
    for _ in range(FINAL_REPAIRS):
        budget.report("finishing (trials, second solutions)")
        if finished(rules_state(puzzle, LEVELS[-2], budget)):
            return puzzle
        other = second_solution(puzzle, set(planted), budget)
        if other is None:
            return puzzle
        candidates = [cell for cell in other if cell not in planted]
        rng.shuffle(candidates)
        if not (hand_over_share(grid, candidates, rng)
                or push(grid, candidates, set(planted))):
            return None
        budget.stats.extra["repairs"] += 1
        puzzle = as_puzzle(grid, stars)
    return None


TRIAL_OPEN = 60  # open cells at most for a last pass of the rules with trials
FINAL_REPAIRS = 12  # second-solution repairs where easing stalls, then a fresh start


def push(grid: list[list[int]], candidates: list[Cell], planted: set[Cell]) -> bool:
    """Where no cell of ``candidates`` can be handed over (each lies deep inside its
    region), push another region to one: the cells of a shortest path inside its region
    (no planted star on it) from the candidate to a cell beside another region are handed
    to that region, the far end first, its own region staying connected at every step.
    Whether one candidate moved (at most :data:`PUSH_PATHS` paths tried per candidate)."""
    rows, columns = len(grid), len(grid[0])
    for cell in candidates:
        mine = grid[cell[0]][cell[1]]
        back: dict[Cell, Cell | None] = {cell: None}
        todo, ends = [cell], []
        for here in todo:  # breadth-first inside the region: the cells beside another one
            if here != cell and any(grid[r][c] != mine
                                    for r, c in neighbours(here, rows, columns)):
                ends.append(here)
                if len(ends) == PUSH_PATHS:
                    break
                continue
            for nb in neighbours(here, rows, columns):
                if nb not in back and nb not in planted and grid[nb[0]][nb[1]] == mine:
                    back[nb] = here
                    todo.append(nb)
        for end in ends:
            path = [end]
            while back[path[-1]] is not None:
                path.append(back[path[-1]])
            for region in {grid[r][c] for r, c in neighbours(end, rows, columns)} - {mine}:
                if push_path(grid, path, region):
                    return True
    return False


def push_path(grid: list[list[int]], path: list[Cell], region: int) -> bool:
    """Hand the cells of ``path`` to ``region`` in turn (the first beside it), each only
    if its own region stays connected; all or none (then ``grid`` is as it was)."""
    mine = grid[path[0][0]][path[0][1]]
    for n, (r, c) in enumerate(path):
        if region not in handovers(grid, (r, c)):
            for rr, cc in path[:n]:
                grid[rr][cc] = mine
            return False
        grid[r][c] = region
    return True


PUSH_PATHS = 12     # paths tried per cell to push


def build_by_rules(plan: list[list[int]], stars: int, planted: list[Cell], rng: random.Random,
                   budget: Budget) -> StarBattle | None:
    """Regions built so that the rules of :data:`BUILD_LEVEL` finish the puzzle: a puzzle
    unique by construction, no search.

    Start from the stars alone (every other cell in no region and ruled out: the regions
    hold every star) and hand the other cells to their regions of ``plan`` while the rules
    still finish the puzzle (:func:`join`).  The cells left out then join their regions
    and :func:`ease` hands the cells the rules leave open to neighbouring regions, out of
    the smallest regions first, until the rules finish it (None if they do not)."""
    rows, columns = len(plan), len(plan[0])
    target = [row[:] for row in plan]
    grid = [[-1] * columns for _ in range(rows)]
    for r, c in planted:
        grid[r][c] = target[r][c]
    beside = {(r + dr, c + dc) for r, c in planted for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    budget.stats.extra["stuck"] = len(join(grid, target, stars, beside, rng, budget))
    for r in range(rows):
        for c in range(columns):
            if grid[r][c] < 0:
                grid[r][c] = target[r][c]
    return ease(as_puzzle(grid, stars), stars, planted, BUILD_LEVEL, rng, budget, exact=False)


def join(grid: list[list[int]], target: list[list[int]], stars: int, beside: set[Cell],
         rng: random.Random, budget: Budget) -> set[Cell]:
    """Hand the cells out of every region (-1 in ``grid``) to their regions of ``target``
    in random batches (cells beside no star first: they are the hard ones), a batch kept
    while the rules of :data:`BUILD_LEVEL` still finish the puzzle (the batch then doubles)
    and taken back otherwise (then shrinks to a quarter).  A single cell that
    cannot be kept tries the other regions beside it (its target region staying connected
    without it), else stays out ("stuck").  The stuck cells."""
    rows, columns = len(grid), len(grid[0])
    stuck: set[Cell] = set()
    size = BUILD_BATCH
    while True:
        budget.check()
        ready = [(r, c) for r in range(rows) for c in range(columns)
                 if grid[r][c] < 0 and (r, c) not in stuck
                 and any(grid[nr][nc] == target[r][c]
                         for nr, nc in neighbours((r, c), rows, columns))]
        budget.report("building regions by the rules",
                      open=sum(row.count(-1) for row in grid))
        if not ready:
            return stuck
        rng.shuffle(ready)
        ready.sort(key=lambda cell: cell in beside)
        batch = ready[:size]
        for r, c in batch:
            grid[r][c] = target[r][c]
        if rules_finish(grid, stars, budget):
            size = min(2 * size, BUILD_BATCH_MAX)
            continue
        for r, c in batch:
            grid[r][c] = -1
        if len(batch) == 1 and not retarget(grid, target, batch[0], stars, rng, budget):
            stuck.add(batch[0])
        size = max(1, size // 4)


def retarget(grid: list[list[int]], target: list[list[int]], cell: Cell, stars: int,
             rng: random.Random, budget: Budget) -> bool:
    """Hand ``cell`` to another region beside it, one with which the rules still finish
    the puzzle, if its own region (as targeted) stays connected without it."""
    rows, columns = len(grid), len(grid[0])
    r, c = cell
    mine = target[r][c]
    others = list({grid[nr][nc] for nr, nc in neighbours(cell, rows, columns)} - {-1, mine})
    rest = [(rr, cc) for rr in range(rows) for cc in range(columns)
            if target[rr][cc] == mine and (rr, cc) != cell]
    if not others or not connected(rest, rows, columns):
        return False
    rng.shuffle(others)
    for region in others:
        grid[r][c] = target[r][c] = region
        if rules_finish(grid, stars, budget):
            return True
    grid[r][c], target[r][c] = -1, mine
    return False


def rules_finish(grid: list[list[int]], stars: int, budget: Budget) -> bool:
    """Whether the rules of :data:`BUILD_LEVEL` finish the partly built puzzle ``grid``
    (cells -1 in no region, ruled out)."""
    rows, columns = len(grid), len(grid[0])
    text = tuple("".join(REGION_NAMES[g] if g >= 0 else NO_REGION for g in row) for row in grid)
    names = sorted({ch for row in text for ch in row} - {NO_REGION})
    puzzle = StarBattle(text, (stars,) * rows, (rows * stars // columns,) * columns,
                        dict.fromkeys(names, stars))
    out = frozenset((r, c) for r in range(rows) for c in range(columns) if grid[r][c] < 0)
    state, broken = decide(puzzle, BUILD_LEVEL, limits=budget.limits, phase="generating",
                           marks=Marks(frozenset(), out))
    return not broken and all(state.values())


BUILD_LEVEL = "medium"  # the rules that must finish a built puzzle (cheap, no trials)
BUILD_BATCH = 8        # cells handed over in the first batch
BUILD_BATCH_MAX = 64   # cells per batch at most
