"""The PDF report of a session: HTML from domain/html_report.py, drawn by WeasyPrint.

Why a thread: laying out a long transcript takes a noticeable fraction of a second of CPU,
which must not stall the event loop. Why a URL fetcher that refuses everything but data:
URLs: the document is self-contained, so nothing in it may reach the network or disk.
"""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.results.html_report import report_html
from colloquy.domain.results.synthetic_notice import data_notice, exported_people, is_human
from colloquy.domain.sessions.private_answers import public
from colloquy.domain.sessions.record import SessionRecord
from colloquy.errors import AppError
from colloquy.runtime import Runtime
from colloquy.services.models.provenance import model_label_for
from colloquy.services.results.analytics import build_analytics
from colloquy.services.results.exports import export_filename
from colloquy.services.sessions.loading import load_session
from colloquy.services.trust import session_health
from colloquy.store.types import utcnow

HUMAN_MODEL_LABEL = "none: the answers are people's own"
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


async def session_report_html(
    db: AsyncSession, session_id: str, runtime: Runtime | None
) -> tuple[SessionRecord, str]:
    health = await session_health.for_export(db, runtime, session_id) if runtime else None
    # issue 28: private answers load too, for their own section (report_html keeps them
    # out of the transcript); the analytics count the public discussion only.
    session, every = await load_session(db, session_id, private=True)
    label = model_label_for(session, runtime)
    shown, analytics = exported_people(dict(session), build_analytics(session, public(every)))
    assert analytics is not None
    html = report_html(
        shown,
        every,
        session["insights"],
        analytics,
        notice=data_notice(session, label),
        model_label=HUMAN_MODEL_LABEL if is_human(session) else label,
        generated_at=utcnow(),
        health=health,
    )
    return session, html


async def pdf_report(
    db: AsyncSession, session_id: str, runtime: Runtime | None = None
) -> tuple[str, bytes]:
    session, html = await session_report_html(db, session_id, runtime)
    pdf = await asyncio.to_thread(render_pdf, html)
    return export_filename(session["name"], "_report.pdf"), pdf
