"""Star Battle's text formats: reading puzzles and a player's marks, writing boards.

A puzzle is either the seed's plain grid (one line per row, one letter or digit per cell
naming its region, ``.`` a cell that stays empty, a space a cell in no region; lines starting
with ``#`` are comments) or the ``.sb`` format of ``../shared/data/starbattle/``::

    # comments
    size 6 6 1           rows, columns, stars per row / column / region
    regions
    AABBCC
    ...
    solution             optional: '*' star, '.' empty
    .*....

One text holds one puzzle: a second ``size`` line (as ``generate --count 5`` writes) or a
second grid after a blank line is refused with the line where it starts; :func:`parse_all`
reads every puzzle of such a text.  Rows and columns are capped (``max_size``, default
:data:`~.board.MAX_SIDE`) before anything is built.

>>> puzzle = parse("AABBCC\\nAABCCC\\nAABCCC\\nDDBBEE\\nDDBBEF\\nDDBBFF\\n")
>>> puzzle.rows, puzzle.row_stars[0], puzzle.region_stars["F"]
(6, 1, 1)
>>> print(format(puzzle, "sb"), end="")
size 6 6 1
regions
AABBCC
AABCCC
AABCCC
DDBBEE
DDBBEF
DDBBFF
>>> two = "size 2 2 1\\nregions\\nab\\nab\\n\\nsize 2 2 1\\nregions\\nab\\nab\\n"
>>> parse(two)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
puzzlesmith.errors.InvalidPuzzle: line 6: the text holds 2 puzzles, the second starting here...
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...errors import InvalidPuzzle, check_method
from ...genres.codec import FORMATS, decode_url, encode_url, url_genre
from ...genres.givens import Givens
from .board import (
    EMPTY,
    MAX_SIDE,
    NO_REGION,
    RULED_OUT,
    STAR,
    VOID,
    Cell,
    Marks,
    StarBattle,
    implied_stars,
    solution_rows,
    stars_of,
    validate,
)
from .check import violations

__all__ = ["parse", "parse_all", "format", "format_answer", "parse_marks", "PUZZLE_STYLES",
           "ANSWER_STYLES", "PUZZLINK_URL", "is_puzzlink", "parse_puzzlink", "format_puzzlink"]

#: Styles of :func:`format` (the first is the one :func:`parse` reads back with counts).
PUZZLE_STYLES = ("sb", "letters", "framed", "puzzlink")
#: Styles of :func:`format_answer` (``puzzlink``: the puzzle's link; a link holds no answer).
ANSWER_STYLES = ("board", "letters", "line", "framed", "sb", "puzzlink")
#: A pzprjs link (puzz.link and other hosts of pzprjs): ``...?TYPE/COLS/ROWS/...``; group 1 is
#: what follows the ``?``.
PUZZLINK_URL = re.compile(r"\s*(?:[A-Za-z][\w+.-]*://[^\s?]*)?\?(\S*)\s*")
#: The host :func:`format_puzzlink` writes.
PUZZLINK_HOST = "https://puzz.link/p"

_SIZE_LINE = re.compile(r"^[ \t]*size(?:[ \t]|$)", re.MULTILINE)
_SB_KEYWORD = re.compile(r"^[ \t]*(?:size(?:[ \t]|$)|regions[ \t]*$)", re.MULTILINE)
_MAX_DIGITS = 9  # a count or size longer than this is refused before int()


# -- reading puzzles -------------------------------------------------------------------------

def parse(text: str, stars: int | None = None, *, row_stars: int | None = None,
          column_stars: int | None = None, region_stars: int | None = None,
          max_size: int = MAX_SIDE) -> StarBattle:
    """Read one puzzle: a plain grid of region letters, or the ``.sb`` format.

    ``stars`` sets the count of every unit not set on its own; by default a ``.sb`` file's
    ``size`` line, else the count the grid implies (:func:`~.board.implied_stars`).  Row and
    column counts follow from the region count when only that is known.  Raises
    :class:`~puzzlesmith.errors.InvalidPuzzle` naming the line (and column) of a problem.
    """
    if isinstance(text, str) and PUZZLINK_URL.fullmatch(text.removeprefix("\ufeff")):
        return _sized(parse_puzzlink(text.removeprefix("\ufeff"), max_size), stars, row_stars,
                      column_stars, region_stars)
    blocks = _blocks(text)
    if len(blocks) > 1:
        raise InvalidPuzzle(f"the text holds {len(blocks)} puzzles, the second starting here: "
                            "give one puzzle per file (parse_all reads them all)",
                            line=blocks[1][0][0])
    return _parse_block(blocks[0], stars, row_stars, column_stars, region_stars, max_size)


def parse_all(text: str, stars: int | None = None, *, row_stars: int | None = None,
              column_stars: int | None = None, region_stars: int | None = None,
              max_size: int = MAX_SIDE) -> list[StarBattle]:
    """Every puzzle of a text that holds several (``.sb`` puzzles one after the other, or
    plain grids separated by blank lines), in order.

    >>> len(parse_all("ab\\nab\\n\\ncd\\ncd\\n", 1, region_stars=1))
    2
    """
    if isinstance(text, str):
        links = [line.strip() for line in text.removeprefix("\ufeff").splitlines()
                 if line.strip() and not line.lstrip().startswith("#")]
        if links and all(PUZZLINK_URL.fullmatch(line) for line in links):
            return [parse(line, stars, row_stars=row_stars, column_stars=column_stars,
                          region_stars=region_stars, max_size=max_size) for line in links]
    return [_parse_block(block, stars, row_stars, column_stars, region_stars, max_size)
            for block in _blocks(text)]


# -- puzz.link (pzprjs) URLs ------------------------------------------------------------------
#
# ``https://puzz.link/p?starbattle/COLS/ROWS/STARS/BORDERS``, read and written by the genres'
# shared codec (:mod:`puzzlesmith.genres.codec`: the stars count, then the region borders).

_REGION_NAMES = ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                 + "".join(chr(c) for c in range(0xC0, 0x2B0) if chr(c).isalnum()))
_LINK_FORMATS = {"starbattle": FORMATS["starbattle"]}


def is_puzzlink(text: str) -> bool:
    """True for a pzprjs link of a Star Battle (only its key is read)."""
    return url_genre(text, _LINK_FORMATS) is not None


def parse_puzzlink(url: str, max_size: int = MAX_SIDE) -> StarBattle:
    """A Star Battle from a pzprjs link, ``...?starbattle/COLS/ROWS/STARS/BORDERS`` (any host;
    ``starbattle_edit``/``_play`` too), regions named A, B, ... in reading order.

    >>> puzzle = parse_puzzlink("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou")
    >>> puzzle.grid[0], puzzle.region_stars["A"]
    ('AAABBB', 1)
    >>> parse_puzzlink("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhoU")
    Traceback (most recent call last):
    ...
    puzzlesmith.errors.InvalidPuzzle: puzz.link URL: borders: 'U' is not 0-9a-v (body character 14)
    """
    givens = decode_url(url, _LINK_FORMATS)[1]
    _check_side(givens.rows, givens.cols, max_size)
    count = 1 + max(max(row) for row in givens.regions)
    if count > len(_REGION_NAMES):
        raise InvalidPuzzle(f"puzz.link URL: more than {len(_REGION_NAMES)} regions")
    grid = tuple("".join(_REGION_NAMES[k] for k in row) for row in givens.regions)
    stars = givens.params["stars"]
    puzzle = _with_counts(grid, stars, None, None, None)
    try:
        validate(puzzle)
    except InvalidPuzzle as error:
        raise InvalidPuzzle(f"puzz.link URL ({stars} stars): {error}") from None
    return puzzle


def _sized(puzzle: StarBattle, stars, row_stars, column_stars, region_stars) -> StarBattle:
    """The link's puzzle with counts given on the command line (if any) in place of its own."""
    if all(v is None for v in (stars, row_stars, column_stars, region_stars)):
        return puzzle
    puzzle = _with_counts(puzzle.grid, stars, row_stars, column_stars, region_stars)
    validate(puzzle)
    return puzzle


