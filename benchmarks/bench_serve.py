"""The web API under load: latency of one request alone, then of 20 sent at once, per puzzle
(a small solve and a check), and how fast a slow request gives up while others are served.

    python benchmarks/bench_serve.py [--workers 4] [--repeat 3]

Runs a server in this process on a free port (kernels warmed first, so compilation is not
counted) and talks to it over HTTP, one connection per request (``http.client``: httpx's
kept-alive connections add a 40 ms delayed-ACK wait per request here, which would hide the
server's own time).  Medians over ``--repeat`` rounds.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

from puzzlesmith.puzzles import get, names
from puzzlesmith.serve import Settings
from puzzlesmith.serve.api import warm_up
from puzzlesmith.serve.server import background

SMALL = {"starbattle": {"size": "8", "stars": 1}, "net": {"size": "6x6", "connected": True},
         "sliding": {"size": "3"}, "queens": {"size": 8}}


class Client:
    """POST JSON to the server, one connection per request."""

    def __init__(self, url: str):
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port

    def post(self, path: str, body: dict) -> dict:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            connection.request("POST", path, body=json.dumps(body).encode(),
                               headers={"Content-Type": "application/json"})
            return json.loads(connection.getresponse().read())
        finally:
            connection.close()


def timed(client: Client, name: str, verb: str, body: dict) -> tuple[float, dict]:
    began = time.perf_counter()
    answer = client.post(f"/api/{name}/{verb}", body)
    return time.perf_counter() - began, answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    warm_up()
    settings = Settings(workers=args.workers, timeout=30)
    with background(settings) as url, ThreadPoolExecutor(20) as pool:
        client = Client(url)
        print(f"server {url}, {args.workers} workers; milliseconds, median of {args.repeat}")
        print(f"{'puzzle':<11}{'verb':<7}{'alone':>9}{'20 at once: p50':>17}{'max':>9}"
              f"{'all 20':>9}")
        for name in names():
            options = {k: v for k, v in SMALL[name].items()
                       if k in {o.name for o in get(name).options_for("generate")}}
            made = client.post(f"/api/{name}/generate", {"seed": 1, **options})
            rules = {k: v for k, v in options.items()
                     if k in {o.name for o in get(name).options_for("solve", "parse")}}
            body = {"text": made["text"], **rules}
            answer = client.post(f"/api/{name}/solve", body)["answer"]
            for verb, request in (("solve", body), ("check", {**body, "state": answer})):
                alone = statistics.median(timed(client, name, verb, request)[0]
                                          for _ in range(args.repeat))
                p50s, maxes, walls = [], [], []
                for _ in range(args.repeat):
                    began = time.perf_counter()
                    jobs = [pool.submit(timed, client, name, verb, request) for _ in range(20)]
                    times = [job.result()[0] for job in jobs]
                    walls.append(time.perf_counter() - began)
                    p50s.append(statistics.median(times))
                    maxes.append(max(times))
                print(f"{name:<11}{verb:<7}{alone * 1e3:9.1f}{statistics.median(p50s) * 1e3:17.1f}"
                      f"{statistics.median(maxes) * 1e3:9.1f}{statistics.median(walls) * 1e3:9.1f}")
        # A request whose work takes seconds against a 0.5 s timeout, 19 checks beside it.
        queens = client.post("/api/queens/solve", {"text": "8"})["answer"]
        began = time.perf_counter()
        slow = pool.submit(timed, client, "queens", "count", {"text": "18", "timeout": 0.5})
        quick = [pool.submit(timed, client, "queens", "check", {"text": "8", "state": queens})
                 for _ in range(19)]
        quick_max = max(f.result()[0] for f in quick)
        took, answer = slow.result()
        print(f"\ncount queens 18 with timeout 0.5: {answer['status']} after {took:.2f} s "
              f"(wall {time.perf_counter() - began:.2f} s); 19 checks beside it: slowest "
              f"{quick_max * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
