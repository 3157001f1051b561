"""Figures for Net generation in Tatham's style (issue 32), beside Tatham's own generator.

    python benchmarks/bench_net_generate.py [--seeds 10] [--sizes 10,20,30,40,60,80]
        [--wrap-sizes 20,40] [--styles grow,ust] [--limit 60] [--sat-upto 40]
        [--batch 50] [--repeats 5]

For each style (connected rule) and size, ours: every seed made in this one process
(``NET.generate(size=..., connected=True, style=..., seed=s)``, wall clock) after a
warm-up puzzle of the same size and style (it loads the compiled kernels and is not
counted); the median, worst and mean seconds per puzzle, and how many were finished by the
deductions.  Tatham's: ``sgt-net --generate N WxH`` (Debian's sgt-puzzles,
``/usr/games/sgt-net``) run in the same process tree at the same sizes, N puzzles in one
process (``--batch``, 50 by default), its time less that of an empty run (``--generate 1
2x2``, the fastest of 5) divided by N; the median of ``--repeats`` such batches.  Both are
thus per-puzzle times inside a warm process; one process per seed, as before, made
Tatham's 20x20 time (a few ms after start-up) swing 0.0003-0.01 s between runs.  The ratio
is our median over Tatham's per-puzzle time.

Every puzzle up to ``--sat-upto`` tiles a side is proven unique by an independent counter:
a SAT encoding of the tiles' orientations (pycosat, ``pip install pycosat``) whose
solutions are made connected by adding, for every separate part a solution has, the
clause "some link leaves this part" until the solution is one network; the intended
solution must come out, and nothing else once it is blocked.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import time

from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.net.board import DIRECTIONS, Board
from puzzlesmith.results import Limits

NET = get("net")
SGT = shutil.which("sgt-net") or "/usr/games/sgt-net"


# --------------------------------------------------------------------------- SAT counter

def sat_count(board: Board, intended, cap: int = 2) -> int:
    """Solutions of ``board`` under the connected rule, up to ``cap``, by SAT with lazy
    connectivity cuts; the first one found must be ``intended`` (when given)."""
    import pycosat

    rows, cols, n = board.rows, board.cols, board.size
    fit = board.fitting()
    var: dict[tuple[int, int], int] = {}
    clauses: list[list[int]] = []
    options = [[m for m in range(16) if fit[c] >> m & 1] for c in range(n)]
    for c in range(n):
        ids = [var.setdefault((c, m), len(var) + 1) for m in options[c]]
        clauses.append(ids)
        clauses += [[-a, -b] for i, a in enumerate(ids) for b in ids[i + 1:]]
    links: dict[tuple[int, int], int] = {}
    near = board.neighbours()
    for c in range(n):
        for bit, _, _, back in DIRECTIONS:
            d = int(near[bit][c])
            if d < 0 or (d, back) in links:
                continue
            link = links[c, bit] = len(var) + len(links) + 1
            for cell, side in ((c, bit), (d, back)):
                for m in options[cell]:
                    x = var[cell, m]
                    clauses.append([-x, link] if m & side else [-x, -link])
    found = 0
    while found < cap:
        model = pycosat.solve(clauses)
        if model == "UNSAT":
            return found
        on = {v for v in model if v > 0}
        parts = _parts(n, links, on, near)
        if len(parts) > 1:
            for part in parts:
                inside = set(part)
                clauses.append([link for (c, bit), link in links.items()
                                if (c in inside) != (int(near[bit][c]) in inside)])
            continue
        grid = [0] * n
        for (c, m), x in var.items():
            if x in on:
                grid[c] = m
        found += 1
        if found == 1 and intended is not None:
            assert tuple(tuple(grid[i * cols:(i + 1) * cols]) for i in range(rows)) == intended
        clauses.append([-var[c, grid[c]] for c in range(n)])
    return found


def _parts(n: int, links: dict, on: set, near: dict) -> list[list[int]]:
    """The separate networks of a solution (its links ``on``)."""
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for (c, bit), link in links.items():
        if link in on:
            parent[find(c)] = find(int(near[bit][c]))
    groups: dict[int, list[int]] = {}
    for c in range(n):
        groups.setdefault(find(c), []).append(c)
    return list(groups.values())


# --------------------------------------------------------------------------- timing

def ours(size: int, wrap: bool, style: str, seeds: int, limit: float, sat_upto: int):
    """Seconds per puzzle (one process, after a warm-up puzzle of this size), how many the
    deductions finish, how many SAT proved unique, how many failed."""
    _make(size, wrap, style, seeds, limit)                      # warm-up, not counted
    times, deduced, proven, failed = [], 0, 0, 0
    for seed in range(seeds):
        start = time.perf_counter()
        result = _make(size, wrap, style, seed, limit)
        times.append(time.perf_counter() - start)
        if not result.puzzles:
            failed += 1
            continue
        made = result.puzzles[0]
        assert NET.is_solution(made.instance, made.solution)
        deduced += bool(made.details["solved_by_deductions"])
        if size <= sat_upto:
            count = sat_count(made.instance, made.solution)
            assert count == 1, f"{size}x{size} seed {seed}: {count} solutions"
            proven += 1
    return times, deduced, proven, failed


def _make(size: int, wrap: bool, style: str, seed: int, limit: float):
    """One connected puzzle of ``size`` in ``style``."""
    return NET.generate(size=f"{size}x{size}", connected=True, wrap=wrap, style=style,
                        seed=seed, limits=Limits(seconds=limit))


def startup() -> float:
    """Seconds of an empty ``sgt-net`` run (one 2x2 puzzle), the fastest of 5."""
    return min(_run([SGT, "--generate", "1", "2x2#1"]) for _ in range(5))


def tatham(size: int, wrap: bool, batch: int, repeats: int, base: float) -> list[float]:
    """Tatham's seconds per puzzle, one per repeat: ``batch`` puzzles in one process, its
    time less the start-up ``base``, divided by ``batch``."""
    params = f"{size}x{size}" + ("w" if wrap else "")
    return [max(0.0, _run([SGT, "--generate", str(batch), f"{params}#{r}"]) - base) / batch
            for r in range(repeats)]


def _run(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--sizes", default="10,20,30,40,60,80")
    parser.add_argument("--wrap-sizes", default="20,40")
    parser.add_argument("--styles", default="grow,ust")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--sat-upto", type=int, default=40,
                        help="prove every puzzle up to this side unique by SAT")
    parser.add_argument("--batch", type=int, default=50,
                        help="puzzles per sgt-net process")
    parser.add_argument("--repeats", type=int, default=5, help="sgt-net batches per size")
    args = parser.parse_args()
    have_sgt = shutil.which(SGT) is not None
    base = startup() if have_sgt else 0.0
    runs = [(int(s), False) for s in args.sizes.split(",") if s]
    runs += [(int(s), True) for s in args.wrap_sizes.split(",") if s]
    print(f"seconds per puzzle, connected rule. Ours: {args.seeds} seeds in this process "
          f"after a warm-up puzzle of each size; 'deduced': finished by the deductions; "
          f"'SAT': proven unique by the SAT counter. Tatham: (time of one sgt-net process "
          f"making {args.batch} puzzles - {base:.4f} s start-up) / {args.batch}, median "
          f"(and range) of {args.repeats} processes; ratio: our median / his.")
    print(f"{'style':>5} {'size':>7} {'median':>8} {'worst':>8} {'mean':>8} {'deduced':>8} "
          f"{'SAT':>5} {'fail':>5} | {'Tatham':>8} {'min':>8} {'max':>8} {'ratio':>7}")
    for style in args.styles.split(","):
        for size, wrap in runs:
            times, deduced, proven, failed = ours(size, wrap, style, args.seeds, args.limit,
                                                  args.sat_upto)
            med = statistics.median(times)
            line = (f"{style:>5} {size:>4}x{size:<2}{'w' if wrap else ' '}{med:8.3f} "
                    f"{max(times):8.3f} {statistics.fmean(times):8.3f} {deduced:8d} "
                    f"{proven:5d} {failed:5d} |")
            if have_sgt and style == "grow":
                each = tatham(size, wrap, args.batch, args.repeats, base)
                his = statistics.median(each)
                line += (f" {his:8.4f} {min(each):8.4f} {max(each):8.4f} "
                         f"{med / max(his, 1e-5):6.1f}x")
            print(line, flush=True)


if __name__ == "__main__":
    main()
