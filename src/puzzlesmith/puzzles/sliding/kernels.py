"""The compiled kernels of sliding tiles: IDA* and the pattern-database BFS (numba).

This is the only sliding module that imports numba; the others import it inside the
functions that run a kernel, so that importing the puzzle costs nothing.  Both kernels run
in bounded chunks (``budget``) driven by :class:`~puzzlesmith.engines.driver.ChunkDriver`.

**IDA*** is the specialisation of :func:`engines.search.idastar`.

Same algorithm as the generic engine (depth-first searches bounded by ``f = g + w*h``,
thresholds raised to the smallest ``f`` that exceeded them), written as an explicit-stack loop
over plain arrays so that numba can compile it, with three tile-specific shortcuts:

* the heuristic is updated incrementally after each move: the moved tile's Manhattan term,
  the two lines whose linear conflicts can change, or, for pattern databases, the moved
  tile's index in each *view* (``index += (to - from) * cells**slot``);
* the move that undoes the previous one is never tried (the only 2-cycles);
* the search returns every ``budget`` expanded nodes so that Python can check the time limit,
  report progress and let Ctrl-C through; calling it again resumes exactly where it stopped.

Heuristic modes: 0 Manhattan, 1 Manhattan + linear conflict, 2 pattern databases.  A *view*
is one additive partition looked up on the board or on its reflection; the heuristic is the
maximum over the views of each view's sum (see :meth:`.pdb.PatternDatabase.arrays`).
Moves are tried in the order U, D, L, R (the blank's direction): every run is deterministic.

Performance note: the loop allocates nothing, so it is compiled without numba's reference
counting (``_nrt=False``) and the move function is inlined; with reference counting, the two
dozen arrays passed to every move cost more than the move itself (3 M instead of 50 M nodes/s).
"""

from __future__ import annotations

import numpy as np
from numba import njit

FOUND, EXHAUSTED, PAUSED, TOO_DEEP = 0, 1, 2, 3
# Slots of the integer state vector ``st``.
BLANK, DEPTH, EXPANDED, GENERATED, MD, LC = range(6)
ST_SIZE = 6


@njit(cache=True, inline="always", _nrt=False)
def line_conflicts(board, cols, rows, line, is_row, goal_row, goal_col, scratch):
    """Tiles to take out of one row (or column) so that the rest are in goal order, times 2.

    ``scratch`` is an int64 array of shape (2, max(rows, cols)).
    """
    keys = scratch[0]
    best = scratch[1]
    k = 0
    length = cols if is_row else rows
    for i in range(length):
        cell = line * cols + i if is_row else i * cols + line
        t = board[cell]
        if t == 0:
            continue
        if is_row and goal_row[t] == line:
            keys[k] = goal_col[t]
            k += 1
        elif not is_row and goal_col[t] == line:
            keys[k] = goal_row[t]
            k += 1
    if k < 2:
        return 0
    # Longest increasing subsequence, O(k^2) on at most a dozen keys.
    longest = 1
    for i in range(k):
        best[i] = 1
        for j in range(i):
            if keys[j] < keys[i] and best[j] + 1 > best[i]:
                best[i] = best[j] + 1
        if best[i] > longest:
            longest = best[i]
    return 2 * (k - longest)


@njit(cache=True, inline="always", _nrt=False)
def compact_rank(pos, slot_tiles, s, cell_map, n):
    """The compact index of slot ``s``'s group: its tiles' cells as a partial permutation.

    ``slot_tiles[s] = [k, x_0, ..., x_(k-1)]``; the cells ``p_i = cell_map[pos[x_i]]`` are
    ranked in mixed radix, ``c_i = p_i - #{j < i: p_j < p_i}`` with radix ``n - i``, so the
    indices of ``k`` tiles on ``n`` cells fill exactly ``0 .. n!/(n-k)! - 1``.
    """
    k = slot_tiles[s, 0]
    r = 0
    for i in range(k):
        p = cell_map[pos[slot_tiles[s, i + 1]]]
        c = p
        for j in range(i):
            if cell_map[pos[slot_tiles[s, j + 1]]] < p:
                c -= 1
        r = r * (n - i) + c
    return r


