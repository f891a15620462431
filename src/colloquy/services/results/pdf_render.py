"""A report's HTML drawn as a PDF by WeasyPrint.

A module of its own, light to import: it runs in the bounded child processes
(services/bounded.py). Why a URL fetcher that refuses everything but data: URLs: the
document is self-contained, so nothing in it may reach the network or disk.
"""

from __future__ import annotations

from typing import Any

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


def render_pdf(html: str) -> bytes:
    try:
        from weasyprint import HTML
    except (ImportError, OSError) as exc:  # OSError: Pango / GObject libraries missing
        raise AppError(MSG_PDF_UNAVAILABLE, status=503, code="pdf_unavailable") from exc
    pdf: bytes = HTML(string=html, url_fetcher=_data_only_fetcher()).write_pdf()
    return pdf
