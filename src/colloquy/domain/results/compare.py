"""Sessions side by side: which ids may be compared, and each session's comparable figures.

Why per question (rounds merged): two sessions may ask different follow-ups, but their
questions line up one by one, so sentiment is compared question by question.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.constants import MODERATOR_SPEAKER
from colloquy.domain.numbers.mathutil import is_number
from colloquy.domain.text.sentiment import average_sentiment, sentiment_breakdown

COMPARE_MIN = 2
COMPARE_MAX = 4
TOP_WORDS = 10
MSG_COMPARE_COUNT = f"Select {COMPARE_MIN} to {COMPARE_MAX} sessions to compare"
MSG_COMPARE_DUPLICATE = "Each session can be compared only once"


def parse_compare_ids(ids: str | None) -> tuple[list[str], list[str]]:
    """The ids in the order given, and the messages that refuse them (empty: fine)."""
    items = [i.strip() for i in (ids or "").split(",") if i.strip()]
    errors = []
    if len(set(items)) != len(items):
        errors.append(MSG_COMPARE_DUPLICATE)
    if not COMPARE_MIN <= len(set(items)) <= COMPARE_MAX:
        errors.append(MSG_COMPARE_COUNT)
    return items, errors


def not_completed_message(name: Any, status: Any) -> str:
    return f"Only completed sessions can be compared: '{name}' is {status}"


def sentiment_by_question(
    questions: Sequence[Any], messages: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Per question asked: {questionIndex, question, count, average, positive, neutral,
    negative} over participant answers of every round; questions with no answer have 0s."""
    groups: dict[int, list[Any]] = {i: [] for i in range(len(questions))}
    for m in messages:
        q = m.get("questionIndex")
        if m.get("speaker") == MODERATOR_SPEAKER or not is_number(q):
            continue
        groups.setdefault(int(q), []).append(m.get("sentiment"))
    return [
        {
            "questionIndex": q,
            "question": str(questions[q]) if 0 <= q < len(questions) else "",
            "count": len(items),
            "average": round(average_sentiment(items), 3),
            **sentiment_breakdown(items),
        }
        for q, items in sorted(groups.items())
    ]


def session_comparison(
    session: Mapping[str, Any],
    messages: Sequence[Mapping[str, Any]],
    analytics: dict[str, Any],
    model_label: str,
) -> dict[str, Any]:
    """One column of the comparison."""
    insights = session.get("insights") or None
    themes = None
    if insights:
        themes = [
            {"theme": str(t.get("theme") or ""), "frequency": t.get("frequency") or 0}
            for t in insights.get("keyThemes") or []
            if isinstance(t, dict)
        ]
    return {
        "id": session.get("id"),
        "name": session.get("name"),
        "status": session.get("status"),
        "createdAt": session.get("createdAt"),
        "model": model_label,
        "participantCount": len(session.get("participants") or []),
        "responseCount": analytics.get("responseCount", 0),
        "averageSentiment": analytics.get("averageSentiment", 0),
        "sentimentBreakdown": analytics.get("sentimentBreakdown"),
        "sentimentByQuestion": sentiment_by_question(
            list(session.get("questions") or []), messages
        ),
        "participation": [
            {"name": p.get("name"), "responses": p.get("responses", 0)}
            for p in analytics.get("participation") or []
        ],
        "topWords": [
            {"text": w["text"], "count": w["count"]}
            for w in (analytics.get("wordCloud") or [])[:TOP_WORDS]
        ],
        "overallSentiment": insights.get("overallSentiment") if insights else None,
        "summary": insights.get("summary") if insights else None,
        "themes": themes,
    }
