"""The one shape of a discussion message as the engine, the results services and the API
pass it around: a camelCase dict (the JSON of GET /api/sessions/{id} and of the live
`message` event). store/messages.py maps it to and from the database row.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, NotRequired, TypedDict

STANCE_STATED = "stated"  # a private answer's stance as the participant stated it


class NewMessage(TypedDict):
    """A message about to be stored (the runner's, the demo's); the store gives it an id."""

    speaker: str
    content: str
    sentiment: str | None
    personaId: str | None
    questionIndex: int
    round: int
    participantIndex: int | None
    kind: str  # question | round_prompt | response (engine/plan.py)
    tokens: int
    seq: NotRequired[int]  # set by whoever appends it to the session's transcript
    timestamp: NotRequired[datetime | None]  # None: the store sets it when it commits
    repairs: NotRequired[list[str]]  # what answer cleaning changed (answers only)
    rawContent: NotRequired[str | None]  # the model's text before cleaning, when repaired
    note: NotRequired[str | None]  # e.g. the AI moderator's fallback to the scripted text
    # What the provider reported for the call(s) that wrote it: promptTokens,
    # completionTokens, cachedTokens, costUsd. Absent: no model call (scripted lines).
    usage: NotRequired[dict[str, Any] | None]
    # The model profile and model that wrote an answer (mixed panels).
    profileId: NotRequired[str | None]
    profileName: NotRequired[str | None]
    model: NotRequired[str | None]
    stance: NotRequired[int | None]  # a private answer's 1-5 stance
    stanceMethod: NotRequired[str | None]  # "stated", or how it was inferred


class Message(TypedDict):
    """A stored message."""

    id: str
    seq: int
    speaker: str
    content: str
    timestamp: datetime | None
    sentiment: str | None
    personaId: str | None
    questionIndex: int
    round: int
    participantIndex: int | None
    kind: str
    tokens: int
    repairs: list[str]
    rawContent: str | None
    note: str | None
    usage: NotRequired[dict[str, Any] | None]
    profileId: NotRequired[str | None]  # the profile and model that wrote it
    profileName: NotRequired[str | None]
    model: NotRequired[str | None]
    stance: NotRequired[int | None]
    stanceMethod: NotRequired[str | None]
    stanceInferred: NotRequired[bool]  # the stance was not stated (stanceMethod says how)


def stored_message(message: NewMessage, message_id: str) -> Message:
    """The stored form of a new message (its `seq` must be set)."""
    out: Message = {
        "id": message_id,
        "seq": message["seq"],
        "speaker": message["speaker"],
        "content": message["content"],
        "timestamp": message.get("timestamp"),
        "sentiment": message.get("sentiment"),
        "personaId": message.get("personaId"),
        "questionIndex": message["questionIndex"],
        "round": message["round"],
        "participantIndex": message.get("participantIndex"),
        "kind": message["kind"],
        "tokens": message["tokens"],
        "repairs": list(message.get("repairs") or []),
        "rawContent": message.get("rawContent"),
        "note": message.get("note"),
        "usage": message.get("usage"),
        "profileId": message.get("profileId"),
        "profileName": message.get("profileName"),
        "model": message.get("model"),
    }
    if message.get("stance") is not None:  # private answers only
        out["stance"] = message.get("stance")
    if message.get("stanceMethod") is not None:
        out["stanceMethod"] = message.get("stanceMethod")
        out["stanceInferred"] = message.get("stanceMethod") != STANCE_STATED
    return out
