"""A study's downloads: its synthesis' Markdown, PDF and quotes CSV with the study's header
(domain/studies/study_header.py). 409 until the study has a completed synthesis."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.studies.exports import quotes_csv, synthesis_html, synthesis_markdown
from colloquy.domain.studies.study_header import study_csv, study_html, study_markdown
from colloquy.errors import AppError, Conflict
from colloquy.services.bounded import TooCostly, run_bounded
from colloquy.services.results.pdf_render import render_pdf
from colloquy.services.results.pdf_report import MSG_PDF_TOO_LONG, PDF_MEMORY_MB, PDF_SECONDS
from colloquy.services.studies.study_view import get_study_row, study_view
from colloquy.services.studies.synthesis import get_synthesis

MSG_NO_SYNTHESIS = "The study's synthesis has not finished; download it when it has"


async def _views(
    db: AsyncSession, study_id: str, segment_by: str | None
) -> tuple[dict[str, object], dict[str, object]]:
    row = await get_study_row(db, study_id)
    if not row.synthesis_id:
        raise Conflict(MSG_NO_SYNTHESIS)
    synthesis = await get_synthesis(db, row.synthesis_id, segment_by)
    if synthesis["status"] != "completed":
        raise Conflict(MSG_NO_SYNTHESIS)
    return await study_view(db, row), synthesis


async def markdown_export(
    db: AsyncSession, study_id: str, segment_by: str | None = None
) -> tuple[str, str]:
    study, synthesis = await _views(db, study_id, segment_by)
    return f"study_{study_id}.md", study_markdown(study, synthesis_markdown(synthesis))


async def csv_export(db: AsyncSession, study_id: str) -> tuple[str, str]:
    study, synthesis = await _views(db, study_id, None)
    return f"study_{study_id}_quotes.csv", study_csv(study, quotes_csv(synthesis))


async def pdf_export(
    db: AsyncSession, study_id: str, segment_by: str | None = None
) -> tuple[str, bytes]:
    study, synthesis = await _views(db, study_id, segment_by)
    html = study_html(study, synthesis_html(synthesis))
    try:
        pdf = await run_bounded(
            render_pdf, html, what="PDF report", seconds=PDF_SECONDS, memory_mb=PDF_MEMORY_MB
        )
    except TooCostly as exc:
        raise AppError(MSG_PDF_TOO_LONG, status=503, code="pdf_too_long") from exc
    return f"study_{study_id}.pdf", pdf
