"""The JSON API over HTTP against a live server: every endpoint for every puzzle, the same
objects as the command line's ``--format json``, HTTP 400 with a JSON error for bad input,
bounded requests, and 20 requests at once."""

from __future__ import annotations

import json
import os
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from puzzlesmith import puzzles
from puzzlesmith.errors import PuzzleError
from puzzlesmith.puzzles import get, names
from tests.cli.conftest import run_cli

CONTRACT = ("puzzle", "status", "seconds", "nodes")
#: The puzzles under test (PUZZLESMITH_SERVE_PUZZLES=queens,net narrows them down).
PLAYABLE = [n for n in names()
            if n in os.environ.get("PUZZLESMITH_SERVE_PUZZLES", ",".join(names())).split(",")]
#: One of them, for the tests about any puzzle.
ANY = PLAYABLE[0]


def small_options(name: str) -> dict:
    """The puzzle's quick generation options (``quick_params``)."""
    declared = {o.name for o in get(name).options_for("generate")}
    return {k: v for k, v in get(name).quick_params.items() if k in declared}


def post(http, name: str, verb: str, body) -> tuple[int, dict]:
    response = http.post(f"/api/{name}/{verb}", json=body)
    assert response.headers["content-type"].startswith("application/json")
    return response.status_code, response.json()


def contract(answer: dict, name: str | None) -> None:
    for key in CONTRACT[1:]:
        assert key in answer, (key, answer)
    if name is not None:
        assert answer.get("puzzle") == name
    assert isinstance(answer["seconds"], int | float) and isinstance(answer["nodes"], int)


class Made(dict):
    """One small generated puzzle per puzzle and its solution, made through the API on
    first use: ``made[name]`` is ``{"text", "answer", "solve"}``."""

    def __init__(self, http):
        super().__init__()
        self.http = http

    def __missing__(self, name: str) -> dict:
        http = self.http
        if "generate" not in get(name).verbs:  # the example, for a puzzle that does not generate
            text = get(name).format(get(name).example())
            code, solved = post(http, name, "solve", {"text": text})
            assert code == 200 and solved["status"] == "solved", solved
            self[name] = {"text": text, "answer": solved["answer"], "solve": solved}
            return self[name]
        code, answer = post(http, name, "generate", {"seed": 2, **small_options(name)})
        assert code == 200, answer
        assert answer["status"] == "solved" and answer["text"], answer
        contract(answer, name)
        assert answer["text"] == answer["puzzles"][0]["text"]
        code, solved = post(http, name, "solve", {"text": answer["text"]})
        assert code == 200 and solved["status"] == "solved", solved
        self[name] = {"text": answer["text"], "answer": solved["answer"], "solve": solved}
        return self[name]


@pytest.fixture(scope="module")
def made(http) -> Made:
    return Made(http)


def test_catalogue_lists_every_puzzle(http):
    response = http.get("/api/puzzles")
    assert response.status_code == 200
    body = response.json()
    assert body["puzzles"] == PLAYABLE or not os.environ.get("PUZZLESMITH_SERVE_PUZZLES")
    for name in PLAYABLE:
        about = body["about"][name]
        offered = {"generate", "hint"} & get(name).verbs
        assert {"solve", "check", "view", *offered} <= set(about["verbs"])
        assert all({"name", "type", "verbs", "default"} <= set(o) for o in about["options"])



@pytest.mark.parametrize("name", PLAYABLE)
def test_a_puzzle_script_is_served_from_its_package(http, name):
    """The page imports a puzzle's own module from the URL the catalogue gives; nothing else
    of the package is served."""
    script = http.get("/api/puzzles").json()["about"][name]["script"]
    if script is None:
        return
    response = http.get(script)
    assert response.status_code == 200 and "javascript" in response.headers["content-type"]
    assert "export default" in response.text and 'from "/puzzles/svg.js"' in response.text
    for other in (f"/puzzles/{name}/puzzle.py", "/puzzles/nosuch/web.js"):
        assert http.get(other).status_code == 404
    assert http.get("/puzzles/svg.js").status_code == 200


