"""Simon Tatham's game IDs of the grid genres: ``PARAMS:DESC``, PARAMS starting ``WxH``.

Light Up, Loopy (square grid) and Singles (Hitori) describe the grid cell by cell, row by
row, with one reader and per-game symbols (:data:`GAMES`):

* Light Up: ``a``-``z`` a run of 1-26 empty cells, ``B`` a wall, ``0``-``4`` a numbered wall;
* Loopy: runs as Light Up, ``0``-``4`` a clue (only the square grid, ``t0``, is read);
* Singles: one character per cell, the number ``1``-``9``, ``a``-``z`` (10-35), ``A``-``Z``;
* Filling (Fillomino): runs, ``1``-``9`` a given number;
* Rect (Shikaku): runs, a clue in decimal, ``_`` between two clues side by side;
* Range (Kurodoko): as Rect;
* Pearl (Masyu): runs as Light Up, ``W`` a white pearl (1), ``B`` a black one (2);
* Slant: runs as Light Up over the grid points, ``0``-``4`` a clue.

>>> genre, givens = decode_id("3x2:1bBb")
>>> genre, givens.numbers, sorted(givens.walls)
('lightup', {(0, 0): 1}, [(0, 0), (1, 0)])
>>> encode_id("lightup", givens)
'3x2:1bBb'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InvalidPuzzle
from .givens import ANY, Cell, Givens

__all__ = ["TathamGame", "GAMES", "MAX_SIDE", "decode_id", "encode_id", "tatham_game",
           "id_genre"]

MAX_SIDE = 200
"""The largest side an ID may give; larger ones are refused before anything is built."""
_ID = re.compile(r"\s*([0-9]{1,6})x([0-9]{1,6})([a-z0-9.]*):(\S*)\s*")
_RUNS = "abcdefghijklmnopqrstuvwxyz"
_NUMBERS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class TathamGame:
    """One game's ID style: its name, the genre it is, and its cell symbols.

    ``symbols`` maps a character to a clue (``ANY`` with ``walls``: a wall without number);
    ``runs`` says whether letters a-z are runs of empty cells; ``walls`` whether every clue
    is a wall; ``params`` is what Tatham writes after ``WxH`` (and must be there, if read);
    ``points`` whether the description runs over the grid points, not the cells.
    """

    name: str
    genre: str
    symbols: dict[str, int]
    runs: bool = True
    walls: bool = False
    params: str = ""
    decimal: bool = False  # clues in decimal, '_' between two side by side (Rect)
    points: bool = False

    def character(self, clue: int) -> str | None:
        """The symbol of a clue, or None when the game has none."""
        return next((ch for ch, value in self.symbols.items() if value == clue), None)


_DIGITS = {str(n): n for n in range(5)}
GAMES: dict[str, TathamGame] = {g.name: g for g in (
    TathamGame("lightup", "lightup", {**_DIGITS, "B": ANY}, walls=True),
    TathamGame("loopy", "slither", _DIGITS, params="t0"),
    TathamGame("singles", "hitori", {ch: n for n, ch in enumerate(_NUMBERS) if n}, runs=False),
    TathamGame("filling", "fillomino", {str(n): n for n in range(1, 10)}),
    TathamGame("rect", "shikaku", {str(n): n for n in range(10)}, decimal=True),
    TathamGame("pearl", "mashu", {"W": 1, "B": 2}),
    TathamGame("slant", "gokigen", _DIGITS, points=True),
    TathamGame("range", "kurodoko", {str(n): n for n in range(10)}, decimal=True),
)}


def tatham_game(name: str) -> TathamGame:
    """The game of a Tatham name (lightup, loopy, singles) or of its genre, or InvalidPuzzle."""
    for game in GAMES.values():
        if name in (game.name, game.genre):
            return game
    raise InvalidPuzzle(f"Tatham game ID: unknown game {name[:30]!r}; known: "
                        f"{', '.join(GAMES)}")


def decode_id(text: str, game: str | None = None) -> tuple[str, Givens]:
    """The genre and the givens of a Tatham game ID.  Without ``game`` it is told from the
    ID's shape: ``t`` in the parameters is Loopy, one number per cell Singles, decimal
    numbers summing to the cells Rect, decimal numbers filling the grid with ``_`` or two
    digits (or, apart, no 0 and one above 4) Range, many or large digits Filling, else Light Up.
    Raises InvalidPuzzle naming the problem and where.
    """
    match = _ID.fullmatch(text) if isinstance(text, str) and len(text) < 200_000 else None
    if match is None:
        raise InvalidPuzzle("not a Tatham game ID: expected WxH:DESCRIPTION, e.g. 7x7:aBk1b2a")
    cols, rows, params, desc = int(match[1]), int(match[2]), match[3], match[4]
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise InvalidPuzzle(f"Tatham game ID: a {cols}x{rows} grid: each side must be 1 to "
                            f"{MAX_SIDE}")
    chosen = tatham_game(game) if game else _guess(params, desc, rows, cols)
    _check_params(chosen, params)
    return chosen.genre, _read(chosen, desc, rows, cols)


def id_genre(text: str) -> str | None:
    """The genre a text's shape says when it looks like a game ID of :data:`GAMES` (only the
    parameters and the description's characters are looked at), else None.

    >>> id_genre("5x5t0:a3a202f213b2a32d"), id_genre("5x5:3221112453141555142444511")
    ('slither', 'hitori')
    """
    match = _ID.fullmatch(text) if isinstance(text, str) and len(text) < 200_000 else None
    grid = re.search(r"t([0-9]+)", match[3]) if match else None
    if match is None or (grid and grid[1] != "0"):
        return None
    cols, rows = int(match[1]), int(match[2])
    game = _guess(match[3], match[4], rows, cols)
    symbols = set(game.symbols) | (set(_RUNS) if game.runs else set()) | \
        ({"_"} if game.decimal else set())
    return game.genre if set(match[4]) <= symbols else None


def _guess(params: str, desc: str, rows: int, cols: int) -> TathamGame:
    """The game an ID's shape says (see :func:`decode_id`; Pearl: a ``W``, or ``B`` without
    digits; Slant: the description covers the grid points)."""
    if "t" in params:
        return GAMES["loopy"]
    if "W" in desc or ("B" in desc and not any(ch.isdigit() for ch in desc)):
        return GAMES["pearl"]
    if set(desc) <= set(_RUNS + "01234") and _covered(desc) == (rows + 1) * (cols + 1):
        return GAMES["slant"]
    cells, side = rows * cols, max(rows, cols)
    if len(desc) == cells and all(0 < _NUMBERS.find(ch) <= side for ch in desc):
        return GAMES["singles"]
    clues = [int(n) for n in re.findall("[0-9]+", desc)]
    if re.fullmatch("[a-z0-9_]*", desc) and sum(clues) == cells and (
            "_" in desc or re.search("[0-9]{2}", desc)):
        return GAMES["rect"]
    if not params and re.fullmatch("[a-z0-9_]*", desc) and re.search("[1-9]", desc) \
            and _range_cells(desc) == cells and ("_" in desc or re.search("[0-9]{2}", desc)
                                                 or ("0" not in desc and re.search("[5-9]", desc))):
        return GAMES["range"]  # single digits apart, no 0 and one above 4: Range too
    digits = re.findall("[0-9]", desc)
    if not re.search("[B0]", desc) and (max(digits, default="0") >= "5"
                                       or 10 * len(digits) >= 3 * cells):
        return GAMES["filling"]
    return GAMES["lightup"]


def _covered(desc: str) -> int:
    """The cells (or points) a description of runs and one-character clues covers."""
    return sum(_RUNS.index(ch) + 1 if ch in _RUNS else 1 for ch in desc)


def _range_cells(desc: str) -> int:
    """The cells a description covers read as Range's (decimal clues, runs of letters)."""
    tokens = re.findall("[0-9]+|[a-z]", desc)
    return sum(_RUNS.index(t) + 1 if t in _RUNS else 1 for t in tokens)