def format_puzzlink(puzzle: StarBattle, host: str = PUZZLINK_HOST) -> str:
    """The puzzle as a puzz.link URL.  Refused (:class:`InvalidPuzzle`) when a link cannot
    hold it: cells that stay empty or belong to no region, a region in several pieces, or
    rows, columns and regions that need different counts.

    >>> format_puzzlink(parse_puzzlink("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"))
    'https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou'
    """
    if any(ch in (VOID, NO_REGION) for row in puzzle.grid for ch in row):
        raise InvalidPuzzle("a puzz.link Star Battle has no cells that stay empty ('.') or "
                            "belong to no region (' ')")
    counts = {*puzzle.row_stars, *puzzle.column_stars, *puzzle.region_stars.values()}
    if len(counts) != 1:
        raise InvalidPuzzle("a puzz.link Star Battle has one star count for rows, columns "
                            f"and regions; this puzzle needs {sorted(counts)}")
    number = {name: k for k, name in enumerate(puzzle.regions)}
    regions = tuple(tuple(number[ch] for ch in row) for row in puzzle.grid)
    url = encode_url("starbattle", Givens(puzzle.rows, puzzle.columns, regions=regions,
                                          params={"stars": counts.pop()}), host=host)
    pieces = decode_url(url, _LINK_FORMATS)[1].regions
    if len({k for row in pieces for k in row}) != len(puzzle.regions):
        raise InvalidPuzzle("a puzz.link Star Battle cannot hold a region in several pieces")
    return url


