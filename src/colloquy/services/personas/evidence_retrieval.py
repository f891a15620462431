"""The passages of a persona's evidence that bear on a question, as a block for its system
prompt (docs/evidence.md), within the evidence token budget (COLLOQUY_EVIDENCE_TOKEN_BUDGET).

Vectors carry the name of the embedder that made them; passages embedded by another
embedder (or none) are embedded again with the active one, and saved, before ranking. If
the embedder fails, passages are ranked by the words they share with the question.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import select

from colloquy.domain.personas.evidence_budget import (
    TokenCounter,
    above_floor,
    estimate_tokens,
    evidence_block,
    fit_passages,
)
from colloquy.domain.personas.evidence_ranking import Passage, rank_passages
from colloquy.llm.embeddings import EmbeddingError
from colloquy.runtime import Runtime
from colloquy.services.model_settings.embedding import get_embedder
from colloquy.store.tables import EvidencePassageRow, PersonaEvidenceRow

log = logging.getLogger("colloquy.evidence")


async def _passages(runtime: Runtime, persona_id: str) -> list[Passage]:
    """The persona's passages in reading order, with vectors of the active embedder."""
    embedder = get_embedder(runtime)
    async with runtime.sessionmaker() as db:
        rows = list(
            await db.scalars(
                select(EvidencePassageRow)
                .join(PersonaEvidenceRow, PersonaEvidenceRow.id == EvidencePassageRow.evidence_id)
                .where(EvidencePassageRow.persona_id == persona_id)
                .order_by(
                    PersonaEvidenceRow.created_at,
                    PersonaEvidenceRow.id,
                    EvidencePassageRow.position,
                )
            )
        )
        stale = [r for r in rows if r.vector is None or r.embedder != embedder.name]
        if stale:
            try:
                vectors = await embedder.embed([r.text for r in stale])
                for row, vector in zip(stale, vectors, strict=True):
                    row.vector, row.embedder = vector, embedder.name
                await db.commit()
            except EmbeddingError as exc:
                log.warning("evidence of %s not embedded: %s", persona_id, exc)
                await db.rollback()
                return [Passage(r.id, r.text, i) for i, r in enumerate(rows)]
        return [Passage(r.id, r.text, i, r.vector) for i, r in enumerate(rows)]


async def retrieve(
    runtime: Runtime, persona_id: str, query: str, budget: int | None = None
) -> dict[str, Any]:
    """{block, passages: [{id, text, score}], tokens budget} for one question."""
    budget = runtime.settings.evidence_token_budget if budget is None else budget
    passages = await _passages(runtime, persona_id)
    if not passages or not query.strip():
        return {"block": "", "passages": [], "budget": budget}
    query_vector: list[float] | None = None
    if all(p.vector is not None for p in passages):
        try:
            query_vector = (await get_embedder(runtime).embed([query]))[0]
        except EmbeddingError as exc:
            log.warning("question not embedded: %s", exc)
    ranked = rank_passages(passages, query, query_vector)
    if query_vector is None:  # by shared words: a passage sharing none says nothing here
        ranked = [(p, s) for p, s in ranked if s > 0]
    else:  # by meaning: only above the floor, even if the budget stays unused
        floor = runtime.settings.evidence_min_similarity
        ranked = [ranked[i] for i in above_floor(ranked, floor)]
    count = _token_counter(runtime)
    chosen = [ranked[i] for i in fit_passages([p.text for p, _ in ranked], budget, count)]
    return {
        "block": evidence_block([p.text for p, _ in chosen]),
        "passages": [{"id": p.id, "text": p.text, "score": round(s, 4)} for p, s in chosen],
        "budget": budget,
    }


def _token_counter(runtime: Runtime) -> TokenCounter:
    """The active model's token count where it has a tokenizer here (the embedded
    model's), else the estimate (words x 1.3, a character per token for unspaced scripts)."""
    try:
        counter = getattr(runtime.get_provider(), "count_tokens", None)
    except Exception:  # noqa: BLE001 - no usable model configured: the estimate will do
        counter = None
    if not callable(counter):
        return estimate_tokens

    def count(text: str) -> int:
        tokens = counter(text)
        return tokens if isinstance(tokens, int) else estimate_tokens(text)

    return count


async def evidence_for(runtime: Runtime, persona_id: str | None, query: str) -> str:
    """The evidence block of one persona for one question ('' without evidence). Never
    raises for a missing persona: snapshots may outlive the library's persona."""
    if not persona_id:
        return ""
    try:
        return str((await retrieve(runtime, persona_id, query))["block"])
    except Exception:  # evidence is an aid: an answer must not fail for it
        log.exception("evidence retrieval failed for persona %s", persona_id)
        return ""
