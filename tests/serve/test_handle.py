"""The API's core without HTTP (:func:`puzzlesmith.serve.api.handle`): any JSON body gets a
JSON object with HTTP 200, 400 or 404 — never an exception (hypothesis), and the option
values are converted as the command line converts its flags."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesmith.puzzles.protocol import Option
from puzzlesmith.serve.api import VERBS, Settings, convert, handle, jsonable
from puzzlesmith.serve.errors import BadRequest
from tests.serve.test_api import PLAYABLE

#: For random bodies: any may give up, so the limits keep each one short.
QUICK = Settings(timeout=0.5, nodes=20_000)
#: For bodies whose answer is asserted: a limit that a busy machine cannot reach.
ROOMY = Settings(timeout=120.0)
SAMPLES = {  # a few texts each puzzle reads, mixed into the random ones
    "starbattle": "AABBCC\nAABCCC\nAABCCC\nDDBBEE\nDDBBEF\nDDBBFF",
    "net": "c6\n93",
    "sliding": "1 2 3 4 5 6 0 7 8",
    "queens": "6",
    "sudoku": "12..\n..12\n2...\n...3",
}
scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                    st.floats(allow_nan=True), st.text(max_size=30))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                      st.dictionaries(st.text(max_size=5),
                                                                      inner, max_size=3)),
                      max_leaves=6)


def bodies(name: str):
    texts = st.one_of(st.sampled_from([SAMPLES.get(name, "1")]), st.text(max_size=60), values)
    fields = st.sampled_from(sorted({f for fs in VERBS.values() for f in fs} |
                                    {"timeout", "nodes", "stars", "size", "method", "wrap",
                                     "connected", "goal", "bogus"}))
    return st.fixed_dictionaries({"text": texts}, optional={"state": texts}).flatmap(
        lambda base: st.dictionaries(fields, values, max_size=3).map(lambda extra:
                                                                     {**base, **extra}))


@pytest.mark.parametrize("name", [*PLAYABLE, "any"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_body_is_answered_with_json(name, data):
    verb = data.draw(st.sampled_from(sorted(VERBS)), label="verb")
    body = data.draw(bodies(name), label="body")
    code, answer = handle(name, verb, body, QUICK)
    assert code in (200, 400, 404), (code, answer)
    json.dumps(answer, allow_nan=False)
    assert answer["status"] in ("solved", "unsolvable", "gave-up", "error")
    assert (code == 400) == (answer["status"] == "error") or code == 404


def test_values_are_converted_like_flags():
    whole = Option("n", ("solve",), int, None, minimum=1)
    assert convert(whole, 3) == convert(whole, "3") == convert(whole, 3.0) == 3
    for bad in (0, "three", 2.5, True, None, [3]):
        with pytest.raises(BadRequest):
            convert(whole, bad)
    choice = Option("m", ("solve",), ("a", "b"))
    assert convert(choice, "a") == "a"
    with pytest.raises(BadRequest):
        convert(choice, "c")
    flag = Option("f", ("solve",), bool)
    assert convert(flag, True) is True
    with pytest.raises(BadRequest):
        convert(flag, "yes")
    real = Option("w", ("solve",), float, minimum=1)
    assert convert(real, "1.5") == 1.5
    for bad in ("nan", float("inf"), 0.5):
        with pytest.raises(BadRequest):
            convert(real, bad)


def test_answers_are_always_encodable():
    assert jsonable({"a": (1, float("inf")), "b": {2, 1}, 3: None}) == \
        {"a": [1, None], "b": [1, 2], "3": None}


def test_any_opens_a_game_id_or_link_as_its_puzzle():
    """``/api/any/VERB``: the puzzle is the one whose game ID or link the text is."""
    game_id = "3x2:8h3v14b9"
    code, answer = handle("any", "view", {"text": f" {game_id}\n"}, ROOMY)
    assert code == 200 and answer["puzzle"] == "net"
    assert answer["text"] == game_id  # kept: it holds the rules (Tatham's connected)
    assert answer["board"]["connected"] and answer["board"]["barriers"][0][0]
    assert answer["shared"] == {"name": "Tatham game ID", "text": game_id}
    code, answer = handle("any", "check", {"text": "3x3:1,2,3,4,5,6,7,0,8", "state": "R"},
                          ROOMY)
    assert (code, answer["puzzle"], answer["ok"]) == (200, "sliding", True)
    code, answer = handle("any", "view", {"text": "hello"}, ROOMY)
    assert code == 404 and answer["error"].startswith("no puzzle reads this text: expected")
    code, answer = handle("any", "view", {"text": "3x2:1a42g8"}, ROOMY)
    assert code == 400 and "'g' at character 9" in answer["error"]
    code, answer = handle("queens", "view", {"text": "6"}, ROOMY)
    assert code == 200 and "shared" not in answer and answer["text"] == "6"


def test_sudoku_board_hint_and_check_marks():
    """What the page draws a Sudoku from, and the cells a hint or a check marks: a value to
    place, a wrong entry; on a partly filled grid only the cells that break a rule."""
    text = SAMPLES["sudoku"]  # solution 1234 / 3412 / 2341 / 4123
    _, seen = handle("sudoku", "view", {"text": text}, ROOMY)
    board = seen["board"]
    assert (board["kind"], board["rows"], board["cols"], board["symbols"]) == ("grid", 4, 4, "1234")
    assert board["givens"] == [[0, 0, "1"], [0, 1, "2"], [1, 2, "1"], [1, 3, "2"], [2, 0, "2"],
                               [3, 3, "3"]]
    assert board["regions"] == [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]
    assert board["fills"] == [] and board["goal"]["count"] == 16
    _, seen = handle("sudoku", "view", {"text": "." * 256, "variant": "x"}, ROOMY)
    diagonal = {(r, c) for r, c, _ in seen["board"]["fills"]}
    assert seen["board"]["symbols"] == "123456789ABCDEFG"
    assert diagonal == {(k, k) for k in range(16)} | {(k, 15 - k) for k in range(16)}
    _, hint = handle("sudoku", "hint", {"text": text}, ROOMY)
    assert hint["marks"] == [[0, 2, "number", "3"]]
    _, hint = handle("sudoku", "hint", {"text": text, "state": "124.\n..12\n2...\n...3"}, ROOMY)
    assert hint["rule"] == "mistake" and [0, 2, "wrong"] in hint["marks"]
    _, verdict = handle("sudoku", "check", {"text": text, "state": "122.\n..12\n2...\n...3"},
                        ROOMY)
    assert verdict["marks"] == [[0, 1], [0, 2], [1, 3]]  # the 2s of row 1 and box 2
    assert verdict["violations"][:2] == ["row 1 has 2 more than once",
                                         "region 2 has 2 more than once"]
    assert verdict["violations"][2:] and all(v.endswith("is empty")
                                             for v in verdict["violations"][2:])
