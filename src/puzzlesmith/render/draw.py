"""Shared pieces of every SVG drawing: documents, grids, walls, marks, labels, nesting.

The drawings are plain SVG text (no dependency): black on white with greys, so that they
print in black and white.  Every document has a ``viewBox``, so that it scales cleanly.

>>> svg = document(40, 20, [star(10, 10, 8), dot(30, 10, 3)])
>>> root = parse(svg)
>>> root.get("viewBox"), count(svg, "star"), count(svg, "dot")
('0 0 40 20', 1, 1)
>>> view_box(titled(svg, "Toy 1×1"))[3] > 20
True
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from xml.sax.saxutils import escape

from ..errors import UsageError

__all__ = [
    "NS", "FONT", "INK", "GREY", "document", "parse", "view_box", "nest", "titled",
    "caption", "star", "dot", "cross", "label", "grid_lines", "frame", "region_walls",
    "count", "num", "display_size",
]

NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
INK = "#111"
GREY = "#888"

ET.register_namespace("", NS)
ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")


def num(value: float) -> str:
    """A coordinate as short text: ``num(2.50) == '2.5'``, ``num(1/3) == '0.333'``."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def document(width: float, height: float, body: Iterable[str], *, x: float = 0,
             y: float = 0, background: str | None = "#fff", units: str = "") -> str:
    """An SVG document of ``width`` × ``height`` user units (``units`` for its printed size,
    e.g. ``"pt"``; none: pixels) holding the elements in ``body``."""
    head = (f'<svg xmlns="{NS}" width="{num(width)}{units}" height="{num(height)}{units}" '
            f'viewBox="{num(x)} {num(y)} {num(width)} {num(height)}" '
            f'font-family="{FONT}">')
    back = ([f'<rect x="{num(x)}" y="{num(y)}" width="{num(width)}" height="{num(height)}" '
             f'fill="{background}"/>'] if background else [])
    return "\n".join([head, *back, *body, "</svg>"])


def parse(svg: str) -> ET.Element:
    """The root element of an SVG text (a clear error when it is not well-formed SVG)."""
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as error:
        raise UsageError(f"not well-formed SVG: {error}") from None
    if root.tag != f"{{{NS}}}svg":
        raise UsageError(f"not an SVG document: the root element is {root.tag!r}")
    return root


def view_box(svg: str | ET.Element) -> tuple[float, float, float, float]:
    """``(x, y, width, height)`` of a drawing: its viewBox, else its width and height."""
    root = parse(svg) if isinstance(svg, str) else svg
    box = root.get("viewBox")
    if box:
        values = [float(v) for v in re.split(r"[\s,]+", box.strip())]
        if len(values) == 4 and values[2] > 0 and values[3] > 0:
            return values[0], values[1], values[2], values[3]
    width, height = _length(root.get("width")), _length(root.get("height"))
    if not width or not height:
        raise UsageError("an SVG drawing without a viewBox or a width and height")
    return 0.0, 0.0, width, height


#: CSS pixels per unit of length.
_UNITS = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54,
          "in": 96.0}


def _length(text: str | None) -> float | None:
    match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+(?:e[+-]?[0-9]+)?)\s*([a-z]*)\s*", text or "")
    if not match or match.group(2) not in _UNITS:
        return None
    return float(match.group(1)) * _UNITS[match.group(2)]


def display_size(svg: str | ET.Element) -> tuple[float, float]:
    """The size a drawing asks to be shown at, in pixels: its width and height (a missing
    one follows the viewBox's aspect), else the viewBox's.

    >>> display_size('<svg xmlns="http://www.w3.org/2000/svg" width="72pt" viewBox="0 0 5 10"/>')
    (96.0, 192.0)
    """
    root = parse(svg) if isinstance(svg, str) else svg
    _, _, bw, bh = view_box(root)
    width, height = _length(root.get("width")), _length(root.get("height"))
    if width and height:
        return width, height
    if width:
        return width, width * bh / bw
    if height:
        return height * bw / bh, height
    return bw, bh


def nest(svg: str, x: float, y: float, width: float, height: float, *,
         align: str = "xMidYMid meet") -> str:
    """``svg`` as an element placed in the box (x, y, width, height) of another drawing,
    scaled to fit with its aspect ratio kept."""
    root = parse(svg)
    bx, by, bw, bh = view_box(root)
    root.set("viewBox", f"{num(bx)} {num(by)} {num(bw)} {num(bh)}")
    root.set("x", num(x))
    root.set("y", num(y))
    root.set("width", num(width))
    root.set("height", num(height))
    root.set("preserveAspectRatio", align)
    return ET.tostring(root, encoding="unicode")


def titled(svg: str, title: str, subtitle: str | None = None, *, size: float | None = None) -> str:
    """``svg`` with a title line above it (and a smaller subtitle line, when given), at the
    size ``svg`` asks to be shown at."""
    width, height = display_size(svg)
    size = size or max(11.0, min(18.0, width / 22))
    pad = size * 0.5
    lines = [(title, size, "bold")] + ([(subtitle, size * 0.8, "normal")] if subtitle else [])
    top = pad + sum(s * 1.3 for _, s, _ in lines)
    wide = max(width, max(_text_width(t, s) for t, s, _ in lines) + 2 * pad)
    body, baseline = [], pad
    for text, s, weight in lines:
        baseline += s * 1.05
        body.append(label(wide / 2, baseline, text, s, weight=weight))
        baseline += s * 0.25
    body.append(nest(svg, (wide - width) / 2, top, width, height))
    return document(wide, top + height, body)


