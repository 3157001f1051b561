"""The declared genres: text-grid puzzles solved and proven unique in process.

    python benchmarks/bench_genres_solvers.py  # tests/data/genres*/, cadical153
    python benchmarks/bench_genres_solvers.py --solvers all  # every SAT solver side by side
    python benchmarks/bench_genres_solvers.py my/lightup15.txt ...  # genre = file name prefix
    python benchmarks/bench_genres_solvers.py tests/data/genres/nurikabe/*.txt  # or folder name

Each file holds text grids of one genre (its name starts with the genre's name), one blank
line between puzzles, '; ' lines are comments.  Every puzzle is read, encoded, solved and
proven unique (take two) ``--repeat`` times after a warm-up; a puzzle's time is its best run;
every answer goes through the genre's independent check.  Printed per file and solver: the
median and worst seconds, and how many puzzles were unique.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from puzzlesmith.engines.sat import DEFAULT_SOLVER, SOLVERS
from puzzlesmith.genres.declared import GENRES
from puzzlesmith.genres.solve import solve

ROOT = Path(__file__).resolve().parents[1]
DATA = [ROOT / "tests" / "data" / "genres", ROOT / "tests" / "data" / "genres-large"]


def puzzles(path: Path) -> list[str]:
    """The text grids of ``path`` (comments dropped)."""
    blocks = path.read_text().strip().split("\n\n")
    return ["\n".join(line for line in block.splitlines() if not line.startswith("; "))
            for block in blocks]


def genre_of(path: Path):
    """The genre a file's name starts with, or its folder's name (``nurikabe/20x20.txt``)."""
    return next(genre for name, genre in GENRES.items()
                if path.stem.startswith(name) or path.parent.name == name)


def label(path: Path) -> str:
    return path.stem if path.parent.name not in GENRES else f"{path.parent.name}/{path.stem}"


def bench(path: Path, solver: str, repeat: int) -> str:
    genre = genre_of(path)
    texts = puzzles(path)
    solve(genre, genre.read(texts[0]), unique=True, solver=solver)  # warm-up
    best, unique = [], 0
    for text in texts:
        runs = []
        for _ in range(repeat):
            start = time.perf_counter()
            g = genre.read(text)
            result = solve(genre, g, unique=True, solver=solver)
            runs.append(time.perf_counter() - start)
        assert result.solution is not None and genre.check(g, result.solution).ok, text
        unique += bool(result.unique)
        best.append(min(runs))
    return (f"{label(path):16} {solver:12} n={len(texts):3} unique={unique:3} "
            f"median {statistics.median(best) * 1000:7.1f} ms  worst {max(best) * 1000:7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--solvers", default=DEFAULT_SOLVER,
                        help="comma-separated SAT solvers, or 'all'")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    files = args.files or sorted(p for folder in DATA for p in folder.glob("*.txt"))
    solvers = SOLVERS if args.solvers == "all" else args.solvers.split(",")
    print(f"load average {os.getloadavg()[0]:.1f}")
    for path in files:
        for solver in solvers:
            print(bench(path, solver, args.repeat), flush=True)


if __name__ == "__main__":
    main()
