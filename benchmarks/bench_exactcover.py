"""Figures for the exact-cover engine and Star Battle (issue 2).

    python benchmarks/bench_exactcover.py [--repeat 5] [--quick | --counting]

Prints medians (after one warm-up run, so numba's compilation is not counted) of:
* every Star Battle puzzle in ../shared/data/starbattle: first solution, proof of uniqueness;
* counting all solutions: pentominoes on 6x10 (9356) and 12-queens (14200), beside
  ``xcover`` and ``exact-cover`` in the same run (``--counting``: only these);
* side by side, when installed (optional extra ``bench``): OR-Tools CP-SAT on Star Battle;
* the one-time compile cost of the kernels and the start-up time of a CLI call.
CPU time (``time.process_time``) is reported beside wall time: on a shared machine it is the
steadier figure.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from puzzlesmith.engines.exactcover import ExactCover
from puzzlesmith.engines.kernels import warm_all
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.pentominoes import placements
from puzzlesmith.results import Limits

sb = get("starbattle")

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "starbattle"


def timed(run, repeat: int) -> tuple[float, float, object]:
    """Median wall and CPU seconds of ``run()`` over ``repeat`` runs, and its last result."""
    walls, cpus, result = [], [], None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus), result


def star_battle(repeat: int, limit: float) -> None:
    print("Star Battle: median ms (wall) for the first solution / the proof of uniqueness")
    print(f"{'puzzle':24} {'size':>9} {'first':>9} {'unique':>9} {'nodes':>8}  verdict")
    by_size: dict[str, list[float]] = {}
    for path in sorted(DATA.glob("*.sb"), key=lambda p: (sb.parse(p.read_text()).rows, p.name)):
        puzzle = sb.parse(path.read_text())
        limits = Limits(seconds=limit)
        sb.solve(puzzle, limits=limits)  # warm-up
        first, _, _ = timed(lambda p=puzzle, lim=limits: sb.solve(p, limits=lim), repeat)
        unique, _, result = timed(
            lambda p=puzzle, lim=limits: sb.solve(p, unique=True, limits=lim), repeat)
        size = f"{puzzle.rows}x{puzzle.columns}/{puzzle.row_stars[0]}"
        verdict = {True: "unique", False: "NOT unique", None: "gave up"}[result.unique]
        assert sb.is_solution(puzzle, result.solution), path.name
        print(f"{path.stem:24} {size:>9} {first * 1e3:9.1f} {unique * 1e3:9.1f} "
              f"{result.stats.nodes:8d}  {verdict}")
        by_size.setdefault(size, []).append(unique)
    print("\nmedian / worst proof of uniqueness by size (ms):")
    for size, times in by_size.items():
        print(f"  {size:>9}: {statistics.median(times) * 1e3:8.1f} / {max(times) * 1e3:8.1f}"
              f"  ({len(times)} puzzles)")
    cp_sat(limit)


def cp_sat(limit: float) -> None:
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        print("\n(OR-Tools not installed: pip install '.[bench]' for the side-by-side figures)")
        return
    print("\nOR-Tools CP-SAT, 1 worker: first solution / uniqueness (ms)")
    for path in sorted(DATA.glob("*.sb"), key=lambda p: (sb.parse(p.read_text()).rows, p.name)):
        puzzle = sb.parse(path.read_text())
        times = []
        for prove in (False, True):
            model = cp_model.CpModel()
            x = {cell: model.NewBoolVar(str(cell)) for cell in puzzle.cells()}
            for r, k in enumerate(puzzle.row_stars):
                model.Add(sum(v for (rr, _), v in x.items() if rr == r) == k)
            for c, k in enumerate(puzzle.column_stars):
                model.Add(sum(v for (_, cc), v in x.items() if cc == c) == k)
            for region, k in puzzle.region_stars.items():
                model.Add(sum(v for (r, c), v in x.items() if puzzle.grid[r][c] == region) == k)
            for r in range(puzzle.rows - 1):
                for c in range(puzzle.columns - 1):
                    block = [x[cell] for cell in ((r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1))
                             if cell in x]
                    model.Add(sum(block) <= 1)
            solver = cp_model.CpSolver()
            solver.parameters.num_workers = 1
            solver.parameters.max_time_in_seconds = limit
            start = time.perf_counter()
            solver.Solve(model)
            if prove:
                model.AddBoolOr([v.Not() for v in x.values() if solver.Value(v)])
                solver.Solve(model)
            times.append(time.perf_counter() - start)
        print(f"  {path.stem:24} {times[0] * 1e3:9.1f} {times[1] * 1e3:9.1f}")


def counting(repeat: int) -> None:
    """Count-all beside xcover and the ``exact-cover`` package (C), same run, interleaved,
    median CPU seconds of ``repeat`` runs each (a peer that is not installed is skipped)."""
    print(f"\nCounting all solutions: median CPU s of {repeat}, side by side "
          "(xcover: Python + numba; exact-cover: C, primary items only, so the queens'"
          " diagonals get one slack option each)")
    print(f"  {'problem':18} {'solutions':>9} {'nodes':>11} {'puzzlesmith':>12} {'xcover':>9}"
          f" {'exact-cover':>12}")
    problems = {"pentominoes 6x10": (placements(6, 10), [], 9356),
                "12-queens": (queens_options(12), queens_secondary(12), 14200)}
    peers = available_peers()
    for name, (options, secondary, expected) in problems.items():
        problem = ExactCover(options, secondary=secondary)
        runs = {"puzzlesmith": lambda p=problem: p.count().count}
        runs.update({peer: make(options, secondary) for peer, make in peers.items()})
        times: dict[str, list[float]] = {who: [] for who in runs}
        for _ in range(repeat):
            for who, run in runs.items():
                start = time.process_time()
                got = run()
                times[who].append(time.process_time() - start)
                assert got == expected, (name, who, got)
        nodes = problem.count().stats.nodes
        cells = [f"{statistics.median(times[who]):9.3f}" if who in times else f"{'-':>9}"
                 for who in ("xcover", "exact-cover")]
        ours = statistics.median(times["puzzlesmith"])
        print(f"  {name:18} {expected:9d} {nodes:11,d} {ours:12.3f} {cells[0]} {cells[1]:>12}")
    if len(peers) < 2:
        print("  (a peer not installed: pip install '.[bench]' to compare)")


def queens_options(n: int) -> dict:
    """N-queens options: rows and columns primary, diagonals secondary."""
    return {(r, c): [("r", r), ("c", c), ("d", r + c), ("a", r - c)]
            for r in range(n) for c in range(n)}


def queens_secondary(n: int) -> list:
    return [("d", k) for k in range(2 * n - 1)] + [("a", k) for k in range(1 - n, n)]


def available_peers() -> dict:
    """``{name: make(options, secondary) -> run() -> count}`` for the installed peers (each
    warmed up once, so numba's compilation is not counted)."""
    peers = {}
    try:
        import xcover

        def make_xcover(options, secondary):
            rows, primary, second = _numbered(options, secondary)
            return lambda: sum(1 for _ in xcover.covers(rows, primary=primary, secondary=second))

        list(xcover.covers([[0, 1], [1]], primary=[0, 1]))
        peers["xcover"] = make_xcover
    except ImportError:
        pass
    try:
        import exact_cover
        import numpy as np

        def make_exact_cover(options, secondary):
            rows, primary, second = _numbered(options, secondary)
            rows = rows + [[i] for i in second]  # a slack option per secondary item
            matrix = np.zeros((len(rows), len(primary) + len(second)), dtype=np.int32)
            for r, row in enumerate(rows):
                matrix[r, row] = 1
            return lambda: int(exact_cover.get_solution_count(matrix))

        peers["exact-cover"] = make_exact_cover
    except ImportError:
        pass
    return peers


def _numbered(options, secondary) -> tuple[list[list[int]], list[int], list[int]]:
    """Options as lists of item numbers (items in order of appearance), the primary and the
    secondary item numbers."""
    items = list(dict.fromkeys([i for row in options.values() for i in row] + list(secondary)))
    index = {item: n for n, item in enumerate(items)}
    second = {index[i] for i in secondary}
    rows = [[index[i] for i in row] for row in options.values()]
    return rows, [n for n in range(len(items)) if n not in second], sorted(second)


def start_up() -> None:
    print("\nOne-time costs")
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        code = ("import time; t = time.perf_counter(); "
                "from puzzlesmith.puzzles import get; sb = get('starbattle'); "
                "sb.solve(sb.example()); print(time.perf_counter() - t)")
        cold = float(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                    text=True, check=True).stdout)
        warm = float(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                    text=True, check=True).stdout)
    print(f"  import + first solve, empty numba cache (compiles): {cold:6.2f} s")
    print(f"  import + first solve, warm numba cache:             {warm:6.2f} s")
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "puzzlesmith", "demo"], capture_output=True,
                       check=True)
        runs.append(time.perf_counter() - start)
    print(f"  `puzzlesmith demo` end to end (warm cache, median): "
          f"{statistics.median(runs):6.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per solve")
    parser.add_argument("--quick", action="store_true", help="Star Battle only, 1 run")
    parser.add_argument("--counting", action="store_true",
                        help="only the count-all problems beside xcover and exact-cover")
    args = parser.parse_args()
    if not DATA.is_dir():
        sys.exit(f"shared data not found at {DATA}")
    warm_all()  # load the compiled kernels before any clock starts
    if args.counting:
        counting(args.repeat)
        return
    star_battle(1 if args.quick else args.repeat, args.limit)
    if not args.quick:
        counting(args.repeat)
        start_up()


if __name__ == "__main__":
    main()
