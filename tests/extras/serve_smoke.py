"""Smoke test of an install with only the serve extra (``pip install ".[serve]"``): every
module under ``puzzlesmith.serve`` imports, the app serves every puzzle's own script and
answers every API verb of every puzzle with small inputs (HTTP 200, one JSON object, no
``"error"`` status).

Run by ``.ci/run`` with a fresh venv's interpreter, where pytest is not installed, so this is
a plain script (not collected by pytest: its name does not start with ``test_``):

    VENV/bin/python tests/extras/serve_smoke.py [--server]

With httpx installed (the test extra) the app runs in-process under Starlette's TestClient;
otherwise, or with ``--server``, ``puzzlesmith serve --port 0`` runs as a child process and
is called over loopback with urllib.  Every request and the whole run are bounded in time.
Exit 0 when every check passed, 1 otherwise (the failures on stderr).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import pkgutil
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: Seconds any one request may take (the first may load or compile kernels), and the run: a
#: bound for a hung server, not a speed test (about 75 s with a cold compile at load 8;
#: .ci/run kills the script at 300 s).
REQUEST_SECONDS, RUN_SECONDS = 60.0, 240.0
#: Small ``generate`` options of the puzzles known here (others: a 5-cell side, where they
#: take a ``size``, as the declared genres do).
SMALL = {"starbattle": {"size": "6", "stars": 1}, "net": {"size": "5x5", "connected": True},
         "sliding": {"size": "3"}, "queens": {"size": "8"}, "sudoku": {}}

Call = Callable[[str, str, dict | None], tuple[int, str, object]]


def import_serve_modules() -> list[str]:
    """Import every module under ``puzzlesmith.serve``; their names."""
    import puzzlesmith.serve as package

    found = [package.__name__]
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(module.name)
        found.append(module.name)
    return found


@contextmanager
def in_process() -> Iterator[Call]:
    """Calls to the app under Starlette's TestClient (needs httpx)."""
    with warnings.catch_warnings():  # newer Starlette would rather have httpx2: still works
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from puzzlesmith.serve import Settings
    from puzzlesmith.serve.app import create_app

    with TestClient(create_app(Settings(timeout=REQUEST_SECONDS))) as client:
        def call(method: str, path: str, body: dict | None = None):
            response = client.request(method, path, json=body)
            return response.status_code, response.headers.get("content-type", ""), \
                _json(response.content)

        yield call


@contextmanager
def child_server() -> Iterator[Call]:
    """Calls over loopback to ``puzzlesmith serve --port 0`` run as a child process."""
    command = [sys.executable, "-m", "puzzlesmith", "serve", "--host", "127.0.0.1",
               "--port", "0", "--timeout", str(REQUEST_SECONDS), "--quiet", "--no-warm-up"]
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
    try:
        url = _address(child)

        def call(method: str, path: str, body: dict | None = None):
            data = None if body is None else json.dumps(body).encode()
            request = urllib.request.Request(url + path, data=data, method=method,
                                             headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=REQUEST_SECONDS) as response:
                    return response.status, response.headers.get("content-type", ""), \
                        _json(response.read())
            except urllib.error.HTTPError as error:
                return error.code, error.headers.get("content-type", ""), _json(error.read())

        yield call
    finally:
        child.send_signal(signal.SIGTERM)  # uvicorn's clean stop (SIGINT may be ignored)
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def _address(child: subprocess.Popen) -> str:
    """The base URL the child printed on stderr ("puzzlesmith serving on http://...")."""
    line = child.stderr.readline()  # the first line; the child prints it before serving
    found = re.search(r"http://[^/\s]+", line)
    if not found:
        raise RuntimeError(f"puzzlesmith serve did not start: {line!r} "
                           f"{child.stderr.read() if child.poll() is not None else ''}")
    url = found.group(0)
    until = time.monotonic() + 30
    while True:  # the socket listens at once; wait until uvicorn answers on it
        try:
            with urllib.request.urlopen(url + "/api/puzzles", timeout=5):
                return url
        except OSError:
            if child.poll() is not None or time.monotonic() > until:
                raise RuntimeError("puzzlesmith serve did not answer") from None
            time.sleep(0.1)


def _json(data: bytes):
    try:
        return json.loads(data)
    except ValueError:
        return None