def _check_params(game: TathamGame, params: str) -> None:
    """Refuse a grid other than the game's (Loopy's ``t0``, the square grid)."""
    grid = re.search(r"t([0-9]+)", params)
    if game.params and grid and grid[0] != game.params:
        raise InvalidPuzzle(f"Tatham game ID: {game.name} grid type {grid[0]!r} is not read; "
                            f"only {game.params!r} (squares)")


def _read(game: TathamGame, desc: str, rows: int, cols: int) -> Givens:
    """The givens a description gives, cell by cell."""
    numbers: dict[Cell, int] = {}
    walls: set[Cell] = set()
    width = cols + game.points
    index, total = 0, (rows + game.points) * width
    for pos, ch in _tokens(game, desc):
        if index >= total:
            raise InvalidPuzzle(f"Tatham game ID: {desc[pos:pos + 10]!r} after the last cell "
                                f"(description character {pos + 1})")
        cell = divmod(index, width)
        if game.runs and ch in _RUNS:
            index += _RUNS.index(ch) + 1
            continue
        if ch not in game.symbols and not (game.decimal and ch.isdigit()):
            raise InvalidPuzzle(f"Tatham game ID: {ch!r} is not a {game.name} symbol "
                                f"(description character {pos + 1})")
        clue = int(ch) if game.decimal else game.symbols[ch]
        if game.name == "singles" and clue > max(rows, cols):
            raise InvalidPuzzle(f"Tatham game ID: {ch!r} is more than {max(rows, cols)} "
                                f"(description character {pos + 1})")
        if game.walls:
            walls.add(cell)
        if not (game.walls and clue == ANY):
            numbers[cell] = clue
        index += 1
    if index != total:
        problem = "runs past" if index > total else f"ends after {index} of"
        raise InvalidPuzzle(f"Tatham game ID: the description {problem} {total} cells")
    return Givens(rows, cols, numbers, frozenset(walls), points=game.points)


