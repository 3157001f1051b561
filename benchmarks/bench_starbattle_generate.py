"""Figures for the Star Battle generator (issues 6 and 13).

    python benchmarks/bench_starbattle_generate.py [--seeds 10] [--sizes 8/1,10/2,12/2,14/3,17/4]
        [--levels "10/2:easy,medium,hard,expert;14/3:medium,hard;17/4:hard"]

For each size: the median and worst time to generate one proven-unique puzzle (default method
"grow", then "genetic" on the small sizes; by default every puzzle is solvable by rules) and
the share of each rating among them, how many OR-Tools CP-SAT (if installed: ``pip install
ortools``) proves unique and how many the rules finish; then, for each size and level of
``--levels``, the time to make a puzzle of that difficulty (``--difficulty``), how many
seeds succeeded and whether each puzzle rates exactly its level.  Puzzles that hit the
per-puzzle limit count as the limit and are reported.  The ratings of the published
puzzles are in bench_starbattle_rating.py.
"""

from __future__ import annotations

import argparse
import collections
import functools
import statistics
import time

from puzzlesmith.engines.kernels import warm_all
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.starbattle import generate as gen
from puzzlesmith.results import Limits

sb = get("starbattle")


def cp_sat_unique(puzzle, solution) -> bool | None:
    """Whether OR-Tools CP-SAT, a solver independent of puzzlesmith's, finds no solution but
    ``solution`` (None when ortools is not installed)."""
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        return None
    model = cp_model.CpModel()
    star = {cell: model.NewBoolVar(str(cell)) for cell in puzzle.cells()}
    units: dict = collections.defaultdict(list)
    for (r, c), var in star.items():
        units["row", r].append(var)
        units["column", c].append(var)
        units["region", puzzle.grid[r][c]].append(var)
        for other in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
            if other in star:
                model.AddBoolOr([var.Not(), star[other].Not()])
    for (kind, key), members in units.items():
        need = {"row": puzzle.row_stars, "column": puzzle.column_stars}.get(kind)
        model.Add(sum(members) == (need[key] if need else puzzle.region_stars[key]))
    model.Add(sum(star[cell] for cell in solution) <= len(solution) - 1)  # another one?
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    return solver.Solve(model) == cp_model.INFEASIBLE


def generation(sizes: list[tuple[int, int]], seeds: int, method: str, limit: float) -> None:
    print(f"\nmethod {method}: seconds per puzzle over {seeds} seeds; cp-sat: puzzles proven "
          "unique by OR-Tools CP-SAT (- without ortools); by rules: finished by the rules")
    print(f"{'size':>8} {'median':>8} {'worst':>8} {'gave up':>8} {'cp-sat':>7} {'by rules':>8}"
          "  ratings")
    for size, stars in sizes:
        times, ratings, failed, unique, by_rules = [], collections.Counter(), 0, 0, 0
        for seed in range(seeds):
            start = time.perf_counter()
            result = sb.generate(size=str(size), stars=stars, seed=seed, method=method,
                                 limits=Limits(seconds=limit))
            times.append(time.perf_counter() - start)
            if not result.puzzles:
                failed += 1
                continue
            made = result.puzzles[0]
            assert sb.is_solution(made.instance, made.solution)
            ratings[made.rating] += 1
            checked = cp_sat_unique(made.instance, made.solution)
            unique = "-" if checked is None or unique == "-" else unique + checked
            by_rules += made.rating != "needs search"
        shares = ", ".join(f"{level} {n}" for level, n in sorted(ratings.items()))
        print(f"{size:>5}/{stars:<2} {statistics.median(times):8.2f} {max(times):8.2f} "
              f"{failed:8d} {unique!s:>7} {by_rules:>8}  {shares}", flush=True)


def difficulty(targets: list[tuple[int, int, list[str]]], seeds: int, limit: float) -> None:
    print(f"\n--difficulty: seconds per puzzle of each level over {seeds} seeds")
    print(f"{'size':>8} {'level':>8} {'median':>8} {'worst':>8} {'made':>6} {'exact':>6}")
    for size, stars, levels in targets:
        for level in levels:
            times, made, exact = [], 0, 0
            for seed in range(seeds):
                start = time.perf_counter()
                result = sb.generate(size=str(size), stars=stars, seed=seed, difficulty=level,
                                     limits=Limits(seconds=limit))
                times.append(time.perf_counter() - start)
                made += len(result.puzzles)
                exact += sum(sb.rate(p.instance).level == level for p in result.puzzles)
            print(f"{size:>5}/{stars:<2} {level:>8} {statistics.median(times):8.2f} "
                  f"{max(times):8.2f} {made:>3}/{seeds} {exact:>3}/{seeds}", flush=True)


