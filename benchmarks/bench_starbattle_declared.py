"""The declared Star Battle beside the hand-written package on tests/data/starbattle.

    python benchmarks/bench_starbattle_declared.py             # 3 runs a puzzle, best kept
    python benchmarks/bench_starbattle_declared.py --repeat 5

Each ``.sb`` file is read by the package; the declared genre reads the puzz.link URL the
package writes for it.  Both solve and prove unique (take two) in process after a warm-up;
a puzzle's time is its best of ``--repeat`` runs.  The answers must agree and pass both
checks.  Printed per size group (rows x columns, stars): how many puzzles, then the median
and worst milliseconds of the package and of the declared genre.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from puzzlesmith.genres.codec import decode_url
from puzzlesmith.genres.declared import starbattle
from puzzlesmith.genres.solve import solve
from puzzlesmith.puzzles import get

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "starbattle"
PACKAGE = get("starbattle")


def best_time(run: Callable[[], object], repeat: int) -> tuple[float, object]:
    """The best of ``repeat`` runs in seconds, and the last run's result."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def bench_one(path: Path, repeat: int) -> tuple[str, float, float]:
    """One puzzle's size group and the package's and the declared genre's best times."""
    instance = PACKAGE.parse(path.read_text())
    _, g = decode_url(PACKAGE.format(instance, "puzzlink"))
    theirs, by_package = best_time(lambda: PACKAGE.solve(instance, unique=True), repeat)
    ours, declared = best_time(lambda: solve(starbattle, g, unique=True), repeat)
    assert declared.solution == frozenset(by_package.solution), path.name
    assert declared.unique is by_package.unique is True, path.name
    assert starbattle.check(g, declared.solution).ok, path.name
    assert PACKAGE.is_solution(instance, sorted(declared.solution)).ok, path.name
    group = f"{instance.rows}x{instance.columns} {g.params['stars']}*"
    return group, theirs, ours


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:8.1f} {max(values) * 1000:8.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    paths = sorted(DATA.glob("*.sb"))
    bench_one(paths[0], 1)  # warm-up
    groups: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for path in paths:
        group, theirs, ours = bench_one(path, args.repeat)
        groups[group].append((theirs, ours))
    print(f"load average {os.getloadavg()[0]:.1f}; solve + uniqueness proof, ms, best of "
          f"{args.repeat}")
    print(f"{'size':10} {'n':>3}  {'package median/worst':>21}  {'declared median/worst':>21}")
    every = [pair for pairs in groups.values() for pair in pairs]
    for group, pairs in [*sorted(groups.items(), key=lambda kv: _side(kv[0])), ("all", every)]:
        theirs, ours = [t for t, _ in pairs], [o for _, o in pairs]
        print(f"{group:10} {len(pairs):3}  {ms(theirs):>21}  {ms(ours):>21}")


def _side(group: str) -> tuple[int, int]:
    rows, cols = group.split()[0].split("x")
    return int(rows), int(cols)


if __name__ == "__main__":
    main()
