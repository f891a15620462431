"""The discussion guide file format (docs/guides.md): a focus group or a survey as YAML or JSON.

Keys are the API's camelCase; unknown keys, wrong types and missing fields are refused
(`extra="forbid"`, strict types). Value sets that the API checks itself (the discussion
mode, for one) are left to the API's own request model and rules, so a mode the API gains
works in guides without a change here: the guide's `settings` takes its fields from the
API's `SessionSettingsIn` (all but `moderator`, which is `moderator.kind` here).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    create_model,
    field_validator,
    model_validator,
)
from pydantic.alias_generators import to_camel

from colloquy.domain.constants import (
    DEFAULT_MODERATOR_STYLE,
    DIVERSITY_LEVELS,
    SESSION_NAME_MAX_LENGTH,
    ModeratorKind,
    ModeratorStyle,
    StimulusType,
)
from colloquy.schemas.common import ModelName
from colloquy.schemas.sessions import SessionSettingsIn

GUIDE_VERSION: Literal[1] = 1
PersonaId = Annotated[str, Field(min_length=1, max_length=64)]
TagName = Annotated[str, Field(min_length=1, max_length=50)]
Question = Annotated[str, Field(min_length=1, max_length=1000)]


class GuideModel(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        alias_generator=to_camel,
        populate_by_name=False,
        allow_inf_nan=False,
    )


def _one_of_keys(*keys: str, any_: bool = False) -> dict[str, Any]:
    """The schema's form of a rule the validators below check: one (or at least one) of."""
    return {"anyOf" if any_ else "oneOf": [{"required": [k]} for k in keys]}


class GenerateSpec(GuideModel):
    """New personas made from a description when the guide is run (the library's generator)."""

    description: str = Field(min_length=1, max_length=20_000)
    count: int = Field(default=5, ge=1, le=20)
    diversity: str = Field(default="medium", json_schema_extra={"enum": list(DIVERSITY_LEVELS)})

    @field_validator("diversity")
    @classmethod
    def _diversity(cls, value: str) -> str:
        if value not in DIVERSITY_LEVELS:
            raise ValueError(f"Diversity must be one of {', '.join(DIVERSITY_LEVELS)}")
        return value


class Participants(GuideModel):
    """Who takes part, in this order: the persona ids, then every persona carrying one of
    the tags (each persona once), then the generated ones."""

    model_config = ConfigDict(json_schema_extra=_one_of_keys("ids", "tags", "generate", any_=True))

    ids: list[PersonaId] = Field(default_factory=list, max_length=500)
    tags: list[TagName] = Field(default_factory=list, max_length=20)
    generate: GenerateSpec | None = None

    @model_validator(mode="after")
    def _someone(self) -> Participants:
        if not self.ids and not self.tags and self.generate is None:
            raise ValueError("Give persona ids, tags or generate")
        return self


class Moderator(GuideModel):
    style: ModeratorStyle = DEFAULT_MODERATOR_STYLE
    kind: ModeratorKind = "scripted"


class Stimulus(GuideModel):
    """Material shown to the group: `text`, a `url` (a link, video, audio or image), or a
    local image `file` (a path relative to the guide), uploaded when the guide is run."""

    model_config = ConfigDict(json_schema_extra=_one_of_keys("text", "url", "file"))

    type: StimulusType
    title: str = Field(min_length=1, max_length=500)
    text: str | None = Field(default=None, max_length=20_000)
    url: str | None = Field(default=None, max_length=2000)
    file: str | None = Field(default=None, max_length=1000)
    description: str | None = Field(default=None, max_length=2000)

    @model_validator(mode="after")
    def _one_source(self) -> Stimulus:
        given = [k for k in ("text", "url", "file") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("Give exactly one of text, url or file")
        if self.file is not None and self.type != "image":
            raise ValueError("Only an image stimulus can be a file")
        if self.text is not None and self.type != "text":
            raise ValueError("Only a text stimulus has text; give url for the others")
        return self


class ModelChoice(GuideModel):
    """The model that runs the guide: a provider and model name (the API key is never in a
    guide: the one saved on Settings is used when provider and base URL match), or a
    `profile`: the name (or id) of a saved model profile."""

    model_config = ConfigDict(json_schema_extra=_one_of_keys("provider", "profile"))

    provider: Literal["local", "openai", "anthropic"] | None = None
    name: ModelName = None
    base_url: str | None = Field(default=None, max_length=500)
    profile: str | None = Field(default=None, min_length=1, max_length=100)

    @model_validator(mode="after")
    def _one_way(self) -> ModelChoice:
        if (self.provider is None) == (self.profile is None):
            raise ValueError("Give either provider (with name) or profile")
        return self


def _settings_fields() -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for name, info in SessionSettingsIn.model_fields.items():
        if name != "moderator":
            fields[name] = (info.annotation, info)
    return fields


# The API's session settings (response length, discussion mode, auto-advance, and any
# setting the API gains), with this file format's strictness.
GuideSettings: type[GuideModel] = create_model(
    "GuideSettings", __base__=GuideModel, **_settings_fields()
)


class FocusGroupGuide(GuideModel):
    """A focus group session as a file (`colloquy run GUIDE.yaml`)."""

    kind: Literal["focus-group"]
    version: Literal[1] = GUIDE_VERSION
    name: str = Field(min_length=1, max_length=SESSION_NAME_MAX_LENGTH)
    description: str = Field(default="", max_length=5000)
    participants: Participants
    moderator: Moderator = Field(default_factory=Moderator)
    stimuli: list[Stimulus] = Field(default_factory=list, max_length=50)
    questions: list[Question] = Field(min_length=1, max_length=50)
    settings: GuideSettings = Field(default_factory=GuideSettings)
    model: ModelChoice | None = None
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)


