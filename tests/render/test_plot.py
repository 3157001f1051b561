"""Charts of comparisons and benchmarks, and the clear error without matplotlib."""

from __future__ import annotations

import sys

import pytest

from puzzlesmith.errors import UsageError
from puzzlesmith.render import draw, export, plot

pytest.importorskip("matplotlib")

ROWS = [{"method": "astar", "heuristic": "manhattan", "status": "solved", "nodes": 5000,
         "seconds": 0.02, "length": 20},
        {"method": "idastar", "heuristic": "pdb", "status": "solved", "nodes": 30,
         "seconds": 0.001, "length": 20},
        {"method": "greedy", "heuristic": "misplaced", "status": "gave-up", "nodes": 10**6,
         "seconds": 1.5, "length": None}]


def test_compare_chart_svg_has_one_bar_per_row_and_panel():
    svg = plot.compare_chart(ROWS, title="compare", fmt="svg").decode()
    root = draw.parse(svg)
    assert root.get("viewBox")
    assert svg.count("idastar / pdb") == 1 and "gave up" in svg and "20 moves" in svg


@pytest.mark.parametrize("fmt", ["png", "pdf"])
def test_charts_in_binary_formats(fmt):
    data = plot.bench_chart({"solve example": 0.001, "generate (seed 1)": 0.2}, fmt=fmt)
    assert data[:8] == export.PNG_MAGIC if fmt == "png" else data[:5] == b"%PDF-"


def test_nothing_to_plot_and_unknown_extension():
    with pytest.raises(UsageError, match="no rows"):
        plot.compare_chart([])
    with pytest.raises(UsageError, match=r"\.svg, \.png or \.pdf"):
        plot.plot_format("chart.jpg")


def test_missing_matplotlib_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(UsageError, match=r"puzzlesmith\[plot\]"):
        plot.require()
    with pytest.raises(UsageError, match=r"puzzlesmith\[plot\]"):
        plot.bench_chart({"a": 1.0})
