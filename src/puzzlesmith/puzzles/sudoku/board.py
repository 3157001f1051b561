"""The Sudoku board: the instance, its units, and the plain text formats.

A board of side ``n`` has ``n`` rows, ``n`` columns and ``n`` regions of ``n`` cells (boxes
of ``R`` rows by ``C`` columns, ``R*C = n``, or irregular "jigsaw" regions); the X variant
adds both long diagonals.  Every unit holds each value 1..n once.  Cells are numbered
``r * n + c``; values are ``1..n`` and 0 is a blank.

The text formats read by :func:`parse`:

* one line of ``n*n`` characters, row by row (``.``, ``0`` or ``_`` a blank): the common
  81-character line;
* a grid, one row a line (spaces and ``|``, ``+``, ``-`` separator lines are ignored);
  for a jigsaw, after a blank line, the regions as a grid of letters;
* either may start with a header line ``sudoku 2x3`` / ``sudoku 9 jigsaw x`` (the box
  shape or the side, then the variants), which :func:`format` writes when the board is not
  the plain one its side implies.

Values above 9 are letters (``A`` = 10 ... ``P`` = 25), in either case.

>>> board = parse("sudoku 2x2\\n1...\\n..1.\\n.1..\\n...1\\n")
>>> board.size, board.box, board.givens[:4]
(4, (2, 2), (1, 0, 0, 0))
>>> print(format(board, "line"), end="")
1.....1..1.....1
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cached_property

from ...errors import InvalidPuzzle, UsageError, check_method
from ..symmetry import TURNS, renamed

__all__ = ["Sudoku", "SYMBOLS", "MAX_SIDE", "parse", "format", "format_answer", "parse_answer",
           "parse_box", "default_box", "boxes", "cell_name", "symbol", "normal_forms"]

#: The symbols of values 1, 2, ... (value v is ``SYMBOLS[v - 1]``).
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
#: The largest side read (25: boxes of 5x5).
MAX_SIDE = len(SYMBOLS)
BLANKS = ".0_"
_SEPARATORS = "|+-=!:"
VARIANTS = ("classic", "jigsaw", "x", "jigsaw-x")
#: The text styles of a board and of an answer: rows, or one line.
STYLES = ("grid", "line")


@dataclass(frozen=True)
class Sudoku:
    """One puzzle: ``size`` (n), the region of every cell, the givens (0: blank), the box
    shape ``(rows, cols)`` (None for a jigsaw) and whether the two diagonals are units."""

    size: int
    regions: tuple[int, ...]
    givens: tuple[int, ...]
    box: tuple[int, int] | None = None
    diagonals: bool = False

    @property
    def jigsaw(self) -> bool:
        return self.box is None

    @property
    def variant(self) -> str:
        """``classic``, ``jigsaw``, ``x`` or ``jigsaw-x``."""
        name = "-".join(n for n, on in (("jigsaw", self.jigsaw), ("x", self.diagonals)) if on)
        return name or "classic"

    @cached_property
    def units(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """(name, cells) of every unit: rows, columns, regions, then the diagonals."""
        n = self.size
        units = [(f"row {r + 1}", tuple(range(r * n, r * n + n))) for r in range(n)]
        units += [(f"column {c + 1}", tuple(range(c, n * n, n))) for c in range(n)]
        kind = "region" if self.jigsaw else "box"
        units += [(f"{kind} {k + 1}", tuple(i for i in range(n * n) if self.regions[i] == k))
                  for k in range(n)]
        if self.diagonals:
            units.append(("diagonal", tuple(k * n + k for k in range(n))))
            units.append(("anti-diagonal", tuple(k * n + n - 1 - k for k in range(n))))
        return tuple(units)

    def with_givens(self, givens: tuple[int, ...]) -> Sudoku:
        return Sudoku(self.size, self.regions, tuple(givens), self.box, self.diagonals)


def symbol(value: int) -> str:
    """The character of a value (``.`` for a blank)."""
    return SYMBOLS[value - 1] if value else "."


def cell_name(cell: int, n: int) -> str:
    """``r3c5`` (1-based) of cell number ``cell`` on a board of side ``n``."""
    return f"r{cell // n + 1}c{cell % n + 1}"


def default_box(n: int) -> tuple[int, int] | None:
    """The box shape a side implies: rows the largest divisor of ``n`` up to its square root
    (9: 3x3, 6: 2x3, 12: 3x4); None when ``n`` has no such shape (a prime)."""
    rows = max((d for d in range(2, math.isqrt(n) + 1) if n % d == 0), default=None)
    return None if rows is None else (rows, n // rows)


def parse_box(text: str) -> tuple[int, int]:
    """``RxC`` (rows by columns of a box) as a pair; a usage error otherwise."""
    match = re.fullmatch(r"\s*(\d{1,2})\s*[xX×]\s*(\d{1,2})\s*", text or "")
    if not match:
        raise UsageError(f"--box takes ROWSxCOLUMNS of a box, e.g. 3x3 or 2x3, got {text!r}")
    rows, cols = int(match[1]), int(match[2])
    if rows < 1 or cols < 1 or rows * cols > MAX_SIDE or rows * cols < 2:
        raise UsageError(f"--box {text}: a box of 2 to {MAX_SIDE} cells is needed")
    return rows, cols


def boxes(n: int, box: tuple[int, int]) -> tuple[int, ...]:
    """The region (box number, row by row) of every cell for boxes of ``box``."""
    rows, cols = box
    return tuple((r // rows) * (n // cols) + c // cols for r in range(n) for c in range(n))


def make(givens: list[int], n: int, *, box: tuple[int, int] | None = None,
         regions: list[int] | None = None, diagonals: bool = False) -> Sudoku:
    """A checked board: boxes of ``box`` (default: what ``n`` implies) unless ``regions``."""
    if regions is not None:
        return Sudoku(n, tuple(regions), tuple(givens), None, diagonals)
    box = box or default_box(n)
    if box is None:
        raise InvalidPuzzle(f"a {n}x{n} board has no box shape; give its regions "
                            "(--variant jigsaw)")
    if box[0] * box[1] != n:
        raise InvalidPuzzle(f"boxes of {box[0]}x{box[1]} do not tile a {n}x{n} board")
    return Sudoku(n, boxes(n, box), tuple(givens), box, diagonals)


# -- reading ---------------------------------------------------------------------------------


def _value(char: str, n: int, line: int, column: int) -> int:
    if char in BLANKS:
        return 0
    value = SYMBOLS.find(char.upper()) + 1
    if value == 0:
        raise InvalidPuzzle(f"unexpected character {char!r}", line=line, column=column)
    if value > n:
        raise InvalidPuzzle(f"value {char} is out of range for a {n}x{n} board (1 to "
                            f"{symbol(n)})", line=line, column=column)
    return value


def _cells(line: str) -> list[tuple[int, str]]:
    """(column, character) of the cells of one text row: separators and spaces dropped."""
    return [(k, ch) for k, ch in enumerate(line, 1) if not ch.isspace() and ch not in "|+!:"]


def _is_rule(line: str) -> bool:
    """A separator line (``------+------``) between bands of boxes."""
    stripped = line.strip()
    return bool(stripped) and all(ch in _SEPARATORS or ch.isspace() for ch in stripped)


def _header(line: str, number: int) -> tuple[int | None, tuple[int, int] | None, set[str]]:
    """The header ``sudoku SHAPE [jigsaw] [x]``: (side, box, variants)."""
    words = line.split()[1:]
    side, box, variants = None, None, set()
    for word in words:
        low = word.lower()
        if low in ("jigsaw", "x"):
            variants.add(low)
        elif re.fullmatch(r"\d{1,2}", low):
            side = int(low)
        elif re.fullmatch(r"\d{1,2}x\d{1,2}", low):
            box = tuple(int(v) for v in low.split("x"))
            side = box[0] * box[1]
        else:
            raise InvalidPuzzle(f"unknown word {word!r} in the header (expected a size like "
                                "9 or 3x3, 'jigsaw', 'x')", line=number)
    return side, box, variants


def parse(text: str, *, box: str | tuple[int, int] | None = None,
          variant: str | None = None, max_side: int = MAX_SIDE) -> Sudoku:
    """A board from the text formats of this module (Tatham's game IDs and puzz.link URLs
    are read by :func:`puzzlesmith.puzzles.sudoku.formats.parse`); ``box`` (``"RxC"``) and
    ``variant`` (classic, jigsaw, x, jigsaw-x) say what the text does not."""
    if isinstance(box, str):
        box = parse_box(box)
    check_method(variant, VARIANTS, "variant")
    numbered = [(k, line) for k, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1)
                if not line.lstrip().startswith("#")]
    side, header_box, variants = None, None, set((variant or "").replace("classic", "")
                                                  .split("-")) - {""}
    body = [(k, line) for k, line in numbered if line.strip()]
    if not body:
        raise InvalidPuzzle("no Sudoku grid found (the input is empty)")
    if body[0][1].strip().lower().startswith("sudoku"):
        side, header_box, more = _header(body[0][1], body[0][0])
        variants |= more
        numbered = [(k, line) for k, line in numbered if k > body[0][0]]
    blocks = _blocks(numbered)
    if not blocks:
        raise InvalidPuzzle("no Sudoku grid found after the header")
    grid, n = _grid(blocks[0], side, max_side)
    box = box or header_box
    regions = None
    if len(blocks) > 1:
        regions = _regions(blocks[1], n)
        variants.add("jigsaw")
        if len(blocks) > 2:
            raise InvalidPuzzle("unexpected text after the regions", line=blocks[2][0][0])
    elif "jigsaw" in variants:
        raise InvalidPuzzle("a jigsaw Sudoku needs its regions: a grid of letters after a "
                            "blank line")
    if box is not None and box[0] * box[1] != n:
        raise InvalidPuzzle(f"boxes of {box[0]}x{box[1]} do not tile the {n}x{n} grid")
    return make(grid, n, box=box, regions=regions, diagonals="x" in variants)


def _blocks(numbered: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """Runs of non-blank lines (separator lines dropped)."""
    blocks, current = [], []
    for number, line in numbered:
        if not line.strip():
            if current:
                blocks.append(current)
                current = []
        elif not _is_rule(line):
            current.append((number, line))
    if current:
        blocks.append(current)
    return blocks


def _grid(block: list[tuple[int, str]], side: int | None,
          max_side: int) -> tuple[list[int], int]:
    """The givens of the first block: one long line, or one row a line."""
    rows = [(number, _cells(line)) for number, line in block]
    if len(rows) == 1 and len(rows[0][1]) > 1:
        number, cells = rows[0]
        n = side or math.isqrt(len(cells))
        if n * n != len(cells) or n < 2:
            wanted = f"{n * n} characters for {n}x{n}" if side else "n*n characters (81 for 9x9)"
            raise InvalidPuzzle(f"a one-line Sudoku has {wanted}, got {len(cells)}",
                                line=number)
        _check_side(n, max_side, number)
        return [_value(ch, n, number, k) for k, ch in cells], n
    n = side or len(rows)
    _check_side(n, max_side, rows[0][0])
    if len(rows) != n:
        raise InvalidPuzzle(f"the grid has {len(rows)} rows, expected {n}",
                            line=rows[min(n, len(rows)) - 1][0])
    values = []
    for r, (number, cells) in enumerate(rows, 1):
        if len(cells) != n:
            raise InvalidPuzzle(f"row {r} has {len(cells)} cells, expected {n}", line=number)
        values += [_value(ch, n, number, k) for k, ch in cells]
    return values, n


def _check_side(n: int, max_side: int, line: int) -> None:
    if not 2 <= n <= min(max_side, MAX_SIDE):
        raise InvalidPuzzle(f"a {n}x{n} Sudoku is out of range (2 to "
                            f"{min(max_side, MAX_SIDE)} a side)", line=line)


def _regions(block: list[tuple[int, str]], n: int) -> list[int]:
    """The regions of a jigsaw: n rows of n letters, each letter n cells."""
    if len(block) != n:
        raise InvalidPuzzle(f"the regions have {len(block)} rows, expected {n}",
                            line=block[min(n, len(block)) - 1][0])
    names: dict[str, int] = {}
    regions = []
    for r, (number, line) in enumerate(block, 1):
        cells = _cells(line)
        if len(cells) != n:
            raise InvalidPuzzle(f"regions row {r} has {len(cells)} cells, expected {n}",
                                line=number)
        for column, ch in cells:
            if ch not in names and len(names) == n:
                raise InvalidPuzzle(f"more than {n} regions (at {ch!r})", line=number,
                                    column=column)
            regions.append(names.setdefault(ch, len(names)))
    sizes = [regions.count(k) for k in range(len(names))]
    for letter, k in names.items():
        if sizes[k] != n:
            raise InvalidPuzzle(f"region {letter!r} has {sizes[k]} cells, expected {n}")
    if len(names) != n:
        raise InvalidPuzzle(f"{len(names)} regions, expected {n}")
    return regions


def parse_answer(board: Sudoku, text: str) -> tuple[int, ...]:
    """A filled (or partly filled) grid of ``board``'s side: one line or one row a line."""
    numbered = [(k, line) for k, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1)
                if not line.lstrip().startswith("#")]
    body = [(k, line) for k, line in numbered if line.strip()]
    if body and body[0][1].strip().lower().startswith("sudoku"):
        numbered = [(k, line) for k, line in numbered if k > body[0][0]]
    blocks = _blocks(numbered)
    if not blocks:
        raise InvalidPuzzle("the answer is empty")
    values, n = _grid(blocks[0], board.size, MAX_SIDE)
    return tuple(values)


