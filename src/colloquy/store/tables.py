"""ORM rows. Lists and nested objects are JSON columns; messages are one row each."""

from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, validates

from colloquy.domain.constants import MODEL_NAME_MAX_LENGTH
from colloquy.store.types import UTCDateTime, utcnow


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        dict[str, Any]: JSON,
        list[Any]: JSON,
        datetime: UTCDateTime,
    }


class WorkspaceRow(Base):
    """A workspace: the personas, sessions, surveys and syntheses of one team or project.
    Migration 0030 made the first one (`default`) and moved every existing row into it."""

    __tablename__ = "workspaces"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class PersonaRow(Base):
    __tablename__ = "personas"
    # The paged library's sorts, inside a workspace (migration 0033_workspaces).
    __table_args__ = (
        Index("ix_personas_ws_created_id", "workspace_id", "created_at", "id"),
        Index("ix_personas_ws_name_id", "workspace_id", "name", "id"),
    )

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    # Its workspace: every read is filtered by it (store/workspace_scope.py).
    workspace_id: Mapped[str] = mapped_column(ForeignKey("workspaces.id"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    age: Mapped[int] = mapped_column(Integer)
    gender: Mapped[str] = mapped_column(String(40))
    location: Mapped[str] = mapped_column(String(200))
    income: Mapped[str] = mapped_column(String(40))
    traits: Mapped[dict[str, Any]]
    interests: Mapped[list[Any]]
    generated_from: Mapped[str | None] = mapped_column(Text, default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    # Segment labels ("Gen Z", "Chicago"); null on rows made before tags existed.
    tags: Mapped[list[Any] | None] = mapped_column(JSON, default=list)


class SessionRow(Base):
    __tablename__ = "sessions"
    # The dashboard's sorts and filters, inside a workspace (migration 0033_workspaces).
    __table_args__ = (
        Index("ix_sessions_ws_created_id", "workspace_id", "created_at", "id"),
        Index("ix_sessions_ws_status_created_id", "workspace_id", "status", "created_at", "id"),
        Index("ix_sessions_ws_name_id", "workspace_id", "name", "id"),
        Index("ix_sessions_ws_kind_created_id", "workspace_id", "kind", "created_at", "id"),
    )

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    # Its workspace: every read is filtered by it (store/workspace_scope.py).
    workspace_id: Mapped[str] = mapped_column(ForeignKey("workspaces.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str] = mapped_column(String(20), default="draft", index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    completed_at: Mapped[datetime | None] = mapped_column(default=None)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    # Snapshots of the participants as they were when the session was created.
    participants: Mapped[list[Any]]
    moderator_style: Mapped[str] = mapped_column(String(20), default="casual")
    stimuli: Mapped[list[Any]]
    questions: Mapped[list[Any]]
    settings: Mapped[dict[str, Any]]
    tokens_used: Mapped[int] = mapped_column(Integer, default=0)
    insights: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    # Last generation error {status, message}; cleared by Retry.
    error: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    # Runner bookkeeping: whether a runner should be driving it, and its guard counters.
    running: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    stop_requested: Mapped[bool] = mapped_column(Boolean, default=False)
    request_count: Mapped[int] = mapped_column(Integer, default=0)
    iteration_count: Mapped[int] = mapped_column(Integer, default=0)
    # Provenance: the provider and model that produced the answers (set when a run starts).
    model_provider: Mapped[str | None] = mapped_column(String(60), default=None)
    model_name: Mapped[str | None] = mapped_column(String(300), default=None)
    # "Run again on another model": {provider, baseUrl, model, apiKey (encrypted)}; the
    # runner uses it instead of the global model. None: the model of the Settings screen.
    model_override: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    # "simulated" (run by the model) or "human" (a real group's transcript imported).
    source: Mapped[str] = mapped_column(String(20), default="simulated", server_default="simulated")
    # "group" (a focus group) or "interview" (one persona, docs/interviews.md).
    kind: Mapped[str] = mapped_column(String(20), default="group", server_default="group")
    # A follow-up interview (docs/interviews.md): the focus group it follows up, and
    # {participantId, participantName, groupName, memory} (what the persona remembers).
    follow_up_of_id: Mapped[str | None] = mapped_column(String(64), default=None, index=True)
    follow_up: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    # The study an interview belongs to (docs/interviews.md#studies); None: on its own.
    study_id: Mapped[str | None] = mapped_column(String(64), default=None, index=True)
    # Its public messages by sentiment, bumped as they are stored (the dashboard's card sums
    # these; domain/sessions/sentiment_tally.py; 0034_list_counts).
    positive_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    neutral_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    negative_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # Take over (docs/interviews.md): the researcher asks instead of the interviewer, and
    # the typed question the run has not asked yet (the runner reads both from here).
    taken_over: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    typed_question: Mapped[str | None] = mapped_column(Text, default=None)


class MessageRow(Base):
    __tablename__ = "messages"
    __table_args__ = (
        UniqueConstraint("session_id", "seq", name="uq_messages_session_seq"),
        # One answer per question/round/participant and kind (a private answer shares its
        # position with a public one): the runner's "no repeat" guard, enforced.
        Index(
            "uq_messages_turn",
            "session_id",
            "question_index",
            "round_index",
            "participant_index",
            "kind",
            unique=True,
        ),
    )

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    session_id: Mapped[str] = mapped_column(
        ForeignKey("sessions.id", ondelete="CASCADE"), index=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    speaker: Mapped[str] = mapped_column(String(200))
    content: Mapped[str] = mapped_column(Text)
    timestamp: Mapped[datetime] = mapped_column(default=utcnow)
    sentiment: Mapped[str | None] = mapped_column(String(10), default=None)
    persona_id: Mapped[str | None] = mapped_column(String(64), default=None)
    # Position in the run: which question and round this message belongs to.
    question_index: Mapped[int] = mapped_column(Integer, default=0)
    round_index: Mapped[int] = mapped_column(Integer, default=0)
    # Null for moderator messages (so the unique turn index ignores them).
    participant_index: Mapped[int | None] = mapped_column(Integer, default=None)
    kind: Mapped[str] = mapped_column(String(20), default="response")
    tokens: Mapped[int] = mapped_column(Integer, default=0)
    # What answer cleaning repaired (domain/answer_cleaning.py) and the model's own text.
    repairs: Mapped[list[Any] | None] = mapped_column(JSON, default=None)
    raw_content: Mapped[str | None] = mapped_column(Text, default=None)
    # Why a message is not what was planned, e.g. the AI moderator's fallback.
    note: Mapped[str | None] = mapped_column(Text, default=None)
    # What the provider reported for the call(s) that wrote it, priced then.
    prompt_tokens: Mapped[int | None] = mapped_column(Integer, default=None)
    completion_tokens: Mapped[int | None] = mapped_column(Integer, default=None)
    cached_tokens: Mapped[int | None] = mapped_column(Integer, default=None)
    cost_usd: Mapped[float | None] = mapped_column(Float, default=None)
    # The model profile and model that wrote it (mixed panels; None: moderator, older rows).
    profile_id: Mapped[str | None] = mapped_column(String(64), default=None)
    profile_name: Mapped[str | None] = mapped_column(String(100), default=None)
    profile_model: Mapped[str | None] = mapped_column(String(300), default=None)
    # A private answer's stance, 1 (strongly disagree) to 5 (strongly agree).
    stance: Mapped[int | None] = mapped_column(Integer, default=None)
    # "stated" by the participant, or the method that inferred it (docs/natural-mode.md).
    stance_method: Mapped[str | None] = mapped_column(String(40), default=None)


class DraftRow(Base):
    __tablename__ = "draft"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[dict[str, Any]]
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class AppSettingRow(Base):
    """One application setting saved from the UI (the model settings: `model`). Secrets in
    `data` are encrypted (services/secret_box.py)."""

    __tablename__ = "app_settings"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    data: Mapped[dict[str, Any]]
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class SessionHealthRow(Base):
    """The session health report (domain/session_health.py), one per session; recomputed
    when the session's message count changes."""

    __tablename__ = "session_health"

    session_id: Mapped[str] = mapped_column(
        ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True
    )
    overall: Mapped[str] = mapped_column(String(10))
    report: Mapped[dict[str, Any]]
    message_count: Mapped[int] = mapped_column(Integer)
    computed_at: Mapped[datetime] = mapped_column(default=utcnow)


class PersonaAuditRow(Base):
    """One IPIP personality audit of a persona (domain/personality_audit.py)."""

    __tablename__ = "persona_audits"
    __table_args__ = (Index("ix_persona_audits_persona_id", "persona_id", "created_at"),)

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    persona_id: Mapped[str] = mapped_column(ForeignKey("personas.id", ondelete="CASCADE"))
    assigned: Mapped[dict[str, Any]]
    measured: Mapped[dict[str, Any]]
    items: Mapped[list[Any]]
    engaging: Mapped[bool] = mapped_column(Boolean)
    model: Mapped[str] = mapped_column(String(MODEL_NAME_MAX_LENGTH))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class SurveyRow(Base):
    """A survey: concepts x questions asked of respondents, rated by SSR.
    Respondents are persona snapshots taken when the survey was created."""

    __tablename__ = "surveys"
    __table_args__ = (
        Index("ix_surveys_ws_created_id", "workspace_id", "created_at", "id"),
        Index("ix_surveys_ws_name_id", "workspace_id", "name", "id"),
    )

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    # Its workspace: every read is filtered by it (store/workspace_scope.py).
    workspace_id: Mapped[str] = mapped_column(ForeignKey("workspaces.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(20), default="draft", index=True)
    concepts: Mapped[list[Any]]
    questions: Mapped[list[Any]]
    respondents: Mapped[list[Any]]
    # len(respondents), kept so that the survey list does not read the snapshots (0030).
    respondent_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    samples: Mapped[int] = mapped_column(Integer, default=2)
    ask_direct: Mapped[bool] = mapped_column(Boolean, default=False)
    # The chat model and the embedder that rated the answers (named on results/exports).
    model: Mapped[str] = mapped_column(String(MODEL_NAME_MAX_LENGTH), default="")
    embedder: Mapped[str] = mapped_column(String(300), default="")
    error: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    completed_at: Mapped[datetime | None] = mapped_column(default=None)
    # {budgetUsd, webhookUrl}; None: the defaults of the Settings screen.
    settings: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)

    @validates("respondents")
    def _count_respondents(self, _key: str, respondents: list[Any]) -> list[Any]:
        """Every write of the snapshots through the ORM sets their count with them."""
        self.respondent_count = len(respondents or [])
        return respondents


class SurveyAnswerRow(Base):
    """One planned call's answer: (respondent, concept, question, sample) is unique, so a
    resumed survey never answers a cell twice."""

    __tablename__ = "survey_answers"
    __table_args__ = (
        UniqueConstraint(
            "survey_id",
            "respondent_id",
            "concept_id",
            "question_id",
            "sample",
            name="uq_survey_answers_cell",
        ),
    )

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    survey_id: Mapped[str] = mapped_column(ForeignKey("surveys.id", ondelete="CASCADE"), index=True)
    respondent_id: Mapped[str] = mapped_column(String(64))
    concept_id: Mapped[str] = mapped_column(String(64))
    question_id: Mapped[str] = mapped_column(String(64))
    sample: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    pmf: Mapped[list[Any] | None] = mapped_column(JSON, default=None)
    direct: Mapped[int | None] = mapped_column(Integer, default=None)
    direct_text: Mapped[str | None] = mapped_column(Text, default=None)
    # The embedder that rated this answer (None: not rated yet, or rated before 0013).
    embedder: Mapped[str | None] = mapped_column(String(200), default=None)
    tokens: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # What the provider reported for the answer's call(s), priced then.
    prompt_tokens: Mapped[int | None] = mapped_column(Integer, default=None)
    completion_tokens: Mapped[int | None] = mapped_column(Integer, default=None)
    cached_tokens: Mapped[int | None] = mapped_column(Integer, default=None)
    cost_usd: Mapped[float | None] = mapped_column(Float, default=None)
    # The model profile and model that wrote it (mixed panels; None on older rows).
    profile_id: Mapped[str | None] = mapped_column(String(64), default=None)
    profile_name: Mapped[str | None] = mapped_column(String(100), default=None)
    profile_model: Mapped[str | None] = mapped_column(String(300), default=None)


class SessionLeaseRow(Base):
    """PostgreSQL only: the process that runs a session, until `expires_at` (renewed by
    its heartbeat); `stop_request` ('stop', 'end') is another process asking it to stop."""

    __tablename__ = "session_leases"

    session_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True
    )
    owner: Mapped[str] = mapped_column(String(100))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    stop_request: Mapped[str | None] = mapped_column(String(10), nullable=True)


class SurveyLeaseRow(Base):
    """PostgreSQL only: the process that runs a survey, as SessionLeaseRow for sessions
    (the same lease strategy, engine/cluster.py); `stop_request` is 'stop'."""

    __tablename__ = "survey_leases"

    survey_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("surveys.id", ondelete="CASCADE"), primary_key=True
    )
    owner: Mapped[str] = mapped_column(String(100))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    stop_request: Mapped[str | None] = mapped_column(String(10), nullable=True)


class WebhookDeliveryRow(Base):
    """One webhook POST: a session or survey finished or failed. Kept so that
    failures show on the Settings screen (services/usage/webhooks.py)."""

    __tablename__ = "webhook_deliveries"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    target_kind: Mapped[str] = mapped_column(String(20))  # session | survey
    target_id: Mapped[str] = mapped_column(String(64))
    event: Mapped[str] = mapped_column(String(40))  # session.completed, survey.failed, ...
    url: Mapped[str] = mapped_column(String(2000))
    status: Mapped[str] = mapped_column(String(20), index=True)  # pending|delivered|failed
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str | None] = mapped_column(Text, default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class ModelProfileRow(Base):
    """A saved model: provider, endpoint, model and key (encrypted with the
    secret box). The default one is the model of the Settings screen."""

    __tablename__ = "model_profiles"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    provider: Mapped[str] = mapped_column(String(20))
    base_url: Mapped[str | None] = mapped_column(String(500), default=None)
    model: Mapped[str | None] = mapped_column(String(300), default=None)
    api_key: Mapped[str | None] = mapped_column(Text, default=None)
    is_default: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class SettingsVersionRow(Base):
    """One row: bumped by every saved model, profile or embeddings change, so every
    process of a deployment reloads them (services/model_settings/settings_sync.py)."""

    __tablename__ = "settings_version"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class PersonaEvidenceRow(Base):
    """A document of evidence on a persona; the file is kept under
    data/evidence/<persona id>/ (`stored_name`), its text here, its passages below."""

    __tablename__ = "persona_evidence"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    persona_id: Mapped[str] = mapped_column(
        ForeignKey("personas.id", ondelete="CASCADE"), index=True
    )
    filename: Mapped[str] = mapped_column(String(300))
    kind: Mapped[str] = mapped_column(String(10))  # pdf, docx, txt, csv, md
    source: Mapped[str] = mapped_column(String(40), default="upload")
    stored_name: Mapped[str | None] = mapped_column(String(100), default=None)
    text: Mapped[str] = mapped_column(Text)
    words: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class EvidencePassageRow(Base):
    """One retrievable passage of a persona's evidence and its vector (from `embedder`;
    re-embedded when the active embedder has another name)."""

    __tablename__ = "evidence_passages"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    evidence_id: Mapped[str] = mapped_column(
        ForeignKey("persona_evidence.id", ondelete="CASCADE"), index=True
    )
    persona_id: Mapped[str] = mapped_column(String(64), index=True)
    position: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    vector: Mapped[list[Any] | None] = mapped_column(JSON, default=None)
    embedder: Mapped[str | None] = mapped_column(String(300), default=None)


class SurveyHumanAnswerRow(Base):
    """People's own rating of a survey's concept x question, uploaded as a CSV:
    an upload replaces all of a survey's earlier ones (services/surveys/human_results.py)."""

    __tablename__ = "survey_human_answers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    survey_id: Mapped[str] = mapped_column(ForeignKey("surveys.id", ondelete="CASCADE"), index=True)
    concept_id: Mapped[str] = mapped_column(String(64))
    question_id: Mapped[str] = mapped_column(String(64))
    respondent: Mapped[str] = mapped_column(String(200))
    rating: Mapped[int] = mapped_column(Integer)
    line: Mapped[int] = mapped_column(Integer)
    file_name: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class SynthesisRow(Base):
    """A synthesis across sessions (services/studies): the model's themes and its coding of
    every respondent's answers into verbatim quotes; the figures are computed on read. One
    per set of sessions and their answers (`cache_key`)."""

    __tablename__ = "syntheses"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    # Its workspace: every read is filtered by it (store/workspace_scope.py).
    workspace_id: Mapped[str] = mapped_column(ForeignKey("workspaces.id"), index=True)
    cache_key: Mapped[str] = mapped_column(String(64), index=True)
    session_ids: Mapped[list[Any]]
    segment_by: Mapped[str | None] = mapped_column(String(120), default=None)
    status: Mapped[str] = mapped_column(String(20), default="running")
    done: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    themes: Mapped[list[Any]]
    respondents: Mapped[list[Any]]
    quotes: Mapped[list[Any]]
    dropped: Mapped[dict[str, Any]]
    model: Mapped[str] = mapped_column(String(MODEL_NAME_MAX_LENGTH), default="")
    error: Mapped[str | None] = mapped_column(Text, default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    completed_at: Mapped[datetime | None] = mapped_column(default=None)


class StudyRow(Base):
    """A study: one interview guide run with many personas, one interview session each
    (`session_ids`, in the personas' order), and the synthesis of those interviews."""

    __tablename__ = "studies"
    __table_args__ = (Index("ix_studies_ws_created_id", "workspace_id", "created_at", "id"),)

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    # Its workspace: every read is filtered by it (store/workspace_scope.py).
    workspace_id: Mapped[str] = mapped_column(ForeignKey("workspaces.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    questions: Mapped[list[Any]]
    # moderator (the interviewer), maxProbes, responseLength, modelProfileId, budgetUsd, webhookUrl
    settings: Mapped[dict[str, Any]]
    persona_ids: Mapped[list[Any]]
    session_ids: Mapped[list[Any]]
    status: Mapped[str] = mapped_column(String(20), default="running")
    error: Mapped[str | None] = mapped_column(Text, default=None)
    synthesis_id: Mapped[str | None] = mapped_column(String(64), default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    completed_at: Mapped[datetime | None] = mapped_column(default=None)
