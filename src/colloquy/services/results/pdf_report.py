"""The PDF report of a session: HTML from domain/html_report.py, drawn by WeasyPrint.

Why a child process (services/bounded.py): laying out a long transcript takes seconds of
CPU, which must not stall the event loop, and drawing stops at a time and memory bound or
when the client goes away (the route cancels it). The drawing itself is
services/results/pdf_render.py.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.results.report_parts import report_parts
from colloquy.domain.results.synthetic_notice import data_notice, exported_people, is_human
from colloquy.domain.sessions.private_answers import public
from colloquy.domain.sessions.record import SessionRecord
from colloquy.errors import AppError
from colloquy.runtime import Runtime
from colloquy.services.bounded import TooCostly, run_bounded
from colloquy.services.model_settings.provenance import model_label_for
from colloquy.services.results.analytics import build_analytics
from colloquy.services.results.exports import export_filename
from colloquy.services.results.pdf_render import (
    MSG_PDF_UNAVAILABLE,
    render_pdf,
    render_pdf_parts,
)
from colloquy.services.sessions.loading import load_session
from colloquy.services.trust import session_health
from colloquy.store.types import utcnow

__all__ = ["MSG_PDF_UNAVAILABLE", "pdf_report", "render_pdf", "session_report_parts"]
HUMAN_MODEL_LABEL = "none: the answers are people's own"
PDF_SECONDS = 180.0
PDF_MEMORY_MB = 2048
MSG_PDF_TOO_LONG = (
    f"The PDF report needs more than {PDF_SECONDS:g} s or {PDF_MEMORY_MB} MB to draw; "
    "download the Markdown or CSV export instead"
)


async def session_report_parts(
    db: AsyncSession, session_id: str, runtime: Runtime | None
) -> tuple[SessionRecord, list[str]]:
    """The report's documents, drawn one after the other (domain/results/report_parts.py)."""
    health = await session_health.for_export(db, runtime, session_id) if runtime else None
    # Private answers load too, for their own section (report_parts keeps them
    # out of the transcript); the analytics count the public discussion only.
    session, every = await load_session(db, session_id, private=True)
    label = model_label_for(session, runtime)
    shown, analytics = exported_people(dict(session), build_analytics(session, public(every)))
    assert analytics is not None
    parts = report_parts(
        shown,
        every,
        session["insights"],
        analytics,
        notice=data_notice(session, label),
        model_label=HUMAN_MODEL_LABEL if is_human(session) else label,
        generated_at=utcnow(),
        health=health,
    )
    return session, parts


async def pdf_report(
    db: AsyncSession, session_id: str, runtime: Runtime | None = None
) -> tuple[str, bytes]:
    session, parts = await session_report_parts(db, session_id, runtime)
    try:
        pdf = await run_bounded(
            render_pdf_parts,
            parts,
            what="PDF report",
            seconds=PDF_SECONDS,
            memory_mb=PDF_MEMORY_MB,
        )
    except TooCostly as exc:
        raise AppError(MSG_PDF_TOO_LONG, status=503, code="pdf_too_long") from exc
    return export_filename(session["name"], "_report.pdf"), pdf
