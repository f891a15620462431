"""Schemas of persona generation, AI Assist and document extraction. Inputs are lenient
(bounds only against abuse): the product's messages come from the services' validation."""

from pydantic import Field

from colloquy.api.schemas.personas import PersonaOut, Traits
from colloquy.domain.constants import DIVERSITY_LEVELS
from colloquy.schemas.common import CamelModel, RequestModel
from colloquy.schemas.personas import TraitValue

_TEXT_BOUND = 1_000_000  # far above the product's limits, which report in the product's words


class GenerateRequest(RequestModel):
    description: str | None = Field(default=None, max_length=_TEXT_BOUND)
    document_text: str | None = Field(default=None, max_length=_TEXT_BOUND)
    # Ranges are checked by the service (its own messages); the schema documents them.
    count: int = Field(default=5, json_schema_extra={"minimum": 1, "maximum": 20})
    diversity: str = Field(default="medium", json_schema_extra={"enum": list(DIVERSITY_LEVELS)})


class GenerateResponse(CamelModel):
    personas: list[PersonaOut]


class AnalyzeDocumentRequest(RequestModel):
    document_text: str | None = Field(default=None, max_length=_TEXT_BOUND)
    # The sliders' values now: kept for any trait the analysis gives no valid number.
    current_traits: dict[str, TraitValue] | None = Field(default=None, max_length=20)


class AnalyzeDocumentResponse(CamelModel):
    analysis: str
    traits: Traits


class ExtractDocumentResponse(CamelModel):
    text: str
    filename: str
    characters: int
    truncated: bool  # True when the text was cut to the first 100,000 characters
    type: str  # pdf | docx | txt | csv | image
