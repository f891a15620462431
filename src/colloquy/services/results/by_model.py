"""Results of a mixed panel per model (docs/models.md): the Analytics tab and session health on
one model's answers (`?model=`), and sessions compared model by model."""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.results.by_model import models_of, only_model, participants_on
from colloquy.domain.results.compare import COMPARE_MAX, not_completed_message, session_comparison
from colloquy.domain.trust.health_report import build_health_report, health_text
from colloquy.errors import AppError, Conflict, NotFound, ValidationFailed
from colloquy.llm.embeddings import EmbeddingError
from colloquy.runtime import Runtime
from colloquy.services.model_settings.embedding import embed, get_embedder
from colloquy.services.results.analytics import build_analytics
from colloquy.services.sessions.loading import load_session
from colloquy.services.sessions.view import session_record
from colloquy.services.trust.session_health import MSG_NOT_COMPLETED
from colloquy.store.messages import load_message_dicts
from colloquy.store.tables import SessionRow
from colloquy.store.types import utcnow

MSG_NO_SUCH_MODEL = "No answer of this session was written by {model!r}"
MSG_BY_MODEL_COUNT = f"Compare by model takes 1-{COMPARE_MAX} sessions"


def _one_model(
    session: dict[str, Any], messages: list[Any], model: str
) -> tuple[dict[str, Any], list[Any]]:
    if model not in models_of(messages):
        raise NotFound(MSG_NO_SUCH_MODEL.format(model=model))
    chosen = only_model(messages, model)
    part = {**session, "participants": participants_on(session["participants"], messages, model)}
    return part, chosen


async def analytics_for_model(db: AsyncSession, session_id: str, model: str) -> dict[str, Any]:
    session, messages = await load_session(db, session_id)
    part, chosen = _one_model(dict(session), list(messages), model)
    return build_analytics(part, chosen)


async def health_for_model(
    db: AsyncSession, runtime: Runtime, session_id: str, model: str
) -> dict[str, Any]:
    """The health report on one model's answers (computed each time, never stored)."""
    session, messages = await load_session(db, session_id)
    if session["status"] != "completed":
        raise Conflict(MSG_NOT_COMPLETED)
    part, chosen = _one_model(dict(session), list(messages), model)
    await db.rollback()  # no transaction held open while embedding
    return await _health(runtime, session_id, part, chosen, model)


async def _health(
    runtime: Runtime, session_id: str, session: dict[str, Any], messages: list[Any], model: str
) -> dict[str, Any]:
    answers = [m for m in messages if m.get("kind") == "response"]
    try:
        vectors, embedder = await embed(
            get_embedder(runtime), [health_text(m["content"]) for m in answers]
        )
    except EmbeddingError as exc:
        raise AppError(str(exc), status=503, code="embedding_failed") from exc
    providers = (session.get("model") or {}).get("provider") or ""
    report = await asyncio.to_thread(
        build_health_report,
        messages,
        session["participants"],
        {m["id"]: v for m, v in zip(answers, vectors, strict=True)},
        embedder=embedder,
        provider=providers,
        model=model,
        source=str(session.get("source") or "simulated"),
    )
    return {**report, "sessionId": session_id, "computedAt": utcnow()}


async def compare_by_model(db: AsyncSession, runtime: Runtime, ids: str | None) -> dict[str, Any]:
    """One column per (session, model): a mixed session's models side by side, or the
    same models across sessions."""
    wanted = list(dict.fromkeys(i.strip() for i in (ids or "").split(",") if i.strip()))
    if not 1 <= len(wanted) <= COMPARE_MAX:
        raise ValidationFailed([MSG_BY_MODEL_COUNT])
    rows = {r.id: r for r in await db.scalars(select(SessionRow).where(SessionRow.id.in_(wanted)))}
    missing = [i for i in wanted if i not in rows]
    if missing:
        raise NotFound(f"Session not found: {', '.join(missing)}")
    records = {sid: dict(session_record(rows[sid])) for sid in wanted}
    unfinished = [
        not_completed_message(r["name"], r["status"])
        for r in records.values()
        if r["status"] != "completed"
    ]
    if unfinished:
        raise ValidationFailed(unfinished)
    parts = []
    for sid in wanted:
        messages = list(await load_message_dicts(db, sid))
        for model in models_of(messages):
            parts.append((sid, model, *_one_model(records[sid], messages, model)))
    await db.rollback()
    columns = []
    for sid, model, part, chosen in parts:
        column = session_comparison(part, chosen, build_analytics(part, chosen), model)
        column["name"] = f"{records[sid]['name']} · {model}"
        column["source"] = part.get("source") or "simulated"
        column["kind"] = records[sid]["kind"]
        try:
            report = await _health(runtime, sid, part, chosen, model)
            column["health"] = {"overall": report["overall"], "warnings": report["warnings"]}
        except AppError:
            column["health"] = None
        columns.append(column)
    return {"sessions": columns}
