"""Connectivity cuts for the lazy checks: clauses that a disconnected model breaks.

For each piece C of the present nodes, "if a node of C and a node of another piece are both
present, some node around C is present too".  With a ``root`` that is always present, a
piece without the root needs a present node around it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

Node = Hashable  # comparable too: cells, points and edges are tuples


def pieces(nodes: Iterable[Node], adjacent: Callable[[Node], Iterable[Node]]) -> list[set]:
    """The connected pieces of ``nodes`` under ``adjacent``, largest first."""
    left, found = set(nodes), []
    while left:
        start = left.pop()
        piece, stack = {start}, [start]
        while stack:
            for nxt in adjacent(stack.pop()):
                if nxt in left:
                    left.discard(nxt)
                    piece.add(nxt)
                    stack.append(nxt)
        found.append(piece)
    return sorted(found, key=len, reverse=True)


def cuts(present: Iterable[Node], adjacent: Callable[[Node], Iterable[Node]],
         lit: Callable[[Node], int], root: Node | None = None) -> list[list[int]]:
    """The cut clauses of a model whose present nodes are ``present``; none if connected."""
    parts = pieces(present, adjacent)
    if len(parts) < 2:
        return []
    clauses = []
    for i, part in enumerate(parts):
        if root is not None and root in part:
            continue
        around = {n for node in part for n in adjacent(node) if n not in part}
        anchor = [-lit(min(part))]
        if root is None:
            other = parts[1 if i == 0 else 0]
            anchor.append(-lit(min(other)))
        clauses.append(anchor + [lit(n) for n in sorted(around)])
    return clauses