Block = list[tuple[int, str]]  # numbered lines of one puzzle


def _blocks(text: str) -> list[Block]:
    """Split a text into the numbered lines of each puzzle in it (at least one block)."""
    if not isinstance(text, str):
        raise InvalidPuzzle(f"expected text, got {type(text).__name__}")
    text = text.removeprefix("\ufeff")
    lines = text.splitlines()
    if _SB_KEYWORD.search(text):  # the .sb format: a puzzle starts at each size line
        blocks: list[Block] = [[]]
        sized = False  # the current block has its size line
        for n, line in enumerate(lines, 1):
            if _SIZE_LINE.match(line):
                if sized:
                    blocks.append([])
                sized = True
            blocks[-1].append((n, line))
        return blocks
    grids: list[Block] = [[]]
    for n, line in enumerate(lines, 1):
        if line.lstrip().startswith("#"):
            continue  # a comment
        if line.strip():
            grids[-1].append((n, line))
        elif grids[-1]:
            grids.append([])
    return [g for g in grids if g] or [[]]


def _parse_block(block: Block, stars, row_stars, column_stars, region_stars,
                 max_size: int) -> StarBattle:
    if any(_SB_KEYWORD.match(line) for _, line in block):
        grid, size, given = _parse_sb(block, max_size)
        if all(count is None for count in (stars, row_stars, column_stars, region_stars)):
            row_stars = size  # the size line states the rows' count (as _sb writes it)
    else:
        grid, given = _check_grid(block, max_size=max_size), None
    if given is not None:
        _check_solution_shape(given, grid)
    puzzle = _with_counts(grid, stars, row_stars, column_stars, region_stars)
    if given is not None:
        puzzle = puzzle.with_given((r, c) for r, row in enumerate(given[1])
                                   for c, ch in enumerate(row) if ch == STAR)
    validate(puzzle)
    if puzzle.given is not None and (broken := violations(puzzle, puzzle.given)):
        raise InvalidPuzzle(f"the solution block breaks the rules: {broken[0]}", line=given[0])
    return puzzle


