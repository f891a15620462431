"""The dashboard's sentiment card counts public messages by sentiment (product-rules §2).
Each session keeps its own three counts, bumped as its messages are stored, so the card
sums one row per session instead of reading every message
(docs/performance.md#lists-that-page)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from colloquy.domain.sessions.private_answers import PRIVATE_KINDS

SENTIMENTS = ("positive", "neutral", "negative")


def counted_sentiment(kind: str | None, sentiment: str | None) -> str | None:
    """The sentiment a message adds to the card: none for a private answer (never shown
    with the transcript) or a message without one (the moderator's)."""
    if kind in PRIVATE_KINDS or sentiment not in SENTIMENTS:
        return None
    return sentiment


def sentiment_tally(messages: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """How many of the messages count as positive, neutral and negative."""
    tally = dict.fromkeys(SENTIMENTS, 0)
    for m in messages:
        counted = counted_sentiment(m.get("kind"), m.get("sentiment"))
        if counted is not None:
            tally[counted] += 1
    return tally
