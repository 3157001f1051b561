"""Compiled N-Queens kernels (numba ``@njit(cache=True)``), run in bounded, resumable chunks.

Only this module of the package imports numba; the others import it inside functions when a
verb first needs it.  The first call of each kernel compiles it (a few seconds for all of
them); numba caches the machine code in ``__pycache__`` beside this file, or, when that is
not writable (an installed package), in its user-wide cache directory, so later processes
only load it.

Every kernel keeps its whole state in arrays the caller owns and takes ``stop``, the total
work count at which it must pause: :class:`~puzzlesmith.engines.driver.ChunkDriver` sizes the
chunks, and limits, progress and Ctrl-C act between them.  A paused kernel resumes exactly
where it stopped, so a run does not depend on how it was cut into chunks.  Each returns one
of the codes :data:`PAUSED`, :data:`SOLVED`, :data:`EXHAUSTED`, :data:`FOUND`.

The repair and annealing kernels use the permutation model: ``rows[c]`` is the row of the
queen in column ``c`` and all rows differ, so only diagonals can conflict.  ``up[c + r]`` and
``down[c - r + n - 1]`` count the queens on each diagonal, which makes a swap O(1).  Given
queens stay put: only the columns listed in ``cols`` (the free ones) are swapped.  Rows are
``int32`` (half the memory traffic of ``int64`` in the cache-missing probes of 10^7 queens).
Randomness is splitmix64 with its state in a one-element array, so a seed reproduces a run
whatever the chunking.

The counting kernels backtrack column by column over bit masks of rows (``int64``, hence
N <= 60).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .codes import EXHAUSTED, FOUND, PAUSED, SOLVED

__all__ = ["anneal", "repair", "complete", "count_subtree", "warm"]


_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S11, _S27, _S30, _S31, _S32 = (np.uint64(k) for k in (11, 27, 30, 31, 32))


@njit(cache=True)
def _next(rng):
    """splitmix64: the next 64 random bits; the state is ``rng[0]``."""
    s = rng[0] + _GAMMA
    rng[0] = s
    z = (s ^ (s >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True)
def _below(rng, n):
    """A random integer in ``[0, n)`` for ``n < 2**32`` (multiply-shift)."""
    return np.int64(((_next(rng) >> _S32) * np.uint64(n)) >> _S32)


@njit(cache=True)
def _uniform(rng):
    """A random float in ``[0, 1)``."""
    return np.float64(_next(rng) >> _S11) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def _swap_delta(n, a, b, rows, up, down):
    """Swap the rows of columns ``a`` and ``b``, updating the counters; return the change in
    attacking pairs."""
    ra, rb = rows[a], rows[b]
    delta = 0
    up[a + ra] -= 1
    delta -= up[a + ra]
    down[a - ra + n - 1] -= 1
    delta -= down[a - ra + n - 1]
    up[b + rb] -= 1
    delta -= up[b + rb]
    down[b - rb + n - 1] -= 1
    delta -= down[b - rb + n - 1]
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
def _energy(n, up, down):
    e = 0
    for i in range(2 * n - 1):
        e += up[i] * (up[i] - 1) // 2 + down[i] * (down[i] - 1) // 2
    return e


# -- simulated annealing -------------------------------------------------------------------

@njit(cache=True)
def anneal(n, cols, template, rows, up, down, rng, st, ft, t0, alpha, t_min, steps, restarts,
           stop):
    """The seed document's annealing, resumable.

    A run starts from ``template`` (queens on the diagonal, or the givens and the free rows)
    shuffled by ``len(cols)`` random swaps of free columns; a move swaps two random free
    columns; the energy is the number of attacking pairs; the temperature falls geometrically
    from ``t0`` to ``t_min`` with ``steps`` moves per level; up to ``restarts`` more runs
    until the energy is 0.  Only the energies of the best states are kept (copying a best
    state of 10^6 queens at every improvement would cost more than the moves): the method
    only answers with a solution, which is ``rows`` when the energy reaches 0.

    State: ``st`` = [moves, runs, phase (0: start a run, 1: annealing), moves made at this
    level, energy, best energy of the run, best energy (-1: none)], ``ft`` = [temperature].
    Work is counted in moves.  Returns SOLVED (``rows`` is a solution), EXHAUSTED or PAUSED.
    """
    m = len(cols)
    moves, runs, phase, j = st[0], st[1], st[2], st[3]
    energy, run_best, best_energy = st[4], st[5], st[6]
    t = ft[0]
    code = PAUSED
    while True:
        if phase == 0:
            if runs > restarts or (runs > 0 and m < 2):
                code = EXHAUSTED
                break
            if moves >= stop:
                break
            runs += 1
            rows[:] = template
            up[:] = 0
            down[:] = 0
            for c in range(n):
                r = rows[c]
                up[c + r] += 1
                down[c - r + n - 1] += 1
            for _ in range(m):
                a = cols[_below(rng, m)]
                b = cols[_below(rng, m)]
                if a != b:
                    _swap_delta(n, a, b, rows, up, down)
            energy = _energy(n, up, down)
            run_best = energy
            if best_energy < 0 or energy < best_energy:
                best_energy = energy
            if energy == 0:
                code = SOLVED
                break
            t, j, phase = t0, 0, 1
            continue
        if t <= t_min or m < 2:
            phase = 0
            continue
        paused = False
        while j < steps:
            if moves >= stop:
                paused = True
                break
            j += 1
            a = cols[_below(rng, m)]
            b = cols[_below(rng, m)]
            if a == b:
                continue
            moves += 1
            delta = _swap_delta(n, a, b, rows, up, down)
            if delta <= 0 or np.exp(-delta / t) > _uniform(rng):
                energy += delta
                if energy < run_best:
                    run_best = energy
                    if energy < best_energy:
                        best_energy = energy
                        if energy == 0:
                            code = SOLVED
                            break
            else:
                _swap_delta(n, a, b, rows, up, down)
        if paused or code == SOLVED:
            break
        t *= alpha
        j = 0
    st[0], st[1], st[2], st[3] = moves, runs, phase, j
    st[4], st[5], st[6] = energy, run_best, best_energy
    ft[0] = t
    return code


# -- min-conflicts repair ------------------------------------------------------------------

@njit(cache=True)
def _free(cols, m, n, k):
    """The ``k``-th free column (every column is free when ``m == n`` and ``cols`` is empty)."""
    return k if m == n else cols[k]


@njit(cache=True)
def repair(n, m, cols, fixed_cols, rows, up, down, queue, rng, st, tries, patience, starts,
           stop):
    """Min-conflicts on permutations (Sosic and Gu's QS4), resumable.

    ``m`` columns are free: ``cols`` lists them (empty when all ``n`` are); ``fixed_cols``
    are the given queens' columns, and ``rows`` holds the givens and a permutation of the
    other rows on the free columns.  A start places the free columns one by one, each
    taking the row of a random not-yet-placed free column whose row is free on both
    diagonals (within ``tries`` probes, else the last probed).  Then a scan queues every
    attacked free column, and each queued queen is swapped with random free columns until a
    swap lowers the attacking pairs (its partner is queued when it ends up attacked); the
    queue drained, a new scan confirms.  The queue holds ``len(queue)`` columns; one that
    does not fit is found by the next scan.  After ``patience`` fruitless swaps a new start
    begins, at most ``starts``.

    State: ``st`` = [work, swaps, starts made, phase (0: new start, 1: placing, 2: scanning,
    3: repairing), position, swaps since the last gain, queue head, queue length, queen
    being repaired (-1: none)].  Work counts probes of the start, columns scanned and swaps
    tried.  Returns SOLVED (``rows`` is a solution), EXHAUSTED or PAUSED.
    """
    size = len(queue)
    work, swaps, made, phase, pos = st[0], st[1], st[2], st[3], st[4]
    since, qhead, qlen, cur = st[5], st[6], st[7], st[8]
    code = PAUSED
    while True:
        if work >= stop:
            break
        if phase == 0:
            if made >= starts:
                code = EXHAUSTED
                break
            made += 1
            up[:] = 0
            down[:] = 0
            for g in fixed_cols:
                r = rows[g]
                up[g + r] += 1
                down[g - r + n - 1] += 1
            phase, pos, since = 1, 0, 0
            work += 1
        elif phase == 1:
            if pos == m:
                phase, pos, qhead, qlen = 2, 0, 0, 0
                continue
            c = _free(cols, m, n, pos)
            j = pos
            for _ in range(tries):
                work += 1
                k = pos + _below(rng, m - pos)
                r = rows[_free(cols, m, n, k)]
                j = k
                if up[c + r] == 0 and down[c - r + n - 1] == 0:
                    break
            other = _free(cols, m, n, j)
            rows[c], rows[other] = rows[other], rows[c]
            r = rows[c]
            up[c + r] += 1
            down[c - r + n - 1] += 1
            pos += 1
        elif phase == 2:
            if pos < m:
                work += 1
                c = _free(cols, m, n, pos)
                pos += 1
                if _attacked(n, c, rows, up, down) and qlen < size:
                    queue[(qhead + qlen) % size] = c
                    qlen += 1
                continue
            if qlen == 0:
                code = SOLVED
                break
            if m < 2:
                code = EXHAUSTED
                break
            phase, cur = 3, -1
        else:
            work += 1
            if cur < 0:
                if qlen == 0:
                    phase, pos = 2, 0
                    continue
                cur = queue[qhead]
                qhead = (qhead + 1) % size
                qlen -= 1
            if not _attacked(n, cur, rows, up, down):
                cur = -1
                continue
            if since >= patience:
                phase = 0
                continue
            b = _free(cols, m, n, _below(rng, m))
            if b == cur:
                continue
            swaps += 1
            since += 1
            if _swap_delta(n, cur, b, rows, up, down) < 0:
                since = 0
                if _attacked(n, b, rows, up, down) and qlen < size:
                    queue[(qhead + qlen) % size] = b
                    qlen += 1
            else:
                _swap_delta(n, cur, b, rows, up, down)
    st[0], st[1], st[2], st[3], st[4] = work, swaps, made, phase, pos
    st[5], st[6], st[7], st[8] = since, qhead, qlen, cur
    return code


# -- counting and enumerating completions --------------------------------------------------

@njit(cache=True)
def _candidates(y, used, up, down, mask, fixed, blocked):
    free = mask & ~(used | up | down)
    if fixed[y] >= 0:
        return free & (np.int64(1) << fixed[y])
    return free & ~blocked[y]


@njit(cache=True)
def complete(n, fixed, blocked, stack, board, st, stop, limit, each):
    """Count (or enumerate) the solutions that keep the given queens, by backtracking over
    the columns in order with bit masks of rows, resumable.

    ``fixed[c]`` is the given row of column ``c`` (-1: free); ``blocked[c]`` the rows of
    column ``c`` attacked by givens elsewhere.  ``board[c]`` holds the bit of column ``c``'s
    row; with ``each`` the kernel returns FOUND at every solution (``board`` holds it) and
    goes on with the next call.  Solutions come in lexicographic order of rows.

    State: ``st`` = [column, rows left to try there, used rows, the two diagonal masks,
    count, nodes (queens placed), started].  Returns SOLVED once the count reaches
    ``limit``, EXHAUSTED when the tree is done, FOUND, or PAUSED at ``stop`` nodes.
    """
    mask = (np.int64(1) << n) - 1
    if st[7] == 0:
        st[7] = 1
        st[0], st[2], st[3], st[4] = 0, 0, 0, 0
        st[1] = _candidates(0, np.int64(0), np.int64(0), np.int64(0), mask, fixed, blocked)
    y, bm, used, up, down, count, nodes = st[0], st[1], st[2], st[3], st[4], st[5], st[6]
    code = PAUSED
    while True:
        if bm != 0:
            if nodes >= stop:
                break
            bit = bm & -bm
            bm ^= bit
            nodes += 1
            board[y] = bit
            if y == n - 1:
                count += 1
                if count >= limit:
                    code = SOLVED
                    break
                if each:
                    code = FOUND
                    break
                continue
            stack[0, y] = bm
            stack[1, y] = used
            stack[2, y] = up
            stack[3, y] = down
            used |= bit
            up = ((up | bit) << 1) & mask
            down = (down | bit) >> 1
            y += 1
            bm = _candidates(y, used, up, down, mask, fixed, blocked)
        else:
            if y == 0:
                code = EXHAUSTED
                break
            y -= 1
            bm = stack[0, y]
            used = stack[1, y]
            up = stack[2, y]
            down = stack[3, y]
    st[0], st[1], st[2], st[3], st[4], st[5], st[6] = y, bm, used, up, down, count, nodes
    return code


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
def _entry(y, left, down, right, mask, b1, b2, sidemask, corner):
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
def count_subtree(n, corner, b1, b2, lastmask, endbit, board, stack, st, stop):
    """Solutions below the rows ``0 .. y0-1`` preset in ``board`` (one bit per row), each
    canonical one weighted by its symmetry class, by bitmask backtracking, resumable.

    ``corner``: row 0's queen is in the corner (its classes all have 8 members); else
    ``b1``/``b2`` bound the rows where a queen may touch the sides, and ``lastmask``/
    ``endbit`` prune the last row, as in Takaken's program.  State: ``st`` = [row, columns
    left to try there, the three attack masks (left diagonal, vertical, right diagonal),
    total, nodes, first row ``y0``, started]; the caller presets the masks of row ``y0``.
    The last row is counted without descending.  Returns EXHAUSTED or PAUSED at ``stop``.
    """
    sizee = n - 1
    mask = (np.int64(1) << n) - 1
    topbit = np.int64(1) << sizee
    sidemask = topbit | 1
    y0 = st[7]
    if st[8] == 0:
        st[8] = 1
        st[2] &= mask
        st[1] = _entry(st[0], st[2], st[3], st[4], mask, b1, b2, sidemask, corner)
    y, bm, left, down, right, total, nodes = st[0], st[1], st[2], st[3], st[4], st[5], st[6]
    code = PAUSED
    while True:
        if bm != 0:
            if nodes >= stop:
                break
            bit = bm & -bm
            bm ^= bit
            nodes += 1
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
            stack[0, y] = bm
            stack[1, y] = left
            stack[2, y] = down
            stack[3, y] = right
            y += 1
            left, down, right = nl, nd, nr
            bm = _entry(y, left, down, right, mask, b1, b2, sidemask, corner)
        else:
            if y == y0:
                code = EXHAUSTED
                break
            y -= 1
            bm = stack[0, y]
            left = stack[1, y]
            down = stack[2, y]
            right = stack[3, y]
    st[0], st[1], st[2], st[3], st[4], st[5], st[6] = y, bm, left, down, right, total, nodes
    return code


def warm() -> None:
    """Compile (or load from the cache) every kernel on a tiny board."""
    n = 8
    cols = np.arange(n, dtype=np.int32)
    template = np.arange(n, dtype=np.int32)
    rows = np.empty(n, np.int32)
    up, down = np.zeros(2 * n - 1, np.int32), np.zeros(2 * n - 1, np.int32)
    rng = np.zeros(1, np.uint64)
    anneal(n, cols, template, rows, up, down, rng, np.zeros(7, np.int64),
           np.zeros(1, np.float64), 90.0, 0.997, 0.1, 4, 0, 100)
    rows[:] = template
    repair(n, n, np.empty(0, np.int32), np.empty(0, np.int32), rows, up, down,
           np.empty(n, np.int32), rng, np.zeros(9, np.int64), 50, 10_000, 1, 100)
    fixed = np.full(n, -1, np.int64)
    complete(n, fixed, np.zeros(n, np.int64), np.empty((4, n), np.int64),
             np.empty(n, np.int64), np.zeros(8, np.int64), 100, 2, False)
    count_subtree(n, True, 2, 0, 0, 0, np.zeros(n, np.int64), np.empty((4, n), np.int64),
                  np.array([2, 0, 16, 5, 2, 0, 0, 2, 0], np.int64), 100)