def _parse_sb(block: Block, max_size: int) -> tuple[tuple[str, ...], int,
                                                    tuple[int, list[str]] | None]:
    """The ``.sb`` format: comments, ``size R C K``, ``regions`` rows, optional ``solution``."""
    size: tuple[int, int, int] | None = None
    sections: dict[str, Block] = {}
    current = None
    for n, raw in block:
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if _SIZE_LINE.match(line):
            if size is not None:
                raise InvalidPuzzle("a second 'size' line", line=n)
            size = _size_line(line, n, max_size)
        elif line.strip() in ("regions", "solution"):
            current = line.strip()
            if current in sections:
                raise InvalidPuzzle(f"a second '{current}' section", line=n)
            if size is None:
                raise InvalidPuzzle(f"'{current}' before the 'size ROWS COLUMNS STARS' line",
                                    line=n)
            sections[current] = []
        elif current is None:
            raise InvalidPuzzle(f"unexpected line {_short(line.strip())!r} before 'regions'",
                                line=n)
        else:
            if len(sections[current]) >= size[0]:
                what = "region" if current == "regions" else "solution"
                raise InvalidPuzzle(f"more than {size[0]} {what} rows", line=n)
            sections[current].append((n, _within(raw, size[1])))
    if size is None:
        raise InvalidPuzzle("missing 'size ROWS COLUMNS STARS' line")
    if "regions" not in sections:
        raise InvalidPuzzle("missing 'regions' section")
    grid = _check_grid(sections["regions"], expected=size[:2], max_size=max_size,
                       missing_line=block[-1][0] if block else None)
    given = None
    if "solution" in sections:
        rows = sections["solution"]
        given = (rows[0][0] if rows else block[-1][0], [row for _, row in rows])
        _check_grid(rows, expected=size[:2], alphabet=STAR + EMPTY, what="solution row",
                    max_size=max_size, missing_line=block[-1][0])
    return grid, size[2], given


def _within(raw: str, width: int) -> str:
    """A grid row without the blanks past its declared ``width`` (a blank inside it is a
    cell in no region, so it is kept)."""
    stripped = raw.rstrip()
    return raw[:width] if len(stripped) <= width <= len(raw) else stripped


def _size_line(line: str, n: int, max_size: int) -> tuple[int, int, int]:
    fields = line.split()
    if len(fields) != 4 or not all(f.isascii() and f.isdigit() for f in fields[1:]):
        raise InvalidPuzzle("expected 'size ROWS COLUMNS STARS' (three whole numbers)", line=n)
    if any(len(f) > _MAX_DIGITS for f in fields[1:]):
        raise InvalidPuzzle(f"a number of more than {_MAX_DIGITS} digits in the size line",
                            line=n)
    rows, cols, stars = (int(f) for f in fields[1:])
    if rows < 1 or cols < 1:
        raise InvalidPuzzle(f"size {rows}x{cols}: rows and columns must be at least 1", line=n)
    _check_side(rows, cols, max_size, line=n)
    return rows, cols, stars


def _check_side(rows: int, cols: int, max_size: int, line: int | None = None) -> None:
    if rows > max_size or cols > max_size:
        raise InvalidPuzzle(f"a {rows}x{cols} board is larger than the cap of "
                            f"{max_size}x{max_size} (raise it with max_size / --max-size)",
                            line=line)


def _check_grid(numbered: Block, expected: tuple[int, int] | None = None,
                alphabet: str | None = None, what: str = "row", max_size: int = MAX_SIDE,
                missing_line: int | None = None) -> tuple[str, ...]:
    """Rows of equal length with allowed characters; errors name line and column.
    Sizes are checked against ``max_size`` before any character is looked at."""
    if not numbered:
        if expected:
            raise InvalidPuzzle(f"no {what}s, expected {expected[0]}", line=missing_line)
        raise InvalidPuzzle("empty puzzle: no rows")
    width = expected[1] if expected else len(numbered[0][1])
    if not expected:
        _check_side(len(numbered), width, max_size, line=numbered[0][0])
    for n, row in numbered:
        if len(row) != width:
            raise InvalidPuzzle(f"{what} has {len(row)} cells, expected {width}", line=n)
    for n, row in numbered:
        for c, ch in enumerate(row, 1):
            bad = (ch not in alphabet) if alphabet else not (ch.isalnum() or ch in VOID + NO_REGION)
            if bad:
                raise InvalidPuzzle(f"unexpected character {ch!r} in {what}", line=n, column=c)
    if expected and len(numbered) != expected[0]:
        raise InvalidPuzzle(f"{len(numbered)} {what}s, expected {expected[0]}",
                            line=numbered[-1][0])
    return tuple(row for _, row in numbered)