def requests_of(name: str, about: dict, call: Call) -> Iterator[tuple[str, dict]]:
    """(verb, body) for every verb the API offers ``name``, on a small generated puzzle (the
    example, for a puzzle that does not generate)."""
    def declared(verb: str, phase: str | None = None) -> set[str]:
        return {o["name"] for o in about["options"] if verb in o["verbs"]
                and (phase is None or o["phase"] == phase)}

    small = {k: v for k, v in SMALL.get(name, {"size": "5"}).items() if k in declared("generate")}
    generate, made = {"seed": 1, **small}, None
    if "generate" in about["verbs"]:
        yield "generate", generate
        _, _, made = call("POST", f"/api/{name}/generate", generate)
    text = made.get("text") if isinstance(made, dict) and made.get("text") else about["example"]
    rules = {k: v for k, v in small.items() if k in declared("solve", "parse")}
    puzzle = {"text": text, **rules}
    _, _, solved = call("POST", f"/api/{name}/solve", puzzle)
    answer = solved.get("answer") if isinstance(solved, dict) else None
    for verb in about["verbs"]:
        if verb == "generate":
            continue
        if verb == "trace":
            for method in about["trace"]:
                yield verb, {**puzzle, "method": method, "steps": 200}
        elif verb == "check":
            yield verb, {**puzzle, "state": answer}
        else:
            yield verb, puzzle


def smoke(call: Call) -> list[str]:
    """Every check against the app behind ``call``; the failures."""
    failures: list[str] = []
    began = time.monotonic()
    code, kind, page = call("GET", "/", None)
    if code != 200 or "text/html" not in kind:
        failures.append(f"GET /: HTTP {code} {kind}")
    code, _, catalogue = call("GET", "/api/puzzles", None)
    if code != 200 or not isinstance(catalogue, dict) or not catalogue.get("puzzles"):
        return failures + [f"GET /api/puzzles: HTTP {code} {str(catalogue)[:200]}"]
    for name in catalogue["puzzles"]:  # shipped in the puzzle's package (package data)
        if script := catalogue["about"][name].get("script"):
            code, kind, _ = call("GET", script, None)
            if code != 200 or "javascript" not in kind:
                failures.append(f"GET {script}: HTTP {code} {kind}")
    done, statuses, took = 0, {}, []
    for name in catalogue["puzzles"]:
        for verb, body in requests_of(name, catalogue["about"][name], call):
            if time.monotonic() - began > RUN_SECONDS:
                return failures + [f"the run took more than {RUN_SECONDS:.0f} s"]
            start = time.monotonic()
            code, kind, answer = call("POST", f"/api/{name}/{verb}", body)
            took.append((time.monotonic() - start, f"{verb} {name}"))
            done += 1
            status = answer.get("status") if isinstance(answer, dict) else None
            statuses[f"{verb} {status}"] = statuses.get(f"{verb} {status}", 0) + 1
            problem = _problem(name, code, kind, answer)
            if problem:
                failures.append(f"{verb} {name}: {problem}")
    if done < 4 * len(catalogue["puzzles"]):
        failures.append(f"only {done} requests for {len(catalogue['puzzles'])} puzzles")
    print(f"serve smoke: {done} API requests over {', '.join(catalogue['puzzles'])} in "
          f"{time.monotonic() - began:.1f} s: {json.dumps(statuses, sort_keys=True)}; slowest "
          + ", ".join(f"{what} {seconds:.1f} s" for seconds, what in sorted(took)[-3:]),
          file=sys.stderr)
    return failures


def _problem(name: str, code: int, kind: str, answer) -> str | None:
    """What is wrong with one answer, if anything."""
    if code != 200:
        return f"HTTP {code}: {str(answer)[:300]}"
    if "application/json" not in kind or not isinstance(answer, dict):
        return f"not a JSON object ({kind})"
    if answer.get("status") in (None, "error") or answer.get("puzzle") != name:
        return f"status {answer.get('status')!r}, puzzle {answer.get('puzzle')!r}: " \
               f"{str(answer)[:300]}"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", action="store_true",
                        help="Run `puzzlesmith serve` even when httpx is installed.")
    options = parser.parse_args()
    modules = import_serve_modules()
    import puzzlesmith

    print(f"serve smoke: puzzlesmith {puzzlesmith.__version__} from "
          f"{os.path.dirname(puzzlesmith.__file__)}; imported {len(modules)} modules: "
          f"{', '.join(modules)}", file=sys.stderr)
    try:
        import httpx  # noqa: F401  (Starlette's TestClient needs it)
        have_httpx = True
    except ImportError:
        have_httpx = False
    runner = in_process if have_httpx and not options.server else child_server
    with runner() as call:
        failures = smoke(call)
    for failure in failures:
        print(f"serve smoke FAILED: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    os.environ.setdefault("PUZZLESMITH_PROGRESS", "0")
    sys.exit(main())
