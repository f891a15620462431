"""Survey inputs. They are lenient about values (the service reports the
rules' own messages) but every string and list has a size bound."""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field

from colloquy.schemas.common import RequestModel
from colloquy.schemas.sessions import ProfileMap, StimulusIn
from colloquy.schemas.usage import StrictUsd

Anchor = Annotated[str, Field(max_length=1000)]
PersonaId = Annotated[str, Field(max_length=64)]


class CustomScaleIn(RequestModel):
    model_config = ConfigDict(extra="ignore")

    label: str | None = Field(default=None, max_length=200)
    anchors: list[Anchor] = Field(default_factory=list, max_length=20)


class SurveyQuestionIn(RequestModel):
    model_config = ConfigDict(extra="ignore")

    text: str | None = Field(default=None, max_length=2000)
    # A built-in scale key (purchase_intent, recommend, liking, relevance, believability,
    # uniqueness) or a custom scale; default purchase_intent.
    scale: Annotated[str, Field(max_length=100)] | CustomScaleIn | None = None


class SurveyCreate(RequestModel):
    model_config = ConfigDict(extra="ignore")

    name: str | None = Field(default=None, max_length=1000)
    concepts: list[StimulusIn] = Field(default_factory=list, max_length=20)
    questions: list[SurveyQuestionIn] = Field(default_factory=list, max_length=30)
    respondent_ids: list[PersonaId] = Field(default_factory=list, max_length=600)
    samples: int | None = Field(default=None, ge=-100, le=100)
    ask_direct: bool = False
    settings: SurveySettingsIn | None = None


class SurveySettingsIn(RequestModel):
    model_config = ConfigDict(extra="ignore")

    # Mixed panels (docs/models.md): {personaId: model profile id}; absent: the default model.
    participant_profiles: ProfileMap | None = None
    # The survey's budget (USD) and webhook (docs/usage-and-cost.md); absent: the Settings screen's defaults.
    budget_usd: StrictUsd | None = None
    webhook_url: str | None = Field(default=None, max_length=2000)
