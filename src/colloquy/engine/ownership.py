"""Which process runs a job (a session's run, by id): the registry's ownership strategy.

A registry keeps at most one task per job in its process (engine/manager.py); the strategy
decides whether this process may run a job at all, and how a job is stopped or resumed.
Two strategies:

- `LocalOwnership` (here): one process owns every job (SQLite, or a single server). It
  resumes every job its query says must run and stops jobs only locally.
- `LeaseOwnership` (engine/cluster.py): several processes on one PostgreSQL share the
  jobs through leases; a dead owner's jobs are adopted, a stop goes to the owner.

A strategy drives the registry back only through `Jobs`, so it never imports the registry.
"""

from __future__ import annotations

import logging
from typing import Protocol

from sqlalchemy import Select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

log = logging.getLogger(__name__)


class Jobs(Protocol):
    """What a strategy asks of the registry of this process's job tasks."""

    def ensure_running(self, job_id: str, /, *, adopted: bool = False) -> bool:
        """Start the job's task unless one is active; True when this call started it.
        `adopted`: a job no live process owned (maybe one whose owner died)."""
        ...

    def abandon(self, job_id: str, /) -> None:
        """Cancel the job's task without writing anything (another process has it)."""
        ...

    async def stop_local(self, job_id: str, /, *, quiet: bool = False) -> bool:
        """Stop this process's task of the job (it records the stop); True if it had one."""
        ...


class Ownership(Protocol):
    """Whether this process may run a job, and how jobs are resumed and stopped."""

    async def start(self, jobs: Jobs, /) -> None:
        """Begin the background work (renewals, adoption), driving `jobs`."""
        ...

    async def close(self) -> None:
        """End the background work and give up every job this process holds."""
        ...

    async def resume(self, jobs: Jobs, /) -> list[str]:
        """Start the jobs that must run and no live process runs (after a restart)."""
        ...

    async def claim(self, db: AsyncSession, job_id: str, /) -> bool:
        """Take the job inside the caller's transaction (the one that marks it running);
        when True, call `claimed` once that transaction has committed."""
        ...

    def claimed(self, job_id: str, /) -> None:
        """The transaction of a successful `claim` committed: this process holds the job."""
        ...

    async def hold(self, job_id: str, /) -> bool:
        """Before the job's task runs: True when this process holds (or now took) it."""
        ...

    async def release(self, job_id: str, /) -> None:
        """The job's task ended here: let it go."""
        ...

    async def stop_elsewhere(self, job_id: str, /, *, quiet: bool = False) -> bool:
        """Stop a job that another process runs and wait until it has; False when no
        other live process runs it (the caller then records the stop itself)."""
        ...


class LocalOwnership:
    """One process owns every job: `running` (a query of job ids) says which to resume."""

    def __init__(
        self,
        factory: async_sessionmaker[AsyncSession],
        running: Select[str],
        noun: str = "job",
    ) -> None:
        self.factory = factory
        self.running = running
        self.noun = noun  # for the log: "resumed 3 running session(s)"

    async def start(self, jobs: Jobs, /) -> None:
        pass

    async def close(self) -> None:
        pass

    async def resume(self, jobs: Jobs, /) -> list[str]:
        async with self.factory() as db:
            ids = list(await db.scalars(self.running))
        for job_id in ids:
            jobs.ensure_running(job_id)
        if ids:
            log.info("resumed %d running %s(s)", len(ids), self.noun)
        return ids

    async def claim(self, db: AsyncSession, job_id: str, /) -> bool:
        return False  # nothing to take: no other process runs jobs

    def claimed(self, job_id: str, /) -> None:
        pass

    async def hold(self, job_id: str, /) -> bool:
        return True

    async def release(self, job_id: str, /) -> None:
        pass

    async def stop_elsewhere(self, job_id: str, /, *, quiet: bool = False) -> bool:
        return False  # no other process: a job not running here is not running
