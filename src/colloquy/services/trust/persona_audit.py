"""Personality audit of personas (POST/GET /api/personas/{id}/audit, /api/personas/audit).

The persona answers the 50 IPIP items in character (its own session system prompt), with
the server's current model, BATCH_SIZE items per call as structured output; the batches
of one persona go out together. Scoring and library figures: domain/personality_audit.py.
The whole-library audit runs in the background, one persona after another, and reports
its progress on GET /api/personas/audit.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any, NotRequired, TypedDict

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.constants import MODEL_NAME_MAX_LENGTH
from colloquy.domain.personas.evidence_budget import with_evidence
from colloquy.domain.personas.evidence_tier import fidelity_by_tier
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.sessions.prompts import build_system_prompt
from colloquy.domain.trust.ipip_items import IpipItem
from colloquy.domain.trust.personality_audit import (
    answers_schema,
    assigned_traits,
    audit_prompt,
    batches,
    library_stats,
    parse_answers,
    score_answers,
)
from colloquy.errors import AppError, Conflict, ModelError
from colloquy.llm.errors import LLMError
from colloquy.llm.json_output import extract_json
from colloquy.llm.provider import Provider
from colloquy.llm.types import ChatMessage, ChatRequest
from colloquy.runtime import Runtime
from colloquy.services.model_settings.errors import model_error
from colloquy.services.personas.evidence_retrieval import evidence_for
from colloquy.services.personas.library import get_persona, list_personas
from colloquy.store.tables import PersonaAuditRow, PersonaRow
from colloquy.store.types import utcnow

log = logging.getLogger("colloquy.audit")

MSG_FAILED = "Personality audit failed"
MSG_DELETED = "The persona was deleted during its audit; the audit was discarded."
MSG_JOB_FAILED = "The audit of a persona failed (the details are in the server log)."
MSG_NO_ANSWERS = "Personality audit failed: the model answered none of the questionnaire items"
TOKENS_PER_BATCH = 200
ATTEMPTS = 2  # a batch with unreadable or missing answers is asked once more


class AuditJob(TypedDict):
    """The whole-library audit under way or last run (LibraryAudit); GET shows it without
    its task."""

    running: bool
    total: int
    done: int
    failed: int
    errors: list[str]  # the last five, in words for users
    startedAt: datetime
    finishedAt: datetime | None
    task: NotRequired[asyncio.Task[None]]


@dataclass
class LibraryAudit:
    """This server's whole-library audit, running in the background (one at a time)."""

    job: AuditJob | None = None


async def _ask_batch(provider: Provider, system: str, batch: list[IpipItem]) -> dict[int, int]:
    found: dict[int, int] = {}
    last_error: LLMError | None = None
    for _ in range(ATTEMPTS):
        missing = [item for item in batch if item[0] not in found]
        if not missing:
            break
        req = ChatRequest(
            system=system,
            messages=[ChatMessage("user", audit_prompt(missing))],
            max_tokens=TOKENS_PER_BATCH,
            temperature=0.2,
            json_schema=answers_schema(missing),
        )
        try:
            result = await provider.chat(req)
            found |= parse_answers(extract_json(result.text), missing)
        except LLMError as err:
            if err.kind != "invalid_output":
                raise
            last_error = err
    if not found and last_error is not None:
        log.info("audit batch unreadable: %s", last_error.message)
    return found


async def _batch_system(
    system: str, batch: list[IpipItem], evidence: Callable[[str], Awaitable[str]] | None
) -> str:
    """The persona's prompt plus the evidence that bears on this batch's statements."""
    if evidence is None:
        return system
    return with_evidence(system, await evidence("\n".join(f"I {b[1]}" for b in batch)))


async def run_audit(
    provider: Provider,
    persona: PersonaRecord,
    evidence: Callable[[str], Awaitable[str]] | None = None,
) -> dict[str, Any]:
    """Ask the questionnaire and score it (nothing stored). `evidence`: the persona's
    evidence block for a query, chosen per batch of statements."""
    system = build_system_prompt(persona, persona.get("enriched"), None, "brief")
    systems = [await _batch_system(system, b, evidence) for b in batches()]
    # A batch that fails (a timeout, say) costs only its items: the rest are scored.
    parts = await asyncio.gather(
        *(_ask_batch(provider, sys, b) for sys, b in zip(systems, batches(), strict=True)),
        return_exceptions=True,
    )
    answers: dict[int, int] = {}
    for part in parts:
        if isinstance(part, dict):
            answers |= part
        elif not isinstance(part, LLMError):
            raise part
    if not answers:
        failed = next((p for p in parts if isinstance(p, LLMError)), None)
        if failed is not None:
            raise model_error(failed, MSG_FAILED) from failed
        raise ModelError(MSG_NO_ANSWERS)
    return {**score_answers(answers), "assigned": assigned_traits(persona)}


def audit_dict(row: PersonaAuditRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "personaId": row.persona_id,
        "assigned": row.assigned,
        "measured": row.measured,
        "items": row.items,
        "engaging": row.engaging,
        "answered": len(row.items),
        "model": row.model,
        "createdAt": row.created_at,
    }


