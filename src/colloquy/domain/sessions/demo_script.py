"""The scripted demo session of product-rules §2 'Demo session' and §4 'Demo playback'.

Why scripted: the demo must work offline and instantly, so five personas discuss an
eco-friendly packaging concept with fixed replies; no model is called. The replies use
the product's sentiment keywords on purpose, so the emoji vary as the demo plays. The same
script drives the browser player (GET /api/demo-script) and the stored session 'demo'.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from colloquy.domain.constants import DEMO_SPEEDS, MODERATOR_SPEAKER, TRAITS
from colloquy.domain.personas.enrichment import enrich
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.sessions.demo_content import PERSONAS, SCRIPT
from colloquy.domain.sessions.messages import NewMessage
from colloquy.domain.sessions.stimuli import StimulusRecord
from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.domain.text.sentiment import sentiment_of

DEMO_SESSION_ID = "demo"
DEMO_IMAGE_URL = "/demo/eco-packaging.svg"  # shipped by the frontend, no network needed
# Playback waits of product-rules §4 at 1x; the player divides them by the speed factor.
AFTER_MODERATOR_MS = 1000
TYPING_MS = 1500
BETWEEN_QUESTIONS_MS = 2000
COMPLETION_DELAY_MS = 1000

NAME = "Eco-Friendly Packaging Study"
DESCRIPTION = (
    "A scripted focus group: five consumers react to a compostable snack pouch "
    "made from kraft paper with plant-based inks."
)
STIMULUS: StimulusRecord = {
    "id": "demo-stimulus-1",
    "type": "image",
    "title": "Compostable snack pouch concept",
    "content": DEMO_IMAGE_URL,
    "description": "Kraft-paper pouch, plant-based inks, home-compostable seal.",
}
SETTINGS = {"responseLength": "moderate", "discussionMode": "sequential", "autoAdvance": False}
MODERATOR_STYLE = "casual"


def demo_personas() -> list[PersonaRecord]:
    """The five participants as full persona dicts, with their derived `enriched` data."""
    personas = []
    for pid, name, age, gender, location, income, traits, interests in PERSONAS:
        persona: PersonaRecord = {
            "id": pid,
            "name": name,
            "age": age,
            "gender": gender,
            "location": location,
            "income": income,
            "traits": dict(zip(TRAITS, traits, strict=True)),
            "interests": list(interests),
        }
        persona["enriched"] = enrich(persona)
        personas.append(persona)
    return personas


def demo_questions() -> list[str]:
    return [question for question, _ in SCRIPT]


def demo_script() -> dict[str, Any]:
    """Everything the browser player needs; sentiment is precomputed by the product's rule."""
    personas = demo_personas()
    return {
        "sessionId": DEMO_SESSION_ID,
        "name": NAME,
        "description": DESCRIPTION,
        "stimulus": dict(STIMULUS),
        "participants": personas,
        "questions": demo_questions(),
        "script": [
            {
                "questionIndex": q,
                "question": question,
                "responses": [
                    {
                        "personaId": p["id"],
                        "speaker": p["name"],
                        "content": text,
                        "sentiment": sentiment_of(text),
                    }
                    for p, text in zip(personas, replies, strict=True)
                ],
            }
            for q, (question, replies) in enumerate(SCRIPT)
        ],
        "timing": {
            "afterModeratorMs": AFTER_MODERATOR_MS,
            "typingMs": TYPING_MS,
            "betweenQuestionsMs": BETWEEN_QUESTIONS_MS,
            "completionDelayMs": COMPLETION_DELAY_MS,
            "speeds": list(DEMO_SPEEDS),
        },
    }


def _offsets_ms(speed: float) -> list[int]:
    """When each message appears, in ms from the first: the playback's own waits."""
    offsets, t = [], 0.0
    for q, (_, replies) in enumerate(SCRIPT):
        if q:
            t += BETWEEN_QUESTIONS_MS / speed
        offsets.append(round(t))
        t += AFTER_MODERATOR_MS / speed
        for _ in replies:
            t += TYPING_MS / speed
            offsets.append(round(t))
    return offsets


def demo_messages(finished_at: datetime, speed: float = 1) -> list[NewMessage]:
    """The stored transcript: each question as a Moderator message, then every reply,
    timed as the playback showed them and ending at `finished_at`. Replies carry the
    keyword sentiment and the product's token estimate; moderator messages have neither."""
    speed = speed if speed in DEMO_SPEEDS else 1
    offsets = _offsets_ms(speed)
    start = finished_at - timedelta(milliseconds=offsets[-1])
    personas = demo_personas()
    messages: list[NewMessage] = []
    for q, (question, replies) in enumerate(SCRIPT):
        messages.append(
            {
                "speaker": MODERATOR_SPEAKER,
                "content": question,
                "sentiment": None,
                "personaId": None,
                "questionIndex": q,
                "round": 0,
                "participantIndex": None,
                "kind": "question",
                "tokens": 0,
            }
        )
        for i, (persona, text) in enumerate(zip(personas, replies, strict=True)):
            messages.append(
                {
                    "speaker": persona["name"],
                    "content": text,
                    "sentiment": sentiment_of(text),
                    "personaId": persona["id"],
                    "questionIndex": q,
                    "round": 0,
                    "participantIndex": i,
                    "kind": "response",
                    "tokens": estimate_tokens(text),
                }
            )
    for seq, (message, offset) in enumerate(zip(messages, offsets, strict=True)):
        message["seq"] = seq
        message["timestamp"] = start + timedelta(milliseconds=offset)
    return messages