def _check_solution_shape(given: tuple[int, list[str]], grid: tuple[str, ...]) -> None:
    line, rows = given
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == STAR and grid[r][c] == VOID:
                raise InvalidPuzzle(f"solution puts a star on the empty cell at row {r + 1}, "
                                    f"column {c + 1}", line=line + r, column=c + 1)


def _with_counts(grid: tuple[str, ...], stars: int | None, row_stars: int | None,
                 column_stars: int | None, region_stars: int | None) -> StarBattle:
    """Fill in every unit's count from what was given, as the seed's consistency rule implies."""
    for name, value in (("stars", stars), ("row_stars", row_stars),
                        ("column_stars", column_stars), ("region_stars", region_stars)):
        if value is not None and (not isinstance(value, int) or value < 0):
            raise InvalidPuzzle(f"{name} must be a whole number >= 0, got {value!r}")
    rows, cols = len(grid), len(grid[0])
    regions = list(dict.fromkeys(ch for row in grid for ch in row if ch not in VOID + NO_REGION))
    if stars is None and region_stars is None and row_stars is None and column_stars is None:
        stars = implied_stars(rows, cols)
    per_region = region_stars if region_stars is not None else stars
    total = None
    for count, units in ((per_region, len(regions)), (row_stars, rows), (column_stars, cols)):
        if count is not None and units:
            total = count * units
            break
    if total is None:  # only `stars` given and no regions: it counts per row
        total = stars * rows

    def share(given: int | None, units: int, what: str) -> int:
        if given is not None:
            return given
        if stars is not None and units and stars * units == total:
            return stars
        if units == 0 or total % units:
            raise InvalidPuzzle(f"{total} stars cannot be shared equally among {units} {what}")
        return total // units

    per_row = share(row_stars, rows, "rows")
    per_col = share(column_stars, cols, "columns")
    per_region = share(per_region, len(regions), "regions") if regions else 0
    return StarBattle(grid, (per_row,) * rows, (per_col,) * cols,
                      dict.fromkeys(regions, per_region))


def _short(text: str) -> str:
    return text if len(text) <= 30 else text[:27] + "..."


# -- reading a player's marks ----------------------------------------------------------------

