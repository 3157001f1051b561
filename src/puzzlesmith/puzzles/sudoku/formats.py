"""The text formats of Sudoku, read and written in one place.

* the grid and the one-line forms of :mod:`.board` (``grid``, ``line``);
* Simon Tatham's Solo game IDs (``tatham``): ``PARAMS:GRID[,REGIONS]``.  PARAMS is
  ``RxC`` (boxes of R rows by C columns: Solo's ``cxr`` puts ``c`` rows and ``r`` columns
  in a box) or ``Nj`` (a jigsaw of side N), then ``x`` for the diagonals.  GRID runs row
  by row: a value in decimal, ``a``..``z`` for 1..26 blanks, ``_`` between two values.
  REGIONS (jigsaw) walks the cr*(cr-1) inner vertical edges in reading order, then the
  inner horizontal ones column by column, writing the number of edges between two walls
  (``_`` none, ``a``..``y`` 1..25; ``z``: 25 and no wall yet), ending at a virtual wall;
* puzz.link URLs (``puzzlink``): ``https://puzz.link/p?sudoku/COLS/ROWS/BODY``, BODY one
  hex digit a value (``-`` and two digits above 15), ``g``..``z`` for 1..20 blanks.

:func:`parse` tells them apart by their look.

>>> board = parse("2x3:h5_4a2a5a1a3_1a3a2a4a1_6h")
>>> board.box, format(board, "tatham")
((2, 3), '2x3:h5_4a2a5a1a3_1a3a2a4a1_6h')
>>> print(format(parse("https://puzz.link/p?sudoku/4/4/g1k23k3g"), "puzzlink"))
https://puzz.link/p?sudoku/4/4/g1k23k3g
"""

from __future__ import annotations

import re

from ...errors import InvalidPuzzle, UsageError, check_method
from . import board as sb
from .board import Sudoku

__all__ = ["parse", "parse_all", "inline", "shared", "format", "format_answer", "PUZZLE_STYLES",
           "ANSWER_STYLES"]

PUZZLE_STYLES = ("grid", "line", "tatham", "puzzlink")
ANSWER_STYLES = ("grid", "line", "tatham", "puzzlink")
#: A Tatham Solo game ID: the parameters, a colon, the description.
TATHAM_ID = re.compile(r"\s*(\d{1,2}(?:x\d{1,2}|j)[a-z0-9.]*):(\S*)\s*")
_TATHAM_PARAMS = re.compile(r"(?:(\d{1,2})x(\d{1,2})|(\d{1,2})j)(x?)(k?)(?:[ads][a-z0-9.]*)*")
#: A pzprjs link (puzz.link and its other hosts): group 1 is what follows the ``?``.
PUZZLINK_URL = re.compile(r"\s*(?:[A-Za-z][\w+.-]*://[^\s?]*)?\?(\S*)\s*")
PUZZLINK_HOST = "https://puzz.link/p"
#: A one-line puzzle on the command line (16 to 625 cells, no spaces).
_LINE = re.compile(r"[0-9A-Pa-p._]{16,625}")


def parse(text: str, *, box: str | None = None, variant: str | None = None) -> Sudoku:
    """One puzzle in any of the formats; a text of several one-line puzzles is refused
    with the line where the second starts (:func:`parse_all` reads them all)."""
    source = text.removeprefix("\ufeff")
    if TATHAM_ID.fullmatch(source):
        return _checked(parse_tatham(source), box, variant)
    if PUZZLINK_URL.fullmatch(source):
        return _checked(parse_puzzlink(source), box, variant)
    heads = [k for k, line in enumerate(text.splitlines(), 1)
             if line.strip().lower().startswith("sudoku")]
    if len(heads) > 1:
        raise InvalidPuzzle("a second puzzle starts here (batch, store and bench read them "
                            "all)", line=heads[1])
    lines = _puzzle_lines(text)
    if len(lines) > 1:
        raise InvalidPuzzle("a second puzzle starts here (batch, store and bench read files "
                            "of one-line puzzles)", line=lines[1][0])
    return sb.parse(text, box=box, variant=variant)


