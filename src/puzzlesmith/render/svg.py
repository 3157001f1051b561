"""SVG drawings of grid boards (no dependencies: the markup is small)."""

from __future__ import annotations

__all__ = ["grid_svg"]

_PALETTE = ["#f4d6cc", "#cfe3f3", "#d9ecd0", "#f6ecc4", "#e3d5ef", "#cdeee8", "#f3d3e4",
            "#e6e0cf", "#d3dbf5", "#efe0c9", "#d8efdd", "#f1cfcf"]


def grid_svg(regions: list[str], marks: list[str] | None = None, *, cell: int = 36,
             blank: str = " .") -> str:
    """A board as SVG: cells tinted by region, thick walls between regions, stars on ``*``.

    >>> svg = grid_svg(["ab", "bb"], ["*.", ".."])
    >>> svg.startswith("<svg") and svg.count("<polygon") == 1
    True
    """
    rows, cols = len(regions), len(regions[0])
    names = list(dict.fromkeys(ch for row in regions for ch in row))
    tint = {ch: _PALETTE[n % len(_PALETTE)] for n, ch in enumerate(names)}
    tint.update({".": "#ffffff", " ": "#ffffff"})
    w, h = cols * cell + 4, rows * cell + 4
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="-2 -2 {w} {h}">']
    for r in range(rows):
        for c in range(cols):
            out.append(f'<rect x="{c * cell}" y="{r * cell}" width="{cell}" height="{cell}" '
                       f'fill="{tint[regions[r][c]]}" stroke="#999" stroke-width="0.5"/>')
    walls = []
    for r in range(rows):
        for c in range(cols):
            x, y = c * cell, r * cell
            if c + 1 < cols and regions[r][c] != regions[r][c + 1]:
                walls.append(f"M{x + cell},{y}v{cell}")
            if r + 1 < rows and regions[r][c] != regions[r + 1][c]:
                walls.append(f"M{x},{y + cell}h{cell}")
    out.append(f'<path d="{"".join(walls)}" stroke="#222" stroke-width="3" fill="none"/>')
    out.append(f'<rect x="0" y="0" width="{cols * cell}" height="{rows * cell}" fill="none" '
               f'stroke="#222" stroke-width="4"/>')
    for r, row in enumerate(marks or []):
        for c, mark in enumerate(row):
            if mark == "*":
                out.append(_star((c + 0.5) * cell, (r + 0.5) * cell, cell * 0.38))
            elif mark not in blank:
                out.append(f'<text x="{(c + 0.5) * cell}" y="{(r + 0.68) * cell}" '
                           f'text-anchor="middle" font-size="{cell // 2}">{mark}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _star(x: float, y: float, radius: float) -> str:
    import math

    points = []
    for k in range(10):
        rad = radius if k % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + k * math.pi / 5
        points.append(f"{x + rad * math.cos(angle):.1f},{y - rad * math.sin(angle):.1f}")
    return f'<polygon points="{" ".join(points)}" fill="#222"/>'
