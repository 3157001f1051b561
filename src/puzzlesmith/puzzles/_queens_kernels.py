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
def _check(board, sizee, b1, b2, topbit, endbit):
    """How many solutions a complete ``board`` stands for: 0 if one of its rotations is
    smaller (it is counted elsewhere), else the size of its class under the eight
    symmetries: 2 if a 90-degree turn keeps it, 4 if a half turn does, else 8."""
    if board[b2] == 1:  # 90 degrees
        own, ptn = 1, 2
        while own <= sizee:
            bit, you = 1, sizee
            while board[you] != ptn and board[own] >= bit:
                bit <<= 1
                you -= 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                break
            own += 1
            ptn <<= 1
        if own > sizee:
            return 2
    if board[sizee] == endbit:  # 180 degrees
        own, you = 1, sizee - 1
        while own <= sizee:
            bit, ptn = 1, topbit
            while ptn != board[you] and board[own] >= bit:
                bit <<= 1
                ptn >>= 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                break
            own += 1
            you -= 1
        if own > sizee:
            return 4
    if board[b1] == topbit:  # 270 degrees
        own, ptn = 1, topbit >> 1
        while own <= sizee:
            bit, you = 1, 0
            while board[you] != ptn and board[own] >= bit:
                bit <<= 1
                you += 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                break
            own += 1
            ptn >>= 1
    return 8


@njit(cache=True)
def _entry(y, left, down, right, mask, sizee, b1, b2, sidemask, corner):
    """The free columns of row ``y``, minus those a smaller rotation or reflection would use
    (the bounds of Takaken's method)."""
    bm = mask & ~(left | down | right)
    if corner:
        if y < b1:
            bm &= ~2
        return bm
    if y < b1:
        bm &= ~sidemask
    elif y == b2:
        if down & sidemask == 0:
            return 0
        if down & sidemask != sidemask:
            bm &= sidemask
    return bm


@njit(cache=True)
def count_subtree(n, corner, b1, b2, lastmask, endbit, board, y0, left, down, right):
    """Solutions below the rows ``0 .. y0-1`` preset in ``board`` (one bit per row), each
    canonical one weighted by its symmetry class, by bitmask backtracking.

    ``corner``: row 0's queen is in the corner (its classes all have 8 members); else
    ``b1``/``b2`` bound the rows where a queen may touch the sides, and ``lastmask``/
    ``endbit`` prune the last row, as in Takaken's program.  ``left``, ``down``, ``right``
    are the columns attacked in row ``y0`` along each diagonal and vertically.  The current
    row lives in locals, an explicit stack holds the rows above, and the last row is
    counted without descending."""
    sizee = n - 1
    mask = (1 << n) - 1
    topbit = 1 << sizee
    sidemask = topbit | 1
    st_bm = np.empty(n, np.int64)
    st_l = np.empty(n, np.int64)
    st_d = np.empty(n, np.int64)
    st_r = np.empty(n, np.int64)
    total = 0
    y = y0
    left &= mask
    bm = _entry(y, left, down, right, mask, sizee, b1, b2, sidemask, corner)
    while True:
        if bm != 0:
            bit = bm & -bm
            bm ^= bit
            board[y] = bit
            nl = ((left | bit) << 1) & mask
            nd = down | bit
            nr = (right | bit) >> 1
            if y + 1 == sizee:
                last = mask & ~(nl | nd | nr)
                if last != 0:
                    if corner:
                        total += 8
                    elif last & lastmask == 0:
                        board[sizee] = last
                        total += _check(board, sizee, b1, b2, topbit, endbit)
                continue
            st_bm[y] = bm
            st_l[y] = left
            st_d[y] = down
            st_r[y] = right
            y += 1
            left, down, right = nl, nd, nr
            bm = _entry(y, left, down, right, mask, sizee, b1, b2, sidemask, corner)
        else:
            if y == y0:
                break
            y -= 1
            bm = st_bm[y]
            left = st_l[y]
            down = st_d[y]
            right = st_r[y]
    return total
