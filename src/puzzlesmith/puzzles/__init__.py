"""The puzzle registry: every puzzle is one object with the same surface.

>>> names()[:4]
['starbattle', 'net', 'sliding', 'queens']
>>> get("queens").name
'queens'
>>> puzzle, board = identify("3x2:ce6224")  # a Tatham Net game ID
>>> puzzle.name, board.tiles
('net', ((6, 7, 3), (1, 1, 2)))

The surface is described in :mod:`puzzlesmith.puzzles.protocol`.  A puzzle is a module whose
``PUZZLE`` is a :class:`Puzzle`, or a genre declaration whose ``GENRE`` is a
:class:`~puzzlesmith.genres.language.Genre` (made a puzzle by :mod:`.declared`: see
docs/genres.md); besides the built-in ones (:data:`BUILTIN`), puzzles come

* from installed distributions, through the entry-point group ``puzzlesmith.puzzles``
  (``[project.entry-points."puzzlesmith.puzzles"]`` ``name = "package.module"`` in the
  plugin's ``pyproject.toml``); a plugin does not replace a built-in puzzle of the same name;
* from ``PUZZLESMITH_PUZZLES="name=module,..."`` (an override: it wins over both);
* in code, ``REGISTRY[name] = module``.

``REGISTRY`` (name -> module) is made on first use, so that importing this package reads no
distribution metadata; puzzle modules, plugins included, are imported only by :func:`get`,
and none of them imports numba until a verb runs.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

from ..errors import InvalidPuzzle, NotRecognised, check_method
from .protocol import Option, Puzzle

__all__ = ["get", "names", "known", "identify", "reader", "from_module", "Puzzle", "Option",
           "BUILTIN", "ENTRY_POINT_GROUP"]

#: name -> the module whose ``PUZZLE`` attribute is the puzzle object (or whose ``GENRE`` is a
#: declared genre), in tour order.
BUILTIN = {
    "starbattle": "puzzlesmith.puzzles.starbattle.puzzle",
    "net": "puzzlesmith.puzzles.net.puzzle",
    "sliding": "puzzlesmith.puzzles.sliding.puzzle",
    "queens": "puzzlesmith.puzzles.queens.puzzle",
    "sudoku": "puzzlesmith.puzzles.sudoku.puzzle",
    "lightup": "puzzlesmith.genres.declared.lightup",
    "hitori": "puzzlesmith.genres.declared.hitori",
    "nurikabe": "puzzlesmith.genres.declared.nurikabe",
    "slitherlink": "puzzlesmith.genres.declared.slitherlink",
    "shikaku": "puzzlesmith.genres.declared.shikaku",
    "fillomino": "puzzlesmith.genres.declared.fillomino",
    "masyu": "puzzlesmith.genres.declared.masyu",
    "slant": "puzzlesmith.genres.declared.slant",
    "kurodoko": "puzzlesmith.genres.declared.kurodoko",
    "norinori": "puzzlesmith.genres.declared.norinori",
    "heyawake": "puzzlesmith.genres.declared.heyawake",
    "lits": "puzzlesmith.genres.declared.lits",
}
#: The entry-point group through which installed distributions add puzzles.
ENTRY_POINT_GROUP = "puzzlesmith.puzzles"

_registry: dict[str, str] | None = None


def _plugins(spec: str) -> dict[str, str]:
    """``name=module,name=module`` from ``$PUZZLESMITH_PUZZLES``: more puzzles to register."""
    pairs = (item.partition("=") for item in spec.split(",") if item.strip())
    return {name.strip(): module.strip() for name, _, module in pairs if module.strip()}


def _entry_points() -> dict[str, str]:
    """name -> module of the puzzles installed distributions declare (nothing imported)."""
    from importlib.metadata import entry_points

    return {ep.name: ep.value.partition(":")[0].strip()
            for ep in entry_points(group=ENTRY_POINT_GROUP)}


def registry() -> dict[str, str]:
    """The registry, made on first call: built-ins, then plugins, then the override."""
    global _registry
    if _registry is None:
        found = dict(BUILTIN)
        found.update({n: m for n, m in _entry_points().items() if n not in BUILTIN})
        found.update(_plugins(os.environ.get("PUZZLESMITH_PUZZLES", "")))
        _registry = found
    return _registry


def __getattr__(name: str) -> Any:
    """``REGISTRY`` is :func:`registry`'s dict (read or changed in place)."""
    if name == "REGISTRY":
        return registry()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def names() -> list[str]:
    """The registered puzzles' names."""
    return list(registry())


