"""Net figures: solve + decide uniqueness on random spanning-tree puzzles, and generation.

    PYTHONPATH=src python benchmarks/bench_net.py --sizes 80 160 --count 10
    PYTHONPATH=src python benchmarks/bench_net.py --generate 20 40 --count 3
    PYTHONPATH=src python benchmarks/bench_net.py --sizes 80 160 320 640 --count 5 --each

Prints median and worst seconds per (size, style, rule), model building included.  With
pycosat, python-sat (CaDiCaL 1.9.5) and/or OR-Tools installed (extra ``bench``), the same
plain model (one-hot rotations, matching connectors; the connected rule by lazy loop cuts:
solve, cut every loop of the answer, solve again; take two with a blocking clause; one
CP-SAT worker, local rule only) runs side by side on the same puzzles.  ``--each`` prints
one line per instance with the ratios; ``--timeout`` caps puzzlesmith's instances;
``--slow`` adds the slow cases kept from issue 16 (:data:`SLOW`).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace
from pathlib import Path

from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.net.board import DIRECTIONS, DOWN, RIGHT, Board, rotate, rotations
from puzzlesmith.puzzles.net.generate import STYLES, spanning_tree
from puzzlesmith.results import Limits

NET = get("net")

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "net"

#: Slow cases found for issue 16 (size, style, seed of :func:`scrambled`): grown 320x320
#: boards whose connected rule took puzzlesmith over 40 s (seeds 0-5 all did), and the seeds
#: of 0-19 whose local rule needed the most nodes (8: 46,672; 15: 45,255).
SLOW = [(320, "grow", 0), (320, "grow", 1), (320, "grow", 8), (320, "grow", 15)]


def scrambled(size: int, style: str, seed: int) -> Board:
    rng = random.Random(seed)
    tree = spanning_tree(size, size, style=style, rng=rng)
    return Board(tuple(tuple(rotate(t, rng.randrange(4)) for t in row) for row in tree))


def ours(board: Board, connected: bool, timeout: float | None = None) -> float | None:
    """Seconds to solve and decide uniqueness (take two), model building included; None
    past ``timeout``."""
    board = replace(board, connected=connected)
    start = time.perf_counter()
    result = NET.solve(board, unique=True, limits=Limits(seconds=timeout))
    took = time.perf_counter() - start
    if result.unique is None:
        return None
    assert NET.is_solution(board, result.solution)
    return took


def ours_stats(board: Board, connected: bool, timeout: float | None = None) -> str:
    """The engine's counters on one instance (nodes, failures, restarts, parts)."""
    result = NET.solve(replace(board, connected=connected), unique=True,
                       limits=Limits(seconds=timeout))
    extra = {k: v for k, v in result.stats.extra.items() if k != "solutions"}
    return f"{result.status.value}, {result.stats.nodes} nodes, {extra}"


def pycosat_run(board: Board, connected: bool = False) -> float | None:
    """pycosat on a one-hot model; the connected rule by lazy loop cuts; take two."""
    done = pycosat_count(board, connected)
    return None if done is None else done[0]


def cadical_run(board: Board, connected: bool = False) -> float | None:
    """CaDiCaL (python-sat) on the same model, incrementally: loop cuts and the blocking
    clause are added to the running solver (python-sat cannot interrupt CaDiCaL, so it
    always runs to the end)."""
    try:
        from pysat.solvers import Solver
    except ImportError:
        return None
    start = time.perf_counter()
    clauses, link, rotation_vars = _clauses(board, connected)
    found = 0
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        while found < 2 and solver.solve():
            on = {v for v in solver.get_model() if v > 0}
            loops = _loops(link, on) if connected else []
            for loop in loops:
                solver.add_clause([-v for v in loop])
            if loops:
                continue
            found += 1
            solver.add_clause([-v for v in on if v <= rotation_vars])
    return time.perf_counter() - start


def pycosat_count(board: Board, connected: bool) -> tuple[float, int] | None:
    """(seconds, solutions found up to 2) with pycosat."""
    try:
        import pycosat
    except ImportError:
        return None
    start = time.perf_counter()
    clauses, link, rotation_vars = _clauses(board, connected)
    found = []
    while len(found) < 2:
        model = pycosat.solve(clauses)
        if model == "UNSAT":
            break
        on = {v for v in model if v > 0}
        loops = _loops(link, on) if connected else []
        clauses += [[-v for v in loop] for loop in loops]     # cut these loops
        if loops:
            continue
        found.append(on)
        clauses.append([-v for v in on if v <= rotation_vars])
    return time.perf_counter() - start, len(found)


