"""Private answers in the PDF report (docs/natural-mode.md), pure: their own section, never in the
transcript, laid out like the Markdown export's (one table per question: participant,
private answer before and after the discussion with its stance, and the stance shift).

Why its own escaping: every answer is untrusted model text and must print as typed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from colloquy.domain.results.private_export import changed_text, private_rows, stance_text


def _e(value: Any) -> str:
    return escape(" ".join(str(value if value is not None else "").split()))


def private_html(questions: Sequence[Any], messages: Sequence[Mapping[str, Any]]) -> str:
    """'Private answers' with one table per question; '' when the session has none."""
    rows = private_rows(messages)
    if not rows:
        return ""
    parts = [
        "<section class='private' id='private-answers'><h2>Private answers</h2>",
        (
            "<p class='muted'>Each participant answered privately before and after the "
            "discussion; nobody else saw these answers.</p>"
        ),
    ]
    for q in sorted({r["questionIndex"] for r in rows}):
        text = questions[q] if 0 <= q < len(questions) else ""
        parts.append(f"<h3>Question {q + 1}{': ' + _e(text) if text else ''}</h3>")
        body = "".join(
            f"<tr><td>{_e(r['speaker'])}</td>"
            f"<td>{_e(r['before'])} — {_e(stance_text(r['stanceBefore'], r['methodBefore']))}</td>"
            f"<td>{_e(r['after'])} — {_e(stance_text(r['stanceAfter'], r['methodAfter']))}</td>"
            f"<td>{_e(changed_text(r))}</td></tr>"
            for r in rows
            if r["questionIndex"] == q
        )
        parts.append(
            "<table class='grid'><thead><tr><th>Participant</th><th>Before</th><th>After</th>"
            f"<th>Changed their mind</th></tr></thead><tbody>{body}</tbody></table>"
        )
    return "".join(parts) + "</section>"
