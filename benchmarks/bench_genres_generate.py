"""Generation of the declared genres (issue 42) beside Tatham's generators.

    python benchmarks/bench_genres_generate.py [--seeds 15] [--tier-seeds 9] [--batch 20]
        [--repeats 3] [--levels-size 6] [--level-seeds 3] [--only shikaku,fillomino]

Ours, two ways, every seed in this one process after a warm-up puzzle (not counted), as
``puzzlesmith generate`` does by default: at any level,
``genres.generate.generate(genre, rows, cols, seed=s)`` then the level the command prints
(``deduce.level_at_most(genre, g, "extreme")``, as GenrePuzzle.generate_one); at the level
of the preset's tier, ``generate(..., difficulty=L)`` (its level comes from its last level
check: no second rating).  :data:`TIER_LEVEL` maps Tatham's
tier to the level most of his puzzles of the tier rate at (bench_genres_rating.py: Light Up
d1 10x10 medium 10/10, d2 10x10 medium 7/10 and 14x14 medium 9/10, Loopy h hard 8/10,
Singles k medium 10/10).  The median and worst seconds per unique puzzle, the tries (answers
thrown away) and the clues.  Each puzzle is proven unique by a second method: a fresh model
of the whole genre counted to 2 by another SAT solver (glucose4; the generator uses
cadical153 incrementally, with clue selectors), and its answer passes the genre's direct
check; a puzzle asked at a level must rate at it.  A rating at any level may run for
minutes (depth-2 trials on a puzzle that needs them or more): it stops at ``--rate-seconds``
and the line says how many did.

Tatham's: ``sgt-GAME --generate N PRESET`` (Debian's sgt-puzzles), N puzzles in one process
(``--batch``), its time less that of an empty run (one puzzle at the smallest size, the
fastest of 5) divided by N; the median of ``--repeats`` batches, as
``bench_net_generate.py`` does.  The ratio is our median over Tatham's per-puzzle time.
On a loaded machine both clocks swing; the CPU columns (ours: this process's CPU seconds;
Tatham's: his children's, from ``getrusage``, less the empty run's) are steadier.

Then the difficulty check: puzzles asked at each level (small grids) rate at that level.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import time

from puzzlesmith.errors import LimitReached
from puzzlesmith.genres.declared import GENRES
from puzzlesmith.genres.deduce import level_at_most, rate
from puzzlesmith.genres.generate import generate
from puzzlesmith.genres.solve import count
from puzzlesmith.results import Limits

CASES = [  # genre, rows, cols, Tatham's game and preset (None: Tatham has no such game)
    ("lightup", 10, 10, "lightup", "10x10b20s2d1"),
    ("lightup", 14, 14, "lightup", "14x14b20s2d2"),
    ("slitherlink", 10, 10, "loopy", "10x10t0dh"),
    ("hitori", 10, 10, "singles", "10x10dk"),
    ("nurikabe", 10, 10, None, None),
    ("shikaku", 7, 7, "rect", "7x7"),
    ("shikaku", 11, 11, "rect", "11x11"),
    ("shikaku", 15, 15, "rect", "15x15"),
    ("shikaku", 19, 19, "rect", "19x19"),
    ("fillomino", 7, 9, "filling", "9x7"),
    ("fillomino", 9, 13, "filling", "13x9"),
    ("fillomino", 13, 17, "filling", "17x13"),
    ("masyu", 10, 10, "pearl", "10x10dt"),
    ("masyu", 10, 10, "pearl", "10x10de"),
    ("masyu", 6, 6, "pearl", "6x6dt"),
    ("masyu", 8, 8, "pearl", "8x8dt"),
    ("masyu", 8, 12, "pearl", "12x8dt"),
    ("slant", 10, 12, "slant", "12x10dh"),
    ("slant", 10, 12, "slant", "12x10de"),
    ("slant", 5, 5, "slant", "5x5dh"),
    ("slant", 8, 8, "slant", "8x8dh"),
    ("kurodoko", 6, 9, "range", "9x6"),
    ("kurodoko", 8, 12, "range", "12x8"),
    ("kurodoko", 9, 13, "range", "13x9"),
    ("kurodoko", 11, 16, "range", "16x11"),
    ("heyawake", 10, 10, None, None),
    ("lits", 10, 10, None, None),
    ("norinori", 10, 10, None, None),
]  # Tatham's presets are WIDTHxHEIGHT: 13x9 is 9 rows of 13
TIER_LEVEL = {("lightup", "10x10b20s2d1"): "medium", ("lightup", "14x14b20s2d2"): "medium",
              ("loopy", "10x10t0dh"): "hard", ("singles", "10x10dk"): "medium"}
EMPTY = {"lightup": "3x3b20s0d0", "loopy": "3x3t0de", "singles": "2x2de", "rect": "2x2",
         "filling": "2x2", "pearl": "5x5de", "slant": "2x2de", "range": "3x3"}
LEVEL_CASES = [("lightup", ("easy", "medium", "hard")), ("hitori", ("easy", "medium")),
               ("nurikabe", ("medium",)), ("slitherlink", ("easy", "medium", "hard")),
               ("masyu", ("easy", "medium", "hard")), ("slant", ("easy", "medium", "hard"))]


def ours(name: str, rows: int, cols: int, seeds: int, level: str | None,
         rate_seconds: float) -> list[tuple]:
    """(seconds, tries, clues, CPU seconds, rating stopped) per seed, after a warm-up, at
    ``level`` (None: any level, then rated, the rating stopped after ``rate_seconds``); each
    puzzle proven unique (and at the level)."""
    genre = GENRES[name]
    generate(genre, rows, cols, seed=10_000, difficulty=level)
    found = []
    for seed in range(seeds):
        start, cpu = time.perf_counter(), time.process_time()
        made = generate(genre, rows, cols, seed=seed, difficulty=level)
        stopped = False
        if level is None:
            try:
                level_at_most(genre, made.givens, "extreme", limits=Limits(seconds=rate_seconds))
            except LimitReached:
                stopped = True
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        proof = count(genre, made.givens, 2, solver="glucose4", keep=True)
        if proof.count != 1 or proof.solutions[0] != made.answer \
                or not genre.check(made.givens, made.answer).ok:
            raise SystemExit(f"{name} seed {seed}: not unique by the second method")
        if level is not None and rate(genre, made.givens).level != level:
            raise SystemExit(f"{name} seed {seed}: asked {level}, rates otherwise")
        found.append((seconds, made.tries, len(made.givens.numbers), cpu, stopped))
    return found


def tatham(game: str, preset: str, batch: int, repeats: int) -> tuple[float, float] | None:
    """Tatham's median seconds and CPU seconds per puzzle (None: the game is not here)."""
    command = shutil.which(f"sgt-{game}") or f"/usr/games/sgt-{game}"
    if not shutil.os.path.exists(command):
        return None
    empty = [_run([command, "--generate", "1", f"{EMPTY[game]}#1"]) for _ in range(5)]
    base, base_cpu = min(t for t, _ in empty), min(c for _, c in empty)
    runs = [_run([command, "--generate", str(batch), f"{preset}#{r}"]) for r in range(repeats)]
    return (statistics.median(max(0.0, t - base) / batch for t, _ in runs),
            statistics.median(max(0.0, c - base_cpu) / batch for _, c in runs))