def _clauses(board: Board, connected: bool) -> tuple[list, dict, int]:
    """The one-hot model's clauses, the link variables (connected rule) and the number of
    rotation variables."""
    cell, clauses, ident = {}, [], 0
    for (i, j), options in _local_options(board).items():
        cell[i, j] = []
        for r in options:
            ident += 1
            cell[i, j].append((r, ident))
        ids = [v for _, v in cell[i, j]]
        clauses.append(ids)
        clauses += [[-a, -b] for k, a in enumerate(ids) for b in ids[k + 1:]]
    rotation_vars = ident
    link = {}                                  # (cell, bit) of a right/down link -> variable
    for (i, j), options in cell.items():
        for bit, di, dj, back in DIRECTIONS:
            there = board.neighbour(i, j, di, dj)
            if there is None:
                continue
            mine = [v for r, v in options if r & bit]
            theirs = [v for r, v in cell[there] if r & back]
            clauses += [[-m, *theirs] for m in mine]
            if connected and bit in (RIGHT, DOWN):
                ident += 1
                link[(i, j), bit] = (ident, there)
                clauses += [[-m, ident] for m in mine] + [[-ident, *mine]]
    return clauses, link, rotation_vars


def _loops(link: dict, on: set) -> list[list[int]]:
    """The link variables of loops among the links that are on: one per link that closes
    a loop over the links before it (none: the links form a forest)."""
    parent: dict = {}

    def find(x):
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    adj: dict = {}
    loops = []
    for (c, _), (v, d) in link.items():
        if v in on:
            rc, rd = find(c), find(d)
            if rc == rd:                                   # c-d closes a loop: find the path
                loops.append([v, *_path(adj, c, d)])
                continue
            parent[rc] = rd
            adj.setdefault(c, []).append((d, v))
            adj.setdefault(d, []).append((c, v))
    return loops


def _path(adj: dict, a, b) -> list[int]:
    back = {a: None}
    todo = [a]
    while todo:
        c = todo.pop()
        for d, v in adj.get(c, ()):
            if d not in back:
                back[d] = (c, v)
                todo.append(d)
    out, c = [], b
    while back[c] is not None:
        c, v = back[c]
        out.append(v)
    return out


def _local_options(board: Board) -> dict:
    """Per cell, the rotations that point nowhere off the board."""
    return {(i, j): [r for r in rotations(board.tiles[i][j])
                     if all(not r & bit or board.neighbour(i, j, di, dj) is not None
                            for bit, di, dj, _ in DIRECTIONS)]
            for i in range(board.rows) for j in range(board.cols)}


def cpsat_local(board: Board) -> float | None:
    """OR-Tools CP-SAT on the same one-hot model; take two with a blocking clause."""
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        return None
    start = time.perf_counter()
    m = cp_model.CpModel()
    x = {}
    for cell, options in _local_options(board).items():
        for r in options:
            x[cell, r] = m.NewBoolVar("")
        m.AddExactlyOne(x[cell, r] for r in options)
    options = _local_options(board)
    for (i, j), rs in options.items():
        for bit, di, dj, back in DIRECTIONS:
            there = board.neighbour(i, j, di, dj)
            if there is None:
                continue
            theirs = [x[there, r] for r in options[there] if r & back]
            for r in rs:
                if r & bit:
                    m.AddBoolOr([x[(i, j), r].Not(), *theirs])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if solver.Solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        chosen = [v for v in x.values() if solver.Value(v)]
        m.AddBoolOr([v.Not() for v in chosen])
        solver.Solve(m)
    return time.perf_counter() - start


