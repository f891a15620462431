"""The Analytics tab: every number computed on the server by the domain rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.constants import MODERATOR_SPEAKER
from colloquy.domain.results.analytics import (
    duration_minutes,
    highlighted_quotes,
    participation,
    sentiment_by_question_round,
    trait_patterns,
    word_cloud,
    word_cloud_sizes,
)
from colloquy.domain.results.diversity import diversity_label, diversity_score
from colloquy.domain.text.sentiment import average_sentiment, sentiment_breakdown
from colloquy.services.sessions.loading import load_session


def _participation(
    participants: list[dict[str, Any]], counts: dict[str, int]
) -> list[dict[str, Any]]:
    """Every participant in session order (0 when silent), then any other speaker."""
    rows = [
        {
            "personaId": p.get("id"),
            "name": p.get("name"),
            # Messages without a personaId are counted under the speaker's name.
            "responses": counts.pop(str(p.get("id")), 0) + counts.pop(str(p.get("name")), 0),
        }
        for p in participants
    ]
    rows += [{"personaId": None, "name": key, "responses": n} for key, n in counts.items()]
    return rows


def _trait_patterns(participants: list[dict[str, Any]]) -> dict[str, dict[str, list[str]]]:
    out = {}
    for trait, items in trait_patterns(participants).items():
        out[trait] = {
            "high": [i["name"] for i in items if i["level"] == "High"],
            "low": [i["name"] for i in items if i["level"] == "Low"],
        }
    return out


def build_analytics(
    session: Mapping[str, Any], messages: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """The word cloud and quotes read participant answers only: the moderator's questions
    are repeated every round and would crowd out what participants said."""
    participants = session.get("participants") or []
    answers = [m for m in messages if m.get("speaker") != MODERATOR_SPEAKER]
    persona_of = {m["speaker"]: m.get("personaId") for m in reversed(answers)}
    quotes = [{**q, "personaId": persona_of.get(q["speaker"])} for q in highlighted_quotes(answers)]
    diversity = diversity_score(participants)
    sentiments = [m.get("sentiment") for m in answers]
    by_round = [
        {
            "questionIndex": g["questionIndex"],
            "round": g["round"],
            "count": g["count"],
            **g["breakdown"],
            "average": g["average"],
        }
        for g in sentiment_by_question_round(messages)
    ]
    return {
        "wordCloud": word_cloud_sizes(word_cloud(m.get("content") for m in answers)),
        "quotes": quotes,
        "diversity": {**diversity, "label": diversity_label(diversity["overallScore"])},
        "traitPatterns": _trait_patterns(participants),
        "sentimentByQuestionRound": by_round,
        "participation": _participation(participants, participation(answers)),
        "averageSentiment": round(average_sentiment(sentiments), 3),
        "sentimentBreakdown": sentiment_breakdown(sentiments),
        "messageCount": len(messages),
        "responseCount": len(answers),
        "durationMinutes": duration_minutes(session.get("createdAt"), session.get("completedAt")),
    }


async def get_analytics(db: AsyncSession, session_id: str) -> dict[str, Any]:
    session, messages = await load_session(db, session_id)
    return build_analytics(session, messages)
