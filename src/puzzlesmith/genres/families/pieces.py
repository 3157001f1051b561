"""Graph helpers for the deductions: the cells reached from one cell, and the cells whose
loss cuts a set of wanted cells in two (articulation points).

>>> near = {0: [1], 1: [0, 2], 2: [1]}
>>> sorted(reach_from(0, {0, 1, 2}, near)), cut_cells(0, {0, 1, 2}, near, {0, 2})
([0, 1, 2], [1])
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence


def reach_from(start: Hashable, allowed: set, near: Mapping[Hashable, Sequence]) -> set:
    """The ``allowed`` nodes joined to ``start`` through ``allowed`` nodes."""
    seen, todo = {start}, [start]
    while todo:
        for nxt in near[todo.pop()]:
            if nxt in allowed and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def cut_cells(root: Hashable, piece: set, near: Mapping[Hashable, Sequence],
              wanted: set) -> list:
    """The nodes of ``piece`` not in ``wanted`` whose removal separates two ``wanted`` nodes
    (``root`` is one of them); by Tarjan's low points, without recursion."""
    total = len(wanted)
    order, low, below = {root: 0}, {root: 0}, {root: 1}
    stack = [(root, iter(near[root]))]
    parent = {root: None}
    cuts = set()
    while stack:
        node, todo = stack[-1]
        step = next((n for n in todo if n in piece), None)
        if step is not None:
            if step not in order:
                order[step] = low[step] = len(order)
                below[step] = 1 if step in wanted else 0
                parent[step] = node
                stack.append((step, iter(near[step])))
            elif step != parent[node]:
                low[node] = min(low[node], order[step])
            continue
        stack.pop()
        up = parent[node]
        if up is None:
            continue
        low[up] = min(low[up], low[node])
        below[up] += below[node]
        if up != root and low[node] >= order[up] and 0 < below[node] < total \
                and up not in wanted:
            cuts.add(up)
    return sorted(cuts)
