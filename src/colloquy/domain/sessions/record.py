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

from collections.abc import Mapping
from datetime import datetime
from typing import Any, NotRequired, TypedDict, get_args

from colloquy.domain.constants import (
    DEFAULT_MODERATOR_STYLE,
    DEFAULT_RESPONSE_LENGTH,
    MODERATOR_STYLES,
    RESPONSE_LENGTHS,
    SESSION_STATUSES,
    STIMULUS_TYPES,
    TRAIT_DEFAULT,
    TRAITS,
    DiscussionMode,
    MessageKind,
    ModeratorKind,
    ModeratorStyle,
    ResponseLength,
    SessionStatus,
    StimulusPlatform,
    StimulusType,
)
from colloquy.domain.interviews.rules import max_probes
from colloquy.domain.numbers.mathutil import is_number
from colloquy.domain.sessions.prompt_layout import prompt_layout
from colloquy.domain.stored.stored_values import (
    dicts,
    in_stored_order,
    integer,
    one_of,
    optional_text,
    text,
    texts,
)
from colloquy.domain.usage.run_settings import stored_run_settings

DISCUSSION_MODES: tuple[DiscussionMode, ...] = ("sequential", "parallel", "natural")
MODERATOR_KINDS: tuple[ModeratorKind, ...] = ("scripted", "ai")
MESSAGE_KINDS: tuple[MessageKind, ...] = get_args(MessageKind)
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
    budgetUsd: NotRequired[float]  # the run's budget (domain/usage/run_settings.py)
    webhookUrl: NotRequired[str]
    participantProfiles: NotRequired[dict[str, str]]  # {personaId: profileId}
    privateAnswers: NotRequired[bool]  # private answers before/after each question
    modelBids: NotRequired[bool]  # natural mode: participants bid 0-9 to speak (one call a turn)
    seed: NotRequired[int | None]  # natural mode: who speaks and how long (replayable)
    maxProbes: NotRequired[int]  # interviews: the AI interviewer's follow-ups per topic
    promptLayout: NotRequired[str]  # "cache-friendly" (prompt_layout.py); absent: persona-first


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
    evidence: NotRequired[dict[str, Any]]  # its evidence tier


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
    source: str  # "simulated" | "human"
    kind: str  # "group" | "interview" (docs/interviews.md)


def session_status(value: Any, completed_at: Any = None) -> SessionStatus:
    """A stored status as one of the three; an unknown one is `completed` when the session
    has a completion time, else `in-progress` (it can be run or ended)."""
    spelled = text(value).strip().lower().replace("_", "-").replace(" ", "-")
    for status in SESSION_STATUSES:
        if spelled == status:
            return status
    alias = _STATUS_ALIASES.get(spelled.replace("-", ""))
    if alias is not None:
        return alias
    return "completed" if completed_at is not None else "in-progress"


def moderator_style(value: Any) -> ModeratorStyle:
    return one_of(value, MODERATOR_STYLES, DEFAULT_MODERATOR_STYLE)


def session_settings(value: Any) -> SessionSettings:
    """The stored settings with the defaults of a new session for missing or odd values."""
    data: Mapping[str, Any] = value if isinstance(value, Mapping) else {}
    out: SessionSettings = {
        "responseLength": one_of(
            data.get("responseLength"), RESPONSE_LENGTHS, DEFAULT_RESPONSE_LENGTH
        ),
        "discussionMode": one_of(data.get("discussionMode"), DISCUSSION_MODES, "sequential"),
        "autoAdvance": data.get("autoAdvance") is True,
        "moderator": one_of(data.get("moderator"), MODERATOR_KINDS, "scripted"),
        **stored_run_settings(data),  # type: ignore[typeddict-item]
        "participantProfiles": profile_map(data.get("participantProfiles")),
    }
    # Natural mode's and private answers' settings only when stored (older sessions read as before).
    if "privateAnswers" in data:
        out["privateAnswers"] = data.get("privateAnswers") is True
    if "modelBids" in data:
        out["modelBids"] = data.get("modelBids") is True
    if "promptLayout" in data:  # docs/usage-and-cost.md#prompt-caching
        out["promptLayout"] = prompt_layout(data)
    if "maxProbes" in data:  # interviews (docs/interviews.md)
        out["maxProbes"] = max_probes(data)
    if "seed" in data:
        seed = data.get("seed")
        out["seed"] = seed if type(seed) is int and 0 <= seed < 2**53 else None
    return out


def profile_map(value: Any) -> dict[str, str]:
    """{personaId: profileId} of a mixed panel; anything else reads as none."""
    if not isinstance(value, Mapping):
        return {}
    return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, str) and v}


def participant(value: Mapping[str, Any]) -> Participant:
    """A participant snapshot with every persona field (extra keys are left out)."""
    traits = value.get("traits")
    stored: Mapping[str, Any] = traits if isinstance(traits, Mapping) else {}
    enriched = value.get("enriched")
    out: Participant = {
        "id": text(value.get("id")),
        "name": text(value.get("name")),
        "age": integer(value.get("age")),
        "gender": text(value.get("gender")),
        "location": text(value.get("location")),
        "income": text(value.get("income")),
        "traits": {t: v if is_number(v := stored.get(t)) else TRAIT_DEFAULT for t in TRAITS},
        "interests": texts(value.get("interests")),
        "tags": texts(value.get("tags")),
        "enriched": dict(enriched) if isinstance(enriched, Mapping) else {},
    }
    for key in ("generatedFrom", "createdAt", "updatedAt"):
        if key in value:
            out[key] = optional_text(value.get(key))
    evidence = value.get("evidence")
    if isinstance(evidence, Mapping):
        out["evidence"] = {
            "tier": text(evidence.get("tier")),
            "documents": integer(evidence.get("documents")),
            "words": integer(evidence.get("words")),
        }
    return in_stored_order(out, value)


def participants(value: Any) -> list[Participant]:
    return [participant(p) for p in dicts(value)]


def stimulus(value: Mapping[str, Any], index: int) -> Stimulus:
    out: Stimulus = {
        "id": text(value.get("id")) or f"stimulus-{index + 1}",
        "type": one_of(value.get("type"), STIMULUS_TYPES, DEFAULT_STIMULUS_TYPE),
        "title": text(value.get("title")),
        "content": text(value.get("content")),
    }
    if "description" in value:
        out["description"] = optional_text(value.get("description"))
    if "platform" in value:
        out["platform"] = next((p for p in STIMULUS_PLATFORMS if p == value["platform"]), None)
    return in_stored_order(out, value)


def stimuli(value: Any) -> list[Stimulus]:
    return [stimulus(s, i) for i, s in enumerate(dicts(value))]


def error_record(value: Any) -> ErrorRecord | None:
    """The last generation error {status, message}; a bare text is its message."""
    if isinstance(value, str):
        return {"status": None, "message": value} if value else None
    if not isinstance(value, Mapping):
        return None
    status = value.get("status")
    return {
        "status": integer(status) if status is not None and integer(status, -1) >= 0 else None,
        "message": text(value.get("message")),
    }


def questions(value: Any) -> list[str]:
    return texts(value)


def message_kind(kind: Any, participant_index: Any) -> MessageKind:
    """A stored message kind; an unknown one is read as an answer when a participant wrote
    it, else as a moderator question."""
    return one_of(kind, MESSAGE_KINDS, "response" if participant_index is not None else "question")
