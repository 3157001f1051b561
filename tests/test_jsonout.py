"""The one JSON writer: whatever a result holds (NaN, infinities, numpy scalars and arrays,
tuples, sets), its JSON is valid, strict JSON with the same finite values."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.jsonout import dumps, jsonable
from puzzlesmith.results import (
    CountResult,
    Generated,
    GenerateResult,
    RateResult,
    SolveResult,
    Stats,
    Status,
)

numbers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(1 << 62), 1 << 62),
    st.floats(allow_nan=True, allow_infinity=True).map(np.float64),
    st.floats(width=32, allow_nan=True, allow_infinity=True).map(np.float32),
    st.integers(-(1 << 62), 1 << 62).map(np.int64),
    st.booleans().map(np.bool_),
)
scalars = st.one_of(st.none(), st.booleans(), st.text(max_size=5), numbers)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.tuples(inner, inner),
                            st.dictionaries(st.text(max_size=4), inner, max_size=3),
                            st.lists(numbers, max_size=3).map(np.array)),
    max_leaves=12)
extras = st.dictionaries(st.text(min_size=1, max_size=6), values, max_size=4)


@st.composite
def results(draw):
    stats = Stats(nodes=draw(st.integers(0, 1 << 40)),
                  seconds=draw(st.floats(0, 1e6)), extra=draw(extras))
    details = draw(extras)
    kind = draw(st.sampled_from(["solve", "count", "generate", "rate"]))
    status = draw(st.sampled_from(list(Status)))
    if kind == "solve":
        return SolveResult(status, stats, details=details, solution=draw(values),
                           unique=draw(st.none() | st.booleans()))
    if kind == "count":
        return CountResult(status, stats, details=details, count=draw(st.integers(0, 99)))
    if kind == "generate":
        made = [Generated(None, "text", seed=draw(st.integers(0, 1 << 63)), details=draw(extras))
                for _ in range(draw(st.integers(0, 2)))]
        return GenerateResult(status, stats, details=details, puzzles=made)
    return RateResult(status, stats, details=details, level=draw(st.none() | st.text()))


def _refuse(constant: str):
    raise AssertionError(f"{constant} is not JSON")


def _same(parsed, value) -> bool:
    """``parsed`` is ``value`` read back: non-finite numbers null, containers lists."""
    value = value.tolist() if isinstance(value, np.ndarray) else value
    value = value.item() if isinstance(value, np.generic) else value
    if isinstance(value, float) and not math.isfinite(value):
        return parsed is None
    if isinstance(value, dict):
        return set(parsed) == {str(k) for k in value} and \
            all(_same(parsed[str(k)], v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return len(parsed) == len(value) and all(map(_same, parsed, value))
    return parsed == value


@given(results())
def test_every_result_is_strict_json_with_its_values(result):
    body = result.to_dict()
    text = dumps(body)
    parsed = json.loads(text, parse_constant=_refuse)
    assert _same(parsed, body)


@given(values)
def test_jsonable_gives_plain_python(value):
    plain = jsonable(value)
    assert json.loads(json.dumps(plain, allow_nan=False)) == plain


def test_the_cli_batch_and_serve_write_json_only_through_jsonout():
    from pathlib import Path

    import puzzlesmith

    package = Path(puzzlesmith.__file__).parent
    writers = [*package.glob("cli/*.py"), *package.glob("serve/*.py"), package / "batch.py"]
    assert [p.name for p in writers if "json.dump" in p.read_text()] == []


def _long(values: list) -> list:
    return (values * (4096 // len(values) + 1))[:4096 + len(values)]


long_values = st.one_of(
    st.lists(st.integers(-(1 << 70), 1 << 70), min_size=1, max_size=9).map(_long),
    st.lists(st.integers(-(1 << 62), 1 << 62), min_size=1, max_size=9).map(_long).map(np.array),
    st.integers(4096, 9000).map(lambda n: np.arange(n, dtype=np.uint16) % 7),
    st.lists(values, min_size=1, max_size=3).map(_long),
    st.lists(numbers, min_size=1, max_size=3).map(_long).map(np.array),
    st.integers(4096, 9000).map(lambda n: np.arange(n * 2).reshape(n, 2)))


@settings(deadline=None, max_examples=40)
@given(long_values, st.integers(0, 9))
def test_long_lists_and_arrays_are_written_as_json_writes_them(array, small):
    body = {"solution": array, "rows": [small, array], "nodes": small}
    assert dumps(body) == json.dumps(jsonable(body), allow_nan=False)
    assert dumps(body, ensure_ascii=False, sort_keys=True) == \
        json.dumps(jsonable(body), allow_nan=False, ensure_ascii=False, sort_keys=True)


def test_writing_a_long_answer_honours_the_limits():
    from puzzlesmith.errors import LimitReached
    from puzzlesmith.results import Limits

    past = Limits(seconds=0.0).started()
    assert dumps({"rows": list(range(4))}, limits=past) == '{"rows": [0, 1, 2, 3]}'
    with pytest.raises(LimitReached, match="writing the answer"):
        dumps({"rows": np.arange(1 << 21)}, limits=past)
