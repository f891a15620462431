"""AI Assist (product-rules §7.3 'analyze-persona-document'): the model writes a plain-text
personality analysis; the five traits are read from that text, not from a JSON field,
so what the user reads and what the sliders show cannot disagree.

Models often skip the score lines (the embedded one always does), so when a trait has
no number in the text a second, structured call asks for the missing scores and they
are appended to the analysis as 'Trait: N' lines, then read like the rest.
"""

from __future__ import annotations

import logging
from typing import Any

from colloquy.domain.constants import TRAITS
from colloquy.domain.personas.assist_traits import score_lines, trait_numbers, traits_from_analysis
from colloquy.domain.validation import validate_ai_assist
from colloquy.errors import ValidationFailed
from colloquy.llm.errors import LLMError
from colloquy.llm.json_output import extract_json
from colloquy.llm.provider import Provider
from colloquy.llm.types import ChatMessage, ChatRequest
from colloquy.services.model_settings.errors import model_error

log = logging.getLogger("colloquy.analysis")

TEXT_MAX = 100_000
PROMPT_TEXT_MAX = 12_000  # what the model reads; fits the embedded model's context
MSG_TOO_LONG = "Please provide at most 100,000 characters of text to analyze"
MSG_FAILED = "Failed to analyze document"
SYSTEM = (
    "You are a consumer psychologist. From text written by or about a consumer you "
    "describe the personality it suggests, using the Big Five model."
)
INSTRUCTIONS = (
    "Write a short analysis (4-8 sentences) of the personality this text suggests: how "
    "the person thinks, decides, shops and relates to others. Then end with exactly five "
    "lines, each a trait name, a colon and a whole number from 0 to 100, like this:\n"
    "Openness: <score>\nConscientiousness: <score>\nExtraversion: <score>\n"
    "Agreeableness: <score>\nNeuroticism: <score>"
)


SCORES_NUDGE = "Now rate this person's Big Five traits, each a whole number from 0 to 100."


def analysis_prompt(text: str) -> str:
    excerpt = text.strip()[:PROMPT_TEXT_MAX]
    return f"Text written by or about a consumer:\n{excerpt}\n\n{INSTRUCTIONS}"


def scores_schema(traits: list[str]) -> dict[str, Any]:
    score = {"type": "integer", "minimum": 0, "maximum": 100}
    return {"type": "object", "properties": {t: score for t in traits}, "required": traits}


async def _missing_scores(
    provider: Provider, prompt: str, analysis: str, missing: list[str]
) -> list[str]:
    """Score lines for the traits the analysis gave no number; none if the call fails
    (the analysis itself already succeeded, so its text is still worth returning)."""
    req = ChatRequest(
        system=SYSTEM,
        max_tokens=150,
        temperature=0.2,
        json_schema=scores_schema(missing),
        messages=[
            ChatMessage("user", prompt),
            ChatMessage("assistant", analysis),
            ChatMessage("user", SCORES_NUDGE),
        ],
    )
    try:
        scores = extract_json((await provider.chat(req)).text)
    except LLMError as err:
        log.warning("trait scores follow-up failed: %r", err)
        return []
    return score_lines(scores, missing) if isinstance(scores, dict) else []


async def analyze_document(
    provider: Provider, document_text: str | None, current_traits: dict[str, Any] | None
) -> dict[str, Any]:
    errors = validate_ai_assist(document_text)
    if errors or document_text is None:
        raise ValidationFailed(errors)
    if len(document_text) > TEXT_MAX:
        raise ValidationFailed([MSG_TOO_LONG])
    prompt = analysis_prompt(document_text)
    req = ChatRequest(
        system=SYSTEM, messages=[ChatMessage("user", prompt)], max_tokens=450, temperature=0.3
    )
    try:
        analysis = (await provider.chat(req)).text.strip()
    except LLMError as err:
        raise model_error(err, MSG_FAILED) from err
    missing = [t for t in TRAITS if t not in trait_numbers(analysis)]
    if missing:
        lines = await _missing_scores(provider, prompt, analysis, missing)
        analysis = "\n\n".join([analysis, "\n".join(lines)]) if lines else analysis
    return {"analysis": analysis, "traits": traits_from_analysis(analysis, current_traits)}
