"""Printable puzzle books: several puzzles a page, numbered and rated, solutions at the back.

A book is made for any puzzle that can draw itself (``render_svg``) and solve, from puzzles it
generates (``generate``, one seed after another: the book of seed S holds the puzzles
``generate --seed S --count N`` prints) or from puzzle texts it is given.  Pages are SVG
(:func:`layout`), printed to one PDF (:func:`make_book`) through :mod:`puzzlesmith.render.export`.

>>> from puzzlesmith.render import draw
>>> square = draw.document(10, 10, [draw.dot(5, 5, 4)])
>>> pages = layout([Page("Toys", [Cell(str(n), square, "rating easy") for n in range(1, 6)],
...                      per_page=4, paper="a4")])
>>> len(pages), draw.count(pages[0], "dot"), draw.count(pages[1], "dot")
(2, 4, 1)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidPuzzle, LimitReached, UsageError, check_method
from .puzzles.protocol import Progress, Puzzle
from .render import draw
from .results import Limits, Result, Stats, Status
from .seeds import random_seed

__all__ = ["PAPERS", "Entry", "BookResult", "Cell", "Page", "make_book", "generate_entries",
           "read_entries", "layout", "grid_shape", "solutions_per_page"]

#: Paper sizes in points (1/72 inch), portrait.
PAPERS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
MARGIN = 42.0
#: The most puzzles (or solutions) on one page.
MAX_PER_PAGE = 36


@dataclass
class Entry:
    """One puzzle of a book: its number, instance, solution, and where it came from."""

    number: int
    instance: Any
    solution: Any = None
    seed: int | None = None
    rating: str | None = None
    source: str | None = None

    def to_dict(self) -> dict:
        return {"number": self.number, "seed": self.seed, "rating": self.rating,
                **({"source": self.source} if self.source else {})}


@dataclass
class BookResult(Result):
    """A book: its puzzles, its page counts, and the PDF itself (``pdf``, not in the JSON)."""

    entries: list[Entry] = field(default_factory=list)
    pages: int = 0
    puzzle_pages: int = 0
    solution_pages: int = 0
    pdf: bytes | None = field(default=None, repr=False)

    def _fields(self) -> dict:
        return {"puzzles": len(self.entries), "pages": self.pages,
                "puzzle_pages": self.puzzle_pages, "solution_pages": self.solution_pages,
                "entries": [e.to_dict() for e in self.entries]}


# -- collecting the puzzles --------------------------------------------------------------


def _forward(progress: Progress | None, stats: Stats, stage: str, done: int,
             total: int, made: int | None = None) -> Callable[[Stats], None]:
    """A progress callback that reports ``stats`` plus a piece of work in progress."""

    def report(inner: Stats | None = None) -> None:
        if progress is None:
            return
        nodes = stats.nodes + (inner.nodes if inner is not None else 0)
        extra = {"stage": stage, "done": done, "total": total}
        if made is not None:
            extra["made"] = made
        progress(Stats(nodes=nodes, seconds=stats.seconds, extra=extra))

    return report


def generate_entries(puzzle: Puzzle, count: int, *, seed: int, limits: Limits,
                     progress: Progress | None = None,
                     **params: Any) -> tuple[list[Entry], Status, Stats]:
    """The ``count`` puzzles of :meth:`~.protocol.Puzzle.generate` with ``seed`` (each proven
    unique where the puzzle promises it), solved and rated where the generator did not; the
    run's status (it stops at the first puzzle that gives up or cannot be made)."""
    puzzle.check_verb("generate")
    began = time.monotonic()

    def report(stats: Stats) -> None:
        made = stats.extra.get("made", 0)
        _forward(progress, stats, f"generating {min(made + 1, count)} of {count}", made, count,
                 made)()

    run = puzzle.generate(seed=seed, count=count, limits=limits, progress=report, **params)
    entries = []
    for k, made in enumerate(run.puzzles, 1):
        solution = made.solution
        if solution is None:
            solution = _solve(puzzle, made.instance, limits, f"puzzle {k}")
        rating = made.rating
        if rating is None and "rate" in puzzle.verbs:
            rating = _rate(puzzle, made.instance, limits)
        entries.append(Entry(k, made.instance, solution, made.seed, rating))
    stats = Stats(nodes=run.stats.nodes, seconds=time.monotonic() - began)
    _forward(progress, stats, "generated", len(entries), count, len(entries))()
    return entries, Status(run.status), stats


