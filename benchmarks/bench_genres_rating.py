"""Our rating of Tatham's puzzles against Tatham's own difficulty (issue 41).

    python benchmarks/bench_genres_rating.py [--count 10] [--seconds 120]
    python benchmarks/bench_genres_rating.py --every [games]

For each game, the first ``--count`` IDs of each 10x10 preset of tests/data/genres/tatham
(Light Up d0/d1/d2, Loopy e/n/h, Singles e/k, Pearl e/t; Slant e/h at 12x10; the tier is in
the preset's name) are rated by
:func:`puzzlesmith.genres.deduce.rate`.  Printed per puzzle: the tier, our level, score,
steps and seconds; per game: the levels met at each tier and Spearman's rank correlation
(ties share their mean rank) of the tier with our level and with our score.

``--every`` rates every puzzle of every file of the games instead (20x20 included) and prints,
per file, the levels met and the median and worst seconds.
"""

from __future__ import annotations

import argparse
import collections
import time
from pathlib import Path

from puzzlesmith.bench import spearman
from puzzlesmith.genres.declared import declared
from puzzlesmith.genres.deduce import LEVELS, rate
from puzzlesmith.genres.tatham import decode_id
from puzzlesmith.results import Limits

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "genres" / "tatham"
TIERS = {
    "lightup": ["10x10b20s2d0", "10x10b20s2d1", "10x10b20s2d2"],
    "loopy": ["10x10t0de", "10x10t0dn", "10x10t0dh"],
    "singles": ["10x10de", "10x10dk"],
    "pearl": ["10x10de", "10x10dt"],
    "slant": ["12x10de", "12x10dh"],
}


def rate_game(game: str, count: int, seconds: float) -> tuple[float, float]:
    """Rate the game's sets; print each puzzle and the tally; the two correlations."""
    tiers, levels, scores = [], [], []
    tally: dict[int, collections.Counter] = collections.defaultdict(collections.Counter)
    for tier, preset in enumerate(TIERS[game]):
        for text in (DATA / game / f"{preset}.txt").read_text().split()[:count]:
            key, givens = decode_id(text)
            start = time.perf_counter()
            rating = rate(declared(key), givens, limits=Limits(seconds=seconds))
            took = time.perf_counter() - start
            print(f"{game:8} {preset:13} {rating.level:8} {rating.score:6} "
                  f"{len(rating.steps):4} {took:7.2f}s")
            tiers.append(tier)
            levels.append(LEVELS.index(rating.level))
            scores.append(rating.score)
            tally[tier][rating.level] += 1
    for tier, preset in enumerate(TIERS[game]):
        print(f"  {preset:13} " + ", ".join(f"{level} {tally[tier][level]}"
                                            for level in LEVELS if tally[tier][level]))
    return spearman(tiers, levels), spearman(tiers, scores)


def rate_every(game: str, seconds: float) -> None:
    """Rate every puzzle of each of the game's files; print the levels and the times."""
    for path in sorted((DATA / game).glob("*.txt")):
        levels: collections.Counter = collections.Counter()
        times = []
        for text in path.read_text().split():
            key, givens = decode_id(text)
            start = time.perf_counter()
            levels[rate(declared(key), givens, limits=Limits(seconds=seconds)).level] += 1
            times.append(time.perf_counter() - start)
        times.sort()
        print(f"{game:8} {path.stem:13} median {times[len(times) // 2]:6.2f}s worst "
              f"{times[-1]:6.2f}s  " + ", ".join(f"{level} {levels[level]}"
                                                 for level in LEVELS if levels[level]),
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10, help="puzzles per preset")
    parser.add_argument("--seconds", type=float, default=120.0, help="limit per puzzle")
    parser.add_argument("--every", action="store_true", help="every puzzle of every file")
    parser.add_argument("games", nargs="*", default=list(TIERS), help="lightup loopy singles")
    args = parser.parse_args()
    if args.every:
        for game in args.games:
            rate_every(game, args.seconds)
        return
    figures = {game: rate_game(game, args.count, args.seconds) for game in args.games}
    print("\nSpearman of Tatham's tier with our level / our score")
    for game, (by_level, by_score) in figures.items():
        print(f"  {game:8} level {by_level:.3f}   score {by_score:.3f}")


if __name__ == "__main__":
    main()
