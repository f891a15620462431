"""The registry of survey runs (one asyncio task per survey, SurveyRunner in runner.py):
start, stop, resume after a restart, and on PostgreSQL the advisory lock that keeps a survey
in one process and the scan that takes over the surveys of a process that died."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os

from sqlalchemy import select, text

from colloquy.engine.events import EventBus
from colloquy.errors import AppError
from colloquy.runtime import Runtime
from colloquy.services.surveys import control
from colloquy.services.surveys.runner import MSG_STOPPED, Progress, SurveyRunner
from colloquy.store.models import SurveyRow
from colloquy.waiting import wait_for

log = logging.getLogger("colloquy.surveys")

STOP_WAIT_SECONDS = 15.0
LOCK_PREFIX = "colloquy-survey:"  # + survey id: the key of its advisory lock (hashtext)
LOCK_APP = "colloquy-survey-lock:"  # + pid: application_name of the lock's connection
# Running surveys whose advisory lock nobody holds (pg_try_advisory_lock(bigint) takes
# classid = high 32 bits, objid = low 32 bits, objsubid = 1 of the key).
_ORPHANED_SURVEYS = text(
    """
    SELECT s.id FROM surveys s
    WHERE s.status = 'running' AND NOT EXISTS (
        SELECT 1 FROM pg_locks l
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND l.classid = ((hashtext(:prefix || s.id)::bigint >> 32) & 4294967295)::oid
          AND l.objid = (hashtext(:prefix || s.id)::bigint & 4294967295)::oid
    )
    ORDER BY s.id LIMIT 100
    """
)


class SurveyManager:
    """The registry of survey tasks (one per survey), like engine/manager.py's."""

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._runners: dict[str, SurveyRunner] = {}
        self.progress: dict[str, Progress] = {}
        self._closed = False
        # PostgreSQL (several processes): a survey runs only in the process that holds its
        # advisory lock, on a connection of its own (released when that process dies).
        self.lock_dsn: str | None = None
        # With lock_dsn: the event bus whose relay carries progress and stop requests
        # between the processes (control.py).
        self.bus: EventBus | None = None
        self._scan: asyncio.Task[None] | None = None

    def is_active(self, survey_id: str) -> bool:
        task = self._tasks.get(survey_id)
        return task is not None and not task.done()

    def progress_of(self, survey_id: str) -> Progress:
        return self.progress.setdefault(survey_id, Progress())

    def ensure_running(self, survey_id: str) -> bool:
        if self._closed or self.is_active(survey_id):
            return False
        progress = self.progress_of(survey_id)
        progress.status, progress.errors = "running", 0
        runner = SurveyRunner(self.runtime, survey_id, progress)
        task = asyncio.create_task(self._guarded(runner), name=f"survey-{survey_id}")
        self._tasks[survey_id], self._runners[survey_id] = task, runner
        task.add_done_callback(functools.partial(self._forget, survey_id))
        return True

    async def _guarded(self, runner: SurveyRunner) -> None:
        if self.lock_dsn is None:
            await self._run(runner)
            return
        import asyncpg  # type: ignore[import-untyped]

        conn = await asyncpg.connect(
            self.lock_dsn, server_settings={"application_name": f"{LOCK_APP}{os.getpid()}"}
        )
        bus = self.bus
        try:
            key = LOCK_PREFIX + runner.survey_id
            # Listening for stop requests before the lock is taken: none is missed.
            watching = (
                control.stop_requests(bus, runner.survey_id, runner.cancel_workers)
                if bus is not None
                else contextlib.nullcontext()
            )
            async with watching:
                if await conn.fetchval("SELECT pg_try_advisory_lock(hashtext($1))", key):
                    if bus is not None:
                        runner.progress.publish = control.publisher(bus, runner.survey_id)
                    await self._run(runner)
                    return
            log.info("survey %s runs in another process", runner.survey_id)
        finally:
            with contextlib.suppress(Exception):
                await wait_for(conn.close(), 5)

    async def _run(self, runner: SurveyRunner) -> None:
        try:
            await runner.run()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # recorded on the survey; never lost silently
            log.exception("survey %s failed", runner.survey_id)
            with contextlib.suppress(Exception):
                async with self.runtime.sessionmaker() as db:
                    row = await db.get(SurveyRow, runner.survey_id)
                    if row is not None:
                        row.status = "failed"
                        said = exc.message if isinstance(exc, AppError) else MSG_STOPPED
                        row.error = {"status": None, "message": f"The survey stopped: {said}"}
                        await db.commit()
            runner.progress.status = "failed"
            runner.progress.bump()

    def _forget(self, survey_id: str, task: asyncio.Task[None]) -> None:
        if self._tasks.get(survey_id) is task:
            del self._tasks[survey_id]
            self._runners.pop(survey_id, None)

    async def stop(self, survey_id: str) -> bool:
        """Stop a running survey: calls in flight are cancelled and their answers dropped.
        Run by another process: ask it and wait until it has stopped. False when no
        process runs it."""
        task, runner = self._tasks.get(survey_id), self._runners.get(survey_id)
        if task is None or task.done() or runner is None:
            if self.bus is None or self.lock_dsn is None:
                return False
            factory = self.runtime.sessionmaker
            return await control.request_stop(self.bus, factory, survey_id, LOCK_PREFIX + survey_id)
        runner.cancel_workers()  # calls in flight: their answers are dropped
        with contextlib.suppress(Exception):
            await wait_for(asyncio.shield(task), STOP_WAIT_SECONDS)
        return True

    def deleted(self, survey_id: str) -> None:
        """The survey is gone: end its event streams on every process."""
        self.progress.pop(survey_id, None)
        if self.bus is not None:
            self.bus.close_session(control.channel(survey_id))

    async def resume_all(self) -> list[str]:
        async with self.runtime.sessionmaker() as db:
            ids = list(await db.scalars(select(SurveyRow.id).where(SurveyRow.status == "running")))
        for survey_id in ids:
            self.ensure_running(survey_id)
        if ids:
            log.info("resumed %d running survey(s)", len(ids))
        return ids

    def start_scanning(self, seconds: float) -> None:
        """PostgreSQL: every `seconds`, take over the running surveys whose process died
        (their advisory lock is free), as engine/cluster.py does for sessions."""
        self._scan = asyncio.create_task(self._scan_loop(seconds), name="survey-scan")

    async def _scan_loop(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await self.adopt()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("surveys: the scan for orphaned surveys failed", exc_info=True)

    async def adopt(self) -> list[str]:
        """Start the running surveys that no process holds (whose lock is free)."""
        if self._closed or self.lock_dsn is None:
            return []
        async with self.runtime.sessionmaker() as db:
            ids = list(await db.scalars(_ORPHANED_SURVEYS, {"prefix": LOCK_PREFIX}))
        started = [sid for sid in ids if self.ensure_running(sid)]
        if started:
            log.info("taking over %d survey(s) whose process stopped", len(started))
        return started

    async def shutdown(self) -> None:
        self._closed = True
        if self._scan is not None:
            self._scan.cancel()
            await asyncio.gather(self._scan, return_exceptions=True)
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