def read_entries(puzzle: Puzzle, texts: list[tuple[str, str]], *, limits: Limits,
                 progress: Progress | None = None, rate: bool = True,
                 **parse_params: Any) -> tuple[list[Entry], Status, Stats]:
    """Puzzles read from ``(name, text)`` pairs, solved (and rated, where the puzzle rates).

    A text may hold several puzzles where the puzzle's ``parse_all`` reads several (Star
    Battle files); for puzzles written on one line (``puzzle.inline``) a text that is not one
    puzzle is read as one puzzle a line (blank lines and ``#`` comments skipped)."""
    instances: list[tuple[str, Any]] = []
    for name, text in texts:
        instances += _parse_all(puzzle, name, text, parse_params)
        limits.check("reading the puzzles")
    if not instances:
        raise InvalidPuzzle("no puzzles to lay out")
    stats, entries, status = Stats(), [], Status.SOLVED
    began = time.monotonic()
    for k, (name, instance) in enumerate(instances):
        report = _forward(progress, stats, f"solving {k + 1} of {len(instances)}", k,
                          len(instances))
        report()
        solved = puzzle.solve(instance, limits=limits, progress=report)
        stats.nodes += solved.stats.nodes
        if solved.solution is None:
            status = Status(solved.status)
            raise _Stop(status, f"{name}: " + ("no solution" if status == Status.UNSOLVABLE
                                               else "gave up solving it at the limit"), stats)
        rating = _rate(puzzle, instance, limits) if rate and "rate" in puzzle.verbs else None
        entries.append(Entry(k + 1, instance, solved.solution, None, rating, name))
        stats.seconds = time.monotonic() - began
    return entries, status, stats


def _parse_all(puzzle: Puzzle, name: str, text: str, params: dict) -> list[tuple[str, Any]]:
    """The instances of one file, named ``FILE`` (one), ``FILE:LINE`` (one a line, for puzzles
    typed on one line) or ``FILE#K`` (several in one text)."""
    try:
        found, whole = puzzle.parse_all(text, **params), None
    except InvalidPuzzle as error:
        found, whole = None, error
    if found is not None and len(found) == 1:
        return [(name, found[0])]
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    if puzzle.inline and len(lines) >= 2:
        out = []
        for number, line in lines:
            try:
                out.append((f"{name}:{number}", puzzle.parse(line, **params)))
            except InvalidPuzzle as error:
                if found is None:
                    raise InvalidPuzzle(f"{name}: line {number}: {error}") from None
                break
        else:
            return out
    if found is None:
        raise InvalidPuzzle(f"{name}: {whole}") from None
    return [(f"{name}#{k}", instance) for k, instance in enumerate(found, 1)]


def _rate(puzzle: Puzzle, instance: Any, limits: Limits) -> str | None:
    rated = puzzle.rate(instance, limits=limits)
    return rated.level if rated.status == Status.SOLVED else None


def _solve(puzzle: Puzzle, instance: Any, limits: Limits, what: str) -> Any:
    solved = puzzle.solve(instance, limits=limits)
    if solved.solution is None:
        raise LimitReached(f"gave up solving {what} at the limit")
    return solved.solution


class _Stop(Exception):
    def __init__(self, status: Status, text: str, stats: Stats):
        super().__init__(text)
        self.status, self.stats = status, stats


# -- laying out the pages ----------------------------------------------------------------


@dataclass
class Cell:
    """One drawing on a page, with a label above and a note below."""

    label: str
    svg: str
    note: str = ""


