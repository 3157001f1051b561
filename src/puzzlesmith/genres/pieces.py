"""The pieces puzz.link (pzprjs) URL bodies are built from, each written once.

A piece reads its characters into a :class:`Draft` and writes them from a
:class:`~puzzlesmith.genres.givens.Givens`, as pzprjs's ``Encode.js`` does:
:data:`NUMBER16` (``decodeNumber16``), :data:`FOUR_CELL` (``decode4Cell``; :data:`WALL_CLUES`
the same for walls; :data:`FOUR_CROSS` on the grid points), :data:`NUMBER10`,
:data:`NUMBER36` (Hitori's numbers), :data:`CIRCLES`, :data:`BORDERS` (regions from borders)
and :class:`Count` (a number and a slash).

>>> draft = Draft(1, 4, "g1h")
>>> NUMBER16.decode(draft); draft.numbers
{(0, 1): 1}
>>> NUMBER16.encode(draft.givens())
'g1h'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import InvalidPuzzle
from .givens import ANY, Cell, Givens

__all__ = ["Draft", "Piece", "NUMBER16", "FOUR_CELL", "FOUR_CROSS", "WALL_CLUES", "NUMBER10",
           "NUMBER36", "CIRCLES", "BORDERS", "GIVEN_BORDERS", "ROOM_NUMBERS", "Count"]

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"

@dataclass
class Draft:
    """The givens being read from a body, and the reading position in it."""

    rows: int
    cols: int
    body: str
    pos: int = 0
    numbers: dict[Cell, int] = field(default_factory=dict)
    walls: set[Cell] = field(default_factory=set)
    regions: tuple[tuple[int, ...], ...] | None = None
    params: dict[str, Any] = field(default_factory=dict)
    points: bool = False

    def cell(self, index: int) -> Cell:
        """The cell (or grid point, with ``points``) of a row-by-row index."""
        return divmod(index, self.cols + self.points)

    def cells(self) -> int:
        """The number of cells (or grid points, with ``points``)."""
        return (self.rows + self.points) * (self.cols + self.points)

    def fail(self, problem: str) -> InvalidPuzzle:
        """An error naming the body's character at the reading position."""
        return InvalidPuzzle(f"puzz.link URL: {problem} (body character {self.pos + 1})")

    def givens(self) -> Givens:
        """The finished givens."""
        return Givens(self.rows, self.cols, dict(self.numbers), frozenset(self.walls),
                      self.regions, dict(self.params), self.points)


class Piece(Protocol):
    """One part of a URL body: reads its characters into a draft, writes them from givens."""

    def decode(self, draft: Draft) -> None: ...
    def encode(self, givens: Givens) -> str: ...


Reader = Callable[[str, int], tuple[int | None, int, int]]
Writer = Callable[[int, list[bool]], str | None]


@dataclass(frozen=True)
class _CellCodes:
    """Clues cell by cell with runs of empty cells (``decodeNumber16``, ``decodeNumber10``,
    the hitori numbers): ``read(text, i)`` gives (clue or None, characters used, cells
    skipped after it); ``write(clue)`` the clue's characters."""

    name: str
    read: Reader
    write: Writer
    runs: str = "ghijklmnopqrstuvwxyz"  # letters of runs of 1.. empty cells
    empty: str = ""  # what one empty cell is written as, when not a run
    walls: bool = False  # the clues are walls too (Light Up)
    points: bool = False  # the clues sit on the grid points (``decode4Cross``)

    def decode(self, draft: Draft) -> None:
        draft.points = self.points
        total, index, text = draft.cells(), 0, draft.body
        while index < total:
            if draft.pos >= len(text):
                raise draft.fail(f"the {self.name} end after {index} of {total} cells")
            ch = text[draft.pos]
            if ch in self.runs:
                index += self.runs.index(ch) + 1
                draft.pos += 1
                continue
            if self.empty and ch == self.empty:
                index, draft.pos = index + 1, draft.pos + 1
                continue
            clue, used, skip = self.read(text, draft.pos)
            if clue is None:
                raise draft.fail(f"{ch!r} is not a {self.name} character")
            if self.walls:
                draft.walls.add(draft.cell(index))
            if clue != ANY or not self.walls:
                draft.numbers[draft.cell(index)] = clue
            index, draft.pos = index + 1 + skip, draft.pos + used

    def encode(self, givens: Givens) -> str:
        out, run, k = [], 0, 0
        cells = [(r, c) for r in range(givens.rows + self.points)
                 for c in range(givens.cols + self.points)]
        while k < len(cells):
            clue = self._clue(givens, cells[k])
            if clue is None:
                run += 1
                if self.empty or run == len(self.runs):
                    out.append(self.empty or self.runs[-1])
                    run = 0
                k += 1
                continue
            if run:
                out.append(self.runs[run - 1])
                run = 0
            text = self.write(clue, [self._clue(givens, c) is None for c in cells[k + 1:k + 3]])
            if text is None:
                r, c = cells[k]
                raise InvalidPuzzle(f"puzz.link URL: the {self.name} cannot hold {clue} at "
                                    f"r{r + 1}c{c + 1}")
            out.append(text)
            k += 1 + self.read(text, 0)[2]
        if run:
            out.append(self.runs[run - 1])
        return "".join(out)

    def _clue(self, givens: Givens, cell: Cell) -> int | None:
        """The clue a cell holds for this piece (a wall without a number is ANY)."""
        clue = givens.numbers.get(cell)
        if clue is None and self.walls and cell in givens.walls:
            return ANY
        return clue


