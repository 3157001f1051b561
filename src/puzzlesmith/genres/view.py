"""Any declared genre on the web page's generic grid board
(``serve/static/puzzles/generic.js``), from its givens and the kind of its unknowns.

The view: given walls are black givens (their numbers in white); clue numbers in open cells
are ``labels`` (the cell stays playable: Hitori's numbers are shaded, a shaded one stays
readable); a Shading genre's cells take its mark (shade, bulb or star) and a dot; a loop
genre's player draws ``lines`` between grid points; a Numbers genre's cells take digits.
The help is the genre's rules, the docstring of its declaration.

The answer text the board writes and the puzzle reads (:func:`answer_text`,
:func:`read_answer`): for marked cells one character a cell (``#`` a wall or a shaded cell,
``*`` a bulb or a star, ``+`` a dot, ``.`` else); for numbers the digit; for a loop a grid of
``2 * rows + 1`` lines: ``+`` the grid points, ``-`` and ``|`` the loop's edges, the clues
between.

>>> from .declared import slitherlink
>>> g = slitherlink.read("3.")
>>> loop = frozenset({((0, 0), (0, 1)), ((0, 1), (0, 2)), ((1, 0), (1, 1)),
...                   ((1, 1), (1, 2)), ((0, 0), (1, 0)), ((0, 2), (1, 2))})
>>> print(answer_text(slitherlink, g, loop))
+-+-+
|3 .|
+-+-+
>>> read_answer(slitherlink, g, answer_text(slitherlink, g, loop)) == loop
True
>>> answer_marks(slitherlink, g, loop)["lines"][0]
[0, 0, 0, 1]
"""

from __future__ import annotations

import inspect
import sys

from ..errors import InvalidPuzzle
from .drawing import clue_text
from .families import NoAdjacent
from .givens import Givens
from .grid import Edge, grid_edges, open_cells
from .language import Answer, Genre

__all__ = ["web_view", "answer_marks", "line_mark", "answer_text", "read_answer", "rules_text"]

WALL, EMPTY, DOT = "#", ".", "+"
#: A Shading genre's mark -> its character in the answer text.
MARK_CHARS = {"shade": "#", "bulb": "*", "star": "*"}
PLAY = {
    "shading": "Click a cell: {mark}, dot, empty; right-click: the other way.",
    "loop": "Click near a cell's side to draw or rub out the loop there.",
    "numbers": "Click a cell and type; Shift+digit: a pencil mark; Backspace: clear.",
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
    elif unknowns.kind == "numbers":
        view.update(marks=["number", "pencil"], keypad=True, answer={"empty": EMPTY, "given": WALL},
                    symbols="".join(map(str, range(unknowns.low, unknowns.high + 1))))
    else:
        view.update(marks=["line"], lines=[])
    return view


def _view_givens(g: Givens, kind: str) -> dict:
    """Walls as black givens (numbers in white); clues elsewhere as labels of playable cells
    (as givens for a loop, whose cells are not played)."""
    walls = [[r, c, clue_text(g.numbers[r, c]) if (r, c) in g.numbers else "", "#fff"]
             for r, c in sorted(g.walls)]
    clues = [[r, c, clue_text(n)] for (r, c), n in sorted(g.numbers.items())
             if (r, c) not in g.walls]
    return {"givens": walls + (clues if kind == "loop" else []),
            "labels": [] if kind == "loop" else clues,
            "fills": [[r, c, "#1d2430"] for r, c in sorted(g.walls)]}


def answer_marks(genre: Genre, g: Givens, answer: Answer) -> dict:
    """``answer`` in the view's terms: ``marks`` rows ``[row, col, kind]`` (``[row, col,
    "number", n]``) for marked cells and numbers, ``lines`` ``[r1, c1, r2, c2]`` for a loop."""
    kind = genre.unknowns.kind
    if kind == "loop":
        return {"lines": [[*p, *q] for p, q in sorted(answer)]}
    if kind == "numbers":
        return {"marks": [[r, c, "number", n] for (r, c), n in sorted(answer)]}
    return {"marks": [[r, c, genre.unknowns.mark] for r, c in sorted(answer)]}


def line_mark(g: Givens, edge: Edge, on: bool = True) -> list:
    """A hint mark drawing (``on``) or rubbing out a loop's ``edge``: ``[row, col, "line" or
    "unline", "r1,c1,r2,c2"]``, the cell the one beside it below or to its right (inside).

    >>> line_mark(Givens(2, 2), ((2, 0), (2, 1)), on=False)
    [1, 0, 'unline', '2,0,2,1']
    """
    (r1, c1), (r2, c2) = edge
    key = ",".join(map(str, (r1, c1, r2, c2)))
    return [min(r1, g.rows - 1), min(c1, g.cols - 1), "line" if on else "unline", key]


def answer_text(genre: Genre, g: Givens, answer: Answer) -> str:
    """``answer`` as the board's answer text (see the module's docstring)."""
    kind = genre.unknowns.kind
    if kind == "loop":
        return _loop_text(g, answer)
    cells = {cell: MARK_CHARS[genre.unknowns.mark] for cell in answer} if kind == "shading" \
        else {cell: str(n) for cell, n in answer}
    return "\n".join("".join(WALL if (r, c) in g.walls else cells.get((r, c), EMPTY)
                             for c in range(g.cols)) for r in range(g.rows))


def _loop_text(g: Givens, edges: Answer) -> str:
    text = [[" "] * (2 * g.cols + 1) for _ in range(2 * g.rows + 1)]
    for r in range(g.rows + 1):
        for c in range(g.cols + 1):
            text[2 * r][2 * c] = "+"
    for (r1, c1), (r2, c2) in edges:
        text[r1 + r2][c1 + c2] = "-" if r1 == r2 else "|"
    for r, c in g.cells():
        text[2 * r + 1][2 * c + 1] = _centre(g, r, c)
    return "\n".join("".join(line) for line in text)


def _centre(g: Givens, r: int, c: int) -> str:
    """The character at a cell's centre in a loop's text: its clue, when one character."""
    text = clue_text(g.numbers[r, c]) if (r, c) in g.numbers else EMPTY
    return text if len(text) == 1 else EMPTY


def read_answer(genre: Genre, g: Givens, text: str) -> Answer:
    """The answer in the board's answer text (a partial answer too)."""
    kind = genre.unknowns.kind
    lines = text.strip("\n").split("\n")
    want = 2 * g.rows + 1 if kind == "loop" else g.rows
    if len(lines) != want:
        raise InvalidPuzzle(f"the answer has {len(lines)} lines, expected {want}")
    if kind == "loop":
        at = [line.ljust(2 * g.cols + 1) for line in lines]
        return frozenset(edge for edge in grid_edges(g) if _drawn(at, edge))
    rows = [line.strip().ljust(g.cols, EMPTY) for line in lines]
    if kind == "shading":
        char = MARK_CHARS[genre.unknowns.mark]
        return frozenset(cell for cell in open_cells(g) if rows[cell[0]][cell[1]] == char)
    return frozenset((cell, int(rows[cell[0]][cell[1]])) for cell in open_cells(g)
                     if rows[cell[0]][cell[1]].isdigit())


def _drawn(lines: list[str], edge) -> bool:
    """True when the loop text draws ``edge`` (between two grid points)."""
    (r1, c1), (r2, c2) = edge
    return lines[r1 + r2][c1 + c2] in "-|"