def summary(times: list[float]) -> str:
    return f"median {statistics.median(times):7.3f} s   worst {max(times):7.3f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[80, 160])
    parser.add_argument("--generate", type=int, nargs="*", default=[])
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--no-sat", action="store_true", help="skip pycosat and CP-SAT")
    parser.add_argument("--sat-connected-upto", type=int, default=80,
                        help="largest size for pycosat's lazy loop cuts (slow: re-solves)")
    parser.add_argument("--shared", default=str(SHARED), help="folder of the shared instances")
    parser.add_argument("--each", action="store_true",
                        help="one line per instance: puzzlesmith, pycosat, CaDiCaL, ratios")
    parser.add_argument("--seeds", type=int, nargs="*", help="these seeds (default 0..count-1)")
    parser.add_argument("--styles", nargs="*", default=list(STYLES), choices=STYLES)
    parser.add_argument("--rules", nargs="*", default=["local", "connected"],
                        choices=["local", "connected"])
    parser.add_argument("--slow", action="store_true", help="the slow cases of issue 16")
    parser.add_argument("--timeout", type=float, default=None,
                        help="seconds per instance for puzzlesmith (then '>T')")
    parser.add_argument("--stats", action="store_true", help="puzzlesmith's counters too")
    args = parser.parse_args()
    if args.each or args.slow:
        each(args)
        return
    ours(scrambled(5, "ust", 0), True)                     # load the compiled kernels
    shared = sorted(Path(args.shared).glob("net_*x*_[0-9].txt"))
    if shared:
        boards = [NET.parse(path.read_text()) for path in shared]
        for connected in (False, True):
            rule = "connected" if connected else "local"
            times = [ours(b, connected) for b in boards]
            print(f"shared ({len(boards)} instances) {rule:9} puzzlesmith  {summary(times)}")
    for size in args.sizes:
        for style in STYLES:
            boards = [scrambled(size, style, seed) for seed in range(args.count)]
            for connected in (False, True):
                rule = "connected" if connected else "local"
                times = [ours(b, connected) for b in boards]
                print(f"{size}x{size} {style:4} {rule:9} puzzlesmith  {summary(times)}")
            if args.no_sat:
                continue
            for connected in (False, True):
                if connected and size > args.sat_connected_upto:
                    continue
                rule = "connected" if connected else "local"
                sat = [pycosat_run(b, connected) for b in boards]
                if sat[0] is not None:
                    print(f"{size}x{size} {style:4} {rule:9} pycosat      {summary(sat)}")
            cp = [cpsat_local(b) for b in boards]
            if cp[0] is not None:
                print(f"{size}x{size} {style:4} local     CP-SAT       {summary(cp)}")
    for size in args.generate:
        for connected in (False, True):
            times = []
            for seed in range(args.count):
                start = time.perf_counter()
                made = NET.generate(size=f"{size}x{size}", connected=connected, seed=seed)
                times.append(time.perf_counter() - start)
                assert made.status.value == "solved"
            rule = "connected" if connected else "local"
            print(f"generate {size}x{size} {rule:9} {summary(times)}")


def _ratio(theirs: float | None, mine: float | None) -> str:
    return "    -" if theirs is None or mine is None else f"{theirs / mine:7.1f}x"


def each(args) -> None:
    """One line per instance, every solver on it in turn, ratios against puzzlesmith."""
    ours(scrambled(5, "ust", 0), True)                     # load the compiled kernels
    cases = list(SLOW) if args.slow else []
    seeds = args.seeds if args.seeds is not None else list(range(args.count))
    cases += [(size, style, seed) for size in args.sizes for style in args.styles
              for seed in seeds]
    show = (lambda t: "      -" if t is None else f"{t:7.2f}")
    print("size style seed rule       puzzlesmith  pycosat  CaDiCaL   pycosat/ps  CaDiCaL/ps")
    for size, style, seed in cases:
        board = scrambled(size, style, seed)
        for rule in args.rules:
            connected = rule == "connected"
            mine = ours(board, connected, args.timeout)
            sat = None if args.no_sat or (connected and size > args.sat_connected_upto) \
                else pycosat_run(board, connected)
            cad = None if args.no_sat else cadical_run(board, connected)
            me = f">{args.timeout:.0f}" if mine is None else show(mine).strip()
            print(f"{size:4} {style:4} {seed:4} {rule:9} {me:>12} {show(sat)} {show(cad)}"
                  f"   {_ratio(sat, mine):>9}  {_ratio(cad, mine):>9}", flush=True)
            if args.stats:
                print("     ", ours_stats(board, connected, args.timeout), flush=True)


if __name__ == "__main__":
    main()
