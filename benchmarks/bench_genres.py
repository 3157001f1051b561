"""Declared grid genres (issue 41) beside puzzlekit, per genre and puzzle set, in one run.

    python benchmarks/bench_genres.py                      # ours and puzzlekit
    python benchmarks/bench_genres.py --peer-only          # puzzlekit alone
    python benchmarks/bench_genres.py --genres lightup,hitori --repeat 3 --write

The puzzles, all in tests/data: pzprjs's test puzzle of each genre, the Tatham IDs of every
preset (genres/tatham: Light Up, Singles as Hitori, Loopy as Slitherlink, Rect as Shikaku,
Filling as Fillomino) and the Star Battles of starbattle/, by size.  puzzlekit has no
Fillomino: its rows time ours alone.  Both sides run in this process, set by set, each after a
warm-up on the set's first puzzle; a puzzle's time is its best of ``--repeat`` runs.

puzzlekit (``pip install puzzlekit``): ``puzzlekit.solve(data, type, solver_options=
{"num_workers": 1})``, which builds its model and solves it with CP-SAT on one worker (its
Hitori is single-threaded SCIP with lazy connectivity cuts, which ignores the option); its
time limit is its default, 30 s; our Givens become its input beforehand, untimed.  Ours:
:func:`ours`, solve plus the uniqueness proof (take two), default options.  A puzzle
"disagrees" when an answer differs from the data's or, where it has none, from the other's.

Targets (issue 41): per genre our median at most puzzlekit's, and our worst at most 1 s a
puzzle up to 20x20 (the ``all <=20x20`` rows).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from puzzlesmith.genres.codec import decode_url
from puzzlesmith.genres.givens import ANY, Givens
from puzzlesmith.genres.tatham import decode_id
from puzzlesmith.puzzles import get

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
RESULTS = ROOT / "benchmarks" / "results_genres.txt"
GENRES = ("lightup", "hitori", "slither", "nurikabe", "starbattle", "shikaku", "fillomino",
          "mashu", "gokigen", "kurodoko", "norinori", "heyawake", "lits")
TATHAM = {"lightup": "lightup", "hitori": "singles", "slither": "loopy", "shikaku": "rect",
          "fillomino": "filling", "mashu": "pearl", "gokigen": "slant", "kurodoko": "range"}
PEER_TYPES = {"lightup": "akari", "hitori": "hitori", "slither": "slitherlink",
              "nurikabe": "nurikabe", "starbattle": "starbattle", "shikaku": "shikaku",
              "mashu": "masyu", "norinori": "norinori", "heyawake": "heyawake", "lits": "lits"}
"""puzzlekit's name of each genre it has (it has no Fillomino, Slant nor Kurodoko: ours alone
is timed)."""
GENERATED = ("norinori", "heyawake", "lits")
"""Genres with generated sets: tests/data/genres/<genre>.txt (6x6) and <genre>/<size>.txt;
human-made puzzles (URLs) are in tests/data/genres/collected/<genre>.txt, mixed sizes."""
OUR_NAMES = {"slither": "slitherlink", "mashu": "masyu", "gokigen": "slant"}
BIGGEST = 20
"""The worst-time target holds up to BIGGEST x BIGGEST."""


@dataclass(frozen=True)
class Puzzle:
    givens: Givens
    answer: frozenset | None = None  # marked cells, or loop edges between grid points


# --------------------------------------------------------------------------- the puzzles

def puzzle_sets(genre: str) -> list[tuple[str, list[Puzzle]]]:
    """The named puzzle sets of ``genre``, smallest first."""
    sets = [("pzprjs", pzprjs(genre))]
    if genre in TATHAM:
        files = (DATA / "genres" / "tatham" / TATHAM[genre]).glob("*.txt")
        for path in sorted(files, key=lambda p: (int(p.stem.split("x")[0]), p.stem)):
            ids = path.read_text().split()
            sets.append((f"tatham {path.stem}", [Puzzle(decode_id(x)[1]) for x in ids]))
    if genre == "starbattle":
        by_side = groupby(star_battles(), key=lambda p: size(p.givens))
        sets += [(f"starbattle {side}", list(group)) for side, group in by_side]
    collected = DATA / "genres" / "collected" / f"{genre}.txt"
    if collected.exists():
        urls = collected.read_text().split()
        sets.append(("collected", [Puzzle(decode_url(url)[1]) for url in urls]))
    if genre in GENERATED:
        files = [DATA / "genres" / f"{genre}.txt", *(DATA / "genres" / genre).glob("*.txt")]
        sets += [(f"generated {name}", grids) for name, grids in generated(genre, files)]
    if genre == "nurikabe":
        files = (DATA / "genres" / "nurikabe").glob("*.txt")
        for path in sorted(files, key=lambda p: int(p.stem.split("x")[0])):
            sets.append((f"proven {path.stem}", proven_nurikabe(path)))
    return sets


def proven_nurikabe(path: Path) -> list[Puzzle]:
    """tests/data/genres/nurikabe: text grids, each with its answer in '; ' lines (proven
    unique by puzzlekit's own model too)."""
    puzzles = []
    for block in path.read_text().strip().split("\n\n"):
        lines = block.splitlines()
        grid = "\n".join(line for line in lines if not line.startswith(";"))
        answer = lines[lines.index("; answer") + 1:]
        marked = frozenset((r, c) for r, line in enumerate(answer)
                           for c, ch in enumerate(line.removeprefix("; ")) if ch == "#")
        puzzles.append(Puzzle(get("nurikabe").parse(grid), marked))
    return puzzles


def generated(genre: str, paths: list[Path]) -> list[tuple[str, list[Puzzle]]]:
    """The text grids of make_regions.py's files ('; ' lines before each), by size."""
    found = []
    for path in paths:
        if path.exists():
            blocks = re.split(r"\n\n(?=; )", path.read_text().strip())
            grids = [Puzzle(get(genre).parse(block.split("\n", 1)[1])) for block in blocks]
            found.append((size(grids[0].givens), grids))
    return sorted(found, key=lambda item: item[1][0].givens.rows)


def pzprjs(genre: str) -> list[Puzzle]:
    """pzprjs's test puzzles of ``genre`` with their answers: the loop's edges, or the
    cells marked '#'."""
    puzzles = []
    for entry in json.loads((DATA / "genres" / "pzprjs" / f"{genre}.json").read_text()):
        edges = entry.get("loop", entry.get("borders"))
        answer = (frozenset((tuple(a), tuple(b)) for a, b in edges) if edges is not None
                  else frozenset(((r, c), int(ch)) for r, row in enumerate(entry["answer"])
                                 for c, ch in enumerate(row)) if genre == "fillomino"
                  else frozenset((r, c) for r, row in enumerate(entry["answer"])
                                 for c, ch in enumerate(row) if ch in "#\\"))
        puzzles.append(Puzzle(decode_url(entry["url"])[1], answer))
    return puzzles


def star_battles() -> list[Puzzle]:
    """tests/data/starbattle as Givens (regions numbered in reading order) and answers,
    smallest first."""
    package, puzzles = get("starbattle"), []
    for path in sorted((DATA / "starbattle").glob("*.sb")):
        board = package.parse(path.read_text())
        names = {name: k for k, name in enumerate(dict.fromkeys("".join(board.grid)))}
        regions = tuple(tuple(names[ch] for ch in row) for row in board.grid)
        givens = Givens(board.rows, board.columns, regions=regions,
                        params={"stars": board.row_stars[0]})
        puzzles.append(Puzzle(givens, frozenset(board.given)))
    return sorted(puzzles, key=lambda p: p.givens.rows)


def size(g: Givens) -> str:
    return f"{g.rows}x{g.cols}"


# --------------------------------------------------------------------------- the solvers

def ours(genre: str, givens: Givens) -> frozenset:
    """Our answer, proven unique (solve plus take two), as a user gets it: the registered
    puzzle's ``solve(givens, unique=True)`` with default options (Star Battle's name
    belongs to its hand-written package: the declared one is solved through the genre
    layer's ``solve``, its options default too). A frozenset of marked cells, or of loop
    edges ((r, c), (r2, c2)) between grid points."""
    if genre == "starbattle":
        from puzzlesmith.genres.declared import starbattle
        from puzzlesmith.genres.solve import solve

        result = solve(starbattle, givens, unique=True)
    else:
        result = get(OUR_NAMES.get(genre, genre)).solve(givens, unique=True)
    if result.unique is not True:
        raise RuntimeError(f"{genre} {size(givens)}: not proven unique ({result.status})")
    return frozenset(result.solution)


def peer_input(genre: str, g: Givens) -> dict:
    """puzzlekit's input for ``g``: '-' an open cell, a clue's number, 'x' a Light Up wall."""
    def token(r: int, c: int) -> str:
        n = g.number(r, c)
        if n == ANY and genre == "nurikabe":
            raise ValueError("puzzlekit's Nurikabe has no '?' clue")
        if g.is_wall(r, c) and n in (None, ANY):
            return "x"
        if genre == "mashu":
            return {None: "-", 1: "w", 2: "b"}[n]
        return "-" if n in (None, ANY) else str(n)

    data = {"num_rows": g.rows, "num_cols": g.cols,
            "grid": [[token(r, c) for c in range(g.cols)] for r in range(g.rows)]}
    if genre == "starbattle":
        data["num_stars"] = g.params["stars"]
    if g.regions is not None:
        data["region_grid"] = [[str(k) for k in row] for row in g.regions]
    return data


TIMED_OUT = frozenset({"puzzlekit timed out"})
"""puzzlekit's answer when it reached its own time limit (counted apart, at that limit)."""


def peer(genre: str, data: dict) -> frozenset:
    """puzzlekit's answer, in our answer's form."""
    import puzzlekit

    result = puzzlekit.solve(data, PEER_TYPES[genre], solver_options={"num_workers": 1})
    if not result.is_solved:
        if result.solution_data.get("status") == "Timeout":  # timed at its limit
            return TIMED_OUT
        raise RuntimeError(f"puzzlekit {genre}: {result.solution_data['status']}")
    grid = result.sol_grid.matrix
    if genre == "mashu":  # each cell's ways out: the loop's edges east and south of it
        return frozenset(((r, c), (r + (way == "s"), c + (way == "e")))
                         for r, row in enumerate(grid) for c, v in enumerate(row)
                         for way in v if way in "es")
    if genre == "slither":
        return frozenset(edge for r, row in enumerate(grid) for c, v in enumerate(row)
                         if v != "-" for edge in cell_edges(r, c, int(v)))
    if genre == "shikaku":  # a rectangle's number per cell: the borders between them
        return frozenset([((r, c + 1), (r + 1, c + 1)) for r, row in enumerate(grid)
                          for c in range(len(row) - 1) if row[c] != row[c + 1]]
                         + [((r + 1, c), (r + 1, c + 1)) for r in range(len(grid) - 1)
                            for c in range(len(grid[r])) if grid[r][c] != grid[r + 1][c]])
    mark = "o" if genre == "lightup" else "x"
    return frozenset((r, c) for r, row in enumerate(grid) for c, v in enumerate(row)
                     if v == mark or (genre == "lits" and v != "-"))


def cell_edges(r: int, c: int, bits: int) -> list[tuple]:
    """The loop edges of puzzlekit's Slitherlink cell value: top 8, left 4, down 2, right 1."""
    sides = {8: ((r, c), (r, c + 1)), 4: ((r, c), (r + 1, c)),
             2: ((r + 1, c), (r + 1, c + 1)), 1: ((r, c + 1), (r + 1, c + 1))}
    return [edge for bit, edge in sides.items() if bits & bit]


def timed(run: Callable, inputs: list, repeat: int) -> tuple[list[float], list[frozenset]]:
    """Seconds per input (best of ``repeat``) and the answers, after a warm-up run."""
    run(inputs[0])
    best, answers = [float("inf")] * len(inputs), [frozenset()] * len(inputs)
    for _ in range(repeat):
        for k, item in enumerate(inputs):
            start = time.perf_counter()
            answers[k] = run(item)
            best[k] = min(best[k], time.perf_counter() - start)
    return best, answers


# --------------------------------------------------------------------------- the table

def row(genre: str, name: str, n: int, theirs: list[float], mine: list[float],
        disagree: int, timeouts: int = 0) -> str:
    """One line of the table: ms median and worst of each side, our median over theirs."""
    line = f"{genre:10} {name:22} {n:3} | {ms(theirs) if theirs else '(none)':>17}"
    if mine:
        ratio = f"{statistics.median(mine) / statistics.median(theirs):5.2f}" if theirs else ""
        line += f" | {ms(mine)} | {ratio}"
    late = f"  {timeouts} puzzlekit timed out" if timeouts else ""
    return line + (f"  {disagree} DISAGREE" if disagree else "") + late


def ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:8.1f} {max(times) * 1000:8.1f}"


