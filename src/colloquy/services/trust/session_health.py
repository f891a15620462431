"""Session health (GET /api/sessions/{id}/health): embed the answers, build the report
(domain/session_health.py), store it.

Computed once a session completes (the runner's completion hook, `schedule`), and on
demand for sessions completed before this existed; a stored report is reused while the
session's answer count and the embedder are unchanged (another embedder chosen in
Settings, or a fallback used last time: the answers are embedded again). The model named
in the report is the one the session recorded (sessions run before that was recorded: the
one the server uses now).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.personas.evidence_tier import mix_sentence
from colloquy.domain.sessions.demo_script import DEMO_SESSION_ID
from colloquy.domain.trust.health_report import build_health_report, health_text
from colloquy.errors import AppError, Conflict, NotFound
from colloquy.llm.embeddings import EmbeddingError
from colloquy.runtime import Runtime
from colloquy.services.model_settings.embedding import embed, get_embedder, is_current
from colloquy.services.model_settings.provenance import DEMO_LABEL
from colloquy.services.sessions.loading import get_session_row
from colloquy.services.sessions.view import session_record
from colloquy.store.messages import load_message_dicts
from colloquy.store.tables import MessageRow, SessionHealthRow
from colloquy.store.types import utcnow

log = logging.getLogger("colloquy.health")

MSG_NOT_COMPLETED = "Session health is measured once the session has completed"
EMBEDDED_NAME = "SmolLM2-135M-Instruct"  # llm/llama_loader.py's, without importing llama.cpp


def current_model(runtime: Runtime) -> tuple[str, str]:
    """(provider, model name) of the model the server uses now."""
    if runtime.provider is not None:
        return runtime.provider.name, str(runtime.provider.model or "")
    cfg = runtime.model_config
    if cfg is None:
        from colloquy.llm.factory import config_from_settings

        cfg = config_from_settings(runtime.settings)
    if cfg.provider == "local":
        return "local", Path(cfg.model).stem if cfg.model else EMBEDDED_NAME
    return cfg.provider, cfg.model or ""


async def _model_size(runtime: Runtime, provider: str, model: str) -> float | None:
    """The parameter count the endpoint or file reports for the session's model, when it
    is the model the server uses now (else the warning reads the size from the name)."""
    if (provider, model) != current_model(runtime):
        return None
    from colloquy.services.model_settings.active_model import current
    from colloquy.services.model_settings.model_size import reported_size

    return await reported_size(runtime, current(runtime), model)


async def _answer_count(db: AsyncSession, session_id: str) -> int:
    return int(
        await db.scalar(
            select(func.count())
            .select_from(MessageRow)
            .where(MessageRow.session_id == session_id, MessageRow.kind == "response")
        )
        or 0
    )


def _out(session_id: str, row: SessionHealthRow) -> dict[str, Any]:
    return {**row.report, "sessionId": session_id, "computedAt": row.computed_at}


async def compute(db: AsyncSession, runtime: Runtime, session_id: str) -> dict[str, Any]:
    """Build and store the report for a session (whatever its status)."""
    row = await get_session_row(db, session_id)
    session = session_record(row)
    messages = await load_message_dicts(db, session_id)
    await db.rollback()  # no transaction held open while embedding
    answers = [m for m in messages if m.get("kind") == "response"]
    try:
        vectors, embedder_name = await embed(
            get_embedder(runtime), [health_text(m["content"]) for m in answers]
        )
    except EmbeddingError as exc:
        raise AppError(str(exc), status=503, code="embedding_failed") from exc
    recorded = session.get("model")  # what produced the session, when it was recorded
    if session_id == DEMO_SESSION_ID:  # written in advance, by no model
        provider, model = "demo", DEMO_LABEL
    elif isinstance(recorded, dict) and recorded.get("name"):
        provider, model = recorded.get("provider") or "", recorded["name"]
    else:
        provider, model = current_model(runtime)
    source = str(session.get("source") or "simulated")
    size = await _model_size(runtime, provider, model) if source != "human" else None
    report = await asyncio.to_thread(
        build_health_report,
        messages,
        session["participants"],
        {m["id"]: v for m, v in zip(answers, vectors, strict=True)},
        embedder=embedder_name,
        provider=provider,
        model=model,
        source=source,
        model_size=size,
    )
    if report.get("source", "simulated") == "simulated":
        tiers = [(p.get("evidence") or {}).get("tier") for p in session["participants"]]
        report["evidenceMix"] = mix_sentence(tiers)
    stored = await db.get(SessionHealthRow, session_id)
    if stored is None:
        stored = SessionHealthRow(session_id=session_id)
        db.add(stored)
    stored.overall = report["overall"]
    stored.report = report
    stored.message_count = len(answers)
    stored.computed_at = utcnow()
    try:
        await db.commit()
    except IntegrityError:  # computed at the same moment elsewhere (or the session went)
        await db.rollback()
        existing = await db.get(SessionHealthRow, session_id)
        if existing is not None:
            return _out(session_id, existing)
        raise
    return _out(session_id, stored)


async def get_health(db: AsyncSession, runtime: Runtime, session_id: str) -> dict[str, Any]:
    """The stored report while it is current, else computed now; 409 before completion."""
    row = await get_session_row(db, session_id)
    if row.status != "completed":
        raise Conflict(MSG_NOT_COMPLETED)
    stored = await db.get(SessionHealthRow, session_id)
    if (
        stored is not None
        and stored.message_count == await _answer_count(db, session_id)
        and is_current(runtime, stored.report.get("embedder"))  # else: embedder changed
    ):
        return _out(session_id, stored)
    return await compute(db, runtime, session_id)


async def stored_report(db: AsyncSession, session_id: str) -> dict[str, Any] | None:
    stored = await db.get(SessionHealthRow, session_id)
    return None if stored is None else _out(session_id, stored)


# A report computed in the background (about 60 ms of CPU for 45 answers, holding the
# interpreter) waits while other sessions of this process run, at most this long, and
# reports are computed one at a time: twenty sessions that complete together otherwise
# compute twenty reports beside the last answers of the others (docs/performance.md).
DEFER_MAX_SECONDS = 5.0
DEFER_POLL_SECONDS = 0.25
OthersRunning = Callable[[str], bool]  # session id -> whether other sessions run here


class HealthTurn:
    """One background report at a time."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()


