"""The one JSON writer of the command line, batch and serve: always valid JSON.

NaN and infinities become ``null`` (JSON has no such numbers), numpy scalars and arrays
their Python values, tuples lists, sets sorted lists, and anything else its ``str``.
Long lists and arrays (an answer of 20 million queens) are written in chunks, with the
caller's limits checked between chunks, so writing an answer honours ``--timeout``.

>>> import numpy as np
>>> dumps({"seconds": float("nan"), "nodes": np.int64(7), "best": (np.float32(0.5), np.inf)})
'{"seconds": null, "nodes": 7, "best": [0.5, null]}'
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

__all__ = ["jsonable", "dumps"]

#: Lists and arrays at least this long are written in chunks (:func:`_chunked`).
LONG = 4096
#: Elements written between two checks of the limits.
CHUNK = 1 << 17


def jsonable(value: Any) -> Any:
    """``value`` with only JSON types: tuples become lists, sets sorted lists, NaN and
    infinities None, numpy values Python ones, anything else its ``str`` (so that an answer
    never fails to encode)."""
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, set | frozenset):
        return [jsonable(v) for v in sorted(value, key=repr)]
    if isinstance(value, float):
        return float(value) if math.isfinite(value) else None
    if value is None or isinstance(value, str | bool):
        return value
    if isinstance(value, int):
        return int(value)
    if hasattr(value, "item") and getattr(value, "ndim", 0) == 0:  # numpy scalars
        return jsonable(value.item())
    if hasattr(value, "tolist"):
        return jsonable(value.tolist())
    return str(value)


def dumps(value: Any, *, limits: Any = None, **options: Any) -> str:
    """``json.dumps`` of :func:`jsonable` ``(value)``; ``options`` as for ``json.dumps``.

    Long lists and arrays are written in chunks, with ``limits`` (a
    :class:`~puzzlesmith.results.Limits`) checked between them: past its deadline
    :class:`~puzzlesmith.errors.LimitReached` is raised."""
    if options.get("indent") is not None or options.get("separators") is not None:
        return json.dumps(jsonable(value), allow_nan=False, **options)
    long: list = []
    text = json.dumps(jsonable(_set_aside(value, long)), allow_nan=False, **options)
    if not long:
        return text
    pieces: list[str] = []
    for k, piece in enumerate(_MARKED.split(text)):  # text, index, text, ... (keys sorted?)
        pieces += _chunked(long[int(piece)], limits, options) if k % 2 else [piece]
    return "".join(pieces)


def _mark(index: int) -> str:
    return f"\x00long {index}\x00"


#: A marker as ``json.dumps`` writes it, its index captured.
_MARKED = re.compile(r'"\\u0000long (\d+)\\u0000"')


def _set_aside(value: Any, long: list) -> Any:
    """``value`` with each list, tuple or array of :data:`LONG` or more elements replaced
    by a marker string and appended to ``long``."""
    if isinstance(value, dict):
        return {k: _set_aside(v, long) for k, v in value.items()}
    is_array = getattr(value, "ndim", 0) >= 1 and hasattr(value, "tolist")
    if isinstance(value, list | tuple) or is_array:
        if len(value) >= LONG:
            long.append(value)
            return _mark(len(long) - 1)
        return [_set_aside(v, long) for v in value] if not is_array else value
    return value


def _chunked(sequence, limits: Any, options: dict) -> list[str]:
    """The pieces of ``dumps(list(sequence))``, written :data:`CHUNK` elements at a time with
    ``limits`` checked between chunks.  Chunks of plain integers are written by ``repr``,
    which reads the same as JSON and takes half the time."""
    integers = getattr(sequence, "ndim", 0) == 1 and sequence.dtype.kind in "iu"
    parts = ["["]
    for start in range(0, len(sequence), CHUNK):
        if limits is not None:
            limits.check("writing the answer")
        chunk = sequence[start:start + CHUNK]
        chunk = chunk.tolist() if hasattr(chunk, "tolist") else list(chunk)
        if start:
            parts.append(", ")
        if integers or set(map(type, chunk)) <= {int}:
            parts.append(repr(chunk)[1:-1])
        else:
            parts.append(json.dumps(jsonable(chunk), allow_nan=False, **options)[1:-1])
    parts.append("]")
    return parts
