"""Session answers and the rerun request; the session inputs the services take are in
colloquy/schemas/sessions.py."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import Field

from colloquy.api.schemas.evidence import EvidenceTierOut
from colloquy.api.schemas.personas import Traits
from colloquy.api.schemas.results import InsightsOut
from colloquy.api.schemas.usage import UsageOut
from colloquy.domain.constants import (
    DiscussionMode,
    MessageKind,
    ModeratorKind,
    ModeratorStyle,
    ResponseLength,
    SessionStatus,
    StimulusPlatform,
    StimulusType,
)
from colloquy.domain.interviews.takeover import QUESTION_MAX_CHARS
from colloquy.engine.event_schemas import ErrorInfo  # a run's error: an event's model too
from colloquy.schemas.common import CamelModel, ModelName, RequestModel


class SentimentCounts(CamelModel):
    positive: int
    neutral: int
    negative: int


class SessionModelOut(CamelModel):
    """Provenance: the provider and model that produced the session."""

    provider: str
    name: str


class SessionRerunIn(RequestModel):
    """Run again on another model; no provider: the current model of the Settings screen.
    No API key: the saved one when provider and base URL are the saved ones. A key given
    is stored encrypted with the copy, never returned."""

    provider: Literal["local", "openai", "anthropic"] | None = None
    base_url: str | None = Field(default=None, max_length=500)
    model: ModelName = None
    api_key: str | None = Field(default=None, max_length=500)
    # A saved model profile instead of provider/baseUrl/model/apiKey.
    profile_id: str | None = Field(default=None, max_length=64)


class SessionSummaryOut(CamelModel):
    id: str
    name: str
    description: str
    status: SessionStatus
    created_at: datetime
    completed_at: datetime | None
    participant_count: int
    message_count: int
    sentiment_counts: SentimentCounts
    model: SessionModelOut | None = None
    # "simulated" (run by the model) or "human" (a real group's transcript imported).
    source: Literal["simulated", "human"] = "simulated"
    kind: Literal["group", "interview"] = "group"  # docs/interviews.md
    # The stored session health verdict (good / fair / poor), once computed.
    health: str | None = None
    usage: UsageOut = Field(default_factory=UsageOut)


class MessageOut(CamelModel):
    id: str
    speaker: str
    content: str
    timestamp: datetime
    sentiment: str | None = None
    persona_id: str | None = None
    question_index: int
    round: int  # 0-based: 0 = initial responses
    participant_index: int | None = None
    kind: MessageKind  # probe and summary: the AI moderator's
    # What answer cleaning repaired (own-name prefix, another voice, meta text, ...).
    repairs: list[str] = Field(default_factory=list)
    # Why the message is not what was planned (an AI moderator call that fell back).
    note: str | None = None
    usage: UsageOut | None = None  # the provider's counts for this message
    # The model profile and model that wrote an answer (None: moderator, older).
    profile_id: str | None = None
    profile_name: str | None = None
    model: str | None = None
    # A private answer's stance: 1 strongly disagree ... 5 strongly agree.
    stance: int | None = None
    # How the stance is known: "stated" by the participant on a "Stance: N" line, or the
    # method that inferred it when none was stated ("ssr-agreement", "ssr-purchase-intent");
    # None on older sessions' answers.
    stance_method: str | None = None
    stance_inferred: bool | None = None  # true: not stated (None on other messages)


class ProgressOut(CamelModel):
    responses: int
    total: int  # questions x participants x 3
    question_index: int  # 0-based
    round: int  # 0-based
    participant_index: int | None  # next to answer (0-based); None when complete
    speaking_persona_id: str | None  # being generated right now
    # Natural mode: the turn being spoken on this question (1-based) and the
    # question's turn budget ("Turn 7 of ~15"); None in the other modes.
    turn: int | None = None
    turn_budget: int | None = None


class StimulusOut(CamelModel):
    id: str
    type: StimulusType
    title: str
    content: str
    description: str | None = None
    platform: StimulusPlatform | None = None


class SessionSettingsOut(CamelModel):
    response_length: ResponseLength
    discussion_mode: DiscussionMode
    auto_advance: bool
    # Who writes the prompts between rounds: scripted (the product's text) | ai.
    moderator: ModeratorKind = "scripted"
    # The session's own budget and webhook, only when it has them.
    budget_usd: float | None = Field(default=None, exclude_if=lambda v: v is None)
    webhook_url: str | None = Field(default=None, exclude_if=lambda v: v is None)
    # {personaId: model profile id}; participants not named use the default.
    participant_profiles: dict[str, str] = Field(default_factory=dict)
    # Private answers before/after each question; natural mode's model bids and
    # the seed of its speaker order and turn lengths (None in the other modes).
    private_answers: bool = False
    model_bids: bool = False
    seed: int | None = None
    # Interviews: the AI interviewer's follow-ups per topic (docs/interviews.md).
    max_probes: int | None = Field(default=None, exclude_if=lambda v: v is None)
    # "cache-friendly" when set (docs/usage-and-cost.md#prompt-caching); absent: persona-first.
    prompt_layout: Literal["persona-first", "cache-friendly"] | None = Field(
        default=None, exclude_if=lambda v: v is None
    )


class SessionParticipantOut(CamelModel):
    """A participant: the persona as frozen into the session when it was set up."""

    id: str
    name: str
    age: int
    gender: str
    location: str
    income: str
    traits: Traits
    interests: list[str]
    tags: list[str] = Field(default_factory=list)
    enriched: dict[str, Any]
    # The persona's own fields when it was snapshot (ISO times); absent in older sessions.
    generated_from: str | None = None
    created_at: str | None = None
    updated_at: str | None = None
    # Its evidence tier when it was snapshot; absent in older sessions.
    evidence: EvidenceTierOut | None = None


class ReplayOfOut(CamelModel):
    session_id: str
    participants: list[int]
    # The original's questions this replay asks (0-based, in order), those whose answers
    # the personas never saw, and how to read its similarity: "held-out", or "in-sample"
    # (the personas saw these answers; replays made before held-out questions existed).
    questions: list[int] | None = None
    held_out_questions: list[int] = Field(default_factory=list)
    basis: Literal["held-out", "in-sample"] = "in-sample"
    label: str = "in-sample (the personas saw these answers)"


class TypedQuestionIn(RequestModel):
    """The researcher's question in a taken-over interview: 1-2000 characters, trimmed."""

    # Twice the rule's length: the rule (domain/interviews/takeover.py) names the problem for
    # a question padded with spaces; this bound only keeps a huge body out.
    text: str = Field(max_length=2 * QUESTION_MAX_CHARS)


