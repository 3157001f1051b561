"""Compiled N-Queens kernels (numba ``@njit(cache=True)``), fed and returning plain arrays.

Imported lazily by :mod:`puzzlesmith.puzzles.queens` so that small boards never pay for
numba.  The first call of each kernel compiles it (1.5-3 s for all of them); numba caches the
machine code in ``__pycache__`` beside this file, or, when that is not writable (an installed
package), in its user-wide cache directory, so later processes only load it.

All kernels use the permutation model: ``rows[c]`` is the row of the queen in column ``c``
and all rows differ, so only diagonals can conflict.  ``up[c + r]`` and ``down[c - r + n - 1]``
count the queens on each diagonal, which makes the cost of a swap O(1).  Rows are ``int32``
(half the memory traffic of ``int64`` in the cache-missing random probes of 10^7 queens).
Randomness is numba's own generator, seeded inside the kernel with ``np.random.seed``
(reproducible per seed).
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["repair", "anneal", "count_subtree"]


@njit(cache=True)
def _seed(seed):
    np.random.seed(seed)


@njit(cache=True)
def _greedy_start(n, tries, rows, up, down):
    """Random permutation placed column by column, avoiding occupied diagonals.

    Column ``c`` takes the row of a random not-yet-used column ``j >= c`` whose row is free on
    both diagonals, within ``tries`` attempts; otherwise any random unused row (a conflict
    for the repair phase).  This is the start of Sosic and Gu's QS4.
    """
    for c in range(n):
        rows[c] = c
    up[:] = 0
    down[:] = 0
    for c in range(n):
        j = c
        for _ in range(tries):
            k = np.random.randint(c, n)
            r = rows[k]
            if up[c + r] == 0 and down[c - r + n - 1] == 0:
                j = k
                break
            j = k
        rows[c], rows[j] = rows[j], rows[c]
        r = rows[c]
        up[c + r] += 1
        down[c - r + n - 1] += 1


@njit(cache=True)
def _swap_delta(n, a, b, rows, up, down):
    """Swap the rows of columns ``a`` and ``b``, updating counters; return the change in
    attacking pairs."""
    ra, rb = rows[a], rows[b]
    delta = 0
    # take both queens off the board
    up[a + ra] -= 1
    delta -= up[a + ra]
    down[a - ra + n - 1] -= 1
    delta -= down[a - ra + n - 1]
    up[b + rb] -= 1
    delta -= up[b + rb]
    down[b - rb + n - 1] -= 1
    delta -= down[b - rb + n - 1]
    # put them back swapped
    delta += up[a + rb]
    up[a + rb] += 1
    delta += down[a - rb + n - 1]
    down[a - rb + n - 1] += 1
    delta += up[b + ra]
    up[b + ra] += 1
    delta += down[b - ra + n - 1]
    down[b - ra + n - 1] += 1
    rows[a], rows[b] = rb, ra
    return delta


@njit(cache=True)
def _attacked(n, c, rows, up, down):
    r = rows[c]
    return up[c + r] > 1 or down[c - r + n - 1] > 1


@njit(cache=True)
def _attacked_columns(n, rows, up, down):
    """Every column whose queen shares a diagonal with another (one scan)."""
    work = [0]
    work.pop()
    for c in range(n):
        if _attacked(n, c, rows, up, down):
            work.append(c)
    return work


@njit(cache=True)
def repair(n, seed, max_steps, tries, attempts):
    """Min-conflicts on permutations: greedy start, then swap each attacked queen with random
    columns until a swap lowers the attacking pairs; restart from a new start after
    ``max(7 n, 10000)`` fruitless swaps, at most ``attempts`` starts.

    A worklist replaces repeated scans: a swap can only create conflicts on the two queens it
    moves, so the partner is queued when it ends up attacked, and one scan at the end
    confirms.  Returns ``(rows, swaps tried, solved)``."""
    _seed(seed)
    rows = np.empty(n, np.int32)
    up = np.zeros(2 * n - 1, np.int32)
    down = np.zeros(2 * n - 1, np.int32)
    steps = 0
    patience = max(7 * n, 10000)
    for _ in range(attempts):
        if steps >= max_steps:
            break
        _greedy_start(n, tries, rows, up, down)
        since = 0
        while since < patience and steps < max_steps:
            work = _attacked_columns(n, rows, up, down)
            if len(work) == 0:
                return rows, steps, True
            i = 0
            while i < len(work) and since < patience and steps < max_steps:
                a = work[i]
                i += 1
                while _attacked(n, a, rows, up, down) and since < patience \
                        and steps < max_steps:
                    b = np.random.randint(0, n)
                    if b == a:
                        continue
                    steps += 1
                    since += 1
                    if _swap_delta(n, a, b, rows, up, down) < 0:
                        since = 0
                        if _attacked(n, b, rows, up, down):
                            work.append(b)
                    else:
                        _swap_delta(n, a, b, rows, up, down)  # undo
    return rows, steps, False


@njit(cache=True)
def _energy(n, up, down):
    e = 0
    for i in range(2 * n - 1):
        e += up[i] * (up[i] - 1) // 2 + down[i] * (down[i] - 1) // 2
    return e


@njit(cache=True)
def anneal(n, seed, t0, alpha, t_min, steps_per_level, restarts, max_steps):
    """The seed document's annealing: queens on the diagonal shuffled by ``n`` random swaps,
    a move swaps two random columns, energy is the number of attacking pairs, geometric
    cooling from ``t0`` to ``t_min``; restart until the energy is 0.
    Returns ``(rows, best energy, moves, runs)``; the rows are a solution iff energy is 0."""
    _seed(seed)
    rows = np.empty(n, np.int32)
    best = np.empty(n, np.int32)
    up = np.zeros(2 * n - 1, np.int32)
    down = np.zeros(2 * n - 1, np.int32)
    best_energy = -1
    moves = 0
    runs = 0
    while runs <= restarts and moves < max_steps:
        runs += 1
        up[:] = 0
        down[:] = 0
        for c in range(n):
            rows[c] = c
            up[2 * c] += 1
            down[n - 1] += 1
        for _ in range(n):
            a = np.random.randint(0, n)
            b = np.random.randint(0, n)
            if a != b:
                _swap_delta(n, a, b, rows, up, down)
        energy = _energy(n, up, down)
        run_best = energy
        if best_energy < 0 or energy < best_energy:
            best_energy = energy
            best[:] = rows
        t = t0
        while t > t_min and energy > 0 and moves < max_steps:
            for _ in range(steps_per_level):
                a = np.random.randint(0, n)
                b = np.random.randint(0, n)
                if a == b:
                    continue
                moves += 1
                delta = _swap_delta(n, a, b, rows, up, down)
                if delta <= 0 or np.exp(-delta / t) > np.random.random():
                    energy += delta
                    if energy < run_best:
                        run_best = energy
                        if energy < best_energy:
                            best_energy = energy
                            best[:] = rows
                            if energy == 0:
                                return best, 0, moves, runs
                else:
                    _swap_delta(n, a, b, rows, up, down)
            t *= alpha
    return best, best_energy, moves, runs


@njit(cache=True)
def count_subtree(n, cols, ld, rd, depth):
    """Solutions below a partial placement of ``depth`` rows, by bitmask backtracking.

    ``cols``, ``ld`` and ``rd`` are the bit masks of the columns and the two diagonal
    directions attacked in the next row.  The current row lives in local variables, an
    explicit stack holds the rows above, and the last row is counted without descending."""
    full = (1 << n) - 1
    if depth >= n:
        return 1
    avail = full & ~(cols | ld | rd)
    if depth == n - 1:
        return 1 if avail != 0 else 0
    stack_avail = np.empty(n, np.int64)
    stack_cols = np.empty(n, np.int64)
    stack_ld = np.empty(n, np.int64)
    stack_rd = np.empty(n, np.int64)
    total = 0
    d = depth
    second_last = n - 2
    while True:
        if avail != 0:
            bit = avail & -avail
            avail ^= bit
            c2 = cols | bit
            l2 = ((ld | bit) << 1) & full
            r2 = (rd | bit) >> 1
            if d == second_last:
                if full & ~(c2 | l2 | r2) != 0:
                    total += 1
                continue
            stack_avail[d] = avail
            stack_cols[d] = cols
            stack_ld[d] = ld
            stack_rd[d] = rd
            d += 1
            cols, ld, rd = c2, l2, r2
            avail = full & ~(cols | ld | rd)
        else:
            if d == depth:
                break
            d -= 1
            avail = stack_avail[d]
            cols = stack_cols[d]
            ld = stack_ld[d]
            rd = stack_rd[d]
    return total