async def audit_persona(
    db: AsyncSession, provider: Provider, persona_id: str, runtime: Runtime | None = None
) -> dict[str, Any]:
    persona = await get_persona(db, persona_id)
    await db.rollback()  # no transaction open during the model calls
    evidence = partial(evidence_for, runtime, persona_id) if runtime is not None else None
    result = await run_audit(provider, persona, evidence)
    row = PersonaAuditRow(
        id=f"{int(time.time() * 1000)}{secrets.token_hex(3)}",
        persona_id=persona_id,
        assigned=result["assigned"],
        measured=result["measured"],
        items=result["items"],
        engaging=result["engaging"],
        model=str(getattr(provider, "model", "") or "")[:MODEL_NAME_MAX_LENGTH],
        created_at=utcnow(),
    )
    if await db.get(PersonaRow, persona_id) is None:
        raise Conflict(MSG_DELETED)
    db.add(row)
    try:
        await db.commit()
    except IntegrityError as exc:  # deleted between the check and the commit
        await db.rollback()
        log.info("audit of persona %s discarded: %s", persona_id, exc)
        raise Conflict(MSG_DELETED) from None
    return audit_dict(row)


async def latest_audit(db: AsyncSession, persona_id: str) -> dict[str, Any] | None:
    await get_persona(db, persona_id)  # 404 for an unknown persona
    row = await db.scalar(
        select(PersonaAuditRow)
        .where(PersonaAuditRow.persona_id == persona_id)
        .order_by(PersonaAuditRow.created_at.desc(), PersonaAuditRow.id.desc())
        .limit(1)
    )
    return None if row is None else audit_dict(row)


async def _latest_per_persona(db: AsyncSession) -> list[dict[str, Any]]:
    rows = await db.execute(
        select(PersonaAuditRow, PersonaRow.name)
        .join(PersonaRow, PersonaRow.id == PersonaAuditRow.persona_id)
        .order_by(PersonaAuditRow.created_at.desc(), PersonaAuditRow.id.desc())
    )
    latest: dict[str, dict[str, Any]] = {}
    for audit, name in rows:
        if audit.persona_id not in latest:
            latest[audit.persona_id] = {**audit_dict(audit), "personaName": name}
    return sorted(latest.values(), key=lambda a: a["personaName"])


def job_status(runtime: Runtime) -> dict[str, Any]:
    job = runtime.feature(LibraryAudit).job
    if job is None:
        return {"running": False, "total": 0, "done": 0, "failed": 0, "errors": []}
    return {k: v for k, v in job.items() if k != "task"}


async def library_report(db: AsyncSession, runtime: Runtime) -> dict[str, Any]:
    # The job's status first, before the read begins: a job that has ended by then has
    # committed every audit, so the read sees them all. (Read after, a job ending during
    # the read reported "done" with its last audit missing.)
    job = job_status(runtime)
    tiers = {p["id"]: p["evidence"]["tier"] for p in await list_personas(db)}
    audits = await _latest_per_persona(db)
    models = sorted({a["model"] for a in audits if a["model"]})
    return {
        **library_stats(audits),
        "byTier": fidelity_by_tier(audits, tiers),
        "audits": [{k: v for k, v in a.items() if k != "items"} for a in audits],
        "models": models,
        "job": job,
    }


async def _audit_library(runtime: Runtime, ids: list[str], job: AuditJob) -> None:
    provider = runtime.get_provider()
    try:
        for persona_id in ids:
            try:
                async with runtime.sessionmaker() as db:
                    await audit_persona(db, provider, persona_id, runtime)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # one persona failing does not stop the library
                job["failed"] += 1
                # Messages written for users only; anything else (a database error with
                # every answer in it) goes to the log.
                message = exc.message if isinstance(exc, AppError) else MSG_JOB_FAILED
                job["errors"] = [*job["errors"], message][-5:]
                log.warning("audit of persona %s failed", persona_id, exc_info=exc)
            job["done"] += 1
    finally:
        job["running"] = False
        job["finishedAt"] = utcnow()


async def start_library_audit(db: AsyncSession, runtime: Runtime) -> dict[str, Any]:
    """Start auditing every persona in the background (unless a run is under way)."""
    current = runtime.feature(LibraryAudit).job
    if current is not None and current["running"]:
        return job_status(runtime)
    # The job is claimed before the first await: a request arriving while this one reads
    # the library sees it running (before, both started a job and every persona was
    # audited twice, one job's task unseen).
    job: AuditJob = {
        "running": True,
        "total": 0,
        "done": 0,
        "failed": 0,
        "errors": [],
        "startedAt": utcnow(),
        "finishedAt": None,
    }
    runtime.feature(LibraryAudit).job = job
    try:
        ids = list(await db.scalars(select(PersonaRow.id).order_by(PersonaRow.created_at)))
        await db.rollback()
    except BaseException:
        job["running"], job["finishedAt"] = False, utcnow()
        raise
    job["total"] = len(ids)
    if ids:
        job["task"] = asyncio.create_task(_audit_library(runtime, ids, job))
    else:
        job["running"], job["finishedAt"] = False, utcnow()
    return job_status(runtime)


async def shutdown(runtime: Runtime) -> None:
    job = runtime.feature(LibraryAudit).job
    task = job.get("task") if job else None
    if task is not None and not task.done():
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
