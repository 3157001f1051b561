"""Sliding-tile boards: parsing, formatting, validation, solvability, moves.

A board is ``rows x cols`` cells holding the tiles ``1 .. rows*cols-1`` and the blank ``0``,
stored row by row.  Moves are letters naming the direction in which the **blank** moves:
``U`` (the tile above the blank slides down), ``D``, ``L``, ``R``.

>>> b = parse("1 2 3 4 5 6 7 0 8")
>>> b.shape, b.blank
((3, 3), 7)
>>> apply_moves(b, "R") == goal_board(3, 3)
True
>>> is_solvable(parse("1 2 3 4 5 6 8 7 0"), goal_board(3, 3))
False
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ...errors import InvalidPuzzle, UsageError
from ..symmetry import TURNS

__all__ = [
    "Board", "Instance", "parse", "parse_size", "format_board", "goal_board", "parse_goal",
    "validate", "is_solvable", "apply_moves", "legal_moves", "move", "MOVES", "OPPOSITE",
    "moved_tile", "MAX_CELLS", "HARD_MAX_CELLS", "TATHAM_ID", "parse_tatham", "format_tatham",
    "normal_forms",
]

#: Blank moves as (letter, row step, column step), in the fixed order every search tries them.
MOVES = (("U", -1, 0), ("D", 1, 0), ("L", 0, -1), ("R", 0, 1))
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
_STEP = {letter: (dr, dc) for letter, dr, dc in MOVES}
MIN_SIDE = 2
#: The default cap on a board's cells (16x16); ``max_cells`` raises it up to HARD_MAX_CELLS.
MAX_CELLS = 256
#: The largest board any function accepts (32x32): the solver's tables grow as cells squared.
HARD_MAX_CELLS = 1024
_NUMBER = re.compile(r"[+]?[0-9]+")
#: A Tatham Fifteen game ID: ``WxH:t1,t2,...`` (width = columns, height = rows; 0 the gap).
TATHAM_ID = re.compile(r"\s*([0-9]{1,9})(?:x([0-9]{1,9}))?:")


@dataclass(frozen=True)
class Board:
    """An immutable ``rows x cols`` board; ``tiles`` row by row, ``0`` the blank."""

    rows: int
    cols: int
    tiles: tuple[int, ...]

    @property
    def shape(self) -> tuple[int, int]:
        return self.rows, self.cols

    @property
    def blank(self) -> int:
        """The index of the blank's cell."""
        return self.tiles.index(0)

    def __str__(self) -> str:
        return format_board(self)


@dataclass(frozen=True)
class Instance:
    """A sliding-tile task: the start ``board`` and the ``goal`` to reach (same shape)."""

    board: Board
    goal: Board

    @property
    def shape(self) -> tuple[int, int]:
        return self.board.shape

    def solvable(self) -> bool:
        """Can the goal be reached?  (Decided by parity, instantly.)"""
        return is_solvable(self.board, self.goal)


def normal_forms(task: Instance) -> list[str]:
    """The task turned and mirrored, each tile named after its goal cell (the numbers are
    only names): one text each, the blank's goal cell first and the blank ``.``."""
    forms = []
    for turn in TURNS:
        start, goal = (turn.grid([b.tiles[r * b.cols:(r + 1) * b.cols] for r in range(b.rows)])
                       for b in (task.board, task.goal))
        home = {tile: k for k, tile in enumerate(t for row in goal for t in row)}
        forms.append(f"{home[0]}|" + "/".join(" ".join(str(home[t]) if t else "." for t in row)
                                              for row in start))
    return forms


def parse_size(text: str, max_cells: int = MAX_CELLS) -> tuple[int, int]:
    """``"4"`` → (4, 4); ``"3x5"`` → (3, 5) (rows x columns).

    >>> parse_size("3x5")
    (3, 5)
    >>> parse_size("10x0")
    Traceback (most recent call last):
    ...
    puzzlesmith.errors.InvalidPuzzle: a board needs at least 2 rows and 2 columns, not 10x0
    """
    match = re.fullmatch(r"\s*([0-9]{1,9})\s*(?:[xX×]\s*([0-9]{1,9}))?\s*", str(text))
    if not match:
        raise InvalidPuzzle(f"bad size {text!r}: expected N or RxC, e.g. 4 or 3x5")
    rows = int(match[1])
    cols = int(match[2]) if match[2] else rows
    _check_shape(rows, cols, max_cells)
    return rows, cols


def check_max_cells(max_cells: int | None) -> int:
    """``max_cells`` as given (default :data:`MAX_CELLS`), rejected above the hard cap."""
    if max_cells is None:
        return MAX_CELLS
    if not isinstance(max_cells, int) or not MIN_SIDE * MIN_SIDE <= max_cells <= HARD_MAX_CELLS:
        raise UsageError(f"max_cells must be a whole number from 4 to {HARD_MAX_CELLS}, "
                         f"not {max_cells!r}")
    return max_cells


