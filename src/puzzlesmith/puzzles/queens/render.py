"""SVG drawings of N-Queens boards: a chess board up to N = 64, a permutation plot above.

Drawn for print, in black and white: white and light grey squares, the given queens black,
the other queens (an answer) white with a black outline.  Above
:data:`BOARD_UP_TO` queens the drawing is a permutation plot: one dot per queen at
(column, row), row 0 at the top like the board, in one compact ``<path>``.

>>> svg = queens_svg(4, [1, 3, 0, 2], givens=[(0, 1)])
>>> svg.startswith("<svg") and svg.count('class="queen"') == 4
True
>>> plot = queens_svg(1000, list(range(1000)))
>>> plot.count("<path") == 1 and "1000 queens" in plot
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import InvalidPuzzle

__all__ = ["queens_svg", "BOARD_UP_TO", "PLOT_MAX"]


#: Up to this N the drawing is a chess board; beyond, a permutation plot.
BOARD_UP_TO = 64
#: The largest plot drawn (about 16 bytes of SVG per queen).
PLOT_MAX = 1_000_000

_LIGHT, _DARK = "#ffffff", "#d2d2d2"
_GIVEN, _PLACED = "#111111", "#333333"   # the plot's dots; the board's crowns: see _STYLE
_STYLE = {_GIVEN: 'fill="#111111"', _PLACED: 'fill="#fff" stroke="#111" stroke-width="0.06" '
                                          'stroke-linejoin="round"'}
# A queen's crown in a 1 x 1 square (base, five points, balls on the points).
_CROWN = ("M0.2,0.8 L0.8,0.8 L0.85,0.7 L0.15,0.7 Z M0.15,0.68 L0.1,0.3 L0.3,0.55 L0.4,0.22 "
          "L0.5,0.52 L0.6,0.22 L0.7,0.55 L0.9,0.3 L0.85,0.68 Z")


def queens_svg(n: int, rows: Sequence[int | None] | None = None,
               givens: Sequence[tuple[int, int]] = (), *, size: int = 560) -> str:
    """``n`` queens as SVG: the ``givens`` (``(column, row)`` pairs) and the queens of
    ``rows`` (the row of each column's queen, None for none)."""
    if n > PLOT_MAX:
        raise InvalidPuzzle(f"drawing is limited to N <= {PLOT_MAX:,} queens, got {n:,}")
    given = dict(givens)
    placed = [(c, r) for c, r in enumerate(rows or ()) if r is not None and c not in given]
    if n <= BOARD_UP_TO:
        return _board(n, placed, list(given.items()), size)
    return _plot(n, placed, list(given.items()), size)


def _board(n: int, placed, givens, size: int) -> str:
    cell = max(8, size // n)
    side = cell * n
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{side + 4}" height="{side + 4}" '
           f'viewBox="-2 -2 {side + 4} {side + 4}">',
           f"<title>{n} queens</title>",
           f'<rect x="0" y="0" width="{side}" height="{side}" fill="{_LIGHT}"/>']
    dark = "".join(f"M{c * cell},{r * cell}h{cell}v{cell}h-{cell}z"
                   for r in range(n) for c in range(n) if (r + c) % 2)
    if dark:
        out.append(f'<path d="{dark}" fill="{_DARK}"/>')
    for (c, r), colour in [(q, _GIVEN) for q in givens] + [(q, _PLACED) for q in placed]:
        out.append(f'<path class="queen" d="{_CROWN}" {_STYLE[colour]} '
                   f'transform="translate({c * cell},{r * cell}) scale({cell})"/>')
    out.append(f'<rect x="0" y="0" width="{side}" height="{side}" fill="none" '
               f'stroke="#222" stroke-width="2"/>')
    out.append("</svg>")
    return "\n".join(out)


def _plot(n: int, placed, givens, size: int) -> str:
    dot = max(1.0, n / size * 1.5)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
           f'viewBox="0 0 {n} {n}" preserveAspectRatio="none">',
           f"<title>{n} queens</title>",
           f'<rect x="0" y="0" width="{n}" height="{n}" fill="#ffffff" stroke="#222" '
           f'stroke-width="{dot:.6g}"/>']
    for queens, colour in ((placed, _PLACED), (givens, _GIVEN)):
        if queens:
            d = "".join(f"M{c} {r}h1" for c, r in queens)
            out.append(f'<path d="{d}" stroke="{colour}" stroke-width="{dot:.6g}" '
                       f'stroke-linecap="square"/>')
    out.append("</svg>")
    return "\n".join(out)