def _tokens(game: TathamGame, desc: str) -> list[tuple[int, str]]:
    """The description's symbols with their positions: one character each, or for a decimal
    game a whole number (at most 6 digits), '_' separators dropped."""
    if not game.decimal:
        return list(enumerate(desc))
    return [(m.start(), m[0]) for m in re.finditer("[0-9]{1,6}|[^_]", desc)]


def encode_id(game: str, givens: Givens) -> str:
    """The Tatham game ID of a game's (or genre's) givens, as Tatham writes it."""
    chosen = tatham_game(game)
    out, run = [], 0
    points = [(r, c) for r in range(givens.rows + chosen.points)
              for c in range(givens.cols + chosen.points)]
    for r, c in points:
        clue = givens.number(r, c)
        if clue is None and chosen.walls and givens.is_wall(r, c):
            clue = ANY
        if clue is None:
            if not chosen.runs:
                raise InvalidPuzzle(f"Tatham game ID: {chosen.name} needs a number in "
                                    f"r{r + 1}c{c + 1}")
            run += 1
            continue
        symbol = str(clue) if chosen.decimal and clue > 0 else chosen.character(clue)
        if symbol is None:
            raise InvalidPuzzle(f"Tatham game ID: {chosen.name} has no symbol for {clue} at "
                                f"r{r + 1}c{c + 1}")
        apart = "_" if chosen.decimal and out and not run else ""
        out.append(_run_letters(run) + apart + symbol)
        run = 0
    out.append(_run_letters(run))
    return f"{givens.cols}x{givens.rows}{chosen.params}:{''.join(out)}"


def _run_letters(run: int) -> str:
    """Letters for a run of empty cells: z (26) as often as needed, then the rest."""
    return "z" * (run // 26) + (_RUNS[run % 26 - 1] if run % 26 else "")
