"""Star Battle beyond the published sizes, beside OR-Tools CP-SAT in the same run (issue 17).

    python benchmarks/bench_starbattle_large.py [--data DIR] [--limit 20] [--repeat 1]
    python benchmarks/bench_starbattle_large.py --seeds 20 ms25_s1190695862 ms25_s1190695898

For every puzzle of ../shared/data/starbattle-large (or ``--data``; ``--small`` adds
../shared/data/starbattle): puzzlesmith's solve-and-prove-unique and CP-SAT's (one worker,
solve, then solve again with the solution forbidden), wall seconds, the median of
``--repeat`` runs, both in this process after warm-up; then median, worst, and the worst
ratio puzzlesmith / CP-SAT.  With ``--seeds N`` it runs puzzlesmith only, over N random
option orders, and prints the worst and the median of each puzzle named.  On a shared
machine, read the ratios (measured side by side) rather than the lone times.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from puzzlesmith.engines.kernels import warm_all
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.starbattle import solve
from puzzlesmith.results import Limits

sb = get("starbattle")
SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def ours(puzzle, limit: float, seed: int | None = None) -> tuple[float, int, bool | None]:
    """Seconds, nodes and verdict of puzzlesmith's solve with ``unique=True``."""
    start = time.perf_counter()
    result = solve.solve(puzzle, unique=True, seed=seed, limits=Limits(seconds=limit))
    seconds = time.perf_counter() - start
    if result.solution is not None:
        assert sb.is_solution(puzzle, result.solution)
    return seconds, result.stats.nodes, result.unique


def cp_sat(puzzle, limit: float) -> tuple[float, bool | None]:
    """Seconds and verdict of CP-SAT (one worker): solve, then prove no other solution."""
    from ortools.sat.python import cp_model

    start = time.perf_counter()
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
            if len(block) > 1:
                model.Add(sum(block) <= 1)
    solver_ = cp_model.CpSolver()
    solver_.parameters.num_workers = 1
    solver_.parameters.max_time_in_seconds = limit
    if solver_.Solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return time.perf_counter() - start, None
    model.AddBoolOr([v.Not() for v in x.values() if solver_.Value(v)])
    second = solver_.Solve(model)
    unique = True if second == cp_model.INFEASIBLE else False if second in (
        cp_model.OPTIMAL, cp_model.FEASIBLE) else None
    return time.perf_counter() - start, unique


def side_by_side(paths: list[Path], limit: float, repeat: int) -> None:
    print(f"{'puzzle':24} {'size':>9} {'ours s':>8} {'nodes':>8} {'CP-SAT s':>9} {'ratio':>7}")
    rows = []
    for path in paths:
        puzzle = sb.parse(path.read_text())
        mine, theirs = [], []
        for _ in range(repeat):  # interleaved, so that both see the same machine load
            seconds, nodes, unique = ours(puzzle, limit)
            mine.append(seconds)
            theirs.append(cp_sat(puzzle, limit)[0])
        a, b = statistics.median(mine), statistics.median(theirs)
        size = f"{puzzle.rows}x{puzzle.columns}/{puzzle.row_stars[0]}"
        flag = "" if unique else "  (not proven unique)"
        print(f"{path.stem:24} {size:>9} {a:8.3f} {nodes:8d} {b:9.3f} {a / b:7.2f}{flag}",
              flush=True)
        rows.append((a, b))
    ratios = [a / b for a, b in rows]
    print(f"\npuzzlesmith: median {statistics.median(a for a, _ in rows):.3f} s, "
          f"worst {max(a for a, _ in rows):.3f} s")
    print(f"CP-SAT:      median {statistics.median(b for _, b in rows):.3f} s, "
          f"worst {max(b for _, b in rows):.3f} s")
    print(f"ratio ours / CP-SAT: median {statistics.median(ratios):.2f}, "
          f"worst {max(ratios):.2f}")


def seeds(paths: list[Path], n: int, limit: float) -> None:
    for path in paths:
        puzzle = sb.parse(path.read_text())
        runs = [ours(puzzle, limit, seed) for seed in range(n)]
        times = [s for s, _, _ in runs]
        proven = sum(u is True for _, _, u in runs)
        print(f"{path.stem:24} {n} seeds: median {statistics.median(times):.3f} s, "
              f"worst {max(times):.3f} s, nodes median {statistics.median(m for _, m, _ in runs)}"
              f", proven unique {proven}/{n}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="puzzle names (file stems) to run")
    parser.add_argument("--data", type=Path, default=SHARED / "starbattle-large")
    parser.add_argument("--small", action="store_true", help="also ../shared/data/starbattle")
    parser.add_argument("--limit", type=float, default=20.0, help="seconds per solve")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--seeds", type=int, default=0)
    args = parser.parse_args()
    paths = sorted(args.data.glob("*.sb"))
    if args.small:
        paths = sorted((SHARED / "starbattle").glob("*.sb")) + paths
    if args.names:
        paths = [p for p in paths if p.stem in args.names]
    warm_all()
    for path in paths[:1]:  # warm both solvers on one puzzle
        ours(sb.parse(path.read_text()), args.limit)
        cp_sat(sb.parse(path.read_text()), args.limit)
    if args.seeds:
        seeds(paths, args.seeds, args.limit)
    else:
        side_by_side(paths, args.limit, args.repeat)


if __name__ == "__main__":
    main()