@njit(cache=True)
def initialise(board, pos, st, idx, hval, sums, row_lc, col_lc, rows, cols, md_table, goal_row,
               goal_col, flat, slot_offset, tile_slot, tile_weight, view_cell, slot_tiles,
               scratch):
    """Fill ``pos``, ``st`` and the heuristic accumulators from ``board``.

    ``idx[s]``/``hval[s]``: index and value of lookup slot ``s`` (one table in one view);
    ``sums[v]``: the sum of view ``v``'s values.
    """
    n = rows * cols
    st[:] = 0
    idx[:] = 0
    sums[:] = 0
    for cell in range(n):
        t = board[cell]
        pos[t] = cell
        if t == 0:
            st[BLANK] = cell
            continue
        st[MD] += md_table[t, cell]
        for v in range(tile_slot.shape[0]):
            idx[tile_slot[v, t]] += view_cell[v, cell] * tile_weight[v, t]
    for v in range(tile_slot.shape[0]):
        for t in range(1, n):
            s = tile_slot[v, t]
            if tile_weight[v, t] == 1:  # the group's first tile: count each slot once
                if slot_tiles.shape[0]:  # compact tables: rank the group's placement
                    idx[s] = compact_rank(pos, slot_tiles, s, view_cell[v], n)
                hval[s] = flat[slot_offset[s] + idx[s]]
                sums[v] += hval[s]
    lc = 0
    for r in range(rows):
        row_lc[r] = line_conflicts(board, cols, rows, r, True, goal_row, goal_col, scratch)
        lc += row_lc[r]
    for c in range(cols):
        col_lc[c] = line_conflicts(board, cols, rows, c, False, goal_row, goal_col, scratch)
        lc += col_lc[c]
    st[LC] = lc


@njit(cache=True)
def heuristic_now(st, sums, mode):
    """The heuristic of the current board from the accumulators."""
    if mode == 1:
        return st[MD] + st[LC]
    if mode >= 2:
        best = 0
        for v in range(len(sums)):
            if sums[v] > best:
                best = sums[v]
        return best
    return st[MD]


@njit(cache=True, inline="always", _nrt=False)
def _slide(board, pos, st, idx, hval, sums, saved, depth, undo, row_lc, col_lc, rows, cols,
           mode, direction, neighbours, md_table, goal_row, goal_col, flat, slot_offset,
           tile_slot, tile_weight, view_cell, slot_tiles, scratch, limit):
    """Move the blank one step in ``direction``; update the heuristic; return its new value.

    A forward move at ``depth`` saves the changed pattern values in ``saved[depth]``; the
    move that takes it back (``undo``) restores them without looking the tables up again.
    With compact tables (mode 3) the views are evaluated lazily: once one view's sum
    exceeds ``limit`` (the node will be pruned) the others are left as they were (marked -1
    in ``saved``, skipped by the undo) and that sum, a lower value than the maximum but
    admissible, is returned.
    """
    a = st[BLANK]
    b = neighbours[a, direction]
    t = board[b]
    board[a] = t
    board[b] = 0
    pos[t] = a
    pos[0] = b
    st[BLANK] = b
    st[MD] += md_table[t, a] - md_table[t, b]
    if mode == 3:
        best = 0
        views = tile_slot.shape[0]
        for v in range(views):
            s = tile_slot[v, t]
            if undo:
                value = saved[depth, v]
                if value < 0:
                    continue
            else:
                saved[depth, v] = hval[s]
                value = flat[slot_offset[s] + compact_rank(pos, slot_tiles, s, view_cell[v],
                                                           rows * cols)]
            sums[v] += value - hval[s]
            hval[s] = value
            if sums[v] > best:
                best = sums[v]
            if not undo and best > limit:
                for u in range(v + 1, views):
                    saved[depth, u] = -1
                return best
        return best
    if mode == 2:
        best = 0
        for v in range(tile_slot.shape[0]):
            s = tile_slot[v, t]
            idx[s] += (view_cell[v, a] - view_cell[v, b]) * tile_weight[v, t]
            if undo:
                value = saved[depth, v]
            else:
                saved[depth, v] = hval[s]
                value = flat[slot_offset[s] + idx[s]]
            sums[v] += value - hval[s]
            hval[s] = value
            if sums[v] > best:
                best = sums[v]
        return best
    if mode == 1:
        if direction < 2:  # vertical move: the tile changes row
            r1, r2 = a // cols, b // cols
            st[LC] -= row_lc[r1] + row_lc[r2]
            row_lc[r1] = line_conflicts(board, cols, rows, r1, True, goal_row, goal_col, scratch)
            row_lc[r2] = line_conflicts(board, cols, rows, r2, True, goal_row, goal_col, scratch)
            st[LC] += row_lc[r1] + row_lc[r2]
        else:
            c1, c2 = a % cols, b % cols
            st[LC] -= col_lc[c1] + col_lc[c2]
            col_lc[c1] = line_conflicts(board, cols, rows, c1, False, goal_row, goal_col, scratch)
            col_lc[c2] = line_conflicts(board, cols, rows, c2, False, goal_row, goal_col, scratch)
            st[LC] += col_lc[c1] + col_lc[c2]
        return st[MD] + st[LC]
    return st[MD]


