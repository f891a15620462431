"""The synthesis' request: which sessions, and optionally the segments to compare."""

from typing import Annotated

from pydantic import ConfigDict, Field

from colloquy.domain.constants import SESSION_NAME_MAX_LENGTH
from colloquy.schemas.common import RequestModel
from colloquy.schemas.sessions import PersonaId, QuestionText
from colloquy.schemas.usage import StrictUsd

SessionId = Annotated[str, Field(max_length=64)]


class SynthesisCreate(RequestModel):
    session_ids: list[SessionId] = Field(
        min_length=1, max_length=50, description="The completed sessions to synthesise (1-50)."
    )
    segment_by: str | None = Field(
        default=None,
        max_length=120,
        description="age, gender, income, a Big Five trait (high at 50+) or tag:<name>.",
    )


class StudySettingsIn(RequestModel):
    model_config = ConfigDict(extra="ignore")

    moderator: str | None = Field(
        default=None, max_length=20, description="The interviewer: scripted or ai (default ai)."
    )
    max_probes: int | None = Field(
        default=None, description="The AI interviewer's follow-ups per topic, 0-5 (default 2)."
    )
    response_length: str | None = Field(default=None, max_length=20)
    model_profile_id: str | None = Field(
        default=None, max_length=64, description="The model profile the personas answer on."
    )
    budget_usd: StrictUsd | None = Field(
        default=None, description="The study's budget (USD), split evenly over its interviews."
    )
    webhook_url: str | None = Field(default=None, max_length=2000)


class StudyCreate(RequestModel):
    """One interview guide x many personas (docs/interviews.md#studies)."""

    model_config = ConfigDict(extra="ignore")

    name: str | None = Field(default=None, max_length=SESSION_NAME_MAX_LENGTH)
    description: str | None = Field(default=None, max_length=20_000)
    questions: list[QuestionText] = Field(default_factory=list, max_length=50)
    persona_ids: list[PersonaId] = Field(default_factory=list, max_length=50)
    persona_tag: str | None = Field(
        default=None, max_length=100, description="Interview every persona with this tag."
    )
    settings: StudySettingsIn = Field(default_factory=StudySettingsIn)
