"""The one JSON writer of the command line, batch and serve: always valid JSON.

NaN and infinities become ``null`` (JSON has no such numbers), numpy scalars and arrays
their Python values, tuples lists, sets sorted lists, and anything else its ``str``.

>>> import numpy as np
>>> dumps({"seconds": float("nan"), "nodes": np.int64(7), "best": (np.float32(0.5), np.inf)})
'{"seconds": null, "nodes": 7, "best": [0.5, null]}'
"""

from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["jsonable", "dumps"]


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


def dumps(value: Any, **options: Any) -> str:
    """``json.dumps`` of :func:`jsonable` ``(value)``; ``options`` as for ``json.dumps``."""
    return json.dumps(jsonable(value), allow_nan=False, **options)
