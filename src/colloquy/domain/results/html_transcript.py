"""The PDF report's transcript appendix, whole or in parts of about PDF_PART_CHARS
characters: a long session's report is drawn one part at a time, so the drawing's memory
stays bounded however long the transcript (docs/reports.md, docs/performance.md)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from html import escape
from typing import Any

from colloquy.domain.constants import MODERATOR_SPEAKER
from colloquy.domain.interviews.takeover import speaker_label

# A report of a very long transcript (an imported group of thousands of turns) ran to
# thousands of pages and a quarter of an hour of drawing: the PDF shows the first of them,
# the exports hold everything (docs/reports.md).
PDF_TRANSCRIPT_CHARS = 400_000  # about 150 pages
PDF_PART_CHARS = 40_000  # about 15 pages drawn at a time
IN_EXPORTS = "the CSV, Markdown and JSON exports hold them all"
_OPEN = "<section class='appendix'><h2>Appendix: transcript</h2>"


def _e(value: Any) -> str:
    return escape(" ".join(str(value if value is not None else "").split()))


def _lines(questions: Sequence[Any], messages: Sequence[Mapping[str, Any]]) -> Iterator[str]:
    """The appendix's paragraphs after its heading: a question's heading where it changes,
    each message, and the note of what the cap left out."""
    if not messages:
        yield "<p class='muted'>No messages.</p>"
    current: object = object()
    room = PDF_TRANSCRIPT_CHARS
    for shown, m in enumerate(messages):
        room -= len(str(m.get("content") or ""))
        if room < 0:
            left = len(messages) - shown
            yield f"<p class='muted'>… and {left:,} more messages ({IN_EXPORTS}).</p>"
            return
        q = m.get("questionIndex")
        if q != current:
            current = q
            text = questions[q] if isinstance(q, int) and 0 <= q < len(questions) else ""
            title = f"Question {q + 1}" if isinstance(q, int) else "Discussion"
            yield f"<h3>{title}{': ' + _e(text) if text else ''}</h3>"
        moderator = m.get("speaker") == MODERATOR_SPEAKER
        mood = "" if moderator or not m.get("sentiment") else f" ({_e(m.get('sentiment'))})"
        yield (
            f"<p class='msg{' mod' if moderator else ''}'><b>{_e(speaker_label(m))}</b>{mood}: "
            f"{_e(m.get('content'))}</p>"
        )


def transcript_html(questions: Sequence[Any], messages: Sequence[Mapping[str, Any]]) -> str:
    """The whole appendix as one section."""
    return _OPEN + "".join(_lines(questions, messages)) + "</section>"


def transcript_parts(
    questions: Sequence[Any],
    messages: Sequence[Mapping[str, Any]],
    part_chars: int = PDF_PART_CHARS,
) -> list[str]:
    """The appendix in sections of about `part_chars` characters of markup each (a part
    ends with the paragraph that reaches the size); together they hold the paragraphs
    transcript_html holds, the appendix's heading in the first."""
    parts: list[str] = []
    current = [_OPEN]
    size = 0
    for line in _lines(questions, messages):
        if size >= part_chars:
            parts.append("".join(current) + "</section>")
            current, size = ["<section>"], 0
        current.append(line)
        size += len(line)
    parts.append("".join(current) + "</section>")
    return parts