def parse_marks(puzzle: StarBattle, text: str) -> Marks:
    """A player's answer or partial state: one line per row, ``*`` a star, ``x`` or ``-``
    ruled out, ``.`` unknown (blank lines and ``#`` comments are skipped).  The seed's
    one-line form (``*`` and ``|``, row after row) is read too.

    >>> puzzle = parse("ab\\nab\\n", 1, region_stars=1)
    >>> parse_marks(puzzle, "*x\\n..\\n")
    Marks(stars=frozenset({(0, 0)}), empties=frozenset({(0, 1)}))
    """
    if not isinstance(text, str):
        raise InvalidPuzzle(f"expected text, got {type(text).__name__}")
    text = text.removeprefix("\ufeff")
    numbered = [(n, line.rstrip()) for n, line in enumerate(text.splitlines(), 1)
                if line.strip() and not line.lstrip().startswith("#")]
    if len(numbered) > puzzle.rows:
        raise InvalidPuzzle(f"{len(numbered)} rows of marks, expected {puzzle.rows}",
                            line=numbered[puzzle.rows][0])
    cells = puzzle.rows * puzzle.columns
    if len(numbered) == 1 and puzzle.rows > 1 and len(numbered[0][1]) == cells:
        n, line = numbered[0]  # the seed's line form
        if set(line) <= {STAR, "|"}:
            line = line.replace("|", EMPTY)
        numbered = [(n, line[r * puzzle.columns:(r + 1) * puzzle.columns])
                    for r in range(puzzle.rows)]
    if len(numbered) < puzzle.rows:
        raise InvalidPuzzle(f"{len(numbered)} rows of marks, expected {puzzle.rows}",
                            line=numbered[-1][0] if numbered else None)
    stars, empties = set(), set()
    for r, (n, line) in enumerate(numbered):
        if len(line) != puzzle.columns:
            raise InvalidPuzzle(f"row of marks has {len(line)} cells, expected "
                                f"{puzzle.columns}", line=n)
        for c, ch in enumerate(line):
            if ch == STAR:
                stars.add((r, c))
            elif ch in (RULED_OUT, "X", "-"):
                empties.add((r, c))
            elif ch != EMPTY:
                raise InvalidPuzzle(f"unexpected mark {ch!r} (expected '*', 'x', '-' or '.')",
                                    line=n, column=c + 1)
    return Marks(frozenset(stars), frozenset(empties))


# -- writing ---------------------------------------------------------------------------------

def format(puzzle: StarBattle, style: str | None = "sb") -> str:  # noqa: A001
    """A puzzle as text: ``sb`` (the ``.sb`` format, with the solution block the puzzle
    states, if any), ``letters`` (the plain region grid), ``framed`` (walls drawn) or
    ``puzzlink`` (a puzz.link URL, :func:`format_puzzlink`)."""
    style = style or "sb"
    if style == "sb":
        return _sb(puzzle, sorted(puzzle.given) if puzzle.given is not None else None)
    if style == "letters":
        return "\n".join(puzzle.grid)
    if style == "framed":
        from .render import framed

        return framed(puzzle)
    check_method(style, PUZZLE_STYLES, "style")
    return format_puzzlink(puzzle)


def format_answer(puzzle: StarBattle, answer: Marks | Iterable[Cell],
                  style: str | None = "board") -> str:
    """A solved (or partly marked) board in one of :data:`ANSWER_STYLES`.

    ``board``: rows of ``*``/``.`` (``x`` for ruled-out marks); ``letters``: the region
    letters with the stars' letters in the other case (the seed's capitalised letters);
    ``line``: the seed's one-line ``*``/``|`` form; ``framed``: the seed's ``render_board``
    with walls between regions; ``sb``: the puzzle in the ``.sb`` format with this solution;
    ``puzzlink``: the puzzle's puzz.link URL (a link holds the puzzle, not its answer).
    """
    style = style or "board"
    rows = solution_rows(puzzle, answer)
    if style == "board":
        return "\n".join(rows)
    if style == "letters":
        return "\n".join(
            "".join(ch.swapcase() if s == STAR else ch for ch, s in zip(g, row, strict=True))
            for g, row in zip(puzzle.grid, rows, strict=True))
    if style == "line":
        return "".join(r.replace(RULED_OUT, EMPTY) for r in rows).replace(EMPTY, "|")
    if style == "framed":
        from .render import framed

        return framed(puzzle, answer)
    if style == "sb":
        return _sb(puzzle, stars_of(answer))
    check_method(style, ANSWER_STYLES, "style")
    return format_puzzlink(puzzle)


def _sb(puzzle: StarBattle, solution: list[Cell] | None, comment: str | None = None) -> str:
    """The ``.sb`` text; the size line's count is the rows' (the file states one count)."""
    k = puzzle.row_stars[0]
    lines = [f"# {comment}"] if comment else []
    lines += [f"size {puzzle.rows} {puzzle.columns} {k}", "regions", *puzzle.grid]
    if solution is not None:
        lines += ["solution", *solution_rows(puzzle, solution)]
    return "\n".join(lines) + "\n"