@pytest.mark.parametrize("name", PLAYABLE)
def test_every_endpoint(http, made, name, tmp_path):
    text, answer = made[name]["text"], made[name]["answer"]
    puzzle = get(name)

    code, seen = post(http, name, "view", {"text": text})
    assert code == 200 and seen["board"]["kind"] in (name, "grid")
    assert puzzle.parse(seen["text"]) is not None  # the canonical text reads back

    code, verdict = post(http, name, "check", {"text": text, "state": answer})
    assert code == 200 and verdict["ok"] is True and verdict["violations"] == []
    contract(verdict, name)
    assert puzzle.is_solution(puzzle.parse(text), puzzle.parse_answer(puzzle.parse(text), answer))

    if "hint" in puzzle.verbs:
        code, hint = post(http, name, "hint", {"text": text})
        assert code == 200 and hint["status"] in ("solved", "gave-up"), hint
        assert isinstance(hint["hint"], str)
        contract(hint, name)

    code, counted = post(http, name, "count", {"text": text, "limit": 2})
    assert code == 200 and counted["count"] >= 1
    contract(counted, name)

    code, drawn = post(http, name, "render", {"text": text, "state": answer})
    assert code == 200 and drawn["drawing"].lstrip().startswith("<svg")

    if "rate" in puzzle.verbs:
        code, rated = post(http, name, "rate", {"text": text})
        assert code == 200 and "rating" in rated
        contract(rated, name)

    # The same object as the command line's --format json: every field that is not a
    # statistic (numbers such as seconds, nodes and engine counters vary from run to run,
    # and which counters an engine reports depends on the run) is there with the same value.
    source = tmp_path / "puzzle.txt"
    source.write_text(text)
    exit_code, out, _ = run_cli(["solve", name, str(source), "--format", "json"])
    assert exit_code == 0
    cli_answer = json.loads(out)
    api_answer = made[name]["solve"]
    assert cli_answer.keys() >= set(CONTRACT) and api_answer.keys() >= set(CONTRACT)
    for key, value in cli_answer.items():
        if key == "kernel":  # interpreted or compiled: decided by what the process did before
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            assert api_answer.get(key) == value, key


@pytest.mark.parametrize("name", PLAYABLE)
def test_a_wrong_answer_is_checked_not_refused(http, made, name):
    code, verdict = post(http, name, "check", {"text": made[name]["text"],
                                                "state": wrong_answer(name, made[name])})
    assert code == 200, verdict
    assert verdict["ok"] is False and verdict["violations"] and verdict["status"] == "unsolvable"


def wrong_answer(name: str, made: dict) -> str:
    """An answer in the puzzle's format that is not a solution: the answer with one character
    changed to another the answer uses, the first change the puzzle reads and its checker
    refuses (any puzzle, nothing known of its format)."""
    puzzle, answer = get(name), made["answer"]
    instance = puzzle.parse(made["text"])
    others = sorted(set(answer.replace("\n", "").replace(" ", "")) | {"."})
    for k, old in enumerate(answer):
        for new in (ch for ch in others if ch != old and not old.isspace()):
            changed = answer[:k] + new + answer[k + 1:]
            try:
                if not puzzle.is_solution(instance, puzzle.parse_answer(instance, changed)).ok:
                    return changed
            except PuzzleError:
                continue
    raise AssertionError(f"no wrong answer found near {answer!r}")


@pytest.mark.parametrize("name", PLAYABLE)
def test_traces(http, made, name):
    about = http.get("/api/puzzles").json()["about"][name]
    for method in about["trace"]:
        code, trace = post(http, name, "trace", {"text": made[name]["text"], "method": method,
                                                 "steps": 200})
        assert code == 200, trace
        assert trace["steps"] and len(trace["steps"]) <= 200
        assert trace["status"] in ("solved", "gave-up")
        contract(trace, name)


# -- bad input -------------------------------------------------------------------------------

BAD_BODIES = {
    "empty text": ("solve", {"text": ""}),
    "blank text": ("solve", {"text": "  \n\n "}),
    "binary text": ("solve", {"text": "\x00\x01\x02"}),
    "unknown characters": ("solve", {"text": "#@!%\n&&&&\n"}),
    "no text": ("solve", {}),
    "text of the wrong type": ("solve", {"text": {"rows": 3}}),
    "an unknown field": ("solve", {"text": "TEXT", "frobnicate": 1}),
    "a seed that is not a number": ("solve", {"text": "TEXT", "seed": "abc"}),
    "a negative timeout": ("solve", {"text": "TEXT", "timeout": -1}),
    "a timeout of nan": ("solve", {"text": "TEXT", "timeout": "nan"}),
    "check without a state": ("check", {"text": "TEXT"}),
    "a garbled state": ("check", {"text": "TEXT", "state": "\x00??"}),
    "a state of the wrong shape": ("hint", {"text": "TEXT", "state": "@@\n@"}),
    "count zero": ("generate", {"count": 0}),
    "count too many": ("generate", {"count": 10_000}),
    "a fractional seed": ("generate", {"seed": 1.5}),
    "a huge text": ("solve", {"text": "x" * 300_000}),
}


@pytest.mark.parametrize("name", PLAYABLE)
@pytest.mark.parametrize("case", BAD_BODIES)
def test_bad_input_is_400_with_a_json_error(http, made, name, case):
    verb, body = BAD_BODIES[case]
    body = {k: (made[name]["text"] if v == "TEXT" else v) for k, v in body.items()}
    response = http.post(f"/api/{name}/{verb}", json=body)
    assert response.status_code == (400 if verb in get(name).verbs else 404), response.text
    answer = response.json()
    assert answer["status"] == "error" and answer["error"], answer
    assert "Traceback" not in answer["error"]