def disagreements(puzzles: list[Puzzle], *sides: list[frozenset]) -> int:
    """Puzzles whose answers differ from the data's answer or, with none, from each other
    (puzzlekit's time-outs left out: they are counted apart)."""
    return sum(len(({*answers} - {TIMED_OUT}) | ({p.answer} if p.answer is not None else set()))
               > 1
               for p, *answers in zip(puzzles, *sides, strict=True))


def bench_genre(genre: str, repeat: int, peer_only: bool) -> list[str]:
    """The table's lines for one genre: a line a set, then all sets up to BIGGEST a side."""
    lines, theirs_all, mine_all, disagree_all, late_all = [], [], [], 0, 0
    for name, puzzles in puzzle_sets(genre):
        theirs, sides, mine = [], [], []
        if genre in PEER_TYPES:
            inputs = [peer_input(genre, p.givens) for p in puzzles]
            theirs, answers = timed(lambda d: peer(genre, d), inputs, repeat)
            sides.append(answers)
        if not peer_only:
            mine, answers = timed(lambda g: ours(genre, g), [p.givens for p in puzzles], repeat)
            sides.append(answers)
        disagree = disagreements(puzzles, *sides)
        late = sum(answer == TIMED_OUT for answer in sides[0]) if theirs else 0
        lines.append(row(genre, name, len(puzzles), theirs, mine, disagree, late))
        print(lines[-1], flush=True)
        if max(puzzles[0].givens.rows, puzzles[0].givens.cols) <= BIGGEST:
            theirs_all, mine_all = theirs_all + theirs, mine_all + mine
            disagree_all, late_all = disagree_all + disagree, late_all + late
    lines.append(row(genre, f"all <={BIGGEST}x{BIGGEST}", len(mine_all or theirs_all), theirs_all,
                     mine_all, disagree_all, late_all))
    print(lines[-1], flush=True)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genres", default=",".join(GENRES))
    parser.add_argument("--repeat", type=int, default=1, help="runs a puzzle, best counts")
    parser.add_argument("--peer-only", action="store_true", help="time puzzlekit alone")
    parser.add_argument("--write", action="store_true", help=f"also write {RESULTS.name}")
    args = parser.parse_args()
    try:
        import puzzlekit
    except ImportError:
        raise SystemExit("puzzlekit is not installed (pip install puzzlekit)") from None
    head = (f"# python {' '.join(sys.argv)}: load average {os.getloadavg()[0]:.1f}; "
            f"puzzlekit {puzzlekit.__version__}; "
            f"best of {args.repeat}; ms a puzzle, solve (puzzlekit) and solve + unique (ours)")
    header = (f"{'genre':10} {'set':22} {'n':>3} | {'puzzlekit':>8} {'worst':>8}"
              + ("" if args.peer_only else f" | {'ours':>8} {'worst':>8} | {'ratio':>5}"))
    print(head, header, sep="\n")
    lines = [head, header]
    for genre in args.genres.split(","):
        lines += bench_genre(genre, args.repeat, args.peer_only)
    if args.write:
        RESULTS.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
