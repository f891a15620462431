"""Persona generation (POST /api/personas/generate): plan, ask, repair, store.

1. plan `count` slots whose spread follows the diversity level (domain.generation_rules);
2. ask the model for personas matching the slots, as structured output;
3. repair what it got wrong (domain.generation_repair), ask again for missing ones (at
   most MAX_EXTRA_CALLS times), fill any still missing from their slots;
4. make names unique against the library and store all of them in one transaction.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.constants import (
    DIVERSITY_LEVELS,
    GENDERS,
    INCOME_BANDS,
    INTERESTS_MAX,
    PERSONA_COUNT_MAX,
    PERSONA_COUNT_MIN,
    TRAITS,
)
from colloquy.domain.personas.generation_plan import (
    AGE_HIGH,
    AGE_LOW,
    Plan,
    Slot,
    plan_slots,
    slot_line,
)
from colloquy.domain.personas.generation_repair import (
    balance,
    from_slot,
    keywords,
    personas_from_reply,
    repair_persona,
    unique_names,
    usable,
)
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.validation import validate_generation_document, validate_generation_input
from colloquy.errors import ValidationFailed
from colloquy.llm.errors import LLMError
from colloquy.llm.provider import Provider
from colloquy.llm.types import ChatMessage, ChatRequest
from colloquy.services.model_settings.errors import model_error
from colloquy.services.personas.library import create_personas
from colloquy.store.tables import PersonaRow

log = logging.getLogger("colloquy.generation")

MAX_EXTRA_CALLS = 2
DOCUMENT_MAX = 100_000
DOCUMENT_PROMPT_CHARS = 8_000  # the excerpt the model reads; fits the embedded model
GENERATED_FROM_DOC_CHARS = 200
TOKENS_PER_PERSONA = 180
SHORT_TEXT = 40  # names, places and interests are short; caps what a weak model rambles
MSG_FAILED = "Failed to generate personas"
MSG_DOCUMENT_TOO_LONG = "Document text must be at most 100,000 characters"
MSG_COUNT = "Persona count must be between 1 and 20"
MSG_DIVERSITY = "Diversity level must be low, medium or high"
SYSTEM = (
    "You write realistic consumer personas for market-research focus groups. Each persona "
    "is a distinct US adult with a realistic full name (first and last), an age, a gender, "
    "a location written as 'City, ST', a household income band, Big Five personality "
    "scores from 0 to 100, and 1-5 specific interests that fit the audience. Follow each "
    "persona's targets exactly, in the order given. Reply with JSON only."
)


def personas_schema(count: int) -> dict[str, Any]:
    """The structured output: {"personas": [exactly `count` persona objects]}."""
    score = {"type": "integer", "minimum": 0, "maximum": 100}
    persona = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "maxLength": SHORT_TEXT},
            "age": {"type": "integer", "minimum": AGE_LOW, "maximum": AGE_HIGH},
            "gender": {"type": "string", "enum": list(GENDERS)},
            "location": {"type": "string", "maxLength": SHORT_TEXT},
            "income": {"type": "string", "enum": list(INCOME_BANDS)},
            "traits": {
                "type": "object",
                "properties": {t: score for t in TRAITS},
                "required": list(TRAITS),
            },
            "interests": {
                "type": "array",
                "minItems": 1,
                "items": {"type": "string", "maxLength": SHORT_TEXT},
                "maxItems": INTERESTS_MAX,
            },
        },
        "required": ["name", "age", "gender", "location", "income", "traits", "interests"],
    }
    return {
        "type": "object",
        "required": ["personas"],
        "properties": {
            "personas": {"type": "array", "items": persona, "minItems": count, "maxItems": count}
        },
    }


def generation_prompt(source: str, plan: Plan, slots: list[Slot]) -> str:
    lines = [
        source,
        "",
        f"Diversity level: {plan.level}.",
        f"Create exactly {len(slots)} personas, one per line below, with these targets:",
    ]
    lines += [slot_line(i, slot) for i, slot in enumerate(slots, 1)]
    # No list of names to avoid: small models copy such lists; unique_names() decides.
    lines.append("Give each persona a different name and interests that fit the audience.")
    return "\n".join(lines)


def _validate(
    description: str | None, document_text: str | None, count: Any, diversity: Any
) -> tuple[str, str, str]:
    """(the audience text, its prompt block, generatedFrom), or ValidationFailed with the
    product's messages. Document mode is when only documentText carries text."""
    document_mode = document_text is not None and not (description or "").strip()
    if document_mode:
        document_text = document_text if document_text and document_text.strip() else None
        errors = validate_generation_document(document_text)
        if not errors and len(document_text or "") > DOCUMENT_MAX:
            errors = [MSG_DOCUMENT_TOO_LONG]
    else:
        errors = validate_generation_input(description)
    if (
        isinstance(count, bool)
        or not isinstance(count, int)
        or not (PERSONA_COUNT_MIN <= count <= PERSONA_COUNT_MAX)
    ):
        errors.append(MSG_COUNT)
    if diversity not in DIVERSITY_LEVELS:
        errors.append(MSG_DIVERSITY)
    if errors:
        raise ValidationFailed(errors)
    if not document_mode:
        text = (description or "").strip()
        return text, f"Audience description:\n{text}", text
    text = (document_text or "").strip()[:DOCUMENT_PROMPT_CHARS]
    note = " ".join((document_text or "").split())[:GENERATED_FROM_DOC_CHARS]
    return (
        text,
        f"Research document (excerpt) describing the audience:\n<<<\n{text}\n>>>",
        f"Document: {note}",
    )