def _read16(text: str, i: int) -> tuple[int | None, int, int]:
    """pzprjs's ``readNumber16``: a hex digit, or a prefix and 2-5 hex digits, or '.'."""
    ch = text[i]
    if ch == ".":
        return ANY, 1, 0
    if ch in "0123456789abcdef":
        return int(ch, 16), 1, 0
    width, base = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "@": (3, 8192),
                   "*": (4, 12240), "$": (5, 77776)}.get(ch, (0, 0))
    digits = text[i + 1:i + 1 + width]
    if not width or not re.fullmatch(f"[0-9a-f]{{{width}}}", digits):
        return None, 0, 0
    return int(digits, 16) + base, width + 1, 0


def _write16(clue: int, _next_empty: list[bool]) -> str | None:
    """pzprjs's ``writeNumber16``."""
    if clue == ANY:
        return "."
    for low, high, prefix, width in ((0, 16, "", 1), (16, 256, "-", 2), (256, 4096, "+", 3),
                                     (4096, 8192, "=", 3), (8192, 12240, "@", 3),
                                     (12240, 77776, "*", 4), (77776, 1126352, "$", 5)):
        if low <= clue < high:
            return prefix + format(clue - (low if low >= 4096 else 0), f"0{width}x")
    return None


def _read4(text: str, i: int) -> tuple[int | None, int, int]:
    """``decode4Cell``: 0-4 a clue, 5-9 a clue and one empty cell, a-e a clue and two."""
    ch = text[i]
    if ch == ".":
        return ANY, 1, 0
    if ch in "0123456789abcde":
        value = int(ch, 16)
        return value % 5, 1, value // 5
    return None, 0, 0


def _write4(clue: int, next_empty: list[bool]) -> str | None:
    """``encode4Cell``: skip the next one or two empty cells when they are empty."""
    if clue == ANY:
        return "."
    if not 0 <= clue <= 4:
        return None
    skip = 0 if next_empty[:1] == [False] else 1 if next_empty[1:2] == [False] else 2
    return format(clue + 5 * skip, "x")


def _read10(text: str, i: int) -> tuple[int | None, int, int]:
    """``decodeNumber10``: a digit or '.'."""
    ch = text[i]
    return (ANY if ch == "." else int(ch) if ch.isdigit() else None), 1, 0


def _write10(clue: int, _next: list[bool]) -> str | None:
    return "." if clue == ANY else str(clue) if 0 <= clue <= 9 else None


def _read36(text: str, i: int) -> tuple[int | None, int, int]:
    """The hitori numbers: a base-36 digit, '-' and two, or '@'/'%' for '?'."""
    ch = text[i]
    if ch in "@%":
        return ANY, 1, 0
    if ch == "-" and re.fullmatch("[0-9a-z]{2}", text[i + 1:i + 3]):
        return int(text[i + 1:i + 3], 36), 3, 0
    return (int(ch, 36), 1, 0) if re.fullmatch("[0-9a-z]", ch) else (None, 0, 0)


