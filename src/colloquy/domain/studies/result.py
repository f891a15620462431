"""The synthesis as the API shows it, built from the stored themes, respondents and coded
quotes (docs/synthesis.md). Pure: the same stored coding gives the same figures, so a
different segmentation is computed on read, without asking the model again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.studies.coding import (
    CodedQuote,
    contradictions,
    quote_dict,
    theme_support,
)
from colloquy.domain.studies.segments import segment_differences, segment_of


def quotes_from(stored: Sequence[Mapping[str, Any]]) -> list[CodedQuote]:
    return [
        CodedQuote(
            str(q["themeId"]),
            str(q["respondent"]),
            str(q["messageId"]),
            str(q["text"]),
            str(q.get("stance") or "neutral"),
        )
        for q in stored
    ]


def build_result(
    themes: Sequence[Mapping[str, str]],
    respondents: Sequence[Mapping[str, Any]],
    stored_quotes: Sequence[Mapping[str, Any]],
    segment_by: str | None,
) -> dict[str, Any]:
    """`respondents`: each with key, sessionId, personaId, name and persona (its snapshot);
    `stored_quotes`: the kept quotes (themeId, respondent, messageId, text, stance)."""
    quotes = quotes_from(stored_quotes)
    theme_ids = [t["id"] for t in themes]
    support = {row["themeId"]: row for row in theme_support(theme_ids, quotes, len(respondents))}
    where = {r["key"]: r for r in respondents}
    rows = []
    for theme in themes:
        row = support[theme["id"]]
        theme_quotes = [
            {**quote_dict(q), "sessionId": where.get(q.respondent, {}).get("sessionId", "")}
            for q in quotes
            if q.theme_id == theme["id"]
        ]
        rows.append({**theme, **row, "quotes": theme_quotes})
    rows.sort(key=lambda r: -r["count"])
    segments = None
    if segment_by:
        by = {r["key"]: segment_of(r.get("persona") or {}, segment_by) for r in respondents}
        segments = {"by": segment_by, **segment_differences(theme_ids, quotes, by)}
    return {
        "respondentCount": len(respondents),
        "themes": rows,
        "contradictions": contradictions(quotes),
        "segments": segments,
    }