def _text_width(text: str, size: float) -> float:
    """A generous estimate of the printed width of ``text`` (sans-serif, ``size`` points)."""
    return 0.62 * size * len(text)


def caption(puzzle, instance=None, *, size: str | None = None, rating: str | None = None,
            seed: int | None = None, solution: bool = False) -> str:
    """The title line of a drawing: the puzzle's ``label``, its size (``size``, else what
    the puzzle's ``describe(instance)`` says), rating, seed.

    >>> from puzzlesmith.puzzles.protocol import Puzzle
    >>> caption(type("Toy", (Puzzle,), {"name": "toy"})(), size="3×3", rating="easy", seed=4)
    'Toy 3×3 · rating easy · seed 4'
    """
    if size is None and instance is not None:
        size = puzzle.describe(instance)
    parts = [f"{puzzle.label} {size}" if size else puzzle.label]
    if rating:
        parts.append(f"rating {rating}")
    if seed is not None:
        parts.append(f"seed {seed}")
    if solution:
        parts.append("solution")
    return " · ".join(parts)


# -- marks -------------------------------------------------------------------------------


def star(x: float, y: float, radius: float, fill: str = INK) -> str:
    """A five-pointed star centred on (x, y)."""
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.42
        angle = math.pi / 2 + k * math.pi / 5
        points.append(f"{num(x + r * math.cos(angle))},{num(y - r * math.sin(angle))}")
    return f'<polygon class="star" points="{" ".join(points)}" fill="{fill}"/>'


def dot(x: float, y: float, radius: float, fill: str = INK, cls: str = "dot") -> str:
    """A filled disc centred on (x, y)."""
    return f'<circle class="{cls}" cx="{num(x)}" cy="{num(y)}" r="{num(radius)}" fill="{fill}"/>'


def cross(x: float, y: float, half: float, stroke: str = INK, width: float = 2) -> str:
    """An ``×`` centred on (x, y)."""
    d = (f"M{num(x - half)},{num(y - half)}L{num(x + half)},{num(y + half)}"
         f"M{num(x - half)},{num(y + half)}L{num(x + half)},{num(y - half)}")
    return (f'<path class="cross" d="{d}" stroke="{stroke}" stroke-width="{num(width)}" '
            f'stroke-linecap="round" fill="none"/>')


def label(x: float, y: float, text: str, size: float, *, anchor: str = "middle",
          weight: str = "normal", fill: str = INK) -> str:
    """Text with its baseline at ``y``, anchored at ``x`` (start, middle, end)."""
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" '
            f'text-anchor="{anchor}" fill="{fill}"{bold}>{escape(str(text))}</text>')


# -- grids -------------------------------------------------------------------------------


def grid_lines(rows: int, cols: int, cell: float, *, x: float = 0, y: float = 0,
               stroke: str = GREY, width: float = 0.75) -> str:
    """The thin inner lines of a ``rows`` × ``cols`` grid, as one path."""
    d = [f"M{num(x + c * cell)},{num(y)}v{num(rows * cell)}" for c in range(1, cols)]
    d += [f"M{num(x)},{num(y + r * cell)}h{num(cols * cell)}" for r in range(1, rows)]
    return (f'<path class="grid" d="{"".join(d)}" stroke="{stroke}" '
            f'stroke-width="{num(width)}" fill="none"/>')


def frame(width: float, height: float, *, x: float = 0, y: float = 0, stroke: str = INK,
          line: float = 3) -> str:
    """The outer frame of a board."""
    return (f'<rect class="frame" x="{num(x)}" y="{num(y)}" width="{num(width)}" '
            f'height="{num(height)}" fill="none" stroke="{stroke}" stroke-width="{num(line)}" '
            f'stroke-linejoin="round"/>')


def region_walls(regions: list[str] | list[list], cell: float, *, x: float = 0, y: float = 0,
                 stroke: str = INK, line: float = 3) -> str:
    """Thick walls between cells of different regions, as one path."""
    rows, cols = len(regions), len(regions[0])
    d = []
    for r in range(rows):
        for c in range(cols):
            left, top = x + c * cell, y + r * cell
            if c + 1 < cols and regions[r][c] != regions[r][c + 1]:
                d.append(f"M{num(left + cell)},{num(top)}v{num(cell)}")
            if r + 1 < rows and regions[r][c] != regions[r + 1][c]:
                d.append(f"M{num(left)},{num(top + cell)}h{num(cell)}")
    return (f'<path class="walls" d="{"".join(d)}" stroke="{stroke}" stroke-width="{num(line)}" '
            f'stroke-linecap="square" fill="none"/>')


def count(svg: str, cls: str) -> int:
    """How many elements of class ``cls`` a drawing holds (for tests and checks)."""
    root = parse(svg)
    return sum(1 for element in root.iter() if cls in (element.get("class") or "").split())