def _write36(clue: int, _next: list[bool]) -> str | None:
    if clue == ANY:
        return "@"
    digits = _base36(clue) if 0 <= clue < 1296 else ""
    return None if not digits else digits if clue < 36 else "-" + digits


def _base36(value: int) -> str:
    return (_base36(value // 36) if value >= 36 else "") + _DIGITS[value % 36]


NUMBER16 = _CellCodes("numbers", _read16, _write16)
FOUR_CELL = _CellCodes("clues", _read4, _write4)
WALL_CLUES = _CellCodes("walls", _read4, _write4, walls=True)
FOUR_CROSS = _CellCodes("point clues", _read4, _write4, points=True)
NUMBER10 = _CellCodes("numbers", _read10, _write10, runs="abcdefghijklmnopqrstuvwxyz")
NUMBER36 = _CellCodes("numbers", _read36, _write36, runs="", empty=".")


class _Circles:
    """``decodeCircle``: three cells per base-27 digit, 0 none, 1 white, 2 black (kept in
    ``numbers``)."""

    def decode(self, draft: Draft) -> None:
        total = draft.rows * draft.cols
        for start in range(0, total, 3):
            ch = draft.body[draft.pos:draft.pos + 1]
            if not ch or ch not in _DIGITS[:27]:
                raise draft.fail(f"circles: {ch!r} is not 0-9a-q" if ch
                                 else f"the circles end after {start} of {total} cells")
            value = _DIGITS.index(ch)
            for k, weight in enumerate((9, 3, 1)):
                if start + k < total and value // weight % 3:
                    draft.numbers[draft.cell(start + k)] = value // weight % 3
            draft.pos += 1

    def encode(self, givens: Givens) -> str:
        values = [givens.numbers.get(cell, 0) for cell in givens.cells()]
        if any(v not in (0, 1, 2) for v in values):
            raise InvalidPuzzle("puzz.link URL: a circle is 1 (white) or 2 (black)")
        values += [0] * (-len(values) % 3)
        return "".join(_DIGITS[9 * values[i] + 3 * values[i + 1] + values[i + 2]]
                       for i in range(0, len(values), 3))


class _Borders:
    """``decodeBorder``: one bit per wall between two cells, five per base-32 digit; first
    the walls between side-by-side cells, then (from a new digit) those above-below.  The
    regions are the areas the walls enclose, numbered in reading order."""

    def decode(self, draft: Draft) -> None:
        draft.regions = _areas(_border_bits(draft), draft.rows, draft.cols)

    def encode(self, givens: Givens) -> str:
        g, rows, cols = givens.regions, givens.rows, givens.cols
        if g is None or len(g) != rows or any(len(row) != cols for row in g):
            raise InvalidPuzzle(f"puzz.link URL: the borders need regions, {rows} rows of {cols}")
        across = [int(g[r][c] != g[r][c + 1]) for r in range(rows) for c in range(cols - 1)]
        down = [int(g[r][c] != g[r + 1][c]) for r in range(rows - 1) for c in range(cols)]
        return _pack(across) + _pack(down)


class _GivenBorders:
    """``decodeBorder`` when the body goes on (Fillomino's optional given borders): the
    borders kept as they are, in ``params["borders"]``, each a pair of cells side by side."""

    def decode(self, draft: Draft) -> None:
        if draft.pos == len(draft.body):
            return
        rows, cols = draft.rows, draft.cols
        bits = iter(_border_bits(draft))
        pairs = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
        pairs += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
        draft.params["borders"] = frozenset(pair for pair in pairs if next(bits))

    def encode(self, givens: Givens) -> str:
        borders, rows, cols = givens.params.get("borders"), givens.rows, givens.cols
        if not borders:
            return ""
        across = [int(((r, c), (r, c + 1)) in borders) for r in range(rows)
                  for c in range(cols - 1)]
        down = [int(((r, c), (r + 1, c)) in borders) for r in range(rows - 1)
                for c in range(cols)]
        return _pack(across) + _pack(down)


def _border_bits(draft: Draft) -> list[int]:
    """The border bits at the reading position: side by side, then above-below."""
    rows, cols = draft.rows, draft.cols
    counts = ((cols - 1) * rows, cols * (rows - 1))
    need = sum(-(-count // 5) for count in counts)
    text = draft.body[draft.pos:draft.pos + need]
    bad = re.search("[^0-9a-v]", text)
    if bad:
        draft.pos += bad.start()
        raise draft.fail(f"borders: {bad.group()!r} is not 0-9a-v")
    if len(text) < need:
        raise draft.fail(f"the borders have {len(text)} characters, a {cols}x{rows} grid "
                         f"(columns x rows) needs {need}")
    split = -(-counts[0] // 5)
    bits: list[int] = []
    for part, count in ((text[:split], counts[0]), (text[split:], counts[1])):
        bits += [(int(ch, 32) >> (4 - k)) & 1 for ch in part for k in range(5)][:count]
    draft.pos += need
    return bits


def _pack(bits: list[int]) -> str:
    """Five bits per base-32 digit, the first bit the digit's 16 (zeros pad the last)."""
    padded = bits + [0] * (-len(bits) % 5)
    return "".join(_DIGITS[int("".join(map(str, padded[i:i + 5])), 2)]
                   for i in range(0, len(padded), 5))


def _areas(walls: list[int], rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Number the areas the walls enclose, in reading order of their first cell."""
    across = (cols - 1) * rows
    region = [[-1] * cols for _ in range(rows)]
    count = 0
    for start in ((r, c) for r in range(rows) for c in range(cols)):
        if region[start[0]][start[1]] >= 0:
            continue
        region[start[0]][start[1]], todo = count, [start]
        while todo:
            r, c = todo.pop()
            for nr, nc, open_ in (
                    (r, c + 1, c + 1 < cols and not walls[r * (cols - 1) + c]),
                    (r, c - 1, c > 0 and not walls[r * (cols - 1) + c - 1]),
                    (r + 1, c, r + 1 < rows and not walls[across + r * cols + c]),
                    (r - 1, c, r > 0 and not walls[across + (r - 1) * cols + c])):
                if open_ and region[nr][nc] < 0:
                    region[nr][nc] = count
                    todo.append((nr, nc))
        count += 1
    return tuple(tuple(row) for row in region)


@dataclass(frozen=True)
class Count:
    """A number and a slash at the body's start, kept in ``params[name]`` (Star Battle's
    stars: ``starbattle/6/6/1/...``)."""

    name: str

    def decode(self, draft: Draft) -> None:
        match = re.match(r"([0-9]{1,6})(?:/|$)", draft.body[draft.pos:])
        if match is None:
            raise draft.fail(f"expected the {self.name} count and '/'")
        draft.params[self.name] = int(match[1])
        draft.pos += match.end()

    def encode(self, givens: Givens) -> str:
        value = givens.params.get(self.name)
        if not isinstance(value, int) or value < 0:
            raise InvalidPuzzle(f"puzz.link URL: params[{self.name!r}] must be a count")
        return f"{value}/"


CIRCLES: Piece = _Circles()
BORDERS: Piece = _Borders()


class _RoomNumbers:
    """``decodeRoomNumber16``: after the borders, one :data:`NUMBER16` clue per region in
    number order, kept on the region's first cell (Heyawake)."""

    def decode(self, draft: Draft) -> None:
        if draft.regions is None:
            raise draft.fail("room numbers need the borders first")
        tops = _tops(draft.regions)
        rooms = Draft(1, len(tops), draft.body, draft.pos)
        NUMBER16.decode(rooms)
        draft.numbers.update({tops[k]: n for (_, k), n in rooms.numbers.items()})
        draft.pos = rooms.pos

    def encode(self, givens: Givens) -> str:
        if givens.regions is None:
            raise InvalidPuzzle("puzz.link URL: room numbers need regions")
        tops = _tops(givens.regions)
        index = {givens.regions[r][c]: k for k, (r, c) in enumerate(tops)}
        numbers: dict[Cell, int] = {}
        for (r, c), n in sorted(givens.numbers.items()):
            numbers.setdefault((0, index[givens.regions[r][c]]), n)
        return NUMBER16.encode(Givens(1, len(tops), numbers))


def _tops(regions: tuple[tuple[int, ...], ...]) -> list[Cell]:
    """The first cell of each region, in reading order (as pzprjs numbers its rooms)."""
    firsts: dict[int, Cell] = {}
    for r, row in enumerate(regions):
        for c, k in enumerate(row):
            firsts.setdefault(k, (r, c))
    return sorted(firsts.values())


ROOM_NUMBERS: Piece = _RoomNumbers()


GIVEN_BORDERS: Piece = _GivenBorders()
