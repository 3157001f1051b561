"""Charts of comparisons and benchmarks (matplotlib, the optional extra ``puzzlesmith[plot]``).

Black-and-white friendly: grey bars on log scales, hatching for the runs that gave up.
matplotlib is imported on first use only, through its object API (no pyplot, no global
backend change); without it :func:`require` names the extra to install.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence

from ..errors import UsageError

__all__ = ["FORMATS", "require", "plot_format", "compare_chart", "bench_chart"]

#: The file formats a chart can be written in (by the file name's extension).
FORMATS = ("svg", "png", "pdf")

_MISSING = ("plots need matplotlib, the optional extra puzzlesmith[plot]: "
            "pip install 'puzzlesmith[plot]'")


def require() -> None:
    """Raise a :class:`~puzzlesmith.errors.UsageError` naming the extra if matplotlib is
    missing (call it before the work whose figures will be plotted)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UsageError(_MISSING) from None


def plot_format(path: str) -> str:
    """The chart format a file name asks for (``.svg``, ``.png``, ``.pdf``).

    >>> plot_format("nodes.PNG")
    'png'
    """
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    if ext not in FORMATS:
        raise UsageError(f"--plot {path}: name a .svg, .png or .pdf file")
    return ext


def _figure(width: float, height: float):
    require()
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), layout="constrained")
    figure.set_facecolor("white")
    return figure


def _save(figure, fmt: str) -> bytes:
    out = io.BytesIO()
    figure.savefig(out, format=fmt, metadata=_metadata(fmt))
    return out.getvalue()


def _metadata(fmt: str) -> dict:
    # reproducible files: no creation date
    if fmt == "svg":
        return {"Date": None}
    if fmt == "pdf":
        return {"CreationDate": None}
    return {}


def compare_chart(rows: Sequence[dict], *, title: str = "", fmt: str = "svg") -> bytes:
    """Nodes and seconds per row of a ``compare`` table (each a dict with ``method``,
    optionally ``heuristic``, ``nodes``, ``seconds``, ``status`` and ``length``), on log
    scales side by side; runs that gave up are hatched."""
    if not rows:
        raise UsageError("nothing to plot: the comparison has no rows")
    labels = [" / ".join(str(r[k]) for k in ("method", "heuristic") if r.get(k)) or str(n)
              for n, r in enumerate(rows, 1)]
    gave_up = [r.get("status") not in (None, "solved") for r in rows]
    figure = _figure(10, 0.9 + 0.32 * len(rows))
    axes = figure.subplots(1, 2, sharey=True)
    for ax, key, name in ((axes[0], "nodes", "nodes expanded"), (axes[1], "seconds", "seconds")):
        values = [max(float(r.get(key) or 0), 1e-6 if key == "seconds" else 1) for r in rows]
        bars = ax.barh(range(len(rows)), values, color="0.55", edgecolor="black", linewidth=0.6)
        for bar, stopped in zip(bars, gave_up, strict=True):
            if stopped:
                bar.set_hatch("///")
                bar.set_facecolor("white")
        ax.set_xscale("log")
        ax.set_xlabel(name + " (log scale)")
        ax.grid(axis="x", which="major", color="0.85", linewidth=0.6)
        ax.set_axisbelow(True)
    for k, row in enumerate(rows):
        note = "gave up" if gave_up[k] else (f"{row['length']} moves"
                                            if row.get("length") is not None else "")
        if note:
            axes[0].annotate(note, (max(float(row.get("nodes") or 0), 1), k),
                             xytext=(3, 0), textcoords="offset points", va="center",
                             fontsize=8)
    axes[0].set_xlim(right=max(float(r.get("nodes") or 1) for r in rows) * 6)
    axes[0].set_yticks(range(len(rows)), labels)
    axes[0].invert_yaxis()
    if title:
        figure.suptitle(title)
    return _save(figure, fmt)


def bench_chart(figures: dict[str, float], *, title: str = "", fmt: str = "svg") -> bytes:
    """Median milliseconds per benchmark figure (label -> seconds), on a log scale."""
    if not figures:
        raise UsageError("nothing to plot: the benchmark has no figures")
    labels = list(figures)
    values = [max(figures[k] * 1e3, 1e-3) for k in labels]
    figure = _figure(8, 0.9 + 0.35 * len(labels))
    ax = figure.subplots()
    ax.barh(range(len(labels)), values, color="0.55", edgecolor="black", linewidth=0.6)
    for k, value in enumerate(values):
        ax.annotate(f"{value:.3g} ms", (value, k), xytext=(3, 0), textcoords="offset points",
                    va="center", fontsize=8)
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlim(right=max(values) * 4)
    ax.set_xlabel("median milliseconds (log scale)")
    ax.grid(axis="x", color="0.85", linewidth=0.6)
    ax.set_axisbelow(True)
    if title:
        figure.suptitle(title)
    return _save(figure, fmt)
