"""Answers as text: the seed's output format, drawn boards, move strings, and reading them back.

An answer is the string of the **blank's** moves (``U``, ``D``, ``L``, ``R``).  It is written
in one of the styles of :data:`ANSWER_STYLES` and read back by :func:`parse_answer`, which
takes a move string or the seed's format (the number of moves, then every board, dashes
between them) and returns the move string, or None for the seed's "no solution" message.

>>> from .board import parse
>>> board = parse("1 2 3 4 5 6 0 7 8")
>>> print(format_answer(board, "RR"))
2
1 2 3 4 5 6 0 7 8
----------
1 2 3 4 5 6 7 0 8
----------
1 2 3 4 5 6 7 8 0
>>> parse_answer(board, format_answer(board, "RR")), parse_answer(board, "r, r")
('RR', 'RR')
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import InvalidPuzzle, check_method
from .board import MOVES, Board, format_board, move, parse

__all__ = ["NO_SOLUTION", "DASHES", "ANSWER_STYLES", "format_answer", "parse_answer",
           "boards_along", "describe_move"]

#: The seed's message for an unsolvable board.
NO_SOLUTION = "NO SOLUTION FOR YOUR COMBINATION"
DASHES = "-" * 10
#: ``seed``: the number of moves, then every board on one line, dashes between boards;
#: ``boards``: the same with each board drawn in rows; ``moves``: the move string alone;
#: ``framed``: every board drawn with a frame.
ANSWER_STYLES = ("seed", "boards", "moves", "framed")
_WAY = {"U": "down", "D": "up", "L": "right", "R": "left"}
_STEPS = {letter: (dr, dc) for letter, dr, dc in MOVES}


def boards_along(board: Board, moves: str) -> Iterator[Board]:
    """The start board, then the board after every move."""
    yield board
    for letter in moves:
        board = move(board, letter)
        yield board


def format_answer(board: Board, moves: str | None, style: str | None = None) -> str:
    """The answer ``moves`` from ``board`` as text in ``style`` (see :data:`ANSWER_STYLES`);
    ``None`` (no solution) is the seed's ``NO SOLUTION FOR YOUR COMBINATION``."""
    style = style or "seed"
    check_method(style, ANSWER_STYLES, "answer style", error=InvalidPuzzle)
    if moves is None:
        return NO_SOLUTION
    if style == "moves":
        return moves
    if style == "framed":
        from .render import framed

        return "\n\n".join(framed(b) for b in boards_along(board, moves))
    one_line = style == "seed"
    boards = [format_board(b, one_line) for b in boards_along(board, moves)]
    return "\n".join([str(len(moves)), f"\n{DASHES}\n".join(boards)])


def describe_move(board: Board, letter: str) -> str:
    """The move for people: ``"slide tile 7 left (blank R)"``."""
    tile = move(board, letter).tiles[board.blank]
    return f"slide tile {tile} {_WAY[letter]} (blank {letter})"


def parse_answer(board: Board, text: str) -> str | None:
    """A player's answer for ``board``: a move string, or the seed's format, as moves.

    Move letters may be in either case, separated by spaces or commas.  In the seed's
    format (or the ``boards`` style) the first board must be ``board`` and each next board
    one slide away; the count on the first line must match.  The seed's no-solution
    message gives None.  Raises :class:`InvalidPuzzle` naming the line and column.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    if text.strip() == NO_SOLUTION:
        return None
    if re.search(r"[0-9]", text):
        return _parse_boards(board, text)
    letters = []
    for line_no, line in enumerate(text.splitlines(), start=1):
        for column, char in enumerate(line, start=1):
            if char.upper() in _STEPS:
                letters.append(char.upper())
            elif not (char.isspace() or char == ","):
                raise InvalidPuzzle(f"{char!r} is not a move: expected U, D, L or R",
                                    line=line_no, column=column)
    return "".join(letters)


def _parse_boards(board: Board, text: str) -> str:
    lines = text.splitlines()
    at = next((i for i, line in enumerate(lines) if line.strip()), None)
    if at is None or not re.fullmatch(r"\s*[0-9]{1,9}\s*", lines[at]):
        raise InvalidPuzzle("expected the number of moves on the first line, then the boards "
                            "(or a string of moves U D L R)", line=1 if at is None else at + 1)
    claimed = int(lines[at])
    groups: list[tuple[int, list[str]]] = []
    current: list[str] = []
    first = at + 2
    for line_no, line in enumerate(lines[at + 1:], start=at + 2):
        if re.fullmatch(r"\s*-{3,}\s*", line):
            groups.append((first, current))
            current, first = [], line_no + 1
        else:
            current.append(line)
    groups.append((first, current))
    boards = []
    for line_no, group in groups:
        try:
            boards.append(parse("\n".join(group), board.shape, max_cells=len(board.tiles)))
        except InvalidPuzzle as error:
            raise InvalidPuzzle(f"board {len(boards) + 1} (from line {line_no}): {error}") \
                from None
    if boards[0] != board:
        raise InvalidPuzzle("the first board of the answer is not the puzzle's board",
                            line=groups[0][0])
    moves = []
    for number, (before, after) in enumerate(zip(boards, boards[1:], strict=False), start=2):
        letter = _step(before, after)
        if letter is None:
            raise InvalidPuzzle(f"board {number} is not one slide away from board "
                                f"{number - 1}", line=groups[number - 1][0])
        moves.append(letter)
    if claimed != len(moves):
        raise InvalidPuzzle(f"the first line says {claimed} moves, the boards show "
                            f"{len(moves)}", line=at + 1)
    return "".join(moves)


def _step(before: Board, after: Board) -> str | None:
    """The blank move that turns ``before`` into ``after``, or None."""
    cols = before.cols
    a, b = before.blank, after.blank
    for letter, (dr, dc) in _STEPS.items():
        r, c = a // cols + dr, a % cols + dc
        if 0 <= r < before.rows and 0 <= c < cols and r * cols + c == b:
            return letter if move(before, letter) == after else None
    return None