def _check_shape(rows: int, cols: int, max_cells: int = MAX_CELLS) -> None:
    if rows < MIN_SIDE or cols < MIN_SIDE:
        raise InvalidPuzzle(f"a board needs at least 2 rows and 2 columns, not {rows}x{cols}")
    if rows * cols > max_cells:
        raise InvalidPuzzle(f"a {rows}x{cols} board is too large (at most {max_cells} "
                            f"cells{_raise(max_cells)})")


def _raise(max_cells: int) -> str:
    if max_cells >= HARD_MAX_CELLS:
        return ""
    return f"; raise the cap with max_cells (--max-cells), up to {HARD_MAX_CELLS}"


def parse(text: str, size: tuple[int, int] | str | None = None,
          max_cells: int | None = None) -> Board:
    """Read a board: the tiles row by row, on one line or one row per line.

    The size is inferred from a square count of numbers or from the rows, or given as
    ``size`` (``(rows, cols)`` or ``"3x5"``).  Commas and ``#`` comments are allowed, and a
    UTF-8 byte-order mark.  Reading stops as soon as there are more numbers than a board may
    hold (``max_cells``, default :data:`MAX_CELLS`), so huge input costs little.  Raises
    :class:`InvalidPuzzle` naming the first problem found and where.

    >>> parse("1 2 3\\n4 5 0").shape
    (2, 3)
    >>> parse("1 2 3 4 5 6 7 8 0\\n1 2 3 4 5 6 7 0 8")
    Traceback (most recent call last):
    ...
    puzzlesmith.errors.InvalidPuzzle: the input holds several boards, one per line: give one
    """
    max_cells = check_max_cells(max_cells)
    if isinstance(size, str):
        size = parse_size(size, max_cells)
    elif size is not None:
        _check_shape(*size, max_cells)
    if text.startswith("\ufeff"):
        text = text[1:]
    if TATHAM_ID.match(text):
        board = parse_tatham(text, max_cells)
        if size is not None and tuple(size) != board.shape:
            raise InvalidPuzzle(f"the game ID is {board.rows}x{board.cols} (rows x columns), "
                                f"the size given {size[0]}x{size[1]}")
        return board
    cap = size[0] * size[1] if size is not None else max_cells
    numbers: list[int] = []
    rows: list[tuple[int, list[int]]] = []  # (line number, its numbers)
    for line_no, line in enumerate(text.splitlines(), start=1):
        body = line.split("#", 1)[0].replace(",", " ")
        row = []
        for column, word in _columns(body):
            if not _NUMBER.fullmatch(word):
                shown = word if len(word) <= 20 else word[:20] + "..."
                raise InvalidPuzzle(f"{shown!r} is not a tile number", line=line_no,
                                    column=column)
            if len(word) > 6:
                raise InvalidPuzzle(f"tile number {word[:20]}{'...' if len(word) > 20 else ''}"
                                    f" is too large (a board has at most {max_cells} cells)",
                                    line=line_no, column=column)
            row.append(int(word))
            if len(numbers) + len(row) > cap:
                rows.append((line_no, row))
                break
        if not row:
            continue
        numbers.extend(row)
        if not rows or rows[-1][1] is not row:
            rows.append((line_no, row))
        if len(numbers) > cap:
            _several_boards(rows)
            raise InvalidPuzzle(f"more than {cap} numbers: "
                                + (f"a {size[0]}x{size[1]} board needs {cap}" if size else
                                   f"a board has at most {max_cells} cells{_raise(max_cells)}"),
                                line=line_no)
    if not numbers:
        raise InvalidPuzzle("no tiles given")
    if size is None:
        size = _infer_size(numbers, rows)
    n_rows, n_cols = size
    _check_shape(n_rows, n_cols, max_cells)
    if len(numbers) != n_rows * n_cols:
        raise InvalidPuzzle(
            f"{len(numbers)} numbers given, a {n_rows}x{n_cols} board needs {n_rows * n_cols}")
    board = Board(n_rows, n_cols, tuple(numbers))
    try:
        validate(board)
    except InvalidPuzzle:
        _several_boards(rows)
        raise
    return board


