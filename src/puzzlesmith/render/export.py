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

from ..errors import UsageError, check_method
from . import draw

__all__ = ["FORMATS", "PNG_MAGIC", "convert", "to_png", "to_pdf", "merge_pdf", "pdf_pages"]

#: The formats a drawing can be written in.
FORMATS = ("svg", "png", "pdf")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
#: The largest SVG converted (a bigger one would take cairo more than a few seconds).
MAX_SVG = 8_000_000
#: The longest side of a PNG, in pixels (larger drawings are scaled down to it).
MAX_SIDE = 6000
#: The longest side of a PDF page, in CSS pixels (about 5 m: cairo's limit is near it).
MAX_PAGE = 20000.0


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
    check_method(fmt, FORMATS, "drawing format")
    return to_pdf(svg)


def to_png(svg: str, *, scale: float = 2.0) -> bytes:
    """A PNG of ``svg`` on a white background, ``scale`` times the size it asks for (lowered
    so that neither side exceeds :data:`MAX_SIDE` pixels)."""
    width, height = draw.display_size(svg)
    scale = min(scale, MAX_SIDE / max(width, height, 1e-9))
    return _run("PNG", svg, lambda cairo: cairo.svg2png(
        bytestring=svg.encode(), scale=scale, background_color="white"))


def to_pdf(svg: str) -> bytes:
    """A one-page PDF of ``svg`` (its size from the SVG's width and height)."""
    width, height = draw.display_size(svg)
    if max(width, height) > MAX_PAGE:
        raise UsageError(f"a drawing of {width:.0f}×{height:.0f} px is too large for a PDF "
                         f"page (at most {MAX_PAGE:.0f} px a side)")
    return _run("PDF", svg, lambda cairo: cairo.svg2pdf(bytestring=svg.encode()))


def _run(what: str, svg: str, convert):
    """Run a cairosvg conversion; its errors become one clear line."""
    if len(svg) > MAX_SVG:
        raise UsageError(f"the drawing is too large for {what} ({len(svg):,} bytes of SVG, at "
                         f"most {MAX_SVG:,}); SVG output has no such limit")
    cairo = _cairosvg()
    try:
        return convert(cairo)
    except MemoryError:
        raise
    except Exception as error:  # noqa: BLE001  (cairo, cairocffi and parser errors alike)
        raise UsageError(f"could not draw the {what}: {error}") from None


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