# -- writing ---------------------------------------------------------------------------------


def header(board: Sudoku) -> str | None:
    """The header line when the board is not the plain one its side implies."""
    words = []
    if board.jigsaw:
        words += [str(board.size), "jigsaw"]
    elif board.box != default_box(board.size):
        words.append(f"{board.box[0]}x{board.box[1]}")
    if board.diagonals:
        words += ([] if words else [str(board.size)]) + ["x"]
    return "sudoku " + " ".join(words) if words else None


def _rows(board: Sudoku, values: tuple[int, ...]) -> list[str]:
    n = board.size
    return ["".join(symbol(v) for v in values[r * n:r * n + n]) for r in range(n)]


def _region_rows(board: Sudoku) -> list[str]:
    n = board.size
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXY"
    return ["".join(letters[board.regions[r * n + c]] for c in range(n)) for r in range(n)]


def format(board: Sudoku, style: str | None = None, values: tuple[int, ...] | None = None) -> str:
    """The board (or ``values`` on it) as text: ``grid`` (one row a line, the default) or
    ``line``; with a header line and, for a jigsaw, its regions, when needed."""
    values = board.givens if values is None else values
    head = header(board)
    lines = [head] if head else []
    check_method(style, STYLES, "style")
    if style == "line":
        lines.append("".join(_rows(board, values)))
    else:
        lines += _rows(board, values)
    if board.jigsaw:
        lines += [""] + _region_rows(board)
    return "\n".join(lines) + "\n"


def format_answer(board: Sudoku, answer: tuple[int, ...], style: str | None = None) -> str:
    """A filled grid, one row a line (``line``: one line); no header, no regions."""
    rows = _rows(board, tuple(answer))
    check_method(style, STYLES, "style")
    return "".join(rows) + "\n" if style == "line" else "\n".join(rows) + "\n"


def normal_forms(board: Sudoku) -> list[str]:
    """The board turned and mirrored (each keeps the X variant's pair of diagonals), its
    regions and values renamed in order of first appearance: one text each."""
    n = board.size

    def square(cells: tuple[int, ...]) -> list[tuple[int, ...]]:
        return [cells[r * n:r * n + n] for r in range(n)]

    return [f"{n}{' x' * board.diagonals}|{renamed(turn.grid(square(board.regions)))}|"
            f"{renamed(turn.grid(square(board.givens)), keep=(0,))}" for turn in TURNS]
