"""One runner per session: an in-process registry of runner tasks.

`ensure_running` checks and registers without awaiting in between, so two concurrent
`run` requests cannot both start a runner; the DB `running` flag says which sessions must
be resumed after a restart; the unique turn index in the database is the last defence.
Whether this process may run a session at all is its ownership strategy's call
(engine/ownership.py: one process, or leases shared on PostgreSQL).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.engine import event_payloads as payloads
from colloquy.engine.events import EventBus
from colloquy.engine.ownership import LocalOwnership, Ownership
from colloquy.engine.publisher import Publisher
from colloquy.engine.run_state import RunHooks
from colloquy.engine.runner import SessionRunner
from colloquy.llm.provider import Provider
from colloquy.store.tables import SessionRow
from colloquy.waiting import wait_for

log = logging.getLogger(__name__)
STOP_WAIT_SECONDS = 15.0
WRITE_WAIT_SECONDS = 10.0  # shutdown: how long message writes under way may take
# The sessions a single process resumes after a restart: their `running` flag survived.
RUNNING_SESSIONS: Select[str] = select(SessionRow.id).where(
    SessionRow.running.is_(True), SessionRow.status != "completed"
)


def local_ownership(factory: async_sessionmaker[AsyncSession]) -> LocalOwnership:
    """Sessions run by this process alone (SQLite, or one server)."""
    return LocalOwnership(factory, RUNNING_SESSIONS, "session")


class RunnerRegistry:
    def __init__(
        self,
        factory: async_sessionmaker[AsyncSession],
        provider: Callable[[], Provider],
        bus: EventBus,
        uploads_dir: Path,
        session_provider: Callable[[dict[str, Any]], Provider] | None = None,
        ownership: Ownership | None = None,
        hooks: RunHooks | None = None,
    ) -> None:
        self.factory = factory
        self.session_provider = session_provider  # for sessions that name their own model
        self.provider = provider  # called when a runner starts: the provider is built lazily
        self.bus = bus
        self.uploads_dir = uploads_dir
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._runners: dict[str, SessionRunner] = {}
        self._closed = False
        # What the server plugs into every run (session health, webhooks, mixed panels,
        # evidence), given by the start-up (startup.py).
        self.hooks = hooks or RunHooks()
        # Whether this process may run a session (on PostgreSQL: while it holds the
        # session's lease, engine/cluster.py), and who stops a run owned elsewhere.
        self.ownership: Ownership = ownership or local_ownership(factory)

    def is_active(self, session_id: str) -> bool:
        task = self._tasks.get(session_id)
        return task is not None and not task.done()

    def others_active(self, session_id: str) -> bool:
        """Whether a session other than this one runs in this process now."""
        return any(sid != session_id and not t.done() for sid, t in self._tasks.items())

    def generating(self, session_id: str) -> list[int]:
        """Participants whose answers are being generated right now (for progress)."""
        runner = self._runners.get(session_id)
        return list(runner.state.generating) if runner and self.is_active(session_id) else []

    def ensure_running(self, session_id: str, *, adopted: bool = False) -> bool:
        """Start a runner unless one is active; True when this call started it.
        `adopted` (PostgreSQL): a run no live process owned, maybe one whose owner died."""
        if self._closed or self.is_active(session_id):
            return False
        runner = SessionRunner(
            session_id,
            self.factory,
            self.provider,
            Publisher(self.bus, session_id),
            self.uploads_dir,
            asyncio.Event(),
            self.session_provider,
            self.hooks,
        )
        task = asyncio.create_task(self._run(runner, adopted), name=f"session-runner-{session_id}")
        self._tasks[session_id] = task
        self._runners[session_id] = runner
        task.add_done_callback(functools.partial(self._forget, session_id))
        return True

    async def _run(self, runner: SessionRunner, adopted: bool = False) -> None:
        # The Run request claimed the session as it set `running` (claim); a resumed or
        # adopted run takes it here.
        if not await self.ownership.hold(runner.session_id):
            return  # another process runs it (or it no longer needs running)
        if adopted:
            # A dead owner may have stored a message and died before announcing it:
            # every subscriber refetches the session (from the database) and goes on.
            self.bus.publish(runner.session_id, "reset", payloads.empty())
        try:
            await runner.run()
        finally:
            await self.ownership.release(runner.session_id)

    async def claim(self, db: AsyncSession, session_id: str) -> bool:
        """Take the session for this process inside the transaction that sets it running
        (Ownership.claim); when True, call `claimed` once that transaction committed."""
        return await self.ownership.claim(db, session_id)

    def claimed(self, session_id: str) -> None:
        self.ownership.claimed(session_id)

    def abandon(self, session_id: str) -> None:
        """Cancel a runner without touching the database (its lease went to another
        process, which resumes the session from the stored messages)."""
        task = self._tasks.get(session_id)
        if task is not None and not task.done():
            task.cancel()

    def _forget(self, session_id: str, task: asyncio.Task[None]) -> None:
        if self._tasks.get(session_id) is task:
            del self._tasks[session_id]
            self._runners.pop(session_id, None)

    async def stop(self, session_id: str, *, quiet: bool = False) -> bool:
        """Ask the runner to stop (its current answer is dropped) and wait until it has
        recorded the stop; True when a runner was active. `quiet`: no 'stopped' error.
        On PostgreSQL a run owned by another process is stopped by its owner."""
        if self.is_active(session_id):
            return await self.stop_local(session_id, quiet=quiet)
        return await self.ownership.stop_elsewhere(session_id, quiet=quiet)

    async def stop_local(self, session_id: str, *, quiet: bool = False) -> bool:
        """Stop this process's runner of the session, if it has one."""
        task, runner = self._tasks.get(session_id), self._runners.get(session_id)
        if task is None or task.done() or runner is None:
            return False
        runner.state.quiet_stop = runner.state.quiet_stop or quiet
        runner.state.stop.set()
        try:
            await wait_for(asyncio.shield(task), STOP_WAIT_SECONDS)
        except TimeoutError:
            log.warning("session %s: runner did not stop in time; cancelling", session_id)
            await self._cancel(task)
        except Exception:  # the runner records its own failures; just note it here
            log.debug("session %s: runner ended with an error", session_id, exc_info=True)
        return True

    async def start(self) -> None:
        """Begin the ownership's background work (on PostgreSQL: lease renewals, the
        adoption scan, the event relay)."""
        await self.ownership.start(self)

    async def resume_all(self) -> list[str]:
        """Start a runner for every session whose `running` flag survived a restart (on
        PostgreSQL: that no live process owns)."""
        return await self.ownership.resume(self)

    async def shutdown(self) -> None:
        """Cancel every runner without touching the database, so the next start resumes
        them exactly where their stored messages end.

        Messages a runner already handed to the group commit are still written (or fail)
        before this returns: a registry started right after (a restart in the same process)
        must load them, or it would answer their slots again."""
        self._closed = True
        tasks = list(self._tasks.values())
        runners = list(self._runners.values())
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        writes = [write for runner in runners for write in runner.state.writes if not write.done()]
        if writes:
            await asyncio.wait(writes, timeout=WRITE_WAIT_SECONDS)
        await self.ownership.close()  # let the others adopt at once (a rolling restart)

    @staticmethod
    async def _cancel(task: asyncio.Task[None]) -> None:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
