"""What the Results and live screens show of a session's messages without reading them
all (GET /api/sessions/{id}/header, docs/performance.md#long-transcripts): the counts and
the models, worked out on the server from the messages' light columns."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.constants import MODERATOR_SPEAKER
from colloquy.domain.sessions.private_answers import is_private

ANSWER = "response"


def is_moderator(message: Mapping[str, Any]) -> bool:
    """The moderator's own posts (a persona's answer may not be named "Moderator")."""
    return message.get("speaker") == MODERATOR_SPEAKER and not message.get("personaId")


def response_counts(
    participants: Sequence[Mapping[str, Any]], messages: Sequence[Mapping[str, Any]]
) -> dict[str, int]:
    """Public messages per participant id: by the message's persona id, or for a message
    without one (an imported group's) by its speaker's name (product-rules §2 Participants)."""
    counts = {str(p.get("id")): 0 for p in participants}
    by_name = {str(p.get("name")): str(p.get("id")) for p in participants}
    for m in messages:
        if is_private(m):
            continue
        persona = m.get("personaId")
        if persona:
            who = persona if persona in counts else None
        elif m.get("speaker") != MODERATOR_SPEAKER:
            who = by_name.get(str(m.get("speaker")))
        else:
            who = None
        if who is not None:
            counts[who] += 1
    return counts


def answer_models(messages: Sequence[Mapping[str, Any]]) -> list[str | None]:
    """The models that wrote the public answers, in the order of their first answer (None:
    answers stored before models were recorded)."""
    seen: dict[str | None, None] = {}
    for m in messages:
        if m.get("kind") == ANSWER and not is_private(m):
            seen.setdefault(m.get("model"))
    return list(seen)


def latest_models(messages: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Persona id -> the model of that participant's latest answer (mixed panels)."""
    out: dict[str, str] = {}
    for m in messages:
        if m.get("kind") == ANSWER and m.get("personaId") and m.get("model"):
            out[str(m["personaId"])] = str(m["model"])
    return out


def message_counts(messages: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """messageCount: the public messages; answerCount: those not the moderator's."""
    shown = [m for m in messages if not is_private(m)]
    return {
        "messageCount": len(shown),
        "answerCount": sum(1 for m in shown if not is_moderator(m)),
    }
