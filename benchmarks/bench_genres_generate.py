"""Generation of the declared genres (issue 42) beside Tatham's generators.

    python benchmarks/bench_genres_generate.py [--seeds 15] [--batch 20] [--repeats 3]
        [--levels-size 6] [--level-seeds 3] [--only GENRE ...]

Ours: ``genres.generate.generate(genre, rows, cols, seed=s)`` with default options, every
seed in this one process after a warm-up puzzle (not counted); the median and worst seconds
per unique puzzle, the tries (answers thrown away) and the clues.  Each puzzle is proven
unique by a second method: a fresh model of the whole genre counted to 2 by another SAT
solver (glucose4; the generator uses cadical153 incrementally, with clue selectors), and
its answer passes the genre's direct check.  With ``--rated`` the time includes rating the
puzzle by the deductions (what ``puzzlesmith generate`` prints).

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

from puzzlesmith.genres.declared import GENRES
from puzzlesmith.genres.deduce import rate
from puzzlesmith.genres.generate import generate
from puzzlesmith.genres.solve import count

CASES = [  # genre, rows, cols, Tatham's game and preset (None: Tatham has no such game)
    ("lightup", 10, 10, "lightup", "10x10b20s2d1"),
    ("lightup", 14, 14, "lightup", "14x14b20s2d2"),
    ("slitherlink", 10, 10, "loopy", "10x10t0dh"),
    ("hitori", 10, 10, "singles", "10x10dk"),
    ("nurikabe", 10, 10, None, None),
    ("kurodoko", 6, 9, "range", "9x6"),
    ("kurodoko", 8, 12, "range", "12x8"),
    ("kurodoko", 9, 13, "range", "13x9"),
    ("kurodoko", 11, 16, "range", "16x11"),
    ("heyawake", 10, 10, None, None),
    ("lits", 10, 10, None, None),
    ("norinori", 10, 10, None, None),
]
EMPTY = {"lightup": "3x3b20s0d0", "loopy": "3x3t0de", "singles": "2x2de", "range": "3x3"}
LEVEL_CASES = [("lightup", ("easy", "medium", "hard")), ("hitori", ("easy", "medium")),
               ("nurikabe", ("medium",)), ("slitherlink", ("easy", "medium", "hard"))]


def ours(name: str, rows: int, cols: int, seeds: int, rated: bool) -> list[tuple]:
    """(seconds, tries, clues, CPU seconds) per seed, after a warm-up; each puzzle proven
    unique."""
    genre = GENRES[name]
    generate(genre, rows, cols, seed=10_000)
    found = []
    for seed in range(seeds):
        start, cpu = time.perf_counter(), time.process_time()
        made = generate(genre, rows, cols, seed=seed)
        if rated:
            rate(genre, made.givens)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        proof = count(genre, made.givens, 2, solver="glucose4", keep=True)
        if proof.count != 1 or proof.solutions[0] != made.answer \
                or not genre.check(made.givens, made.answer).ok:
            raise SystemExit(f"{name} seed {seed}: not unique by the second method")
        found.append((seconds, made.tries, len(made.givens.numbers), cpu))
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


def _figure(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds:.4f}"


def _ratio(ours_: float, theirs: float | None) -> str:
    return f"{ours_ / theirs:.1f}x" if theirs else "-"


def levels(size: int, seeds: int) -> list[str]:
    """One line per genre and level: how many of the puzzles asked at it rate at it."""
    lines = []
    for name, asked in LEVEL_CASES:
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
    parser.add_argument("--rated", action="store_true")
    parser.add_argument("--levels-size", type=int, default=6)
    parser.add_argument("--level-seeds", type=int, default=3)
    parser.add_argument("--only", nargs="*", help="these genres' cases alone, no level check")
    args = parser.parse_args()
    print(f"{'genre':<12} {'size':<6} {'median':>8} {'worst':>8} {'tries':>6} {'clues':>6}"
          f"  {'Tatham preset':<14} {'Tatham':>8} {'ratio':>6}   {'CPU ours':>8} "
          f"{'Tatham':>8} {'ratio':>6}")
    for name, rows, cols, game, preset in CASES:
        if args.only and name not in args.only:
            continue
        found = ours(name, rows, cols, args.seeds, args.rated)
        seconds = [row[0] for row in found]
        median, cpu = statistics.median(seconds), statistics.median(row[3] for row in found)
        wall, their_cpu = tatham(game, preset, args.batch, args.repeats) or (None, None) \
            if game else (None, None)
        print(f"{name:<12} {rows}x{cols:<3} {median:>8.4f} {max(seconds):>8.4f} "
              f"{statistics.median(row[1] for row in found):>6} "
              f"{statistics.median(row[2] for row in found):>6}  {preset or '-':<14} "
              f"{_figure(wall):>8} {_ratio(median, wall):>6}   {cpu:>8.4f} "
              f"{_figure(their_cpu):>8} {_ratio(cpu, their_cpu):>6}", flush=True)
    for line in [] if args.only else levels(args.levels_size, args.level_seeds):
        print(line, flush=True)


if __name__ == "__main__":
    main()
