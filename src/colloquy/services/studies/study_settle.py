"""A study's status follows its interviews (docs/interviews.md#studies). Settled when an
interview's run ends (the runner's end hook, in whichever process ran it) and when the study
is read (an end hook lost with its process): once no interview runs, the study is completed
(every interview done) or failed, exactly once (a conditional update); the settle that made
it completed starts its synthesis (so one is made, not one per settle) and links it, and
its webhook fires. An interview stopped by its share of
the study's budget stops the study: the other interviews are stopped too."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.studies import study_progress as sp
from colloquy.engine.events import EventBus
from colloquy.engine.manager import RunnerRegistry
from colloquy.runtime import Runtime
from colloquy.services.sessions import control
from colloquy.services.studies.study_view import interviews_of, tally_of
from colloquy.services.studies.synthesis import start_synthesis
from colloquy.services.usage import webhooks
from colloquy.store.tables import SessionRow, StudyRow
from colloquy.store.types import utcnow

log = logging.getLogger("colloquy.studies")
MSG_BUDGET_STOP = (
    "{budget}: an interview reached its share of the study's budget, so the study stopped"
)


@dataclass
class StudyEngine:
    """What a study needs of the session machinery (set at start-up), and the settling
    tasks under way in this process."""

    runners: RunnerRegistry | None = None
    bus: EventBus | None = None
    tasks: set[asyncio.Task[None]] = field(default_factory=set)


async def stop_interviews(
    db: AsyncSession, session_ids: list[str], runners: RunnerRegistry, bus: EventBus
) -> None:
    """Stop every one of these interviews that has not ended."""
    for sid in session_ids:
        row = await db.get(SessionRow, sid)
        if row is not None and row.status != "completed" and (row.running or row.error is None):
            await control.stop_session(db, sid, runners, bus)


async def _finish(db: AsyncSession, study: StudyRow, status: str, error: str | None) -> bool:
    """Move a running study to `status`; False when another settle did it first."""
    now = utcnow()
    done = await db.execute(
        update(StudyRow)
        .where(StudyRow.id == study.id, StudyRow.status == sp.STUDY_RUNNING)
        .values(
            status=status,
            error=error,
            completed_at=now,
            updated_at=now,
        )
    )
    await db.commit()
    await db.refresh(study)
    return bool(getattr(done, "rowcount", 0) == 1)


async def _synthesis(db: AsyncSession, runtime: Runtime, study: StudyRow) -> str | None:
    """The synthesis of every interview (the one made already, if any: its cache key)."""
    try:
        made = await start_synthesis(db, runtime, [str(s) for s in study.session_ids], None)
    except Exception:  # the researcher can start it on demand
        log.exception("study %s: could not start its synthesis", study.id)
        await db.rollback()
        return None
    return str(made["id"])


async def settle(db: AsyncSession, runtime: Runtime, study: StudyRow) -> None:
    if study.status != sp.STUDY_RUNNING:
        return
    interviews = await interviews_of(db, study)
    budget = sp.budget_stop(i.error for _, _, i in interviews)
    engine = runtime.feature(StudyEngine)
    if budget is not None:
        message = MSG_BUDGET_STOP.format(budget=budget)
        if not await _finish(db, study, sp.STUDY_STOPPED, message):
            return
        study_id, session_ids = study.id, list(study.session_ids)
        if engine.runners is not None and engine.bus is not None:
            # Stopping commits, which expires `study`: its values are read before, and the
            # row is read again for the caller (an expired attribute cannot load lazily).
            await stop_interviews(db, session_ids, engine.runners, engine.bus)
            await db.refresh(study)
        webhooks.schedule(runtime, "study", study_id, False)
        return
    status = sp.study_status(study.status, tally_of(interviews))
    if status == sp.STUDY_RUNNING:
        return
    if not await _finish(db, study, status, None):
        return
    if status == sp.STUDY_COMPLETED:  # only the settle that completed it starts it
        synthesis = await _synthesis(db, runtime, study)
        if synthesis is not None:
            await db.execute(
                update(StudyRow).where(StudyRow.id == study.id).values(synthesis_id=synthesis)
            )
            await db.commit()
            await db.refresh(study)
    webhooks.schedule(runtime, "study", study.id, status == sp.STUDY_COMPLETED)


async def _settle_for(runtime: Runtime, session_id: str) -> None:
    try:
        async with runtime.sessionmaker() as db:
            row = await db.get(SessionRow, session_id)
            if row is None or row.study_id is None:
                return
            study = await db.get(StudyRow, row.study_id)
            if study is not None:
                await settle(db, runtime, study)
    except asyncio.CancelledError:
        raise
    except Exception:  # the study is settled again when read
        log.exception("could not settle the study of session %s", session_id)


def on_interview_end(runtime: Runtime, session_id: str, completed: bool) -> None:
    """The runner's end hook (never raises, never blocks the runner)."""
    try:
        task = asyncio.get_running_loop().create_task(_settle_for(runtime, session_id))
    except RuntimeError:
        return
    tasks = runtime.feature(StudyEngine).tasks
    tasks.add(task)
    task.add_done_callback(tasks.discard)


async def shutdown(runtime: Runtime) -> None:
    engine = runtime.existing(StudyEngine)
    if engine is None:
        return
    tasks = list(engine.tasks)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
