"""The one shape of a session as the API, the results services and the exports read it: a
camelCase dict (GET /api/sessions/{id} without its messages and progress), and the tolerant
readers that turn stored JSON values into it.

Why tolerant: the session row keeps participants, stimuli, settings, insights and the last
error as JSON written by every version of the app (and by hand). A value of an older shape
(an insights object without `generatedAt`, a participant snapshot without `tags`, a
status spelled `in_progress`) must still read, with the default the current code would
have written, so the typed API schema never turns an old row into a 500.
services/session_view.py maps a database row to a `SessionRecord` with these rules.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any, NotRequired, TypedDict, TypeVar, cast

from .constants import (
    DEFAULT_MODERATOR_STYLE,
    DEFAULT_RESPONSE_LENGTH,
    MODERATOR_STYLES,
    RESPONSE_LENGTHS,
    SENTIMENTS,
    SESSION_STATUSES,
    STIMULUS_TYPES,
    TRAIT_DEFAULT,
    TRAITS,
    DiscussionMode,
    MessageKind,
    ModeratorKind,
    ModeratorStyle,
    Priority,
    ResponseLength,
    Sentiment,
    SessionStatus,
    StimulusPlatform,
    StimulusType,
)
from .mathutil import is_number, round_half_up
from .timeutil import to_datetime

_T = TypeVar("_T", bound=str)
_D = TypeVar("_D", bound=Mapping[str, Any])
# An ISO 8601 time as stored by the app (and as the API's schema reads it): kept as written.
_ISO_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?")

DISCUSSION_MODES: tuple[DiscussionMode, ...] = ("sequential", "parallel")
MODERATOR_KINDS: tuple[ModeratorKind, ...] = ("scripted", "ai")
MESSAGE_KINDS: tuple[MessageKind, ...] = ("question", "round", "response", "probe", "summary")
PRIORITIES: tuple[Priority, ...] = ("high", "medium", "low")
STIMULUS_PLATFORMS: tuple[StimulusPlatform, ...] = (
    "youtube",
    "vimeo",
    "soundcloud",
    "spotify",
    "direct",
)
DEFAULT_STIMULUS_TYPE: StimulusType = "text"

# Spellings of a status written by older versions or by hand.
_STATUS_ALIASES: dict[str, SessionStatus] = {
    "new": "draft",
    "created": "draft",
    "inprogress": "in-progress",
    "running": "in-progress",
    "started": "in-progress",
    "active": "in-progress",
    "paused": "in-progress",
    "stopped": "in-progress",
    "complete": "completed",
    "done": "completed",
    "finished": "completed",
    "ended": "completed",
}


class SessionSettings(TypedDict):
    responseLength: ResponseLength
    discussionMode: DiscussionMode
    autoAdvance: bool
    moderator: ModeratorKind


class Participant(TypedDict):
    """A persona as frozen into the session when it was set up (with `enriched`)."""

    id: str
    name: str
    age: int
    gender: str
    location: str
    income: str
    traits: dict[str, float]
    interests: list[str]
    tags: list[str]
    enriched: dict[str, Any]
    generatedFrom: NotRequired[str | None]
    createdAt: NotRequired[str | None]
    updatedAt: NotRequired[str | None]


class Stimulus(TypedDict):
    id: str
    type: StimulusType
    title: str
    content: str
    description: NotRequired[str | None]
    platform: NotRequired[StimulusPlatform | None]


class ErrorRecord(TypedDict):
    status: int | None
    message: str


class ModelRecord(TypedDict):
    provider: str
    name: str


class SessionRecord(TypedDict):
    """A session as every reader sees it (the API's view adds the run's state: `error`,
    `running`, its messages and progress)."""

    id: str
    name: str
    description: str
    status: SessionStatus
    createdAt: datetime
    completedAt: datetime | None
    participants: list[Participant]
    moderatorStyle: ModeratorStyle
    stimuli: list[Stimulus]
    questions: list[str]
    settings: SessionSettings
    tokensUsed: int
    insights: dict[str, Any] | None
    model: ModelRecord | None


def one_of(value: Any, allowed: tuple[_T, ...], default: _T) -> _T:
    """`value` when it is one of `allowed`, else `default`."""
    for option in allowed:
        if value == option:
            return option
    return default


def _text(value: Any, default: str = "") -> str:
    if isinstance(value, str):
        return value
    if value is None or isinstance(value, (dict, list)):
        return default
    return str(value)


def _optional_text(value: Any) -> str | None:
    return None if value is None else _text(value)


def _int(value: Any, default: int = 0) -> int:
    if is_number(value):
        return round_half_up(value)
    if isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            return default
        return round_half_up(number) if is_number(number) else default
    return default


def _texts(value: Any) -> list[str]:
    """A list of strings: other items are dropped (None) or written as text (numbers)."""
    if not isinstance(value, list):
        return []
    return [_text(v) for v in value if v is not None and not isinstance(v, (dict, list))]


def _dicts(value: Any) -> list[Mapping[str, Any]]:
    if not isinstance(value, list):
        return []
    return [v for v in value if isinstance(v, Mapping)]


def session_status(value: Any, completed_at: Any = None) -> SessionStatus:
    """A stored status as one of the three; an unknown one is `completed` when the session
    has a completion time, else `in-progress` (it can be run or ended)."""
    text = _text(value).strip().lower().replace("_", "-").replace(" ", "-")
    for status in SESSION_STATUSES:
        if text == status:
            return status
    alias = _STATUS_ALIASES.get(text.replace("-", ""))
    if alias is not None:
        return alias
    return "completed" if completed_at is not None else "in-progress"


def moderator_style(value: Any) -> ModeratorStyle:
    return one_of(value, MODERATOR_STYLES, DEFAULT_MODERATOR_STYLE)


def session_settings(value: Any) -> SessionSettings:
    """The stored settings with the defaults of a new session for missing or odd values."""
    data: Mapping[str, Any] = value if isinstance(value, Mapping) else {}
    return {
        "responseLength": one_of(
            data.get("responseLength"), RESPONSE_LENGTHS, DEFAULT_RESPONSE_LENGTH
        ),
        "discussionMode": one_of(data.get("discussionMode"), DISCUSSION_MODES, "sequential"),
        "autoAdvance": data.get("autoAdvance") is True,
        "moderator": one_of(data.get("moderator"), MODERATOR_KINDS, "scripted"),
    }


def participant(value: Mapping[str, Any]) -> Participant:
    """A participant snapshot with every persona field (extra keys are left out)."""
    traits = value.get("traits")
    stored: Mapping[str, Any] = traits if isinstance(traits, Mapping) else {}
    enriched = value.get("enriched")
    out: Participant = {
        "id": _text(value.get("id")),
        "name": _text(value.get("name")),
        "age": _int(value.get("age")),
        "gender": _text(value.get("gender")),
        "location": _text(value.get("location")),
        "income": _text(value.get("income")),
        "traits": {t: v if is_number(v := stored.get(t)) else TRAIT_DEFAULT for t in TRAITS},
        "interests": _texts(value.get("interests")),
        "tags": _texts(value.get("tags")),
        "enriched": dict(enriched) if isinstance(enriched, Mapping) else {},
    }
    for key in ("generatedFrom", "createdAt", "updatedAt"):
        if key in value:
            out[key] = _optional_text(value.get(key))
    return _in_stored_order(out, value)


def _in_stored_order(out: _D, stored: Mapping[str, Any]) -> _D:
    """`out` with its keys in the stored order (then any added), so a copy of a stored
    value (the JSON export) reads as before."""
    ordered = {k: out[k] for k in stored if k in out}
    ordered.update((k, v) for k, v in out.items() if k not in ordered)
    return cast(_D, ordered)


def participants(value: Any) -> list[Participant]:
    return [participant(p) for p in _dicts(value)]


def stimulus(value: Mapping[str, Any], index: int) -> Stimulus:
    out: Stimulus = {
        "id": _text(value.get("id")) or f"stimulus-{index + 1}",
        "type": one_of(value.get("type"), STIMULUS_TYPES, DEFAULT_STIMULUS_TYPE),
        "title": _text(value.get("title")),
        "content": _text(value.get("content")),
    }
    if "description" in value:
        out["description"] = _optional_text(value.get("description"))
    if "platform" in value:
        out["platform"] = next((p for p in STIMULUS_PLATFORMS if p == value["platform"]), None)
    return _in_stored_order(out, value)


def stimuli(value: Any) -> list[Stimulus]:
    return [stimulus(s, i) for i, s in enumerate(_dicts(value))]


def error_record(value: Any) -> ErrorRecord | None:
    """The last generation error {status, message}; a bare text is its message."""
    if isinstance(value, str):
        return {"status": None, "message": value} if value else None
    if not isinstance(value, Mapping):
        return None
    status = value.get("status")
    return {
        "status": _int(status) if status is not None and _int(status, -1) >= 0 else None,
        "message": _text(value.get("message")),
    }


def _sentiment(value: Any) -> Sentiment:
    return one_of(value, SENTIMENTS, "neutral")


def _theme(value: Mapping[str, Any]) -> dict[str, Any]:
    out = {
        "theme": _text(value.get("theme")),
        "description": _text(value.get("description")),
        "frequency": _int(value.get("frequency")),
    }
    return _in_stored_order(out, value)


def _recommendation(value: Mapping[str, Any]) -> dict[str, Any]:
    out = {
        "priority": one_of(value.get("priority"), PRIORITIES, "medium"),
        "title": _text(value.get("title")),
        "description": _text(value.get("description")),
    }
    return _in_stored_order(out, value)


def _time(value: Any, default: datetime) -> datetime | str:
    """A stored moment: an ISO text as written, anything else readable as a datetime."""
    if isinstance(value, str) and _ISO_TIME.fullmatch(value) and to_datetime(value):
        return value
    return to_datetime(value) or default


def insights_record(value: Any, default_time: datetime) -> dict[str, Any] | None:
    """Stored insights with every field of the API's InsightsOut: missing or odd values get
    the neutral default (an empty text or list, zero percentages, `neutral`); a time that
    cannot be read is `default_time`. Extra keys are left out. Not an object: None."""
    if not isinstance(value, Mapping):
        return None
    breakdown = value.get("sentimentBreakdown")
    shares: Mapping[str, Any] = breakdown if isinstance(breakdown, Mapping) else {}
    out = {
        "summary": _text(value.get("summary")),
        "overallSentiment": _sentiment(value.get("overallSentiment")),
        "sentimentBreakdown": {s: _int(shares.get(s)) for s in SENTIMENTS},
        "keyThemes": [_theme(t) for t in _dicts(value.get("keyThemes"))],
        "recommendations": [_recommendation(r) for r in _dicts(value.get("recommendations"))],
        "generatedAt": _time(value.get("generatedAt"), default_time),
        "model": _text(value.get("model")),
    }
    return _in_stored_order(out, value)


def questions(value: Any) -> list[str]:
    return _texts(value)


def message_kind(kind: Any, participant_index: Any) -> MessageKind:
    """A stored message kind; an unknown one is read as an answer when a participant wrote
    it, else as a moderator question."""
    return one_of(kind, MESSAGE_KINDS, "response" if participant_index is not None else "question")
