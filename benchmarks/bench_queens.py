"""N-Queens figures of issue 5: medians over several seeds, side by side with simanneal/deap.

    PYTHONPATH=src python benchmarks/bench_queens.py            # everything but counting 18
    PYTHONPATH=src python benchmarks/bench_queens.py --count-18 # add N = 18 (a minute or two)
    PYTHONPATH=src python benchmarks/bench_queens.py --only anneal,ga --seeds 5

Sections: ``anneal`` (32 and 10^4), ``ga`` (32), ``minconflicts`` (compile cost, 10^6, 10^7),
``count`` (14, 16, optionally 18, on every core).  simanneal and deap are used when installed
(``pip install puzzlesmith[bench]``); a missing one is reported, not an error.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from importlib.metadata import version
from pathlib import Path

from puzzlesmith.cores import default_jobs
from puzzlesmith.engines.annealing import anneal
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.queens import KNOWN_COUNTS, Board, solve
from puzzlesmith.puzzles.queens.solve import SwapModel, annealing_schedule

QUEENS = get("queens")


def is_solution(rows) -> bool:
    return rows is not None and QUEENS.is_solution(Board(len(rows)), rows).ok

SRC = Path(__file__).resolve().parents[1] / "src"


def timed(f, *args, **kwargs):
    began = time.perf_counter()
    value = f(*args, **kwargs)
    return time.perf_counter() - began, value


def report(label, times, solved, extra=""):
    med = statistics.median(times)
    spread = f"{min(times):.3f}-{max(times):.3f}"
    print(f"  {label:<44} median {med:8.3f} s  ({spread}; {solved}/{len(times)} solved){extra}",
          flush=True)


def run_method(n, method, seeds, label=None):
    """Wall time of ``solve`` (including the list of rows it returns), and of the solver
    alone (``stats.seconds``)."""
    times, inner, cpu, ok = [], [], [], 0
    for seed in seeds:
        before = time.process_time()
        t, r = timed(QUEENS.solve, Board(n), method=method, seed=seed)
        cpu.append(time.process_time() - before)
        times.append(t)
        inner.append(r.stats.seconds)
        ok += r.status.value == "solved" and is_solution(r.solution)
    report(label or f"{method} N={n:,}", times, ok,
           f"; solver alone {statistics.median(inner):.3f} s; CPU {statistics.median(cpu):.3f} s")


# -- annealing -------------------------------------------------------------------------------

def generic_anneal(n, seed):
    """The seed's model in the generic (pure Python) engine, O(1) move with undo."""
    model = SwapModel(Board(n))
    return anneal(model.start, model.energy, model.move, undo=model.undo, copy=list,
                  schedule=annealing_schedule(n), target=0, restarts=1000, seed=seed)


@contextmanager
def compiled_from(n):
    """Run annealing and min-conflicts as compiled kernels from ``n`` queens (the library
    switches at ``solve.COMPILED_FROM`` = 100)."""
    saved, solve.COMPILED_FROM = solve.COMPILED_FROM, n
    try:
        yield
    finally:
        solve.COMPILED_FROM = saved


def simanneal_anneal(n, seed, budget):
    """The same model in simanneal: same schedule, O(1) energy change, stop at 0 conflicts.

    simanneal restores a rejected state by copying; the counters follow by undoing the last
    swap when ``self.state`` is no longer the list that was moved."""
    from simanneal import Annealer

    schedule = annealing_schedule(n)

    class Queens(Annealer):
        def __init__(self, state, model):
            self.model = model
            self.moved = None
            self.last_delta = 0
            self.total = model.energy(state)
            self.deadline = time.perf_counter() + budget
            super().__init__(state)

        def move(self):
            if self.moved is not None and self.state is not self.moved:
                # the last move was rejected and simanneal restored a copy: make the
                # counters follow (redo the swap on the copy, then undo it with the counters)
                a, b = self.model.last
                s = self.state
                s[a], s[b] = s[b], s[a]
                self.model._swap(s, a, b)
                self.total -= self.last_delta
            delta = self.model.move(self.state, rng)
            self.moved, self.last_delta = self.state, delta
            self.total += delta
            if self.total == 0 or time.perf_counter() > self.deadline:
                self.user_exit = True
            return delta

        def energy(self):
            return self.model.energy(self.state)

        def update(self, *args, **kwargs):
            pass

    rng = random.Random(seed)
    random.seed(seed)  # simanneal draws acceptance from the global random
    model = SwapModel(Board(n))
    annealer = Queens(model.start(rng), model)
    annealer.Tmax, annealer.Tmin = schedule.t0, schedule.t_min
    annealer.steps = schedule.total_steps
    annealer.updates = 0
    annealer.copy_strategy = "slice"
    state, energy = annealer.anneal()
    return state, energy