class FollowUpOfOut(CamelModel):
    """The focus group a follow-up interview follows up, and what its persona remembers."""

    session_id: str
    participant_id: str
    participant_name: str
    group_name: str
    remembered_turns: int  # the group's turns in the persona's memory
    left_out: int  # turns left out to fit the memory's token budget
    shortened: int  # others' turns shortened to fit it


class FollowUpOut(CamelModel):
    """One follow-up interview of a focus group."""

    id: str
    name: str
    status: SessionStatus
    created_at: datetime
    participant_id: str
    participant_name: str


class SessionFieldsOut(CamelModel):
    """A session's fields, run state, progress and usage (without its messages)."""

    id: str
    name: str
    description: str
    status: SessionStatus
    created_at: datetime
    completed_at: datetime | None
    participants: list[SessionParticipantOut]
    moderator_style: ModeratorStyle
    stimuli: list[StimulusOut]
    questions: list[str]
    settings: SessionSettingsOut
    tokens_used: int
    insights: InsightsOut | None
    error: ErrorInfo | None
    running: bool
    progress: ProgressOut
    model: SessionModelOut | None = None
    # "simulated" (run by the model) or "human" (a real group's transcript imported).
    source: Literal["simulated", "human"] = "simulated"
    kind: Literal["group", "interview"] = "group"  # docs/interviews.md
    # Take over (an interview): the researcher types the questions; the one not asked yet.
    taken_over: bool = False
    typed_question: str | None = None
    usage: UsageOut = Field(default_factory=UsageOut)
    # Persona id per participant of a human group (None: no turns), and for a
    # replay the original group {sessionId, participants: its participant per persona}.
    grounded_personas: list[str | None] | None = None
    # The questions whose answers those personas were built from (None: every question).
    grounded_personas_questions: list[int] | None = None
    replay_of: ReplayOfOut | None = None
    # Follow-up interviews (docs/interviews.md): the focus group this interview follows
    # up, and a focus group's follow-up interviews (oldest first).
    follow_up_of: FollowUpOfOut | None = None
    follow_ups: list[FollowUpOut] = Field(default_factory=list)


class SessionOut(SessionFieldsOut):
    messages: list[MessageOut]


class SessionHeaderOut(SessionFieldsOut):
    """GET /api/sessions/{id}/header: the session without its messages, and what the
    Results and live screens show of them (docs/performance.md#long-transcripts)."""

    message_count: int  # the public messages (the transcript's)
    answer_count: int  # of those, not the moderator's
    # Public messages per participant id (by persona id, or by name for imported groups).
    response_counts: dict[str, int]
    # The models of the answers in the order of their first answer (None: not recorded).
    answer_models: list[str | None]
    # Persona id -> the model of the participant's latest answer (mixed panels).
    latest_models: dict[str, str]
    private_answers: list[MessageOut]  # bounded: participants x questions x 2
