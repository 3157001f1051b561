"""Figures for the Star Battle rule solver on the published puzzles (issue 13).

    python benchmarks/bench_starbattle_rating.py [--repeat 3]

For every puzzle of ../shared/data/starbattle (in the order of its index.tsv): the level,
whether the rules finish it, the time to rate it (the median of ``--repeat`` runs) and the
rules it needed; then the count finished by rules, the slowest times, the distribution of
levels, and, for the sources that rank their puzzles (KrazyDad's 10×10 by the work a solver
needed, masonomara's 8×8 and 17×17 by their difficulty number), how often the levels go
against that order (pairs ranked one way by the source and strictly the other way by the
levels) and Spearman's rank correlation.
"""

from __future__ import annotations

import argparse
import collections
import re
import statistics
import time
from pathlib import Path

from puzzlesmith.bench import spearman
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.starbattle import deduce

sb = get("starbattle")

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "starbattle"


def ranked_sources(index: list[list[str]]) -> dict[str, list[tuple[float, str]]]:
    """The puzzles of each source that ranks its puzzles: (the source's number, id)."""
    groups: dict[str, list[tuple[float, str]]] = collections.defaultdict(list)
    for row in index:
        ident, source = row[0], row[-1]
        if match := re.search(r"lwork=(\d+)", source):
            groups["KrazyDad 10x10 (lwork)"].append((float(match.group(1)), ident))
        elif match := re.match(r"ms(8|17)_d(\d+)$", ident):
            groups[f"masonomara {match.group(1)}x{match.group(1)} (d)"].append(
                (float(match.group(2)), ident))
    return groups


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per puzzle (median)")
    args = parser.parse_args()
    index = [line.split("\t") for line in (DATA / "index.tsv").read_text().splitlines()[1:]]
    levels, times, finished = {}, {}, 0
    print(f"{'puzzle':22} {'size':>7} {'level':13} {'ms':>8}  rules")
    for row in index:
        ident = row[0]
        puzzle = sb.parse((DATA / f"{ident}.sb").read_text())
        runs = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            rating = deduce.rate(puzzle)
            runs.append(time.perf_counter() - start)
        times[ident] = statistics.median(runs)
        levels[ident] = rating.level
        finished += rating.solved
        used = " ".join(f"{rule} {n}" for rule, n in rating.counts.items() if n)
        print(f"{ident:22} {puzzle.rows:>3}x{puzzle.columns:<3} {rating.level:13} "
              f"{times[ident] * 1e3:8.1f}  {used}", flush=True)
    slowest = sorted(times.items(), key=lambda item: -item[1])[:3]
    print(f"\nfinished by rules: {finished} of {len(index)}")
    print("slowest: " + ", ".join(f"{ident} {t * 1e3:.0f} ms" for ident, t in slowest))
    spread = collections.Counter(levels.values())
    print("levels: " + ", ".join(f"{level} {spread[level]}" for level in deduce.LEVELS
                                 if spread[level]))
    for name, ranked in ranked_sources(index).items():
        ranked.sort()
        ours = [deduce.LEVELS.index(levels[ident]) for _, ident in ranked]
        theirs = [value for value, _ in ranked]
        against = sum(1 for a in range(len(ours)) for b in range(a + 1, len(ours))
                      if theirs[a] < theirs[b] and ours[a] > ours[b])
        pairs = len(ours) * (len(ours) - 1) // 2
        print(f"{name}: levels in the source's order "
              f"{' '.join(levels[ident][:2] for _, ident in ranked)}; "
              f"{against} of {pairs} pairs against it, Spearman {spearman(theirs, ours):.2f}")


if __name__ == "__main__":
    main()