@dataclass
class Page:
    """A run of cells laid out ``per_page`` to a page under one heading."""

    heading: str
    cells: list[Cell]
    per_page: int
    paper: str = "a4"
    font: float = 11.0


def grid_shape(n: int, aspect: float, width: float, height: float,
               label: float = 0.0) -> tuple[int, int]:
    """(rows, columns) that show ``n`` drawings of ``aspect`` (width / height) largest in a
    ``width`` × ``height`` area, each with ``label`` points of text above and below.

    >>> grid_shape(4, 1.0, 500, 700), grid_shape(2, 1.0, 500, 700), grid_shape(3, 4.0, 500, 700)
    ((2, 2), (2, 1), (3, 1))
    """
    best, shape = -1.0, (n, 1)
    for cols in range(1, n + 1):
        rows = math.ceil(n / cols)
        cell_w, cell_h = width / cols, height / rows - 2 * label
        if cell_h <= 0:
            continue
        scale = min(cell_w * 0.9 / aspect, cell_h * 0.9)
        if scale > best + 1e-9:
            best, shape = scale, (rows, cols)
    return shape


def solutions_per_page(per_page: int) -> int:
    """Solutions are printed smaller: up to four times as many a page (at most 16, never
    fewer than the puzzles a page)."""
    return max(per_page, min(4 * per_page, 16))


def layout(pages: list[Page]) -> list[str]:
    """The SVG pages of every run in ``pages``, numbered in the footer across the book."""
    out: list[tuple[Page, list[Cell]]] = []
    for run in pages:
        for start in range(0, len(run.cells), run.per_page):
            out.append((run, run.cells[start:start + run.per_page]))
    return [_page(run, cells, number, len(out))
            for number, (run, cells) in enumerate(out, 1)]