def _module_of(name: str) -> str | None:
    """The module of the puzzle called ``name`` (None: none is registered).  A built-in or
    ``$PUZZLESMITH_PUZZLES`` name is found without scanning the installed distributions'
    entry points (15-30 ms of a command's start), which cannot change its module."""
    if _registry is None:
        module = _plugins(os.environ.get("PUZZLESMITH_PUZZLES", "")).get(name, BUILTIN.get(name))
        if module is not None:
            return module
    return registry().get(name)


def known(name: str) -> bool:
    """Whether a puzzle called ``name`` is registered (``name in names()``, often cheaper)."""
    return _module_of(name) is not None


def get(name: str) -> Puzzle:
    """The puzzle object called ``name``; a clear error for an unknown name."""
    module = _module_of(name)
    if module is None:
        check_method(name, registry(), "puzzle")
    return from_module(module)


def from_module(name: str) -> Puzzle:
    """The puzzle of the module called ``name``: its ``PUZZLE``, or the puzzle of the genre
    it declares (``GENRE``, made once: see :mod:`.declared`)."""
    module = importlib.import_module(name)
    if hasattr(module, "PUZZLE") or not hasattr(module, "GENRE"):
        return module.PUZZLE
    from .declared import genre_puzzle

    return genre_puzzle(module)


def identify(text: str) -> tuple[Puzzle, Any]:
    """The puzzle whose shared format ``text`` is in (a Tatham game ID, a puzz.link URL: see
    :meth:`Puzzle.recognises`), and the instance read from it.  Each puzzle that recognises
    the text tries to read it, in registry order; the first that can wins.  A text no
    puzzle recognises is a :class:`~puzzlesmith.errors.NotRecognised` naming the formats
    expected; one recognised but malformed gets the reader's one-line error.

    >>> identify("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou")[0].name
    'starbattle'
    >>> identify("4x4:1,2,3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlesmith.errors.InvalidPuzzle: Net game ID: ...; Fifteen game ID: 3 tiles given, ...
    """
    puzzles = _loadable()
    errors = []
    for puzzle in (p for p in puzzles if p.recognises(text)):
        try:
            return puzzle, puzzle.parse(text)
        except InvalidPuzzle as error:
            errors.append(error)
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise InvalidPuzzle("; ".join(map(str, errors)))
    formats: dict[str, list[str]] = {}
    for puzzle in puzzles:
        if puzzle.shared_style:
            formats.setdefault(puzzle.shared_name, []).append(puzzle.name)
    expected = " or ".join(f"a {kind} ({', '.join(which)})" for kind, which in formats.items())
    raise NotRecognised(f"no puzzle reads this text: expected {expected}")


def reader(text: str) -> Puzzle | None:
    """The puzzle a text in a shared format goes to (``puzzlesmith solve URL``): the one
    :func:`identify` finds, else the first that recognises the text (its reader then says what
    is wrong with it); None when no puzzle recognises it.

    >>> reader("https://puzz.link/p?nurikabe/2/2/1i").name, reader("2x2:1,2,3,0").name
    ('nurikabe', 'sliding')
    >>> reader("4x4:1,2,3").name, reader("hello") is None
    ('net', True)
    """
    try:
        return identify(text)[0]
    except NotRecognised:
        return None
    except InvalidPuzzle:
        return next(p for p in _loadable() if p.recognises(text))


def _loadable() -> list[Puzzle]:
    """The registered puzzles that import (a broken plugin is left out, not fatal)."""
    found = []
    for name in names():
        try:
            found.append(get(name))
        except ImportError:
            continue
    return found
