"""Step events of the interpreted engines, for watching a search step by step.

While a recorder is set with :func:`recording`, the engines' plain-Python paths call it on
every step they take, as ``recorder(kind, fields)``, at the moment they take it (the fields
may be the engine's live objects: read them in the call, do not keep them):

* :func:`~.minconflicts.min_conflicts`: ``"start"`` (``problem``: the assignment it repairs)
  and ``"repair"`` (``problem``, ``var``, ``old``, ``new``) for each value changed;
* the best-first searches of :mod:`.search`: ``"expand"`` (``state``, ``g``, ``h``, and the
  engine's ``frontier`` heap of ``(f, h, order, state)``, ``best_g`` and ``closed``, with
  the children pushed);
* :func:`~.search.idastar`: ``"expand"`` (``state``, ``g``, ``h``, ``bound``,
  ``iteration``, ``path``: the actions from the start);
* :class:`~.exactcover.Search` (one node per kernel call while recording): ``"choose"``
  (a deeper decision), ``"undo"`` (the last decision failed: the search backed up and took
  the next branch), ``"solution"`` and ``"exhausted"``, each with ``depth``, ``option`` and
  ``item`` (names; None when there is none) and ``taken``/``excluded`` (option names).

The compiled kernels report nothing (a run that moves to them stops reporting), and with no
recorder set an engine pays one ``is None`` test per step.

>>> from puzzlesmith.engines.search import astar
>>> class Line:
...     def start(self): return 0
...     def is_goal(self, s): return s == 2
...     def successors(self, s): return [("+", s + 1, 1)]
...     def heuristic(self, s): return 2 - s
>>> seen = []
>>> with recording(lambda kind, fields: seen.append((kind, fields["state"]))):
...     result = astar(Line())
>>> seen, result.stats.nodes
([('expand', 0), ('expand', 1)], 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

__all__ = ["Recorder", "recording", "recorder"]

#: What an engine calls on each step: ``recorder(kind, fields)``.
Recorder = Callable[[str, dict[str, Any]], None]

_CURRENT: ContextVar[Recorder | None] = ContextVar("puzzlesmith_recorder", default=None)


def recorder() -> Recorder | None:
    """The recorder set for this thread (or task), or None."""
    return _CURRENT.get()


@contextmanager
def recording(record: Recorder) -> Iterator[Recorder]:
    """Set ``record`` as the recorder of the engines run inside the ``with`` block."""
    token = _CURRENT.set(record)
    try:
        yield record
    finally:
        _CURRENT.reset(token)
