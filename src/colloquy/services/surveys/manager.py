"""The registry of survey runs (one asyncio task per survey, SurveyRunner in runner.py) on
the session machinery: the same ownership strategy as sessions (engine/ownership.py: one
process, or on PostgreSQL the lease strategy of engine/cluster.py over `survey_leases`:
a survey runs only in the process that holds its lease, a dead owner's surveys are
adopted, Stop and Delete of a run owned elsewhere go to its owner), and progress on the
same event bus and relay (progress.py)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.engine.events import EventBus
from colloquy.engine.ownership import LocalOwnership, Ownership
from colloquy.errors import AppError
from colloquy.runtime import Runtime
from colloquy.services.surveys.progress import Progress, channel, publisher
from colloquy.services.surveys.runner import MSG_STOPPED, SurveyRunner
from colloquy.store.tables import SurveyRow
from colloquy.waiting import wait_for

log = logging.getLogger("colloquy.surveys")

STOP_WAIT_SECONDS = 15.0
# The surveys a single process resumes after a restart: their status says running.
RUNNING_SURVEYS: Select[str] = select(SurveyRow.id).where(SurveyRow.status == "running")


def local_ownership(factory: async_sessionmaker[AsyncSession]) -> LocalOwnership:
    """Surveys run by this process alone (SQLite, or one server)."""
    return LocalOwnership(factory, RUNNING_SURVEYS, "survey")


class SurveyManager:
    """The registry of survey tasks (one per survey), like engine/manager.py's."""

    def __init__(self, runtime: Runtime, bus: EventBus, ownership: Ownership | None = None):
        self.runtime = runtime
        self.bus = bus  # progress to every process's streams (progress.py)
        self.ownership: Ownership = ownership or local_ownership(runtime.sessionmaker)
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._runners: dict[str, SurveyRunner] = {}
        self.progress: dict[str, Progress] = {}  # this process's runs: their error counts
        self._closed = False

    def is_active(self, survey_id: str) -> bool:
        task = self._tasks.get(survey_id)
        return task is not None and not task.done()

    def ensure_running(self, survey_id: str, /, *, adopted: bool = False) -> bool:
        """Start the survey's task unless one is active; True when this call started it.
        The task runs the survey only once this process holds it (Ownership.hold)."""
        if self._closed or self.is_active(survey_id):
            return False
        progress = self.progress.setdefault(survey_id, Progress())
        progress.status, progress.errors = "running", 0
        progress.publish = publisher(self.bus, survey_id)
        runner = SurveyRunner(self.runtime, survey_id, progress)
        task = asyncio.create_task(self._held(runner), name=f"survey-{survey_id}")
        self._tasks[survey_id], self._runners[survey_id] = task, runner
        task.add_done_callback(functools.partial(self._forget, survey_id))
        return True

    async def _held(self, runner: SurveyRunner) -> None:
        # The Run request claimed the survey as it set `running` (claim); a resumed or
        # adopted run takes it here.
        if not await self.ownership.hold(runner.survey_id):
            log.info("survey %s runs in another process", runner.survey_id)
            return
        try:
            await self._run(runner)
        finally:
            await self.ownership.release(runner.survey_id)

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

    async def claim(self, db: AsyncSession, survey_id: str) -> bool:
        """Take the survey for this process inside the transaction that sets it running
        (Ownership.claim); when True, call `claimed` once that transaction committed."""
        return await self.ownership.claim(db, survey_id)

    def claimed(self, survey_id: str) -> None:
        self.ownership.claimed(survey_id)

    def abandon(self, survey_id: str, /) -> None:
        """Cancel a run without touching the database (its lease went to another process,
        which goes on from the stored answers)."""
        task = self._tasks.get(survey_id)
        if task is not None and not task.done():
            task.cancel()

    async def stop(self, survey_id: str) -> bool:
        """Stop a running survey: calls in flight are cancelled and their answers dropped.
        Run by another process: ask it and wait until it has stopped. False when no
        process runs it."""
        if self.is_active(survey_id):
            return await self.stop_local(survey_id)
        return await self.ownership.stop_elsewhere(survey_id)

    async def stop_local(self, survey_id: str, /, *, quiet: bool = False) -> bool:
        """Stop this process's run of the survey (it records the stop), if it has one."""
        task, runner = self._tasks.get(survey_id), self._runners.get(survey_id)
        if task is None or task.done() or runner is None:
            return False
        runner.cancel_workers()  # calls in flight: their answers are dropped
        with contextlib.suppress(Exception):
            await wait_for(asyncio.shield(task), STOP_WAIT_SECONDS)
        return True

    def publish(self, survey_id: str, state: dict[str, Any]) -> None:
        """A state recorded without a runner (a stop where none ran), to every stream."""
        publisher(self.bus, survey_id)(state)

    def deleted(self, survey_id: str) -> None:
        """The survey is gone: end its event streams on every process."""
        self.progress.pop(survey_id, None)
        self.bus.close_session(channel(survey_id))

    async def start(self) -> None:
        """Begin the ownership's background work (on PostgreSQL: lease renewals and the
        adoption of surveys whose process died)."""
        await self.ownership.start(self)

    async def resume_all(self) -> list[str]:
        """Start every survey still running after a restart (on PostgreSQL: that no live
        process holds)."""
        return await self.ownership.resume(self)

    async def shutdown(self) -> None:
        """Cancel every run without touching the database: the next start resumes them."""
        self._closed = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        await self.ownership.close()  # let the others adopt at once (a rolling restart)
