"""The session report as one HTML document with its CSS, for the PDF engine.

Why every value goes through `_e` (html.escape): names, answers and insights are untrusted
text; a '<script>' or '<img src=...>' in an answer must print as those characters and never
become markup. Charts are SVG images in data: URLs, so the document needs nothing outside.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from colloquy.domain.constants import MODERATOR_SPEAKER, TRAITS
from colloquy.domain.interviews.takeover import speaker_label
from colloquy.domain.personas.evidence_tier import tier_label
from colloquy.domain.results.private_html import private_html
from colloquy.domain.results.svg_charts import participation_svg, sentiment_rounds_svg
from colloquy.domain.results.synthetic_notice import footer, is_human
from colloquy.domain.sessions.private_answers import public
from colloquy.domain.stored.timeutil import to_datetime

_CSS = """
@page { size: A4; margin: 18mm 16mm 20mm;
  @bottom-left { content: "__FOOTER__";
    font-family: "DejaVu Sans", sans-serif; font-size: 8pt; color: #b91c1c; }
  @bottom-right { content: "Page " counter(page) " of " counter(pages);
    font-family: "DejaVu Sans", sans-serif; font-size: 8pt; color: #64748b; } }
body { font-family: "DejaVu Sans", sans-serif; font-size: 9.5pt; color: #0f172a;
  line-height: 1.4; }
h1 { font-size: 22pt; margin: 0 0 6pt; } h2 { font-size: 14pt; margin: 16pt 0 6pt;
  border-bottom: 1px solid #e2e8f0; padding-bottom: 2pt; }
h3 { font-size: 11pt; margin: 10pt 0 4pt; }
.banner { border: 2px solid #b91c1c; background: #fef2f2; color: #7f1d1d; padding: 8pt;
  font-weight: bold; margin: 10pt 0; }
.cover { page-break-after: always; } .meta td { padding: 2pt 10pt 2pt 0; }
.muted { color: #64748b; } table { border-collapse: collapse; width: 100%; }
table.grid th, table.grid td { border: 1px solid #e2e8f0; padding: 3pt 4pt;
  vertical-align: top; text-align: left; font-size: 8.5pt; }
table.grid th { background: #f1f5f9; }
.quote { border-left: 3px solid #6366f1; padding: 2pt 8pt; margin: 6pt 0; }
.appendix { page-break-before: always; } .msg { margin: 3pt 0; }
.mod { color: #4338ca; } img.chart { width: 100%; page-break-inside: avoid; }
h2, h3 { page-break-after: avoid; } tr, .quote { page-break-inside: avoid; }
"""


# A report of a very long transcript (an imported group of thousands of turns) ran to
# thousands of pages and a quarter of an hour of drawing: the PDF shows the first of them,
# the exports hold everything (docs/reports.md).
PDF_MAX_PARTICIPANTS = 200
PDF_TRANSCRIPT_CHARS = 400_000  # about 150 pages
_IN_EXPORTS = "the CSV, Markdown and JSON exports hold them all"


def _e(value: Any) -> str:
    return escape(" ".join(str(value if value is not None else "").split()))


def _para(value: Any) -> str:
    parts = [p for p in str(value if value is not None else "").split("\n\n") if p.strip()]
    return "".join(f"<p>{_e(p)}</p>" for p in parts)


def _date(value: Any) -> str:
    moment = to_datetime(value)
    return moment.strftime("%Y-%m-%d %H:%M UTC") if moment else ""


def _img(svg: str, alt: str) -> str:
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f"<img class='chart' alt='{_e(alt)}' src='data:image/svg+xml;base64,{data}'/>"


def _cover(session: Mapping[str, Any], notice: str, model_label: str, generated: Any) -> str:
    rows = [
        ("Date", _date(session.get("createdAt"))),
        ("Completed", _date(session.get("completedAt")) or "not completed"),
        ("Status", session.get("status")),
        ("Participants", len(session.get("participants") or [])),
        ("Questions", len(session.get("questions") or [])),
        ("Model", model_label or "not recorded"),
        ("Report generated", _date(generated)),
    ]
    meta = "".join(f"<tr><td class='muted'>{k}</td><td>{_e(v)}</td></tr>" for k, v in rows)
    return (
        "<section class='cover'>"
        f"<h1>{_e(session.get('name')) or 'Untitled session'}</h1>"
        f"<div class='banner' id='synthetic-notice'>{_e(notice)}</div>"
        f"{_para(session.get('description'))}<table class='meta'>{meta}</table>"
        "</section>"
    )


def _participants(session: Mapping[str, Any], analytics: dict[str, Any]) -> str:
    counts = {
        p.get("personaId"): p.get("responses", 0) for p in analytics.get("participation") or []
    }
    if is_human(session):  # real people: their names and how often they spoke, no traits
        rows = "".join(
            f"<tr><td>{_e(p.get('name'))}</td><td>{counts.get(p.get('id'), 0)}</td></tr>"
            for p in session.get("participants") or []
        )
        return (
            "<h2>Participants</h2><table class='grid'><thead><tr><th>Name</th>"
            f"<th>Responses</th></tr></thead><tbody>{rows}</tbody></table>"
        )
    head = "".join(
        f"<th>{h}</th>"
        for h in ("Name", "Age", "Gender", "Location", "Income", "O", "C", "E", "A", "N")
    )
    body = []
    everyone = list(session.get("participants") or [])
    for p in everyone[:PDF_MAX_PARTICIPANTS]:
        traits = p.get("traits") or {}
        cells = [p.get(k) for k in ("name", "age", "gender", "location", "income")]
        cells += [traits.get(t) for t in TRAITS]
        row = "".join(f"<td>{_e(_whole(c))}</td>" for c in cells)
        interests = ", ".join(str(i) for i in p.get("interests") or [])
        extra = f"Interests: {interests}. Responses: {counts.get(p.get('id'), 0)}."
        if p.get("evidence"):  # snapshots made before tiers have none
            extra += f" Evidence: {tier_label(p['evidence'])}."
        body.append(f"<tr>{row}</tr><tr><td colspan='10' class='muted'>{_e(extra)}</td></tr>")
    legend = (
        "<p class='muted'>Traits (0-100): O openness, C conscientiousness, E extraversion, "
        "A agreeableness, N neuroticism.</p>"
    )
    more = len(everyone) - PDF_MAX_PARTICIPANTS
    tail = f"<p class='muted'>… and {more:,} more participants ({_IN_EXPORTS}).</p>"
    return (
        f"<h2>Participants</h2>{legend}<table class='grid'><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>{tail if more > 0 else ''}"
    )


def _whole(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _insights(insights: dict[str, Any] | None) -> str:
    if not insights:
        return "<h2>Executive summary</h2><p class='muted'>AI insights were not generated.</p>"
    breakdown = insights.get("sentimentBreakdown") or {}
    mood = ", ".join(f"{k} {_e(breakdown.get(k, 0))}%" for k in ("positive", "neutral", "negative"))
    parts = [
        "<h2>Executive summary</h2>",
        f"<p><b>Overall sentiment:</b> {_e(insights.get('overallSentiment'))} ({mood})</p>",
        _para(insights.get("summary")),
    ]
    themes = insights.get("keyThemes") or []
    if themes:
        rows = "".join(
            f"<tr><td>{_e(t.get('theme'))}</td><td>{_e(t.get('frequency'))}</td>"
            f"<td>{_e(t.get('description'))}</td></tr>"
            for t in themes
        )
        parts.append(
            "<h2>Key themes</h2><table class='grid'><tr><th>Theme</th><th>Mentions</th>"
            f"<th>Description</th></tr>{rows}</table>"
        )
    recs = insights.get("recommendations") or []
    if recs:
        rows = "".join(
            f"<tr><td>{_e(r.get('priority'))}</td><td>{_e(r.get('title'))}</td>"
            f"<td>{_e(r.get('description'))}</td></tr>"
            for r in recs
        )
        parts.append(
            "<h2>Recommendations</h2><table class='grid'><tr><th>Priority</th><th>Title</th>"
            f"<th>Description</th></tr>{rows}</table>"
        )
    return "".join(parts)


def _charts(analytics: dict[str, Any]) -> str:
    rounds = analytics.get("sentimentByQuestionRound") or []
    people = analytics.get("participation") or []
    if len(people) > PDF_MAX_PARTICIPANTS:  # the most active: the chart's height grows per row
        people = sorted(people, key=lambda p: -(p.get("responses") or 0))[:PDF_MAX_PARTICIPANTS]
    return (
        "<h2>Sentiment by question and round</h2>"
        + _img(sentiment_rounds_svg(rounds), "Sentiment by question and round")
        + "<h2>Participation</h2>"
        + _img(participation_svg(people), "Responses per participant")
    )


def _quotes(analytics: dict[str, Any]) -> str:
    quotes = analytics.get("quotes") or []
    if not quotes:
        return ""
    items = "".join(
        f"<div class='quote'>“{_e(q.get('content'))}”<br/><span class='muted'>— "
        f"{_e(q.get('speaker'))} ({_e(q.get('sentiment'))})</span></div>"
        for q in quotes
    )
    return f"<h2>Highlighted quotes</h2>{items}"


def _health(report: dict[str, Any] | None) -> str:
    """The session health verdict and its findings (domain/session_health.py)."""
    if not report:
        return ""
    warnings = "".join(f"<li>{_e(w)}</li>" for w in report.get("warnings") or [])
    rows = "".join(
        f"<tr><td>{_e(f.get('title') or f.get('key'))}</td><td>{_e(f.get('status'))}</td>"
        f"<td>{_e(f.get('summary'))}</td></tr>"
        for f in report.get("findings") or []
    )
    return (
        f"<h2>Session health: {_e(report.get('overall'))}</h2>"
        + (f"<ul>{warnings}</ul>" if warnings else "")
        + (
            f"<table><tr><th>Check</th><th>Status</th><th>Finding</th></tr>{rows}</table>"
            if rows
            else ""
        )
        + f"<p class='muted'>Embedder: {_e(report.get('embedder'))}</p>"
    )


def _transcript(questions: Sequence[Any], messages: Sequence[Mapping[str, Any]]) -> str:
    parts = ["<section class='appendix'><h2>Appendix: transcript</h2>"]
    if not messages:
        parts.append("<p class='muted'>No messages.</p>")
    current = object()
    room = PDF_TRANSCRIPT_CHARS
    for shown, m in enumerate(messages):
        room -= len(str(m.get("content") or ""))
        if room < 0:
            left = len(messages) - shown
            parts.append(f"<p class='muted'>… and {left:,} more messages ({_IN_EXPORTS}).</p>")
            break
        q = m.get("questionIndex")
        if q != current:
            current = q
            text = questions[q] if isinstance(q, int) and 0 <= q < len(questions) else ""
            title = f"Question {q + 1}" if isinstance(q, int) else "Discussion"
            parts.append(f"<h3>{title}{': ' + _e(text) if text else ''}</h3>")
        moderator = m.get("speaker") == MODERATOR_SPEAKER
        mood = "" if moderator or not m.get("sentiment") else f" ({_e(m.get('sentiment'))})"
        parts.append(
            f"<p class='msg{' mod' if moderator else ''}'><b>{_e(speaker_label(m))}</b>{mood}: "
            f"{_e(m.get('content'))}</p>"
        )
    return "".join(parts) + "</section>"


def report_html(
    session: Mapping[str, Any],
    messages: Sequence[Mapping[str, Any]],
    insights: dict[str, Any] | None,
    analytics: dict[str, Any],
    *,
    notice: str,
    model_label: str,
    generated_at: Any,
    health: dict[str, Any] | None = None,
) -> str:
    """The whole report: cover with the synthetic-data banner, participants, insights,
    charts, quotes, the health report (when there is one), the private answers (when
    `messages` holds any; never in the transcript), and the transcript as an appendix."""
    questions = list(session.get("questions") or [])
    title = _e(session.get("name")) or "Untitled session"
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'/>"
        f"<title>{title}</title><style>{_CSS.replace('__FOOTER__', footer(session))}</style>"
        "</head><body>"
        + _cover(session, notice, model_label, generated_at)
        + _participants(session, analytics)
        + _insights(insights)
        + _charts(analytics)
        + _quotes(analytics)
        + _health(health)
        + private_html(questions, messages)
        + _transcript(questions, public(messages))
        + "</body></html>"
    )