def bench_anneal(seeds):
    print("simulated annealing, the seed's model (swap two columns, T0=90, alpha=0.997)")
    times, ok = [], 0
    for seed in seeds:
        t, r = timed(generic_anneal, 32, seed)
        times.append(t)
        ok += r.status.value == "solved" and is_solution(r.state)
    report("generic engine (Python), N=32", times, ok)
    with compiled_from(1):
        QUEENS.solve(Board(32), method="annealing", seed=0)  # load/compile first
        times, ok = [], 0
        for seed in seeds:
            t, r = timed(QUEENS.solve, Board(32), method="annealing", seed=seed)
            times.append(t)
            ok += is_solution(r.solution)
    report("numba kernel (in chunks), N=32", times, ok)
    try:
        import simanneal  # noqa: F401
    except ImportError:
        print("  simanneal not installed (pip install simanneal): skipped")
    else:
        times, ok = [], 0
        for seed in seeds:
            t, (state, energy) = timed(simanneal_anneal, 32, seed, 30.0)
            times.append(t)
            ok += energy == 0 and is_solution(state)
        report(f"simanneal {version('simanneal')}, same model, N=32", times, ok)
        t, (state, energy) = timed(simanneal_anneal, 10**4, seeds[0], 30.0)
        print(f"  simanneal, same model, N=10,000: {'solved' if energy == 0 else 'not solved'} "
              f"after {t:.1f} s (capped at 30 s; energy {energy})")
    run_method(10**4, "annealing", seeds, "puzzlesmith (numba kernel), N=10,000")


# -- genetic algorithm -----------------------------------------------------------------------

def deap_queens(n, seed, budget):
    """DEAP on the same model: permutations, ordered crossover, shuffle mutation,
    tournament selection, the same fitness; stop at 0 or after ``budget`` seconds."""
    from deap import base, creator, tools

    random.seed(seed)
    if not hasattr(creator, "QueensFitness"):
        creator.create("QueensFitness", base.Fitness, weights=(-1.0,))
        creator.create("QueensIndividual", list, fitness=creator.QueensFitness)
    tb = base.Toolbox()
    tb.register("perm", random.sample, range(n), n)
    tb.register("individual", tools.initIterate, creator.QueensIndividual, tb.perm)
    tb.register("population", tools.initRepeat, list, tb.individual)

    def fitness(rows):
        return (2 * n - len({c + r for c, r in enumerate(rows)})
                - len({c - r for c, r in enumerate(rows)}),)

    tb.register("evaluate", fitness)
    tb.register("mate", tools.cxOrdered)
    tb.register("mutate", tools.mutShuffleIndexes, indpb=2.0 / n)
    tb.register("select", tools.selTournament, tournsize=3)
    pop = tb.population(n=200)
    for ind in pop:
        ind.fitness.values = tb.evaluate(ind)
    deadline = time.perf_counter() + budget
    while time.perf_counter() < deadline:
        best = min(pop, key=lambda i: i.fitness.values[0])
        if best.fitness.values[0] == 0:
            return list(best)
        offspring = [tb.clone(i) for i in tb.select(pop, len(pop))]
        for a, b in zip(offspring[::2], offspring[1::2], strict=False):
            if random.random() < 0.7:
                tb.mate(a, b)
                del a.fitness.values, b.fitness.values
        for ind in offspring:
            if random.random() < 0.3:
                tb.mutate(ind)
                del ind.fitness.values
        for ind in offspring:
            if not ind.fitness.valid:
                ind.fitness.values = tb.evaluate(ind)
        offspring[0] = tb.clone(best)  # elitism
        pop = offspring
    return None