class InterviewGuide(FocusGroupGuide):
    """An in-depth interview as a file (docs/interviews.md): one persona (`participants`
    must come to exactly one), a guide of 1-30 questions or topics, `moderator.kind` the
    interviewer (scripted | ai) and `settings.maxProbes` its follow-ups per topic. Runs
    wherever a focus-group guide runs (`colloquy run`, POST /api/guides/sessions)."""

    kind: Literal["interview"]  # type: ignore[assignment]  # a session guide of its own kind
    questions: list[Question] = Field(min_length=1, max_length=30)


class StudySettings(GuideModel):
    """A study's settings: the interviewer's follow-ups, the answers' length, the study's
    budget (split evenly over its interviews) and webhook."""

    max_probes: int | None = Field(default=None, ge=0, le=5)
    response_length: Literal["brief", "moderate", "detailed"] | None = None
    budget_usd: float | None = Field(default=None, ge=0)
    webhook_url: str | None = Field(default=None, max_length=2000)


class StudyModel(GuideModel):
    """The model the study's personas answer on: a saved model profile (name or id)."""

    profile: str = Field(min_length=1, max_length=100)


class StudyGuide(GuideModel):
    """A study as a file (docs/interviews.md#studies): one interview guide run with every
    persona the selection names (1-50: ids, then every persona with one of the tags), one
    interview each, then their synthesis. `colloquy run` runs it and prints where the
    synthesis is."""

    kind: Literal["study"]
    version: Literal[1] = GUIDE_VERSION
    name: str = Field(min_length=1, max_length=SESSION_NAME_MAX_LENGTH)
    description: str = Field(default="", max_length=5000)
    participants: Participants
    moderator: Moderator = Field(default_factory=lambda: Moderator(kind="ai"))
    questions: list[Question] = Field(min_length=1, max_length=30)
    settings: StudySettings = Field(default_factory=StudySettings)
    model: StudyModel | None = None


class CustomScale(GuideModel):
    label: str | None = Field(default=None, max_length=200)
    anchors: list[Annotated[str, Field(min_length=1, max_length=1000)]] = Field(
        min_length=2, max_length=20
    )


def _scale_kind(value: Any) -> str:
    return "CustomScale" if isinstance(value, dict | CustomScale) else "Key"


# A built-in scale key (GET /api/surveys/scales) or a custom scale; the value's shape picks
# which, so a problem is reported once, for the shape given.
Scale = Annotated[
    Annotated[str, Field(max_length=100), Tag("Key")] | Annotated[CustomScale, Tag("CustomScale")],
    Discriminator(_scale_kind),
]


class SurveyQuestion(GuideModel):
    text: str = Field(min_length=1, max_length=2000)
    scale: Scale = "purchase_intent"


class SurveyGuide(GuideModel):
    """A concept survey as a file (`colloquy survey run SURVEY.yaml`)."""

    kind: Literal["survey"]
    version: Literal[1] = GUIDE_VERSION
    name: str = Field(min_length=1, max_length=200)
    concepts: list[Stimulus] = Field(min_length=1, max_length=20)
    questions: list[SurveyQuestion] = Field(min_length=1, max_length=30)
    respondents: Participants
    samples: int = Field(default=2, ge=1, le=5)
    ask_direct: bool = False
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)


Guide = FocusGroupGuide | InterviewGuide | SurveyGuide | StudyGuide
SESSION_GUIDE_KINDS = ("focus-group", "interview")  # guides that create a session


def guide_json_schema() -> dict[str, Any]:
    """The published JSON Schema of a guide file: a focus group, an interview, a survey or
    a study, by `kind`."""
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "/api/schemas/guide.json",
        "title": "Colloquy discussion guide",
        "description": "A focus group (kind: focus-group), an in-depth interview (kind: "
        "interview), a study of one interview guide with many personas (kind: study) or a "
        "survey (kind: survey) as a YAML or JSON file.",
        "oneOf": [
            {"$ref": "#/$defs/FocusGroupGuide"},
            {"$ref": "#/$defs/InterviewGuide"},
            {"$ref": "#/$defs/SurveyGuide"},
            {"$ref": "#/$defs/StudyGuide"},
        ],
        "$defs": {},
    }
    for model in (FocusGroupGuide, InterviewGuide, SurveyGuide, StudyGuide):
        one = model.model_json_schema(by_alias=True, ref_template="#/$defs/{model}")
        schema["$defs"].update(one.pop("$defs", {}))
        schema["$defs"][model.__name__] = one
    return schema