def parse_tatham(text: str, max_cells: int | None = None) -> Board:
    """Read a Tatham Fifteen game ID, ``WxH:t1,t2,...`` (``W`` columns, ``H`` rows, the tiles
    row by row, ``0`` the gap; ``N:`` is ``NxN``), as Fifteen shows under "Game ID".

    >>> parse_tatham("3x2:1,2,3,4,0,5").shape
    (2, 3)
    >>> parse_tatham("2x2:1,2,x,0")
    Traceback (most recent call last):
    ...
    puzzlesmith.errors.InvalidPuzzle: Fifteen game ID: 'x' at character 9 is not a tile number
    """
    max_cells = check_max_cells(max_cells)
    head = TATHAM_ID.match(text)
    if head is None:
        raise InvalidPuzzle("not a Fifteen game ID: expected WxH:t1,t2,... such as 4x4:1,2,...")
    cols = int(head[1])
    rows = int(head[2]) if head[2] else cols
    try:
        _check_shape(rows, cols, max_cells)
    except InvalidPuzzle as error:
        raise InvalidPuzzle(f"Fifteen game ID {head[0].strip()} (width x height): "
                            f"{error}") from None
    body, start = text.rstrip(), head.end()
    if not body[start:]:
        raise InvalidPuzzle(f"Fifteen game ID: no tiles after {body[:start].strip()!r}")
    need = rows * cols
    tiles: list[int] = []
    at = start + 1  # 1-based character position of the current item
    for word in body[start:].split(",", need):
        if len(tiles) == need:
            raise InvalidPuzzle(f"Fifteen game ID: more than the {need} tiles a {cols}x{rows} "
                                f"board holds, from character {at}")
        bad = re.search(r"[^0-9]", word)
        if bad or not word:
            what = repr(bad.group()) if bad else "an empty item"
            raise InvalidPuzzle(f"Fifteen game ID: {what} at character "
                                f"{at + (bad.start() if bad else 0)} is not a tile number")
        if len(word) > 7 or int(word) >= need:
            raise InvalidPuzzle(f"Fifteen game ID: tile {word[:20]} at character {at} is out "
                                f"of range 0..{need - 1}")
        tiles.append(int(word))
        at += len(word) + 1
    if len(tiles) != need:
        raise InvalidPuzzle(f"Fifteen game ID: {len(tiles)} tiles given, a {cols}x{rows} "
                            f"board (width x height) needs {need}")
    board = Board(rows, cols, tuple(tiles))
    try:
        validate(board)
    except InvalidPuzzle as error:
        raise InvalidPuzzle(f"Fifteen game ID: {error}") from None
    return board


def format_tatham(board: Board) -> str:
    """The board as a Tatham Fifteen game ID (``WxH:`` then the tiles, commas between).

    >>> format_tatham(parse("1 2 3\\n4 0 5"))
    '3x2:1,2,3,4,0,5'
    """
    return f"{board.cols}x{board.rows}:" + ",".join(map(str, board.tiles))


def _several_boards(rows: list[tuple[int, list[int]]]) -> None:
    """Raise a clear error if the first two lines are each a whole board (a boards file)."""
    if len(rows) < 2:
        return

    def whole(numbers: list[int]) -> bool:
        n = len(numbers)
        return n >= 4 and math.isqrt(n) ** 2 == n and sorted(numbers) == list(range(n))

    first, second = rows[0][1], rows[1][1]
    if whole(first) and whole(second):
        raise InvalidPuzzle("the input holds several boards, one per line: give one")
    if whole(first[:-1]) and whole(second[:-1]):
        raise InvalidPuzzle("the input holds several boards with their lengths, one per line "
                            "(a bench file): give one board")


def _columns(body: str):
    for match in re.finditer(r"\S+", body):
        yield match.start() + 1, match.group()


def _infer_size(numbers: list[int], rows: list[tuple[int, list[int]]]) -> tuple[int, int]:
    if len(rows) > 1:
        widths = {len(row) for _, row in rows}
        if len(widths) == 1:
            return len(rows), widths.pop()
        _several_boards(rows)
        expected = len(rows[0][1])
        for line_no, row in rows:
            if len(row) != expected:
                raise InvalidPuzzle(f"row has {len(row)} tiles, expected {expected}",
                                    line=line_no)
    side = math.isqrt(len(numbers))
    if side * side != len(numbers):
        raise InvalidPuzzle(
            f"{len(numbers)} numbers is not a square count: give the size, e.g. --size 3x5")
    return side, side


