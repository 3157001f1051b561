"""The N-Queens instance, its text formats and the answer format (the checker: :mod:`.check`).

An instance is a :class:`Board`: the size N and the given queens (none for the classic
puzzle; some for the N-Queens *completion* puzzle, where the player must complete them to a
solution).  Its text is either the number N (``8``, ``1e6``, ``10_000``) or a board, one
line per row, ``Q`` for a given queen and ``.`` for an empty square::

    ..Q.....
    ........
    ........
    ........
    .....Q..
    ........
    ........
    ........

An *answer* is ``rows``: ``rows[c]`` is the 0-based row of the queen in column ``c`` (the
seed document's representation), written as the numbers separated by spaces
(``1 3 0 2``) or as the board drawing; a player's partial answer (a hint's state) writes
``.`` (or ``-``) for a column without a queen, or leaves it empty on the board.  ``K``, the
seed's letter, is read as ``Q``.  Rows and columns are numbered from 0 in messages, as in
the answer.

>>> board = parse("..Q.\\n....\\n....\\n....")
>>> board.n, board.givens
(4, ((2, 0),))
>>> format_board(4, [1, 3, 0, 2]).splitlines()
['..Q.', 'Q...', '...Q', '.Q..']
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ...errors import InvalidPuzzle, check_method
from ...results import Limits

__all__ = ["Board", "MAX_N", "BOARD_MAX", "parse", "parse_size", "parse_answer", "format_board",
           "format_rows", "format_answer", "construct", "attackers"]

#: The largest N accepted by default (raised with ``max_queens``): twice the showcase of
#: 10^7 queens.  Min-conflicts on 2 * 10^7 queens holds about 0.5 GB of arrays, and the
#: answer as a Python list another 0.7 GB.
MAX_N = 20_000_000
#: The largest board drawn or read as a board (N lines of N characters).
BOARD_MAX = 1000
_DIGITS = re.compile(r"[\d\s,]*")


@dataclass(frozen=True)
class Board:
    """N and the given queens as ``(column, row)`` pairs, sorted by column."""

    n: int
    givens: tuple[tuple[int, int], ...] = ()

    @property
    def fixed(self) -> dict[int, int]:
        """Column -> given row."""
        return dict(self.givens)

    def __str__(self) -> str:
        given = f" with {len(self.givens)} given" if self.givens else ""
        return f"{self.n} queens{given}"


# -- reading -------------------------------------------------------------------------------

def parse(text: str, *, max_queens: int = MAX_N) -> Board:
    """A :class:`Board` from its text: the number N, or a board of ``Q`` and ``.``.

    >>> parse("1e6")
    Board(n=1000000, givens=())
    """
    if not isinstance(text, str):
        raise InvalidPuzzle(f"expected text, got {type(text).__name__}")
    text = text.lstrip("\ufeff")
    if "\x00" in text:
        raise InvalidPuzzle("binary input (a NUL byte): expected N or a board of Q and .")
    blocks: list[list[tuple[int, str]]] = [[]]
    for k, line in enumerate(text.splitlines()):
        if not line.strip():
            if blocks[-1]:
                blocks.append([])
        elif not line.lstrip().startswith("#"):
            blocks[-1].append((k + 1, line.rstrip()))
    blocks = [block for block in blocks if block]
    if not blocks:
        raise InvalidPuzzle("empty input: expected the number of queens or a board")
    if len(blocks) > 1:
        raise InvalidPuzzle(f"the input holds {len(blocks)} puzzles separated by blank lines; "
                            f"give one at a time", line=blocks[1][0][0])
    content = blocks[0]
    if len(content) == 1 and not set(content[0][1].strip()) <= set("QK."):
        return Board(parse_size(content[0][1], max_queens=max_queens))
    return _parse_board(content, max_queens)


def parse_size(text: str, *, max_queens: int = MAX_N) -> int:
    """N from text such as ``"32"``, ``"1e6"`` or ``"10_000"``, within ``1..max_queens``.

    >>> parse_size("10_000")
    10000
    """
    s = text.strip().replace("_", "")
    if len(s) > 40:
        raise InvalidPuzzle(f"not a number of queens: {_show(text)}")
    try:
        value = int(s)
    except ValueError:
        try:
            f = float(s)
        except ValueError:
            raise InvalidPuzzle(f"not a number of queens: {_show(text)}") from None
        if not math.isfinite(f) or not f.is_integer():
            raise InvalidPuzzle(f"not a whole number of queens: {_show(text)}") from None
        value = int(f)
    if not 1 <= value <= max_queens:
        raise InvalidPuzzle(f"the number of queens must be between 1 and {max_queens:,}, "
                            f"got {s}" + (" (raise the cap with max_queens)"
                                          if value > max_queens else ""))
    return validate_size(value, max_queens)


def validate_size(n: int, max_queens: int = MAX_N) -> int:
    """``n`` if it is a board size we accept, else :class:`InvalidPuzzle`."""
    if isinstance(n, bool) or not isinstance(n, int | np.integer):
        raise InvalidPuzzle(f"the number of queens must be an integer, got {n!r}")
    if not 1 <= n <= max_queens:
        raise InvalidPuzzle(f"the number of queens must be between 1 and {max_queens:,}, "
                            f"got {n:,}" + (" (raise the cap with max_queens)"
                                            if n > max_queens else ""))
    return int(n)


def _show(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def _parse_board(content: list[tuple[int, str]], max_queens: int) -> Board:
    first_line, first = content[0]
    n = len(first.strip())
    if n > min(BOARD_MAX, max_queens):
        raise InvalidPuzzle(f"a board is limited to {min(BOARD_MAX, max_queens):,} columns, "
                            f"this one has {n:,}", line=first_line)
    givens = []
    for r, (line_no, line) in enumerate(content[:n + 1]):
        row = line.strip()
        offset = len(line) - len(line.lstrip())
        for c, ch in enumerate(row):
            if ch in "QK":
                givens.append((c, r))
            elif ch != ".":
                raise InvalidPuzzle(f"unknown character {ch!r}: expected Q or .",
                                    line=line_no, column=offset + c + 1)
        if len(row) != n:
            raise InvalidPuzzle(f"row {r} has {len(row)} squares, expected {n}", line=line_no)
    if len(content) != n:
        raise InvalidPuzzle(f"the board has {len(content)} rows of {n} squares; expected "
                            f"{n} rows", line=content[-1][0])
    givens.sort()
    attacks = attackers(n, givens)
    if attacks:
        (c1, r1), (c2, r2) = attacks
        raise InvalidPuzzle(f"the given queens at row {r1}, column {c1} and row {r2}, column "
                            f"{c2} attack each other", line=content[r2][0], column=c2 + 1)
    return Board(n, tuple(givens))


def attackers(n: int, queens: Sequence[tuple[int, int]]) -> tuple | None:
    """The first two of ``queens`` (``(column, row)`` pairs) that attack each other, or None."""
    seen: dict[tuple[str, int], tuple[int, int]] = {}
    for c, r in queens:
        for key in (("c", c), ("r", r), ("u", c + r), ("d", c - r)):
            if key in seen:
                return seen[key], (c, r)
        for key in (("c", c), ("r", r), ("u", c + r), ("d", c - r)):
            seen[key] = (c, r)
    return None


def parse_answer(board: Board, text: str) -> list[int | None]:
    """A (possibly partial) answer: the rows list or a board drawing; None for an empty column.

    >>> parse_answer(Board(4), "1 3 . 2")
    [1, 3, None, 2]
    >>> parse_answer(Board(4), ".Q..\\n....\\nQ...\\n...Q")
    [2, 0, None, 3]
    """
    if not isinstance(text, str):
        raise InvalidPuzzle(f"expected text, got {type(text).__name__}")
    text = text.lstrip("\ufeff")
    if "\x00" in text:
        raise InvalidPuzzle("binary input (a NUL byte): expected an answer")
    n = board.n
    lines = [(k + 1, line.strip()) for k, line in enumerate(text.splitlines())]
    lines = [(k, line) for k, line in lines if line and not line.startswith("#")]
    if not lines:
        raise InvalidPuzzle("empty answer: expected the row of each column's queen or a board")
    if len(lines) > 1 or (n == 1 and lines[0][1] in ("Q", "K")):
        return _answer_from_board(n, lines)
    if len(text) > 12 * n + 1000:
        raise InvalidPuzzle(f"the answer is {len(text):,} characters, too long for {n:,} "
                            f"queens")
    tokens = lines[0][1].replace(",", " ").split()
    if len(tokens) != n:
        raise InvalidPuzzle(f"the answer has {len(tokens):,} columns, expected {n:,}", line=1)
    if _DIGITS.fullmatch(lines[0][1]) and max(map(len, tokens), default=0) <= 12:
        fast = np.array(tokens, dtype=np.int64)  # a million rows in a fraction of a second
        if not ((fast < 0) | (fast >= n)).any():
            return fast.tolist()
    rows: list[int | None] = []
    for c, token in enumerate(tokens):
        if token in (".", "-"):
            rows.append(None)
            continue
        if not token.isdigit() or len(token) > 12:
            raise InvalidPuzzle(f"column {c}: {_show(token)} is not a row number", line=1)
        r = int(token)
        if r >= n:
            raise InvalidPuzzle(f"column {c}: row {r} is off the board (rows 0..{n - 1})",
                                line=1)
        rows.append(r)
    return rows


def _answer_from_board(n: int, lines: list[tuple[int, str]]) -> list[int | None]:
    if n > BOARD_MAX:
        raise InvalidPuzzle(f"a board is limited to {BOARD_MAX:,} columns; write the answer "
                            f"as rows")
    if len(lines) != n:
        raise InvalidPuzzle(f"the answer board has {len(lines)} rows, expected {n}",
                            line=lines[-1][0])
    rows: list[int | None] = [None] * n
    for r, (line_no, line) in enumerate(lines):
        if len(line) != n:
            raise InvalidPuzzle(f"row {r} has {len(line)} squares, expected {n}", line=line_no)
        for c, ch in enumerate(line):
            if ch in "QK":
                if rows[c] is not None:
                    raise InvalidPuzzle(f"column {c} holds two queens (rows {rows[c]} and "
                                        f"{r}); an answer has one per column",
                                        line=line_no, column=c + 1)
                rows[c] = r
            elif ch != ".":
                raise InvalidPuzzle(f"unknown character {ch!r}: expected Q or .",
                                    line=line_no, column=c + 1)
    return rows


# -- writing -------------------------------------------------------------------------------

def format_board(n: int, rows: Sequence[int | None] = (), givens=()) -> str:
    """The board: one line per row, ``Q`` for a queen (of ``rows`` or ``givens``), ``.``
    elsewhere."""
    if n > BOARD_MAX:
        raise InvalidPuzzle(f"the board drawing is limited to N <= {BOARD_MAX:,}; use rows")
    lines = [["."] * n for _ in range(n)]
    for c, r in givens:
        lines[r][c] = "Q"
    for c, r in enumerate(rows):
        if r is not None:
            lines[r][c] = "Q"
    return "\n".join("".join(line) for line in lines)


#: Rows formatted between two checks of the deadline (about 0.1 s of work).
FORMAT_CHUNK = 500_000


def format_rows(rows: Sequence[int | None], limits: Limits | None = None) -> str:
    """The rows list: each column's 0-based queen row, ``.`` for none, space separated.
    Millions of rows take seconds: the deadline of ``limits`` is checked every
    :data:`FORMAT_CHUNK` rows (``LimitReached``)."""
    parts = []
    for start in range(0, len(rows), FORMAT_CHUNK):
        if limits is not None and start:
            limits.check("writing the answer")
        chunk = rows[start:start + FORMAT_CHUNK]
        chunk = chunk.tolist() if isinstance(chunk, np.ndarray) else chunk
        if set(map(type, chunk)) <= {int}:  # repr writes a list of ints fastest
            parts.append(repr(list(chunk))[1:-1].replace(",", ""))
        else:
            parts.append(" ".join("." if r is None else str(r) for r in chunk))
    return " ".join(parts)


#: Up to this N the ``auto`` style draws the board; beyond it writes the rows.
AUTO_BOARD_UP_TO = 64


def format_answer(board: Board, rows: Sequence[int | None], style: str | None = None,
                  limits: Limits | None = None) -> str:
    """An answer in ``style``: ``auto`` (the board up to 64 queens, the rows beyond),
    ``board`` or ``rows`` (checking the deadline of ``limits``, see :func:`format_rows`)."""
    style = style or "auto"
    if style == "auto":
        style = "board" if board.n <= AUTO_BOARD_UP_TO else "rows"
    check_method(style, ("board", "rows"), "answer style", error=InvalidPuzzle)
    if style == "board":
        return format_board(board.n, rows)
    return format_rows(rows, limits)


def format_instance(board: Board, style: str | None = None) -> str:
    """The instance as text ``parse`` reads back: ``text`` (N alone when nothing is given,
    else the board) or ``board``."""
    style = style or "text"
    check_method(style, ("text", "board"), "style", error=InvalidPuzzle)
    if style == "text" and not board.givens:
        return str(board.n)
    return format_board(board.n, givens=board.givens)


# -- the explicit construction -------------------------------------------------------------

def construct(n: int) -> np.ndarray | None:
    """The explicit solution for ``n`` queens in O(N) (``None`` for 2 and 3).

    Rows (1-based) in column order: the even numbers then the odd ones; for N mod 6 == 2
    swap 1 and 3 and move 5 to the end of the odds; for N mod 6 == 3 move 2 to the end of
    the evens and 1, 3 to the end of the odds (Hoffman, Loessi and Moore 1969).

    >>> construct(8).tolist()
    [1, 3, 5, 7, 2, 0, 6, 4]
    """
    if n in (2, 3):
        return None
    evens = np.arange(2, n + 1, 2, dtype=np.int64)
    odds = np.arange(1, n + 1, 2, dtype=np.int64)
    if n % 6 == 2:
        odds = np.concatenate(([3, 1], odds[3:], [5])) if n >= 8 else odds
    elif n % 6 == 3:
        evens = np.concatenate((evens[1:], [2]))
        odds = np.concatenate((odds[2:], [1, 3]))
    return np.concatenate((evens, odds)) - 1
