"""A mixed panel's session seen one model at a time (docs/models.md): the answers a model wrote,
with the moderator's posts they answered, and the participants who answered on it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

UNKNOWN = "unknown model"


def answer_model(message: Mapping[str, Any]) -> str:
    return str(message.get("model") or UNKNOWN)


def models_of(messages: Sequence[Mapping[str, Any]]) -> list[str]:
    """The models that wrote answers, in order of their first answer."""
    seen: dict[str, None] = {}
    for m in messages:
        if m.get("kind") == "response":
            seen[answer_model(m)] = None
    return list(seen)


def only_model(messages: Sequence[Mapping[str, Any]], model: str) -> list[Any]:
    """Every moderator post, and the answers `model` wrote."""
    return [m for m in messages if m.get("kind") != "response" or answer_model(m) == model]


def participants_on(
    participants: Sequence[Mapping[str, Any]], messages: Sequence[Mapping[str, Any]], model: str
) -> list[Any]:
    """The participants with at least one answer written by `model`."""
    ids = {
        m.get("personaId")
        for m in messages
        if m.get("kind") == "response" and answer_model(m) == model
    }
    return [p for p in participants if p.get("id") in ids]
