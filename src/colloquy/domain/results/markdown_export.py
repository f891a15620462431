"""Markdown report of a session: details, insights, quotes and the transcript.

Why every piece of user or model text goes through `md_text`: names, answers and insights
are untrusted. Pasted into a Markdown or HTML renderer, a '<script>', a leading '#', a
stray '|' in a table or a backtick must show as the characters typed, never as markup.
Entities (&lt;) are used for HTML because every renderer honours them; backslash escapes
cover Markdown punctuation. Each text is folded to one line (paragraphs kept only where
a block is expected), so no text can open a heading, list, fence or table of its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.constants import MODERATOR_SPEAKER
from colloquy.domain.interviews.takeover import speaker_label
from colloquy.domain.personas.evidence_tier import tier_label
from colloquy.domain.results.csv_export import model_text
from colloquy.domain.stored.timeutil import to_datetime
from colloquy.domain.usage.report import usage_rows

_ENTITY_LIKE = re.compile(r"&(?=#?[0-9A-Za-z]+;)")
# Only the punctuation that can start markup mid-line; '-', '+', '=' and '1.' matter only
# at the start of a line (lists, rules, setext headings) and are handled there.
_MD_PUNCT = re.compile(r"([\\`*_\[\]#|~])")
_LINE_START = re.compile(r"^([-+=])|^(\d+)([.)])")
_ROUND_LABELS = ("Initial Responses", "Multi-turn Dialog")
# The AI moderator's messages, labelled after the moderator's name.
_MODERATOR_KINDS = {"probe": "follow-up", "summary": "summary", "researcher": "typed question"}


def md_text(value: Any, *, line_start: bool = False) -> str:
    """One line of plain text, safe in list items, headings and table cells; with
    `line_start` also where it begins a line or follows a list or quote marker."""
    text = " ".join(str(value if value is not None else "").split())
    text = _ENTITY_LIKE.sub("&amp;", text)
    text = text.replace("<", "&lt;").replace(">", "&gt;")
    text = _MD_PUNCT.sub(r"\\\1", text)
    if not line_start:
        return text
    # '-', '+', '=' or '1.' at the very start would make a list item, rule or heading.
    return _LINE_START.sub(
        lambda m: f"\\{m.group(1)}" if m.group(1) else f"{m.group(2)}\\{m.group(3)}", text
    )


def md_block(value: Any) -> str:
    """Several paragraphs (split on blank lines), each escaped like `md_text`."""
    paragraphs = re.split(r"\n\s*\n", str(value if value is not None else ""))
    return "\n\n".join(p for p in (md_text(x, line_start=True) for x in paragraphs) if p)


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(md_text(c) or " " for c in row) + " |" for row in rows]
    return lines


def _date(value: Any) -> str:
    moment = to_datetime(value)
    return moment.strftime("%Y-%m-%d %H:%M UTC") if moment else ""


def _time(value: Any) -> str:
    moment = to_datetime(value)
    return moment.strftime("%H:%M:%S") if moment else ""


def _minutes(value: Any) -> str:
    return "1 minute" if value == 1 else f"{value} minutes"


def _details(
    session: Mapping[str, Any], messages: Sequence[Mapping[str, Any]], analytics: dict[str, Any]
) -> list[str]:
    participants = session.get("participants") or []
    rows = [
        ("Date", _date(session.get("createdAt"))),
        ("Status", session.get("status") or ""),
        ("Participants", len(participants)),
        ("Messages", len(messages)),
        ("Duration", _minutes(analytics.get("durationMinutes", 0))),
        ("Moderator style", session.get("moderatorStyle") or ""),
    ]
    if session.get("model"):
        rows.append(("Model", model_text(session["model"])))
    rows += usage_rows(session)
    return ["## Session details", "", *_table(("Detail", "Value"), rows), ""]


def _participants(session: Mapping[str, Any], analytics: dict[str, Any]) -> list[str]:
    counts = {
        p.get("personaId"): p.get("responses", 0) for p in analytics.get("participation") or []
    }
    lines = ["## Participants", ""]
    for p in session.get("participants") or []:
        facts = ", ".join(
            str(p.get(k))
            for k in ("age", "gender", "location", "income")
            if p.get(k) not in (None, "")
        )
        interests = ", ".join(str(i) for i in p.get("interests") or [])
        text = "; ".join(t for t in (facts, f"{counts.get(p.get('id'), 0)} responses") if t)
        if interests:
            text += f"; interests: {interests}"
        if p.get("evidence"):  # snapshots made before tiers have none
            text += f"; evidence: {tier_label(p['evidence'])}"
        lines.append(f"- **{md_text(p.get('name'))}**: {md_text(text)}")
    return lines + [""]


def _insights(insights: dict[str, Any] | None) -> list[str]:
    if not insights:
        return ["## Executive summary", "", "_AI insights have not been generated yet._", ""]
    breakdown = insights.get("sentimentBreakdown") or {}
    mood = ", ".join(f"{k} {breakdown.get(k, 0)}%" for k in ("positive", "neutral", "negative"))
    lines = [
        "## Executive summary",
        "",
        f"**Overall sentiment:** {md_text(insights.get('overallSentiment'))} ({mood})",
        "",
        md_block(insights.get("summary")),
        "",
    ]
    themes = insights.get("keyThemes") or []
    if themes:
        rows = [(t.get("theme"), t.get("frequency"), t.get("description")) for t in themes]
        lines += ["## Key themes", "", *_table(("Theme", "Mentions", "Description"), rows), ""]
    recs = insights.get("recommendations") or []
    if recs:
        rows = [(r.get("priority"), r.get("title"), r.get("description")) for r in recs]
        lines += ["## Recommendations", "", *_table(("Priority", "Title", "Description"), rows), ""]
    return lines


def _analytics(analytics: dict[str, Any]) -> list[str]:
    lines = ["## Analytics", ""]
    diversity = analytics.get("diversity") or {}
    if diversity:
        lines.append(
            f"- **Group diversity:** {md_text(diversity.get('overallScore'))}/100 "
            f"({md_text(diversity.get('label'))})"
        )
    lines.append(f"- **Average sentiment:** {float(analytics.get('averageSentiment') or 0):+.2f}")
    words = [w.get("text") for w in (analytics.get("wordCloud") or [])[:10]]
    if words:
        lines.append(f"- **Most used words:** {md_text(', '.join(map(str, words)))}")
    lines.append("")
    quotes = analytics.get("quotes") or []
    if quotes:
        lines += ["## Highlighted quotes", ""]
        for q in quotes:
            lines += [
                f"> {md_text(q.get('content'), line_start=True)}",
                f"> — **{md_text(q.get('speaker'))}** ({md_text(q.get('sentiment'))})",
                "",
            ]
    return lines


def _round_label(round_index: int) -> str:
    return f"Round {round_index + 1} ({_ROUND_LABELS[min(round_index, 1)]})"


def _transcript(
    questions: Sequence[Any], messages: Sequence[Mapping[str, Any]], natural: bool = False
) -> list[str]:
    """`natural`: a natural-mode session has turns, not rounds: no round headings."""
    lines = ["## Transcript", ""]
    if not messages:
        return lines + ["_No messages._", ""]
    current_q = current_r = object()
    for m in messages:
        q, r = m.get("questionIndex"), m.get("round")
        if q != current_q:
            current_q, current_r = q, object()
            text = questions[q] if isinstance(q, int) and 0 <= q < len(questions) else ""
            title = f"Question {q + 1}" if isinstance(q, int) else "Discussion"
            lines += [""] if lines[-1] else []
            lines += [f"### {title}: {md_text(text)}" if text else f"### {title}", ""]
        if r != current_r and isinstance(r, int) and not natural:
            current_r = r
            lines += ([""] if lines[-1] else []) + [f"#### {_round_label(r)}", ""]
        meta = ", ".join(
            x
            for x in (
                _MODERATOR_KINDS.get(str(m.get("kind"))),
                _time(m.get("timestamp")),
                None if m.get("speaker") == MODERATOR_SPEAKER else m.get("sentiment"),
            )
            if x
        )
        speaker = f"**{md_text(speaker_label(m))}**" + (f" ({md_text(meta)})" if meta else "")
        lines += [f"- {speaker}: {md_text(m.get('content'))}"]
    return lines + [""]


def markdown_report(
    session: Mapping[str, Any],
    messages: Sequence[Mapping[str, Any]],
    insights: dict[str, Any] | None,
    analytics: dict[str, Any],
    notice: str | None = None,
) -> str:
    """The whole report as Markdown (CommonMark plus GFM tables); a `notice` (the
    synthetic-data notice) is a bold quote right under the title."""
    lines = [f"# {md_text(session.get('name')) or 'Untitled session'}", ""]
    if notice:
        lines += [f"> **{md_text(notice)}**", ""]
    if session.get("description"):
        lines += [md_block(session["description"]), ""]
    lines += _details(session, messages, analytics)
    lines += _participants(session, analytics)
    questions = list(session.get("questions") or [])
    if questions:
        lines += ["## Questions", ""]
        lines += [f"{i}. {md_text(q, line_start=True)}" for i, q in enumerate(questions, 1)]
        lines.append("")
    lines += _insights(insights)
    lines += _analytics(analytics)
    natural = (session.get("settings") or {}).get("discussionMode") == "natural"
    lines += _transcript(questions, messages, natural)
    return "\n".join(lines).rstrip() + "\n"