def _run(command: list[str]) -> tuple[float, float]:
    """The wall and CPU seconds of one run of ``command``."""
    start, cpu = time.perf_counter(), _children_cpu()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start, _children_cpu() - cpu


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _stopped(found: list[tuple], seconds: float) -> str:
    """How many ratings stopped at the limit (their time counts as the limit)."""
    stopped = sum(row[4] for row in found)
    return f"  ({stopped} ratings stopped at {seconds:g} s)" if stopped else ""


def _figure(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds:.4f}"


def _ratio(ours_: float, theirs: float | None) -> str:
    return f"{ours_ / theirs:.1f}x" if theirs else "-"


def levels(size: int, seeds: int, only: set[str]) -> list[str]:
    """One line per genre and level: how many of the puzzles asked at it rate at it."""
    lines = []
    for name, asked in LEVEL_CASES:
        if only and name not in only:
            continue
        genre = GENRES[name]
        for level in asked:
            start, right = time.perf_counter(), 0
            for seed in range(seeds):
                made = generate(genre, size, size, seed=seed, difficulty=level)
                right += rate(genre, made.givens).level == level \
                    and count(genre, made.givens, 2).count == 1
            lines.append(f"{name:<12} {size}x{size} {level:<8} {right}/{seeds} rate at the level"
                         f"  {(time.perf_counter() - start) / seeds:.3f} s each")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=15)
    parser.add_argument("--batch", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--tier-seeds", type=int, default=9)
    parser.add_argument("--rate-seconds", type=float, default=10.0,
                        help="limit of the rating at any level")
    parser.add_argument("--levels-size", type=int, default=6)
    parser.add_argument("--level-seeds", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated genres (default: all)")
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    print(f"{'genre':<12} {'size':<6} {'level':<7} {'median':>8} {'worst':>8} {'tries':>6} "
          f"{'clues':>6}  {'Tatham preset':<14} {'Tatham':>8} {'ratio':>6}   {'CPU ours':>8} "
          f"{'Tatham':>8} {'ratio':>6}")
    for name, rows, cols, game, preset in CASES:
        if only and name not in only:
            continue
        wall, their_cpu = tatham(game, preset, args.batch, args.repeats) or (None, None) \
            if game else (None, None)
        tier = TIER_LEVEL.get((game, preset))
        for level in (None, tier) if tier else (None,):
            found = ours(name, rows, cols, args.tier_seeds if level else args.seeds, level,
                         args.rate_seconds)
            seconds = [row[0] for row in found]
            median, cpu = statistics.median(seconds), statistics.median(r[3] for r in found)
            print(f"{name:<12} {rows}x{cols:<3} {level or 'any':<7} {median:>8.4f} "
                  f"{max(seconds):>8.4f} {statistics.median(row[1] for row in found):>6} "
                  f"{statistics.median(row[2] for row in found):>6}  {preset or '-':<14} "
                  f"{_figure(wall):>8} {_ratio(median, wall):>6}   {cpu:>8.4f} "
                  f"{_figure(their_cpu):>8} {_ratio(cpu, their_cpu):>6}"
                  f"{_stopped(found, args.rate_seconds)}", flush=True)
    for line in levels(args.levels_size, args.level_seeds, only):
        print(line, flush=True)


if __name__ == "__main__":
    main()
