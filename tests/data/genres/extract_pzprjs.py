"""Make tests/data/genres/pzprjs/<genre>.json from pzprjs's own test puzzles.

Run as ``python3 tests/data/genres/extract_pzprjs.py DIR`` with DIR a checkout's
``test/script`` folder.  Each genre's file holds its test URL and the answer (the failcheck
entry pzprjs expects no error for): row strings ('#' shaded, bulb or star, '.' otherwise),
or for slither the loop's edges [[r1, c1], [r2, c2]] between grid points.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

URL_KEYS = {"lightup": "akari"}  # the key puzz.link writes, where it is not the pid
GENRES = ("lightup", "nurikabe", "slither", "hitori", "starbattle", "shikaku", "fillomino",
          "kurodoko", "norinori", "heyawake", "lits")


def answer_rows(lines: list[str], rows: int) -> list[str]:
    """The last ``rows`` lines as '#'/'.' strings."""
    return ["".join("#" if tok == "#" else "." for tok in line.split()) for line in lines[-rows:]]


def slither_edges(lines: list[str], rows: int, cols: int) -> list[list[list[int]]]:
    """The loop's edges from the border section (rows lines of cols+1, rows+1 lines of cols)."""
    section = lines[-(2 * rows + 1):]
    edges = []
    for r, line in enumerate(section[:rows]):
        edges += [[[r, x], [r + 1, x]] for x, tok in enumerate(line.split()) if int(tok) > 0]
    for y, line in enumerate(section[rows:]):
        edges += [[[y, c], [y, c + 1]] for c, tok in enumerate(line.split()) if int(tok) > 0]
    return edges


def border_edges(lines: list[str], rows: int, cols: int) -> list[list[list[int]]]:
    """The borders between cells (rows lines of cols-1, rows-1 lines of cols; 1 a border) as
    grid edges [[r1, c1], [r2, c2]]."""
    section = lines[-(2 * rows - 1):]
    edges = []
    for r, line in enumerate(section[:rows]):
        edges += [[[r, x + 1], [r + 1, x + 1]] for x, tok in enumerate(line.split()) if tok == "1"]
    for y, line in enumerate(section[rows:]):
        edges += [[[y + 1, c], [y + 1, c + 1]] for c, tok in enumerate(line.split()) if tok == "1"]
    return sorted(edges)


def number_rows(lines: list[str], rows: int) -> list[str]:
    """Fillomino's numbers: the givens' rows, then the answer's rows filling the rest."""
    given, entered = lines[:rows], lines[rows:2 * rows]
    return ["".join(a if a != "." else b for a, b in zip(g.split(), e.split(), strict=True))
            for g, e in zip(given, entered, strict=True)]


def extract(pid: str, script: str) -> dict:
    """One genre's URL and answer from its test script."""
    url = re.search(r'url:\s*"([^"]+)"', script)[1]
    cols, rows = (int(n) for n in url.split("/")[:2])
    solved = [entry.rstrip("/").split("/") for entry in
              re.findall(r'\[\s*null,\s*"(pzprv3[^"]*/' + pid + r'/[^"]+)"', script)]
    fields = next(f for f in solved if f[2:4] == [str(rows), str(cols)])
    record = {"url": f"https://puzz.link/p?{URL_KEYS.get(pid, pid)}/{url}", "rows": rows,
              "cols": cols, "source": f"robx/pzprjs test/script/{pid}.js"}
    if pid == "slither":
        record["loop"] = slither_edges(fields[4:], rows, cols)
    elif pid == "shikaku":
        record["borders"] = border_edges(fields[4:], rows, cols)
    elif pid == "fillomino":
        record["answer"] = number_rows(fields[4:], rows)
    else:
        record["answer"] = answer_rows(fields[4:], rows)
    return record


def main(folder: str) -> None:
    out = Path(__file__).parent / "pzprjs"
    out.mkdir(exist_ok=True)
    for pid in sys.argv[2:] or GENRES:
        record = extract(pid, (Path(folder) / f"{pid}.js").read_text())
        (out / f"{pid}.json").write_text(json.dumps([record], indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
