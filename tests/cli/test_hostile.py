"""Hostile input, for every puzzle and every verb that reads one: the contract holds.

Each case must exit with the right code, print one JSON object with ``--format json``, a
short message on stderr and no traceback; limits end the work (checked with a generous slack
for start-up and loading, since the point is that the limit acts, not a speed).
"""

from __future__ import annotations

import json

import pytest

from puzzlesmith.puzzles import get, names

from .conftest import run_cli

READERS = ("solve", "count", "render", "rate", "hint")

#: Bad input every puzzle must refuse (exit 2): text written to a file.
COMMON = {
    "empty": "",
    "blank lines": "\n\n  \n",
    "binary": "\x00\x01\x02\xff",
    "unknown characters": "@#$%\n&*()\n",
    "huge number": "9" * 5000,
}
#: Bad input of each puzzle's own kind.
OWN = {
    "starbattle": {"ragged": "AAB\nAB\nABB\n",
                   "impossible counts": "size 4 4 3\nregions\nAABB\nAABB\nCCDD\nCCDD\n",
                   "huge size": "size 100000 100000 1\nregions\nA\n"},
    "net": {"ragged": "123\n12\n123\n", "not hex": "12g\n123\n"},
    "sliding": {"ragged": "1 2 3\n4 5\n6 7 8 0\n", "repeated tile": "1 1 2 3 4 5 6 7 0",
                "huge size": " ".join(str(i) for i in range(1, 70000)) + " 0"},
    "queens": {"negative": "-5", "huge": "1e30"},
}
CASES = [(name, verb, label, text)
         for name in names()
         for verb in READERS if verb in get(name).verbs
         for label, text in {**COMMON, **OWN.get(name, {})}.items()]


def contract(args: list[str], code: int) -> dict:
    got, out, err = run_cli([*args, "--format", "json"])
    assert got == code, (got, out, err)
    obj = json.loads(out)
    assert {"puzzle", "status", "seconds", "nodes"} <= set(obj)
    assert "Traceback" not in err and err.strip()
    assert len(err.strip().splitlines()) <= 3, err
    return obj


@pytest.mark.parametrize(("name", "verb", "label", "text"), CASES,
                         ids=[f"{v} {n} {label}" for n, v, label, _ in CASES])
def test_bad_input_exits_2(name, verb, label, text, tmp_path):
    path = tmp_path / "input.txt"
    path.write_bytes(text.encode("utf-8", "surrogateescape") if "\xff" not in text
                     else text.encode("latin-1"))
    assert contract([verb, name, str(path)], 2)["status"] == "error"


@pytest.mark.parametrize("name", names())
def test_missing_file_exits_2(name):
    obj = contract(["solve", name, "/no/such/file.txt"], 2)
    assert obj["status"] == "error"


@pytest.mark.parametrize("name", names())
def test_unwritable_output_exits_2(name, tmp_path):
    target = tmp_path / "missing" / "out.txt"
    args = ["generate", name, "--seed", "1"] if "generate" in get(name).verbs else []
    obj = contract([*args, "--out", str(target)], 2)
    assert obj["status"] == "error" and not target.exists()


@pytest.mark.parametrize("name", [n for n in names() if "generate" in get(n).verbs])
@pytest.mark.parametrize("size", ["0", "10x0", "x", "100000x100000", "-3"])
def test_absurd_generation_sizes_exit_2(name, size):
    assert contract(["generate", name, "--size", size], 2)["status"] == "error"


@pytest.mark.parametrize("name", [n for n in names() if "generate" in get(n).verbs])
def test_absurd_counts_are_bounded(name):
    # A hundred million puzzles cannot be made in 1 s: only the limit (or a refusal) ends it.
    # How long that takes is measured in benchmarks/, not here.
    got, out, _ = run_cli(["generate", name, "--count", "100000000", "--timeout", "1",
                           "--format", "json"])
    assert got in (2, 3)
    assert json.loads(out)["status"] in ("error", "gave-up")
