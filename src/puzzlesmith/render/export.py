"""SVG drawings as PNG and PDF (``cairosvg`` on the cairo library), PDF pages merged by ``pypdf``.

Both libraries load on first use, so that importing puzzlesmith stays quick; when one is
missing the error says what to install.

>>> png = to_png(draw.document(20, 10, [draw.dot(10, 5, 4)]))
>>> png[:8] == PNG_MAGIC
True
>>> pdf = merge_pdf([to_pdf(draw.document(20, 10, [])) for _ in range(3)])
>>> pdf[:5], pdf_pages(pdf)
(b'%PDF-', 3)
"""

from __future__ import annotations

import io

from ..errors import UsageError
from . import draw

__all__ = ["FORMATS", "PNG_MAGIC", "convert", "to_png", "to_pdf", "merge_pdf", "pdf_pages"]

#: The formats a drawing can be written in.
FORMATS = ("svg", "png", "pdf")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _cairosvg():
    try:
        import cairosvg
    except ImportError as error:
        if "cairo" in str(error).lower() and "cairosvg" not in str(error).lower():
            raise UsageError(_NO_CAIRO) from None
        raise UsageError("PNG and PDF output need the cairosvg package: "
                         "pip install cairosvg (a dependency of puzzlesmith)") from None
    except OSError:  # cairocffi found no libcairo
        raise UsageError(_NO_CAIRO) from None
    return cairosvg


_NO_CAIRO = ("PNG and PDF output need the cairo library: install libcairo2 "
             "(apt-get install libcairo2, brew install cairo)")


def _pypdf():
    try:
        import pypdf
    except ImportError:
        raise UsageError("merging PDF pages needs the pypdf package: "
                         "pip install pypdf (a dependency of puzzlesmith)") from None
    return pypdf


def convert(svg: str, fmt: str, *, scale: float = 2.0) -> str | bytes:
    """``svg`` in ``fmt``: the text itself for ``svg``, PNG or PDF bytes otherwise."""
    if fmt == "svg":
        draw.parse(svg)
        return svg
    if fmt == "png":
        return to_png(svg, scale=scale)
    if fmt == "pdf":
        return to_pdf(svg)
    raise UsageError(f"unknown drawing format {fmt!r}; expected one of {', '.join(FORMATS)}")


def to_png(svg: str, *, scale: float = 2.0) -> bytes:
    """A PNG of ``svg`` on a white background, ``scale`` pixels per SVG unit."""
    draw.parse(svg)
    return _cairosvg().svg2png(bytestring=svg.encode(), scale=scale, background_color="white")


def to_pdf(svg: str) -> bytes:
    """A one-page PDF of ``svg`` (its size from the SVG's width and height)."""
    draw.parse(svg)
    return _cairosvg().svg2pdf(bytestring=svg.encode())


def merge_pdf(pages: list[bytes], *, title: str | None = None) -> bytes:
    """One PDF of the pages of every document in ``pages``, in order."""
    pypdf = _pypdf()
    writer = pypdf.PdfWriter()
    for document in pages:
        writer.append(pypdf.PdfReader(io.BytesIO(document)))
    writer.add_metadata({"/Producer": "puzzlesmith", **({"/Title": title} if title else {})})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF."""
    return len(_pypdf().PdfReader(io.BytesIO(pdf)).pages)
