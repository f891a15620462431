"""A long session's PDF report drawn in pieces (docs/reports.md): the part before the
transcript, then the transcript a part at a time, each its own document, so the drawing's
memory is that of one part, not of the whole report; the pages are numbered afterwards by
laying page_numbers_html's pages over them (services/results/pdf_render.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.results.html_report import (
    NUMBER_CSS,
    PAGE_CSS,
    report_front,
    report_head,
)
from colloquy.domain.results.html_transcript import transcript_parts
from colloquy.domain.sessions.private_answers import public


def report_parts(
    session: Mapping[str, Any],
    messages: Sequence[Mapping[str, Any]],
    insights: dict[str, Any] | None,
    analytics: dict[str, Any],
    *,
    notice: str,
    model_label: str,
    generated_at: Any,
    health: dict[str, Any] | None = None,
) -> list[str]:
    """The report of report_html as documents drawn one after the other (each begins a
    page): everything before the transcript, then the transcript in parts. Their pages
    are numbered afterwards (page_numbers_html)."""
    questions = list(session.get("questions") or [])
    front = report_front(
        session, messages, insights, analytics, notice, model_label, generated_at, health
    )
    head = report_head(session, False)
    return [head + front + "</body></html>"] + [
        head + part + "</body></html>" for part in transcript_parts(questions, public(messages))
    ]


def page_numbers_html(pages: int) -> str:
    """`pages` blank pages of the report's size whose footer says "Page n of m": laid over
    the pages of a report drawn in parts."""
    style = PAGE_CSS.replace("__BOXES__", NUMBER_CSS) + "div { page-break-after: always; }"
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'/>"
        f"<style>{style}</style></head><body>"
        + "<div></div>" * pages  # the last break opens no page
        + "</body></html>"
    )
