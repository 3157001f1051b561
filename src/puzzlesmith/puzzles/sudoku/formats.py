"""The text formats of Sudoku, read and written in one place.

* the grid and the one-line forms of :mod:`.board` (``grid``, ``line``);
* Simon Tatham's Solo game IDs (``tatham``);
* puzz.link URLs (``puzzlink``).

:func:`parse` tells them apart by their look.
"""

from __future__ import annotations

import re

from ...errors import InvalidPuzzle, UsageError
from . import board as sb
from .board import Sudoku

__all__ = ["parse", "parse_all", "inline", "format", "format_answer", "PUZZLE_STYLES",
           "ANSWER_STYLES"]

PUZZLE_STYLES = ("grid", "line")
ANSWER_STYLES = ("grid", "line")
#: A one-line puzzle on the command line (16 to 625 cells, no spaces).
_LINE = re.compile(r"[0-9A-Pa-p._]{16,625}")


def parse(text: str, *, box: str | None = None, variant: str | None = None) -> Sudoku:
    """One puzzle in any of the formats; a text of several one-line puzzles is refused
    with the line where the second starts (:func:`parse_all` reads them all)."""
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


def inline(source: str) -> bool:
    """True when a command-line SOURCE is a puzzle, not a file name."""
    return bool(_LINE.fullmatch(source.strip())) and _square(len(source.strip()))


def format(board: Sudoku, style: str | None = None) -> str:
    if style in (None, "grid", "line"):
        return sb.format(board, style)
    raise UsageError(f"unknown style {style!r}; expected one of {', '.join(PUZZLE_STYLES)}")


def format_answer(board: Sudoku, answer: tuple[int, ...], style: str | None = None) -> str:
    if style in (None, "grid", "line"):
        return sb.format_answer(board, answer, style)
    raise UsageError(f"unknown style {style!r}; expected one of {', '.join(ANSWER_STYLES)}")
