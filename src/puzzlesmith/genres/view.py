"""Any declared genre on the web page's generic grid board
(``serve/static/puzzles/generic.js``), from its givens and the kind of its unknowns.

The view: given walls are black givens (their numbers in white); clue numbers in open cells
are ``labels`` (the cell stays playable: Hitori's numbers are shaded, a shaded one stays
readable); a Shading genre's cells take its mark (shade, bulb or star) and a dot; a loop
genre's player draws ``lines`` between grid points; a Numbers genre's cells take digits.
The help is the genre's rules, the docstring of its declaration.

The answer text the board writes (for Check and Hint) is the genre puzzles' answer format:
for marked cells one character a cell (``#`` a shaded cell or a wall, ``*`` a bulb or a star,
``x`` a dot: ruled out, ``.`` else); for numbers the digit; for a loop a grid of
``2 * rows + 1`` lines, ``+`` the grid points, ``-`` and ``|`` the loop's edges, the clues
between.  An answer given to :func:`answer_marks` may carry ``ruled_out`` keys (a player's
dots).

>>> from .declared import slitherlink
>>> g = slitherlink.read("3.")
>>> answer_marks(slitherlink, g, frozenset({((0, 0), (0, 1))}))
{'lines': [[0, 0, 0, 1]]}
>>> line_mark(g, ((1, 0), (1, 1)))
[0, 0, 'line', '1,0,1,1']
"""

from __future__ import annotations

import inspect
import sys

from .drawing import clue_text
from .families import LineOfSight, NoAdjacent
from .givens import Givens
from .grid import Edge, sight_lines
from .language import Answer, Genre

__all__ = ["web_view", "answer_marks", "line_mark", "rules_text"]

WALL, EMPTY, DOT = "#", ".", "x"
#: A Shading genre's mark -> its character in the answer text.
MARK_CHARS = {"shade": "#", "bulb": "*", "star": "*"}
PLAY = {
    "shading": "Click a cell: {mark}, dot, empty; right-click: the other way; arrows move a"
               " cursor, space marks.",
    "loop": "Click near a cell's side: a line, a cross (not on the loop), empty; drag through"
            " the points to draw; arrows move a cursor, Shift+arrow draws, Alt+arrow crosses.",
    "numbers": "Click a cell and type; Shift+digit: a pencil mark; Backspace: clear.",
    "borders": "Click near a cell's side to draw or rub out a border there.",
}


def rules_text(genre: Genre) -> str:
    """The genre's rules: the docstring of the module that declares it (else its title)."""
    module = sys.modules.get(f"{__package__}.declared.{genre.name}")
    return (inspect.getdoc(module) if module else None) or genre.title


def web_view(genre: Genre, g: Givens) -> dict:
    """The board of ``g`` as the page's generic grid draws and plays it (``kind: "grid"``)."""
    unknowns = genre.unknowns
    mark = getattr(unknowns, "mark", None)
    view = {"kind": "grid", "rows": g.rows, "cols": g.cols, **_view_givens(g, unknowns.kind),
            "help": f"{rules_text(genre)}\n\n{PLAY[unknowns.kind].format(mark=mark)}"}
    if g.regions:
        view.update(regions=[list(row) for row in g.regions], tint=True)
    if unknowns.kind == "shading":
        view.update(marks=[mark, "dot"],
                    answer={"empty": EMPTY, mark: MARK_CHARS[mark], "dot": DOT, "given": WALL})
        if any(isinstance(rule, NoAdjacent) for rule in genre.rules):
            view["apart"] = {"mark": mark, "diagonal": False}
        if any(isinstance(rule, LineOfSight) for rule in genre.rules):
            view["lights"] = {"mark": mark, "lines": [[r * g.cols + c for r, c in line]
                                                      for line in sight_lines(g)]}
    elif unknowns.kind == "numbers":
        view.update(marks=["number", "pencil"], keypad=True, answer={"empty": EMPTY, "given": WALL},
                    symbols="".join(map(str, range(unknowns.low, unknowns.high + 1))))
    elif unknowns.kind == "borders":  # drawn as a loop's lines, the frame given
        view.update(marks=["line"], lines=[[*p, *q] for p, q in _frame(g)])
    else:
        view.update(marks=["line"], lines=[])
    return view


def _frame(g: Givens) -> list[Edge]:
    """The edges around the grid."""
    across = [((r, c), (r, c + 1)) for r in (0, g.rows) for c in range(g.cols)]
    return across + [((r, c), (r + 1, c)) for c in (0, g.cols) for r in range(g.rows)]


def _view_givens(g: Givens, kind: str) -> dict:
    """Walls as black givens (numbers in white); clues elsewhere as labels of playable cells
    (as givens for a loop, whose cells are not played)."""
    walls = [[r, c, clue_text(g.numbers[r, c]) if (r, c) in g.numbers else "", "#fff"]
             for r, c in sorted(g.walls)]
    clues = [[r, c, clue_text(n)] for (r, c), n in sorted(g.numbers.items())
             if (r, c) not in g.walls]
    lines = kind in ("loop", "borders")
    return {"givens": walls + (clues if lines else []),
            "labels": [] if lines else clues,
            "fills": [[r, c, "#1d2430"] for r, c in sorted(g.walls)]}


def answer_marks(genre: Genre, g: Givens, answer: Answer) -> dict:
    """``answer`` in the view's terms: ``marks`` rows ``[row, col, kind]`` (``[row, col,
    "number", n]``) for marked cells (a ``dot`` on each cell it rules out) and numbers,
    ``lines`` ``[r1, c1, r2, c2]`` for a loop."""
    kind = genre.unknowns.kind
    if kind in ("loop", "borders"):
        return {"lines": [[*p, *q] for p, q in sorted(answer)]}
    if kind == "numbers":
        return {"marks": [[r, c, "number", n] for (r, c), n in sorted(answer)]}
    dots = sorted(getattr(answer, "ruled_out", ()))
    return {"marks": [[r, c, genre.unknowns.mark] for r, c in sorted(answer)]
            + [[r, c, "dot"] for r, c in dots]}


def line_mark(g: Givens, edge: Edge, on: bool | None = True) -> list:
    """A hint mark drawing (``on``), crossing out (False: not on the loop) or clearing (None:
    a mistake) a loop's ``edge``: ``[row, col, "line", "unline" or "noline",
    "r1,c1,r2,c2"]``, the cell the one beside it below or to its right (inside).

    >>> line_mark(Givens(2, 2), ((2, 0), (2, 1)), on=False)
    [1, 0, 'unline', '2,0,2,1']
    """
    (r1, c1), (r2, c2) = edge
    key = ",".join(map(str, (r1, c1, r2, c2)))
    kind = "noline" if on is None else "line" if on else "unline"
    return [min(r1, g.rows - 1), min(c1, g.cols - 1), kind, key]