@njit(cache=True, _nrt=False)
def run(board, pos, st, idx, hval, sums, saved, row_lc, col_lc, path, nextdir, bounds, rows,
        cols, mode, weight, budget, neighbours, md_table, goal_row, goal_col, flat, slot_offset,
        tile_slot, tile_weight, view_cell, slot_tiles, scratch):
    """Continue the depth-first search bounded by ``bounds[0]`` for up to ``budget`` nodes.

    ``path[:st[DEPTH]]`` holds the blank moves from the start; ``nextdir[d]`` the next
    direction to try at depth ``d``; ``bounds[1]`` collects the smallest ``f`` above the
    bound; ``bounds[2]`` caps the unweighted ``g + h`` (a node above it is pruned and not
    counted in ``bounds[1]``: the anytime search looks only for shorter solutions than its
    best; infinite otherwise); ``budget`` counts expanded nodes.  Returns FOUND (the board
    is the goal, ``path`` the solution), EXHAUSTED (this bound holds no solution: raise it
    to ``bounds[1]``), PAUSED or TOO_DEEP.
    """
    threshold = bounds[0]
    cap = bounds[2]
    stop = st[EXPANDED] + budget
    capacity = len(path)
    while True:
        d = st[DEPTH]
        if nextdir[d] >= 4:
            if d == 0:
                return EXHAUSTED
            _slide(board, pos, st, idx, hval, sums, saved, d - 1, True, row_lc, col_lc, rows,
                   cols, mode, path[d - 1] ^ 1, neighbours, md_table, goal_row, goal_col, flat,
                   slot_offset, tile_slot, tile_weight, view_cell, slot_tiles, scratch, 0.0)
            st[DEPTH] = d - 1
            continue
        direction = nextdir[d]
        nextdir[d] = direction + 1
        if d > 0 and direction == path[d - 1] ^ 1:  # U^1 = D, L^1 = R
            continue
        if neighbours[st[BLANK], direction] < 0:
            continue
        if st[EXPANDED] >= stop:
            nextdir[d] = direction  # resume with this move
            return PAUSED
        st[GENERATED] += 1
        limit = min((threshold - (d + 1)) / weight, cap - (d + 1)) if mode == 3 else 0.0
        h = _slide(board, pos, st, idx, hval, sums, saved, d, False, row_lc, col_lc, rows, cols,
                   mode, direction, neighbours, md_table, goal_row, goal_col, flat, slot_offset,
                   tile_slot, tile_weight, view_cell, slot_tiles, scratch, limit)
        f = (d + 1) + weight * h
        if (d + 1) + h > cap or f > threshold:
            if f < bounds[1] and (d + 1) + h <= cap:
                bounds[1] = f
            _slide(board, pos, st, idx, hval, sums, saved, d, True, row_lc, col_lc, rows, cols,
                   mode, direction ^ 1, neighbours, md_table, goal_row, goal_col, flat,
                   slot_offset, tile_slot, tile_weight, view_cell, slot_tiles, scratch, 0.0)
            continue
        path[d] = direction
        st[DEPTH] = d + 1
        if st[MD] == 0:
            return FOUND
        if d + 1 >= capacity:
            return TOO_DEEP
        st[EXPANDED] += 1
        nextdir[d + 1] = 0


