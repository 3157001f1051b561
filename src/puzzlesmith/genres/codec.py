"""puzz.link (pzprjs) URLs of the grid genres: ``...?KEY/[FLAGS/]COLS/ROWS/BODY``.

A genre's body is its pieces (:mod:`.pieces`) in order; :data:`FORMATS` names the pieces of
each known genre by its pzprjs id, with the keys URLs use for it.

>>> key, givens = decode_url("https://puzz.link/p?akari/3/2/ah.")
>>> key, sorted(givens.walls), givens.numbers
('lightup', [(0, 0), (1, 2)], {(0, 0): 0})
>>> encode_url(key, givens)
'https://puzz.link/p?akari/3/2/ah.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InvalidPuzzle
from .givens import Givens
from .pieces import (
    BORDERS,
    CIRCLES,
    FOUR_CELL,
    FOUR_CROSS,
    GIVEN_BORDERS,
    NUMBER16,
    NUMBER36,
    ROOM_NUMBERS,
    WALL_CLUES,
    Count,
    Draft,
    Piece,
)

__all__ = ["UrlFormat", "FORMATS", "MAX_SIDE", "decode_url", "encode_url", "url_format",
           "url_genre"]

MAX_SIDE = 200
"""The largest side a URL may give; larger ones are refused before anything is built."""
HOST = "https://puzz.link/p"
_URL = re.compile(r"\s*(?:[A-Za-z][\w+.-]*://[^\s?]*)?\?([^\s#]*)(?:#\S*)?\s*")


@dataclass(frozen=True)
class UrlFormat:
    """A genre's URL: its pzprjs id, the key it writes, other keys read, and body pieces."""

    pid: str
    pieces: tuple[Piece, ...]
    key: str = ""
    aliases: tuple[str, ...] = ()

    @property
    def url_key(self) -> str:
        """The key written in URLs."""
        return self.key or self.pid


FORMATS: dict[str, UrlFormat] = {f.pid: f for f in (
    UrlFormat("lightup", (WALL_CLUES,), key="akari", aliases=("bijutsukan",)),
    UrlFormat("nurikabe", (NUMBER16,)),
    UrlFormat("slither", (FOUR_CELL,), aliases=("slitherlink",)),
    UrlFormat("hitori", (NUMBER36,)),
    UrlFormat("starbattle", (Count("stars"), BORDERS)),
    UrlFormat("shikaku", (NUMBER16,)),
    UrlFormat("fillomino", (NUMBER16, GIVEN_BORDERS)),
    UrlFormat("mashu", (CIRCLES,), aliases=("masyu", "pearl")),
    UrlFormat("gokigen", (FOUR_CROSS,), aliases=("slant",)),
    UrlFormat("kurodoko", (NUMBER16,)),
    UrlFormat("norinori", (BORDERS,)),
    UrlFormat("heyawake", (BORDERS, ROOM_NUMBERS)),
    UrlFormat("lits", (BORDERS,)),
)}


def url_format(key: str, formats: dict[str, UrlFormat] | None = None) -> UrlFormat:
    """The format a URL key names (its pid, written key or an alias; ``_edit``/``_play``
    ignored), or InvalidPuzzle."""
    formats = FORMATS if formats is None else formats
    key = re.sub(r"_(edit|play|test)$", "", key)
    for fmt in formats.values():
        if key in (fmt.pid, fmt.url_key, *fmt.aliases):
            return fmt
    raise InvalidPuzzle(f"puzz.link URL: unknown puzzle type {key[:30]!r}; known: "
                        f"{', '.join(sorted(formats))}")


def url_genre(text: str, formats: dict[str, UrlFormat] | None = None) -> str | None:
    """The genre (pzprjs id) a text names when it is a puzz.link URL of a known key, else
    None; nothing past the key is read (for ``recognises``).

    >>> url_genre("https://puzz.link/p?slither/5/5/cbcbcddad"), url_genre("7x7:aBk1")
    ('slither', None)
    """
    match = _URL.fullmatch(text) if isinstance(text, str) and len(text) < 200_000 else None
    if match is None:
        return None
    try:
        return url_format(_query(match[1])[0], formats).pid
    except InvalidPuzzle:
        return None


def _query(query: str) -> list[str]:
    """The parts of a URL's query, other parameters (``type=editor&``) dropped."""
    return re.sub(r"^(?:\w+=[\w.]*&)+", "", query).split("/")


def decode_url(url: str, formats: dict[str, UrlFormat] | None = None) -> tuple[str, Givens]:
    """The genre (its pzprjs id) and the givens of a puzz.link URL (any host, or just
    ``?KEY/...``).  Raises InvalidPuzzle naming the problem and where."""
    match = _URL.fullmatch(url) if isinstance(url, str) and len(url) < 200_000 else None
    if match is None:
        raise InvalidPuzzle("not a puzz.link URL: expected https://puzz.link/p?KEY/COLS/ROWS/BODY")
    key, *parts = _query(match[1])
    fmt = url_format(key, formats)
    if parts and parts[0].startswith("v:"):
        raise InvalidPuzzle(f"puzz.link URL: variant {parts[0][:20]!r} of {key} is not read")
    flags = parts.pop(0) if parts and parts[0] and not parts[0].isdigit() else ""
    if len(parts) < 2 or not all(re.fullmatch("[0-9]{1,6}", p) for p in parts[:2]):
        raise InvalidPuzzle(f"puzz.link URL: expected {key}/COLS/ROWS/BODY, got "
                            f"{'/'.join(parts)[:40]!r}")
    cols, rows = int(parts[0]), int(parts[1])
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise InvalidPuzzle(f"puzz.link URL: a {cols}x{rows} grid (columns x rows): each side "
                            f"must be 1 to {MAX_SIDE}")
    draft = Draft(rows, cols, "/".join(parts[2:]).rstrip("/"))
    if flags:
        draft.params["flags"] = flags
    for piece in fmt.pieces:
        piece.decode(draft)
    if draft.pos < len(draft.body):
        raise draft.fail(f"unexpected {draft.body[draft.pos:draft.pos + 10]!r} after the grid")
    return fmt.pid, draft.givens()


def encode_url(key: str, givens: Givens, formats: dict[str, UrlFormat] | None = None,
               host: str = HOST) -> str:
    """The puzz.link URL of a genre's givens (``key``: its pid, URL key or an alias)."""
    fmt = url_format(key, formats)
    flags = givens.params.get("flags")
    head = f"{fmt.url_key}/{flags + '/' if flags else ''}{givens.cols}/{givens.rows}"
    return f"{host}?{head}/{''.join(piece.encode(givens) for piece in fmt.pieces)}"
