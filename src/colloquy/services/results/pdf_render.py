"""A report's HTML drawn as a PDF by WeasyPrint.

A module of its own, light to import: it runs in the bounded child processes
(services/bounded.py). Why a URL fetcher that refuses everything but data: URLs: the
document is self-contained, so nothing in it may reach the network or disk.
"""

from __future__ import annotations

import io
from typing import Any

from colloquy.domain.results.report_parts import page_numbers_html
from colloquy.errors import AppError

MSG_PDF_UNAVAILABLE = (
    "PDF reports need WeasyPrint and its system libraries (Pango); "
    "run `make setup` or install the libpango packages"
)


def _data_only_fetcher() -> Any:
    """A fetcher that loads data: URLs only (WeasyPrint >= 66 has URLFetcher)."""
    try:
        from weasyprint import URLFetcher
    except ImportError:  # older WeasyPrint: a function fetcher
        from weasyprint import default_url_fetcher

        def fetch(url: str, *args: Any, **kwargs: Any) -> Any:
            if not url.startswith("data:"):
                raise ValueError("external resources are not loaded in reports")
            return default_url_fetcher(url, *args, **kwargs)

        return fetch
    return URLFetcher(allowed_protocols={"data"}, timeout=1)


def _draw(html: str) -> bytes:
    try:
        from weasyprint import HTML
    except (ImportError, OSError) as exc:  # OSError: Pango / GObject libraries missing
        raise AppError(MSG_PDF_UNAVAILABLE, status=503, code="pdf_unavailable") from exc
    pdf: bytes = HTML(string=html, url_fetcher=_data_only_fetcher()).write_pdf()
    return pdf


def render_pdf(html: str) -> bytes:
    return _draw(html)


def render_pdf_parts(parts: list[str]) -> bytes:
    """One PDF of documents drawn one after the other (domain/results/report_parts.py):
    WeasyPrint holds one part's layout at a time, pypdf gathers the drawn pages (a few KB
    each), then every page gets its "Page n of m" laid over it."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    title = None
    for html in parts:
        reader = PdfReader(io.BytesIO(_draw(html)))
        if title is None and reader.metadata is not None:
            title = reader.metadata.title
        writer.append(reader)
    numbers = PdfReader(io.BytesIO(_draw(page_numbers_html(len(writer.pages)))))
    for page, number in zip(writer.pages, numbers.pages, strict=True):
        page.merge_page(number)
        page.compress_content_streams()  # merging leaves the page's content uncompressed
    if title:
        writer.add_metadata({"/Title": title})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