@njit(cache=True)
def bfs_chunk(dist, table, frontier, following, cursor, depth, k, n, neighbours, weights,
              budget):
    """Expand up to ``budget`` placements of the BFS layer at ``depth`` (a pattern database).

    ``cursor`` is ``[next index into frontier, frontier length, entries in following]``: the
    layer is done when the first reaches the second; calling again resumes where it stopped.
    A placement of the ``k`` group tiles and the blank is indexed directly,
    ``sum(p[i] * n**i)`` with the blank last, so a move changes the index by a constant.
    ``frontier`` grows while it is read: a blank move onto a non-group cell is free and stays
    in this layer; a move of a group tile goes to ``following`` (depth + 1).  Stale entries
    (improved since they were queued) are skipped.  Each expanded placement also lowers
    ``table`` at its group-only index (the minimum over the blank's cells).  Returns how many
    entries were taken from the frontier.
    """
    m = k + 1
    top = weights[k]
    p = np.empty(m, np.int64)
    owner = np.full(n, -1, np.int64)
    i, count, nxt = cursor[0], cursor[1], cursor[2]
    taken = 0
    while i < count and taken < budget:
        s = np.int64(frontier[i])
        i += 1
        taken += 1
        if dist[s] != depth:
            continue
        x = s
        for j in range(m):
            p[j] = x % n
            x //= n
        index = s % top
        if table[index] > depth:
            table[index] = depth
        for j in range(k):
            owner[p[j]] = j
        blank = p[k]
        for d in range(4):
            c = neighbours[blank, d]
            if c < 0:
                continue
            j = owner[c]
            t = s + (c - blank) * top
            if j < 0:
                if dist[t] > depth:
                    dist[t] = depth
                    frontier[count] = t
                    count += 1
            else:
                t += (blank - c) * weights[j]
                if dist[t] > depth + 1:
                    dist[t] = depth + 1
                    following[nxt] = t
                    nxt += 1
        for j in range(k):
            owner[p[j]] = -1
    cursor[0], cursor[1], cursor[2] = i, count, nxt
    return taken


@njit(cache=True, inline="always")
def _flood(seed, free, cols, not_first, not_last):
    """The cells of ``free`` (a bit mask) 4-connected to ``seed`` (a mask inside ``free``)."""
    region = seed
    while True:
        grown = (region | ((region << 1) & not_first) | ((region >> 1) & not_last)
                 | (region << cols) | (region >> cols)) & free
        if grown == region:
            return region
        region = grown


@njit(cache=True, inline="always")
def _rank(p, k, n):
    """The compact index of the cells ``p[:k]`` (as :func:`compact_rank`)."""
    r = 0
    for i in range(k):
        c = p[i]
        for j in range(i):
            if p[j] < p[i]:
                c -= 1
        r = r * (n - i) + c
    return r


@njit(cache=True)
def bfs_compact_chunk(table, visited, frontier, following, cursor, depth, k, n, cols,
                      neighbours, budget):
    """Expand up to ``budget`` states of the BFS layer at ``depth`` (a compact database).

    A state is the group's placement with the region of free cells the blank is in: moving
    the blank through other tiles is free, so the blank's exact cell does not matter.  An
    entry of ``frontier`` packs the ``k`` cells (6 bits each) and one cell of the blank's
    region above them.  ``visited[r]`` (uint32, boards of at most 32 cells) is the union of
    the regions already reached with placement ``r`` (its :func:`_rank`); ``table[r]`` gets
    the first (smallest) depth at which ``r`` is reached.  Every move is a group tile
    sliding into a neighbouring cell of the blank's region: depth + 1, in ``following``.
    ``cursor`` is ``[next index into frontier, frontier length, entries in following]``; the
    call also returns early when ``following`` may not hold one more expansion (the caller
    grows it and calls again).  Returns how many entries were expanded.
    """
    full = (np.int64(1) << n) - 1
    not_first = np.int64(0)
    not_last = np.int64(0)
    for cell in range(n):
        if cell % cols != 0:
            not_first |= np.int64(1) << cell
        if cell % cols != cols - 1:
            not_last |= np.int64(1) << cell
    p = np.empty(k, np.int64)
    i, count, nxt = cursor[0], cursor[1], cursor[2]
    room = len(following) - 4 * k
    taken = 0
    while i < count and taken < budget and nxt <= room:
        e = frontier[i]
        i += 1
        taken += 1
        occupied = np.int64(0)
        for j in range(k):
            p[j] = (e >> (6 * j)) & 63
            occupied |= np.int64(1) << p[j]
        blank = (e >> (6 * k)) & 63
        free = full & ~occupied
        region = _flood(np.int64(1) << blank, free, cols, not_first, not_last)
        for j in range(k):
            a = p[j]
            for d in range(4):
                c = neighbours[a, d]
                if c < 0 or not (region >> c) & 1:
                    continue
                p[j] = c
                free2 = (free & ~(np.int64(1) << c)) | (np.int64(1) << a)
                region2 = _flood(np.int64(1) << a, free2, cols, not_first, not_last)
                r = _rank(p, k, n)
                seen = np.int64(visited[r])
                if seen & region2 == 0:
                    visited[r] = np.uint32(seen | region2)
                    if table[r] > depth + 1:
                        table[r] = depth + 1
                    packed = np.int64(a) << (6 * k)
                    for q in range(k):
                        packed |= p[q] << (6 * q)
                    following[nxt] = packed
                    nxt += 1
            p[j] = a
    cursor[0], cursor[1], cursor[2] = i, count, nxt
    return taken
