"""CSV export of a session (product-rules §7 "CSV export", with the decided deviation, product-rules "Decided deviations").

Why the csv module: the original product replaced commas with semicolons, which corrupts the text;
product-rules ("Decided deviations") decides on RFC 4180 quoting instead (commas, quotes and newlines survive a
round trip). Cells that a spreadsheet would run as a formula (starting with = + - @,
tab or carriage return) are prefixed with a single quote (OWASP "CSV injection"), and so
is every line inside a cell that starts like one (a reader that splits on newlines, or a
pasted cell, sees that line on its own). `write_csv` is the ONE writer of every CSV the
app serves (sessions, personas, template, surveys): no CSV text is written around it.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from colloquy.domain.constants import MODERATOR_SPEAKER
from colloquy.domain.interviews.takeover import speaker_label
from colloquy.domain.results.by_model import answer_model, models_of
from colloquy.domain.stored.timeutil import to_datetime
from colloquy.domain.usage.report import usage_rows

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_UNSAFE_FILENAME = re.compile(r'[\\/:*?"<>|\x00-\x1f\x7f]+')
_FORMULA_LINE = re.compile(r"([\r\n])(?=[=+\-@\t\r])")


def neutralize(cell: Any) -> str:
    """The text of a cell; text starting like a formula gets a leading single quote.
    Numbers are written as they are (a negative number is not a formula)."""
    if cell is None:
        return ""
    if isinstance(cell, bool):
        return str(cell).lower()
    if isinstance(cell, (int, float)):
        return str(cell)
    text = cell.isoformat() if isinstance(cell, datetime) else str(cell)
    text = _FORMULA_LINE.sub(r"\1'", text)
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def write_csv(rows: Iterable[Sequence[Any]], notice: str | None = None) -> str:
    """RFC 4180 text of `rows`, every cell neutralised. A `notice` is a first '# ' line
    with its whitespace (newlines included) collapsed, so it stays one line."""
    buffer = io.StringIO()
    if notice:
        buffer.write(f"# {' '.join(notice.split())}\r\n")
    writer = csv.writer(buffer, lineterminator="\r\n")  # RFC 4180 line ends
    writer.writerows([neutralize(cell) for cell in row] for row in rows)
    return buffer.getvalue()


def _date_text(value: Any) -> str:
    """The calendar date (YYYY-MM-DD, UTC for aware times) of a moment, else its text."""
    moment = to_datetime(value)
    if moment is None:
        return "" if value is None else str(value)
    return moment.astimezone(UTC).date().isoformat()


def _insight_rows(insights: dict[str, Any]) -> list[list[Any]]:
    rows: list[list[Any]] = []
    if insights.get("summary") or insights.get("overallSentiment"):
        rows += [["Summary"], [insights.get("summary", "")]]
        if insights.get("overallSentiment"):
            rows.append(["Overall Sentiment", insights["overallSentiment"]])
        rows.append([])
    themes = insights.get("keyThemes") or []
    if themes:
        rows += [["Key Themes"], ["Theme", "Description", "Frequency"]]
        rows += [[t.get("theme"), t.get("description"), t.get("frequency")] for t in themes]
        rows.append([])
    recommendations = insights.get("recommendations") or []
    if recommendations:
        rows += [["Recommendations"], ["Priority", "Title", "Description"]]
        rows += [[r.get("priority"), r.get("title"), r.get("description")] for r in recommendations]
        rows.append([])
    return rows


def session_csv(
    session: Mapping[str, Any],
    messages: Sequence[Mapping[str, Any]],
    insights: dict[str, Any] | None,
    notice: str | None = None,
) -> str:
    """The whole report: header, optional insights sections, then the transcript.
    'Total Responses' counts participant messages (moderator prompts are not responses).
    A `notice` (the synthetic-data notice) is the first line, a cell of its own."""
    participants = session.get("participants") or []
    responses = sum(1 for m in messages if m.get("speaker") != MODERATOR_SPEAKER)
    rows: list[list[Any]] = [[notice]] if notice else []
    rows += [
        ["Session Name", session.get("name", "")],
        ["Date", _date_text(session.get("createdAt"))],
        ["Participants", len(participants)],
        ["Total Responses", responses],
    ]
    if session.get("model"):
        rows.append(["Model", model_text(session["model"])])
    rows += [list(row) for row in usage_rows(session)]
    rows.append([])
    if insights:
        rows += _insight_rows(insights)
    # A mixed panel (answers from more than one model) adds a last Model column.
    mixed = len(models_of(messages)) > 1
    rows += [["Transcript"], ["Speaker", "Content", "Sentiment", "Timestamp"] + ["Model"] * mixed]
    for m in messages:
        row = [speaker_label(m), m.get("content"), m.get("sentiment") or "N/A", m.get("timestamp")]
        rows.append(row + [answer_model(m) if m.get("kind") == "response" else ""] * mixed)
    return write_csv(rows)


def model_text(model: dict[str, Any]) -> str:
    """'provider / model' of a session's provenance."""
    provider, name = str(model.get("provider") or ""), str(model.get("name") or "")
    return f"{provider} / {name}" if provider else name


def csv_filename(name: Any) -> str:
    """'{sessionname}_results.csv' with path separators, reserved and control
    characters replaced by '_'; an empty name becomes 'session'."""
    text = _UNSAFE_FILENAME.sub("_", name if isinstance(name, str) else "")
    text = text.strip().strip(".").strip()[:200] or "session"
    return f"{text}_results.csv"
