"""AI insights (POST /api/sessions/{id}/insights): the model writes the summary, themes and
recommendations; the sentiment figures are computed from the stored messages.

Long transcripts go map-reduce: each chunk (within the token budget) is summarised into
notes, notes are combined the same way until they fit one call, and the insights are
written from them. The database is not held open while the model works.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from typing import Any, cast

from sqlalchemy import CursorResult, update
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.constants import MODERATOR_SPEAKER, MSG_NO_DATA_TEXT, MSG_NO_DATA_TITLE
from colloquy.domain.results.insights import (
    CHUNK_TOKEN_BUDGET,
    INSIGHTS_MAX_TOKENS,
    INSIGHTS_SCHEMA,
    INSIGHTS_SYSTEM,
    LOCAL_CHUNK_TOKEN_BUDGET,
    MAX_REDUCE_LEVELS,
    NOTES_MAX_TOKENS,
    NOTES_SYSTEM,
    RETRY_NUDGE,
    chunk_lines,
    insights_prompt,
    notes_prompt,
    transcript_lines,
)
from colloquy.domain.text.sentiment import overall_sentiment, sentiment_breakdown
from colloquy.errors import ModelError, NotFound, ValidationFailed
from colloquy.llm.errors import LLMError
from colloquy.llm.provider import Provider
from colloquy.llm.types import ChatMessage, ChatRequest
from colloquy.services.results.insights_output import ModelInsights, parse_insights
from colloquy.services.sessions.loading import MSG_SESSION_NOT_FOUND, load_session
from colloquy.store.tables import SessionRow
from colloquy.store.types import utcnow

MSG_FAILED = "Failed to generate insights"
PARALLEL_NOTES = 4  # chunk summaries in flight at once
log = logging.getLogger(__name__)
TEMPERATURE = 0.3  # analysis, not creative writing
WRITE_ATTEMPTS = 3
_SURFACED_STATUSES = (402, 429)  # the UI has hints for these; anything else is a 502


def model_error(err: LLMError) -> ModelError:
    status = err.status if err.status in _SURFACED_STATUSES else 502
    return ModelError(err.message or MSG_FAILED, status=status)


async def _notes(provider: Provider, name: str, chunks: list[str]) -> list[str]:
    gate = asyncio.Semaphore(PARALLEL_NOTES)

    async def one(i: int, chunk: str) -> str:
        async with gate:
            req = ChatRequest(
                system=NOTES_SYSTEM,
                max_tokens=NOTES_MAX_TOKENS,
                temperature=TEMPERATURE,
                messages=[ChatMessage("user", notes_prompt(name, i, len(chunks), chunk))],
            )
            return (await provider.chat(req)).text.strip()

    return list(await asyncio.gather(*(one(i, c) for i, c in enumerate(chunks, 1))))


async def _condense(provider: Provider, name: str, chunks: list[str], budget: int) -> str:
    """Notes on every chunk, then notes on the notes, until one text fits the budget."""
    for _ in range(MAX_REDUCE_LEVELS):
        if len(chunks) <= 1:
            break
        notes = await _notes(provider, name, chunks)
        chunks = chunk_lines([f"Notes on part {i}: {n}" for i, n in enumerate(notes, 1)], budget)
    return chunks[0] if chunks else ""


async def _write(provider: Provider, prompt: str) -> tuple[ModelInsights, str]:
    """One structured call, and up to two more while the reply is not usable JSON (small
    models slip now and then even under a schema grammar). A reply cut off at the token
    limit (its open strings and brackets closed) is kept, and asked again once with twice the
    room; when no later reply is whole, the kept one is the answer rather than a failure
    (on a small server the context, not max_tokens, is what runs out)."""
    messages = [ChatMessage("user", prompt)]
    max_tokens = INSIGHTS_MAX_TOKENS
    kept: tuple[ModelInsights, str] | None = None
    for _ in range(WRITE_ATTEMPTS):
        req = ChatRequest(
            system=INSIGHTS_SYSTEM,
            messages=messages,
            temperature=TEMPERATURE,
            max_tokens=max_tokens,
            json_schema=INSIGHTS_SCHEMA,
        )
        result = await provider.chat(req)
        cut = result.finish_reason == "length"
        draft = None
        try:
            draft = parse_insights(result.text, cut_off=cut)
        except LLMError as err:
            if err.kind != "invalid_output":
                raise
            log.warning(
                "insights reply not usable (%s; finish reason %s); asking again",
                err.message,
                result.finish_reason,
            )
        if draft is not None and not cut:
            return draft, result.model
        if draft is not None:
            if kept is not None:
                break  # cut twice: the room is not there
            log.info("insights reply cut off at %d tokens; asking once more", max_tokens)
            kept = (draft, result.model)
        if cut:  # no room left: the cut text would only take more of it
            messages, max_tokens = [messages[0]], max_tokens * 2
        else:
            messages = [
                messages[0],
                ChatMessage("assistant", result.text[:2000]),
                ChatMessage("user", RETRY_NUDGE),
            ]
    if kept is not None:
        return kept
    raise ModelError(MSG_FAILED, status=502)


def chunk_budget(provider: Provider) -> int:
    """Smaller chunks for the embedded model, so each call stays inside its time limit."""
    local = getattr(provider, "name", "") == "local"
    return LOCAL_CHUNK_TOKEN_BUDGET if local else CHUNK_TOKEN_BUDGET


async def write_insights(
    provider: Provider,
    session: Mapping[str, Any],
    messages: Sequence[Mapping[str, Any]],
    budget: int | None = None,
) -> dict[str, Any]:
    """The insights of a session with at least one participant answer (not stored)."""
    budget = budget or chunk_budget(provider)
    answers = [m for m in messages if m.get("speaker") != MODERATOR_SPEAKER]
    chunks = chunk_lines(transcript_lines(messages, session.get("questions") or []), budget)
    from_notes = len(chunks) > 1
    body = await _condense(provider, session.get("name", ""), chunks, budget)
    names = [p.get("name", "") for p in session.get("participants") or []]
    draft, model = await _write(
        provider, insights_prompt(session.get("name", ""), names, len(answers), body, from_notes)
    )
    sentiments = [m.get("sentiment") for m in answers]
    return {
        "summary": draft.summary,
        "overallSentiment": overall_sentiment(sentiments),
        "sentimentBreakdown": sentiment_breakdown(sentiments),
        # A theme cannot be raised by more responses than the session holds.
        "keyThemes": [
            {
                "theme": t.theme,
                "description": t.description,
                "frequency": min(t.frequency, len(answers)),
            }
            for t in draft.key_themes
        ],
        "recommendations": [r.model_dump() for r in draft.recommendations],
        # The API's own datetime form, so the stored copy and the response are identical.
        "generatedAt": utcnow().isoformat().replace("+00:00", "Z"),
        "model": model or getattr(provider, "model", ""),
    }


async def generate_insights(
    db: AsyncSession, provider: Provider, session_id: str
) -> dict[str, Any]:
    """Generate (or regenerate) and store the insights of a session."""
    session, messages = await load_session(db, session_id)
    await db.rollback()  # end the read transaction before the slow model calls
    if not any(m.get("speaker") != MODERATOR_SPEAKER for m in messages):
        raise ValidationFailed([MSG_NO_DATA_TEXT], MSG_NO_DATA_TITLE)
    try:
        insights = await write_insights(provider, session, messages)
    except LLMError as err:
        raise model_error(err) from err
    result = await db.execute(
        update(SessionRow)
        .where(SessionRow.id == session_id)
        .values(insights=insights, updated_at=utcnow())
    )
    if cast(CursorResult[Any], result).rowcount == 0:  # deleted while the model was writing
        await db.rollback()
        raise NotFound(MSG_SESSION_NOT_FOUND)
    await db.commit()
    return insights