def validate(board: Board) -> None:
    """Check that the board holds each of ``0 .. rows*cols-1`` exactly once."""
    _check_shape(board.rows, board.cols, HARD_MAX_CELLS)
    n = board.rows * board.cols
    if len(board.tiles) != n:
        raise InvalidPuzzle(f"{len(board.tiles)} tiles given, a {board.rows}x{board.cols} "
                            f"board needs {n}")
    seen: dict[int, int] = {}
    for cell, tile in enumerate(board.tiles):
        if not 0 <= tile < n:
            raise InvalidPuzzle(f"tile {tile} out of range 0..{n - 1}",
                                line=cell // board.cols + 1, column=cell % board.cols + 1)
        if tile in seen:
            raise InvalidPuzzle(
                f"tile {tile} appears twice (cells {seen[tile] + 1} and {cell + 1})")
        seen[tile] = cell
    # All n values in range and none repeated: nothing can be missing.


def goal_board(rows: int, cols: int, blank: str = "last") -> Board:
    """The goal: tiles in order with the blank last (default) or first.

    >>> goal_board(2, 3, "first").tiles
    (0, 1, 2, 3, 4, 5)
    """
    n = rows * cols
    if blank == "last":
        return Board(rows, cols, tuple(range(1, n)) + (0,))
    if blank == "first":
        return Board(rows, cols, tuple(range(n)))
    raise InvalidPuzzle(f"unknown goal {blank!r}: expected blank-last, blank-first or a board")


def parse_goal(spec: str | Board | None, rows: int, cols: int) -> Board:
    """A goal given as ``None``/``"blank-last"``, ``"blank-first"`` or an explicit board.

    >>> parse_goal("blank-first", 2, 2).tiles
    (0, 1, 2, 3)
    """
    if isinstance(spec, Board):
        goal = spec
    elif spec is None or spec.strip() in ("blank-last", "last"):
        return goal_board(rows, cols, "last")
    elif spec.strip() in ("blank-first", "first"):
        return goal_board(rows, cols, "first")
    else:
        try:
            goal = parse(spec, (rows, cols), max_cells=HARD_MAX_CELLS)
        except InvalidPuzzle as error:
            raise InvalidPuzzle(f"the goal: {error}") from None
    if goal.shape != (rows, cols):
        raise InvalidPuzzle(f"the goal is {goal.rows}x{goal.cols}, the board {rows}x{cols}")
    validate(goal)
    return goal


def format_board(board: Board, one_line: bool = False) -> str:
    """The board as text: one row per line, columns aligned (or all on one line)."""
    if one_line:
        return " ".join(map(str, board.tiles))
    width = len(str(board.rows * board.cols - 1))
    lines = []
    for r in range(board.rows):
        row = board.tiles[r * board.cols:(r + 1) * board.cols]
        lines.append(" ".join(str(t).rjust(width) for t in row))
    return "\n".join(lines)


def _permutation_parity(values: list[int]) -> int:
    """Parity (0 even, 1 odd) of a permutation of ``0..len-1``, by cycle decomposition."""
    seen = [False] * len(values)
    parity = 0
    for start in range(len(values)):
        length = 0
        i = start
        while not seen[i]:
            seen[i] = True
            i = values[i]
            length += 1
        if length:
            parity ^= (length - 1) & 1
    return parity


def is_solvable(board: Board, goal: Board) -> bool:
    """Can ``goal`` be reached from ``board``?

    Every move is a transposition of the blank with a tile, so the parity of the permutation
    taking ``board`` to ``goal`` (blank included) must equal the parity of the blank's
    taxicab distance between its two cells.  That condition is also sufficient on any
    board of at least 2x2; it covers odd and even widths and any goal.
    """
    if board.shape != goal.shape:
        return False
    where = {tile: cell for cell, tile in enumerate(goal.tiles)}
    permutation = [where[tile] for tile in board.tiles]
    cols = board.cols
    a, b = board.blank, goal.blank
    distance = abs(a // cols - b // cols) + abs(a % cols - b % cols)
    return _permutation_parity(permutation) == distance % 2


def legal_moves(board: Board) -> list[str]:
    """The moves possible from ``board``, in the order U, D, L, R."""
    r, c = divmod(board.blank, board.cols)
    return [m for m, dr, dc in MOVES if 0 <= r + dr < board.rows and 0 <= c + dc < board.cols]


def move(board: Board, letter: str) -> Board:
    """The board after moving the blank one step in direction ``letter``."""
    try:
        dr, dc = _STEP[letter.upper()]
    except KeyError:
        raise InvalidPuzzle(f"{letter!r} is not a move: expected U, D, L or R") from None
    cell = board.blank
    r, c = divmod(cell, board.cols)
    if not (0 <= r + dr < board.rows and 0 <= c + dc < board.cols):
        raise InvalidPuzzle(f"move {letter} would take the blank off the board")
    other = cell + dr * board.cols + dc
    tiles = list(board.tiles)
    tiles[cell], tiles[other] = tiles[other], 0
    return Board(board.rows, board.cols, tuple(tiles))


def moved_tile(board: Board, letter: str) -> int:
    """The tile that slides when the blank moves in direction ``letter``."""
    return move(board, letter).tiles[board.blank]


def apply_moves(board: Board, moves: str) -> Board:
    """Replay a move string (blank directions); raises on an illegal move."""
    for letter in moves:
        board = move(board, letter)
    return board
