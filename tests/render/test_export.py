"""PNG and PDF from SVG: real files (magic bytes, page counts)."""

from __future__ import annotations

import io

import pytest

from puzzlesmith.errors import UsageError
from puzzlesmith.render import draw, export


def drawing(width=40, height=20):
    return draw.document(width, height, [draw.star(10, 10, 8)])


def test_png_is_a_png_of_the_scaled_size():
    png = export.to_png(drawing(), scale=2)
    assert png[:8] == export.PNG_MAGIC
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (80, 40)


def test_pdf_pages_and_page_size():
    import pypdf

    pdf = export.to_pdf(draw.document(595.28, 841.89, [], units="pt"))
    assert pdf[:5] == b"%PDF-"
    page = pypdf.PdfReader(io.BytesIO(pdf)).pages[0]
    assert round(float(page.mediabox.width)) == 595 and round(float(page.mediabox.height)) == 842
    merged = export.merge_pdf([pdf, export.to_pdf(drawing()), pdf], title="three")
    assert export.pdf_pages(merged) == 3
    assert pypdf.PdfReader(io.BytesIO(merged)).metadata.title == "three"


def test_convert_formats():
    svg = drawing()
    assert export.convert(svg, "svg") == svg
    assert export.convert(svg, "png")[:8] == export.PNG_MAGIC
    assert export.convert(svg, "pdf")[:5] == b"%PDF-"
    with pytest.raises(UsageError, match="svg, png, pdf"):
        export.convert(svg, "gif")
    with pytest.raises(UsageError, match="not well-formed"):
        export.convert("<svg", "png")


def test_missing_cairo_names_what_to_install(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(UsageError, match="pip install cairosvg"):
        export.to_png(drawing())


def test_large_drawings_are_scaled_or_refused(monkeypatch):
    big = draw.document(20000, 100, [draw.dot(10, 10, 5)])
    png = export.to_png(big, scale=2)
    width = int.from_bytes(png[16:20], "big")
    assert width == export.MAX_SIDE
    with pytest.raises(UsageError, match="too large for a PDF page"):
        export.to_pdf(draw.document(30000, 100, []))
    monkeypatch.setattr(export, "MAX_SVG", 100)
    with pytest.raises(UsageError, match="SVG output has no such limit"):
        export.to_png(big)


def test_cairo_errors_are_one_clear_line(monkeypatch):
    class Broken:
        def svg2png(self, **kwargs):
            raise RuntimeError("cairo returned CAIRO_STATUS_INVALID_SIZE")

    monkeypatch.setattr(export, "_cairosvg", lambda: Broken())
    with pytest.raises(UsageError, match="could not draw the PNG: cairo returned"):
        export.to_png(drawing())


def test_titles_keep_the_size_a_drawing_asks_for():
    plot = ('<svg xmlns="http://www.w3.org/2000/svg" width="560" height="560" '
            'viewBox="0 0 100000 100000"/>')
    assert draw.display_size(draw.titled(plot, "N-Queens"))[0] == 560