@pytest.mark.parametrize("name", PLAYABLE)
def test_unknown_options_and_values_are_400(http, name):
    for option in get(name).options_for("generate"):
        if isinstance(option.type, tuple):
            code, answer = post(http, name, "generate", {option.name: "no-such-choice"})
            assert code == 400 and option.name in answer["error"]
        elif option.type in (int, float):
            code, answer = post(http, name, "generate", {option.name: "many"})
            assert code == 400 and option.name in answer["error"]


@pytest.mark.parametrize("raw", [b"{not json", b"[1, 2]", b"\xff\xfe\x00", b'"text"',
                                 b"[" * 100_000 + b"]" * 100_000])
def test_bodies_that_are_not_a_json_object(http, raw):
    response = http.post(f"/api/{ANY}/solve", content=raw)
    assert response.status_code == 400
    assert response.json()["status"] == "error"


def test_a_body_over_the_cap_is_refused_before_reading(http):
    response = http.post(f"/api/{ANY}/solve", content=b" " * 250_000)
    assert response.status_code == 400
    assert "larger than" in response.json()["error"]


def test_unknown_puzzle_verb_and_method(http):
    assert http.post("/api/nosuch/solve", json={}).status_code == 404
    assert http.post(f"/api/{ANY}/frobnicate", json={}).status_code == 404
    response = http.get(f"/api/{ANY}/solve")
    assert response.status_code == 405 and response.json()["status"] == "error"
    assert http.get("/api/no/such/thing").status_code == 404


# -- limits and concurrency ----------------------------------------------------------------


@pytest.fixture
def toy(monkeypatch):
    """The CLI tests' toy puzzle, served by the running server (same process)."""
    monkeypatch.setitem(puzzles.REGISTRY, "toy", "tests.cli.toy")


def test_a_request_gives_up_at_its_timeout(http, toy):
    # 1000 steps of 0.02 s: only the request's limit can end it early; 2 s (queueing
    # included) leave room for a first step on a busy machine.
    code, answer = post(http, "toy", "solve", {"text": "1000", "slow": 0.02, "timeout": 2})
    assert code == 200 and answer["status"] == "gave-up"
    assert 0 < answer["nodes"] < 1000


def test_a_request_that_ignores_its_limit_is_answered_anyway(http, toy):
    # Each toy step sleeps 3 s without looking at the deadline: the server answers at the
    # deadline plus its grace, and the worker is abandoned, not waited for.
    code, answer = post(http, "toy", "solve", {"text": "2", "slow": 3.0, "timeout": 0.3})
    assert code == 200 and answer["status"] == "gave-up"
    assert "ran past its deadline" in answer["reason"]  # the server's answer, not the toy's


def test_twenty_requests_at_once(http, made):
    kinds = [(name, verb) for name in PLAYABLE for verb in ("solve", "check", "hint")
             if verb in get(name).verbs]
    jobs = []
    for k in range(20):
        name, verb = kinds[k % len(kinds)]
        body = {"text": made[name]["text"]}
        if verb == "check":
            body["state"] = made[name]["answer"]
        jobs.append((name, verb, body))
    with ThreadPoolExecutor(20) as pool:
        answers = list(pool.map(lambda job: post(http, *job), jobs))
    assert len(answers) == 20
    assert all(code == 200 and answer["status"] == "solved" for code, answer in answers), answers


def test_a_slow_request_does_not_hold_up_the_others(http, toy, made):
    # The slow request runs until its 5 s limit: room for the ten quick ones to be answered
    # meanwhile on a busy machine (the test lasts that long whatever the machine).
    with ThreadPoolExecutor(4) as pool:
        slow = pool.submit(post, http, "toy", "solve", {"text": "1000", "slow": 0.05,
                                                        "timeout": 5})
        quick = [pool.submit(post, http, ANY, "check",
                             {"text": made[ANY]["text"], "state": made[ANY]["answer"]})
                 for _ in range(10)]
        assert all(f.result()[1]["ok"] for f in quick)
        assert not slow.done()
        assert slow.result()[1]["status"] == "gave-up"


def test_workers_is_a_hard_cap_on_computing_threads(toy, monkeypatch):
    # The first request ignores its deadline for 1.5 s; it is answered at its deadline plus
    # the grace, but its slot is given back only when it stops: the second request never
    # computes beside it.
    import httpx

    from puzzlesmith.serve import Settings, api
    from puzzlesmith.serve.server import background

    handle, active, most = api.handle, [], []

    def counted(*args):
        active.append(1)
        most.append(len(active))
        try:
            return handle(*args)
        finally:
            active.pop()

    monkeypatch.setattr(api, "handle", counted)
    with background(Settings(workers=1, timeout=20.0)) as url, \
            httpx.Client(base_url=url, timeout=60) as client, ThreadPoolExecutor(2) as pool:
        first = pool.submit(post, client, "toy", "solve", {"text": "1", "slow": 1.5,
                                                            "timeout": 0.2})
        time.sleep(0.1)
        second = pool.submit(post, client, "toy", "solve", {"text": "1", "slow": 0.5,
                                                             "timeout": 1.0})
        assert first.result()[1]["status"] == "gave-up"
        second.result()
    assert max(most) == 1