async def _after_other_runs(session_id: str, others_running: OthersRunning) -> None:
    deadline = time.monotonic() + DEFER_MAX_SECONDS
    while others_running(session_id) and time.monotonic() < deadline:
        await asyncio.sleep(DEFER_POLL_SECONDS)


async def _compute_in_background(
    runtime: Runtime, session_id: str, others_running: OthersRunning | None = None
) -> None:
    try:
        if others_running is not None:
            await _after_other_runs(session_id, others_running)
        async with runtime.feature(HealthTurn).lock, runtime.sessionmaker() as db:
            await compute(db, runtime, session_id)
    except asyncio.CancelledError:
        raise
    except Exception:  # health is an extra: a failure here never touches the session
        log.exception("session %s: health report failed", session_id)


class HealthTasks(set[asyncio.Task[None]]):
    """Health reports computed in the background, cancelled when the server stops."""


def schedule(
    runtime: Runtime, session_id: str, others_running: OthersRunning | None = None
) -> None:
    """Compute the report in the background (a session just completed); with
    `others_running`, once the other runs pause or DEFER_MAX_SECONDS have passed."""
    tasks = runtime.feature(HealthTasks)
    task = asyncio.create_task(_compute_in_background(runtime, session_id, others_running))
    tasks.add(task)
    task.add_done_callback(tasks.discard)


async def shutdown(runtime: Runtime) -> None:
    """Cancel reports still being computed (the server is stopping)."""
    tasks = list(runtime.feature(HealthTasks))
    for task in tasks:
        task.cancel()
    if tasks:
        await asyncio.gather(*tasks, return_exceptions=True)


async def for_export(db: AsyncSession, runtime: Runtime, session_id: str) -> dict[str, Any] | None:
    """The report for a download: current or computed now for a completed session; None
    before completion or when it cannot be computed (the download goes on without it)."""
    try:
        report = await get_health(db, runtime, session_id)
    except Conflict:
        return None
    except NotFound:
        raise
    except Exception:
        log.exception("session %s: health report for export failed", session_id)
        await db.rollback()
        return None
    return {k: v.isoformat() if k == "computedAt" else v for k, v in report.items()}
