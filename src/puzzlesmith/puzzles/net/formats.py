"""Net's text formats: the grid (one hex digit per tile, barriers after it), Tatham's game IDs,
the drawing; and the checks of a board that every format passes.

A tile (a mask of connectors, 1 up, 2 left, 4 down, 8 right) is one hex digit, a row of
tiles one line.  The same format holds a player's answer (the tiles as turned).

>>> board = parse("c6\\n93\\n")
>>> board.tiles
((12, 6), (9, 3))
>>> print(draw(board.tiles).replace(" ", "_"))
__________
__o----o__
__|____|__
__|____|__
__o----o__
__________
>>> parse("c6\\n9\\n")
Traceback (most recent call last):
...
puzzlesmith.errors.InvalidPuzzle: line 2: row has 1 tiles, expected 2
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np

from ...errors import InvalidPuzzle, UsageError
from .board import (
    DIRECTIONS,
    DOWN,
    LEFT,
    MAX_TILES,
    RIGHT,
    SIDE_NAMES,
    UP,
    Board,
    Grid,
    barrier_edges,
    barrier_grid,
)

__all__ = [
    "MAX_INPUT", "TATHAM_ID", "BARRIERS_HEAD", "parse", "rules_line", "parse_tatham",
    "format_tatham", "parse_grid", "format_grid", "format_board", "barriers_json", "to_rows",
    "draw", "validate", "parse_size", "example",
]

#: The default cap on the characters of a board's text.
MAX_INPUT = 10_000_000
#: A Tatham Net game ID: ``WxH[w]:`` (width = columns, height = rows, ``w`` wrapping; the
#: generation parameters ``bPROB`` and ``a`` may stand there too), then one hex digit per
#: tile, row by row.
TATHAM_ID = re.compile(r"\s*([0-9]{1,9})(?:x([0-9]{1,9}))?([^:\s]*):")
#: Tatham's tile bits (R=1, U=2, L=4, D=8) to ours (U=1, L=2, D=4, R=8), and back.
FROM_TATHAM = tuple(((t >> 1) | (t << 3)) & 15 for t in range(16))
TO_TATHAM = tuple(FROM_TATHAM.index(v) for v in range(16))
_TATHAM_PARAM = re.compile(r"w|b[0-9.]*|a")
_NOT_TATHAM = re.compile(r"[^0-9a-fA-Fhv]")
_TATHAM_BARRIERS = re.compile(r"[hv]+")
_HEX = bytes.maketrans(b"0123456789abcdefABCDEF", bytes(range(16)) + bytes(range(10, 16)))
_NOT_HEX = re.compile(r"[^0-9a-fA-F \t\r\n]")
_SPACE = re.compile(r"[ \t]")
#: The line that opens the barriers block of puzzlesmith's format (after the grid).
BARRIERS_HEAD = re.compile(r"^[ \t]*barriers[ \t]*:?[ \t\r]*$", re.IGNORECASE | re.MULTILINE)
#: The header line naming a board's rules, before its grid: ``net wrap connected``.
_RULES_HEAD = re.compile(r"\A(\ufeff?[ \t\r\n]*)net\b([^\n]*)", re.IGNORECASE)
#: A line of the barriers block: ``ROW COLUMN SIDE`` (1-based; side up/left/down/right).
_BARRIER_LINE = re.compile(r"([0-9]{1,9})[ \t,]+([0-9]{1,9})[ \t,]+([a-zA-Z]+)")
_SIDE_WORDS = {"up": UP, "u": UP, "left": LEFT, "l": LEFT, "down": DOWN, "d": DOWN,
               "right": RIGHT, "r": RIGHT}


def parse(text: str, *, wrap: bool = False, connected: bool = False,
          max_tiles: int = MAX_TILES, max_input: int = MAX_INPUT) -> Board:
    """Read a board: one hex digit per tile, one row per line.

    A header line ``net wrap connected`` (:func:`rules_line`) may name the rules the board
    has besides those asked for.  Blank lines around the grid and spaces around a row are
    ignored, a UTF-8 byte-order mark is accepted.  Anything else is an
    :class:`~puzzlesmith.errors.InvalidPuzzle` naming the line and column, and so is a tile
    that points off the board whichever way it is turned (a cross on the edge of a board
    that does not wrap).  ``max_input`` (characters) is checked before any work and
    ``max_tiles`` before any tile is stored.

    >>> parse("\\ufeff  Ab\\n  cD  \\n\\n", wrap=True).tiles
    ((10, 11), (12, 13))
    >>> parse("12\\n3g\\n")
    Traceback (most recent call last):
    ...
    puzzlesmith.errors.InvalidPuzzle: line 2, column 2: 'g' is not a hex digit
    >>> parse("\\n5c\\n93\\n")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlesmith.errors.InvalidPuzzle: line 2, column 1: tile 5 points off the 2x2 board...
    """
    if isinstance(text, str) and len(text) > max_input:
        raise InvalidPuzzle(f"the input has {len(text):,} characters, more than the "
                            f"{max_input:,} allowed")
    if isinstance(text, str) and TATHAM_ID.match(text.removeprefix("\ufeff")):
        return parse_tatham(text.removeprefix("\ufeff"), max_tiles=max_tiles)
    text, rules = _split_rules(text)
    wrap, connected = wrap or "wrap" in rules, connected or "connected" in rules
    text, block, head_line = _split_barriers(text)
    rows, first = _grid(text, max_tiles, max_input)
    edges = _parse_barriers(block, head_line, len(rows), len(rows[0]))
    board = Board(rows, bool(wrap), bool(connected),
                  barrier_grid(len(rows), len(rows[0]), edges, wrap=bool(wrap)))
    return _fits(board, first)


def parse_tatham(text: str, *, max_tiles: int = MAX_TILES) -> Board:
    """Read a Tatham Net game ID (what Net shows under "Game ID"): ``WxH:`` or ``WxHw:``
    (wrapping), then one hex digit per tile, row by row, in Tatham's bits (R=1, U=2, L=4,
    D=8), turned into ours; after a tile, ``v`` is a barrier on its right side and ``h`` one
    below it (across the wrap edge on the last column or row of a wrapping board).  The
    puzzle has Tatham's rule (``connected``).

    >>> board = parse_tatham("3x2:1a4248")
    >>> board.tiles, board.wrap, board.connected
    (((8, 5, 2), (1, 2, 4)), False, True)
    >>> parse_tatham("3x2:1ha4248").barriers
    ((4, 0, 0), (1, 0, 0))
    >>> parse_tatham("3x2:1a42g8")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlesmith.errors.InvalidPuzzle: Net game ID: 'g' at character 9 is not a hex digit (...
    """
    head = TATHAM_ID.match(text)
    if head is None:
        raise InvalidPuzzle("not a Net game ID: expected WxH:HEX... such as 5x5:374341ede2...")
    cols = int(head[1])
    rows = int(head[2]) if head[2] else cols
    for param in _TATHAM_PARAM.split(head[3]):
        if param:
            raise InvalidPuzzle(f"Net game ID: unsupported parameter {param!r} in "
                                f"{head[0].strip()!r} (expected WxH, w for wrapping)")
    wrap = "w" in _TATHAM_PARAM.findall(head[3])
    if rows < 1 or cols < 1 or rows * cols < 2:
        raise InvalidPuzzle(f"Net game ID: a {cols}x{rows} board (width x height) needs at "
                            "least 2 tiles")
    if rows * cols > max_tiles:
        raise InvalidPuzzle(f"Net game ID: a {cols}x{rows} board has {rows * cols:,} tiles, "
                            f"more than the {max_tiles:,} allowed (raise it with --max-tiles)")
    body, start = text.rstrip(), head.end()
    bad = _NOT_TATHAM.search(body, start)
    if bad:
        raise InvalidPuzzle(f"Net game ID: {bad.group()!r} at character {bad.start() + 1} "
                            "is not a hex digit (nor a barrier, h or v after a tile)")
    if body[start:start + 1] in ("h", "v"):
        raise InvalidPuzzle(f"Net game ID: {body[start]!r} at character {start + 1} comes "
                            "before any tile (a barrier follows its tile)")
    edges, skipped = [], 0
    for run in _TATHAM_BARRIERS.finditer(body, start):
        cell = run.start() - start - skipped - 1           # the tile the run follows
        i, j = divmod(cell, cols)
        edges += [(i, j, RIGHT if ch == "v" else DOWN) for ch in run.group()]
        skipped += len(run.group())
    digits = body[start:].replace("h", "").replace("v", "")
    if len(digits) != rows * cols:
        raise InvalidPuzzle(f"Net game ID: {len(digits)} tiles given, a {cols}x{rows} board "
                            f"(width x height) needs {rows * cols}")
    flat = [FROM_TATHAM[int(ch, 16)] for ch in digits]
    tiles = tuple(tuple(flat[r * cols:(r + 1) * cols]) for r in range(rows))
    try:
        return _fits(Board(tiles, wrap, True, barrier_grid(rows, cols, edges, wrap=wrap)))
    except InvalidPuzzle as error:
        where = _tile_character(body, start, (error.line - 1) * cols + error.column - 1)
        raise InvalidPuzzle(f"Net game ID: the tile at character {where} (row {error.line}, "
                            f"column {error.column}): {str(error).split(': ', 1)[1]}") from None


def _tile_character(body: str, start: int, cell: int) -> int:
    """The position (from 1) in a game ID of the digit of tile ``cell``."""
    seen = -1
    for k in range(start, len(body)):
        if body[k] not in "hv":
            seen += 1
            if seen == cell:
                return k + 1
    return len(body)


def format_tatham(grid: Grid, wrap: bool = False, barriers: Grid = ()) -> str:
    """A grid (a puzzle's tiles or a solution) as a Tatham Net game ID (Tatham's Net plays
    it under its own rule, one network without loops, whatever rule the puzzle had here);
    ``barriers`` (a board's per-cell masks) as ``v`` (right side) and ``h`` (below) after
    their tile, as Tatham writes them.

    >>> format_tatham(((8, 5, 2), (1, 2, 4)))
    '3x2:1a4248'
    >>> format_tatham(((8, 5, 2), (1, 2, 4)), barriers=((4, 0, 0), (1, 0, 0)))
    '3x2:1ha4248'
    """
    cols, rows = len(grid[0]), len(grid)
    out = [f"{cols}x{rows}{'w' if wrap else ''}:"]
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            out.append(f"{TO_TATHAM[v]:x}")
            if barriers and barriers[i][j]:
                closed = barriers[i][j]
                if closed & RIGHT and (wrap or j + 1 < cols):
                    out.append("v")
                if closed & DOWN and (wrap or i + 1 < rows):
                    out.append("h")
    return "".join(out)


def barriers_json(board: Board) -> list[list]:
    """The JSON form of a board's barriers: ``[row, column, side]`` (from 1), as in
    :func:`format_board`."""
    return [[i + 1, j + 1, SIDE_NAMES[bit]] for i, j, bit in barrier_edges(board)]


def format_board(board: Board, grid: Grid | None = None) -> str:
    """puzzlesmith's format of a board: its grid (or ``grid``, the tiles as turned), then,
    if it has barriers, the line ``barriers`` and one barrier a line, ``ROW COLUMN SIDE``
    (from 1; ``right`` or ``down``, the side of that tile it closes).

    >>> print(format_board(Board(((8, 2), (1, 1)), barriers=((8, 2), (0, 0)))))
    82
    11
    barriers
    1 1 right
    """
    text = format_grid(board.tiles if grid is None else grid)
    edges = barrier_edges(board)
    if not edges:
        return text
    return "\n".join([text, "barriers", *(f"{i + 1} {j + 1} {SIDE_NAMES[bit]}"
                                           for i, j, bit in edges)])


def rules_line(board: Board) -> str:
    """The header line naming the rules ``board`` has (``net wrap connected``), else "".

    >>> parse(rules_line(Board(((1, 4),), wrap=True)) + "\\n14").wrap
    True
    """
    rules = [word for word in ("wrap", "connected") if getattr(board, word)]
    return " ".join(["net", *rules]) if rules else ""


def _split_rules(text):
    """``text`` with its ``net ...`` header line blanked (the lines keep their numbers), and
    the header's rules."""
    head = _RULES_HEAD.match(text) if isinstance(text, str) else None
    if head is None:
        return text, ()
    rules = head[2].replace(",", " ").lower().split()
    for word in rules:
        if word not in ("wrap", "connected"):
            raise InvalidPuzzle(f"unknown rule {word!r} in the header (expected wrap or "
                                "connected)", line=head[1].count("\n") + 1)
    return head[1] + text[head.end():], rules


def _split_barriers(text):
    """``text`` cut at its ``barriers`` line: the grid's text, the block after that line,
    and that line's number (0 when there is no block)."""
    if not isinstance(text, str):
        return text, "", 0
    head = BARRIERS_HEAD.search(text)
    if head is None:
        return text, "", 0
    before = text[:head.start()]
    return before, text[head.end():], before.count("\n") + 1


def _parse_barriers(block: str, head_line: int, rows: int, cols: int) -> list:
    """The barriers of a ``barriers`` block, ``(row, column, side bit)`` from 0."""
    edges = []
    for k, line in enumerate(block.split("\n")[1:], head_line + 1):
        line = line.strip()
        if not line:
            continue
        match = _BARRIER_LINE.fullmatch(line)
        side = _SIDE_WORDS.get(match.group(3).lower()) if match else None
        if side is None:
            raise InvalidPuzzle(f"expected a barrier as ROW COLUMN SIDE (such as 2 3 right; "
                                f"side up, left, down or right), got {line[:40]!r}", line=k)
        i, j = int(match.group(1)), int(match.group(2))
        if not (1 <= i <= rows and 1 <= j <= cols):
            raise InvalidPuzzle(f"barrier at row {i}, column {j} is off the {rows}x{cols} "
                                "board", line=k)
        edges.append((i - 1, j - 1, side))
    return edges


def parse_grid(text: str, *, max_tiles: int = MAX_TILES, max_input: int = MAX_INPUT) -> Grid:
    """Rows of hex digits as a grid (a player's answer or state): the checks of
    :func:`parse` but the tiles' fit, which is the checker's business; a ``barriers``
    block after the grid (a board written by :func:`format_board`) is left out."""
    return _grid(_split_barriers(text)[0], max_tiles, max_input)[0]


def _grid(text: str, max_tiles: int, max_input: int) -> tuple[Grid, int]:
    """The rows and the index of the first line that holds one."""
    if not isinstance(text, str):
        raise InvalidPuzzle(f"expected text, got {type(text).__name__}")
    if len(text) > max_input:
        raise InvalidPuzzle(f"the input has {len(text):,} characters, more than the "
                            f"{max_input:,} allowed")
    if text.startswith("\ufeff"):
        text = text[1:]
    bad = _NOT_HEX.search(text)
    if bad:
        _refuse(text, bad.start(), bad.group())
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    first = next((k for k, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise InvalidPuzzle("empty puzzle: expected rows of hex digits")
    end = max(k for k in range(first, len(lines)) if lines[k].strip()) + 1
    width = len(lines[first].strip())
    height = end - first
    if height * width > max_tiles:
        raise InvalidPuzzle(f"a {height}x{width} board has {height * width:,} tiles, more "
                            f"than the {max_tiles:,} allowed (raise it with --max-tiles)")
    rows = []
    for n in range(first, end):
        line = lines[n]
        row = line.strip()
        space = _SPACE.search(row)
        if space:
            column = len(line) - len(line.lstrip()) + space.start() + 1
            raise InvalidPuzzle(f"{space.group()!r} is not a hex digit", line=n + 1,
                                column=column)
        if len(row) != width:
            raise InvalidPuzzle(f"row has {len(row)} tiles, expected {width}", line=n + 1)
        rows.append(tuple(row.encode("ascii").translate(_HEX)))
    return tuple(rows), first


def _fits(board: Board, first_line: int = 0) -> Board:
    """Refuse a tile that points off the board (or across a barrier) whichever way it is
    turned."""
    stuck = np.flatnonzero(board.fitting() == 0)
    if stuck.size:
        i, j = divmod(int(stuck[0]), board.cols)
        where = " or across a barrier" if board.closed[stuck[0]] else ""
        raise InvalidPuzzle(f"tile {board.tiles[i][j]:x} points off the {board.rows}x"
                            f"{board.cols} board{where} whichever way it is turned",
                            line=first_line + i + 1, column=j + 1)
    return board


def _refuse(text: str, at: int, char: str) -> None:
    line = text.count("\n", 0, at) + 1
    column = at - text.rfind("\n", 0, at)
    raise InvalidPuzzle(f"{char!r} is not a hex digit", line=line, column=column)


def validate(board: Board, *, max_tiles: int | None = None, fit: bool = True) -> Board:
    """Check a board built in code (``parse`` already does): rectangular, tiles 0..15,
    each able to turn so that it points nowhere off the board (unless not ``fit``);
    barrier masks of the same shape, 0..15.  Returns the board with its barriers made
    whole (closed on both cells of each edge, as :func:`barrier_grid` does).

    >>> validate(Board(((1, 4), (2,))))
    Traceback (most recent call last):
    ...
    puzzlesmith.errors.InvalidPuzzle: line 2: row has 1 tiles, expected 2
    """
    if not isinstance(board, Board):
        raise UsageError(f"expected a net Board, got {type(board).__name__}")
    if not board.tiles or not board.tiles[0]:
        raise InvalidPuzzle("empty puzzle: expected rows of hex digits")
    width = len(board.tiles[0])
    if max_tiles is not None and len(board.tiles) * width > max_tiles:
        raise InvalidPuzzle(f"the board has {len(board.tiles) * width:,} tiles, more than "
                            f"the {max_tiles:,} allowed")
    for n, row in enumerate(board.tiles, 1):
        if len(row) != width:
            raise InvalidPuzzle(f"row has {len(row)} tiles, expected {width}", line=n)
        for c, tile in enumerate(row, 1):
            if not isinstance(tile, int | np.integer) or not 0 <= tile <= 15:
                raise InvalidPuzzle(f"tile {tile!r} is not a mask 0..15", line=n, column=c)
    board = _whole_barriers(board)
    return _fits(board) if fit else board


def _whole_barriers(board: Board) -> Board:
    """The board with its barrier masks checked and closed on both sides of each edge."""
    if not board.barriers:
        return board if board.barriers == () else replace(board, barriers=())
    shape = [len(row) for row in board.barriers]
    if len(shape) != board.rows or any(w != board.cols for w in shape):
        raise InvalidPuzzle(f"the barriers are not a {board.rows}x{board.cols} grid of masks")
    edges = []
    for i, row in enumerate(board.barriers):
        for j, closed in enumerate(row):
            if not isinstance(closed, int | np.integer) or not 0 <= closed <= 15:
                raise InvalidPuzzle(f"barrier mask {closed!r} is not a mask 0..15",
                                    line=i + 1, column=j + 1)
            edges += [(i, j, bit) for bit, _, _, _ in DIRECTIONS if closed & bit]
    whole = barrier_grid(board.rows, board.cols, edges, wrap=board.wrap)
    return board if whole == board.barriers else replace(board, barriers=whole)


def format_grid(grid: Grid) -> str:
    """The ``grid`` style (the format :func:`parse` reads): one hex digit per tile."""
    return "\n".join("".join(f"{v:x}" for v in row) for row in grid)


def to_rows(grid: Grid) -> list[str]:
    """The JSON form of a grid: a list of hex row strings."""
    return ["".join(f"{v:x}" for v in row) for row in grid]


def draw(grid: Grid, barriers: Grid = ()) -> str:
    """The ``drawing`` style (the seed's ``-p``): ``o`` per tile, ``----`` and ``|`` for
    the connections, three lines per row, five characters per tile.  A barrier (``barriers``:
    per tile, the mask of its closed sides) is drawn on the tile's edge, over any connector
    there: ``#`` down its right edge, ``=`` along its bottom edge (the edges across the wrap
    of a wrapping board on the last column and row).

    >>> board = parse("85c\\n6e7\\n424\\nbarriers\\n1 1 down\\n1 2 down\\n3 1 right\\n")
    >>> print(draw(board.tiles, board.barriers).replace(" ", "_"))
    _______|_______
    __o--__o____o--
    ==========__|__
    ____________|__
    --o__--o----o__
    __|____|____|__
    ____#__________
    __o_#--o____o__
    __|_#_______|__
    """
    out = []
    for i, row in enumerate(grid):
        lines = [["  |  " if v & UP else "     " for v in row],
                 [("--" if v & LEFT else "  ") + "o" + ("--" if v & RIGHT else "  ")
                  for v in row],
                 ["  |  " if v & DOWN else "     " for v in row]]
        for j, closed in enumerate(barriers[i] if barriers else ()):
            if closed & DOWN:
                lines[2][j] = "====="
            if closed & RIGHT:
                for line in lines:
                    line[j] = line[j][:4] + "#"
        out.extend("".join(line) for line in lines)
    return "\n".join(out)


def parse_size(text: str, *, max_tiles: int = MAX_TILES) -> tuple[int, int]:
    """``"ROWSxCOLS"`` as ``(rows, cols)``: both at least 1, at least 2 tiles, at most
    ``max_tiles`` (checked before anything is allocated).

    >>> parse_size("8x12")
    (8, 12)
    >>> parse_size("10x0")
    Traceback (most recent call last):
    ...
    puzzlesmith.errors.UsageError: size 10x0 has a zero dimension: expected ROWSxCOLS such as 10x10
    """
    match = re.fullmatch(r"\s*([0-9]{1,9})\s*[xX×]\s*([0-9]{1,9})\s*", str(text))
    if not match:
        raise UsageError(f"expected ROWSxCOLS such as 10x10, got {text!r}")
    rows, cols = int(match.group(1)), int(match.group(2))
    if rows < 1 or cols < 1:
        raise UsageError(f"size {rows}x{cols} has a zero dimension: expected ROWSxCOLS "
                         "such as 10x10")
    if rows * cols < 2:
        raise UsageError(f"a board needs at least 2 tiles, got {rows}x{cols}")
    if rows * cols > max_tiles:
        raise InvalidPuzzle(f"a {rows}x{cols} board has {rows * cols:,} tiles, more than the "
                            f"{max_tiles:,} allowed (raise it with --max-tiles)")
    return rows, cols


def example() -> Board:
    """The seed's 3x11 sample (tiles in a normalised orientation), local rule."""
    return parse("33000000000\n77373331131\n11111333310\n")