# --profile: the generator's stages, timed by wrapping its functions (wall seconds, calls)
STAGES = {"_random_placement": "placement", "_grow_regions": "regions",
          "_second_solution": "repair proofs", "proven_unique": "easing proofs",
          "_state": "rule solving", "rate": "rating"}
OUTCOMES = {"_repair": "repair failed", "_to_level": "level failed"}


def _instrument(seconds: collections.Counter, calls: collections.Counter) -> None:
    """Wrap the generator's stage functions so each call adds to ``seconds`` and ``calls``."""
    for name, stage in {**STAGES, **OUTCOMES}.items():
        inner = getattr(gen, name)

        @functools.wraps(inner)
        def timed(*args, _inner=inner, _stage=stage, **kwargs):
            start = time.perf_counter()
            try:
                out = _inner(*args, **kwargs)
            finally:
                seconds[_stage] += time.perf_counter() - start
            calls[_stage] += 1
            failed = out is None or (isinstance(out, tuple) and out[0] is None)
            if _stage in OUTCOMES.values() and failed:
                calls[_stage + " (None)"] += 1
            return out

        setattr(gen, name, timed)


def profile(sizes: list[tuple[int, int]], seeds: int, limit: float) -> None:
    """Per size: medians over seeds of the seconds in each stage, its calls, the attempts and
    repairs, and the total (one generation per seed, ``limit`` seconds each)."""
    seconds, calls = collections.Counter(), collections.Counter()
    _instrument(seconds, calls)
    print(f"\n--profile: per seed, seconds in each stage (calls); limit {limit:g} s")
    for size, stars in sizes:
        rows = []
        for seed in range(seeds):
            seconds.clear()
            calls.clear()
            start = time.perf_counter()
            result = sb.generate(size=str(size), stars=stars, seed=seed,
                                 limits=Limits(seconds=limit))
            total = time.perf_counter() - start
            made = result.puzzles[0].rating if result.puzzles else "GAVE UP"
            extra = result.stats.extra
            rows.append((total, dict(seconds), dict(calls)))
            parts = " ".join(f"{stage} {seconds[stage]:.1f}({calls[stage]})"
                             for stage in STAGES.values() if calls[stage])
            fails = " ".join(f"{k} {v}" for k, v in calls.items() if k.endswith("(None)"))
            print(f"{size:>3}/{stars:<2} seed {seed}: {total:6.1f} s {made:>8}  attempts "
                  f"{extra.get('attempts')} repairs {extra.get('repairs')}  {parts}  {fails}",
                  flush=True)
        med = statistics.median
        print(f"{size:>3}/{stars:<2} median total {med(r[0] for r in rows):.1f} s; median "
              "seconds (calls) per stage: " + ", ".join(
                  f"{stage} {med(r[1].get(stage, 0) for r in rows):.1f}"
                  f"({med(r[2].get(stage, 0) for r in rows):g})" for stage in STAGES.values()),
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--sizes", default="8/1,10/2,12/2,14/3,17/4")
    parser.add_argument("--genetic-sizes", default="8/1,10/2")
    parser.add_argument("--levels", default="10/2:easy,medium,hard,expert;14/3:medium,hard;"
                                             "17/4:hard",
                        help="SIZE/STARS:LEVEL,... separated by ';'")
    parser.add_argument("--limit", type=float, default=120.0, help="seconds per puzzle")
    parser.add_argument("--profile", action="store_true",
                        help="only time the generator's stages at --sizes (--timeout each)")
    parser.add_argument("--timeout", type=float, default=None,
                        help="seconds per puzzle (same as --limit)")
    args = parser.parse_args()
    if args.timeout is not None:
        args.limit = args.timeout

    def sizes(text: str) -> list[tuple[int, int]]:
        return [tuple(map(int, part.split("/"))) for part in text.split(",") if part]

    warm_all()  # load the compiled kernels first
    if args.profile:
        profile(sizes(args.sizes), args.seeds, args.limit)
        return
    generation(sizes(args.sizes), args.seeds, "grow", args.limit)
    if sizes(args.genetic_sizes):
        generation(sizes(args.genetic_sizes), args.seeds, "genetic", args.limit)
    targets = []
    for part in args.levels.split(";"):
        if part:
            shape, levels = part.split(":")
            targets.append((*map(int, shape.split("/")), levels.split(",")))
    difficulty(targets, args.seeds, args.limit)


if __name__ == "__main__":
    main()
