"""Figures for the exact-cover engine and Star Battle (issue 2).

    python benchmarks/bench_exactcover.py [--repeat 5] [--quick]

Prints medians (after one warm-up run, so numba's compilation is not counted) of:
* every Star Battle puzzle in ../shared/data/starbattle: first solution, proof of uniqueness;
* counting all solutions: pentominoes on 6x10 (9356) and 12-queens (14200);
* side by side, when installed (optional extra ``bench``): OR-Tools CP-SAT on Star Battle,
  ``xcover`` and ``exact-cover`` on the counting problems;
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


def queens(n: int) -> ExactCover:
    """N-queens with Knuth's "organ-pipe" item order: middle rows and columns first."""
    options = {(r, c): [("r", r), ("c", c), ("d", r + c), ("a", r - c)]
               for r in range(n) for c in range(n)}
    diagonals = [("d", k) for k in range(2 * n - 1)] + [("a", k) for k in range(1 - n, n)]
    order = sorted(range(n), key=lambda k: abs(k - (n - 1) / 2))
    pipe = {item: 1 for k in order for item in (("r", k), ("c", k))}
    return ExactCover(options, secondary=diagonals, multiplicity=pipe)


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
    print("\nCounting all solutions (median of wall / CPU seconds)")
    problems = {"pentominoes 6x10": (lambda: ExactCover(placements(6, 10)), 9356, 1),
                "12-queens": (lambda: queens(12), 14200, repeat)}
    for name, (make, expected, runs) in problems.items():
        problem = make()
        wall, cpu, result = timed(problem.count, runs)
        assert result.count == expected, (name, result.count)
        print(f"  {name:18} {result.count:6d} solutions  {wall:7.3f} s wall  {cpu:7.3f} s CPU"
              f"  {result.stats.nodes:,} nodes")
    try:
        import xcover  # noqa: F401
        print("  (xcover installed: compare with its own covers_bool on the same options)")
    except ImportError:
        print("  (xcover / exact-cover not installed: pip install '.[bench]' to compare)")


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
    args = parser.parse_args()
    if not DATA.is_dir():
        sys.exit(f"shared data not found at {DATA}")
    warm_all()  # load the compiled kernels before any clock starts
    star_battle(1 if args.quick else args.repeat, args.limit)
    if not args.quick:
        counting(args.repeat)
        start_up()


if __name__ == "__main__":
    main()