def bench_ga(seeds):
    print("genetic algorithm, the seed's contract (permutations, OX crossover)")
    run_method(32, "genetic", seeds, "puzzlesmith GeneticAlgorithm, N=32")
    try:
        import deap  # noqa: F401
    except ImportError:
        print("  deap not installed (pip install deap): skipped")
        return
    times, ok = [], 0
    for seed in seeds:
        t, rows = timed(deap_queens, 32, seed, 20.0)
        times.append(t)
        ok += rows is not None and is_solution(rows)
    report(f"deap {version('deap')}, same model, N=32 (cap 20 s)", times, ok)


# -- min-conflicts ---------------------------------------------------------------------------

FIRST_CALL = ("import time; t0 = time.perf_counter(); import numba; "
              "t1 = time.perf_counter(); "
              "from puzzlesmith.puzzles.queens import kernels as k; "
              "k.warm(); t2 = time.perf_counter(); "
              "print(t1 - t0, t2 - t1)")


def bench_minconflicts(seeds, big):
    print("min-conflicts (numba kernel, greedy start, swaps)")
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PYTHONPATH": str(SRC), "NUMBA_CACHE_DIR": cache}
        for label in ("first run, compiling (empty cache)", "later run, loaded from cache"):
            out = subprocess.run([sys.executable, "-c", FIRST_CALL], env=env, check=True,
                                 capture_output=True, text=True).stdout
            numba_import, kernel = map(float, out.split())
            print(f"  {label:<44} {kernel:8.3f} s  (all four queens kernels; importing numba "
                  f"itself {numba_import:.2f} s)")
    QUEENS.solve(Board(1000), method="minconflicts", seed=0)  # load the kernels here
    run_method(10**6, "minconflicts", seeds, "N=1,000,000")
    if big:
        run_method(10**7, "minconflicts", seeds[:3], "N=10,000,000")
    run_method(10**7 if big else 10**6, "construct", seeds[:3], "construct (O(N) formula)")


# -- counting --------------------------------------------------------------------------------

def bench_count(with_18):
    cores = default_jobs()
    print(f"counting all solutions (bitmask backtracking, eight symmetries, {cores} cores)")
    QUEENS.count(Board(8))  # load the kernels
    for n, reps in ((14, 5), (16, 3)) + (((18, 1),) if with_18 else ()):
        times, cpu, ok = [], [], 0
        for _ in range(reps):
            before = cpu_seconds()
            t, r = timed(QUEENS.count, Board(n), processes=cores if n >= 16 else None)
            cpu.append(cpu_seconds() - before)
            times.append(t)
            ok += r.complete and r.count == KNOWN_COUNTS[n]
        report(f"count N={n} = {KNOWN_COUNTS[n]:,}", times, ok,
               f"; CPU {statistics.median(cpu):.2f} s on {r.stats.extra['processes']} "
               f"process(es)")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"  (load average {load:.2f} on {cores} cores: other work slows the wall times)")


def cpu_seconds():
    """User + system CPU time of this process and its finished children."""
    import resource

    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--only", default="anneal,ga,minconflicts,count")
    parser.add_argument("--count-18", action="store_true", help="also count N = 18")
    parser.add_argument("--no-10m", action="store_true", help="skip 10^7 queens")
    args = parser.parse_args()
    seeds = list(range(1, args.seeds + 1))
    only = set(args.only.split(","))
    print(f"python {sys.version.split()[0]}, {default_jobs()} cores; medians over "
          f"{len(seeds)} seeds\n")
    if "anneal" in only:
        bench_anneal(seeds)
    if "ga" in only:
        bench_ga(seeds)
    if "minconflicts" in only:
        bench_minconflicts(seeds, not args.no_10m)
    if "count" in only:
        bench_count(args.count_18)


if __name__ == "__main__":
    main()
