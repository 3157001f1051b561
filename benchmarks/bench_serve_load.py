"""A load test of ``puzzlesmith serve``: 20 concurrent clients mixing solve, generate, hint
and check over every puzzle with short deadlines, on loopback only, bounded in count and time.

    python benchmarks/bench_serve_load.py [--clients 20] [--requests 10] [--deadline 1.0]
                                          [--workers N] [--out benchmarks/results_serve.txt]

Reports errors (HTTP 5xx, an answer that is not JSON, a status "error", or a response later
than its deadline plus 1 s), latency percentiles, the process's peak memory and the threads
still alive a few seconds after the last answer (computing threads must have stopped).
"""

from __future__ import annotations

import argparse
import http.client
import json
import resource
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

from puzzlesmith.cores import default_jobs
from puzzlesmith.puzzles import get, names
from puzzlesmith.serve import Settings
from puzzlesmith.serve.api import warm_up
from puzzlesmith.serve.server import background

SMALL = {"starbattle": {"size": "8", "stars": 1}, "net": {"size": "6x6", "connected": True},
         "sliding": {"size": "3"}, "queens": {"size": 8}}
VERBS = ("solve", "generate", "hint", "check")
#: Requests that cannot finish by the deadline (they must give up on time), in the mix too.
HARD = [("queens", "count", {"text": "15"}), ("sliding", "solve", {"text": "8 6 7 2 5 4 3 0 1",
                                                                   "heuristic": "manhattan"})]
#: A response may come this long after its deadline (the server's grace) and still be on time.
SLACK = 1.0


def post(url: str, path: str, body: dict, timeout: float = 60) -> tuple[int, dict | None]:
    """One request on its own connection: (HTTP status, JSON body or None)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        connection.request("POST", path, body=json.dumps(body).encode(),
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        data = response.read()
        try:
            return response.status, json.loads(data)
        except ValueError:
            return response.status, None
    finally:
        connection.close()


def options(name: str, verb: str) -> dict:
    declared = {o.name for o in get(name).options_for(verb)}
    return {k: v for k, v in SMALL.get(name, {}).items() if k in declared}


def bodies(url: str) -> dict[tuple[str, str], dict]:
    """One request body per (puzzle, verb), from a puzzle generated and solved first."""
    out = {}
    for name in names():
        _, made = post(url, f"/api/{name}/generate", {"seed": 1, **options(name, "generate")})
        rules = {k: v for k, v in options(name, "generate").items()
                 if k in {o.name for o in get(name).options_for("solve", "parse")}}
        text = {"text": made["text"], **rules}
        _, solved = post(url, f"/api/{name}/solve", text)
        out[name, "solve"] = text
        out[name, "generate"] = {"seed": 7, **options(name, "generate")}
        out[name, "hint"] = text
        out[name, "check"] = {**text, "state": solved["answer"]}
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=10, help="Requests per client.")
    parser.add_argument("--deadline", type=float, default=1.0, help="Each request's timeout.")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--out", default=None, help="Also write the figures to this file.")
    args = parser.parse_args()
    warm_up()
    settings = Settings(timeout=10, **({"workers": args.workers} if args.workers else {}))
    threads_before = set(threading.enumerate())
    with background(settings) as url:
        requests = bodies(url)
        jobs = [(name, verb) for name in names() for verb in VERBS]
        for name, verb, body in HARD:
            requests[name, f"{verb}!"] = body
            jobs.append((name, f"{verb}!"))
        plan = [[jobs[(c + k) % len(jobs)] for k in range(args.requests)]
                for c in range(args.clients)]
        latencies: list[float] = []
        errors: list[str] = []
        statuses: dict[str, int] = {}
        lock = threading.Lock()

        def client(calls) -> None:
            for name, verb in calls:
                body = {**requests[name, verb], "timeout": args.deadline}
                began = time.perf_counter()
                code, answer = post(url, f"/api/{name}/{verb.rstrip('!')}", body)
                took = time.perf_counter() - began
                with lock:
                    latencies.append(took)
                    status = answer.get("status") if answer else None
                    statuses[str(status)] = statuses.get(str(status), 0) + 1
                    if code >= 500 or answer is None or status == "error":
                        errors.append(f"{verb} {name}: HTTP {code} {answer}")
                    elif took > args.deadline + SLACK:
                        errors.append(f"{verb} {name}: {took:.2f} s, past deadline + {SLACK} s")

        began = time.perf_counter()
        with ThreadPoolExecutor(args.clients) as pool:
            list(pool.map(client, plan))
        wall = time.perf_counter() - began
        time.sleep(args.deadline + 2 * SLACK)  # computing threads stop at their limits
    alive = [t.name for t in threading.enumerate() if t not in threads_before]  # server too
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    lines = [
        f"serve load test: {args.clients} clients x {args.requests} requests "
        f"({', '.join(VERBS)} over {', '.join(names())}), deadline {args.deadline} s, "
        f"workers {settings.workers} ({default_jobs()} cores)",
        f"requests {len(latencies)}, errors {len(errors)}, wall {wall:.1f} s, "
        f"statuses {json.dumps(statuses, sort_keys=True)}",
        f"latency ms: p50 {statistics.median(latencies) * 1e3:.0f}, "
        f"p90 {percentile(latencies, 0.9) * 1e3:.0f}, p99 {percentile(latencies, 0.99) * 1e3:.0f},"
        f" max {max(latencies) * 1e3:.0f}",
        f"peak memory {peak:.0f} MB; threads alive after the server stopped: {len(alive)}"
        + (f" ({', '.join(alive)})" if alive else ""),
        *errors[:10],
    ]
    print("\n".join(lines))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as stream:
            stream.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