def _puzzle_lines(text: str) -> list[tuple[int, str]]:
    """(line number, text) of the lines of ``text`` when each is a one-line puzzle (several
    of them: the common file of puzzles), else []."""
    lines = [(k, line.strip()) for k, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    if len(lines) < 2 or not all(_LINE.fullmatch(line) and _square(len(line))
                                 for _, line in lines):
        return []
    return lines


def _square(length: int) -> bool:
    side = int(length ** 0.5 + 0.5)
    return side * side == length and side >= 4


def parse_all(text: str, *, box: str | None = None, variant: str | None = None) -> list[Sudoku]:
    """Every puzzle of a file of one-line puzzles, or of puzzles each with its header line
    (as ``generate --count N`` writes them); else the one puzzle of ``text``."""
    lines = _puzzle_lines(text)
    heads = [k for k, line in enumerate(text.splitlines())
             if line.strip().lower().startswith("sudoku")]
    if not lines and len(heads) > 1:
        rows = text.splitlines()
        found = []
        for a, b in zip(heads, [*heads[1:], len(rows)], strict=True):
            try:
                found.append(sb.parse("\n".join(rows[a:b]), box=box, variant=variant))
            except InvalidPuzzle as error:
                raise InvalidPuzzle(f"the puzzle from line {a + 1}: {error}") from None
        return found
    if not lines:
        return [parse(text, box=box, variant=variant)]
    found = []
    for number, line in lines:
        try:
            found.append(sb.parse(line, box=box, variant=variant))
        except InvalidPuzzle as error:
            raise InvalidPuzzle(str(error).removeprefix("line 1: "), line=number) from None
    return found


def _checked(board: Sudoku, box: str | None, variant: str | None) -> Sudoku:
    """A board read from a format that says its own shape: a contradicting ``box`` or
    ``variant`` is refused, an ``x`` variant adds the diagonals."""
    if box is not None and board.box != sb.parse_box(box):
        raise InvalidPuzzle(f"--box {box} contradicts the puzzle's own shape")
    if variant is not None and "jigsaw" in variant and not board.jigsaw:
        raise InvalidPuzzle("--variant jigsaw: the puzzle has boxes, not regions")
    if variant is not None and variant.endswith("x") and not board.diagonals:
        board = Sudoku(board.size, board.regions, board.givens, board.box, True)
    return board


def inline(source: str) -> bool:
    """True when a command-line SOURCE is a puzzle, not a file name."""
    source = source.strip()
    return bool(TATHAM_ID.fullmatch(source) or PUZZLINK_URL.fullmatch(source)
                or _LINE.fullmatch(source) and _square(len(source)))


def shared(text: str) -> bool:
    """True when ``text`` is in a format players share: a Solo game ID or a puzz.link
    ``?sudoku/`` URL (recognised by its look, before it is read).

    >>> shared("9j:f4i9c5a..."), shared("https://puzz.link/p?sudoku/4/4/g1k23k3g")
    (True, True)
    >>> shared("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"), shared("1..." * 4)
    (False, False)
    """
    text = text.removeprefix("\ufeff")
    url = PUZZLINK_URL.fullmatch(text)
    return bool(TATHAM_ID.fullmatch(text) or url and url[1].startswith("sudoku/"))


def format(board: Sudoku, style: str | None = None) -> str:
    """The board in ``style`` (grid, line, tatham, puzzlink)."""
    return format_values(board, board.givens, style, PUZZLE_STYLES)


def format_answer(board: Sudoku, answer: tuple[int, ...], style: str | None = None) -> str:
    """A filled grid in ``style``; the ``tatham`` and ``puzzlink`` styles give the board
    with every value as a given (a solved game ID or link)."""
    if style in (None, "grid", "line"):
        return sb.format_answer(board, answer, style)
    return format_values(board, tuple(answer), style, ANSWER_STYLES)


def format_values(board: Sudoku, values: tuple[int, ...], style: str | None,
                  styles: tuple[str, ...]) -> str:
    if style in (None, "grid", "line"):
        return sb.format(board, style, values)
    if style == "tatham":
        return format_tatham(board, values)
    check_method(style, styles, "style")
    return format_puzzlink(board, values)


# -- Tatham's Solo ------------------------------------------------------------------------------


def parse_tatham(text: str) -> Sudoku:
    """A Solo game ID (see the module docstring)."""
    match = TATHAM_ID.fullmatch(text)
    if match is None:
        raise InvalidPuzzle("not a Tatham Solo game ID: expected PARAMS:DESCRIPTION, e.g. "
                            "3x3:... or 9j:...")
    params, desc = match[1], match[2]
    shape = _TATHAM_PARAMS.fullmatch(params)
    if shape is None:
        raise InvalidPuzzle(f"Tatham game ID: unknown parameters {params!r} (expected RxC "
                            "or Nj, then x for the diagonals)")
    if shape[5]:
        raise InvalidPuzzle("Tatham game ID: Killer Sudoku (k) is not supported")
    box = (int(shape[1]), int(shape[2])) if shape[1] else None
    n = box[0] * box[1] if box else int(shape[3])
    if not 2 <= n <= sb.MAX_SIDE:
        raise InvalidPuzzle(f"Tatham game ID: a side of {n} is out of range (2 to "
                            f"{sb.MAX_SIDE})")
    grid_text, _, blocks = desc.partition(",")
    givens = _tatham_grid(grid_text, n)
    if box is not None:
        if blocks:
            raise InvalidPuzzle("Tatham game ID: regions given for a puzzle with boxes")
        return sb.make(givens, n, box=box, diagonals=bool(shape[4]))
    if not blocks:
        raise InvalidPuzzle("Tatham game ID: a jigsaw (Nj) needs its regions after a comma")
    return sb.make(givens, n, regions=_tatham_regions(blocks, n), diagonals=bool(shape[4]))


def _tatham_grid(text: str, n: int) -> list[int]:
    values: list[int] = []
    for token in re.finditer(r"[a-z]|_|\d+|.", text):
        part = token.group()
        if part.isdigit():
            value = int(part)
            if not 1 <= value <= n:
                raise InvalidPuzzle(f"Tatham game ID: value {value} is out of range 1 to {n} "
                                    f"(character {token.start() + 1})")
            values.append(value)
        elif part.isalpha() and part.islower():
            values += [0] * (ord(part) - ord("a") + 1)
        elif part != "_":
            raise InvalidPuzzle(f"Tatham game ID: unexpected {part!r} (character "
                                f"{token.start() + 1})")
        if len(values) > n * n:
            raise InvalidPuzzle(f"Tatham game ID: more than {n * n} cells")
    if len(values) != n * n:
        raise InvalidPuzzle(f"Tatham game ID: {len(values)} cells, expected {n * n}")
    return values


def _edges(n: int) -> list[tuple[int, int]]:
    """Solo's order of the inner edges: vertical ones in reading order, then horizontal
    ones column by column; each as the pair of cells it separates."""
    vertical = [(y * n + x, y * n + x + 1) for y in range(n) for x in range(n - 1)]
    horizontal = [(y * n + x, (y + 1) * n + x) for x in range(n) for y in range(n - 1)]
    return vertical + horizontal


def _tatham_regions(text: str, n: int) -> list[int]:
    edges = _edges(n)
    parent = list(range(n * n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    position = 0
    for k, ch in enumerate(text, 1):
        if ch != "_" and not "a" <= ch <= "z":
            raise InvalidPuzzle(f"Tatham game ID: unexpected {ch!r} in the regions "
                                f"(character {k})")
        run = 0 if ch == "_" else 25 if ch == "z" else ord(ch) - ord("a") + 1
        if position + run > len(edges):
            raise InvalidPuzzle("Tatham game ID: the regions run past the last edge")
        for a, b in edges[position:position + run]:
            parent[root(a)] = root(b)
        position += run + (ch != "z")  # the wall after the run (the last one is virtual)
    if position != len(edges) + 1:
        raise InvalidPuzzle(f"Tatham game ID: the regions cover {min(position, len(edges))} "
                            f"of {len(edges)} edges")
    names: dict[int, int] = {}
    regions = [names.setdefault(root(i), len(names)) for i in range(n * n)]
    if len(names) != n or any(regions.count(k) != n for k in range(n)):
        raise InvalidPuzzle(f"Tatham game ID: the regions are not {n} regions of {n} cells")
    return regions


def format_tatham(board: Sudoku, values: tuple[int, ...] | None = None) -> str:
    """The board as a Solo game ID (with ``values`` as its givens when given)."""
    values = board.givens if values is None else values
    n = board.size
    params = f"{n}j" if board.jigsaw else f"{board.box[0]}x{board.box[1]}"
    params += "x" if board.diagonals else ""
    parts, run = [], 0
    for value in values:
        if not value:
            run += 1
            continue
        parts.append(_letters(run) if run else "_" if parts else "")
        parts.append(str(value))
        run = 0
    parts.append(_letters(run))
    desc = "".join(parts)
    if board.jigsaw:
        desc += "," + _tatham_walls(board)
    return f"{params}:{desc}"


def _letters(run: int) -> str:
    """A run of blanks: ``z`` for 26 each, then one letter."""
    out = "z" * (run // 26)
    return out + (chr(ord("a") + run % 26 - 1) if run % 26 else "")


def _tatham_walls(board: Sudoku) -> str:
    out, run = [], 0
    walls = [board.regions[a] != board.regions[b] for a, b in _edges(board.size)] + [True]
    for wall in walls:
        if not wall:
            run += 1
            continue
        while run > 25:
            out.append("z")
            run -= 25
        out.append(chr(ord("a") + run - 1) if run else "_")
        run = 0
    return "".join(out)


# -- puzz.link ---------------------------------------------------------------------------------


def parse_puzzlink(url: str) -> Sudoku:
    """A pzprjs Sudoku link (``?sudoku/COLS/ROWS/BODY``, also ``?sudoku/N/BODY``)."""
    match = PUZZLINK_URL.fullmatch(url)
    if match is None:
        raise InvalidPuzzle("not a puzz.link URL: expected https://puzz.link/p?sudoku/9/9/...")
    parts = match[1].split("/")
    if parts[0] != "sudoku":
        raise InvalidPuzzle(f"puzz.link URL: a {parts[0]!r} puzzle, not sudoku")
    sizes = [p for p in parts[1:-1]]
    if not 1 <= len(sizes) <= 2 or not all(p.isdigit() for p in sizes) or len(parts) < 3:
        raise InvalidPuzzle("puzz.link URL: expected sudoku/COLS/ROWS/BODY")
    n = int(sizes[0])
    if len(set(sizes)) != 1 or not 4 <= n <= sb.MAX_SIDE:
        raise InvalidPuzzle(f"puzz.link URL: a {'x'.join(sizes)} Sudoku is not supported "
                            f"(a square side of 4 to {sb.MAX_SIDE})")
    body, values, k = parts[-1], [], 0
    while k < len(body) and len(values) < n * n:
        ch = body[k]
        width = {"-": 2, "+": 3}.get(ch, 0)
        digits = body[k + 1:k + 1 + width] if width else ch
        if "g" <= ch <= "z":
            values += [0] * (int(ch, 36) - 15)
        elif ch == ".":
            values.append(0)
        elif re.fullmatch(r"[0-9a-f]+", digits) and len(digits) == max(width, 1):
            value = int(digits, 16)
            if not 1 <= value <= n:
                raise InvalidPuzzle(f"puzz.link URL: value {value} is out of range 1 to {n} "
                                    f"(body character {k + 1})")
            values.append(value)
        else:
            raise InvalidPuzzle(f"puzz.link URL: unexpected {ch!r} (body character {k + 1})")
        k += 1 + width
    values += [0] * (n * n - len(values))
    return sb.make(values[:n * n], n)


def format_puzzlink(board: Sudoku, values: tuple[int, ...] | None = None) -> str:
    """The board as a puzz.link URL (boxes of the side's usual shape only)."""
    if board.jigsaw or board.diagonals or board.box != sb.default_box(board.size):
        raise UsageError("puzz.link's sudoku has the usual boxes only: no jigsaw, X or "
                         "other box shapes")
    values = board.givens if values is None else values
    out, run = [], 0
    for value in values:
        if not value:
            run += 1
            if run == 20:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(format_int(run + 15, 36))
            run = 0
        out.append(f"{value:x}" if value < 16 else f"-{value:02x}")
    if run:
        out.append(format_int(run + 15, 36))
    n = board.size
    return f"{PUZZLINK_HOST}?sudoku/{n}/{n}/{''.join(out)}"


def format_int(value: int, base: int) -> str:
    """One digit of ``value`` in ``base`` (up to 36)."""
    return "0123456789abcdefghijklmnopqrstuvwxyz"[value % base]
