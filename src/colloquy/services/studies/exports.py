"""Downloads of a completed synthesis: Markdown, the CSV of coded quotes, and the PDF
(its HTML drawn by WeasyPrint in a bounded child process, as the session report is)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.studies.exports import quotes_csv, synthesis_html, synthesis_markdown
from colloquy.errors import AppError, Conflict
from colloquy.services.bounded import TooCostly, run_bounded
from colloquy.services.results.pdf_render import render_pdf
from colloquy.services.results.pdf_report import MSG_PDF_TOO_LONG, PDF_MEMORY_MB, PDF_SECONDS
from colloquy.services.studies.synthesis import get_synthesis

MSG_NOT_READY = "The synthesis has not finished; download it when it has"


async def _view(db: AsyncSession, synthesis_id: str, segment_by: str | None) -> dict[str, object]:
    view = await get_synthesis(db, synthesis_id, segment_by)
    if view["status"] != "completed":
        raise Conflict(MSG_NOT_READY)
    return view


async def markdown_export(
    db: AsyncSession, synthesis_id: str, segment_by: str | None = None
) -> tuple[str, str]:
    view = await _view(db, synthesis_id, segment_by)
    return f"synthesis_{synthesis_id}.md", synthesis_markdown(view)


async def csv_export(db: AsyncSession, synthesis_id: str) -> tuple[str, str]:
    view = await _view(db, synthesis_id, None)
    return f"synthesis_{synthesis_id}_quotes.csv", quotes_csv(view)


async def pdf_export(
    db: AsyncSession, synthesis_id: str, segment_by: str | None = None
) -> tuple[str, bytes]:
    html = synthesis_html(await _view(db, synthesis_id, segment_by))
    try:
        pdf = await run_bounded(
            render_pdf, html, what="PDF report", seconds=PDF_SECONDS, memory_mb=PDF_MEMORY_MB
        )
    except TooCostly as exc:
        raise AppError(MSG_PDF_TOO_LONG, status=503, code="pdf_too_long") from exc
    return f"synthesis_{synthesis_id}.pdf", pdf