def _page(run: Page, cells: list[Cell], number: int, total: int) -> str:
    width, height = PAPERS[run.paper]
    font = run.font
    head = 16.0
    top = MARGIN + head * 1.8
    bottom = height - MARGIN - 14
    area_w, area_h = width - 2 * MARGIN, bottom - top
    aspects = sorted(draw.view_box(c.svg)[2] / draw.view_box(c.svg)[3] for c in cells)
    aspect = aspects[len(aspects) // 2]
    rows, cols = grid_shape(run.per_page, aspect, area_w, area_h, font * 1.6)
    cell_w, cell_h = area_w / cols, area_h / rows
    body = [draw.label(MARGIN, MARGIN + head, run.heading, head, anchor="start",
                       weight="bold"),
            f'<path d="M{draw.num(MARGIN)},{draw.num(MARGIN + head * 1.4)}'
            f'h{draw.num(area_w)}" stroke="{draw.INK}" stroke-width="0.8"/>',
            draw.label(width / 2, height - MARGIN + 4, f"{number} / {total}", 9,
                       fill=draw.GREY)]
    for k, cell in enumerate(cells):
        r, c = divmod(k, cols)
        x0, y0 = MARGIN + c * cell_w, top + r * cell_h
        pad = min(cell_w, cell_h) * 0.06
        box_w, box_h = cell_w - 2 * pad, cell_h - 2 * pad - 2 * font * 1.6
        _, _, w, h = draw.view_box(cell.svg)
        scale = min(box_w / w, box_h / h)
        dw, dh = w * scale, h * scale
        dx = x0 + (cell_w - dw) / 2
        dy = y0 + pad + font * 1.6 + (box_h - dh) / 2
        body.append(draw.label(dx, dy - font * 0.5, cell.label, font, anchor="start",
                               weight="bold"))
        body.append(draw.nest(cell.svg, dx, dy, dw, dh))
        if cell.note:
            body.append(draw.label(dx + dw, dy + dh + font * 1.25, cell.note, font * 0.85,
                                   anchor="end", fill="#444"))
    return draw.document(width, height, body, units="pt")


# -- the book ----------------------------------------------------------------------------


def make_book(puzzle: Puzzle, *, count: int | None = None,
              texts: list[tuple[str, str]] | None = None, seed: int | None = None,
              per_page: int = 4, paper: str = "a4", solutions: bool = True,
              limits: Limits | None = None, progress: Progress | None = None,
              parse_params: dict | None = None, **params: Any) -> BookResult:
    """A puzzle book as one PDF (``result.pdf``): ``count`` generated puzzles (or the puzzles
    in ``texts``), ``per_page`` to a page on ``paper`` (``a4``, ``letter``), numbered, with
    their ratings, and their solutions at the back, smaller.

    The work shares one deadline (``limits``); at the limit the result is ``gave-up`` and no
    PDF is made.  ``params`` are the puzzle's generation options (size, stars, difficulty...).
    """
    limits = (limits or Limits()).started()
    check_method(paper, PAPERS, "paper")
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise UsageError(f"--per-page must be between 1 and {MAX_PER_PAGE}, not {per_page}")
    for verb in ("render", "solve"):
        puzzle.check_verb(verb)
    began = time.monotonic()
    seed = random_seed() if seed is None else seed
    try:
        if texts is not None:
            entries, status, stats = read_entries(puzzle, texts, limits=limits,
                                                  progress=progress, **(parse_params or {}))
        else:
            if count is None or count < 1:
                raise UsageError("give the number of puzzles (--count N) or --from FILE|DIR")
            entries, status, stats = generate_entries(puzzle, count, seed=seed, limits=limits,
                                                      progress=progress, **params)
    except _Stop as stop:
        stop.stats.seconds = time.monotonic() - began
        return BookResult(stop.status, stop.stats, puzzle=puzzle.name, messages=[str(stop)])
    details = {"seed": seed if texts is None else None, "paper": paper, "per_page": per_page}
    if status != Status.SOLVED:
        stats.seconds = time.monotonic() - began
        note = f"made {len(entries)} of {count} puzzles before stopping; no book written"
        return BookResult(status, stats, entries=entries, details=details, puzzle=puzzle.name,
                          messages=[note])
    runs = _runs(puzzle, entries, per_page, paper, solutions, limits)
    limits.check("drawing the pages")
    svgs = layout(runs)
    from .render import export

    pdfs = []
    for k, svg in enumerate(svgs):
        _forward(progress, stats, f"printing page {k + 1} of {len(svgs)}", k, len(svgs))()
        limits.check("printing the pages")
        pdfs.append(export.to_pdf(svg))
    pdf = export.merge_pdf(pdfs, title=f"{puzzle.label}: {len(entries)} puzzles")
    puzzle_pages = math.ceil(len(entries) / per_page)
    stats.seconds = time.monotonic() - began
    return BookResult(Status.SOLVED, stats, entries=entries, pages=len(svgs),
                      puzzle_pages=puzzle_pages, solution_pages=len(svgs) - puzzle_pages,
                      pdf=pdf, details=details, puzzle=puzzle.name)


def _runs(puzzle: Puzzle, entries: list[Entry], per_page: int, paper: str, solutions: bool,
          limits: Limits) -> list[Page]:
    name = puzzle.label
    sizes = list(dict.fromkeys(filter(None, (puzzle.describe(e.instance)
                                             for e in entries))))
    heading = f"{name} {sizes[0]}" if len(sizes) == 1 else name
    cells, answers = [], []
    for entry in entries:
        limits.check("drawing the puzzles")
        size = puzzle.describe(entry.instance) if len(sizes) > 1 else None
        note = " · ".join(filter(None, [size, entry.rating and f"rating {entry.rating}",
                                        entry.seed is not None and f"seed {entry.seed}"]))
        cells.append(Cell(str(entry.number), puzzle.book_svg(entry.instance), note))
        if solutions:
            answers.append(Cell(str(entry.number),
                                puzzle.book_solution_svg(entry.instance, entry.solution)))
    runs = [Page(heading, cells, per_page, paper)]
    if answers:
        runs.append(Page(f"{heading}: solutions", answers, solutions_per_page(per_page), paper,
                         font=8.0))
    return runs
