"""Session inputs. They are lenient about values (the service reports the messages of
docs/product-rules.md#5-validation-and-its-messages) but every string and list has a size
bound."""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field

from colloquy.domain.constants import SESSION_NAME_MAX_LENGTH
from colloquy.domain.sessions.stimuli import StimulusRecord
from colloquy.schemas.common import RequestModel
from colloquy.schemas.usage import StrictUsd

PersonaId = Annotated[str, Field(max_length=64)]
ProfileMap = Annotated[
    dict[Annotated[str, Field(max_length=64)], Annotated[str, Field(max_length=64)] | None],
    Field(max_length=600),
]
QuestionText = Annotated[str, Field(max_length=5000)] | None


class StimulusIn(RequestModel):
    model_config = ConfigDict(extra="ignore")

    id: str | None = Field(default=None, max_length=64)
    type: str | None = Field(default=None, max_length=20)
    title: str | None = Field(default=None, max_length=500)
    content: str | None = Field(default=None, max_length=20_000)
    description: str | None = Field(default=None, max_length=2000)
    platform: str | None = Field(default=None, max_length=20)  # recomputed from content

    def record(self) -> StimulusRecord:
        """The stimulus as the rules read it: the fields given, as `exclude_none` dumps it."""
        out: StimulusRecord = {}
        if self.id is not None:
            out["id"] = self.id
        if self.type is not None:
            out["type"] = self.type
        if self.title is not None:
            out["title"] = self.title
        if self.content is not None:
            out["content"] = self.content
        if self.description is not None:
            out["description"] = self.description
        if self.platform is not None:
            out["platform"] = self.platform
        return out


class SessionSettingsIn(RequestModel):
    model_config = ConfigDict(extra="ignore")

    response_length: str | None = Field(default=None, max_length=20)
    discussion_mode: str | None = Field(default=None, max_length=20)
    auto_advance: bool = False
    moderator: str | None = Field(default=None, max_length=20)  # scripted | ai
    # The run's budget (USD) and webhook (docs/usage-and-cost.md); absent: the Settings screen's defaults.
    budget_usd: StrictUsd | None = None
    webhook_url: str | None = Field(default=None, max_length=2000)
    # Mixed panels (docs/models.md): {personaId: model profile id}; absent: the default model.
    participant_profiles: ProfileMap | None = None
    private_answers: bool = False  # before and after each question (docs/natural-mode.md)
    model_bids: bool = False  # natural mode only
    seed: int | None = None  # natural mode: replay a run; None: a new random seed
    # Interviews: the AI interviewer's follow-ups per topic, 0-5 (docs/interviews.md).
    max_probes: int | None = None
    # "persona-first" (default) or "cache-friendly" (docs/usage-and-cost.md#prompt-caching).
    prompt_layout: str | None = Field(default=None, max_length=20)


class SessionCreate(RequestModel):
    model_config = ConfigDict(extra="ignore")

    name: str | None = Field(default=None, max_length=SESSION_NAME_MAX_LENGTH)
    description: str | None = Field(default=None, max_length=20_000)
    participant_ids: list[PersonaId] = Field(default_factory=list, max_length=50)
    moderator_style: str | None = Field(default=None, max_length=20)
    stimuli: list[StimulusIn] = Field(default_factory=list, max_length=50)
    questions: list[QuestionText] = Field(default_factory=list, max_length=50)
    settings: SessionSettingsIn = Field(default_factory=SessionSettingsIn)
    # "group" (a focus group) or "interview": one persona, a guide of 1-30 questions or
    # topics, `settings.moderator` the interviewer (docs/interviews.md).
    kind: str | None = Field(default=None, max_length=20)


class SessionUpdate(RequestModel):
    """PATCH: name and description; the setup fields only while the session is a draft."""

    model_config = ConfigDict(extra="ignore")

    name: str | None = Field(default=None, max_length=SESSION_NAME_MAX_LENGTH)
    description: str | None = Field(default=None, max_length=20_000)
    participant_ids: list[PersonaId] | None = Field(default=None, max_length=50)
    moderator_style: str | None = Field(default=None, max_length=20)
    stimuli: list[StimulusIn] | None = Field(default=None, max_length=50)
    questions: list[QuestionText] | None = Field(default=None, max_length=50)
    settings: SessionSettingsIn | None = None


class FollowUpInterviewCreate(RequestModel):
    """A follow-up interview with a completed focus group's participant (docs/interviews.md)."""

    model_config = ConfigDict(extra="ignore")

    participant_id: str | None = Field(default=None, max_length=64)
    questions: list[QuestionText] = Field(default_factory=list, max_length=50)
    interviewer: str | None = Field(default=None, max_length=20)  # scripted | ai
    max_probes: int | None = None
    name: str | None = Field(default=None, max_length=SESSION_NAME_MAX_LENGTH)