def _seed(*parts: object) -> int:
    # Same input, same library -> same plan (reproducible); a grown library -> a new one.
    return int(hashlib.sha256("\x00".join(map(str, parts)).encode()).hexdigest()[:12], 16)


async def _ask(
    provider: Provider, source: str, plan: Plan, slots: list[Slot]
) -> list[dict[str, Any]]:
    req = ChatRequest(
        system=SYSTEM,
        temperature=0.9,
        max_tokens=min(4096, 200 + TOKENS_PER_PERSONA * len(slots)),
        messages=[ChatMessage("user", generation_prompt(source, plan, slots))],
        json_schema=personas_schema(len(slots)),
    )
    result = await provider.chat(req)
    return [p for p in personas_from_reply(result.text) if usable(p)][: len(slots)]


async def _collect(provider: Provider, source: str, plan: Plan) -> list[dict[str, Any]]:
    """Up to len(plan.slots) usable persona objects from the model, in slot order."""
    found: list[dict[str, Any]] = []
    for attempt in range(1 + MAX_EXTRA_CALLS):
        missing = plan.slots[len(found) :]
        if not missing:
            break
        try:
            found += await _ask(provider, source, plan, missing)
        except LLMError as err:
            if attempt == 0:
                raise model_error(err, MSG_FAILED) from err
            # A later failure costs only the retry: the plan fills the rest.
            log.warning("persona generation retry failed: %r", err)
            break
    return found


async def generate_personas(
    db: AsyncSession,
    provider: Provider,
    *,
    description: str | None,
    document_text: str | None,
    count: Any = 5,
    diversity: Any = "medium",
    seed: int | None = None,
) -> list[PersonaRecord]:
    """Exactly `count` valid personas with distinct names, stored in the library. `seed`
    (a guide's) fixes the plan of who to make; by default it follows the input."""
    text, source, generated_from = _validate(description, document_text, count, diversity)
    taken = list(await db.scalars(select(PersonaRow.name)))
    await db.rollback()  # no transaction held open during the slow model calls
    plan = plan_slots(
        count, diversity, text, _seed(text, count, diversity, len(taken)) if seed is None else seed
    )
    found = await _collect(provider, source, plan)
    fallback = keywords(text)
    # The model may give fewer personas than the plan has slots: the plan fills the rest.
    personas = [
        repair_persona(raw, slot, plan, fallback)
        for raw, slot in zip(found, plan.slots, strict=False)
    ]
    personas += [from_slot(slot, fallback) for slot in plan.slots[len(personas) :]]
    balance(personas, plan.slots)
    for persona, name in zip(
        personas, unique_names([p["name"] for p in personas], taken), strict=True
    ):
        persona["name"] = name
        persona["generatedFrom"] = generated_from
    return await create_personas(db, personas)
