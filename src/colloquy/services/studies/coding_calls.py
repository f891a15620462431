"""The synthesis' model calls: the themes from every respondent's answers, then one call
per respondent coding their answers under those themes (domain/studies/prompts.py). Each
call is structured output, asked again once when the reply is not usable JSON."""

from __future__ import annotations

import logging
from typing import Any

from colloquy.domain.studies.prompts import (
    CODING_SCHEMA,
    CODING_SYSTEM,
    THEMES_SCHEMA,
    THEMES_SYSTEM,
    coding_prompt,
    parse_coding,
    parse_themes,
    themes_prompt,
)
from colloquy.llm.errors import LLMError
from colloquy.llm.json_output import extract_json
from colloquy.llm.provider import Provider
from colloquy.llm.types import ChatMessage, ChatRequest
from colloquy.services.studies.respondents import Respondent

log = logging.getLogger("colloquy.synthesis")

ATTEMPTS = 2
TEMPERATURE = 0.2  # coding, not writing
THEMES_MAX_TOKENS = 900
CODING_MAX_TOKENS = 1200
MSG_NO_THEMES = "The model proposed no themes"


async def _ask(
    provider: Provider, system: str, prompt: str, schema: dict[str, Any], room: int
) -> tuple[Any, str]:
    last: LLMError | None = None
    for _ in range(ATTEMPTS):
        req = ChatRequest(
            system=system,
            messages=[ChatMessage("user", prompt)],
            max_tokens=room,
            temperature=TEMPERATURE,
            json_schema=schema,
        )
        result = await provider.chat(req)
        try:
            return extract_json(result.text), result.model
        except LLMError as err:
            if err.kind != "invalid_output":
                raise
            last = err
            log.info("synthesis reply not usable (%s); asking again", err.message)
    assert last is not None
    raise last


async def propose_themes(
    provider: Provider, respondents: list[Respondent]
) -> tuple[list[dict[str, str]], str]:
    """The themes (ids T1...) and the model that proposed them; LLMError when none."""
    answers = {
        f"{i} ({r.name})": [a["content"] for a in r.answers] for i, r in enumerate(respondents, 1)
    }
    doc, model = await _ask(
        provider, THEMES_SYSTEM, themes_prompt(answers), THEMES_SCHEMA, THEMES_MAX_TOKENS
    )
    themes = parse_themes(doc)
    if not themes:
        raise LLMError(MSG_NO_THEMES, kind="empty")
    return themes, model


async def code_answers(
    provider: Provider, themes: list[dict[str, str]], respondent: Respondent
) -> list[dict[str, Any]]:
    """The model's quotes for one respondent, as it gave them (checked by the caller)."""
    prompt = coding_prompt(themes, [a["content"] for a in respondent.answers])
    doc, _model = await _ask(provider, CODING_SYSTEM, prompt, CODING_SCHEMA, CODING_MAX_TOKENS)
    return parse_coding(doc)
