"""Stored insights read back with every field of the API's InsightsOut (the session record's
`insights`, record.py)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from colloquy.domain.constants import SENTIMENTS, Priority, Sentiment
from colloquy.domain.stored.stored_values import (
    dicts,
    in_stored_order,
    integer,
    one_of,
    stored_time,
    text,
)

PRIORITIES: tuple[Priority, ...] = ("high", "medium", "low")


def _sentiment(value: Any) -> Sentiment:
    return one_of(value, SENTIMENTS, "neutral")


def _theme(value: Mapping[str, Any]) -> dict[str, Any]:
    out = {
        "theme": text(value.get("theme")),
        "description": text(value.get("description")),
        "frequency": integer(value.get("frequency")),
    }
    return in_stored_order(out, value)


def _recommendation(value: Mapping[str, Any]) -> dict[str, Any]:
    out = {
        "priority": one_of(value.get("priority"), PRIORITIES, "medium"),
        "title": text(value.get("title")),
        "description": text(value.get("description")),
    }
    return in_stored_order(out, value)


def insights_record(value: Any, default_time: datetime) -> dict[str, Any] | None:
    """Stored insights with every field of the API's InsightsOut: missing or odd values get
    the neutral default (an empty text or list, zero percentages, `neutral`); a time that
    cannot be read is `default_time`. Extra keys are left out. Not an object: None."""
    if not isinstance(value, Mapping):
        return None
    breakdown = value.get("sentimentBreakdown")
    shares: Mapping[str, Any] = breakdown if isinstance(breakdown, Mapping) else {}
    out = {
        "summary": text(value.get("summary")),
        "overallSentiment": _sentiment(value.get("overallSentiment")),
        "sentimentBreakdown": {s: integer(shares.get(s)) for s in SENTIMENTS},
        "keyThemes": [_theme(t) for t in dicts(value.get("keyThemes"))],
        "recommendations": [_recommendation(r) for r in dicts(value.get("recommendations"))],
        "generatedAt": stored_time(value.get("generatedAt"), default_time),
        "model": text(value.get("model")),
    }
    return in_stored_order(out, value)
